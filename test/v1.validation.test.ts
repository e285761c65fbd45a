/**
 * Document 2, section 7 and the rules of docs/v1.md: every body field of every v1 POST and PUT, given a bad
 * value, is refused with 400 `{"error": {"code": "VALIDATION_ERROR", "message", "details": {field, rule}}}`
 * naming that field and rule, changes nothing in the tables it would have written, and is refused by
 * the OpenAPI document too. The cases are generated from a short description of each endpoint's fields.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { v1Routes } from '../rest/v1/routes.ts';
import { FixedClock } from '../src/domain/clock.ts';
import type { Rule } from '../src/domain/errors.ts';
import { WEBHOOK_KINDS } from '../src/domain/outbox.ts';
import { requestValidator, type RequestCheck } from './support/openapi.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

type Json = Record<string, unknown>;

/** What a field takes, as rest/v1/routes.ts checks it. */
type Field =
  | { kind: 'text'; max: number }
  | { kind: 'string'; max: number; nullable?: boolean; notEmpty?: boolean }
  | { kind: 'email' }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'price' }
  | { kind: 'boolean' }
  | { kind: 'date' }
  | { kind: 'instant' }
  | { kind: 'choice'; values: string[] }
  | { kind: 'choices'; values: readonly string[] }
  | { kind: 'list'; max: number; item: Record<string, Field>; example: Json };
type List = Extract<Field, { kind: 'list' }>;

const text = (max: number): Field => ({ kind: 'text', max });
const string = (max: number, options: { nullable?: boolean; notEmpty?: boolean } = {}): Field => ({ kind: 'string', max, ...options });
const email: Field = { kind: 'email' };
const int = (min: number, max: number): Field => ({ kind: 'int', min, max });
const price: Field = { kind: 'price' };
const boolean: Field = { kind: 'boolean' };
const date: Field = { kind: 'date' };
const instant: Field = { kind: 'instant' };
const choice = (...values: string[]): Field => ({ kind: 'choice', values });
/** A list of at least one of `values`, each at most once. */
const choices = (values: readonly string[]): Field => ({ kind: 'choices', values });
const list = (max: number, item: Record<string, Field>, example: Json): List => ({ kind: 'list', max, item, example });

/** Bad values of a field: what the case is called, the value, and the rule it breaks. */
function badValues(field: Field): [string, unknown, Rule][] {
  switch (field.kind) {
    case 'text':
      return [['a number', 42, 'type'], ['null', null, 'type'], ['empty', '', 'required'], ['blank', '   ', 'required'], [`${field.max + 1} characters`, 'x'.repeat(field.max + 1), 'max']];
    case 'string':
      return [
        ['a number', 42, 'type'],
        ...(field.nullable ? [] : [['null', null, 'type'] as [string, unknown, Rule]]),
        ...(field.notEmpty ? [['empty', '', 'required'] as [string, unknown, Rule]] : []),
        [`${field.max + 1} characters`, '1'.repeat(field.max + 1), 'max'],
      ];
    case 'email':
      return [['a number', 42, 'type'], ['without @', 'grace.example.com', 'format'], ['without a domain', 'grace@', 'format'], ['of 255 characters', `${'g'.repeat(243)}@example.com`, 'max']];
    case 'int':
      return [['text', String(field.min + 1), 'type'], ['a fraction', field.min + 0.5, 'type'], [`${field.min - 1}`, field.min - 1, 'min'], [`${field.max + 1}`, field.max + 1, 'max']];
    case 'price':
      return [['text', '15.50', 'type'], ['3 decimals', 15.505, 'format'], ['negative', -0.01, 'min'], ['over 10,000,000', 10_000_000.01, 'max']];
    case 'boolean':
      return [['text', 'true', 'type'], ['a number', 1, 'type']];
    case 'date':
      return [['a number', 20261201, 'type'], ['with a time', '2026-12-01T00:00:00Z', 'format'], ['a day that does not exist', '2026-02-30', 'format'], ['day first', '01/12/2026', 'format']];
    case 'instant':
      return [['a number', 1764957600000, 'type'], ['without offset', '2026-12-05T18:00:00', 'format'], ['a date', '2026-12-05', 'format'], ['words', 'next Friday', 'format']];
    case 'choice':
      return [['another value', 'paused', 'enum'], ['in capitals', field.values[0]!.toUpperCase(), 'enum'], ['a number', 1, 'type']];
    case 'choices':
      return [['an object', {}, 'type'], ['empty', [], 'min'], [`${field.values.length + 1} items`, Array(field.values.length + 1).fill(field.values[0]), 'max']];
    case 'list':
      return [['an object', {}, 'type'], [`${field.max + 1} items`, Array(field.max + 1).fill(field.example), 'max']];
  }
}

