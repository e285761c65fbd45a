/**
 * The M2M OpenAPI document (`{m2m}/openapi.json`): a valid OpenAPI 3.1 document listing every route with
 * its scope, and every answer of the real server (successes and errors, on every route) matches it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { buildSchema } from '../resolvers/index.ts';
import { compileM2mRoutes } from '../rest/m2m/index.ts';
import { m2mOpenApi } from '../rest/m2m/openapi.ts';
import type { Route } from '../rest/route.ts';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { createApiClient } from '../src/domain/api-clients.ts';
import { newId } from '../src/domain/ids.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { operationLocator, operations, requestValidator, resolvePointer, responseValidator, unresolvedRefs, type ResponseCheck, uncompilableSchemas, badOperationIds } from './support/openapi.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

type Json = Record<string, any>;

const routes: Route[] = compileM2mRoutes(buildSchema());
const templateOf = (route: Route) => route.path.replace(/:(\w+)/g, '{$1}');
const keyOf = (route: Route) => `${route.method} ${templateOf(route)}`;

/** Document 1, section 5: the scope each endpoint needs. */
const DOCUMENTED_SCOPES: [string, string][] = [
  ['GET /customers', 'customers:read'],
  ['GET /customer/{id}/profile', 'profile:read'],
  ['PUT /customer/{id}/profile', 'profile:write'],
  ['GET /customer/{id}/bookings', 'bookings:read'],
  ['GET /customer/{id}/booking/{bookingId}', 'bookings:read'],
  ['GET /customer/{id}/packages', 'packages:read'],
  ['GET /customer/{id}/videos', 'videos:read'],
  ['GET /customer/{id}/subscription-mandates', 'subscription-mandates:read'],
  ['GET /customer/{id}/appointments', 'appointments:read'],
  ['GET /customer/{id}/notes', 'notes:read'],
  ['GET /customer/{id}/questionnaire-answers', 'questionnaire-answers:read'],
  ['GET /appointments/bookings', 'appointments:read'],
  ['GET /appointments/bookings/{id}', 'appointments:read'],
  ['GET /appointments/services', 'appointments:read'],
  ['GET /appointments/services/{id}', 'appointments:read'],
  ['GET /appointments/availability/{id}', 'appointments:read'],
  ['GET /events', 'events:read'],
  ['GET /event/{id}', 'events:read'],
  ['GET /event/{id}/dates/{dateId}/register', 'events-register:read'],
  ['GET /subscription-plans', 'subscription-plans:read'],
  ['GET /subscription-plan/{id}', 'subscription-plans:read'],
  ['PUT /subscription-plan/{id}', 'subscription-plans:write'],
  ['GET /passes', 'passes:read'],
  ['GET /pass/{id}', 'passes:read'],
  ['GET /pass/{id}/packages', 'passes:read'],
  ['PUT /pass/{id}', 'passes:write'],
  ['GET /videos', 'media:read'],
  ['GET /video/{id}', 'media:read'],
  ['PUT /video/{id}', 'media:write'],
  ['GET /vouchers', 'vouchers:read'],
  ['GET /voucher/{id}', 'vouchers:read'],
  ['PUT /voucher/{id}', 'vouchers:write'],
];

/** Ids of the generated company, taken from list responses. */
interface Ids {
  customers: string[];
  /** The customer with the most transactions, and one of their transactions. */
  customer: string;
  transaction: string;
  /** A transaction of another customer. */
  othersTransaction: string;
  appointment: string;
  facilitator: string;
  service: string;
  event: string;
  /** A date of `event` with bookings on its register. */
  bookedDate: string;
  plan: string;
  pass: string;
  video: string;
  voucher: string;
  otherVoucherCode: string;
}

interface Exchange {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  body: any;
}

let studio: Studio;
let doc: Json;
let check: ResponseCheck;
let locate: ReturnType<typeof operationLocator>;
let token: string;
let ids: Ids;
/** `METHOD /template` of every operation answered with a 2xx. */
const succeeded = new Set<string>();
/** Query parameters sent that the operation does not document. */
const undocumentedQuery = new Set<string>();

async function exchange(method: string, path: string, options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {}): Promise<Exchange> {
  const response = await call(`${studio.m2m}${path}`, options.token === undefined ? token : options.token, { method, body: options.body, headers: options.headers });
  const located = locate(method, path);
  if (response.status < 300 && located?.operation) succeeded.add(located.key);
  if (located?.operation) {
    const documented = (located.operation.parameters ?? []).map((p: Json) => (p.$ref ? resolvePointer(doc, p.$ref) : p) as Json);
    for (const name of new URLSearchParams(path.split('?')[1] ?? '').keys()) {
      if (!documented.some((p: Json) => p.in === 'query' && p.name === name)) undocumentedQuery.add(`${name} of ${located.key}`);
    }
  }
  return { method, path, ...response };
}

