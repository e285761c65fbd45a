/**
 * Webhook jobs live in PostgreSQL (ARCHITECTURE.md, principle 9): an event committed just before the
 * process is killed is delivered after a restart, and several instances on one database share the work
 * without making any attempt twice.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { importBundle } from '../src/bundles/import.ts';
import { openOrm } from '../src/db/orm.ts';
import { companyEm } from '../src/db/scope.ts';
import { createApiClient } from '../src/domain/api-clients.ts';
import { systemClock } from '../src/domain/clock.ts';
import { createCompany } from '../src/domain/companies.ts';
import { emit, samplePayload } from '../src/domain/outbox.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { loadServerKey } from '../src/domain/server-keys.ts';
import { inTransaction } from '../src/domain/transactions.ts';
import { setWebhook } from '../src/domain/webhook-endpoints.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { serviceSurfaces } from '../src/server/surfaces.ts';
import { freshDatabase, type TestDatabase } from './support/db.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';
import { BOOK_EVENT, webhookBundle } from './support/webhooks.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const MAIN = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/main.ts'];

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** A company with an M2M client and an endpoint at the receiver, made directly in the database. */
async function studioIn(db: TestDatabase, serverKey: Buffer, events: string): Promise<{ companyId: string; client: { client_id: string; client_secret: string } }> {
  const orm = await openOrm({ url: db.url, poolMax: 2 });
  try {
    const { id: companyId } = await createCompany(orm, { name: 'Durable Studio', timezone: 'Europe/London', currency: 'GBP' });
    await importBundle(orm, companyId, webhookBundle);
    const client = await createApiClient(orm, serverKey, { companyId, name: 'test', scopes: ALL_SCOPES.join(' ') }, new Date());
    await setWebhook(companyEm(orm, companyId), serverKey, { companyId, url: receiver.url, events }, { allowInsecure: true });
    return { companyId, client };
  } finally {
    await orm.close();
  }
}

describe('a process killed after a commit and before delivery', () => {
  let db: TestDatabase;
  let dataDir: string;
  const children: ReturnType<typeof spawn>[] = [];

  beforeAll(async () => {
    db = await freshDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'webhook-durable-'));
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startMain(env: Record<string, string>): Promise<{ url: string; exited: Promise<unknown>; kill(signal: NodeJS.Signals): void }> {
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
        ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
        ...(process.env.NODE_COMPILE_CACHE && { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }),
        ...env,
      },
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const found = /^listening on (http:\/\/\S+)$/m.exec(output);
        if (found) resolve(found[1]!);
      });
      void exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
    });
    return { url, exited, kill: (signal) => child.kill(signal) };
  }

  it('is delivered after a restart', async () => {
    const serverKey = await loadServerKey(dataDir);
    const { client } = await studioIn(db, serverKey, 'registration.created event.purchased');

    // The first process runs no jobs, as if it died between the commit and the delivery.
    const first = await startMain({ JOBS: 'false' });
    const tokenResponse = await fetch(`${first.url}/m2m/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(client) });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const booked = await fetch(`${first.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: BOOK_EVENT, variables: { input: { customerId: 'cust_bob', eventDateId: 'date_workshop', pricingOptionId: 'po-workshop', payWith: 'CARD' } } }),
    });
    expect(((await booked.json()) as any).data.bookEvent.id).toMatch(/^txn_/);
    first.kill('SIGKILL');
    await first.exited;

    const sql = new pg.Client(db.url);
    await sql.connect();
    const { rows } = await sql.query('select id from webhook_event order by id');
    await sql.end();
    expect(rows).toHaveLength(2);
    expect(receiver.hits).toHaveLength(0);

    const second = await startMain({});
    try {
      const hits = await receiver.waitFor(2);
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.hits).toHaveLength(2);
      expect(hits.map((hit) => hit.id).sort()).toEqual(rows.map((row) => row.id));
      expect(hits.map((hit) => JSON.parse(hit.body).event).sort()).toEqual(['event.purchased', 'registration.created']);
    } finally {
      second.kill('SIGTERM');
      await second.exited;
      receiver.hits.length = 0;
    }
  });
});

describe('two instances on one database', () => {
  let db: TestDatabase;
  const instances: Array<{ server: RunningServer; close(): Promise<void> }> = [];

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await db.drop();
  });

  /** The real server in process, sharing the database and the server key with the other instance. */
  async function startInstance(serverKey: Buffer) {
    const dataDir = await mkdtemp(join(tmpdir(), 'webhook-instance-'));
    const config = loadConfig({
      REDIS_URL: process.env.REDIS_URL,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW_INSECURE_TARGETS: 'true',
      WEBHOOK_CA_FILE: receiver.caFile,
      WEBHOOK_CONCURRENCY: '8',
      WEBHOOK_RETRY_DELAYS: '0.05,0.1,0.2',
    });
    const orm = await openOrm({ url: db.url, poolMax: 4 });
    const services = { config, orm, clock: systemClock, logger: pino({ level: 'silent' }), serverKey };
    const server = await startServer(services, await serviceSurfaces(services));
    const instance = {
      server,
      close: async () => {
        await server.close();
        await orm.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
    instances.push(instance);
    return instance;
  }

  it('make each attempt of each event exactly once', async () => {
    db = await freshDatabase();
    const serverKey = randomBytes(32);
    const { companyId } = await studioIn(db, serverKey, 'pass.purchased');
    const [a, b] = [await startInstance(serverKey), await startInstance(serverKey)];

    // Every event is refused once, then accepted: attempt 1 and attempt 2 each happen exactly once.
    const seen = new Set<string>();
    receiver.answer = (hit) => {
      const first = !seen.has(hit.id);
      seen.add(hit.id);
      return { status: first ? 503 : 200, delayMs: 5 };
    };
    const events = 200;
    const orm = await openOrm({ url: db.url, poolMax: 2 });
    try {
      await inTransaction(companyEm(orm, companyId), companyId, async (tx) => {
        for (let i = 0; i < events; i++) emit(tx, companyId, 'pass.purchased', { ...samplePayload('pass.purchased', new Date(), 'GBP'), customerPassId: `cp_${i}` });
        await tx.flush();
      });
    } finally {
      await orm.close();
    }

    await receiver.waitFor(2 * events, { timeoutMs: 30_000 });
    await new Promise((r) => setTimeout(r, 500));
    const perEvent = new Map<string, number>();
    for (const hit of receiver.hits) perEvent.set(hit.id, (perEvent.get(hit.id) ?? 0) + 1);
    expect(perEvent.size).toBe(events);
    expect([...new Set(perEvent.values())]).toEqual([2]);

    const sql = new pg.Client(db.url);
    await sql.connect();
    const jobs = await sql.query(`select state, attempts, count(*)::int as n from webhook_job group by state, attempts`);
    const log = await sql.query(`select attempt, count(*)::int as n from webhook_delivery group by attempt order by attempt`);
    await sql.end();
    expect(jobs.rows).toEqual([{ state: 'delivered', attempts: 2, n: events }]);
    expect(log.rows).toEqual([{ attempt: 1, n: events }, { attempt: 2, n: events }]);

    const delivered = async (url: string) => {
      const text = await (await fetch(`${url}/metrics`)).text();
      return Number(/^webhook_deliveries_total\{event="pass.purchased",outcome="delivered"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    };
    const [byA, byB] = [await delivered(a.server.url), await delivered(b.server.url)];
    expect(byA + byB).toBe(events);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
  });
});