interface Endpoint {
  method: 'POST' | 'PUT';
  /** The path template; `{id}` is filled from `Ids`. */
  path: string;
  id?: keyof Ids;
  /** The tables a success would write. */
  tables: string[];
  /** A body that passes every rule; each case breaks one field of it. */
  valid: (ids: Ids) => Json;
  fields: Record<string, Field>;
  required?: string[];
}

interface Ids {
  customer: string;
  event: string;
  pass: string;
  inactivePass: string;
  customerPass: string;
  webhook: string;
}

const customer = { firstName: text(100), lastName: text(100), email, mobile: string(32, { nullable: true }) };
const eventDate = list(500, { startsAt: instant, durationMinutes: int(1, 1440), capacity: int(1, 100_000) }, { startsAt: '2026-12-05T18:00:00Z', durationMinutes: 60, capacity: 12 });
const pricingOption = list(50, { name: text(200), price, credits: int(0, 1000) }, { name: 'Drop-in', price: 15.5, credits: 1 });
const event = { name: text(200), description: string(5000), timezone: string(64) };
const pass = { name: text(200), description: string(5000), credits: int(1, 1000), validityDays: int(1, 3650), price, active: boolean };
const EVENT_TABLES = ['event', 'event_date', 'pricing_option'];
const webhook = { url: string(2048, { notEmpty: true }), events: choices(WEBHOOK_KINDS), enabled: boolean };

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/auth/token',
    tables: ['v1_api_key'],
    valid: () => ({ apiKey: 'key_01jzp7pt00yndamntynwer2t34', apiSecret: 'f'.repeat(64) }),
    fields: { apiKey: string(200, { notEmpty: true }), apiSecret: string(200, { notEmpty: true }) },
    required: ['apiKey', 'apiSecret'],
  },
  {
    method: 'POST',
    path: '/customers',
    tables: ['customer'],
    valid: () => ({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobile: '+447700900123' }),
    fields: customer,
    required: ['firstName', 'lastName', 'email'],
  },
  {
    method: 'PUT',
    path: '/customers/{id}',
    id: 'customer',
    tables: ['customer'],
    valid: () => ({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobile: null, archived: true }),
    fields: { ...customer, archived: boolean },
  },
  {
    method: 'POST',
    path: '/events',
    tables: EVENT_TABLES,
    valid: () => ({ name: 'Sound Bath', description: 'Gongs', timezone: 'Europe/London', dates: [eventDate.example], pricingOptions: [pricingOption.example] }),
    fields: { ...event, dates: eventDate, pricingOptions: pricingOption },
    required: ['name'],
  },
  {
    method: 'PUT',
    path: '/events/{id}',
    id: 'event',
    tables: EVENT_TABLES,
    valid: () => ({ name: 'Sound Bath', description: 'Gongs', timezone: 'Europe/London', archived: false, addDates: [eventDate.example], addPricingOptions: [pricingOption.example] }),
    fields: { ...event, archived: boolean, addDates: eventDate, addPricingOptions: pricingOption },
  },
  {
    method: 'POST',
    path: '/passes',
    tables: ['pass_template'],
    valid: () => ({ name: '3 classes', description: 'Any class', credits: 3, validityDays: 30, price: 27.5, active: true }),
    fields: pass,
    required: ['name', 'credits', 'validityDays', 'price'],
  },
  {
    method: 'PUT',
    path: '/passes/{id}',
    id: 'pass',
    tables: ['pass_template'],
    valid: () => ({ name: '3 classes', description: 'Any class', credits: 3, validityDays: 30, price: 27.5, active: true }),
    fields: pass,
  },
  {
    method: 'POST',
    path: '/customer-passes',
    tables: ['pass_purchase', 'webhook_event'],
    valid: (i) => ({ customerId: i.customer, passId: i.pass, startDate: '2026-11-21' }),
    fields: { customerId: text(100), passId: text(100), startDate: date },
    required: ['customerId', 'passId', 'startDate'],
  },
  {
    method: 'PUT',
    path: '/customer-passes/{id}',
    id: 'customerPass',
    tables: ['pass_purchase', 'webhook_event'],
    valid: () => ({ remainingUses: 1, expiryDate: '2027-06-30', status: 'active' }),
    fields: { remainingUses: int(0, 100_000), expiryDate: date, status: choice('active', 'cancelled') },
  },
  {
    method: 'POST',
    path: '/webhooks',
    tables: ['webhook_endpoint'],
    valid: () => ({ url: 'https://8.8.8.8/validation', events: ['customer.created', 'appointment.booked'], enabled: false }),
    fields: webhook,
    required: ['url', 'events'],
  },
  {
    method: 'PUT',
    path: '/webhooks/{id}',
    id: 'webhook',
    tables: ['webhook_endpoint'],
    valid: () => ({ url: 'https://8.8.8.8/validation-moved', events: ['customer.updated'], enabled: false }),
    fields: webhook,
  },
];

