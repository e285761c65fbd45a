/**
 * Background work on the job queue survives a SIGKILL (src/jobs.ts): two instances share the deliveries and
 * renewal rounds of one database; one is killed while attempts are in flight. Nothing is lost, and an attempt
 * the killed instance had under way is made again by the other (its heartbeat stops, its jobs go back to the
 * queue), with the same `webhook-id`, rather than after graphile-worker's own 4-hour lock timeout. A
 * rolled-back write enqueues nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { importBundle } from '../src/bundles/import.ts';
import { openOrm } from '../src/db/orm.ts';
import { companyEm } from '../src/db/scope.ts';
import { createCompany } from '../src/domain/companies.ts';
import { emit, samplePayload } from '../src/domain/outbox.ts';
import { loadServerKey } from '../src/domain/server-keys.ts';
import { inTransaction } from '../src/domain/transactions.ts';
import { setWebhook } from '../src/domain/webhook-endpoints.ts';
import { freshDatabase, type TestDatabase } from './support/db.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const MAIN = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/main.ts'];
const EVENTS = 120;
const MANDATES = 60;
const DEAD_MS = 2_000;
const DAY_MS = 86_400_000;
const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10);

let db: TestDatabase;
let dataDir: string;
let receiver: Receiver;
const children: ReturnType<typeof spawn>[] = [];

beforeAll(async () => {
  db = await freshDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'jobs-crash-'));
  receiver = await startReceiver();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await receiver.close();
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function startMain(): Promise<{ exited: Promise<unknown>; kill(): void }> {
  const child = spawn(process.execPath, MAIN, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      PORT: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_INSECURE_TARGETS: 'true',
      WEBHOOK_CA_FILE: receiver.caFile,
      WEBHOOK_CONCURRENCY: '4',
      JOB_WORKER_DEAD_MS: String(DEAD_MS),
      SUBSCRIPTION_POLL_MS: '200',
      ...(process.env.NODE_COMPILE_CACHE && { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }),
    },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (/^listening on http/m.test(output)) resolve();
    });
    void exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
  });
  return { exited, kill: () => child.kill('SIGKILL') };
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(db.url);
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('two instances, one killed with attempts in flight', () => {
  it('deliver every event and renew every mandate; an attempt cut short is made again, with the same webhook-id', async () => {
    const serverKey = await loadServerKey(dataDir);
    const orm = await openOrm({ url: db.url, poolMax: 2 });
    const today = Date.now();
    const started = isoDate(today - 21 * DAY_MS);
    let companyId: string;
    try {
      ({ id: companyId } = await createCompany(orm, { name: 'Crash Studio', timezone: 'UTC', currency: 'GBP' }));
      const customers = Array.from({ length: MANDATES }, (_, i) => ({ id: `cust_k${i}`, firstname: `K${i}`, lastname: 'Test', email: `k${i}@example.com` }));
      await importBundle(orm, companyId, {
        format: 1,
        customers,
        subscriptionPlans: [{ id: 'plan_weekly', name: 'Weekly flex', base100Price: 1800, interval: 'WEEK', graceDays: 7 }],
        mandates: customers.map((c, i) => ({
          id: `mandate_k${i}`, customerId: c.id, planId: 'plan_weekly', state: 'ACTIVE', grace: 7,
          earliestCancellationDate: '2099-01-01', renewalDate: started, anchorDate: started,
        })),
      });
      await setWebhook(companyEm(orm, companyId), serverKey, { companyId, url: receiver.url, events: 'pass.purchased' }, { allowInsecure: true });

      // A rolled-back write enqueues nothing.
      await expect(
        inTransaction(companyEm(orm, companyId), companyId, async (tx) => {
          emit(tx, companyId, 'pass.purchased', { ...samplePayload('pass.purchased', new Date(), 'GBP'), customerPassId: 'cp_rolled_back' });
          await tx.flush();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await query(`select 1 from webhook_job`)).toEqual([]);
      expect(await query(`select 1 from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = 'webhook:deliver')`)).toEqual([]);
    } finally {
      await orm.close();
    }

    // The first attempts (the endpoint's 8 at once) are answered only after 4 s, so whichever instance is killed
    // holds attempts under way: every job it has locked then has reached the receiver. The rest are answered at once.
    receiver.answer = (_hit, index) => ({ status: 204, delayMs: index < 8 ? 4_000 : 20 });
    const [a, b] = [await startMain(), await startMain()];
    void b;
    const writer = await openOrm({ url: db.url, poolMax: 2 });
    try {
      await inTransaction(companyEm(writer, companyId), companyId, async (tx) => {
        for (let i = 0; i < EVENTS; i++) emit(tx, companyId, 'pass.purchased', { ...samplePayload('pass.purchased', new Date(), 'GBP'), customerPassId: `cp_${i}` });
        await tx.flush();
      });
    } finally {
      await writer.close();
    }
    // Killed while both worker pools hold jobs, so the killed one leaves attempts cut short.
    await receiver.waitFor(8, { timeoutMs: 60_000 });
    const bothBusy = Date.now() + 30_000;
    while ((await query<{ n: number }>(`select count(distinct locked_by)::int as n from graphile_worker._private_jobs where locked_by is not null`))[0]!.n < 2) {
      if (Date.now() > bothBusy) throw new Error('the two instances never held jobs at once');
    }
    const killedAt = performance.now();
    a.kill();
    await a.exited;

    // Every job ends delivered, the killed instance's too: they are released once its heartbeat is DEAD_MS old
    // (a few seconds). Without that they would stay locked for graphile-worker's 4 hours; this gives up after 90 s.
    const jobs = () => query<{ state: string; n: number }>(`select state, count(*)::int as n from webhook_job group by state`);
    const deadline = Date.now() + 90_000;
    while ((await jobs()).some(({ state }) => state !== 'delivered') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await jobs()).toEqual([{ state: 'delivered', n: EVENTS }]);
    const arrivals = new Map<string, number[]>();
    for (const hit of receiver.hits) arrivals.set(hit.id, [...(arrivals.get(hit.id) ?? []), hit.at]);
    expect(arrivals.size).toBe(EVENTS);
    const again = [...arrivals.values()].filter((times) => times.length > 1);
    // Only attempts under way at the kill are made twice (at most the endpoint's 8 at once).
    const recoveries = again.map((times) => (times[1]! - killedAt) / 1000);
    console.log(`killed with attempts in flight: ${again.length} events sent again, ${recoveries.map((s) => s.toFixed(1)).join(', ')} s after the kill`);
    expect(again.length).toBeGreaterThan(0);
    expect(again.length).toBeLessThanOrEqual(8);

    // Every mandate brought up to date once per period: 21 days ago, 14, 7 and today.
    const renewed = Date.now() + 60_000;
    const charged = async () => query<{ n: number }>(`select count(*)::int as n from mandate where renewal_date > current_date`);
    while ((await charged())[0]!.n < MANDATES && Date.now() < renewed) await new Promise((r) => setTimeout(r, 200));
    const periods = await query<{ charges: number; n: number }>(
      `select charges, count(*)::int as n from (select m.id, count(c.id)::int as charges from mandate m left join subscription_charge c on c.mandate_id = m.id group by m.id) per group by charges`,
    );
    expect(periods).toEqual([{ charges: 4, n: MANDATES }]);
  }, 240_000);
});
