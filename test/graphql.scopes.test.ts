/**
 * Issue 9, findings 5 and 9: a scope shows no more than it grants, and a denial is recorded as one.
 * Contact details (email, mobile) need customers:read or profile:read wherever a customer is reached (or the
 * scope of a payload documented to carry the email: a booking's payer, an event register); a GraphQL operation
 * with a denied field is audited as a 403 naming the missing scope.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  getNamedType, isListType, isNonNullType, isObjectType, isScalarType, isEnumType, parse, validate,
  type GraphQLArgument, type GraphQLInputType, type GraphQLObjectType,
} from 'graphql';
import { buildSchema } from '../resolvers/index.ts';
import { listAudit } from '../src/domain/audit-log.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { analyseOperation } from '../src/pipeline/analysis.ts';
import type { ScopeRequirement } from '../src/pipeline/analysis.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const schema = buildSchema();

/** The fields a caller holding `scopes` lacks a scope for, by path, with the first scope it lacks. */
function deniedFields(requirements: readonly ScopeRequirement[], scopes: ReadonlySet<string>): Map<string, string> {
  const denied = new Map<string, string>();
  for (const { path, scopes: any } of requirements) if (!any.some((s) => scopes.has(s)) && !denied.has(path)) denied.set(path, any[0]!);
  return denied;
}

const EMAIL_SCOPES = ['customers:read', 'profile:read', 'bookings:read', 'events-register:read'];
const MOBILE_SCOPES = ['customers:read', 'profile:read'];

/** A literal for a required argument, so the document validates (values do not matter to the analysis). */
function literal(type: GraphQLInputType): string {
  const named = getNamedType(type);
  if (isListType(isNonNullType(type) ? type.ofType : type)) return `[${literal(getNamedType(type))}]`;
  if (isEnumType(named)) return named.getValues()[0]!.name;
  if (isScalarType(named)) {
    if (named.name === 'Int') return '1';
    if (named.name === 'Boolean') return 'true';
    if (named.name === 'Date') return '"2026-01-01"';
    if (named.name === 'LocalDateTime') return '"2026-01-01T09:00:00"';
    if (named.name === '_Any') return '{ __typename: "Customer", id: "cust_x" }';
    return '"x"';
  }
  return '{}';
}

const args = (list: readonly GraphQLArgument[]) => {
  const required = list.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  return required.length ? `(${required.map((a) => `${a.name}: ${literal(a.type)}`).join(', ')})` : '';
};

/** Every path of fields from the query root to a Customer (through customers too), each type at most once along a path. */
function pathsToCustomer(): string[][] {
  const found: string[][] = [];
  const walk = (type: GraphQLObjectType, selections: string[], seen: Set<string>) => {
    if (selections.length > 7) return;
    for (const field of Object.values(type.getFields())) {
      if (field.name.startsWith('__')) continue;
      const named = getNamedType(field.type);
      const step = `${field.name}${args(field.args)}`;
      if (named.name === '_Entity') {
        found.push([...selections, `${step} { ... on Customer`, '}']);
        continue;
      }
      if (named.name === 'Customer') found.push([...selections, step]);
      if (!isObjectType(named) || seen.has(named.name)) continue;
      walk(named, [...selections, step], new Set([...seen, named.name]));
    }
  };
  walk(schema.getQueryType()!, [], new Set(['Query']));
  return found;
}