interface Case {
  endpoint: Endpoint;
  body: (ids: Ids) => unknown;
  field: string;
  rule: Rule;
  /** False where only the service's own records can tell (an unknown timezone, an inactive pass type). */
  documentRefuses: boolean;
}

const setting = (body: Json, name: string, value: unknown): Json => ({ ...body, [name]: value });
const without = (body: Json, name: string): Json => Object.fromEntries(Object.entries(body).filter(([key]) => key !== name));

/** Every case of one endpoint: each bad value of each field (inside list items too), each required field missing, an unknown field. */
function casesOf(endpoint: Endpoint): [string, Case][] {
  const title = `${endpoint.method} ${endpoint.path}`;
  const cases: [string, Case][] = [];
  const add = (what: string, body: (ids: Ids) => unknown, field: string, rule: Rule) => cases.push([`${title}: ${what} -> ${field} ${rule}`, { endpoint, body, field, rule, documentRefuses: true }]);
  for (const name of endpoint.required ?? []) add(`without ${name}`, (i) => without(endpoint.valid(i), name), name, 'required');
  for (const [name, field] of Object.entries(endpoint.fields)) {
    for (const [what, value, rule] of badValues(field)) add(`${name} ${what}`, (i) => setting(endpoint.valid(i), name, value), name, rule);
    if (field.kind === 'choices') {
      add(`${name} with an unknown value`, (i) => setting(endpoint.valid(i), name, ['booking.made']), `${name}[0]`, 'enum');
      add(`${name} with a number`, (i) => setting(endpoint.valid(i), name, [1]), `${name}[0]`, 'type');
    }
    if (field.kind !== 'list') continue;
    const withItem = (i: Ids, item: unknown) => setting(endpoint.valid(i), name, [item]);
    add(`${name} with an item that is not an object`, (i) => withItem(i, 'x'), `${name}[0]`, 'type');
    add(`${name} with an item with an unknown field`, (i) => withItem(i, { ...field.example, colour: 'red' }), `${name}[0].colour`, 'unknown');
    for (const [sub, subField] of Object.entries(field.item)) {
      add(`${name} with an item without ${sub}`, (i) => withItem(i, without(field.example, sub)), `${name}[0].${sub}`, 'required');
      for (const [what, value, rule] of badValues(subField)) add(`${name}[0].${sub} ${what}`, (i) => withItem(i, setting(field.example, sub, value)), `${name}[0].${sub}`, rule);
    }
  }
  add('an unknown field', (i) => setting(endpoint.valid(i), 'colour', 'red'), 'colour', 'unknown');
  add('a body that is a list', () => [], 'body', 'type');
  return cases;
}

