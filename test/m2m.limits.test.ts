/**
 * The per-client limits of document 1, section 8: 20 requests a minute over every endpoint (GraphQL has a
 * budget of its own: test/graphql.budget.test.ts), 10 in flight, a daily quota per UTC day; 429 with Retry-After past any of them, and the IETF
 * RateLimit-Policy and RateLimit fields on every answer. With REDIS_URL, two instances share the counters;
 * while Redis is away, each instance counts on its own rather than failing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient } from '@keyv/redis';
import { openOrm } from '../src/db/orm.ts';
import { createApiClient } from '../src/domain/api-clients.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { createCompany } from '../src/domain/companies.ts';
import { namespaceFor } from '../src/pipeline/shared-state.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { serviceSurfaces } from '../src/server/surfaces.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { HeldRequests, withHeldEndpoint } from './support/held.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { waitUntil } from './support/webhooks.ts';

const withHeldRoute = (held: HeldRequests) => withHeldEndpoint(held);

async function tokenFor(app: TestApp, companyId: string, clock: FixedClock): Promise<string> {
  const { orm, serverKey, config } = app.services;
  const client = await createApiClient(orm, serverKey, { companyId, name: 'limits test', scopes: 'customers:read' }, clock.now());
  const answer = await call(`${app.url}${config.M2M_BASE_PATH}/token`, null, { method: 'POST', body: client });
  expect(answer.status).toBe(200);
  return answer.body.access_token;
}

const graphql = (url: string, token: string) => call(`${url}/graphql`, token, { method: 'POST', body: { query: '{ customers { total } }' } });

describe('M2M limits with the default policy', () => {
  const clock = new FixedClock('2026-11-21T10:00:00Z');
  const held = new HeldRequests();
  let app: TestApp;
  let companyId: string;
  let m2m: string;
  const newToken = () => tokenFor(app, companyId, clock);
  const customers = (token: string) => call(`${m2m}/customers`, token);

  beforeAll(async () => {
    app = await startTestApp({ clock, surfaces: withHeldRoute(held) });
    ({ id: companyId } = await createCompany(app.services.orm, { name: 'Limits Studio', timezone: 'Europe/London', currency: 'GBP' }));
    m2m = `${app.url}${app.services.config.M2M_BASE_PATH}`;
  });
  afterAll(async () => {
    held.release();
    await app.close();
  });

  it('describes all three limits on every answer: RateLimit-Policy and RateLimit', async () => {
    const token = await newToken();
    for (const [status, answer] of [
      [200, await customers(token)],
      [404, await call(`${m2m}/no-such-thing`, token)],
      [403, await call(`${m2m}/passes`, token)],
    ] as const) {
      expect(answer.status).toBe(status);
      expect(answer.headers.get('ratelimit-policy')).toBe('"minute";q=20;w=60, "day";q=10000;w=86400, "concurrency";q=10');
      expect(answer.headers.get('ratelimit')).toMatch(/^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+, "concurrency";r=\d+;t=0$/);
    }
    const next = await customers(token);
    expect(next.headers.get('ratelimit')).toMatch(/^"minute";r=16;t=\d+, "day";r=9996;t=50400, "concurrency";r=9;t=0$/);
  });

  it('answers the 21st request within a minute with 429, Retry-After and the RateLimit fields', async () => {
    const token = await newToken();
    for (let i = 0; i < 20; i++) expect((await customers(token)).status).toBe(200);
    const refused = await customers(token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/rate limit/i) });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-policy')).toContain('"minute";q=20;w=60');
    expect(refused.headers.get('ratelimit')).toMatch(/^"minute";r=0;t=\d+, "day";r=9980;t=\d+, "concurrency";r=10;t=0$/);
  });

  it('counts per client: another client of the same company is unaffected', async () => {
    const busy = await newToken();
    for (let i = 0; i < 20; i++) await customers(busy);
    expect((await customers(busy)).status).toBe(429);
    expect((await customers(await newToken())).status).toBe(200);
  });

  it('does not count GraphQL requests with an M2M token toward the REST limits, nor REST toward GraphQL', async () => {
    const token = await newToken();
    for (let i = 0; i < 30; i++) expect((await graphql(app.url, token)).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await customers(token)).status).toBe(200);
    expect((await customers(token)).status).toBe(429);
    expect((await graphql(app.url, token)).status).toBe(200);
  });

  it('answers an 11th concurrent request with 429 while 10 are in flight, and admits again once they finish', async () => {
    const token = await newToken();
    const inFlight = Array.from({ length: 10 }, () => call(`${app.url}/held`, token));
    await held.arrived(10);
    const refused = await customers(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit')).toContain('"concurrency";r=0;t=0');
    held.release();
    expect((await Promise.all(inFlight)).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect((await customers(token)).status).toBe(200);
  });
});

describe('M2M limits: daily quota and in-flight leases', () => {
  const clock = new FixedClock('2026-11-21T10:00:00Z');
  const held = new HeldRequests();
  let app: TestApp;
  let companyId: string;
  let m2m: string;

  beforeAll(async () => {
    app = await startTestApp({ clock, surfaces: withHeldRoute(held), env: { M2M_DAILY_QUOTA: '5', M2M_MAX_CONCURRENT: '2' } });
    ({ id: companyId } = await createCompany(app.services.orm, { name: 'Quota Studio', timezone: 'Europe/London', currency: 'GBP' }));
    m2m = `${app.url}${app.services.config.M2M_BASE_PATH}`;
  });
  afterAll(async () => {
    held.release();
    await app.close();
  });

  it('refuses the 6th request of a UTC day with Retry-After until midnight, and admits again the next day', async () => {
    clock.set('2026-11-21T23:30:00Z');
    const token = await tokenFor(app, companyId, clock);
    for (let i = 0; i < 5; i++) expect((await call(`${m2m}/customers`, token)).status).toBe(200);
    const refused = await call(`${m2m}/customers`, token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1800');
    expect(refused.headers.get('ratelimit')).toContain('"day";r=0;t=1800');
    clock.set('2026-11-22T00:00:01Z');
    expect((await call(`${m2m}/customers`, token)).status).toBe(200);
  });

  it('stops counting a request in flight for over 5 minutes (its instance died), without letting releases free places twice', async () => {
    clock.set('2026-11-22T10:00:00Z');
    const token = await tokenFor(app, companyId, clock);
    const stale = [call(`${app.url}/held`, token), call(`${app.url}/held`, token)];
    await held.arrived(2);
    clock.advance(301_000);
    const fresh = [call(`${app.url}/held`, token), call(`${app.url}/held`, token)];
    await held.arrived(4);
    held.release(2);
    expect((await Promise.all(stale)).map((answer) => answer.status)).toEqual([200, 200]);
    // The stale pair gave up places it no longer held: the fresh pair still fills both.
    const refused = await call(`${m2m}/customers`, token);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/concurrency/);
    held.release();
    expect((await Promise.all(fresh)).map((answer) => answer.status)).toEqual([200, 200]);
  });
});

(process.env.REDIS_URL ? describe : describe.skip)('M2M limits shared by two instances (needs REDIS_URL, set in CI’s second pass)', () => {
  const clock = new FixedClock('2026-11-21T10:00:00Z');
  const held = new HeldRequests();
  let first: TestApp;
  let second: RunningServer;
  let closeSecondOrm: () => Promise<void>;
  let companyId: string;

  beforeAll(async () => {
    first = await startTestApp({ clock, surfaces: withHeldRoute(held) });
    ({ id: companyId } = await createCompany(first.services.orm, { name: 'Shared Studio', timezone: 'Europe/London', currency: 'GBP' }));
    const orm = await openOrm({ url: first.database.url, poolMax: 2 });
    closeSecondOrm = () => orm.close();
    const services = { ...first.services, orm };
    second = await startServer(services, await serviceSurfaces(services));
  });
  afterAll(async () => {
    held.release();
    await second.close();
    await closeSecondOrm();
    await first.close();
  });

  it('shares the per-minute counter: 10 requests on each instance, and the 21st is refused on either', async () => {
    const token = await tokenFor(first, companyId, clock);
    for (let i = 0; i < 10; i++) expect((await call(`${first.url}/m2m/customers`, token)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await call(`${second.url}/m2m/customers`, token)).status).toBe(200);
    expect((await call(`${second.url}/m2m/customers`, token)).status).toBe(429);
    expect((await call(`${first.url}/m2m/customers`, token)).status).toBe(429);
  });

  it('shares the requests in flight: 10 held on one instance fill the client’s places on the other', async () => {
    const token = await tokenFor(first, companyId, clock);
    const inFlight = Array.from({ length: 10 }, () => call(`${first.url}/held`, token));
    await held.arrived(10);
    expect((await call(`${second.url}/m2m/customers`, token)).status).toBe(429);
    held.release();
    await Promise.all(inFlight);
    expect((await call(`${second.url}/m2m/customers`, token)).status).toBe(200);
  });
});

(process.env.REDIS_URL ? describe : describe.skip)('two deployments on one Redis (needs REDIS_URL, set in CI’s second pass)', () => {
  let production: TestApp;
  let staging: TestApp;
  const limited = { ANONYMOUS_RATE_PER_MINUTE: '3' };
  // As GraphQL over HTTP's own media type asks, a refusal is 429 (under `application/json` it is 200 with RATE_LIMITED).
  const anonymous = (app: TestApp) =>
    fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: '{"query":"{ __typename }"}',
    });

  beforeAll(async () => {
    production = await startTestApp({ env: limited });
    staging = await startTestApp({ env: limited });
  });
  afterAll(async () => {
    await staging?.close();
    await production?.close();
  });

  it('keep their own per-address budgets: one spent in full leaves the other’s whole', async () => {
    for (let i = 0; i < 3; i++) expect((await anonymous(production)).status).toBe(200);
    expect((await anonymous(production)).status).toBe(429);
    for (let i = 0; i < 3; i++) expect((await anonymous(staging)).status).toBe(200);
    expect((await anonymous(staging)).status).toBe(429);
  });

  it('write under namespaces of their own, derived from the database address unless REDIS_NAMESPACE names one', () => {
    expect(production.services.config.REDIS_NAMESPACE).toBeUndefined();
    const a = namespaceFor(undefined, production.database.url);
    const b = namespaceFor(undefined, staging.database.url);
    expect(a).not.toBe(b);
    expect(namespaceFor(undefined, production.database.url.replace('://', '://someone:secret@'))).toBe(a);
    expect(namespaceFor('studio-prod', production.database.url)).toBe('studio-prod');
  });
});

const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));

(redisServer ? describe : describe.skip)('M2M limits and cache while Redis is away (needs a redis-server binary to start and stop)', () => {
  let redis: ChildProcess;
  let admin: ReturnType<typeof createClient>;
  let studio: Studio;
  let token: string;

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(redisServer!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitUntil(() => connects(port), { what: 'redis-server to take connections' });
    admin = createClient({ url: `redis://127.0.0.1:${port}` });
    await admin.connect();
    studio = await startStudio({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    token = await studio.token(['customers:read', 'profile:read', 'profile:write']);
  });
  afterAll(async () => {
    await studio?.close();
    await admin?.close();
    redis?.kill('SIGKILL');
  });

  const answers = () => studio.app.pipeline!.shared.redis!.ping().then(() => true, () => false);
  /** Redis keeps its data but turns the service's connections away, as in a network partition. */
  async function partition(): Promise<void> {
    await admin.configSet('requirepass', 'partitioned');
    await admin.clientKill({ filter: 'TYPE', type: 'normal' });
    await waitUntil(async () => !(await answers()), { what: 'the service to lose Redis' });
  }
  async function heal(): Promise<void> {
    await admin.configSet('requirepass', '');
    await waitUntil(answers, { what: 'the service to reach Redis again' });
  }

  it('goes on answering (counting in process, serving uncached), and serves no entry older than a write made meanwhile', async () => {
    const customerId = (await call(`${studio.m2m}/customers`, token)).body.data[0].id;
    const profile = `${studio.m2m}/customer/${customerId}/profile`;
    expect((await call(profile, token)).headers.get('x-cache')).toBe('MISS');
    expect((await call(profile, token)).headers.get('x-cache')).toBe('HIT');

    await partition();
    const during = await call(profile, token);
    expect(during.status).toBe(200);
    expect(during.headers.get('x-cache')).not.toBe('HIT');
    expect(during.headers.get('ratelimit')).toMatch(/^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+, "concurrency";r=9;t=0$/);
    const put = await call(profile, token, { method: 'PUT', body: { firstname: 'Partitioned', lastname: 'Write', email: 'partitioned@example.com' } });
    expect(put.status).toBe(200);
    expect((await studio.token(['customers:read'])).length).toBeGreaterThan(0);

    await heal();
    const after = await call(profile, token);
    expect(after.body.data.firstname).toBe('Partitioned');
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect((await call(profile, token)).headers.get('x-cache')).toBe('HIT');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
