/** The schema is an Apollo Federation 2 subgraph: it composes with another, and resolves its entities by reference. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { composeServices } from '@apollo/composition';
import { Kind, parse, visit, type ConstDirectiveNode, type ConstValueNode } from 'graphql';
import { typeDefs } from '../resolvers/index.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
let token: string;
const graphql = (query: string, variables: Record<string, unknown> = {}, bearer = token) =>
  call(`${studio.url}/graphql`, bearer, { method: 'POST', body: { query, variables } });

beforeAll(async () => {
  studio = await startStudio();
  token = await studio.token();
});
afterAll(() => studio.close());

describe('federation', () => {
  it('publishes its subgraph SDL through _service', async () => {
    const { body } = await graphql('{ _service { sdl } }');
    expect(body.data._service.sdl).toContain('type Customer @key(fields: "id")');
    expect(body.data._service.sdl).toContain('_entities(representations: [_Any!]!): [_Entity]!');
  });

  it('serves the API schema at /graphql/schema.graphql, without the federation machinery client codegen would type', async () => {
    const served = await fetch(`${studio.url}/graphql/schema.graphql`);
    expect(served.status).toBe(200);
    const sdl = await served.text();
    expect(sdl).toMatch(/^type Customer \{$/m);
    expect(sdl).toContain('customers(');
    for (const machinery of ['_Any', '_Service', '_Entity', '_entities', '_service', 'link__Import', 'link__Purpose', '@link', '@key', 'federation__', 'directive @']) {
      expect(sdl).not.toContain(machinery);
    }
  });

  it('composes with a second subgraph without errors', async () => {
    const { body } = await graphql('{ _service { sdl } }');
    const reviews = `
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.5", import: ["@key"])
      type Query { latestReviews: [Review!]! }
      type Review { id: ID! stars: Int! author: Customer! class: Event! }
      type Customer @key(fields: "id") { id: ID! reviews: [Review!]! }
      type Event @key(fields: "id") { id: ID! reviews: [Review!]! }
    `;
    const result = composeServices([
      { name: 'booking', typeDefs: parse(body.data._service.sdl), url: 'http://booking/graphql' },
      { name: 'reviews', typeDefs: parse(reviews), url: 'http://reviews/graphql' },
    ]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.supergraphSdl).toContain('reviews: [Review!]!');
  });

  it('resolves entities by reference in one batch', async () => {
    const { body: list } = await graphql('{ customers(pageSize: 3) { nodes { id firstName } } }');
    const representations = list.data.customers.nodes.map((c: { id: string }) => ({ __typename: 'Customer', id: c.id }));
    const { body } = await graphql('query ($r: [_Any!]!) { _entities(representations: $r) { ... on Customer { id firstName } } }', { r: representations });
    expect(body.data._entities).toEqual(list.data.customers.nodes);
  });

  it("needs the entity type's scope to resolve it by reference", async () => {
    const limited = await studio.token(['events:read']);
    const { body } = await graphql(
      'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Customer { id firstName } } }',
      { r: [{ __typename: 'Customer', id: 'cust_x' }] },
      limited,
    );
    expect(body.errors[0]).toMatchObject({ message: 'Missing required scope: customers:read', extensions: { code: 'FORBIDDEN' } });
  });
});

describe('authorization in the supergraph, for a router that enforces it (GRAPHQL_FEDERATION_AUTHORIZATION=true)', () => {
  let secured: Studio;
  let securedToken: string;
  beforeAll(async () => {
    secured = await startStudio({ env: { GRAPHQL_FEDERATION_AUTHORIZATION: 'true' } });
    securedToken = await secured.token();
  });
  afterAll(() => secured.close());

  /** Every field's `@scope` in schema/*.graphql: `Type.field` -> what a router must require. */
  function declared(): Map<string, string> {
    const wanted = new Map<string, string>();
    for (const definition of parse(typeDefs().join('\n')).definitions) {
      if (!('fields' in definition) || !definition.fields || !('name' in definition)) continue;
      for (const field of definition.fields) {
        const scope = field.directives?.find((d) => d.name.value === 'scope');
        if (!scope) continue;
        const value = (name: string) => scope.arguments?.find((a) => a.name.value === name)?.value;
        const whenSelected = value('whenFieldsSelected');
        const anyOf = value('anyOf');
        const scopes = [value('name'), ...(anyOf?.kind === Kind.LIST ? anyOf.values : [])].map((v) => (v as { value: string }).value);
        wanted.set(`${definition.name.value}.${field.name.value}`, whenSelected?.kind === Kind.BOOLEAN && whenSelected.value ? '@authenticated' : `@requiresScopes(scopes: ${JSON.stringify(scopes.map((s) => [s]))})`);
      }
    }
    return wanted;
  }

  /** What the composed supergraph requires of each field, as the router reads it. */
  function required(supergraphSdl: string): Map<string, string> {
    const found = new Map<string, string>();
    const valueOf = (node: ConstValueNode): unknown => (node.kind === Kind.LIST ? node.values.map(valueOf) : (node as { value: unknown }).value);
    const of = (d: ConstDirectiveNode) =>
      d.name.value === 'authenticated' ? '@authenticated' : `@requiresScopes(scopes: ${JSON.stringify(valueOf(d.arguments!.find((a) => a.name.value === 'scopes')!.value))})`;
    visit(parse(supergraphSdl), {
      enter(node, _key, _parent, _path, ancestors) {
        if (node.kind !== Kind.FIELD_DEFINITION) return;
        const owner = ancestors.at(-1) as { name?: { value: string } };
        for (const d of node.directives ?? []) {
          if (d.name.value === 'requiresScopes' || d.name.value === 'authenticated') found.set(`${owner.name!.value}.${node.name.value}`, of(d));
        }
      },
    });
    return found;
  }

  it('carries @requiresScopes for every field @scope guards, and @authenticated where the scope depends on the selection', async () => {
    const { body } = await call(`${secured.url}/graphql`, securedToken, { method: 'POST', body: { query: '{ _service { sdl } }' } });
    const result = composeServices([{ name: 'booking', typeDefs: parse(body.data._service.sdl), url: 'http://booking/graphql' }]);
    expect(result.errors ?? []).toEqual([]);
    const wanted = declared();
    const composed = required(result.supergraphSdl!);
    expect(wanted.size).toBeGreaterThan(90);
    expect(Object.fromEntries(composed)).toEqual(Object.fromEntries(wanted));
    expect(composed.get('Query.customers')).toBe('@requiresScopes(scopes: [["customers:read"]])');
    expect(composed.get('Customer.email')).toBe('@requiresScopes(scopes: [["customers:read"],["profile:read"],["bookings:read"],["events-register:read"]])');
    expect(composed.get('Query.customer')).toBe('@authenticated');
  });
});
