/**
 * Start and stop: graceful shutdown of the in-process server, and `npm start` as a new user runs it
 * (no DATABASE_URL: an embedded PostgreSQL in DATA_DIR that survives restarts, and the demo company,
 * whose secrets stay in their file: the output names it and prints commands that read it).
 */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startTestApp, tinySurfaces } from './support/app.ts';
import { acceptsConnections, rawConnection, responses } from './support/raw-http.ts';

/** A route that answers only when the test lets it, and tells the test when a request has arrived. */
function heldRoute() {
  let arrived!: () => void;
  let release!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const surfaces = tinySurfaces((app) => {
    app.get('/held', async (_req, res) => {
      arrived();
      await released;
      res.json({ finished: true });
    });
  });
  return { surfaces, arrival, release };
}

describe('graceful shutdown', () => {
  it('stops accepting connections and lets an in-flight request finish', async () => {
    const held = heldRoute();
    const app = await startTestApp({ surfaces: held.surfaces, env: { SHUTDOWN_TIMEOUT_MS: '10000' } });
    try {
      const response = fetch(`${app.url}/held`);
      await held.arrival;
      let closed = false;
      const closing = app.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await acceptsConnections(app.url)).toBe(false);
      expect(closed).toBe(false);

      held.release();
      const res = await response;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ finished: true });
      await closing;
    } finally {
      held.release();
      await app.close();
    }
  });

  it('closes requests still running after SHUTDOWN_TIMEOUT_MS', async () => {
    const held = heldRoute();
    const app = await startTestApp({ surfaces: held.surfaces, env: { SHUTDOWN_TIMEOUT_MS: '200' } });
    try {
      const response = fetch(`${app.url}/held`).then(
        () => 'answered',
        () => 'cut off',
      );
      await held.arrival;
      const started = Date.now();
      const closing = app.close();
      // The route never answers on its own: without the cut-off, close would wait for it for ever.
      expect(await response).toBe('cut off');
      const cutOffAfter = Date.now() - started;
      await closing;
      // Not before the drain part of 200 ms (150 ms), and long before the default's (10 s: 8 s of drain).
      // The upper bound is 40 times what it takes on a quiet machine, so a loaded one cannot reach it.
      expect(cutOffAfter).toBeGreaterThanOrEqual(140);
      expect(cutOffAfter).toBeLessThan(6_000);
    } finally {
      held.release();
    }
  });
});

