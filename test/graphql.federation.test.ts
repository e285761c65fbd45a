/** The schema is an Apollo Federation 2 subgraph: it composes with another, and resolves its entities by reference. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
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
  it('publishes its SDL through _service and at /graphql/schema.graphql', async () => {
    const { body } = await graphql('{ _service { sdl } }');
    expect(body.data._service.sdl).toContain('type Customer @key(fields: "id")');
    const served = await fetch(`${studio.url}/graphql/schema.graphql`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('type Customer @key(fields: "id")');
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
