/**
 * Bad input answers 4xx in the surface's documented shape, never 5xx, and changes nothing (issue 9,
 * finding 6). The REST cases come from the route declarations (`m2mRoutes`, `v1Routes`) and the GraphQL
 * cases from the schema, so a new route, argument or input field is tried as soon as it exists:
 * - NUL characters (which PostgreSQL refuses) in every path parameter, every query parameter a route
 *   reads, every string field of its body, every GraphQL string argument and input field (as a variable
 *   and as a literal), and the credentials of the token endpoints;
 * - dates outside 1900-01-01..2999-12-31 in every documented date parameter, every date field of a body
 *   and every Date, LocalDateTime and DateTime argument or input field;
 * - a body nested 10,000 deep, with and without `Idempotency-Key`, on every route that takes a body;
 * - `@skip` / `@include` with variables, defaults, wrong types, on fields, spreads and inline fragments.
 * "Changes nothing": a checksum of every table but the audit log and the idempotency keys is the same
 * before and after each case.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  getNamedType, isEnumType, isInputObjectType, isLeafType, isListType, isNonNullType, isObjectType, isScalarType, type GraphQLArgument,
  type GraphQLField, type GraphQLInputType, type GraphQLObjectType,
} from 'graphql';
import pg from 'pg';
import { buildSchema } from '../resolvers/index.ts';
import { m2mOpenApi } from '../rest/m2m/openapi.ts';
import { m2mRoutes } from '../rest/m2m/routes.ts';
import { compileRoutes, type RouteDeclaration } from '../rest/route.ts';
import { v1OpenApi } from '../rest/v1/openapi.ts';
import { v1Routes } from '../rest/v1/routes.ts';
import { companyEm } from '../src/db/scope.ts';
import { setWebhook } from '../src/domain/webhook-endpoints.ts';
import { consoleCall, signIn } from './support/console.ts';
import { call, consoleUser, startStudio, type Studio } from './support/studio.ts';

type Json = Record<string, any>;
type Ids = Record<string, string>;

const NUL = '\u0000';
const DATE_EDGES = ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31'];
const EDGES_OF: Record<string, string[]> = {
  Date: DATE_EDGES,
  LocalDateTime: DATE_EDGES.map((date) => `${date}T09:00:00`),
  DateTime: DATE_EDGES.map((date) => `${date}T09:00:00Z`),
};
const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

const schema = buildSchema();

// ---------------------------------------------------------------------------------------------------
// REST: what each route takes, read from its declaration

interface Door {
  name: 'M2M' | 'v1';
  declarations: RouteDeclaration[];
  openapi: Json;
  /** Which id fills a path parameter, by the path before it (`/customer/` for `/customer/:id/...`). */
  pathIds: (ids: Ids) => Record<string, string>;
  /** A body that passes every rule of each route that takes one, by `METHOD path`. */
  bodies: Record<string, (ids: Ids) => Json>;
}

const eventDate = { startsAt: '2026-12-05T18:00:00Z', durationMinutes: 60, capacity: 12 };
const pricingOption = { name: 'Drop-in', price: 15.5, credits: 1 };

