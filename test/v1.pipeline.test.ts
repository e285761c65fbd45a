/** v1 through the pipeline: the per-key rate limit, idempotent POSTs, audit, and tenant isolation on every route. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { listAudit } from '../src/domain/audit-log.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
let token: string;
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, bearer = token) =>
  call(`${studio.v1}${path}`, bearer, { method, body, headers });

beforeAll(async () => {
  studio = await startStudio({ env: { V1_RATE_PER_MINUTE: '40' } });
  token = await studio.v1Token();
});
afterAll(() => studio.close());

describe('Idempotency-Key', () => {
  const body = { firstName: 'Idem', lastName: 'Potent', email: 'idem@example.com' };

  it('answers a retry with the same key and body with the first response, creating nothing', async () => {
    const first = await send('POST', '/customers', body, { 'Idempotency-Key': 'create-idem-1' });
    const again = await send('POST', '/customers', body, { 'Idempotency-Key': 'create-idem-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const list = await send('GET', '/customers?perPage=100');
    expect(list.body.customers.filter((c: { email: string }) => c.email === 'idem@example.com')).toHaveLength(1);
  });

  it('refuses the same key with a different body: 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const { status, body: answer } = await send('POST', '/customers', { ...body, lastName: 'Other' }, { 'Idempotency-Key': 'create-idem-1' });
    expect(status).toBe(409);
    expect(answer.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps keys per API key', async () => {
    const other = await studio.v1Token();
    const { status } = await send('POST', '/customers', { ...body, email: 'idem2@example.com' }, { 'Idempotency-Key': 'create-idem-1' }, other);
    expect(status).toBe(201);
  });
});

describe('rate limit per API key', () => {
  it('answers 429 in the v1 shape with Retry-After and the RateLimit fields past V1_RATE_PER_MINUTE', async () => {
    const limited = await studio.v1Token();
    let last: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < 41; i++) last = await send('GET', '/passes', undefined, {}, limited);
    expect(last!.status).toBe(429);
    expect(last!.body.error.code).toBe('RATE_LIMITED');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('ratelimit-policy')).toBe('"minute";q=40;w=60');
    expect(last!.headers.get('ratelimit')).toMatch(/^"minute";r=0;t=\d+$/);
  });
});

describe('audit', () => {
  it('records v1 calls with the API key', async () => {
    await send('GET', '/events');
    await studio.app.pipeline!.audit.flush();
    const entries = await listAudit(studio.app.services.orm, { companyId: studio.companyId });
    expect(entries.find((e) => e.path === '/api/v1/events')).toMatchObject({ method: 'GET', action: 'READ', status: 200, resourceType: 'event' });
  });
});

describe('tenant isolation', () => {
  it("answers 404 on every route for another company's ids", async () => {
    const other = await studio.otherCompany();
    const sql = new pg.Client(studio.app.database.url);
    await sql.connect();
    const id = async (table: string) => (await sql.query(`select id from ${table} where company_id = $1 limit 1`, [other])).rows[0].id as string;
    const [customer, event, pass, purchase] = [await id('customer'), await id('event'), await id('pass_template'), await id('pass_purchase')];
    await sql.end();
    const cp = purchase.replace(/^package_/, 'cp_');
    const cases: [string, string, unknown?][] = [
      ['GET', `/customers/${customer}`], ['PUT', `/customers/${customer}`, { firstName: 'X' }], ['DELETE', `/customers/${customer}`],
      ['GET', `/events/${event}`], ['PUT', `/events/${event}`, { name: 'X' }], ['DELETE', `/events/${event}`], ['GET', `/events/${event}/registrations`],
      ['GET', `/passes/${pass}`], ['PUT', `/passes/${pass}`, { name: 'X' }],
      ['GET', `/customer-passes/${cp}`], ['PUT', `/customer-passes/${cp}`, { remainingUses: 0 }],
      ['POST', '/customer-passes', { customerId: customer, passId: pass, startDate: '2026-11-21' }],
    ];
    for (const [method, path, body] of cases) {
      const { status, body: answer } = await send(method, path, body);
      expect([method, path, status, answer.error?.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    const list = await send('GET', `/customer-passes?customerId=${customer}`);
    expect(list.body.customerPasses).toEqual([]);
  });
});