const endpoint = (method: string, path: string) => ENDPOINTS.find((e) => e.method === method && e.path === path)!;

/** Rules the service checks against its records, after the body's shape. */
const RECORD_CASES: [string, Case][] = (
  [
    ['POST', '/customers', 'a mobile that is no phone number', (i: Ids) => setting(endpoint('POST', '/customers').valid(i), 'mobile', 'call me'), 'mobile', 'format', true],
    ['PUT', '/customers/{id}', 'no field', () => ({}), 'body', 'required', true],
    ['POST', '/events', 'a timezone that does not exist', (i: Ids) => setting(endpoint('POST', '/events').valid(i), 'timezone', 'Mars/Olympus'), 'timezone', 'format', false],
    ['PUT', '/events/{id}', 'an offset for a timezone', () => ({ timezone: '+01:00' }), 'timezone', 'format', false],
    ['PUT', '/events/{id}', 'no field', () => ({}), 'body', 'required', true],
    ['PUT', '/events/{id}', 'only empty lists', () => ({ addDates: [], addPricingOptions: [] }), 'body', 'required', false],
    ['PUT', '/passes/{id}', 'no field', () => ({}), 'body', 'required', true],
    ['POST', '/customer-passes', 'a pass type not on sale', (i: Ids) => ({ customerId: i.customer, passId: i.inactivePass, startDate: '2026-11-21' }), 'passId', 'enum', false],
    ['PUT', '/customer-passes/{id}', 'no field', () => ({}), 'body', 'required', true],
    ['PUT', '/customer-passes/{id}', 'more uses than the pass has', () => ({ remainingUses: 100_000 }), 'remainingUses', 'max', false],
    ['PUT', '/customer-passes/{id}', 'an expiry before the start', () => ({ expiryDate: '2000-01-01' }), 'expiryDate', 'min', false],
    ['POST', '/webhooks', 'a target on a private address', () => ({ url: 'https://192.168.0.10/hooks', events: ['customer.created'] }), 'url', 'format', false],
    ['POST', '/webhooks', 'a URL that is none', () => ({ url: 'hooks', events: ['customer.created'] }), 'url', 'format', false],
    ['PUT', '/webhooks/{id}', 'a target over http://', () => ({ url: 'http://8.8.8.8/hooks' }), 'url', 'format', false],
    ['PUT', '/webhooks/{id}', 'no field', () => ({}), 'body', 'required', true],
  ] as const
).map(([method, path, what, body, field, rule, documentRefuses]) => [
  `${method} ${path}: ${what} -> ${field} ${rule}`,
  { endpoint: endpoint(method, path), body, field, rule, documentRefuses },
]);

const CASES: [string, Case][] = [...ENDPOINTS.flatMap(casesOf), ...RECORD_CASES];

let studio: Studio;
let token: string;
let sql: pg.Client;
let checkRequest: RequestCheck;
const ids = {} as Ids;

const pathOf = (e: Endpoint) => (e.id ? e.path.replace('{id}', ids[e.id]) : e.path);
const send = (e: Endpoint, body: unknown, headers: Record<string, string> = {}) =>
  call(`${studio.v1}${pathOf(e)}`, e.path === '/auth/token' ? null : token, { method: e.method, body, headers });

