/**
 * The v1 OpenAPI document (`/api/v1/openapi.json`): a valid OpenAPI 3.1 document of exactly the served
 * routes, and every answer of the real server (successes and errors, on every route) matches it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildSchema } from '../resolvers/index.ts';
import type { Route } from '../rest/route.ts';
import { compileV1Routes } from '../rest/v1/index.ts';
import { v1OpenApi } from '../rest/v1/openapi.ts';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { createV1Key } from '../src/domain/v1-keys.ts';
import { operationLocator, operations, requestValidator, resolvePointer, responseValidator, unresolvedRefs, type ResponseCheck, uncompilableSchemas, badOperationIds } from './support/openapi.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

type Json = Record<string, any>;

const routes: Route[] = compileV1Routes(buildSchema());
const templateOf = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const keyOf = (route: Route) => `${route.method} ${templateOf(route.path)}`;

/** docs/v1.md, "Errors": the codes of `error.code` and the rules of a validation failure. */
const ERROR_CODES = [
  'VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED', 'RATE_LIMITED', 'PAYLOAD_TOO_LARGE', 'INTERNAL_ERROR',
];
const RULES = ['required', 'type', 'format', 'enum', 'min', 'max', 'unknown'];

/** Ids of the company's records, from list responses, and of the records the calls below create. */
interface Ids {
  customer: string;
  /** The event with the most spaces booked. */
  bookedEvent: string;
  pass: string;
  customerPass: string;
  /** Created below. */
  newCustomer: string;
  newEvent: string;
  emptyEvent: string;
  newPass: string;
  inactivePass: string;
  assigned: string;
  webhook: string;
  doomedWebhook: string;
  otherWebhook: string;
  /** The endCursor of the first page of the catch-up list. */
  cursor: string;
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
const ids = {} as Ids;
/** `METHOD /template` of every operation answered with a 2xx. */
const succeeded = new Set<string>();
/** Query parameters sent that the operation does not document. */
const undocumentedQuery = new Set<string>();
/** Every customer pass and registration status seen in an answer. */
const statusesSeen = { customerPass: new Set<string>(), registration: new Set<string>() };

async function exchange(method: string, path: string, options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {}): Promise<Exchange> {
  const response = await call(`${studio.v1}${path}`, options.token === undefined ? token : options.token, { method, body: options.body, headers: options.headers });
  const located = locate(method, path);
  if (response.status < 300 && located?.operation) succeeded.add(located.key);
  if (located?.operation) {
    const documented = (located.operation.parameters ?? []).map((p: Json) => (p.$ref ? resolvePointer(doc, p.$ref) : p) as Json);
    for (const name of new URLSearchParams(path.split('?')[1] ?? '').keys()) {
      if (!documented.some((p: Json) => p.in === 'query' && p.name === name)) undocumentedQuery.add(`${name} of ${located.key}`);
    }
  }
  const body = response.body;
  for (const pass of body?.customerPasses ?? (body?.id?.startsWith?.('cp_') ? [body] : [])) statusesSeen.customerPass.add(pass.status);
  for (const registration of body?.registrations ?? []) statusesSeen.registration.add(registration.status);
  return { method, path, ...response };
}

/** The status, and the problems of the answer against the document (none, when it matches). */
const verdict = (answer: Exchange) => ({ status: answer.status, problems: check(answer.method, answer.path, answer.status, answer.body, answer.headers) });

const read = async (path: string) => {
  const answer = await exchange('GET', path);
  expect(verdict(answer)).toEqual({ status: 200, problems: [] });
  return answer.body as Json;
};

beforeAll(async () => {
  studio = await startStudio({
    clock: new FixedClock('2026-11-21T12:00:00Z'),
    bundle: generateBundle({ seed: 7, customers: 30, today: '2026-11-21' }),
    env: { V1_RATE_PER_MINUTE: '100000' },
  });
  doc = (await call(`${studio.v1}/openapi.json`, null)).body;
  check = responseValidator(doc);
  locate = operationLocator(doc);
  token = await studio.v1Token();

  ids.customer = (await read('/customers')).customers[0].id;
  const events: Json[] = (await read('/events?perPage=100')).events;
  const booked = (event: Json) => event.dates.reduce((sum: number, d: Json) => sum + d.spacesBooked, 0);
  ids.bookedEvent = [...events].sort((a, b) => booked(b) - booked(a))[0]!.id;
  ids.pass = (await read('/passes?perPage=100')).passes.find((p: Json) => p.active).id;
  ids.customerPass = (await read('/customer-passes')).customerPasses[0].id;
});

afterAll(() => studio?.close());

describe('the document', () => {
  it('is served at /api/v1/openapi.json without a token, as OpenAPI 3.1', async () => {
    const answer = await call(`${studio.v1}/openapi.json`, null);
    expect({ status: answer.status, openapi: answer.body.openapi, servers: answer.body.servers }).toEqual({
      status: 200,
      openapi: '3.1.0',
      servers: [{ url: '/api/v1', description: expect.any(String) }],
    });
  });

  it('is what v1OpenApi builds from the routes', () => {
    expect(doc).toEqual(v1OpenApi(routes, '/api/v1'));
  });

  it('resolves every $ref', () => {
    expect(unresolvedRefs(doc)).toEqual([]);
  });

  it('has schemas that all compile as JSON Schema 2020-12', () => {
    const { failures, checked } = uncompilableSchemas(doc);
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });

  it('gives every operation a unique operationId', () => {
    expect(badOperationIds(doc)).toEqual([]);
  });

  it('documents exactly the routes the service serves, plus /auth/token and itself', () => {
    expect(operations(doc).map((o) => o.key).sort()).toEqual([...routes.map(keyOf), 'POST /auth/token', 'GET /openapi.json'].sort());
  });

  it('serves the endpoints of document 2, section 4 (the table\'s 20th is POST /auth/token), and the webhook endpoints of docs/v1.md', () => {
    expect(routes.map(keyOf).sort()).toEqual(
      [
        'GET /customers', 'GET /customers/{id}', 'POST /customers', 'PUT /customers/{id}', 'DELETE /customers/{id}',
        'GET /events', 'GET /events/{id}', 'POST /events', 'PUT /events/{id}', 'DELETE /events/{id}', 'GET /events/{id}/registrations',
        'GET /passes', 'GET /passes/{id}', 'POST /passes', 'PUT /passes/{id}',
        'GET /customer-passes', 'GET /customer-passes/{id}', 'POST /customer-passes', 'PUT /customer-passes/{id}',
        'GET /webhooks', 'POST /webhooks', 'GET /webhooks/{id}', 'PUT /webhooks/{id}', 'DELETE /webhooks/{id}', 'GET /webhooks/{id}/deliveries',
        'GET /webhook-events',
      ].sort(),
    );
  });

  it('documents the path parameters of every route', () => {
    for (const route of routes) {
      const { operation } = operations(doc).find((o) => o.key === keyOf(route))!;
      const documented = operation.parameters.filter((p: Json) => p.in === 'path').map((p: Json) => p.name);
      expect({ route: keyOf(route), parameters: documented }).toEqual({ route: keyOf(route), parameters: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]) });
    }
  });

