/**
 * Issue 37: the stock Node gateway runs this subgraph. A real `@apollo/gateway` composes it with a second
 * subgraph (reviews of customers, served in process by `@apollo/subgraph`), by introspection and from a
 * supergraph file, and answers queries that join both ways; refusals keep their code through it (FORBIDDEN,
 * UNAUTHENTICATED, and a spent budget as RATE_LIMITED with `retryAfter`). With the security links on
 * (GRAPHQL_FEDERATION_AUTHORIZATION, for a router that enforces them) this gateway refuses the subgraph,
 * which is why they are off unless asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApolloGateway, IntrospectAndCompose, RemoteGraphQLDataSource } from '@apollo/gateway';
import { composeServices } from '@apollo/composition';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { call, startStudio, type Studio } from './support/studio.ts';

interface GatewayContext {
  authorization?: string;
}

const REVIEWS_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.5", import: ["@key"])
  type Query { latestReviews: [Review!]! }
  type Review { id: ID! stars: Int! author: Customer! }
  type Customer @key(fields: "id") { id: ID! reviews: [Review!]! }
`;

/** The second subgraph: one review of each customer it is told about, five stars. */
async function startReviews(customerIds: () => string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new ApolloServer({
    schema: buildSubgraphSchema([{
      typeDefs: parse(REVIEWS_SDL),
      resolvers: {
        Query: { latestReviews: () => customerIds().map((id) => ({ id: `rev_${id}`, stars: 5, author: { id } })) },
        Customer: { reviews: (customer: { id: string }) => [{ id: `rev_${customer.id}`, stars: 5, author: { id: customer.id } }] },
      },
    }]),
  });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: '127.0.0.1' } });
  return { url, stop: () => server.stop() };
}

/** A data source that forwards the caller's Authorization to the subgraph, as every gateway set-up does. */
const forwardingAuthorization = ({ url }: { url?: string }) =>
  new RemoteGraphQLDataSource<GatewayContext>({
    url,
    willSendRequest({ request, context }) {
      if (context.authorization) request.http?.headers.set('authorization', context.authorization);
    },
  });

interface RunningGateway {
  query(query: string, bearer?: string): Promise<{ data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] }>;
  stop(): Promise<void>;
}

async function startGateway(gateway: ApolloGateway): Promise<RunningGateway> {
  const server = new ApolloServer<GatewayContext>({ gateway, includeStacktraceInErrorResponses: true });
  const { url } = await startStandaloneServer(server, {
    listen: { port: 0, host: '127.0.0.1' },
    context: ({ req }) => Promise.resolve({ ...(req.headers.authorization && { authorization: req.headers.authorization }) }),
  });
  return {
    async query(query, bearer) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(bearer && { authorization: `Bearer ${bearer}` }) },
        body: JSON.stringify({ query }),
      });
      return (await response.json()) as Awaited<ReturnType<RunningGateway['query']>>;
    },
    stop: () => server.stop(),
  };
}

let studio: Studio;
let token: string;
let reviews: Awaited<ReturnType<typeof startReviews>>;
let customerIds: string[] = [];
const subgraphs = () => [
  { name: 'booking', url: `${studio.url}/graphql` },
  { name: 'reviews', url: reviews.url },
];

beforeAll(async () => {
  studio = await startStudio({ env: { GRAPHQL_MAX_COST: '2000', GRAPHQL_POINTS_PER_MINUTE: '2000' } });
  token = await studio.token();
  reviews = await startReviews(() => customerIds);
  const { body } = await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query: '{ customers(pageSize: 2) { nodes { id } } }' } });
  customerIds = (body.data.customers.nodes as { id: string }[]).map((c) => c.id);
});
afterAll(async () => {
  await reviews.stop();
  await studio.close();
});

