/**
 * CORS on the API surfaces (docs/operations.md, CORS_ORIGINS): a preflight is answered before any door
 * authenticates or counts it; a listed origin may call with a token and read the limits and request id of
 * the answer; an unlisted one is told nothing; no origin is ever allowed credentials. The same in a real
 * browser: test/e2e/cors.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStudio, type Studio } from './support/studio.ts';

const LISTED = 'https://studio.example';

async function preflight(url: string, origin: string, method = 'POST', headers = 'authorization, content-type') {
  return fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers } });
}

describe.each([
  ['a list of origins', `${LISTED}, https://book.example`, LISTED],
  ['any origin (*)', '*', '*'],
])('CORS_ORIGINS as %s', (_name, origins, allowed) => {
  let studio: Studio;
  let token: string;
  let surfaces: [string, string, string][];

  beforeAll(async () => {
    studio = await startStudio({ env: { CORS_ORIGINS: origins, ANONYMOUS_RATE_PER_MINUTE: '3' } });
    token = await studio.token();
    surfaces = [
      ['POST', `${studio.url}/graphql`, 'authorization, content-type'],
      ['GET', `${studio.m2m}/customers`, 'authorization'],
      ['GET', `${studio.v1}/customers`, 'authorization'],
      ['PUT', `${studio.v1}/customers/cust_x`, 'authorization, content-type, idempotency-key'],
      ['POST', `${studio.v1}/auth/token`, 'content-type'],
      ['POST', `${studio.m2m}/token`, 'content-type'],
    ];
  });
  afterAll(() => studio?.close());

  it('answers a preflight on every surface before authentication: 204 with what may be sent, no credentials', async () => {
    for (const [method, url, headers] of surfaces) {
      const answer = await preflight(url, LISTED, method, headers);
      expect([url, answer.status]).toEqual([url, 204]);
      expect(answer.headers.get('access-control-allow-origin')).toBe(allowed);
      expect(answer.headers.get('access-control-allow-methods')).toContain(method);
      for (const header of headers.split(', ')) expect(answer.headers.get('access-control-allow-headers')!.toLowerCase()).toContain(header);
      expect(answer.headers.get('access-control-max-age')).toBe('600');
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      expect(answer.headers.get('ratelimit')).toBeNull();
    }
  });

  it("lets the origin read an answer, with its limits and request id, and varies the cache on the origin", async () => {
    const answer = await fetch(`${studio.m2m}/customers`, { headers: { origin: LISTED, authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(answer.headers.get('access-control-expose-headers')).toEqual(expect.stringContaining('RateLimit'));
    expect(answer.headers.get('access-control-expose-headers')).toEqual(expect.stringContaining('X-Request-Id'));
    if (allowed !== '*') expect(answer.headers.get('vary')).toContain('Origin');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('does not count preflights against the rate limits', async () => {
    // Three anonymous GraphQL requests a minute from one address: ten preflights first leave all three.
    for (let i = 0; i < 10; i++) expect((await preflight(`${studio.url}/graphql`, LISTED)).status).toBe(204);
    for (let i = 0; i < 3; i++) {
      const anonymous = await fetch(`${studio.url}/graphql`, { method: 'POST', headers: { origin: LISTED, 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
      expect(anonymous.status).toBe(200);
    }
  });

  it('adds nothing to the console, the probes or a call without an Origin', async () => {
    for (const path of ['/admin/', '/healthz']) {
      const answer = await fetch(`${studio.url}${path}`, { headers: { origin: LISTED } });
      expect([path, answer.headers.get('access-control-allow-origin')]).toEqual([path, null]);
    }
    const plain = await fetch(`${studio.m2m}/customers`, { headers: { authorization: `Bearer ${token}` } });
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS for an origin not listed, and with none listed', () => {
  it.each([
    ['an unlisted origin', 'https://studio.example'],
    ['no CORS_ORIGINS', undefined],
  ])('%s: a preflight is answered 204 allowing nothing, not refused as unauthenticated', async (_name, origins) => {
    const studio = await startStudio({ env: origins ? { CORS_ORIGINS: origins } : {} });
    try {
      for (const url of [`${studio.url}/graphql`, `${studio.m2m}/customers`, `${studio.v1}/customers`]) {
        const answer = await preflight(url, 'https://evil.example');
        expect([url, answer.status, answer.headers.get('access-control-allow-origin')]).toEqual([url, 204, null]);
      }
      const call = await fetch(`${studio.v1}/customers`, { headers: { origin: 'https://evil.example' } });
      expect(call.status).toBe(401);
      expect(call.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await studio.close();
    }
  });
});