  const successStatuses: [string, string][] = [
    ['POST /customers', '201'], ['POST /events', '201'], ['POST /passes', '201'], ['POST /customer-passes', '201'],
    ['DELETE /customers/{id}', '204'], ['DELETE /events/{id}', '200'], ['PUT /customers/{id}', '200'], ['GET /customer-passes', '200'],
    ['POST /webhooks', '201'], ['DELETE /webhooks/{id}', '204'], ['GET /webhook-events', '200'],
  ];
  it.each(successStatuses)('answers %s with %s', (key, status) => {
    const { operation } = operations(doc).find((o) => o.key === key)!;
    expect(Object.keys(operation.responses).filter((s) => Number(s) < 300)).toEqual([status]);
  });

  it('gives DELETE /customers/{id} no body', () => {
    expect(doc.paths['/customers/{id}'].delete.responses['204'].content).toBeUndefined();
  });

  it('takes Idempotency-Key on every authenticated POST, and says when an answer is replayed', () => {
    for (const { key, operation } of operations(doc).filter((o) => o.method === 'post' && o.key !== 'POST /auth/token')) {
      expect({ key, parameters: operation.parameters }).toEqual({ key, parameters: expect.arrayContaining([{ $ref: '#/components/parameters/IdempotencyKey' }]) });
      expect({ key, headers: Object.keys(operation.responses['201'].headers) }).toEqual({ key, headers: expect.arrayContaining(['Idempotent-Replayed']) });
      expect({ key, conflict: operation.responses['409'] }).toEqual({ key, conflict: { $ref: '#/components/responses/Conflict' } });
    }
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
  });