const DOORS: Door[] = [
  {
    name: 'M2M',
    declarations: m2mRoutes,
    openapi: m2mOpenApi(compileRoutes(schema, m2mRoutes), '/m2m'),
    pathIds: (ids) => ({
      '/customer/': ids.customer!,
      '/customer/:id/booking/': ids.transaction!,
      '/appointments/bookings/': ids.appointment!,
      '/appointments/services/': ids.service!,
      '/appointments/availability/': ids.facilitator!,
      '/event/': ids.event!,
      '/event/:id/dates/': ids.eventDate!,
      '/subscription-plan/': ids.plan!,
      '/pass/': ids.pass!,
      '/video/': ids.video!,
      '/voucher/': ids.voucher!,
    }),
    bodies: {
      'PUT /customer/:id/profile': () => ({ firstname: 'Grace', lastname: 'Hopper', email: 'grace@example.com', mobile: '+447700900123' }),
      'PUT /subscription-plan/:id': () => ({ name: 'Monthly', description: 'Every class' }),
      'PUT /pass/:id': () => ({ name: '3 classes', description: 'Any class' }),
      'PUT /video/:id': () => ({ name: 'Flow', description: 'Thirty minutes' }),
      'PUT /voucher/:id': () => ({ code: 'SPRING', description: 'Spring offer', valid_from: '2026-03-01', valid_until: '2026-05-31' }),
    },
  },
  {
    name: 'v1',
    declarations: v1Routes,
    openapi: v1OpenApi(compileRoutes(schema, v1Routes), '/api/v1'),
    pathIds: (ids) => ({ '/customers/': ids.customer!, '/events/': ids.event!, '/passes/': ids.pass!, '/customer-passes/': ids.customerPass!, '/webhooks/': ids.webhook! }),
    bodies: {
      'POST /customers': () => ({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobile: '+447700900123' }),
      'PUT /customers/:id': () => ({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobile: '+447700900123' }),
      'POST /events': () => ({ name: 'Sound Bath', description: 'Gongs', timezone: 'Europe/London', dates: [eventDate], pricingOptions: [pricingOption] }),
      'PUT /events/:id': () => ({ name: 'Sound Bath', description: 'Gongs', timezone: 'Europe/London', addDates: [eventDate], addPricingOptions: [pricingOption] }),
      'POST /passes': () => ({ name: '3 classes', description: 'Any class', credits: 3, validityDays: 30, price: 27.5 }),
      'PUT /passes/:id': () => ({ name: '3 classes', description: 'Any class' }),
      'POST /customer-passes': (ids) => ({ customerId: ids.customer!, passId: ids.pass!, startDate: '2026-11-21' }),
      'PUT /customer-passes/:id': () => ({ expiryDate: '2027-06-30', status: 'active' }),
      'POST /webhooks': () => ({ url: 'https://8.8.8.8/corpus', events: ['customer.created'], enabled: false }),
      'PUT /webhooks/:id': () => ({ url: 'https://8.8.8.8/corpus-moved', events: ['customer.updated'] }),
    },
  },
];

const routeKey = (route: RouteDeclaration) => `${route.method} ${route.path}`;
const pathParameters = (route: RouteDeclaration) => [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** The query parameters a route reads, found by running its declaration's `variables` on a request that records them. */
function queryParametersRead(route: RouteDeclaration): string[] {
  const read = new Set<string>();
  const query = new Proxy({}, { get: (_target, name) => (typeof name === 'string' && read.add(name), undefined) });
  try {
    route.variables?.({ query, params: new Proxy({}, { get: () => 'x' }), body: {} });
  } catch {
    // a route that needs a body throws once it reads it; the parameters it read before count
  }
  return [...read];
}

/** The query parameters the route's OpenAPI operation documents as dates. */
function dateParameters(door: Door, route: RouteDeclaration): string[] {
  const operation = door.openapi.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()];
  const resolve = (p: Json): Json => (p.$ref ? door.openapi.components.parameters[p.$ref.split('/').at(-1)] : p);
  return (operation.parameters ?? []).map(resolve).filter((p: Json) => p.in === 'query' && p.schema?.format === 'date').map((p: Json) => p.name);
}

type Key = string | number;

