/**
 * A managed PostgreSQL failover as the service sees it: its backends terminated under load, then the
 * database refusing connections for a while. The service keeps answering (success, or 503 in the
 * surface's shape, never a hang), recovers by itself within seconds of the database being back, holds
 * connections again, and stops on SIGTERM within SHUTDOWN_TIMEOUT_MS whatever its pool's state.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { startServiceProcess, type ServiceProcess } from './support/service-process.ts';

const ACQUIRE_MS = 1_500;
const STATEMENT_MS = 2_000;
const SHUTDOWN_MS = 4_000;
/**
 * A request still unanswered after this long has hung. Every request settles within the acquire and
 * statement timeouts (3.5 s at most; under 0.5 s on a quiet machine), and one that waits for the database
 * to come back never does: four times the most leaves a slow, loaded machine room to spare.
 */
const SETTLE_MS = 4 * (ACQUIRE_MS + STATEMENT_MS);
/**
 * How long the test waits for what its job worker does by itself (start, log a failed round, log its
 * return) before calling it missing. By design each comes within seconds (the longest, a worker's start
 * retried after its longest back-off, 10 s); without it, it never comes.
 */
const PATIENCE_MS = 45_000;
/**
 * The service's pool tries the database again at most 2 s apart (it recovers in well under a second on a
 * quiet machine): one that has not recovered this long after the database is back does not by itself.
 */
const RECOVERY_MS = 15_000;

const ENV = {
  DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_MS),
  DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
  SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS),
  CACHE_TTL_SECONDS: '0',
  M2M_RATE_PER_MINUTE: '100000',
  M2M_MAX_CONCURRENT: '1000',
  V1_RATE_PER_MINUTE: '100000',
};

type Surface = 'm2m' | 'v1' | 'graphql';

interface Outcome {
  surface: Surface;
  status: number | 'hung' | 'cut off';
  body?: any;
  retryAfter?: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads and writes on every surface, none waited on past SETTLE_MS. */
function traffic(service: ServiceProcess, tokens: { m2m: string; v1: string }) {
  let n = 0;
  // Every create has an email of its own (one customer per email): rounds call each kind without moving `n`.
  let created = 0;
  const send = async (surface: Surface, path: string, init: RequestInit = {}): Promise<Outcome> => {
    try {
      const res = await fetch(`${service.url}${path}`, { ...init, signal: AbortSignal.timeout(SETTLE_MS) });
      const text = await res.text();
      return { surface, status: res.status, body: text ? JSON.parse(text) : undefined, retryAfter: res.headers.get('retry-after') };
    } catch (error) {
      return { surface, status: (error as Error).name === 'TimeoutError' ? 'hung' : 'cut off' };
    }
  };
  const json = (token: string, body: unknown): RequestInit => ({
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const kinds = [
    () => send('m2m', `/m2m/customers?pageSize=20&page=${n % 3}`, { headers: { authorization: `Bearer ${tokens.m2m}` } }),
    () => send('v1', '/api/v1/customers', json(tokens.v1, { firstName: 'Fail', lastName: 'Over', email: `failover-${created++}@example.com` })),
    () => send('graphql', '/graphql', json(tokens.m2m, { query: '{ customers(pageSize: 5) { total nodes { id } } }' })),
    () => send('v1', `/api/v1/customers?page=1&perPage=${1 + (n % 20)}`, { headers: { authorization: `Bearer ${tokens.v1}` } }),
  ];
  return {
    one: () => kinds[n++ % kinds.length]!(),
    /** One of each kind: all succeed once the service has recovered. */
    round: () => Promise.all(kinds.map((kind) => kind())),
    /** `concurrency` requests in flight at all times until `stop` resolves. */
    async load(concurrency: number, stop: Promise<unknown>): Promise<Outcome[]> {
      const outcomes: Outcome[] = [];
      let stopped = false;
      void stop.then(() => (stopped = true));
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (!stopped) outcomes.push(await kinds[n++ % kinds.length]!());
        }),
      );
      return outcomes;
    },
  };
}

async function killBackends(service: ServiceProcess, times: number, everyMs: number): Promise<number> {
  let killed = 0;
  for (let i = 0; i < times; i++) {
    const rows = await service.admin<{ killed: boolean }>(
      'select pg_terminate_backend(pid) as killed from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [service.databaseName],
    );
    killed += rows.filter((row) => row.killed).length;
    await sleep(everyMs);
  }
  return killed;
}