/** The status, and the problems of the answer against the document (none, when it matches). */
const verdict = (answer: Exchange) => ({ status: answer.status, problems: check(answer.method, answer.path, answer.status, answer.body, answer.headers) });

/** The body of a GET that must succeed and match the document. */
const read = async (path: string) => {
  const answer = await exchange('GET', path);
  expect(verdict(answer)).toEqual({ status: 200, problems: [] });
  return answer.body as { data: Json[] };
};

async function insertNotesAndAnswers(customerIds: string[]): Promise<void> {
  const client = new pg.Client(studio.app.database.url);
  await client.connect();
  try {
    for (const [i, customerId] of customerIds.entries()) {
      await client.query('insert into note (id, company_id, customer_id, body, author, created_at) values ($1, $2, $3, $4, $5, $6), ($7, $2, $3, $8, null, $9)', [
        newId('note'),
        studio.companyId,
        customerId,
        'Prefers the front row; mild knee injury.',
        'Front desk',
        `2026-11-0${i + 1}T09:00:00Z`,
        newId('note'),
        'Paid the late fee in cash.',
        `2026-11-1${i + 1}T17:30:00Z`,
      ]);
      await client.query(
        'insert into questionnaire_answer (id, company_id, customer_id, questionnaire, question, answer, answered_at) values ($1, $2, $3, $4, $5, $6, $7), ($8, $2, $3, $4, $9, $10, $7)',
        [newId('answer'), studio.companyId, customerId, 'Health check', 'Any injuries?', 'Left knee', '2026-10-01T08:00:00Z', newId('answer'), 'Pregnant?', 'No'],
      );
    }
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  studio = await startStudio({
    bundle: generateBundle({ seed: 7, customers: 30, today: '2026-11-21', appointmentsPerCustomer: 2, membershipShare: 0.4 }),
    env: { M2M_RATE_PER_MINUTE: '100000', M2M_DAILY_QUOTA: '1000000', M2M_MAX_CONCURRENT: '50' },
  });
  doc = (await call(`${studio.m2m}/openapi.json`, null)).body;
  check = responseValidator(doc);
  locate = operationLocator(doc);
  token = await studio.token();

  const customers = (await read('/customers?pageSize=100')).data.map((c) => c.id as string);
  const transactionsOf = new Map<string, string[]>();
  for (const customer of customers) {
    const page = await read(`/customer/${customer}/bookings?startDate=2000-01-01&pageSize=100`);
    transactionsOf.set(customer, page.data.map((t) => t.id));
  }
  const [customer, transactions] = [...transactionsOf].sort((a, b) => b[1].length - a[1].length)[0]!;
  const othersTransaction = [...transactionsOf].find(([id, list]) => id !== customer && list.length)![1][0]!;
  await insertNotesAndAnswers([customer, customers.find((c) => c !== customer)!]);

  const appointment = (await read('/appointments/bookings?pageSize=100')).data[0]!;
  const service = (await read('/appointments/services')).data[0]!;
  const events = (await read('/events?pageSize=100')).data;
  const [event, bookedDate] = events
    .flatMap((e) => e.dates.map((d: Json) => [e, d] as const))
    .sort((a, b) => b[1].spaces_booked - a[1].spaces_booked)[0]!;
  const vouchers = (await read('/vouchers')).data;
  ids = {
    customers,
    customer,
    transaction: transactions[0]!,
    othersTransaction,
    appointment: appointment.id,
    facilitator: appointment.facilitator.id,
    service: service.id,
    event: event.id,
    bookedDate: bookedDate.id,
    plan: (await read('/subscription-plans')).data[0]!.id,
    pass: (await read('/passes')).data[0]!.id,
    video: (await read('/videos')).data[0]!.id,
    voucher: vouchers[0]!.id,
    otherVoucherCode: vouchers[1]!.code,
  };
});

afterAll(() => studio?.close());