/** Every string leaf of a JSON value, with its path. */
function stringLeaves(value: unknown, path: Key[] = []): Array<{ path: Key[]; value: string }> {
  if (typeof value === 'string') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringLeaves(item, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

const fieldName = (path: Key[]) => path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${key}` : key), '');

function replaced(value: unknown, path: Key[], by: unknown): any {
  if (!path.length) return by;
  const [key, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as Json) };
  copy[key!] = replaced(copy[key!], rest, by);
  return copy;
}

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
const isInstant = (text: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text);

/** One request of a case and the parameter or field its error must name. */
interface Attempt {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  names: string;
}

interface RestCase {
  door: Door;
  route: RouteDeclaration;
  attempts: (ids: Ids) => Attempt[];
}

function restCases(door: Door): Array<[string, RestCase]> {
  const cases: Array<[string, RestCase]> = [];
  for (const route of door.declarations) {
    const add = (what: string, attempts: RestCase['attempts']) => cases.push([`${door.name} ${routeKey(route)}: ${what}`, { door, route, attempts }]);
    /** The route's path with real ids, one parameter given `value` instead. */
    const pathWith = (ids: Ids, target?: string, value?: string) => {
      const known = door.pathIds(ids);
      return route.path.replace(/:(\w+)/g, (whole, name: string, offset: number) => {
        if (name === target) return encodeURIComponent(value!);
        const id = known[route.path.slice(0, offset)];
        if (!id) throw new Error(`${door.name} ${routeKey(route)}: no id for ${whole}; add one to pathIds`);
        return id;
      });
    };
    const json = (body: unknown, headers: Record<string, string> = {}) => ({ body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
    const sample = door.bodies[routeKey(route)];

    const parameters = pathParameters(route);
    if (parameters.length) {
      add('NUL in each path parameter', (ids) => parameters.map((name) => ({ method: route.method, path: pathWith(ids, name, `x${NUL}`), ...(sample && json(sample(ids))), names: name })));
    }
    const query = queryParametersRead(route);
    if (query.length) {
      add(`NUL in each query parameter it reads (${query.join(', ')})`, (ids) => query.map((name) => ({ method: route.method, path: `${pathWith(ids)}?${name}=x%00`, names: name })));
    }
    const dates = dateParameters(door, route);
    if (dates.length) {
      add(`dates outside the range in each date parameter (${dates.join(', ')})`, (ids) =>
        dates.flatMap((name) => DATE_EDGES.map((date) => ({ method: route.method, path: `${pathWith(ids)}?${name}=${date}`, names: name }))));
    }
    if (sample) {
      add('NUL in each string field of its body', (ids) =>
        stringLeaves(sample(ids)).map((leaf) => ({ method: route.method, path: pathWith(ids), ...json(replaced(sample(ids), leaf.path, `${leaf.value}${NUL}`)), names: fieldName(leaf.path) })));
      const dateFields = stringLeaves(sample({})).filter((leaf) => isDate(leaf.value) || isInstant(leaf.value));
      if (dateFields.length) {
        add(`dates outside the range in each date field of its body (${dateFields.map((leaf) => fieldName(leaf.path)).join(', ')})`, (ids) =>
          dateFields.flatMap((leaf) => DATE_EDGES.map((date) => ({
            method: route.method,
            path: pathWith(ids),
            ...json(replaced(sample(ids), leaf.path, isDate(leaf.value) ? date : `${date}T09:00:00Z`)),
            names: fieldName(leaf.path),
          }))));
      }
    }
    if (route.method !== 'GET') {
      add('a body nested 10,000 deep, with and without Idempotency-Key', (ids) =>
        ([{}, { 'idempotency-key': `deep-${route.method}-${route.path}` }] as Record<string, string>[]).map((headers) => ({ method: route.method, path: pathWith(ids), ...json(`{"name":${DEEP}}`, headers), names: 'body' })));
    }
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------------
// GraphQL: what each field takes, read from the schema

const TIME_SCALARS = new Set(Object.keys(EDGES_OF));

/** A value of an input type that passes coercion; `leaf` and `by` put a chosen value at one place in it. */
function sampleOf(type: GraphQLInputType, leaf: Key[] = [], by?: unknown): unknown {
  if (isNonNullType(type)) return sampleOf(type.ofType, leaf, by);
  if (!leaf.length && by !== undefined) return by;
  if (isListType(type)) return [sampleOf(type.ofType, leaf.slice(1), by)];
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => (isNonNullType(f.type) && f.defaultValue === undefined) || f.name === leaf[0]);
    return Object.fromEntries(fields.map((f) => [f.name, sampleOf(f.type, f.name === leaf[0] ? leaf.slice(1) : [], f.name === leaf[0] ? by : undefined)]));
  }
  if (isEnumType(type)) return type.getValues()[0]!.value;
  switch (type.name) {
    case 'Int': case 'Float': return 1;
    case 'Boolean': return false;
    case 'Date': return '2026-12-01';
    case 'LocalDateTime': return '2026-12-01T09:00:00';
    case 'DateTime': return '2026-12-01T09:00:00Z';
    case '_Any': return { __typename: 'Customer', id: leaf[0] === 'id' ? by : 'cust_x' };
    default: return 'x';
  }
}

/** Every place in an argument where a scalar of one of `names` goes: `input.dates[0].startsAt`. */
function leavesOf(type: GraphQLInputType, names: (scalar: string) => boolean, path: Key[] = [], seen = new Set<string>()): Array<{ path: Key[]; scalar: string }> {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return leavesOf(inner.ofType, names, [...path, 0], seen);
  if (isInputObjectType(inner)) {
    if (seen.has(inner.name)) return [];
    return Object.values(inner.getFields()).flatMap((f) => leavesOf(f.type, names, [...path, f.name], new Set([...seen, inner.name])));
  }
  if (isScalarType(inner) && inner.name === '_Any' && names('String')) return [{ path: [...path, 'id'], scalar: 'String' }];
  return isScalarType(inner) && names(inner.name) ? [{ path, scalar: inner.name }] : [];
}

/** A GraphQL literal of a sample value. */
function literal(value: unknown, type: GraphQLInputType): string {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (value === null) return 'null';
  if (isListType(inner)) return `[${(value as unknown[]).map((item) => literal(item, inner.ofType)).join(', ')}]`;
  if (isEnumType(inner)) return value as string; // a sample enum value is its name
  if (isInputObjectType(inner)) {
    const fields = inner.getFields();
    return `{ ${Object.entries(value as Json).map(([k, v]) => `${k}: ${literal(v, fields[k]!.type)}`).join(', ')} }`;
  }
  if (value && typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }`;
  return JSON.stringify(value);
}

const selectionOf = (field: GraphQLField<unknown, unknown>) => (isLeafType(getNamedType(field.type)) ? '' : ' { __typename }');
const required = (arg: GraphQLArgument) => isNonNullType(arg.type) && arg.defaultValue === undefined;

interface GraphqlRequest {
  query: string;
  variables?: Json;
  /** The argument or variable path the error must name (a literal's path has no list positions). */
  names: string;
  expects: 'NUL' | 'date';
}

/** Requests putting `by` at `leaf` of argument `arg` of `field`, as a variable and as a literal. */
function requestsFor(
  parent: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
  arg: GraphQLArgument,
  leaf: Key[],
  by: unknown,
  expects: GraphqlRequest['expects'],
): GraphqlRequest[] {
  const args = field.args.filter((a) => required(a) || a === arg);
  const value = (a: GraphQLArgument) => sampleOf(a.type, a === arg ? leaf : [], a === arg ? by : undefined);
  const wrap = (selection: string, definitions = '') => {
    const operation = parent === schema.getMutationType() ? 'mutation' : 'query';
    if (parent === schema.getQueryType() || parent === schema.getMutationType()) return `${operation} Corpus${definitions} { ${selection} }`;
    const entry = `${parent.name[0]!.toLowerCase()}${parent.name.slice(1)}`;
    return `query Corpus${definitions} { ${entry}(id: "${PARENT_IDS[parent.name] ?? 'x'}") { ${selection} } }`;
  };
  const asVariables = wrap(`${field.name}(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})${selectionOf(field)}`, `(${args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')})`);
  const asLiterals = wrap(`${field.name}(${args.map((a) => `${a.name}: ${literal(value(a), a.type)}`).join(', ')})${selectionOf(field)}`);
  const path = [arg.name, ...leaf];
  return [
    { query: asVariables, variables: Object.fromEntries(args.map((a) => [a.name, value(a)])), names: fieldName(path), expects },
    { query: asLiterals, names: path.filter((key) => typeof key === 'string').join('.'), expects },
  ];
}

/** Ids of parents that nested fields with arguments are reached through (filled once the studio runs). */
const PARENT_IDS: Record<string, string> = {};

interface GraphqlCase {
  requests: () => GraphqlRequest[];
}

function graphqlCases(): Array<[string, GraphqlCase]> {
  const cases: Array<[string, GraphqlCase]> = [];
  const roots = [schema.getQueryType()!, schema.getMutationType()!];
  const parents = Object.values(schema.getTypeMap()).filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'));
  for (const parent of parents) {
    const isRoot = roots.includes(parent);
    for (const field of Object.values(parent.getFields())) {
      const title = `${parent.name}.${field.name}`;
      const strings = field.args.flatMap((arg) => leavesOf(arg.type, (s) => s === 'String' || s === 'ID').map((leaf) => ({ arg, leaf })));
      if (isRoot && strings.length) {
        cases.push([`GraphQL ${title}: NUL in each string argument and input field, as variables and as literals`, {
          requests: () => strings.flatMap(({ arg, leaf }) => requestsFor(parent, field, arg, leaf.path, `x${NUL}`, 'NUL')),
        }]);
      }
      const times = field.args.flatMap((arg) => leavesOf(arg.type, (s) => TIME_SCALARS.has(s)).map((leaf) => ({ arg, leaf })));
      if (times.length) {
        cases.push([`GraphQL ${title}: dates outside the range in ${times.map(({ arg, leaf }) => fieldName([arg.name, ...leaf.path])).join(', ')}`, {
          requests: () => times.flatMap(({ arg, leaf }) => EDGES_OF[leaf.scalar]!.flatMap((edge) => requestsFor(parent, field, arg, leaf.path, edge, 'date'))),
        }]);
      }
    }
  }
  return cases;
}

const DIRECTIVE_CASES: Array<[string, number, { query: string; variables?: Json }]> = [
  ['@include with a false default and no value', 200, { query: 'query ($s: Boolean = false) { __typename @include(if: $s) }' }],
  ['@skip with a true default and no value', 200, { query: 'query ($s: Boolean = true) { __typename @skip(if: $s) }' }],
  ['@include on a fragment spread, false by default', 200, { query: 'query ($s: Boolean = false) { ...F @include(if: $s) } fragment F on Query { __typename }' }],
  ['@skip on an inline fragment, true by default', 200, { query: 'query ($s: Boolean = true) { ... on Query @skip(if: $s) { __typename } }' }],
  ['@skip and @include together on a spread, from defaults', 200, { query: 'query ($a: Boolean = true, $b: Boolean = false) { ...F @skip(if: $a) @include(if: $b) } fragment F on Query { __typename }' }],
  ['a guarded field left out by a default', 200, { query: 'query ($s: Boolean = false) { customers @include(if: $s) { total } }' }],
  ['a guarded field kept by a default', 401, { query: 'query ($s: Boolean = true) { customers @include(if: $s) { total } }' }],
  ['a guarded field inside a fragment left out by a given value', 200, { query: 'query ($s: Boolean = true) { ...F @skip(if: $s) } fragment F on Query { customers { total } }', variables: { s: true } }],
  ['null for the non-null `if`', 400, { query: 'query ($s: Boolean = false) { __typename @include(if: $s) }', variables: { s: null } }],
  ['null for `if` on a fragment spread', 400, { query: 'query ($s: Boolean = true) { ...F @skip(if: $s) } fragment F on Query { __typename }', variables: { s: null } }],
  ['a string for the Boolean variable', 400, { query: 'query ($s: Boolean = false) { __typename @include(if: $s) }', variables: { s: 'yes' } }],
  ['a number for the Boolean variable', 400, { query: 'query ($s: Boolean = false) { ... on Query @include(if: $s) { __typename } }', variables: { s: 1 } }],
  ['an object for the Boolean variable', 400, { query: 'query ($s: Boolean = false) { ...F @include(if: $s) } fragment F on Query { __typename }', variables: { s: { nested: true } } }],
  ['a non-null variable without a value', 400, { query: 'query ($s: Boolean!) { __typename @include(if: $s) }' }],
  ['a variable of another type', 400, { query: 'query ($s: String = "yes") { __typename @include(if: $s) }' }],
  ['a literal of another type', 400, { query: '{ __typename @include(if: "yes") }' }],
  ['an undeclared variable', 400, { query: '{ __typename @skip(if: $s) }' }],
];

// ---------------------------------------------------------------------------------------------------

let studio: Studio;
let database: pg.Client;
let ids: Ids;
const tokens: Record<Door['name'], string> = { M2M: '', v1: '' };
let graphqlToken: string;
/** The console's owner holds every scope, console ones included: every field's input is checked for them. */
let ownerCookie: string;

/** Row count and checksum of every table but the audit log and the idempotency keys. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows } = await database.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
     and table_name not in ('audit_entry', 'idempotency_key', 'job_worker') order by table_name`,
  );
  // One statement for all the tables, not a round trip each: the suite takes a snapshot twice per case.
  const sums = rows.map(({ table_name: table }, i) =>
    `select ${i} as i, count(*) as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as sum from "${table}" t`);
  const { rows: measured } = await database.query<{ i: number; n: string; sum: string }>(sums.join(' union all '));
  const state: Record<string, string> = {};
  for (const { i, n, sum } of measured) state[rows[i]!.table_name] = `${n} rows, ${sum}`;
  return state;
}

/** Runs requests, expecting the state of the database to stay as it was; returns what each answered. */
async function unchanged<T>(work: () => Promise<T>): Promise<T> {
  const before = await snapshot();
  const result = await work();
  expect(await snapshot()).toEqual(before);
  return result;
}

beforeAll(async () => {
  studio = await startStudio({
    env: { M2M_RATE_PER_MINUTE: '1000000', M2M_MAX_CONCURRENT: '1000', M2M_DAILY_QUOTA: '100000000', V1_RATE_PER_MINUTE: '1000000', CACHE_TTL_SECONDS: '0' },
  });
  database = new pg.Client(studio.app.database.url);
  await database.connect();
  const one = async (sql: string) => (await database.query(sql, [studio.companyId])).rows[0] as Json;
  const transaction = await one('select id, customer_id from event_transaction where company_id = $1 order by id limit 1');
  const date = await one('select id, event_id from event_date where company_id = $1 order by id limit 1');
  const purchase = await one('select id from pass_purchase where company_id = $1 order by id limit 1');
  ids = {
    customer: transaction.customer_id,
    transaction: transaction.id,
    event: date.event_id,
    eventDate: date.id,
    customerPass: purchase.id.replace(/^package_/, 'cp_'),
    appointment: (await one('select id from appointment where company_id = $1 order by id limit 1')).id,
    service: (await one('select id from service where company_id = $1 order by id limit 1')).id,
    facilitator: (await one('select id from facilitator where company_id = $1 order by id limit 1')).id,
    plan: (await one('select id from subscription_plan where company_id = $1 order by id limit 1')).id,
    pass: (await one('select id from pass_template where company_id = $1 order by id limit 1')).id,
    video: (await one('select id from media where company_id = $1 order by id limit 1')).id,
    voucher: (await one('select id from voucher where company_id = $1 order by id limit 1')).id,
    webhook: (await setWebhook(companyEm(studio.app.services.orm, studio.companyId), studio.app.services.serverKey, {
      companyId: studio.companyId, url: 'https://8.8.8.8/hooks', events: ['customer.created'], enabled: false,
    }, { allowInsecure: false })).id,
  };
  Object.assign(PARENT_IDS, { Customer: ids.customer, Event: ids.event, Facilitator: ids.facilitator, Pass: ids.pass, EventDate: ids.eventDate });
  tokens.M2M = await studio.token();
  tokens.v1 = await studio.v1Token();
  graphqlToken = tokens.M2M;
  ownerCookie = (await signIn(studio.url, await consoleUser(studio, 'owner'))).cookie;
});

afterAll(async () => {
  await database?.end();
  await studio?.close();
});

describe.each(DOORS)('$name: every route', (door) => {
  const base = () => (door.name === 'M2M' ? studio.m2m : studio.v1);

  it('has a sample body for each route that takes one', () => {
    const writes = door.declarations.filter((route) => route.method === 'POST' || route.method === 'PUT').map(routeKey);
    expect(writes.filter((key) => !door.bodies[key])).toEqual([]);
  });

  it.each(restCases(door))('%s: 400 naming it, in the surface\'s shape, nothing changed', async (_title, { attempts }) => {
    const sent = attempts(ids);
    expect(sent.length).toBeGreaterThan(0);
    const answers = await unchanged(() =>
      Promise.all(sent.map(async (attempt) => ({
        attempt: `${attempt.method} ${attempt.path}${attempt.headers?.['idempotency-key'] ? ' (with Idempotency-Key)' : ''}`,
        names: attempt.names,
        ...(await call(`${base()}${attempt.path}`, tokens[door.name], { method: attempt.method, body: attempt.body, headers: attempt.headers })),
      }))),
    );
    const wrong = answers.filter(({ status, body, names }) =>
      status !== 400 ||
      (door.name === 'M2M'
        ? !(Object.keys(body).length === 1 && typeof body.error === 'string' && body.error.startsWith(`${names}: `))
        : !(body.error?.code === 'VALIDATION_ERROR' && body.error.details?.field === names && typeof body.error.message === 'string')));
    expect(wrong.map(({ attempt, names, status, body }) => ({ attempt, names, status, body }))).toEqual([]);
  });
});

describe('the token endpoints', () => {
  it.each([
    ['M2M JSON body', () => `${studio.m2m}/token`, (secret: string) => ({ client_id: `m2m_x${NUL}`, client_secret: secret }), 'client_id'],
    ['M2M JSON body, the secret', () => `${studio.m2m}/token`, (secret: string) => ({ client_id: 'm2m_x', client_secret: `${secret}${NUL}` }), 'client_secret'],
    ['v1 body', () => `${studio.v1}/auth/token`, (secret: string) => ({ apiKey: `key_x${NUL}`, apiSecret: secret }), 'apiKey'],
    ['v1 body, the secret', () => `${studio.v1}/auth/token`, (secret: string) => ({ apiKey: 'key_x', apiSecret: `${secret}${NUL}` }), 'apiSecret'],
  ])('refuse NUL in the credentials (%s) with 400 naming the field', async (_case, url, body, field) => {
    const answer = await unchanged(() => call(url(), null, { method: 'POST', body: body('f'.repeat(64)) }));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(`${field}: must not contain NUL`);
  });

  it('refuse NUL in an OAuth form and in HTTP Basic credentials with invalid_request', async () => {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: `m2m_x${NUL}`, client_secret: 'f'.repeat(64) }).toString();
    const basic = `Basic ${Buffer.from(`m2m_x%00:${'f'.repeat(64)}`).toString('base64')}`;
    const answers = await unchanged(() => Promise.all([
      call(`${studio.m2m}/token`, null, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      call(`${studio.m2m}/token`, null, { method: 'POST', body: 'grant_type=client_credentials', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic } }),
    ]));
    for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_request', error_description: expect.stringContaining('client_id') } });
  });

  it.each([
    ['M2M', () => `${studio.m2m}/token`],
    ['v1', () => `${studio.v1}/auth/token`],
  ])('refuse a body nested 10,000 deep (%s) with 400', async (_case, url) => {
    const answer = await unchanged(() => call(url(), null, { method: 'POST', body: `{"client_id":${DEEP}}` }));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('nested deeper than 32 levels');
  });
});