/**
 * Ends every session of the service's database, once it refuses new ones, until none has been seen for 1 s. A
 * connection still starting when connections were refused shows no database in pg_stat_activity until it has
 * started, so three kills in 150 ms could miss it on a loaded machine: it then answered a round of the job
 * worker in the middle of the outage, which rightly ended one outage and began another (two error lines).
 */
async function cutOff(service: ServiceProcess): Promise<void> {
  for (let quiet = 0; quiet < 20; ) {
    quiet = (await killBackends(service, 1, 50)) === 0 && (await backends(service)) === 0 ? quiet + 1 : 0;
  }
}

async function backends(service: ServiceProcess): Promise<number> {
  const [row] = await service.admin<{ count: number }>('select count(*)::int as count from pg_stat_activity where datname = $1', [service.databaseName]);
  return row!.count;
}

const succeeded = (outcome: Outcome) => outcome.status === 200 || outcome.status === 201;

/** Until one request of every kind succeeds and /readyz says ready; fails after RECOVERY_MS. */
async function recovers(service: ServiceProcess, load: ReturnType<typeof traffic>): Promise<void> {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < RECOVERY_MS) {
    const [round, ready] = await Promise.all([load.round(), fetch(`${service.url}/readyz`)]);
    if (round.every(succeeded) && ready.status === 200) return;
    last = JSON.stringify({ readyz: ready.status, failing: round.filter((outcome) => !succeeded(outcome)) });
    await sleep(100);
  }
  throw new Error(`the service did not recover within ${RECOVERY_MS / 1000} s: ${last}`);
}

/** 503 in each surface's documented shape, with Retry-After. */
function expectUnavailableShape(outcome: Outcome): void {
  expect(outcome.retryAfter).toMatch(/^\d+$/);
  if (outcome.surface === 'm2m') expect(outcome.body).toEqual({ error: expect.stringMatching(/unavailable|shutting down|busy/i) });
  if (outcome.surface === 'v1') expect(outcome.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String), details: { retryAfter: expect.any(Number) } } });
  if (outcome.surface === 'graphql') expect(outcome.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
}

/**
 * SIGTERM with requests in flight; its exit code. The service exits when its stop is done or, if that is
 * stuck, when SHUTDOWN_TIMEOUT_MS runs out (0.5 s here on a quiet machine, SHUTDOWN_MS at most); one that
 * waits for a stuck stop never exits, which five times SHUTDOWN_MS tells apart on any machine.
 */
async function stopUnderLoad(service: ServiceProcess, load: ReturnType<typeof traffic>): Promise<{ code: number | null; outcomes: Outcome[] }> {
  const inFlight = Array.from({ length: 30 }, () => load.one());
  await sleep(100);
  service.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), 5 * SHUTDOWN_MS)));
  const code = await Promise.race([service.exit, late]);
  clearTimeout(timer);
  expect(code).not.toBe('still running');
  return { code: code as number | null, outcomes: await Promise.all(inFlight) };
}

