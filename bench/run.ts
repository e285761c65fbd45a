/**
 * `npm run bench`: the API surfaces under load on a generated company of 20,000 customers and about
 * 200,000 bookings, with the limits raised. Each figure is a ratio to a baseline measured in the same run:
 * a bare Express route returning a static body of the same size as the measured response.
 *
 *   M2M: cached GET /customers, uncached GET /customer/{id}/bookings, uncached 31-day availability;
 *   GraphQL: the nested customer query at pageSize 30 and 100, and the same data through REST calls;
 *   SQL statements per request for each.
 *
 * `--customers N` sizes the company, `--seconds S` each run (default 5), `--connections C` (default 16).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import express from 'express';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { generateBundle } from '../src/db/demo-data.ts';
import { importBundle } from '../src/db/import.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { createApiClient } from '../src/domain/api-clients.ts';
import { systemClock } from '../src/domain/clock.ts';
import { createCompany } from '../src/domain/companies.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { addDays } from '../src/domain/time.ts';
import { startServer } from '../src/server/server.ts';
import { serviceSurfaces } from '../src/server/surfaces.ts';
import type { Services } from '../src/services.ts';
import { benchDatabase } from './database.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const TODAY = '2026-11-21';

interface Measure {
  name: string;
  rps: number;
  p99: number;
  statements: number;
  bytes: number;
  baseline?: { rps: number; p99: number };
}

async function load(url: string, headers: Record<string, string>, paths: () => string, body?: () => string): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{
      method: body ? 'POST' : 'GET',
      headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
      setupRequest: (request) => ({ ...request, path: paths(), ...(body && { body: body() }) }),
    }],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

/** A bare Express server answering every request with `body`: what the framework alone costs. */
async function baseline(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.all('/{*any}', (_req, res) => res.type('application/json').send(body));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

async function main(): Promise<void> {
  const database = await benchDatabase('api');
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  const statements: string[] = [];
  const orm = await openOrm({ url: database.url, poolMax: 10, onQuery: (sql) => statements.push(sql) });
  const servers: { close(): Promise<void> }[] = [];
  try {
    await migrate(orm);
    const customers = Number(values.customers);
    process.stderr.write(`generating and importing ${customers} customers...\n`);
    const bundle = generateBundle({ seed: 1, customers, bookingsPerCustomer: 10, today: TODAY });
    const { id: companyId } = await createCompany(orm, { name: 'Bench Studio', timezone: 'Europe/London', currency: 'GBP' });
    const counts = await importBundle(orm, companyId, bundle);
    process.stderr.write(`imported ${JSON.stringify(counts)}\n`);

    const serverKey = randomBytes(32);
    const start = async (cacheSeconds: string) => {
      const config = loadConfig({
        PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL, CACHE_TTL_SECONDS: cacheSeconds,
        M2M_RATE_PER_MINUTE: '100000000', M2M_MAX_CONCURRENT: '100000', M2M_DAILY_QUOTA: '100000000', GRAPHQL_MAX_COST: '1000000',
      });
      const services: Services = { config, orm, clock: systemClock, logger: pino({ level: 'silent' }), serverKey };
      const server = await startServer(services, await serviceSurfaces(services));
      servers.push(server);
      return { url: server.url, services };
    };
    const cached = await start('300');
    const uncached = await start('0');
    const client = await createApiClient(orm, cached.services.serverKey, { companyId, name: 'bench', scopes: ALL_SCOPES.join(' ') }, new Date());
    const tokenOf = async (base: string) => {
      const response = await fetch(`${base}/m2m/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: client.client_id, client_secret: client.client_secret }) });
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const sql = new pg.Client(database.url);
    await sql.connect();
    const customerIds = (await sql.query<{ id: string }>('select customer_id as id from event_transaction group by 1 order by 1')).rows.map((r) => r.id);
    const facilitatorIds = (await sql.query<{ id: string }>('select id from facilitator order by 1')).rows.map((r) => r.id);
    await sql.end();
    let n = 0;
    const next = <T>(list: T[]) => list[n++ % list.length]!;

    const measures: Measure[] = [];
    const measure = async (name: string, target: { url: string }, token: string, paths: () => string, body?: () => string) => {
      const headers = { authorization: `Bearer ${token}` };
      const probe = paths();
      statements.length = 0;
      const sample = await fetch(`${target.url}${probe}`, { method: body ? 'POST' : 'GET', headers: { ...headers, ...(body && { 'content-type': 'application/json' }) }, body: body?.() });
      const text = await sample.text();
      if (!sample.ok) throw new Error(`${name}: ${sample.status} ${text.slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const perRequest = statements.filter((s) => !s.startsWith('insert into "audit_entry"')).length;
      const result = await load(target.url, headers, paths, body);
      if (result.errors) process.stderr.write(`${name}: ${result.errors} failed requests\n`);
      const bare = await baseline(text);
      const base = await load(bare.url, {}, () => probe);
      await bare.close();
      measures.push({ name, rps: result.rps, p99: result.p99, statements: perRequest, bytes: Buffer.byteLength(text), baseline: { rps: base.rps, p99: base.p99 } });
    };

    const cachedToken = await tokenOf(cached.url);
    const uncachedToken = await tokenOf(uncached.url);
    await measure('M2M GET /customers (cached)', cached, cachedToken, () => '/m2m/customers');
    await measure('M2M GET /customer/{id}/bookings (uncached)', uncached, uncachedToken, () => `/m2m/customer/${next(customerIds)}/bookings?startDate=2026-01-01`);
    await measure('M2M GET availability, 31 days (uncached)', uncached, uncachedToken, () => `/m2m/appointments/availability/${next(facilitatorIds)}?start_date=${TODAY}&end_date=${addDays(TODAY, 30)}`);
    const nested = (pageSize: number) => () => JSON.stringify({
      query: `query ($page: Int) { customers(page: $page, pageSize: ${pageSize}) { nodes { id firstName lastName transactions(startDate: "2026-01-01") { nodes { id purchaseDate bookings { id spaces event { name } eventDate { datetime } } } } } } }`,
      variables: { page: n++ % Math.floor(customers / pageSize) },
    });
    await measure('GraphQL nested customers, pageSize 30 (uncached)', uncached, uncachedToken, () => '/graphql', nested(30));
    await measure('GraphQL nested customers, pageSize 100 (uncached)', uncached, uncachedToken, () => '/graphql', nested(100));

    await measure('M2M GET /customers (uncached)', uncached, uncachedToken, () => `/m2m/customers?page=${n++ % 600}`);
    const rate = (prefix: string) => measures.find((m) => m.name.startsWith(prefix))!.rps;
    // The data of one pageSize-30 GraphQL page through REST: a page of customers, then 30 bookings calls.
    const restPagesPerSecond = 1 / (1 / rate('M2M GET /customers (uncached)') + 30 / rate('M2M GET /customer/{id}/bookings'));
    const graphqlPagesPerSecond = rate('GraphQL nested customers, pageSize 30');

    console.log(`\nbench: ${customers} customers, ${counts.bookings ?? '?'} bookings; ${seconds} s per run, ${connections} connections; ` +
      `${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}${process.env.REDIS_URL ? ' + Redis' : ''}\n`);
    console.log('| measurement | req/s | p99 ms | SQL/request | body bytes | baseline req/s | baseline p99 ms | req/s ratio | p99 ratio |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const m of measures) {
      console.log(`| ${m.name} | ${m.rps.toFixed(0)} | ${m.p99} | ${m.statements} | ${m.bytes} | ${m.baseline!.rps.toFixed(0)} | ${m.baseline!.p99} | ${(m.rps / m.baseline!.rps).toFixed(3)} | ${(m.p99 / Math.max(1, m.baseline!.p99)).toFixed(1)} |`);
    }
    console.log(`\none page of 30 customers with their bookings: GraphQL ${graphqlPagesPerSecond.toFixed(1)} pages/s; ` +
      `REST (1 + 30 calls) ${restPagesPerSecond.toFixed(1)} pages/s; ratio GraphQL/REST ${(graphqlPagesPerSecond / restPagesPerSecond).toFixed(2)}`);
  } finally {
    for (const server of servers) await server.close();
    await orm.close();
    await database.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