/** Row count and a digest of every row of each table: any insert, update or delete changes it. */
async function contents(tables: string[]): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  for (const table of tables) {
    const { rows } = await sql.query(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`);
    found[table] = rows[0];
  }
  return found;
}

beforeAll(async () => {
  studio = await startStudio({ clock: new FixedClock('2026-11-21T12:00:00Z'), env: { V1_RATE_PER_MINUTE: '100000' } });
  token = await studio.v1Token();
  sql = new pg.Client(studio.app.database.url);
  await sql.connect();
  const first = async (path: string, list: string) => ((await call(`${studio.v1}${path}`, token)).body[list] as Json[])[0]!.id as string;
  ids.customer = await first('/customers', 'customers');
  ids.event = await first('/events', 'events');
  ids.customerPass = await first('/customer-passes', 'customerPasses');
  const passes = (await call(`${studio.v1}/passes?perPage=100`, token)).body.passes as Json[];
  ids.pass = passes.find((p) => p.active)!.id as string;
  const inactive = await call(`${studio.v1}/passes`, token, { method: 'POST', body: { name: 'Retired', credits: 1, validityDays: 1, price: 1, active: false } });
  ids.inactivePass = inactive.body.id;
  ids.webhook = (await call(`${studio.v1}/webhooks`, token, { method: 'POST', body: { url: 'https://8.8.8.8/existing', events: ['customer.created'], enabled: false } })).body.id;
  checkRequest = requestValidator((await call(`${studio.v1}/openapi.json`, null)).body);
});

afterAll(async () => {
  await sql?.end();
  await studio?.close();
});

describe('the description', () => {
  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s: the valid body passes the route\'s rules and the document', (_title, e) => {
    const route = v1Routes.find((r) => r.method === e.method && r.path === e.path.replace('{id}', ':id'));
    const body = e.valid(ids);
    if (route) expect(() => route.variables!({ body, params: { id: 'x_1' }, query: {} })).not.toThrow();
    expect(checkRequest(e.method, pathOf(e), body)).toEqual([]);
  });

  it('covers every body field of every v1 POST and PUT', () => {
    const writes = v1Routes.filter((r) => r.method === 'POST' || r.method === 'PUT').map((r) => `${r.method} ${r.path.replace(':id', '{id}')}`);
    expect(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort()).toEqual([...writes, 'POST /auth/token'].sort());
  });
});

describe('a body field that breaks a rule: 400 naming the field and the rule, and nothing changes', () => {
  it.each(CASES)('%s', async (_title, c) => {
    const body = c.body(ids);
    const before = await contents(c.endpoint.tables);
    const { status, body: answer } = await send(c.endpoint, body);
    expect({ status, answer }).toEqual({
      status: 400,
      answer: { error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(new RegExp(`^${c.field.replace(/[[\].]/g, '\\$&')}: .+`)), details: { field: c.field, rule: c.rule } } },
    });
    expect(await contents(c.endpoint.tables)).toEqual(before);
    if (c.documentRefuses) expect(checkRequest(c.endpoint.method, pathOf(c.endpoint), body)).not.toEqual([]);
  });
});

describe('a body that is not JSON, or too large', () => {
  const endpoints = ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const);

  it.each(endpoints)('%s with malformed JSON: 400 naming the body, and nothing changes', async (_title, e) => {
    const before = await contents(e.tables);
    const { status, body } = await send(e, '{"name": "Sound', { 'content-type': 'application/json' });
    expect({ status, body }).toEqual({ status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'body: is not valid JSON', details: { field: 'body', rule: 'format' } } } });
    expect(await contents(e.tables)).toEqual(before);
  });

  it.each(endpoints)('%s with a body over 100 kB: 413 in the v1 shape, and nothing changes', async (_title, e) => {
    const before = await contents(e.tables);
    const { status, body } = await send(e, { ...e.valid(ids), colour: 'x'.repeat(101 * 1024) });
    expect({ status, body }).toEqual({ status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String), details: {} } } });
    expect(await contents(e.tables)).toEqual(before);
  });
});
