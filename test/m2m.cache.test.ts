/**
 * The read cache (document 1, section 8, "Caching"): identical requests within CACHE_TTL_SECONDS are served
 * from the cache without touching the database, keyed by endpoint, company, resource, normalised query and
 * scope set; writes invalidate what they change at once; X-Cache and Age say what happened. With REDIS_URL,
 * two instances share entries and invalidations.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openOrm } from '../src/db/orm.ts';
import { createApiClient } from '../src/domain/api-clients.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { createCompany } from '../src/domain/companies.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { serviceSurfaces } from '../src/server/surfaces.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

/** The SQL statements the ORM runs while `work` runs, audit inserts aside (they are written in the background). */
async function statementsDuring(orm: MikroORM, work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const original = orm.config.get('onQuery');
  orm.config.set('onQuery', (sql: string, params: readonly unknown[]) => {
    if (!/audit_entry/.test(sql)) statements.push(sql);
    return original(sql, params);
  });
  try {
    await work();
  } finally {
    orm.config.set('onQuery', original);
  }
  return statements;
}

async function tokenFor(app: TestApp, companyId: string, scopes: string, clock: FixedClock): Promise<string> {
  const { orm, serverKey, config } = app.services;
  const client = await createApiClient(orm, serverKey, { companyId, name: 'cache test', scopes }, clock.now());
  const answer = await call(`${app.url}${config.M2M_BASE_PATH}/token`, null, { method: 'POST', body: client });
  expect(answer.status).toBe(200);
  return answer.body.access_token;
}

const cacheOf = (answer: { headers: Headers }) => ({ xCache: answer.headers.get('x-cache'), age: answer.headers.get('age') });

const READ_AND_WRITE = 'customers:read profile:read profile:write passes:read passes:write';

describe('the M2M read cache', () => {
  const clock = new FixedClock('2026-11-21T10:00:00Z');
  let studio: Studio;
  let token: string;
  let customerId: string;
  const get = (path: string, as = token) => call(`${studio.m2m}${path}`, as);

  beforeAll(async () => {
    studio = await startStudio({ clock, env: { M2M_RATE_PER_MINUTE: '1000' } });
    token = await tokenFor(studio.app, studio.companyId, READ_AND_WRITE, clock);
    customerId = (await get('/customers')).body.data[0].id;
  });
  afterAll(() => studio.close());

  it('answers a first request with X-Cache: MISS and a repeat with X-Cache: HIT and its Age', async () => {
    const first = await get('/customers?pageSize=3');
    expect(first.status).toBe(200);
    expect(cacheOf(first)).toEqual({ xCache: 'MISS', age: '0' });
    const repeat = await get('/customers?pageSize=3');
    expect(cacheOf(repeat)).toEqual({ xCache: 'HIT', age: '0' });
    expect(repeat.body).toEqual(first.body);
    clock.advance(7_000);
    expect(cacheOf(await get('/customers?pageSize=3'))).toEqual({ xCache: 'HIT', age: '7' });
  });

  it('serves a HIT without a single SQL statement', async () => {
    const path = `/customer/${customerId}/profile`;
    const miss = await statementsDuring(studio.app.services.orm, () => get(path));
    expect(miss.length).toBeGreaterThan(0);
    let hit: Awaited<ReturnType<typeof get>> | undefined;
    const statements = await statementsDuring(studio.app.services.orm, async () => (hit = await get(path)));
    expect(cacheOf(hit!).xCache).toBe('HIT');
    expect(statements).toEqual([]);
  });

  it('keys by the normalised query: the order of the parameters does not matter', async () => {
    expect(cacheOf(await get('/customers?page=0&pageSize=5')).xCache).toBe('MISS');
    expect(cacheOf(await get('/customers?pageSize=5&page=0')).xCache).toBe('HIT');
    expect(cacheOf(await get('/customers?pageSize=6&page=0')).xCache).toBe('MISS');
  });

  it('keys by resource: another customer is another entry', async () => {
    const [first, second] = (await get('/customers?pageSize=2')).body.data;
    expect(cacheOf(await get(`/customer/${first.id}/profile`)).xCache).toMatch(/MISS|HIT/);
    const other = await get(`/customer/${second.id}/profile`);
    expect(cacheOf(other).xCache).toBe('MISS');
    expect(other.body.data.id).toBe(second.id);
  });

  it('forgets a customer at once when PUT profile changes it: the profile and the customer list', async () => {
    const path = `/customer/${customerId}/profile`;
    await get(path);
    await get('/customers');
    expect(cacheOf(await get(path)).xCache).toBe('HIT');
    const put = await call(`${studio.m2m}${path}`, token, { method: 'PUT', body: { firstname: 'Renamed', lastname: 'Customer', email: 'renamed@example.com' } });
    expect(put.status).toBe(200);
    const profile = await get(path);
    expect(cacheOf(profile).xCache).toBe('MISS');
    expect(profile.body.data).toMatchObject({ firstname: 'Renamed', lastname: 'Customer', email: 'renamed@example.com' });
    const list = await get('/customers');
    expect(cacheOf(list).xCache).toBe('MISS');
    expect(list.body.data.find((c: { id: string }) => c.id === customerId)).toMatchObject({ firstname: 'Renamed' });
  });

  it('forgets the pass list and the pass at once when PUT /pass/{id} changes it', async () => {
    const passId = (await get('/passes')).body.data[0].id;
    await get(`/pass/${passId}`);
    expect(cacheOf(await get('/passes')).xCache).toBe('HIT');
    expect(cacheOf(await get(`/pass/${passId}`)).xCache).toBe('HIT');
    const put = await call(`${studio.m2m}/pass/${passId}`, token, { method: 'PUT', body: { name: 'Renamed pass' } });
    expect(put.status).toBe(200);
    const pass = await get(`/pass/${passId}`);
    expect(cacheOf(pass).xCache).toBe('MISS');
    expect(pass.body.data.name).toBe('Renamed pass');
    const passes = await get('/passes');
    expect(cacheOf(passes).xCache).toBe('MISS');
    expect(passes.body.data.find((p: { id: string }) => p.id === passId).name).toBe('Renamed pass');
  });

  it("never serves one company's entry to another company", async () => {
    const otherCompany = await studio.otherCompany();
    const otherToken = await tokenFor(studio.app, otherCompany, READ_AND_WRITE, clock);
    const ours = await get('/customers?pageSize=4');
    const theirs = await get('/customers?pageSize=4', otherToken);
    expect(cacheOf(theirs).xCache).toBe('MISS');
    const ourIds = new Set(ours.body.data.map((c: { id: string }) => c.id));
    expect(theirs.body.data.length).toBeGreaterThan(0);
    expect(theirs.body.data.some((c: { id: string }) => ourIds.has(c.id))).toBe(false);
  });

  it('keeps entries apart by scope set, and shares them between clients with the same scopes', async () => {
    await get('/customers?pageSize=7');
    const fewer = await tokenFor(studio.app, studio.companyId, 'customers:read', clock);
    expect(cacheOf(await get('/customers?pageSize=7', fewer)).xCache).toBe('MISS');
    const same = await tokenFor(studio.app, studio.companyId, READ_AND_WRITE, clock);
    expect(cacheOf(await get('/customers?pageSize=7', same)).xCache).toBe('HIT');
  });

  it('expires an entry CACHE_TTL_SECONDS after it was stored', async () => {
    const ttl = studio.app.services.config.CACHE_TTL_SECONDS;
    expect(cacheOf(await get('/customers?pageSize=8')).xCache).toBe('MISS');
    clock.advance((ttl - 1) * 1000);
    expect(cacheOf(await get('/customers?pageSize=8'))).toEqual({ xCache: 'HIT', age: String(ttl - 1) });
    clock.advance(1000);
    expect(cacheOf(await get('/customers?pageSize=8')).xCache).toBe('MISS');
  });
});