describe('GraphQL', () => {
  const post = (body: Json, token: string | null = graphqlToken) => call(`${studio.url}/graphql`, token, { method: 'POST', body });

  it.each(graphqlCases())('%s: 400, BAD_USER_INPUT or a validation error, nothing changed', async (_title, { requests }) => {
    const sent = requests();
    const answers = await unchanged(() =>
      Promise.all(sent.map(async (request) => ({ request, ...(await consoleCall(studio.url, request.query, { cookie: ownerCookie, variables: request.variables })) }))));
    const wrong = answers.filter(({ request, status, body }) => {
      const error = body?.errors?.[0];
      if (status !== 400 || body.data !== undefined || !error) return true;
      if (request.expects === 'NUL') return error.extensions.code !== 'BAD_USER_INPUT' || error.extensions.field !== request.names;
      return !['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED'].includes(error.extensions.code) || !error.message.includes('1900-01-01');
    });
    expect(wrong.map(({ request, status, body }) => ({ query: request.query, variables: request.variables, names: request.names, status, body }))).toEqual([]);
  });

  it('refuses a body nested 10,000 deep with BAD_USER_INPUT from a caller with a token, and with 401 from no one', async () => {
    const answers = await unchanged(() => Promise.all([graphqlToken, null].map((token) =>
      call(`${studio.url}/graphql`, token, { method: 'POST', body: `{"query":"{ __typename }","variables":{"x":${DEEP}}}` }))));
    expect(answers[0]!.status).toBe(400);
    expect(answers[0]!.body).toEqual({ errors: [{ message: 'body: is nested deeper than 32 levels', extensions: { code: 'BAD_USER_INPUT', field: 'body', rule: 'max' } }] });
    expect(answers[1]!.status).toBe(401);
    expect(answers[1]!.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses variables nested deeper than 32 levels in a GET request', async () => {
    const variables = JSON.stringify({ x: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) });
    const answer = await call(`${studio.url}/graphql?query=${encodeURIComponent('{ __typename }')}&variables=${encodeURIComponent(variables)}`, null, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', rule: 'max' });
  });

  it.each(DIRECTIVE_CASES)('directives without a token: %s answers %i', async (_case, status, request) => {
    const answer = await unchanged(() => post(request, null));
    expect(answer.status).toBe(status);
    if (status === 200) expect(answer.body.errors).toBeUndefined();
    else expect(answer.body.errors[0].extensions.code).toEqual(status === 401 ? 'UNAUTHENTICATED' : expect.stringMatching(/^(BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED)$/));
  });
});
