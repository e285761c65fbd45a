/**
 * Every route of document 1, section 4, with and without its scope, and with another company's ids:
 * 200 with the scope, 403 naming the scope without it, 404 for ids of another company.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

interface Ids {
  customer: string; transaction: string; appointment: string; service: string; facilitator: string; event: string;
  eventDate: string; plan: string; pass: string; video: string; voucher: string;
}

/** The ids of one company's first records of each kind. */
async function idsOf(url: string, companyId: string): Promise<Ids> {
  const sql = new pg.Client(url);
  await sql.connect();
  const first = async (table: string, extra = '') =>
    (await sql.query<{ id: string }>(`select id from ${table} where company_id = $1 ${extra} order by id limit 1`, [companyId])).rows[0]!.id;
  const transaction = await first('event_transaction');
  const { rows } = await sql.query<{ customer_id: string }>('select customer_id from event_transaction where id = $1', [transaction]);
  const eventDate = await first('event_date');
  const { rows: dates } = await sql.query<{ event_id: string }>('select event_id from event_date where id = $1', [eventDate]);
  const ids: Ids = {
    customer: rows[0]!.customer_id, transaction, appointment: await first('appointment'), service: await first('service'),
    facilitator: await first('facilitator'), event: dates[0]!.event_id, eventDate, plan: await first('subscription_plan'),
    pass: await first('pass_template'), video: await first('media'), voucher: await first('voucher'),
  };
  await sql.end();
  return ids;
}

type Case = [method: string, path: (ids: Ids) => string, scope: string, body?: unknown];
const routes: Case[] = [
  ['GET', () => '/customers', 'customers:read'],
  ['GET', (i) => `/customer/${i.customer}/profile`, 'profile:read'],
  ['PUT', (i) => `/customer/${i.customer}/profile`, 'profile:write', { firstname: 'Ada', lastname: 'King', email: 'ada@example.com' }],
  ['GET', (i) => `/customer/${i.customer}/bookings`, 'bookings:read'],
  ['GET', (i) => `/customer/${i.customer}/booking/${i.transaction}`, 'bookings:read'],
  ['GET', (i) => `/customer/${i.customer}/packages`, 'packages:read'],
  ['GET', (i) => `/customer/${i.customer}/videos`, 'videos:read'],
  ['GET', (i) => `/customer/${i.customer}/subscription-mandates`, 'subscription-mandates:read'],
  ['GET', (i) => `/customer/${i.customer}/appointments`, 'appointments:read'],
  ['GET', (i) => `/customer/${i.customer}/notes`, 'notes:read'],
  ['GET', (i) => `/customer/${i.customer}/questionnaire-answers`, 'questionnaire-answers:read'],
  ['GET', () => '/appointments/bookings', 'appointments:read'],
  ['GET', (i) => `/appointments/bookings/${i.appointment}`, 'appointments:read'],
  ['GET', () => '/appointments/services', 'appointments:read'],
  ['GET', (i) => `/appointments/services/${i.service}`, 'appointments:read'],
  ['GET', (i) => `/appointments/availability/${i.facilitator}?date=2026-12-07`, 'appointments:read'],
  ['GET', () => '/events', 'events:read'],
  ['GET', (i) => `/event/${i.event}`, 'events:read'],
  ['GET', (i) => `/event/${i.event}/dates/${i.eventDate}/register`, 'events-register:read'],
  ['GET', () => '/subscription-plans', 'subscription-plans:read'],
  ['GET', (i) => `/subscription-plan/${i.plan}`, 'subscription-plans:read'],
  ['PUT', (i) => `/subscription-plan/${i.plan}`, 'subscription-plans:write', { description: 'Updated' }],
  ['GET', () => '/passes', 'passes:read'],
  ['GET', (i) => `/pass/${i.pass}`, 'passes:read'],
  ['GET', (i) => `/pass/${i.pass}/packages`, 'passes:read'],
  ['PUT', (i) => `/pass/${i.pass}`, 'passes:write', { description: 'Updated' }],
  ['GET', () => '/videos', 'media:read'],
  ['GET', (i) => `/video/${i.video}`, 'media:read'],
  ['PUT', (i) => `/video/${i.video}`, 'media:write', { description: 'Updated' }],
  ['GET', () => '/vouchers', 'vouchers:read'],
  ['GET', (i) => `/voucher/${i.voucher}`, 'vouchers:read'],
  ['PUT', (i) => `/voucher/${i.voucher}`, 'vouchers:write', { description: 'Updated' }],
];

let studio: Studio;
let ours: Ids;
let theirs: Ids;
const tokens = new Map<string, string>();
let everything: string;

beforeAll(async () => {
  studio = await startStudio({ env: { M2M_RATE_PER_MINUTE: '100000' } });
  const other = await studio.otherCompany();
  ours = await idsOf(studio.app.database.url, studio.companyId);
  theirs = await idsOf(studio.app.database.url, other);
  everything = await studio.token();
  for (const scope of new Set(routes.map(([, , s]) => s))) tokens.set(scope, await studio.token(ALL_SCOPES.filter((s) => s !== scope)));
});
afterAll(() => studio.close());

const sample: Ids = {
  customer: '{id}', transaction: '{bookingId}', appointment: '{id}', service: '{id}', facilitator: '{id}', event: '{id}',
  eventDate: '{dateId}', plan: '{id}', pass: '{id}', video: '{id}', voucher: '{id}',
};

describe.each(routes.map(([method, path, scope, body]) => [`${method} ${path(sample).split('?')[0]}`, method, path, scope, body] as const))('%s', (_label, method, path, scope, body) => {
  it(`answers 200 with ${scope}`, async () => {
    const { status } = await call(studio.m2m + path(ours), everything, { method, body });
    expect(status).toBe(200);
  });

  it(`answers 403 "Missing required scope: ${scope}" without it`, async () => {
    const { status, body: answer } = await call(studio.m2m + path(ours), tokens.get(scope)!, { method, body });
    expect(status).toBe(403);
    expect(answer).toEqual({ error: `Missing required scope: ${scope}` });
  });

  if (path.length) {
    it("answers 404 for another company's ids, exactly as for ids that do not exist", async () => {
      const foreign = await call(studio.m2m + path(theirs), everything, { method, body });
      expect(foreign.status).toBe(404);
      const missing = path(theirs).replace(/_([0-9a-z]{26})/g, '_00000000000000000000000000');
      expect((await call(studio.m2m + missing, everything, { method, body })).body).toEqual(foreign.body);
    });
  }
});

describe('every route', () => {
  it('answers 401 without a token', async () => {
    for (const [method, path, , body] of routes) {
      const { status, headers } = await call(studio.m2m + path(ours), null, { method, body });
      expect([method, path(ours), status]).toEqual([method, path(ours), 401]);
      expect(headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });
});
