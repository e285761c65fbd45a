/**
 * Rate limits per source address for requests that have no caller (issue 9, finding 8): /graphql without
 * a token (ANONYMOUS_RATE_PER_MINUTE) and token requests (TOKEN_RATE_PER_MINUTE), answered like the
 * callers' limits (RateLimit fields, 429 with Retry-After in the surface's shape); the default leaves
 * Apollo Sandbox's polling far inside the limit; behind a trusted proxy the client's address counts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getIntrospectionQuery } from 'graphql';
import { loadConfig } from '../src/config.ts';
import { requestFrom, randomLoopback, type Answer } from './support/source-address.ts';
import { startStudio, type Studio } from './support/studio.ts';

const DEFAULT_ANONYMOUS = loadConfig({}).ANONYMOUS_RATE_PER_MINUTE;
const TOKEN_RATE = 4;

const graphql = (url: string, from: string, query: string, headers: Record<string, string> = {}) =>
  requestFrom(`${url}/graphql`, from, { method: 'POST', body: JSON.stringify({ query }), headers: { 'content-type': 'application/json', ...headers } });

const expectRateLimitFields = (answer: Answer, quota: number) => {
  expect(answer.headers['ratelimit-policy']).toBe(`"minute";q=${quota};w=60`);
  expect(answer.headers.ratelimit).toMatch(/^"minute";r=\d+;t=\d+$/);
};

describe('with the default anonymous limit', () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ env: { ANONYMOUS_RATE_PER_MINUTE: String(DEFAULT_ANONYMOUS), TOKEN_RATE_PER_MINUTE: String(TOKEN_RATE) } });
  });
  afterAll(() => studio.close());

  it('answers three open Apollo Sandboxes polling at their peak (40 requests a minute each) from one address', async () => {
    const from = randomLoopback();
    const answers: Answer[] = [];
    for (let batch = 0; batch < 12; batch++) {
      // Each batch as a Sandbox's: an introspection now and then, cheap requests between them (the count is what is limited).
      const queries = Array.from({ length: 10 }, (_, i) => (i === 0 && batch % 4 === 0 ? getIntrospectionQuery() : '{ __typename }'));
      answers.push(...(await Promise.all(queries.map((query) => graphql(studio.url, from, query)))));
    }
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    expectRateLimitFields(answers.at(-1)!, DEFAULT_ANONYMOUS);
    expect(Number(/r=(\d+)/.exec(answers.at(-1)!.headers.ratelimit as string)![1])).toBe(DEFAULT_ANONYMOUS - 120);
  });

  it('answers requests without a token past the limit with 429 in the GraphQL shape, Retry-After and the RateLimit fields; other addresses go on', async () => {
    const from = randomLoopback();
    for (let sent = 0; sent < DEFAULT_ANONYMOUS; sent += 50) {
      const answers = await Promise.all(Array.from({ length: Math.min(50, DEFAULT_ANONYMOUS - sent) }, () => graphql(studio.url, from, '{ __typename }')));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    }
    const refused = await graphql(studio.url, from, '{ __typename }', { accept: 'application/graphql-response+json' });
    expect(refused.status).toBe(429);
    // A client of application/json reads the same refusal in a 200, as GraphQL over HTTP has it.
    const inJson = await graphql(studio.url, from, '{ __typename }');
    expect(inJson.status).toBe(200);
    expect(inJson.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(Number(inJson.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectRateLimitFields(refused, DEFAULT_ANONYMOUS);
    expect(refused.body).toEqual({ errors: [{ message: expect.stringMatching(/^Rate limit exceeded/), extensions: { code: 'RATE_LIMITED', retryAfter: Number(refused.headers['retry-after']) } }] });

    expect((await graphql(studio.url, randomLoopback(), '{ __typename }')).status).toBe(200);
    const token = await studio.token(['customers:read']);
    const withToken = await graphql(studio.url, from, '{ customers { total } }', { authorization: `Bearer ${token}` });
    expect(withToken.status).toBe(200);
    expect(withToken.headers['ratelimit-policy']).toBe('"points";q=100000;w=60, "company-points";q=100000;w=60');
  });

  it.each([
    ['M2M POST /token', (s: Studio) => `${s.m2m}/token`, (answer: Answer) => expect(answer.body).toEqual({ error: expect.stringMatching(/^Rate limit exceeded/) })],
    ['v1 POST /auth/token', (s: Studio) => `${s.v1}/auth/token`, (answer: Answer) => expect(answer.body.error).toMatchObject({ code: 'RATE_LIMITED' })],
  ])('limits %s per address, right credentials or wrong: 429 with Retry-After past TOKEN_RATE_PER_MINUTE', async (_door, url, shaped) => {
    const from = randomLoopback();
    const post = (address: string) => requestFrom(url(studio), address, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    for (let i = 0; i < TOKEN_RATE; i++) {
      const answer = await post(from);
      expect(answer.status).toBe(400);
      expectRateLimitFields(answer, TOKEN_RATE);
    }
    const refused = await post(from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    shaped(refused);
    expect((await post(randomLoopback())).status).toBe(400);
  });
});

describe('behind a proxy', () => {
  /** Read by its status: a client of GraphQL's own media type is answered 429 when refused. */
  const STATUS_READER = { accept: 'application/graphql-response+json' };
  const proxied = (studio: Studio, client: string) => graphql(studio.url, '127.0.0.1', '{ __typename }', { 'x-forwarded-for': client, ...STATUS_READER });

  it('counts the client address of X-Forwarded-For when TRUST_PROXY trusts the proxy', async () => {
    const studio = await startStudio({ env: { ANONYMOUS_RATE_PER_MINUTE: '2', TRUST_PROXY: 'loopback' } });
    try {
      const client = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
      expect([(await proxied(studio, client)).status, (await proxied(studio, client)).status, (await proxied(studio, client)).status]).toEqual([200, 200, 429]);
      expect((await proxied(studio, '198.51.100.7')).status).toBe(200);
    } finally {
      await studio.close();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: the connection\'s address counts', async () => {
    const studio = await startStudio({ env: { ANONYMOUS_RATE_PER_MINUTE: '2' } });
    try {
      const from = randomLoopback();
      const statuses = [];
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await graphql(studio.url, from, '{ __typename }', { 'x-forwarded-for': client, ...STATUS_READER })).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await studio.close();
    }
  });
});