describe('@apollo/gateway over this subgraph, composed by introspection', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway(new ApolloGateway({
      supergraphSdl: new IntrospectAndCompose({ subgraphs: subgraphs(), introspectionHeaders: { authorization: `Bearer ${token}` } }),
      buildService: forwardingAuthorization,
    }));
  });
  afterAll(() => gateway.stop());

  it("joins a customer's reviews from the other subgraph onto this one's customers", async () => {
    const { data, errors } = await gateway.query('{ customers(pageSize: 2) { nodes { id firstName reviews { stars } } } }', token);
    expect(errors).toBeUndefined();
    const nodes = (data!.customers as { nodes: { id: string; firstName: string; reviews: unknown[] }[] }).nodes;
    expect(nodes.map((c) => c.id)).toEqual(customerIds);
    expect(nodes.every((c) => c.firstName.length > 0)).toBe(true);
    expect(nodes.map((c) => c.reviews)).toEqual([[{ stars: 5 }], [{ stars: 5 }]]);
  });

  it("resolves the other subgraph's reviews' authors here, by reference", async () => {
    const { data, errors } = await gateway.query('{ latestReviews { stars author { id firstName } } }', token);
    expect(errors).toBeUndefined();
    const authors = (data!.latestReviews as { author: { id: string; firstName: string } }[]).map((r) => r.author);
    expect(authors.map((a) => a.id)).toEqual(customerIds);
    expect(authors.every((a) => a.firstName.length > 0)).toBe(true);
  });

  it('passes FORBIDDEN through: the subgraph checks scopes itself, for its own fields and for entities reached by reference', async () => {
    const limited = await studio.token(['events:read']);
    const { errors } = await gateway.query('{ customers { total } }', limited);
    expect(errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    const byReference = await gateway.query('{ latestReviews { author { firstName } } }', limited);
    expect(byReference.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
  });

  it('passes UNAUTHENTICATED through when the caller sends no token', async () => {
    const { errors } = await gateway.query('{ customers { total } }');
    expect(errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('passes a spent budget through as RATE_LIMITED with retryAfter, not as a transport failure', async () => {
    const spender = await studio.token(['customers:read']);
    const costly = '{ customers(pageSize: 100) { nodes { id firstName lastName email } } }';
    let refused: { message: string; extensions?: Record<string, unknown> } | undefined;
    for (let sent = 0; sent < 10 && !refused; sent++) {
      refused = (await gateway.query(costly, spender)).errors?.[0];
    }
    expect(refused).toMatchObject({ extensions: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) } });
    expect(refused!.message).toMatch(/retry after \d+ s/);
    expect(refused!.extensions!.retryAfter).toBeGreaterThan(0);
  });
});

describe('@apollo/gateway from a supergraph file', () => {
  it('serves the supergraph composed from both subgraphs’ SDL, joining both ways', async () => {
    const booking = await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query: '{ _service { sdl } }' } });
    const composed = composeServices([
      { name: 'booking', typeDefs: parse(booking.body.data._service.sdl as string), url: `${studio.url}/graphql` },
      { name: 'reviews', typeDefs: parse(REVIEWS_SDL), url: reviews.url },
    ]);
    expect(composed.errors ?? []).toEqual([]);
    const gateway = await startGateway(new ApolloGateway({ supergraphSdl: composed.supergraphSdl!, buildService: forwardingAuthorization }));
    try {
      const { data, errors } = await gateway.query('{ latestReviews { author { id reviews { stars } } } customers(pageSize: 1) { nodes { reviews { stars } } } }', token);
      expect(errors).toBeUndefined();
      expect((data!.latestReviews as { author: { id: string } }[]).map((r) => r.author.id)).toEqual(customerIds);
      expect(data!.customers).toEqual({ nodes: [{ reviews: [{ stars: 5 }] }] });
    } finally {
      await gateway.stop();
    }
  });
});

describe('with the security links on, for a router that enforces them', () => {
  let secured: Studio;
  beforeAll(async () => {
    secured = await startStudio({ env: { GRAPHQL_FEDERATION_AUTHORIZATION: 'true' } });
  });
  afterAll(() => secured.close());

  it('serves @requiresScopes, which composes, and which @apollo/gateway refuses to run', async () => {
    const securedToken = await secured.token();
    const { body } = await call(`${secured.url}/graphql`, securedToken, { method: 'POST', body: { query: '{ _service { sdl } }' } });
    const sdl = body.data._service.sdl as string;
    expect(sdl).toContain('@requiresScopes(scopes: [["customers:read"]])');
    const composed = composeServices([{ name: 'booking', typeDefs: parse(sdl), url: `${secured.url}/graphql` }]);
    expect(composed.errors ?? []).toEqual([]);
    const gateway = new ApolloGateway({ supergraphSdl: composed.supergraphSdl! });
    await expect(gateway.load()).rejects.toThrow(/UNSUPPORTED_LINKED_FEATURE|is for: SECURITY but is unsupported/);
  });

  it('leaves them out by default', async () => {
    const { body } = await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query: '{ _service { sdl } }' } });
    expect(body.data._service.sdl).not.toMatch(/@requiresScopes\(|specs\.apollo\.dev\/(authenticated|requiresScopes)/);
  });
});