describe('the document', () => {
  it('is served at {m2m}/openapi.json without a token, as OpenAPI 3.1', async () => {
    const answer = await call(`${studio.m2m}/openapi.json`, null);
    expect({ status: answer.status, openapi: answer.body.openapi, servers: answer.body.servers }).toEqual({
      status: 200,
      openapi: '3.1.0',
      servers: [{ url: '/m2m', description: expect.any(String) }],
    });
  });

  it('is what m2mOpenApi builds from the routes', () => {
    expect(doc).toEqual(m2mOpenApi(routes, '/m2m'));
  });

  it('resolves every $ref', () => {
    expect(unresolvedRefs(doc)).toEqual([]);
  });

  it('has schemas that all compile as JSON Schema 2020-12', () => {
    const { failures, checked } = uncompilableSchemas(doc);
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('gives every operation a unique operationId', () => {
    expect(badOperationIds(doc)).toEqual([]);
  });

  it('documents exactly the routes the service serves, plus /token and itself', () => {
    expect(operations(doc).map((o) => o.key).sort()).toEqual([...routes.map(keyOf), 'POST /token', 'GET /openapi.json'].sort());
  });

  it.each(DOCUMENTED_SCOPES)('documents %s with the scope %s that its document derives', (key, scope) => {
    const route = routes.find((r) => keyOf(r) === key)!;
    const { operation } = operations(doc).find((o) => o.key === key)!;
    expect(route.scopes).toEqual([scope]);
    expect({ security: operation.security, scope: operation['x-required-scope'] }).toEqual({ security: [{ oauth2: [scope] }], scope });
  });

  it('documents the path parameters of every route', () => {
    for (const route of routes) {
      const { operation } = operations(doc).find((o) => o.key === keyOf(route))!;
      const documented = operation.parameters.filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
      expect({ route: keyOf(route), parameters: documented }).toEqual({ route: keyOf(route), parameters: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]) });
    }
  });

  it('offers the client credentials flow at {base}/token with every scope, the one scheme of the data operations', () => {
    const { oauth2 } = doc.components.securitySchemes;
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['clientBasic', 'oauth2']);
    expect(oauth2.flows.clientCredentials.tokenUrl).toBe('/m2m/token');
    expect(Object.keys(oauth2.flows.clientCredentials.scopes).sort()).toEqual([...ALL_SCOPES].sort());
    const token = doc.paths['/token'].post;
    expect(Object.keys(token.requestBody.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(Object.keys(token.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
  });

  it('refuses to document a route it has no response schema for, so the server would not start', () => {
    const wishlist: Route = { ...routes[0]!, method: 'GET', path: '/customer/:id/wishlist' };
    expect(() => m2mOpenApi([...routes, wishlist], '/m2m')).toThrow('GET /customer/:id/wishlist has no response schema');
  });
});

describe('the checker', () => {
  const customer = { id: 'cust_1', type: 'customer', firstname: 'Ada', lastname: 'Byron', email: 'ada@example.org', mobile: '', archived: false };
  const pageOf = (item: unknown) => ({ data: [item], total: 1, page: 0, pageSize: 30 });
  const { archived: _archived, ...withoutArchived } = customer;

  it('accepts a customer page that matches', () => {
    expect(check('GET', '/customers', 200, pageOf(customer))).toEqual([]);
  });

  it.each([
    ['a field the schema lacks', pageOf({ ...customer, archive: 0 }), '(archive)'],
    ['a field missing', pageOf(withoutArchived), "must have required property 'archived'"],
    ['a field of another type', pageOf({ ...customer, archived: 0 }), 'must be boolean'],
    ['an id of another resource', pageOf({ ...customer, id: 'txn_1' }), 'must match pattern'],
    ['another type name', pageOf({ ...customer, type: 'person' }), 'must be equal to constant'],
    ['no envelope', [customer], 'must be object'],
  ])('refuses a customer page with %s', (_case, body, problem) => {
    expect(check('GET', '/customers', 200, body).join('\n')).toContain(problem);
  });

  it('refuses a local datetime with an offset', () => {
    const transaction = { id: 'txn_1', type: 'event-booking', purchase_date: '2026-11-19T08:32:00Z', bookings: [] };
    expect(check('GET', '/customer/cust_1/booking/txn_1', 200, { data: transaction }).join('\n')).toContain('/data/purchase_date must match pattern');
  });

  it('tells the payment methods apart: a PASS payment with a price is refused', () => {
    const appointment = {
      id: 'appt_1',
      type: 'appointment',
      status: 'SCHEDULED',
      customer: { id: 'cust_1', type: 'customer', firstname: 'Ada', lastname: 'Byron' },
      service: { id: 'svc_1', type: 'service', name: 'Massage', option_name: '60 min' },
      facilitator: { id: 'fac_1', type: 'facilitator', name: 'Sam' },
      datetime: '2026-12-01T09:30:00',
      tz: 'Europe/London',
      duration_minutes: 60,
      payment: { method: 'PASS', currency: 'CR', credits_used: 2, status: 'PAID' },
      notes: '',
      created_at: '2026-11-20T10:00:00',
    };
    const path = '/appointments/bookings/appt_1';
    expect(check('GET', path, 200, { data: appointment })).toEqual([]);
    expect(check('GET', path, 200, { data: { ...appointment, payment: { ...appointment.payment, base100_price_paid: 4500 } } })).not.toEqual([]);
    expect(check('GET', path, 200, { data: { ...appointment, payment: { ...appointment.payment, currency: 'GBP' } } })).not.toEqual([]);
  });

  it('checks a status the operation does not list against the Error schema', () => {
    expect(check('GET', '/customers', 418, { error: 'teapot' })).toEqual([]);
    expect(check('GET', '/customers', 418, { message: 'teapot' })).not.toEqual([]);
  });

  it('refuses a success on a path the document lacks', () => {
    expect(check('GET', '/wishlists', 200, { data: [] })).toEqual(['GET /wishlists -> 200: the document has no such response']);
  });

  it('requires the headers the document requires', () => {
    expect(check('GET', '/customers', 200, pageOf(customer), new Headers())).toEqual([
      'GET /customers -> 200: header RateLimit is required',
      'GET /customers -> 200: header RateLimit-Policy is required',
    ]);
  });
});

describe('every answer matches the document', () => {
  it('for every customer\'s records on every customer route', async () => {
    const items = new Map<string, number>();
    const problems: string[] = [];
    for (const customer of ids.customers) {
      for (const records of ['profile', 'bookings?startDate=2000-01-01', 'packages', 'videos', 'subscription-mandates', 'appointments', 'notes', 'questionnaire-answers']) {
        const answer = await exchange('GET', `/customer/${customer}/${records}`);
        if (answer.status !== 200) problems.push(`${answer.path}: ${answer.status}`);
        problems.push(...verdict(answer).problems);
        const count = Array.isArray(answer.body.data) ? answer.body.data.length : 1;
        items.set(records, (items.get(records) ?? 0) + count);
      }
    }
    expect(problems).toEqual([]);
    // Each schema met real items, not only empty pages.
    for (const [records, count] of items) expect({ records, some: count > 0 }).toEqual({ records, some: true });
  });

  const reads: [string, (ids: Ids) => string][] = [
    ['GET /customers', () => '/customers'],
    ['GET /customers, second page of 5', () => '/customers?page=1&pageSize=5'],
    ['GET /customer/{id}/bookings (last 3 months)', (i) => `/customer/${i.customer}/bookings`],
    ['GET /customer/{id}/bookings?future_only=true', (i) => `/customer/${i.customer}/bookings?future_only=true&startDate=2000-01-01`],
    ['GET /customer/{id}/bookings?future_only=false', (i) => `/customer/${i.customer}/bookings?future_only=false`],
    ['GET /customer/{id}/bookings with startDate and endDate', (i) => `/customer/${i.customer}/bookings?startDate=2026-06-01&endDate=2026-11-21`],
    ['GET /customer/{id}/bookings, page 1 of 2', (i) => `/customer/${i.customer}/bookings?startDate=2000-01-01&page=1&pageSize=2`],
    ['GET /customer/{id}/booking/{bookingId}', (i) => `/customer/${i.customer}/booking/${i.transaction}`],
    ['GET /customer/{id}/packages, page 0 of 1', (i) => `/customer/${i.customer}/packages?page=0&pageSize=1`],
    ['GET /customer/{id}/notes, page 1 of 1', (i) => `/customer/${i.customer}/notes?page=1&pageSize=1`],
    ['GET /appointments/bookings', () => '/appointments/bookings'],
    ['GET /appointments/bookings?status=SCHEDULED', () => '/appointments/bookings?status=SCHEDULED'],
    ['GET /appointments/bookings?status=COMPLETED', () => '/appointments/bookings?status=COMPLETED'],
    ['GET /appointments/bookings?status=NO_SHOW', () => '/appointments/bookings?status=NO_SHOW'],
    ['GET /appointments/bookings?status=CANCELLED', () => '/appointments/bookings?status=CANCELLED'],
    ['GET /appointments/bookings?facilitator_id', (i) => `/appointments/bookings?facilitator_id=${i.facilitator}&pageSize=100`],
    ['GET /appointments/bookings?customer_id', (i) => `/appointments/bookings?customer_id=${i.customer}`],
    ['GET /appointments/bookings?start_date&end_date', () => '/appointments/bookings?start_date=2026-11-01&end_date=2026-12-31'],
    ['GET /appointments/bookings, every filter', (i) => `/appointments/bookings?facilitator_id=${i.facilitator}&start_date=2026-01-01&end_date=2027-12-31&status=COMPLETED&page=0&pageSize=10`],
    ['GET /appointments/bookings/{id}', (i) => `/appointments/bookings/${i.appointment}`],
    ['GET /appointments/services', () => '/appointments/services'],
    ['GET /appointments/services/{id}', (i) => `/appointments/services/${i.service}`],
    ['GET /appointments/availability/{id}?date', (i) => `/appointments/availability/${i.facilitator}?date=2026-11-23`],
    ['GET /appointments/availability/{id}?date on a day off', (i) => `/appointments/availability/${i.facilitator}?date=2026-11-22`],
    ['GET /appointments/availability/{id}?start_date&end_date', (i) => `/appointments/availability/${i.facilitator}?start_date=2026-11-16&end_date=2026-11-29`],
    ['GET /appointments/availability/{id}?date&service_id', (i) => `/appointments/availability/${i.facilitator}?date=2026-11-23&service_id=${i.service}`],
    ['GET /events', () => '/events'],
    ['GET /events, page 1 of 2', () => '/events?page=1&pageSize=2'],
    ['GET /event/{id}', (i) => `/event/${i.event}`],
    ['GET /event/{id}/dates/{dateId}/register', (i) => `/event/${i.event}/dates/${i.bookedDate}/register`],
    ['GET /event/{id}/dates/{dateId}/register, page 0 of 1', (i) => `/event/${i.event}/dates/${i.bookedDate}/register?pageSize=1`],
    ['GET /subscription-plans', () => '/subscription-plans'],
    ['GET /subscription-plan/{id}', (i) => `/subscription-plan/${i.plan}`],
    ['GET /passes', () => '/passes'],
    ['GET /pass/{id}', (i) => `/pass/${i.pass}`],
    ['GET /pass/{id}/packages', (i) => `/pass/${i.pass}/packages`],
    ['GET /videos', () => '/videos'],
    ['GET /video/{id}', (i) => `/video/${i.video}`],
    ['GET /vouchers', () => '/vouchers'],
    ['GET /voucher/{id}', (i) => `/voucher/${i.voucher}`],
  ];

  it.each(reads)('%s: 200', async (_case, path) => {
    const answer = await exchange('GET', path(ids));
    expect(verdict(answer)).toEqual({ status: 200, problems: [] });
  });

  it('serves a repeated read from the cache, with X-Cache and Age as documented', async () => {
    const first = await exchange('GET', `/pass/${ids.pass}`);
    const second = await exchange('GET', `/pass/${ids.pass}`);
    expect([verdict(first), verdict(second)]).toEqual([
      { status: 200, problems: [] },
      { status: 200, problems: [] },
    ]);
    expect(second.headers.get('x-cache')).toBe('HIT');
  });

  const writes: [string, (ids: Ids) => string, unknown][] = [
    ['PUT /customer/{id}/profile', (i) => `/customer/${i.customer}/profile`, { firstname: 'Alena', lastname: 'Friesen', email: 'alena@example.org' }],
    ['PUT /customer/{id}/profile with mobile', (i) => `/customer/${i.customer}/profile`, { firstname: 'Alena', lastname: 'Friesen', email: 'alena@example.org', mobile: '+447700900245' }],
    ['PUT /subscription-plan/{id}', (i) => `/subscription-plan/${i.plan}`, { name: 'Annual membership', base100_price: 64000, interval: 'YEAR', active: true }],
    ['PUT /pass/{id}', (i) => `/pass/${i.pass}`, { validity_days: 120, credits: 10, description: 'Ten classes' }],
    ['PUT /video/{id}', (i) => `/video/${i.video}`, { access_days: null, credits: 2 }],
    ['PUT /voucher/{id}', (i) => `/voucher/${i.voucher}`, { percent_off: null, base100_amount_off: 300, valid_from: '2026-12-01', valid_until: null, max_redemptions: 50 }],
  ];

  it.each(writes)('%s: 200, with a body the document accepts', async (_case, path, body) => {
    const answer = await exchange('PUT', path(ids), { body });
    expect(requestValidator(doc)('PUT', path(ids), body)).toEqual([]);
    expect(verdict(answer)).toEqual({ status: 200, problems: [] });
  });

  it('PUT /voucher/{id} with a code in use: 409', async () => {
    const answer = await exchange('PUT', `/voucher/${ids.voucher}`, { body: { code: ids.otherVoucherCode } });
    expect(verdict(answer)).toEqual({ status: 409, problems: [] });
  });

  it('answered every route of the service with a 2xx above', () => {
    expect(routes.map(keyOf).filter((key) => !succeeded.has(key))).toEqual([]);
  });
});

describe('every error matches the document', () => {
  const badQueries: [string, (ids: Ids) => string, string][] = [
    ['pageSize above 100', () => '/customers?pageSize=101', 'pageSize'],
    ['pageSize 0', (i) => `/customer/${i.customer}/packages?pageSize=0`, 'pageSize'],
    ['a negative page', () => '/events?page=-1', 'page'],
    ['a pageSize that is not a number', () => '/passes?pageSize=ten', 'pageSize'],
    ['future_only that is not true or false', (i) => `/customer/${i.customer}/bookings?future_only=yes`, 'future_only'],
    ['startDate that is not a date', (i) => `/customer/${i.customer}/bookings?startDate=21-11-2026`, 'startDate'],
    ['endDate before startDate', (i) => `/customer/${i.customer}/bookings?startDate=2026-11-01&endDate=2026-10-01`, 'endDate'],
    ['an unknown status', () => '/appointments/bookings?status=PENDING', 'status'],
    ['start_date that is not a date', () => '/appointments/bookings?start_date=2026-13-01', 'start_date'],
    ['availability without a date', (i) => `/appointments/availability/${i.facilitator}`, 'date'],
    ['availability with date and start_date', (i) => `/appointments/availability/${i.facilitator}?date=2026-11-23&start_date=2026-11-23&end_date=2026-11-24`, 'date'],
    ['availability with start_date alone', (i) => `/appointments/availability/${i.facilitator}?start_date=2026-11-23`, 'end_date'],
  ];

  it.each(badQueries)('%s: 400 naming the parameter', async (_case, path, parameter) => {
    const answer = await exchange('GET', path(ids));
    expect(verdict(answer)).toEqual({ status: 400, problems: [] });
    expect(answer.body.error).toContain(parameter);
  });

  const badBodies: [string, (ids: Ids) => string, unknown, string][] = [
    ['a profile without email', (i) => `/customer/${i.customer}/profile`, { firstname: 'A', lastname: 'B' }, 'email'],
    ['a profile with a password', (i) => `/customer/${i.customer}/profile`, { firstname: 'A', lastname: 'B', email: 'a@example.org', password: 'x' }, 'password'],
    ['a profile with a bad email', (i) => `/customer/${i.customer}/profile`, { firstname: 'A', lastname: 'B', email: 'not an email' }, 'email'],
    ['a plan with an unknown interval', (i) => `/subscription-plan/${i.plan}`, { interval: 'DAY' }, 'interval'],
    ['a pass with no credits', (i) => `/pass/${i.pass}`, { credits: 0 }, 'credits'],
    ['a video with a price in pounds', (i) => `/video/${i.video}`, { base100_price: 12.5 }, 'base100_price'],
    ['a voucher with an empty code', (i) => `/voucher/${i.voucher}`, { code: '' }, 'code'],
    ['a voucher with an unknown field', (i) => `/voucher/${i.voucher}`, { discount: 5 }, 'discount'],
    ['a body that is a list', (i) => `/pass/${i.pass}`, [], 'body'],
    ['a plan change without any field', (i) => `/subscription-plan/${i.plan}`, {}, 'at least one field'],
  ];

  it.each(badBodies)('PUT %s: 400 naming the field, a body the document refuses too', async (_case, path, body, field) => {
    const answer = await exchange('PUT', path(ids), { body });
    expect(verdict(answer)).toEqual({ status: 400, problems: [] });
    expect(answer.body.error).toContain(field);
    expect(requestValidator(doc)('PUT', path(ids), body)).not.toEqual([]);
  });

  it('PUT with a body that is not JSON: 400', async () => {
    const answer = await exchange('PUT', `/pass/${ids.pass}`, { body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(verdict(answer)).toEqual({ status: 400, problems: [] });
  });

  /** A concrete path of each route's path, from real ids. */
  const EXAMPLES: Record<string, (ids: Ids) => string> = {
    '/customers': () => '/customers',
    '/customer/{id}/profile': (i) => `/customer/${i.customer}/profile`,
    '/customer/{id}/bookings': (i) => `/customer/${i.customer}/bookings`,
    '/customer/{id}/booking/{bookingId}': (i) => `/customer/${i.customer}/booking/${i.transaction}`,
    '/customer/{id}/packages': (i) => `/customer/${i.customer}/packages`,
    '/customer/{id}/videos': (i) => `/customer/${i.customer}/videos`,
    '/customer/{id}/subscription-mandates': (i) => `/customer/${i.customer}/subscription-mandates`,
    '/customer/{id}/appointments': (i) => `/customer/${i.customer}/appointments`,
    '/customer/{id}/notes': (i) => `/customer/${i.customer}/notes`,
    '/customer/{id}/questionnaire-answers': (i) => `/customer/${i.customer}/questionnaire-answers`,
    '/appointments/bookings': () => '/appointments/bookings',
    '/appointments/bookings/{id}': (i) => `/appointments/bookings/${i.appointment}`,
    '/appointments/services': () => '/appointments/services',
    '/appointments/services/{id}': (i) => `/appointments/services/${i.service}`,
    '/appointments/availability/{id}': (i) => `/appointments/availability/${i.facilitator}?date=2026-11-23`,
    '/events': () => '/events',
    '/event/{id}': (i) => `/event/${i.event}`,
    '/event/{id}/dates/{dateId}/register': (i) => `/event/${i.event}/dates/${i.bookedDate}/register`,
    '/subscription-plans': () => '/subscription-plans',
    '/subscription-plan/{id}': (i) => `/subscription-plan/${i.plan}`,
    '/passes': () => '/passes',
    '/pass/{id}': (i) => `/pass/${i.pass}`,
    '/pass/{id}/packages': (i) => `/pass/${i.pass}/packages`,
    '/videos': () => '/videos',
    '/video/{id}': (i) => `/video/${i.video}`,
    '/vouchers': () => '/vouchers',
    '/voucher/{id}': (i) => `/voucher/${i.voucher}`,
  };
  const concrete = (route: Route, i: Ids) => {
    const example = EXAMPLES[templateOf(route)];
    if (!example) throw new Error(`no example path for ${keyOf(route)}: add one to EXAMPLES`);
    return example(i);
  };
  const routeCases = routes.map((route) => [keyOf(route), route] as const);

  it.each(routeCases)('%s without a token: 401 with a bearer challenge', async (_key, route) => {
    const answer = await exchange(route.method, concrete(route, ids), { token: null, body: route.method === 'PUT' ? {} : undefined });
    expect(verdict(answer)).toEqual({ status: 401, problems: [] });
  });

  it.each(routeCases)('%s with a token that is not valid: 401', async (_key, route) => {
    const answer = await exchange(route.method, concrete(route, ids), { token: 'not.a.token', body: route.method === 'PUT' ? {} : undefined });
    expect(verdict(answer)).toEqual({ status: 401, problems: [] });
  });

  it.each(routeCases)('%s with every scope but its own: 403 naming the scope', async (_key, route) => {
    const withoutIt = await studio.token(ALL_SCOPES.filter((scope) => !route.scopes.includes(scope)));
    const answer = await exchange(route.method, concrete(route, ids), { token: withoutIt, body: route.method === 'PUT' ? {} : undefined });
    expect(verdict(answer)).toEqual({ status: 403, problems: [] });
    expect(answer.body.error).toBe(`Missing required scope: ${route.scopes[0]}`);
  });

  const unknownIds: [string, (ids: Ids) => string, string, unknown][] = [
    ['an unknown customer\'s profile', () => '/customer/cust_nobody/profile', 'GET', undefined],
    ['an unknown customer\'s new profile', () => '/customer/cust_nobody/profile', 'PUT', { firstname: 'A', lastname: 'B', email: 'a@example.org' }],
    ['an unknown customer\'s bookings', () => '/customer/cust_nobody/bookings', 'GET', undefined],
    ['an unknown transaction', (i) => `/customer/${i.customer}/booking/txn_nothing`, 'GET', undefined],
    ['another customer\'s transaction', (i) => `/customer/${i.customer}/booking/${i.othersTransaction}`, 'GET', undefined],
    ['an unknown customer\'s packages', () => '/customer/cust_nobody/packages', 'GET', undefined],
    ['an unknown customer\'s videos', () => '/customer/cust_nobody/videos', 'GET', undefined],
    ['an unknown customer\'s mandates', () => '/customer/cust_nobody/subscription-mandates', 'GET', undefined],
    ['an unknown customer\'s appointments', () => '/customer/cust_nobody/appointments', 'GET', undefined],
    ['an unknown customer\'s notes', () => '/customer/cust_nobody/notes', 'GET', undefined],
    ['an unknown customer\'s answers', () => '/customer/cust_nobody/questionnaire-answers', 'GET', undefined],
    ['an unknown appointment', () => '/appointments/bookings/appt_nothing', 'GET', undefined],
    ['an unknown service', () => '/appointments/services/svc_nothing', 'GET', undefined],
    ['an unknown facilitator\'s availability', () => '/appointments/availability/fac_nobody?date=2026-11-23', 'GET', undefined],
    ['an unknown event', () => '/event/evt_nothing', 'GET', undefined],
    ['an unknown event\'s register', (i) => `/event/evt_nothing/dates/${i.bookedDate}/register`, 'GET', undefined],
    ['an unknown date\'s register', (i) => `/event/${i.event}/dates/date_nothing/register`, 'GET', undefined],
    ['an unknown plan', () => '/subscription-plan/plan_nothing', 'GET', undefined],
    ['an unknown plan, changed', () => '/subscription-plan/plan_nothing', 'PUT', { active: false }],
    ['an unknown pass', () => '/pass/pass_nothing', 'GET', undefined],
    ['an unknown pass\'s packages', () => '/pass/pass_nothing/packages', 'GET', undefined],
    ['an unknown pass, changed', () => '/pass/pass_nothing', 'PUT', { active: false }],
    ['an unknown video', () => '/video/media_nothing', 'GET', undefined],
    ['an unknown video, changed', () => '/video/media_nothing', 'PUT', { active: false }],
    ['an unknown voucher', () => '/voucher/vch_nothing', 'GET', undefined],
    ['an unknown voucher, changed', () => '/voucher/vch_nothing', 'PUT', { active: false }],
    ['a path that is no endpoint', () => '/wishlists', 'GET', undefined],
  ];

  it.each(unknownIds)('%s: 404', async (_case, path, method, body) => {
    const answer = await exchange(method, path(ids), { body });
    expect(verdict(answer)).toEqual({ status: 404, problems: [] });
  });

  const paths = [...new Set(routes.map((route) => route.path))].map((path) => [path.replace(/:(\w+)/g, '{$1}'), routes.find((r) => r.path === path)!] as const);

  it.each(paths)('DELETE %s: 405 with Allow', async (_path, route) => {
    const answer = await exchange('DELETE', concrete(route, ids));
    expect(verdict(answer)).toEqual({ status: 405, problems: [] });
    expect(answer.headers.get('allow')).toBe(routes.filter((r) => r.path === route.path).map((r) => r.method).join(', '));
  });

  it('POST /customers: 405', async () => {
    expect(verdict(await exchange('POST', '/customers', { body: {} }))).toEqual({ status: 405, problems: [] });
  });
});

describe('the calls above', () => {
  it('sent only query parameters that their operations document', () => {
    expect([...undocumentedQuery]).toEqual([]);
  });
});

describe('POST /token answers as documented', () => {
  let credentials: { client_id: string; client_secret: string };
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

  beforeAll(async () => {
    const { orm, serverKey, clock } = studio.app.services;
    credentials = await createApiClient(orm, serverKey, { companyId: studio.companyId, name: 'token cases', scopes: 'customers:read profile:read' }, clock.now());
  });

  const cases: [string, () => { body?: unknown; headers?: Record<string, string> }, number][] = [
    ['a JSON body', () => ({ body: credentials }), 200],
    ['a JSON body with grant_type', () => ({ body: { ...credentials, grant_type: 'client_credentials' } }), 200],
    ['the OAuth form', () => ({ body: form({ grant_type: 'client_credentials', ...credentials }), headers: FORM }), 200],
    ['the OAuth form with HTTP Basic', () => ({ body: form({ grant_type: 'client_credentials' }), headers: { ...FORM, authorization: basic(credentials.client_id, credentials.client_secret) } }), 200],
    ['no secret', () => ({ body: { client_id: credentials.client_id } }), 400],
    ['another grant type', () => ({ body: form({ grant_type: 'password', ...credentials }), headers: FORM }), 400],
    ['a body that is not JSON', () => ({ body: '{"client_id"', headers: { 'content-type': 'application/json' } }), 400],
    ['a wrong secret', () => ({ body: { client_id: credentials.client_id, client_secret: '0'.repeat(64) } }), 401],
    ['a wrong secret by HTTP Basic', () => ({ body: form({ grant_type: 'client_credentials' }), headers: { ...FORM, authorization: basic(credentials.client_id, 'f'.repeat(64)) } }), 401],
  ];

  it.each(cases)('with %s: %d', async (_case, request, status) => {
    const answer = await exchange('POST', '/token', { token: null, ...request() });
    expect(verdict(answer)).toEqual({ status, problems: [] });
  });

  it('GET /token: 405', async () => {
    expect(verdict(await exchange('GET', '/token', { token: null }))).toEqual({ status: 405, problems: [] });
  });
});

describe('rate limits answer as documented', () => {
  let limited: Studio;
  let limitedDoc: Json;

  beforeAll(async () => {
    // In process (no Redis), so the failed logins below count against this server only.
    limited = await startStudio({ env: { REDIS_URL: '', M2M_RATE_PER_MINUTE: '1' } });
    limitedDoc = (await call(`${limited.m2m}/openapi.json`, null)).body;
  });
  afterAll(() => limited?.close());

  it('a second call within the minute: 429 with Retry-After and the RateLimit fields', async () => {
    const limitedCheck = responseValidator(limitedDoc);
    const token = await limited.token(['customers:read']);
    const first = await call(`${limited.m2m}/customers`, token);
    const second = await call(`${limited.m2m}/customers`, token);
    expect([first.status, second.status]).toEqual([200, 429]);
    expect(limitedCheck('GET', '/customers', second.status, second.body, second.headers)).toEqual([]);
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(second.headers.get('ratelimit')).toContain('"minute";r=0');
  });

  it('repeated failed token requests: 429 with Retry-After', async () => {
    const limitedCheck = responseValidator(limitedDoc);
    const attempt = () => call(`${limited.m2m}/token`, null, { method: 'POST', body: { client_id: 'm2m_guessing', client_secret: 'f'.repeat(64) } });
    let answer = await attempt();
    for (let tries = 1; answer.status === 401 && tries < 50; tries++) answer = await attempt();
    expect(answer.status).toBe(429);
    expect(limitedCheck('POST', '/token', answer.status, answer.body, answer.headers)).toEqual([]);
  });
});