describe('the database pool during a failover', () => {
  let service: ServiceProcess | undefined;
  afterEach(async () => {
    await service?.cleanup();
    service = undefined;
  });

  it('answers every request (success or 503) while its backends are killed under load, recovers by itself, and stops on SIGTERM', async () => {
    service = await startServiceProcess(ENV);
    const load = traffic(service, await service.tokens());
    expect((await load.round()).every(succeeded)).toBe(true);

    const kills = sleep(300).then(() => killBackends(service!, 25, 20));
    const outcomes = await load.load(30, kills);
    expect(await kills).toBeGreaterThan(0);

    expect(outcomes.filter((o) => o.status === 'hung' || o.status === 'cut off')).toEqual([]);
    expect(outcomes.filter((o) => !succeeded(o) && o.status !== 503)).toEqual([]);
    for (const outcome of outcomes.filter((o) => o.status === 503)) expectUnavailableShape(outcome);

    await recovers(service, load);
    expect(await backends(service)).toBeGreaterThan(0);

    // 0: its own stop finished, before SHUTDOWN_TIMEOUT_MS would have ended it with 1.
    expect((await stopUnderLoad(service, load)).code).toBe(0);
  }, 120_000);

  it('answers 503 at once while the database refuses connections, keeps /healthz up, recovers when it accepts them again, and stops on SIGTERM while it is away', async () => {
    service = await startServiceProcess(ENV);
    const load = traffic(service, await service.tokens());
    expect((await load.round()).every(succeeded)).toBe(true);

    await service.admin(`alter database "${service.databaseName}" allow_connections false`);
    await cutOff(service);
    const away = await load.load(10, sleep(2_000));
    expect(away.filter((o) => o.status === 'hung' || o.status === 'cut off')).toEqual([]);
    expect(away.filter((o) => o.status !== 503)).toEqual([]);
    for (const outcome of away) expectUnavailableShape(outcome);
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${service.url}/readyz`)).status).toBe(503);

    await service.admin(`alter database "${service.databaseName}" allow_connections true`);
    await recovers(service, load);
    expect(await backends(service)).toBeGreaterThan(0);

    await service.admin(`alter database "${service.databaseName}" allow_connections false`);
    await killBackends(service, 3, 50);
    await stopUnderLoad(service, load);
    await service.admin(`alter database "${service.databaseName}" allow_connections true`);
  }, 120_000);

  it.each([
    ['loses the database', true],
    ['cannot reach the database as it starts', false],
  ])('logs one error when its job worker %s, not one per attempt, and logs its return once', async (_case, startedFirst) => {
    // Two workers, each trying once per JOB_POLL_MS (2 s) while the database is away; a start that fails is tried again 4 s later.
    service = await startServiceProcess({ ...ENV, WEBHOOK_CONCURRENCY: '2', LOG_LEVEL: 'info' });
    const linesOf = (msg: string) =>
      service!.output().split('\n').filter((line) => line.startsWith('{') && (JSON.parse(line) as { msg?: string }).msg === msg);
    /** Until `done` holds or PATIENCE_MS has passed. */
    const until = async (done: () => boolean) => {
      const since = Date.now();
      while (!done() && Date.now() - since < PATIENCE_MS) await sleep(100);
    };
    if (startedFirst) {
      await until(() => linesOf('job worker started').length > 0);
      expect(linesOf('job worker started')).toHaveLength(1);
    }

    await service.admin(`alter database "${service.databaseName}" allow_connections false`);
    await cutOff(service);
    // The database went away before the worker had started (it starts just after the server listens). On a
    // loaded machine the worker may win that race: the outage then meets a started worker, and what follows
    // (one error, one return) is asserted alike.
    if (!startedFirst && linesOf('job worker started').length) console.log('the job worker started before the database went away');
    // Its first failed round, then 3 s of the outage for more attempts.
    await until(() => linesOf('webhook worker round failed').length > 0);
    await sleep(3_000);
    const failed = linesOf('webhook worker round failed');
    expect(failed).toHaveLength(1);
    expect(JSON.parse(failed[0]!)).toMatchObject({ level: 50, component: 'webhooks', err: { message: expect.any(String) } });
    expect(linesOf('webhook worker rounds still failing')).toEqual([]);

    await service.admin(`alter database "${service.databaseName}" allow_connections true`);
    await until(() => linesOf('webhook worker rounds succeed again').length > 0);
    const back = linesOf('webhook worker rounds succeed again');
    expect(service.child.exitCode).toBeNull();
    expect(back).toHaveLength(1);
    expect(JSON.parse(back[0]!)).toMatchObject({ level: 30, component: 'webhooks', failures: expect.any(Number) });
    // A 3 s outage is a handful of attempts (two workers every 2 s, the listener's reconnections from 136 ms
    // up), not one every poll; only the first is logged as an error.
    expect(JSON.parse(back[0]!).failures).toBeLessThanOrEqual(16);
    expect(linesOf('webhook worker round failed')).toHaveLength(1);
    // Its worker runs: it started, and started again each time graphile-worker stopped its pool.
    const restarts = () => linesOf('the job worker stopped: starting it again').length;
    await until(() => linesOf('job worker started').length >= 1 + restarts());
    expect(linesOf('job worker started')).toHaveLength(1 + restarts());
    // And the process lives on (a job's end recorded while the database was away once ended it).
    expect(service.child.exitCode).toBeNull();
  }, 240_000);
});
