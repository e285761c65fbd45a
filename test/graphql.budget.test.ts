/**
 * GraphQL's own budget per API client: points a minute, each document costing what its analysis says
 * (docs/graphql.md, Limits), apart from the M2M REST limits. Every answer says what it cost and what is
 * left; past the budget, 429 with Retry-After and RATE_LIMITED carrying `retryAfter`, and nothing spent.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
const graphql = (token: string, query: string) => call(`${studio.url}/graphql`, token, { method: 'POST', body: { query } });

const CHEAP = '{ customers(pageSize: 1) { total } }';
/** 1 for the list, and 100 times what its page selects: `total`, `nodes` and `id` (301). */
const COSTLY = '{ customers(pageSize: 100) { total nodes { id } } }';

beforeAll(async () => {
  studio = await startStudio({ env: { GRAPHQL_POINTS_PER_MINUTE: '1000', GRAPHQL_MAX_COST: '1000', CACHE_TTL_SECONDS: '0' } });
});
afterAll(() => studio?.close());

describe("a client's GraphQL budget", () => {
  it("is not the M2M REST limit: one client's 60 requests in a minute are answered", async () => {
    const token = await studio.token();
    const statuses = [];
    for (let i = 0; i < 60; i++) statuses.push((await graphql(token, '{ __typename }')).status);
    expect(statuses).toEqual(Array(60).fill(200));
  });

  it('says on every answer what the document cost and what is left, in extensions and in the RateLimit fields', async () => {
    const token = await studio.token();
    const first = await graphql(token, COSTLY);
    expect(first.status).toBe(200);
    expect(first.body.extensions.cost).toEqual({ requested: 301, remaining: 699, limit: 1000, resetSeconds: expect.any(Number) });
    expect(first.headers.get('ratelimit-policy')).toBe('"points";q=1000;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"points";r=699;t=\d+$/);
    const second = await graphql(token, CHEAP);
    expect(second.body.extensions.cost).toMatchObject({ requested: 2, remaining: 697 });
    expect(second.body.extensions.cost.resetSeconds).toBeLessThanOrEqual(60);
  });

  it('refuses a document costing more than is left with 429, Retry-After and RATE_LIMITED with retryAfter, spending nothing', async () => {
    const token = await studio.token();
    for (let i = 0; i < 3; i++) expect((await graphql(token, COSTLY)).status).toBe(200);
    const refused = await graphql(token, COSTLY);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ message: expect.stringContaining('costs 301 points and 97 of 1000 are left'), extensions: { code: 'RATE_LIMITED', retryAfter } }),
    ]);
    expect(refused.headers.get('ratelimit')).toMatch(/^"points";r=97;t=\d+$/);
    // What was left is still there for a document that fits.
    const cheap = await graphql(token, CHEAP);
    expect(cheap.status).toBe(200);
    expect(cheap.body.extensions.cost.remaining).toBe(95);
  });

  it('refuses every request once nothing is left, before reading its document', async () => {
    const token = await studio.token();
    for (let i = 0; i < 3; i++) await graphql(token, COSTLY);
    for (let i = 0; i < 48; i++) await graphql(token, CHEAP);
    const last = await graphql(token, '{ __typename }');
    expect(last.body.extensions.cost).toMatchObject({ requested: 1, remaining: 0 });
    const spent = await graphql(token, '{ __typename }');
    expect(spent.status).toBe(429);
    expect(spent.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect((await graphql(token, 'not even a document')).status).toBe(429);
  });

  it("is each client's own", async () => {
    const [one, other] = [await studio.token(), await studio.token()];
    for (let i = 0; i < 3; i++) await graphql(one, COSTLY);
    expect((await graphql(one, COSTLY)).status).toBe(429);
    expect((await graphql(other, COSTLY)).status).toBe(200);
  });

  it('is not spent by a document refused for its scopes', async () => {
    const token = await studio.token(['passes:read']);
    expect((await graphql(token, COSTLY)).status).toBe(403);
    const allowed = await graphql(token, '{ passes(pageSize: 1) { total } }');
    expect(allowed.body.extensions.cost).toMatchObject({ requested: 2, remaining: 998 });
  });
});