/** The document selecting a customer's names and contact details at the end of `path`, and that path's key. */
function documentAt(path: string[]): { query: string; at: string } {
  const closing = path.filter((p) => p === '}').length;
  const steps = path.filter((p) => p !== '}');
  const query = `{ ${steps.map((s) => `${s} {`).join(' ')} id firstName email mobile ${'} '.repeat(steps.length + closing)}}`;
  const at = steps.map((s) => s.replace(/\(.*$/, '').replace(/ \{.*$/, '')).join('.');
  return { query, at };
}

describe('contact details through every path to a customer', () => {
  const paths = pathsToCustomer();

  it('finds the paths of the findings among them', () => {
    const keys = paths.map((p) => documentAt(p).at);
    expect(keys).toEqual(expect.arrayContaining(['appointments.nodes.customer', 'pass.purchases.nodes.customer', 'customers.nodes', 'customer']));
  });

  it.each(paths.map((p) => [documentAt(p).at, p] as const))('%s: with any single scope, email and mobile only where that scope grants them', (_at, path) => {
    const { query, at } = documentAt(path);
    const document = parse(query);
    expect(validate(schema, document)).toEqual([]);
    const analysis = analyseOperation(schema, document)!;
    for (const scope of ALL_SCOPES) {
      const denied = deniedFields(analysis.requirements, new Set([scope]));
      const prefixes = at.split('.').map((_p, i, all) => all.slice(0, i + 1).join('.'));
      const reached = ![...denied.keys()].some((key) => prefixes.includes(key)) && !denied.has(`${at}.firstName`);
      if (!reached) continue;
      expect({ scope, email: !denied.has(`${at}.email`) }).toEqual({ scope, email: EMAIL_SCOPES.includes(scope) });
      expect({ scope, mobile: !denied.has(`${at}.mobile`) }).toEqual({ scope, mobile: MOBILE_SCOPES.includes(scope) });
    }
  });
});

describe('over HTTP', () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio();
  });
  afterAll(() => studio.close());

  const graphql = (token: string, query: string) => call(`${studio.url}/graphql`, token, { method: 'POST', body: { query } });

  it('refuses email and mobile of an appointment\'s customer to appointments:read alone, and shows the names', async () => {
    const token = await studio.token(['appointments:read']);
    const names = await graphql(token, '{ appointments(status: COMPLETED) { nodes { customer { id firstName lastName } } } }');
    expect(names.body.errors).toBeUndefined();
    expect(names.body.data.appointments.nodes.length).toBeGreaterThan(0);
    const contact = await graphql(token, '{ appointments(status: COMPLETED) { nodes { customer { email mobile } } } }');
    expect(contact.body.errors[0]).toMatchObject({ message: 'Missing required scope: customers:read', extensions: { code: 'FORBIDDEN' } });
    expect(JSON.stringify(contact.body.data ?? {})).not.toMatch(/@/);
  });

  it("refuses pass buyers' emails to passes:read alone", async () => {
    const token = await studio.token(['passes:read']);
    const { body } = await graphql(token, '{ passes { nodes { purchases { nodes { customer { email } } } } } }');
    expect(body.errors[0]).toMatchObject({ message: 'Missing required scope: customers:read', extensions: { code: 'FORBIDDEN' } });
    expect(JSON.stringify(body.data ?? {})).not.toMatch(/@/);
  });

  it('shows them with customers:read beside the scope of the path', async () => {
    const token = await studio.token(['appointments:read', 'customers:read']);
    const { body } = await graphql(token, '{ appointments(status: COMPLETED) { nodes { customer { email } } } }');
    expect(body.errors).toBeUndefined();
    expect(body.data.appointments.nodes[0].customer.email).toMatch(/@/);
  });

  it('refuses an operation with a denied field whole, and records it as a denial: 403 in the audit log, with the missing scope', async () => {
    const token = await studio.token(['customers:read']);
    const { status, body } = await graphql(token, 'query Passes { passes { total } }');
    expect(status).toBe(403);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    await studio.app.pipeline!.audit.flush();
    const [entry] = await listAudit(studio.app.services.orm, { companyId: studio.companyId, limit: 1 });
    expect(entry).toMatchObject({ path: '/graphql', operation: 'Passes', status: 403, missingScope: 'passes:read' });
  });

  it('records a REST call refused for its scope with the missing scope too', async () => {
    const token = await studio.token(['customers:read']);
    expect((await call(`${studio.m2m}/passes`, token)).status).toBe(403);
    await studio.app.pipeline!.audit.flush();
    const [entry] = await listAudit(studio.app.services.orm, { companyId: studio.companyId, limit: 1 });
    expect(entry).toMatchObject({ path: '/m2m/passes', status: 403, missingScope: 'passes:read' });
  });
});
