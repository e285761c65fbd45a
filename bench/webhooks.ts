/**
 * `npm run bench:webhooks`: webhook delivery speed of one instance (the real server and its worker) to a
 * local HTTPS receiver that answers 204 at once.
 * - burst: `--events N` (default 2000) events committed in one transaction; deliveries per second until
 *   the receiver has them all, and commit-to-delivery times.
 * - steady: `--rate R` events per second (default 50), each in its own transaction, for `--seconds S`
 *   (default 10); commit-to-delivery p50 and p99, which the polling interval dominates.
 * WEBHOOK_POLL_MS and WEBHOOK_CONCURRENCY from the environment apply (defaults 250 and 16).
 *
 * The database is an embedded PostgreSQL in a temporary folder, or a fresh database on the server of
 * DATABASE_URL; either is removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { companyEm } from '../src/db/scope.ts';
import { systemClock } from '../src/domain/clock.ts';
import { createCompany } from '../src/domain/companies.ts';
import { emit, samplePayload } from '../src/domain/outbox.ts';
import { inTransaction } from '../src/domain/transactions.ts';
import { setWebhook } from '../src/domain/webhook-endpoints.ts';
import { startServer } from '../src/server/server.ts';
import { serviceSurfaces } from '../src/server/surfaces.ts';
import { startReceiver } from '../test/support/webhook-receiver.ts';
import { benchDatabase } from './database.ts';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '2000' }, rate: { type: 'string', default: '50' }, seconds: { type: 'string', default: '10' } },
});
const burst = Number(values.events);
const rate = Number(values.rate);
const seconds = Number(values.seconds);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function describeLatencies(ms: number[]): string {
  const sorted = ms.toSorted((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
}

const database = await benchDatabase('webhooks');
const dataDir = await mkdtemp(join(tmpdir(), 'bench-webhooks-data-'));
const receiver = await startReceiver();
const orm = await openOrm({ url: database.url, poolMax: 10 });
try {
  await migrate(orm);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: undefined,
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEBHOOK_ALLOW_INSECURE_TARGETS: 'true',
    WEBHOOK_CA_FILE: receiver.caFile,
  });
  const services = { config, orm, clock: systemClock, logger: pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' }), serverKey: randomBytes(32) };
  const { id: companyId } = await createCompany(orm, { name: 'Benchmark Studio', timezone: 'Europe/London', currency: 'GBP' });
  await setWebhook(companyEm(orm, companyId), services.serverKey, { companyId, url: receiver.url, events: 'pass.purchased' }, { allowInsecure: true });
  const server = await startServer(services, await serviceSurfaces(services));

  const arrivals = new Map<string, number>();
  receiver.answer = (hit) => {
    arrivals.set((JSON.parse(hit.body) as { data: { customerPassId: string } }).data.customerPassId, hit.at);
    return { status: 204 };
  };
  const commit = async (ids: string[]) => {
    await inTransaction(companyEm(orm, companyId), companyId, async (tx) => {
      for (const id of ids) emit(tx, companyId, 'pass.purchased', { ...samplePayload('pass.purchased', new Date(), 'GBP'), customerPassId: id });
      await tx.flush();
    });
    return performance.now();
  };
  const waitFor = async (ids: string[]) => {
    while (!ids.every((id) => arrivals.has(id))) await new Promise((r) => setTimeout(r, 5));
  };

  try {
    console.log(`worker: JOB_POLL_MS=${config.JOB_POLL_MS}, WEBHOOK_CONCURRENCY=${config.WEBHOOK_CONCURRENCY}; receiver: local HTTPS, answers 204 at once`);

    const burstIds = Array.from({ length: burst }, (_, i) => `cp_burst${i}`);
    const committed = await commit(burstIds);
    await waitFor(burstIds);
    const lastArrival = Math.max(...burstIds.map((id) => arrivals.get(id)!));
    const burstSeconds = (lastArrival - committed) / 1000;
    console.log(`burst:  ${burst} events in one commit delivered in ${burstSeconds.toFixed(2)} s = ${Math.round(burst / burstSeconds)} deliveries/s`);
    console.log(`        commit to delivery: ${describeLatencies(burstIds.map((id) => arrivals.get(id)! - committed))}`);

    const steadyIds: string[] = [];
    const commits = new Map<string, number>();
    const started = performance.now();
    for (let i = 0; i < rate * seconds; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const id = `cp_steady${i}`;
      steadyIds.push(id);
      commits.set(id, await commit([id]));
    }
    await waitFor(steadyIds);
    console.log(`steady: ${steadyIds.length} events at ${rate}/s, one commit each`);
    console.log(`        commit to delivery: ${describeLatencies(steadyIds.map((id) => arrivals.get(id)! - commits.get(id)!))}`);
  } finally {
    await server.close();
  }
} finally {
  await orm.close();
  await receiver.close();
  await rm(dataDir, { recursive: true, force: true });
  await database.remove();
}