describe('the M2M read cache with CACHE_TTL_SECONDS=0', () => {
  const clock = new FixedClock('2026-11-21T10:00:00Z');
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { CACHE_TTL_SECONDS: '0' } });
    const { id } = await createCompany(app.services.orm, { name: 'Uncached Studio', timezone: 'Europe/London', currency: 'GBP' });
    token = await tokenFor(app, id, 'customers:read', clock);
  });
  afterAll(() => app.close());

  it('is off: every request reads the database and none is a HIT', async () => {
    const url = `${app.url}/m2m/customers`;
    await call(url, token);
    let repeat: Awaited<ReturnType<typeof call>> | undefined;
    const statements = await statementsDuring(app.services.orm, async () => (repeat = await call(url, token)));
    expect(repeat!.status).toBe(200);
    expect(repeat!.headers.get('x-cache')).not.toBe('HIT');
    expect(statements.length).toBeGreaterThan(0);
  });
});

(process.env.REDIS_URL ? describe : describe.skip)('the M2M read cache shared by two instances (needs REDIS_URL, set in CI’s second pass)', () => {
  const clock = new FixedClock('2026-11-21T10:00:00Z');
  let studio: Studio;
  let second: RunningServer;
  let closeSecondOrm: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    studio = await startStudio({ clock });
    const orm = await openOrm({ url: studio.app.database.url, poolMax: 2 });
    closeSecondOrm = () => orm.close();
    const services = { ...studio.app.services, orm };
    second = await startServer(services, await serviceSurfaces(services));
    token = await tokenFor(studio.app, studio.companyId, READ_AND_WRITE, clock);
  });
  afterAll(async () => {
    await second.close();
    await closeSecondOrm();
    await studio.close();
  });

  it('serves on one instance what the other stored, and sees the other instance’s invalidation at once', async () => {
    const customerId = (await call(`${studio.m2m}/customers`, token)).body.data[0].id;
    const path = `/m2m/customer/${customerId}/profile`;
    expect(cacheOf(await call(`${studio.url}${path}`, token)).xCache).toBe('MISS');
    expect(cacheOf(await call(`${second.url}${path}`, token)).xCache).toBe('HIT');
    const put = await call(`${second.url}${path}`, token, { method: 'PUT', body: { firstname: 'Shared', lastname: 'Write', email: 'shared@example.com' } });
    expect(put.status).toBe(200);
    const after = await call(`${studio.url}${path}`, token);
    expect(cacheOf(after).xCache).toBe('MISS');
    expect(after.body.data.firstname).toBe('Shared');
  });
});
