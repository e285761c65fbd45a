/**
 * `npm run bench:webhooks`: webhook delivery speed of the real server and its job workers to a local HTTPS
 * receiver that answers 204 at once, with one instance and then with two (two servers in this process, each
 * with its own pools and job worker pool, on one database).
 * - steady: `--rate R` events per second (default 50), each in its own transaction, for `--seconds S`
 *   (default 5, so 250 events); from the commit's return to the receiver's first byte: median, p90, p99.
 * - burst: `--events N` (default 2000) events committed in one transaction, with one instance; deliveries
 *   per second until the receiver has them all (one endpoint: its attempts are made one at a time).
 * - what the queue costs: the statements each delivered job runs (pg_stat_statements, embedded database
 *   only), and how much longer a write's commit takes when its event is enqueued (the triggers that fan it
 *   out and add the job) than when no endpoint receives its kind.
 * JOB_POLL_MS and WEBHOOK_CONCURRENCY from the environment apply (defaults 2000 and 16).
 *
 * The database is an embedded PostgreSQL in a temporary folder, or a fresh database on the server of
 * DATABASE_URL; either is removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { MikroORM } from '@mikro-orm/postgresql';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { companyEm } from '../src/db/scope.ts';
import { systemClock } from '../src/domain/clock.ts';
import { createCompany } from '../src/domain/companies.ts';
import { emit, samplePayload } from '../src/domain/outbox.ts';
import { inTransaction } from '../src/domain/transactions.ts';
import { setWebhook } from '../src/domain/webhook-endpoints.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { serviceSurfaces } from '../src/server/surfaces.ts';
import { startReceiver } from '../test/support/webhook-receiver.ts';
import { benchDatabase } from './database.ts';
import { statementCounter } from './statements.ts';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '2000' }, rate: { type: 'string', default: '50' }, seconds: { type: 'string', default: '5' } },
});
const burst = Number(values.events);
const rate = Number(values.rate);
const seconds = Number(values.seconds);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mean = (list: number[]) => list.reduce((sum, v) => sum + v, 0) / list.length;

const database = await benchDatabase('webhooks', { statementStats: !process.env.DATABASE_URL });
const dataDir = await mkdtemp(join(tmpdir(), 'bench-webhooks-data-'));
const receiver = await startReceiver();
const orm = await openOrm({ url: database.url, poolMax: 10 });
const servers: Array<{ server: RunningServer; orm: MikroORM }> = [];
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
  const serverKey = randomBytes(32);
  const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });
  const { id: companyId } = await createCompany(orm, { name: 'Benchmark Studio', timezone: 'Europe/London', currency: 'GBP' });
  await setWebhook(companyEm(orm, companyId), serverKey, { companyId, url: receiver.url, events: 'pass.purchased' }, { allowInsecure: true });
  /** One more instance: a server with its own ORM pool and job worker pool on the bench database. */
  const startInstance = async () => {
    const own = await openOrm({ url: database.url, poolMax: 10 });
    const services = { config, orm: own, clock: systemClock, logger, serverKey };
    servers.push({ server: await startServer(services, await serviceSurfaces(services)), orm: own });
  };

  const arrivals = new Map<string, number>();
  receiver.answer = (hit) => {
    arrivals.set((JSON.parse(hit.body) as { data: { customerPassId: string } }).data.customerPassId, hit.at);
    return { status: 204 };
  };
  const commit = async (ids: string[], kind: 'pass.purchased' | 'video.purchased' = 'pass.purchased') => {
    const started = performance.now();
    await inTransaction(companyEm(orm, companyId), companyId, async (tx) => {
      for (const id of ids) {
        if (kind === 'pass.purchased') emit(tx, companyId, kind, { ...samplePayload(kind, new Date(), 'GBP'), customerPassId: id });
        else emit(tx, companyId, kind, samplePayload(kind, new Date(), 'GBP'));
      }
      await tx.flush();
    });
    return { started, committed: performance.now() };
  };
  const waitFor = async (ids: string[]) => {
    while (!ids.every((id) => arrivals.has(id))) await new Promise((r) => setTimeout(r, 5));
  };
  /** `rate` events a second for `seconds`, one commit each: commit to first byte, and how long the commits took. */
  const steady = async (label: string, kind: 'pass.purchased' | 'video.purchased' = 'pass.purchased') => {
    const ids: string[] = [];
    const commits = new Map<string, number>();
    const commitTimes: number[] = [];
    const started = performance.now();
    for (let i = 0; i < rate * seconds; i++) {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const id = `cp_${label}${i}`;
      ids.push(id);
      const { started: began, committed } = await commit([id], kind);
      commits.set(id, committed);
      commitTimes.push(committed - began);
    }
    if (kind === 'pass.purchased') await waitFor(ids);
    const latencies = ids.map((id) => arrivals.get(id)! - commits.get(id)!).toSorted((a, b) => a - b);
    return { count: ids.length, latencies, commitMs: mean(commitTimes) };
  };
  const row = (instances: number, result: Awaited<ReturnType<typeof steady>>) => {
    const l = result.latencies;
    return `| ${instances} | ${result.count} | ${ms(percentile(l, 50))} | ${ms(percentile(l, 90))} | ${ms(percentile(l, 99))} | ${ms(l.at(-1)!)} |`;
  };

  console.log(`job workers: JOB_POLL_MS=${config.JOB_POLL_MS}, WEBHOOK_CONCURRENCY=${config.WEBHOOK_CONCURRENCY}; receiver: local HTTPS, answers 204 at once`);
  await startInstance();
  await steady('warm');

  const counter = await statementCounter(database.url);
  const one = typeof counter === 'string' ? { result: await steady('one'), count: null } : await counter.during(() => steady('one'));
  await startInstance();
  await steady('warm2');
  const two = await steady('two');
  const table = ['| instances | events | median | p90 | p99 | max |', '|---|---|---|---|---|---|', row(1, one.result), row(2, two)];
  console.log(`steady: ${rate} events/s, one commit each; from the commit to the receiver's first byte\n${table.join('\n')}`);

  if (one.count) {
    const perJob = one.count.total / one.result.count;
    const queue = one.count.statements.filter((s) => /graphile_worker|job_worker/.test(s.query)).reduce((sum, s) => sum + s.calls, 0) / one.result.count;
    console.log(`cost:   ${perJob.toFixed(1)} statements per delivered event in all (the write's included), ${queue.toFixed(1)} of them the queue's own (fetch, complete, heartbeats, polls)`);
  } else console.log(`cost:   statements not counted (${counter as string})`);
  const unsent = await steady('unsent', 'video.purchased');
  console.log(`        a commit with one event: ${ms(one.result.commitMs)} when it is enqueued, ${ms(unsent.commitMs)} when no endpoint receives its kind`);
  if (typeof counter !== 'string') await counter.close();

  await servers.pop()!.server.close();
  const burstIds = Array.from({ length: burst }, (_, i) => `cp_burst${i}`);
  const { committed } = await commit(burstIds);
  await waitFor(burstIds);
  const burstSeconds = (Math.max(...burstIds.map((id) => arrivals.get(id)!)) - committed) / 1000;
  console.log(`burst:  ${burst} events in one commit to one endpoint delivered in ${burstSeconds.toFixed(2)} s = ${Math.round(burst / burstSeconds)} deliveries/s`);
} finally {
  for (const { server, orm: own } of servers) {
    await server.close();
    await own.close();
  }
  await orm.close();
  await receiver.close();
  await rm(dataDir, { recursive: true, force: true });
  await database.remove();
}
