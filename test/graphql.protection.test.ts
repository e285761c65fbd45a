/** GraphQL protection: depth, aliases, cost weighted by page sizes, no batching, CSRF prevention, introspection. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
let token: string;

/**
 * A doubling document analysed by walking its expansion (2^29 to 2^39 fields) holds the event loop, this
 * test's and the service's, for many minutes to days; analysed once per fragment it is refused in tens of
 * milliseconds. A bound this far from both is a hang's and never a slow machine's.
 */
const HELD_MS = 10_000;

const graphql = (body: unknown, headers: Record<string, string> = {}) =>
  call(`${studio.url}/graphql`, token, { method: 'POST', body, headers });

beforeAll(async () => {
  studio = await startStudio({ env: { GRAPHQL_MAX_DEPTH: '6', GRAPHQL_MAX_ALIASES: '3', GRAPHQL_MAX_COST: '2000' } });
  token = await studio.token();
});
afterAll(() => studio.close());

describe('GraphQL protection', () => {
  it('refuses an operation deeper than GRAPHQL_MAX_DEPTH', async () => {
    const { status, body } = await graphql({
      query: '{ customers { nodes { transactions { nodes { bookings { event { dates { event { name } } } } } } } } }',
    });
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/depth/i);
  });

  it('refuses more aliases than GRAPHQL_MAX_ALIASES', async () => {
    const { status, body } = await graphql({ query: '{ a: customers { total } b: customers { total } c: customers { total } d: customers { total } }' });
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/alias/i);
  });

  it('refuses an operation whose cost, weighted by page sizes, is over GRAPHQL_MAX_COST, and reports the cost', async () => {
    const query = 'query ($size: Int) { customers(pageSize: $size) { nodes { transactions(pageSize: 50) { nodes { id purchaseDate } } } } }';
    const small = await graphql({ query, variables: { size: 5 } });
    expect(small.body.errors).toBeUndefined();
    const { status, body } = await graphql({ query, variables: { size: 100 } });
    expect(status).toBe(400);
    expect(body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', maxCost: 2000 });
    expect(body.errors[0].extensions.cost).toBeGreaterThan(2000);
  });

  it('refuses batched requests', async () => {
    const { status } = await graphql([{ query: '{ customers { total } }' }, { query: '{ events { total } }' }]);
    expect(status).toBe(400);
  });

  it('refuses a GET without a CSRF-safe header (CSRF prevention)', async () => {
    const { status } = await call(`${studio.url}/graphql?query=${encodeURIComponent('{ customers { total } }')}`, token);
    expect(status).toBe(400);
    const allowed = await call(`${studio.url}/graphql?query=${encodeURIComponent('{ customers { total } }')}`, token, { headers: { 'apollo-require-preflight': 'true' } });
    expect(allowed.status).toBe(200);
  });

  it('refuses a 30-level doubling document, without a token and without walking its expansion, while /healthz keeps answering', async () => {
    let fragments = 'fragment F0 on Query { __typename }';
    for (let i = 1; i < 30; i++) fragments += ` fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`;
    const probes: number[] = [];
    let refused = false;
    const probing = (async () => {
      while (!refused) {
        const start = performance.now();
        expect((await fetch(`${studio.url}/healthz`)).status).toBe(200);
        probes.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const start = performance.now();
    const { status, body } = await call(`${studio.url}/graphql`, null, { method: 'POST', body: { query: `{ ...F29 } ${fragments}` } });
    const elapsed = performance.now() - start;
    refused = true;
    await probing;
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(elapsed).toBeLessThan(HELD_MS);
    expect(Math.max(...probes)).toBeLessThan(HELD_MS);
  });

  it.each([
    ['aliased __typename', 'fragment F0 on Query { a: __typename b: __typename }', (f: string) => `...${f} ...${f}`],
    ['fields of customers', 'fragment F0 on Query { customers { nodes { id } } }', (f: string) => `...${f} ...${f}`],
    ['inline fragments', 'fragment F0 on Query { __typename }', (f: string) => `... on Query { ...${f} } ... { ...${f} }`],
  ])('refuses other doubling shapes (%s) without walking their expansion', async (_shape, first, spread) => {
    let fragments = first;
    for (let i = 1; i < 40; i++) fragments += ` fragment F${i} on Query { ${spread(`F${i - 1}`)} }`;
    const start = performance.now();
    const { status, body } = await graphql({ query: `{ ...F39 } ${fragments}` });
    expect(performance.now() - start).toBeLessThan(HELD_MS);
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses a document of more lexical tokens than GRAPHQL_MAX_TOKENS before analysing it', async () => {
    const { status, body } = await graphql({ query: `{ ${'__typename '.repeat(6000)} }` });
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/token/i);
  });

  it('counts aliased __typename against GRAPHQL_MAX_ALIASES', async () => {
    const { status, body } = await graphql({ query: '{ a: __typename b: __typename c: __typename d: __typename }' });
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/alias/i);
  });

  it('answers introspection outside production', async () => {
    const { body } = await graphql({ query: '{ __schema { queryType { name } } }' });
    expect(body.data.__schema.queryType.name).toBe('Query');
  });
});

describe('scopes on edges', () => {
  it('refuses the whole operation with 403 FORBIDDEN and the REST message when one field lacks its scope', async () => {
    const limited = await studio.token(['customers:read']);
    const { status, body } = await call(`${studio.url}/graphql`, limited, {
      method: 'POST',
      body: { query: '{ customers(pageSize: 2) { total nodes { id firstName } } events { total } }' },
    });
    expect(status).toBe(403);
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([
      expect.objectContaining({ message: 'Missing required scope: events:read', extensions: expect.objectContaining({ code: 'FORBIDDEN', scope: 'events:read' }) }),
    ]);
  });

  it('answers UNAUTHENTICATED without a token for guarded fields, 401', async () => {
    const { status, body } = await call(`${studio.url}/graphql`, null, { method: 'POST', body: { query: '{ customers { total } }' } });
    expect(status).toBe(401);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('needs the write scope of a mutation', async () => {
    const readOnly = await studio.token(['appointments:read']);
    const { body } = await call(`${studio.url}/graphql`, readOnly, {
      method: 'POST',
      body: { query: 'mutation { cancelAppointment(id: "appt_x") { id } }' },
    });
    expect(body.errors[0]).toMatchObject({ message: 'Missing required scope: appointments:write', extensions: { code: 'FORBIDDEN' } });
  });
});