describe('kept-alive connections', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const HEALTH = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n';
  /** Asks /healthz on the connection: every answer so far (status and Keep-Alive header), then `closed` if it was closed instead. */
  async function ask(connection: ReturnType<typeof rawConnection>): Promise<string[]> {
    let closed = false;
    void connection.closed.then(() => (closed = true));
    const before = responses(connection.received()).length;
    connection.send(HEALTH);
    while (!closed && responses(connection.received()).length === before) await sleep(10);
    const answers = responses(connection.received()).map((answer) => `${answer.status} ${answer.headers['keep-alive']}`);
    return answers.length === before ? [...answers, 'closed'] : answers;
  }

  // Node's own default closes an idle connection after 5 s (6 s with its buffer): shorter than a load balancer's
  // idle timeout, so the balancer could send a request on a connection just closed, and its caller get a 502.
  it("stay open while idle for longer than Node's default, and say for how long (72 s)", async () => {
    const app = await startTestApp();
    const connection = rawConnection(app.url);
    try {
      await connection.ready;
      await ask(connection);
      await sleep(7_000);
      expect(await ask(connection)).toEqual(['200 timeout=72', '200 timeout=72']);
    } finally {
      connection.destroy();
      await app.close();
    }
  }, 20_000);

  it('close after HTTP_KEEP_ALIVE_TIMEOUT_MS idle', async () => {
    const app = await startTestApp({ env: { HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000' } });
    const connection = rawConnection(app.url);
    try {
      await connection.ready;
      await ask(connection);
      await sleep(500);
      expect(await ask(connection)).toEqual(['200 timeout=1', '200 timeout=1']);
      // Closed by the server 1 s (and Node's 1 s buffer) after the last answer; Node's default would take 6 s.
      expect(await Promise.race([connection.closed.then(() => 'closed'), sleep(4_500).then(() => 'open')])).toBe('closed');
    } finally {
      connection.destroy();
      await app.close();
    }
  });
});

describe('npm start with no DATABASE_URL', () => {
  const MAIN = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/main.ts'];
  let dataDir: string;
  const children: ChildProcessWithoutNullStreams[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'studio-start-'));
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await stopLeftoverPostgres(join(dataDir, 'pg'));
    await rm(dataDir, { recursive: true, force: true });
  });

  interface Started {
    child: ChildProcessWithoutNullStreams;
    url: string;
    output: () => string;
    exit: Promise<number | null>;
  }

  async function start(): Promise<Started> {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, MAIN, { env });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const look = () => {
        const found = /^listening on (http:\/\/\S+)$/m.exec(output);
        if (found) resolve(found[1]!);
      };
      child.stdout.on('data', look);
      void exit.then((code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
    });
    return { child, url, output: () => output, exit };
  }

  /** SIGTERM, then exit code 0; any other ends the test with what the process wrote. */
  async function stopCleanly(started: Started): Promise<void> {
    started.child.kill('SIGTERM');
    const code = await started.exit;
    if (code !== 0) throw new Error(`exited with ${code} on SIGTERM:\n${started.output()}`);
  }

  /** A connection of the test's own to the embedded database the service started. */
  async function embeddedClient(): Promise<pg.Client> {
    const password = (await readFile(join(dataDir, 'pg-password'), 'utf8')).trim();
    const port = Number((await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]);
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'studio' });
    await client.connect();
    return client;
  }

  async function companies(): Promise<number> {
    const client = await embeddedClient();
    try {
      const { rows } = await client.query<{ count: string }>('select count(*) from company');
      return Number(rows[0]!.count);
    } finally {
      await client.end();
    }
  }

  const credentialsFile = () => join(dataDir, 'demo-credentials.json');

  it('starts an embedded PostgreSQL, seeds the demo company, serves, and stops cleanly on SIGTERM', async () => {
    const first = await start();
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    const graphql = await fetch(`${first.url}/graphql`, { headers: { Accept: 'text/html' } });
    expect(graphql.status).toBe(200);

    expect(first.output()).toContain(`${first.url}/graphql`);
    expect(first.output()).toContain(`${first.url}/m2m`);
    expect(first.output()).toContain(`${first.url}/api/v1`);
    expect(first.output()).toContain(credentialsFile());
    const credentials = JSON.parse(await readFile(credentialsFile(), 'utf8'));
    expect(credentials).toEqual({
      companyId: expect.stringMatching(/^co_/),
      m2m: { client_id: expect.stringMatching(/^m2m_/), client_secret: expect.stringMatching(/^[0-9a-f]{64}$/), scopes: expect.any(Array) },
      v1: { apiKey: expect.any(String), apiSecret: expect.any(String) },
      admin: { email: 'owner@demo.studio', password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/) },
    });
    expect((await stat(credentialsFile())).mode & 0o777).toBe(0o600);
    expect(await companies()).toBe(1);

    for (const secret of [credentials.m2m.client_secret, credentials.v1.apiSecret, credentials.admin.password]) expect(first.output()).not.toContain(secret);
    const pasted = pastedCommands(first.output());
    const calls = pasted.filter((line) => line.startsWith('curl '));
    expect(calls).toHaveLength(3);
    // Each call with the assignments before it, so that each prints one answer.
    const script = (call: string) => [...pasted.slice(0, pasted.indexOf(call)).filter((line) => !calls.includes(line)), call].join('\n');
    const answers = await Promise.all(calls.map((call) => shell(script(call))));
    expect(answers[0]).toMatchObject({ data: expect.any(Array), total: 50, page: 0, pageSize: 5 });
    expect(answers[1]).toMatchObject({ data: { customers: { total: 50, nodes: expect.any(Array) } } });
    expect(answers[2]).toMatchObject({ customers: expect.any(Array), total: 50, page: 1, perPage: 5 });

    await stopCleanly(first);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('keeps the data on the next start and does not seed the demo company again', async () => {
    const before = await readFile(credentialsFile(), 'utf8');
    const second = await start();
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await companies()).toBe(1);
    expect(await readFile(credentialsFile(), 'utf8')).toBe(before);

    await stopCleanly(second);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('answers the request in flight when SIGTERM arrives, and only then stops the embedded database', async () => {
    const third = await start();
    const { m2m } = JSON.parse(await readFile(credentialsFile(), 'utf8'));
    const issued = await fetch(`${third.url}/m2m/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(m2m) });
    const { access_token: token } = (await issued.json()) as { access_token: string };
    // The request's read waits on a lock the test holds until after the signal.
    const holder = await embeddedClient();
    await holder.query('begin');
    await holder.query('lock table customer in access exclusive mode');
    const inFlight = fetch(`${third.url}/m2m/customers?pageSize=1`, { headers: { authorization: `Bearer ${token}` } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    third.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const released = await holder.query('commit').then(() => 'released', (error: Error) => `the database went away: ${error.message}`);
    await holder.end().catch(() => undefined);
    expect(released).toBe('released');

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(1);
    const code = await third.exit;
    if (code !== 0) throw new Error(`exited with ${code} on SIGTERM:\n${third.output()}`);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});

/** The shell commands the banner prints for the demo company, in order (comments left out). */
function pastedCommands(output: string): string[] {
  return output.split('\n').filter((line) => /^(CREDENTIALS|TOKEN|V1_TOKEN)=|^curl /.test(line));
}

/** Runs a script as a person pasting it into bash would, and parses what it printed. */
async function shell(script: string): Promise<unknown> {
  const { stdout } = await promisify(execFile)('bash', ['-c', script], {
    env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
    timeout: 30_000,
  });
  return JSON.parse(stdout);
}

/** When a failed test left the child's PostgreSQL running, stop it the way PostgreSQL is meant to be stopped. */
async function stopLeftoverPostgres(pgDir: string): Promise<void> {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100 && existsSync(pidFile); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}