  it('pages from 1, perPage 1 to 100 (25 by default), on every list of records; the webhook lists by limit and cursor', () => {
    expect(doc.components.parameters.page.schema).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
    expect(doc.components.parameters.perPage.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 25 });
    const lists = operations(doc).filter((o) => o.operation.operationId.startsWith('list'));
    const webhookLists = ['GET /webhook-events', 'GET /webhooks', 'GET /webhooks/{id}/deliveries'];
    expect(lists.map((o) => o.key).sort()).toEqual(['GET /customer-passes', 'GET /customers', 'GET /events', 'GET /events/{id}/registrations', 'GET /passes', ...webhookLists]);
    for (const { key, operation } of lists.filter((o) => !webhookLists.includes(o.key))) {
      expect({ key, parameters: operation.parameters }).toEqual({ key, parameters: expect.arrayContaining([{ $ref: '#/components/parameters/page' }, { $ref: '#/components/parameters/perPage' }]) });
    }
    const query = (key: string) => operations(doc).find((o) => o.key === key)!.operation.parameters.filter((p: Json) => p.in === 'query').map((p: Json) => [p.name, p.schema]);
    expect(query('GET /webhook-events')).toEqual([['after', { type: 'string', maxLength: 100 }], ['limit', { type: 'integer', minimum: 1, maximum: 100, default: 100 }], ['kinds', expect.any(Object)]]);
    expect(query('GET /webhooks/{id}/deliveries')).toEqual([['limit', { type: 'integer', minimum: 1, maximum: 100, default: 50 }]]);
  });

  it('has the error codes and validation rules that docs/v1.md lists', () => {
    const { Error: error, ValidationError: validation } = doc.components.schemas;
    expect(error.properties.error.properties.code.enum).toEqual(ERROR_CODES);
    expect(error.properties.error.required).toEqual(['code', 'message', 'details']);
    expect(validation.properties.error.properties.details).toMatchObject({ required: ['field', 'rule'], additionalProperties: false });
    expect(validation.properties.error.properties.details.properties.rule.enum).toEqual(RULES);
  });

  const formats: [string, string, Json][] = [
    ['Customer', 'createdAt', { format: 'date-time' }],
    ['Customer', 'updatedAt', { format: 'date-time' }],
    ['CustomerListItem', 'createdAt', { format: 'date-time' }],
    ['Event', 'createdAt', { format: 'date-time' }],
    ['EventDate', 'startsAt', { format: 'date-time' }],
    ['Registration', 'eventDate', { format: 'date-time' }],
    ['Pass', 'updatedAt', { format: 'date-time' }],
    ['CustomerPass', 'startDate', { format: 'date' }],
    ['CustomerPass', 'expiryDate', { format: 'date' }],
    ['CustomerPass', 'status', { enum: ['active', 'pending', 'expired', 'used', 'cancelled'] }],
    ['Registration', 'status', { enum: ['confirmed', 'cancelled'] }],
    ['PricingOption', 'price', { type: 'number' }],
    ['EventDeletion', 'status', { enum: ['archived', 'deleted'] }],
    ['Token', 'expiresIn', { const: 3600 }],
    ['CustomerPassCreate', 'startDate', { format: 'date' }],
    ['EventDateInput', 'startsAt', { format: 'date-time' }],
    ['PassCreate', 'price', { multipleOf: 0.01 }],
    ['CustomerCreate', 'email', { format: 'email', maxLength: 254 }],
  ];
  it.each(formats)('%s.%s is %j', (schema, property, expected) => {
    expect(doc.components.schemas[schema].properties[property]).toMatchObject(expected);
  });

  it('is strict: every object schema lists its properties and refuses others', () => {
    const loose: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`));
      if (!node || typeof node !== 'object') return;
      const schema = node as Json;
      if (schema.type === 'object' && schema.properties && schema.additionalProperties !== false) loose.push(at);
      for (const [key, value] of Object.entries(schema)) visit(value, `${at}/${key}`);
    };
    visit(doc.components.schemas, '#/components/schemas');
    expect(loose).toEqual([]);
  });

  it('describes the conventions', () => {
    const { description } = doc.info;
    for (const words of ['camelCase', 'UTC', 'decimal', '`cust_`', '`evt_`', '`date_`', '`po-`', '`pass_`', '`cp_`', '`reg_`', 'counts from 1', 'Idempotency-Key', 'RateLimit']) {
      expect({ words, described: description.includes(words) }).toEqual({ words, described: true });
    }
  });

  it('refuses to document a route it has no schema row for, so the server would not start', () => {
    const wishlist: Route = { ...routes[0]!, method: 'GET', path: '/customers/:id/wishlist' };
    expect(() => v1OpenApi([...routes, wishlist], '/api/v1')).toThrow('GET /customers/:id/wishlist has no response schema');
  });
});

describe('the checker', () => {
  const customerPass = { id: 'cp_1', customerId: 'cust_1', passId: 'pass_1', remainingUses: 3, startDate: '2026-11-20', expiryDate: '2026-12-20', status: 'active' };
  const path = '/customer-passes/cp_1';

  it('accepts a customer pass that matches', () => {
    expect(check('GET', path, 200, customerPass)).toEqual([]);
  });

  it.each([
    ['a status in capitals', { ...customerPass, status: 'ACTIVE' }, 'must be equal to one of the allowed values'],
    ['a start date with a time', { ...customerPass, startDate: '2026-11-20T00:00:00Z' }, 'must match format "date"'],
    ['an extra field', { ...customerPass, totalUses: 3 }, '(totalUses)'],
    ['a field missing', { ...customerPass, expiryDate: undefined }, "must have required property 'expiryDate'"],
    ['a package_ id', { ...customerPass, id: 'package_1' }, 'must match pattern'],
  ])('refuses a customer pass with %s', (_case, body, problem) => {
    expect(check('GET', path, 200, JSON.parse(JSON.stringify(body))).join('\n')).toContain(problem);
  });

  it('refuses a validation error without its rule, or with an unknown one', () => {
    const error = (details: unknown) => ({ error: { code: 'VALIDATION_ERROR', message: 'email: is required', details } });
    expect(check('POST', '/customers', 400, error({ field: 'email', rule: 'required' }))).toEqual([]);
    expect(check('POST', '/customers', 400, error({ field: 'email' }))).not.toEqual([]);
    expect(check('POST', '/customers', 400, error({ field: 'email', rule: 'mandatory' }))).not.toEqual([]);
    expect(check('POST', '/customers', 400, { error: { code: 'NOT_FOUND', message: 'x', details: {} } })).not.toEqual([]);
  });

  it('refuses an event whose price is a string, and a 204 with a body', () => {
    const option = { id: 'po-1', name: 'Drop-in', price: 15.5, credits: 1, currency: 'GBP' };
    const event = { id: 'evt_1', name: 'Yoga', description: '', kind: 'SCHEDULE', timezone: 'Europe/London', archived: false, dates: [], pricingOptions: [option], createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };
    expect(check('GET', '/events/evt_1', 200, event)).toEqual([]);
    expect(check('GET', '/events/evt_1', 200, { ...event, pricingOptions: [{ ...option, price: '15.50' }] }).join('\n')).toContain('/pricingOptions/0/price must be number');
    expect(check('DELETE', '/customers/cust_1', 204, { deleted: true })).toEqual(['DELETE /customers/cust_1 -> 204: (body) is documented as empty']);
  });

  it('checks a 405 against the 405 the path documents, Allow included', () => {
    const body = { error: { code: 'METHOD_NOT_ALLOWED', message: 'Method not allowed: use GET, PUT', details: { allowed: ['GET', 'PUT'] } } };
    expect(check('DELETE', '/passes/pass_1', 405, body, new Headers({ RateLimit: '"minute";r=1;t=60', 'RateLimit-Policy': '"minute";q=100;w=60' }))).toEqual([
      'DELETE /passes/pass_1 -> 405: header Allow is required',
    ]);
  });
});

/** One call of the walk below: what to send, the status it must answer, and what to keep of the answer. */
interface Step {
  method: string;
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  status: number;
  keep?: (body: Json) => void;
}

const START = '2026-11-21';
const steps: [string, Step][] = [
  ['list customers', { method: 'GET', path: () => '/customers', status: 200 }],
  ['list customers, page 2 of 5', { method: 'GET', path: () => '/customers?page=2&perPage=5', status: 200 }],
  ['get a customer', { method: 'GET', path: (i) => `/customers/${i.customer}`, status: 200 }],
  [
    'create a customer',
    {
      method: 'POST',
      path: () => '/customers',
      body: () => ({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobile: '+447700900123' }),
      status: 201,
      keep: (b) => (ids.newCustomer = b.id),
    },
  ],
  ['create a customer without a mobile', { method: 'POST', path: () => '/customers', body: () => ({ firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' }), status: 201 }],
  ['update a customer', { method: 'PUT', path: (i) => `/customers/${i.newCustomer}`, body: () => ({ lastName: 'Murray Hopper' }), status: 200 }],
  ['clear a mobile and archive', { method: 'PUT', path: (i) => `/customers/${i.newCustomer}`, body: () => ({ mobile: null, archived: true }), status: 200 }],
  ['delete a customer', { method: 'DELETE', path: (i) => `/customers/${i.newCustomer}`, status: 204 }],

  ['list events', { method: 'GET', path: () => '/events', status: 200 }],
  ['list events with archived ones, page 2 of 2', { method: 'GET', path: () => '/events?includeArchived=true&page=2&perPage=2', status: 200 }],
  ['get an event', { method: 'GET', path: (i) => `/events/${i.bookedEvent}`, status: 200 }],
  [
    'create an event with dates and pricing options',
    {
      method: 'POST',
      path: () => '/events',
      body: () => ({
        name: 'Sound Bath',
        description: 'Gongs',
        timezone: 'Europe/London',
        dates: [{ startsAt: '2026-12-05T18:00:00Z', durationMinutes: 60, capacity: 12 }, { startsAt: '2026-12-12T18:00:00+01:00', durationMinutes: 90, capacity: 8 }],
        pricingOptions: [{ name: 'Drop-in', price: 15.5, credits: 1 }, { name: 'Free', price: 0, credits: 0 }],
      }),
      status: 201,
      keep: (b) => (ids.newEvent = b.id),
    },
  ],
  ['create an event with a name only', { method: 'POST', path: () => '/events', body: () => ({ name: 'Empty' }), status: 201, keep: (b) => (ids.emptyEvent = b.id) }],
  [
    'update an event, adding a date and a pricing option',
    {
      method: 'PUT',
      path: (i) => `/events/${i.newEvent}`,
      body: () => ({ description: 'Gongs and bowls', addDates: [{ startsAt: '2026-12-19T18:00:00Z', durationMinutes: 60, capacity: 12 }], addPricingOptions: [{ name: 'Pair', price: 25.99, credits: 2 }] }),
      status: 200,
    },
  ],
  ['archive an event', { method: 'PUT', path: (i) => `/events/${i.newEvent}`, body: () => ({ archived: true }), status: 200 }],
  ['list registrations of an event', { method: 'GET', path: (i) => `/events/${i.bookedEvent}/registrations?perPage=100`, status: 200 }],
  ['list registrations, page 2 of 1', { method: 'GET', path: (i) => `/events/${i.bookedEvent}/registrations?page=2&perPage=1`, status: 200 }],
  ['delete an event with registrations (archived)', { method: 'DELETE', path: (i) => `/events/${i.bookedEvent}`, status: 200 }],
  ['delete an event without registrations', { method: 'DELETE', path: (i) => `/events/${i.emptyEvent}`, status: 200 }],

  ['list pass types', { method: 'GET', path: () => '/passes', status: 200 }],
  ['get a pass type', { method: 'GET', path: (i) => `/passes/${i.pass}`, status: 200 }],
  [
    'create a pass type',
    { method: 'POST', path: () => '/passes', body: () => ({ name: '3 classes', description: 'Any class', credits: 3, validityDays: 30, price: 27, active: true }), status: 201, keep: (b) => (ids.newPass = b.id) },
  ],
  ['update a pass type', { method: 'PUT', path: (i) => `/passes/${i.newPass}`, body: () => ({ price: 25.99, name: 'Three classes' }), status: 200 }],
  [
    'create a pass type that is not on sale',
    { method: 'POST', path: () => '/passes', body: () => ({ name: 'Retired', credits: 1, validityDays: 1, price: 1, active: false }), status: 201, keep: (b) => (ids.inactivePass = b.id) },
  ],

  ['list customer passes', { method: 'GET', path: () => '/customer-passes', status: 200 }],
  ['list customer passes of a customer', { method: 'GET', path: (i) => `/customer-passes?customerId=${i.customer}`, status: 200 }],
  ['list customer passes of a pass type, page 1 of 2', { method: 'GET', path: (i) => `/customer-passes?passId=${i.pass}&page=1&perPage=2`, status: 200 }],
  ['get a customer pass', { method: 'GET', path: (i) => `/customer-passes/${i.customerPass}`, status: 200 }],
  [
    'assign a pass from today (active)',
    { method: 'POST', path: () => '/customer-passes', body: (i) => ({ customerId: i.customer, passId: i.newPass, startDate: START }), status: 201, keep: (b) => (ids.assigned = b.id) },
  ],
  ['assign a pass from next month (pending)', { method: 'POST', path: () => '/customer-passes', body: (i) => ({ customerId: i.customer, passId: i.newPass, startDate: '2026-12-21' }), status: 201 }],
  ['assign a pass from last year (expired)', { method: 'POST', path: () => '/customer-passes', body: (i) => ({ customerId: i.customer, passId: i.newPass, startDate: '2025-11-21' }), status: 201 }],
  ['use up a customer pass (used)', { method: 'PUT', path: (i) => `/customer-passes/${i.assigned}`, body: () => ({ remainingUses: 0 }), status: 200 }],
  ['move the expiry date', { method: 'PUT', path: (i) => `/customer-passes/${i.assigned}`, body: () => ({ expiryDate: '2027-01-31', remainingUses: 2 }), status: 200 }],
  ['cancel a customer pass', { method: 'PUT', path: (i) => `/customer-passes/${i.assigned}`, body: () => ({ status: 'cancelled' }), status: 200 }],
  ['restore a customer pass', { method: 'PUT', path: (i) => `/customer-passes/${i.assigned}`, body: () => ({ status: 'active' }), status: 200 }],

  ['list webhook endpoints (none yet)', { method: 'GET', path: () => '/webhooks', status: 200 }],
  [
    'add a webhook endpoint, disabled, with its secret',
    {
      method: 'POST',
      path: () => '/webhooks',
      body: () => ({ url: 'https://8.8.8.8/hooks', events: ['customer.created', 'registration.cancelled'], enabled: false }),
      status: 201,
      keep: (b) => (ids.webhook = b.id),
    },
  ],
  ['add another', { method: 'POST', path: () => '/webhooks', body: () => ({ url: 'https://8.8.4.4/hooks', events: ['appointment.booked'], enabled: false }), status: 201, keep: (b) => (ids.doomedWebhook = b.id) }],
  ['add a third', { method: 'POST', path: () => '/webhooks', body: () => ({ url: 'https://1.1.1.1/hooks', events: ['customer.deleted'], enabled: false }), status: 201, keep: (b) => (ids.otherWebhook = b.id) }],
  ['list webhook endpoints', { method: 'GET', path: () => '/webhooks', status: 200 }],
  ['get a webhook endpoint', { method: 'GET', path: (i) => `/webhooks/${i.webhook}`, status: 200 }],
  ['change its kinds', { method: 'PUT', path: (i) => `/webhooks/${i.webhook}`, body: () => ({ events: ['customer.updated', 'subscription.renewed'] }), status: 200 }],
  ['read its delivery log', { method: 'GET', path: (i) => `/webhooks/${i.webhook}/deliveries?limit=10`, status: 200 }],
  ['delete a webhook endpoint', { method: 'DELETE', path: (i) => `/webhooks/${i.doomedWebhook}`, status: 204 }],
  ['catch up on events, 3 at a time', { method: 'GET', path: () => '/webhook-events?limit=3', status: 200, keep: (b) => (ids.cursor = b.endCursor) }],
  ['catch up from a cursor', { method: 'GET', path: (i) => `/webhook-events?after=${i.cursor}`, status: 200 }],
  ['catch up on some kinds only', { method: 'GET', path: () => '/webhook-events?kinds=customer.created,customer.updated,pass.purchased', status: 200 }],
];

describe('every answer matches the document', () => {
  it.each(steps)('%s', async (_case, step) => {
    const body = step.body?.(ids);
    const answer = await exchange(step.method, step.path(ids), { body });
    if (body !== undefined) expect(requestValidator(doc)(step.method, step.path(ids), body)).toEqual([]);
    expect(verdict(answer)).toEqual({ status: step.status, problems: [] });
    step.keep?.(answer.body);
  });

  it('showed every customer pass status and both registration statuses above', () => {
    expect([...statusesSeen.customerPass].sort()).toEqual(['active', 'cancelled', 'expired', 'pending', 'used']);
    expect([...statusesSeen.registration].sort()).toEqual(['cancelled', 'confirmed']);
  });

  it('POST /auth/token: 200 with Cache-Control: no-store', async () => {
    const { orm, serverKey } = studio.app.services;
    const key = await createV1Key(orm, serverKey, { companyId: studio.companyId, name: 'document test' });
    const answer = await exchange('POST', '/auth/token', { token: null, body: key });
    expect(verdict(answer)).toEqual({ status: 200, problems: [] });
    expect(requestValidator(doc)('POST', '/auth/token', key)).toEqual([]);
  });

  it('a POST repeated with its Idempotency-Key: the first answer again, marked replayed', async () => {
    const request = { body: { firstName: 'Katherine', lastName: 'Johnson', email: 'katherine@example.com' }, headers: { 'Idempotency-Key': 'katherine-1' } };
    const first = await exchange('POST', '/customers', request);
    const again = await exchange('POST', '/customers', request);
    expect([verdict(first), verdict(again)]).toEqual([
      { status: 201, problems: [] },
      { status: 201, problems: [] },
    ]);
    expect({ replayed: again.headers.get('idempotent-replayed'), same: again.body.id === first.body.id }).toEqual({ replayed: 'true', same: true });
  });

  it('answered every route of the service with a 2xx above', () => {
    expect(routes.map(keyOf).filter((key) => !succeeded.has(key))).toEqual([]);
  });
});

/** A concrete path of each route's path, from real ids. */
const EXAMPLES: Record<string, (ids: Ids) => string> = {
  '/customers': () => '/customers',
  '/customers/{id}': (i) => `/customers/${i.customer}`,
  '/events': () => '/events',
  '/events/{id}': (i) => `/events/${i.newEvent}`,
  '/events/{id}/registrations': (i) => `/events/${i.bookedEvent}/registrations`,
  '/passes': () => '/passes',
  '/passes/{id}': (i) => `/passes/${i.pass}`,
  '/customer-passes': () => '/customer-passes',
  '/customer-passes/{id}': (i) => `/customer-passes/${i.customerPass}`,
  '/webhooks': () => '/webhooks',
  '/webhooks/{id}': (i) => `/webhooks/${i.webhook}`,
  '/webhooks/{id}/deliveries': (i) => `/webhooks/${i.webhook}/deliveries`,
  '/webhook-events': () => '/webhook-events',
};
const concrete = (route: Route, i: Ids) => {
  const example = EXAMPLES[templateOf(route.path)];
  if (!example) throw new Error(`no example path for ${keyOf(route)}: add one to EXAMPLES`);
  return example(i);
};
const routeCases = routes.map((route) => [keyOf(route), route] as const);
const bodyOf = (route: Route) => (route.method === 'POST' || route.method === 'PUT' ? {} : undefined);

describe('every error matches the document', () => {
  const badQueries: [string, string, string, string][] = [
    ['page 0', '/customers?page=0', 'page', 'min'],
    ['perPage 0', '/events?perPage=0', 'perPage', 'min'],
    ['perPage 101', '/passes?perPage=101', 'perPage', 'max'],
    ['a page that is not a number', '/customer-passes?page=two', 'page', 'type'],
    ['includeArchived that is not true or false', '/events?includeArchived=yes', 'includeArchived', 'type'],
    ['perPage given twice', '/customers?perPage=5&perPage=6', 'perPage', 'type'],
    ['a cursor the list did not give', '/webhook-events?after=bm90LWEtY3Vyc29y', 'after', 'format'],
    ['101 events', '/webhook-events?limit=101', 'limit', 'max'],
    ['no events', '/webhook-events?limit=0', 'limit', 'min'],
    ['an unknown kind of event', '/webhook-events?kinds=customer.created,booking.made', 'kinds', 'enum'],
    ['a delivery log of 101', '/webhooks/whk_any/deliveries?limit=101', 'limit', 'max'],
  ];

  it.each(badQueries)('%s: 400 naming the parameter', async (_case, path, field, rule) => {
    const answer = await exchange('GET', path);
    expect(verdict(answer)).toEqual({ status: 400, problems: [] });
    expect(answer.body.error.details).toEqual({ field, rule });
  });

  it('registrations with perPage 101: 400', async () => {
    const answer = await exchange('GET', `/events/${ids.bookedEvent}/registrations?perPage=101`);
    expect(verdict(answer)).toEqual({ status: 400, problems: [] });
  });

  const badBodies: [string, string, string, (ids: Ids) => unknown, string, string][] = [
    ['POST', '/customers', 'a customer without email', () => ({ firstName: 'A', lastName: 'B' }), 'email', 'required'],
    ['PUT', '/customers/{id}', 'a customer change without any field', () => ({}), 'body', 'required'],
    ['POST', '/events', 'an event with a date without offset', () => ({ name: 'E', dates: [{ startsAt: '2026-12-05T18:00:00', durationMinutes: 60, capacity: 1 }] }), 'dates[0].startsAt', 'format'],
    ['PUT', '/events/{id}', 'an event with an unknown timezone', () => ({ timezone: 'Mars/Olympus' }), 'timezone', 'format'],
    ['POST', '/passes', 'a pass type with a price of 3 decimals', () => ({ name: 'P', credits: 1, validityDays: 1, price: 1.005 }), 'price', 'format'],
    ['PUT', '/passes/{id}', 'a pass type with an unknown field', () => ({ colour: 'red' }), 'colour', 'unknown'],
    ['POST', '/customer-passes', 'an assignment of a pass type not on sale', (i) => ({ customerId: i.customer, passId: i.inactivePass, startDate: START }), 'passId', 'enum'],
    ['PUT', '/customer-passes/{id}', 'more uses than the pass has', () => ({ remainingUses: 100_000 }), 'remainingUses', 'max'],
    ['POST', '/webhooks', 'a webhook over http://', () => ({ url: 'http://8.8.8.8/hooks', events: ['customer.created'] }), 'url', 'format'],
    ['POST', '/webhooks', 'a webhook to a loopback address', () => ({ url: 'https://127.0.0.1/hooks', events: ['customer.created'] }), 'url', 'format'],
    ['POST', '/webhooks', 'a webhook to the metadata address', () => ({ url: 'https://169.254.169.254/latest', events: ['customer.created'] }), 'url', 'format'],
    ['POST', '/webhooks', 'a webhook with an unknown kind', () => ({ url: 'https://8.8.8.8/other', events: ['booking.made'] }), 'events[0]', 'enum'],
    ['POST', '/webhooks', 'a webhook with no kind', () => ({ url: 'https://8.8.8.8/other', events: [] }), 'events', 'min'],
    ['PUT', '/webhooks/{id}', 'a webhook moved to a private address', () => ({ url: 'https://10.0.0.5/hooks' }), 'url', 'format'],
    ['PUT', '/webhooks/{id}', 'a webhook change without any field', () => ({}), 'body', 'required'],
    ['POST', '/auth/token', 'credentials without a secret', () => ({ apiKey: 'key' }), 'apiSecret', 'required'],
  ];

  it.each(badBodies)('%s %s with %s: 400 naming the field', async (method, template, _case, body, field, rule) => {
    const path = template.includes('{id}') ? EXAMPLES[template]!(ids) : template;
    const answer = await exchange(method, path, { body: body(ids), token: template === '/auth/token' ? null : token });
    expect(verdict(answer)).toEqual({ status: 400, problems: [] });
    expect(answer.body.error.details).toEqual({ field, rule });
  });

  it('a body that is not JSON: 400 naming the body', async () => {
    const answer = await exchange('POST', '/customers', { body: '{"firstName": ', headers: { 'content-type': 'application/json' } });
    expect(verdict(answer)).toEqual({ status: 400, problems: [] });
    expect(answer.body.error.details).toEqual({ field: 'body', rule: 'format' });
  });

  it('an Idempotency-Key that is not visible ASCII: 400 naming the header', async () => {
    const answer = await exchange('POST', '/customers', { body: { firstName: 'A', lastName: 'B', email: 'a@example.com' }, headers: { 'Idempotency-Key': 'a key' } });
    expect(verdict(answer)).toEqual({ status: 400, problems: [] });
    expect(answer.body.error.details).toEqual({ field: 'Idempotency-Key', rule: 'format' });
  });

  it('a body over 100 kB: 413', async () => {
    const answer = await exchange('POST', '/events', { body: { name: 'Big', description: 'x'.repeat(110_000) } });
    expect(verdict(answer)).toEqual({ status: 413, problems: [] });
    expect(answer.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each(routeCases)('%s without a token: 401 with a bearer challenge', async (_key, route) => {
    const answer = await exchange(route.method, concrete(route, ids), { token: null, body: bodyOf(route) });
    expect(verdict(answer)).toEqual({ status: 401, problems: [] });
    expect(answer.body.error.code).toBe('UNAUTHORIZED');
  });

  it.each(routeCases)('%s with a token that is not valid: 401', async (_key, route) => {
    const answer = await exchange(route.method, concrete(route, ids), { token: 'not.a.token', body: bodyOf(route) });
    expect(verdict(answer)).toEqual({ status: 401, problems: [] });
  });

  it('an M2M token: 401', async () => {
    const answer = await exchange('GET', '/customers', { token: await studio.token() });
    expect(verdict(answer)).toEqual({ status: 401, problems: [] });
  });

  it('wrong credentials at /auth/token: 401', async () => {
    const answer = await exchange('POST', '/auth/token', { token: null, body: { apiKey: 'key_nobody', apiSecret: 'f'.repeat(64) } });
    expect(verdict(answer)).toEqual({ status: 401, problems: [] });
  });

  const unknownIds: [string, string, (ids: Ids) => string, ((ids: Ids) => unknown) | undefined][] = [
    ['an unknown customer', 'GET', () => '/customers/cust_nobody', undefined],
    ['another company\'s customer', 'GET', () => '/customers/cust_01jzp7pt00yndamntynwer2t34', undefined],
    ['a deleted customer', 'GET', (i) => `/customers/${i.newCustomer}`, undefined],
    ['an unknown customer, changed', 'PUT', () => '/customers/cust_nobody', () => ({ lastName: 'X' })],
    ['an unknown customer, deleted', 'DELETE', () => '/customers/cust_nobody', undefined],
    ['an unknown event', 'GET', () => '/events/evt_nothing', undefined],
    ['an unknown event, changed', 'PUT', () => '/events/evt_nothing', () => ({ description: 'x' })],
    ['an unknown event, deleted', 'DELETE', () => '/events/evt_nothing', undefined],
    ['a deleted event', 'GET', (i) => `/events/${i.emptyEvent}`, undefined],
    ['an unknown event\'s registrations', 'GET', () => '/events/evt_nothing/registrations', undefined],
    ['an unknown pass type', 'GET', () => '/passes/pass_nothing', undefined],
    ['an unknown pass type, changed', 'PUT', () => '/passes/pass_nothing', () => ({ active: false })],
    ['an unknown customer pass', 'GET', () => '/customer-passes/cp_nothing', undefined],
    ['an unknown customer pass, changed', 'PUT', () => '/customer-passes/cp_nothing', () => ({ remainingUses: 1 })],
    ['a pass assigned to an unknown customer', 'POST', () => '/customer-passes', (i) => ({ customerId: 'cust_nobody', passId: i.pass, startDate: START })],
    ['an unknown pass type assigned', 'POST', () => '/customer-passes', (i) => ({ customerId: i.customer, passId: 'pass_nothing', startDate: START })],
    ['an unknown webhook endpoint', 'GET', () => '/webhooks/whk_nothing', undefined],
    ['an unknown webhook endpoint, changed', 'PUT', () => '/webhooks/whk_nothing', () => ({ enabled: true })],
    ['an unknown webhook endpoint, deleted', 'DELETE', () => '/webhooks/whk_nothing', undefined],
    ['a deleted webhook endpoint', 'GET', (i) => `/webhooks/${i.doomedWebhook}`, undefined],
    ['an unknown webhook endpoint\'s deliveries', 'GET', () => '/webhooks/whk_nothing/deliveries', undefined],
    ['a path that is no endpoint', 'GET', () => '/wishlists', undefined],
  ];

  it.each(unknownIds)('%s: 404', async (_case, method, path, body) => {
    const answer = await exchange(method, path(ids), { body: body?.(ids) });
    expect(verdict(answer)).toEqual({ status: 404, problems: [] });
    expect(answer.body.error.code).toBe('NOT_FOUND');
  });

  const paths = [...new Set(routes.map((route) => route.path))].map((path) => [templateOf(path), routes.find((r) => r.path === path)!] as const);

  it.each(paths)('PATCH %s: 405 with Allow', async (_path, route) => {
    const answer = await exchange('PATCH', concrete(route, ids), { body: {} });
    expect(verdict(answer)).toEqual({ status: 405, problems: [] });
    expect(answer.headers.get('allow')).toBe(routes.filter((r) => r.path === route.path).map((r) => r.method).join(', '));
    expect(answer.body.error.details.allowed).toEqual(routes.filter((r) => r.path === route.path).map((r) => r.method));
  });

  it('GET /auth/token: 405 with Allow: POST', async () => {
    const answer = await exchange('GET', '/auth/token', { token: null });
    expect(verdict(answer)).toEqual({ status: 405, problems: [] });
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it('an Idempotency-Key used again with another body: 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const headers = { 'Idempotency-Key': 'dorothy-1' };
    const first = await exchange('POST', '/customers', { body: { firstName: 'Dorothy', lastName: 'Vaughan', email: 'dorothy@example.com' }, headers });
    const other = await exchange('POST', '/customers', { body: { firstName: 'Mary', lastName: 'Jackson', email: 'mary@example.com' }, headers });
    expect([verdict(first), verdict(other)]).toEqual([
      { status: 201, problems: [] },
      { status: 409, problems: [] },
    ]);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  const takenUrls: [string, (i: Ids) => string, unknown][] = [
    ['POST', () => '/webhooks', { url: 'https://8.8.8.8/hooks', events: ['customer.created'] }],
    ['PUT', (i) => `/webhooks/${i.otherWebhook}`, { url: 'https://8.8.8.8/hooks' }],
  ];
  it.each(takenUrls)('%s of a URL another endpoint has: 409 CONFLICT', async (method, path, body) => {
    const answer = await exchange(method, path(ids), { body });
    expect(verdict(answer)).toEqual({ status: 409, problems: [] });
    expect(answer.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(ids.webhook) });
  });
});

describe('the calls above', () => {
  it('sent only query parameters that their operations document', () => {
    expect([...undocumentedQuery]).toEqual([]);
  });
});

describe('rate limits answer as documented', () => {
  let limited: Studio;
  let limitedCheck: ResponseCheck;

  beforeAll(async () => {
    // In process (no Redis), so the failed logins below count against this server only.
    limited = await startStudio({ env: { REDIS_URL: '', V1_RATE_PER_MINUTE: '1' } });
    limitedCheck = responseValidator((await call(`${limited.v1}/openapi.json`, null)).body);
  });
  afterAll(() => limited?.close());

  it('a second call within the minute: 429 with Retry-After and the RateLimit fields', async () => {
    const limitedToken = await limited.v1Token();
    const first = await call(`${limited.v1}/customers`, limitedToken);
    const second = await call(`${limited.v1}/customers`, limitedToken);
    expect([first.status, second.status]).toEqual([200, 429]);
    expect(limitedCheck('GET', '/customers', 200, first.body, first.headers)).toEqual([]);
    expect(limitedCheck('GET', '/customers', 429, second.body, second.headers)).toEqual([]);
    expect(second.body.error.code).toBe('RATE_LIMITED');
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(first.headers.get('ratelimit-policy')).toBe('"minute";q=1;w=60');
    expect(second.headers.get('ratelimit')).toContain('"minute";r=0');
  });

  it('a POST over the limit: 429 as documented', async () => {
    const limitedToken = await limited.v1Token();
    await call(`${limited.v1}/passes`, limitedToken);
    const refused = await call(`${limited.v1}/customers`, limitedToken, { method: 'POST', body: { firstName: 'A', lastName: 'B', email: 'a@example.com' } });
    expect({ status: refused.status, problems: limitedCheck('POST', '/customers', refused.status, refused.body, refused.headers) }).toEqual({ status: 429, problems: [] });
  });

  it('repeated failed token requests: 429 with Retry-After', async () => {
    const attempt = () => call(`${limited.v1}/auth/token`, null, { method: 'POST', body: { apiKey: 'key_guessing', apiSecret: 'f'.repeat(64) } });
    let answer = await attempt();
    for (let tries = 1; answer.status === 401 && tries < 50; tries++) answer = await attempt();
    expect(answer.status).toBe(429);
    expect(limitedCheck('POST', '/auth/token', answer.status, answer.body, answer.headers)).toEqual([]);
  });
});
