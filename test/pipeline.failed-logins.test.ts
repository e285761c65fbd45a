/**
 * Failed credential attempts at both token endpoints (issue 9, finding 8): counted per client and source
 * address and per address, so an attacker's address is slowed down, while the right secret always gets
 * its token, from any address, the attacker's own included. Knowing a client id is no longer enough to
 * lock its owner out.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createApiClient } from '../src/domain/api-clients.ts';
import { createV1Key } from '../src/domain/v1-keys.ts';
import { postFrom, randomLoopback, type Answer } from './support/source-address.ts';
import { startStudio, type Studio } from './support/studio.ts';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});
afterAll(() => studio.close());

interface Door {
  name: string;
  url: () => string;
  /** New credentials of this company: an id and its secret. */
  credentials: () => Promise<{ id: string; secret: string }>;
  body: (id: string, secret: string) => Record<string, string>;
  /** A 429 in the endpoint's shape. */
  throttled: (answer: Answer) => void;
}

const DOORS: Door[] = [
  {
    name: 'M2M POST /token',
    url: () => `${studio.m2m}/token`,
    credentials: async () => {
      const { orm, serverKey, clock } = studio.app.services;
      const client = await createApiClient(orm, serverKey, { companyId: studio.companyId, name: 'throttle test', scopes: 'customers:read' }, clock.now());
      return { id: client.client_id, secret: client.client_secret };
    },
    body: (id, secret) => ({ client_id: id, client_secret: secret }),
    throttled: (answer) => expect(answer.body).toEqual({ error: expect.stringMatching(/^Too many failed attempts/) }),
  },
  {
    name: 'v1 POST /auth/token',
    url: () => `${studio.v1}/auth/token`,
    credentials: async () => {
      const key = await createV1Key(studio.app.services.orm, studio.app.services.serverKey, { companyId: studio.companyId, name: 'throttle test' });
      return { id: key.apiKey, secret: key.apiSecret };
    },
    body: (id, secret) => ({ apiKey: id, apiSecret: secret }),
    throttled: (answer) => expect(answer.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many failed attempts/), details: { retryAfter: expect.any(Number) } } }),
  },
];

const WRONG = 'd'.repeat(64);

describe.each(DOORS)('$name', (door) => {
  const attempt = (id: string, secret: string, from: string) => postFrom(door.url(), JSON.stringify(door.body(id, secret)), { 'content-type': 'application/json' }, from);
  const failTimes = async (times: number, id: string, from: string) => {
    for (let i = 0; i < times; i++) expect((await attempt(id, WRONG, from)).status).toBe(401);
  };

  it('throttles one client\'s failures from one address: after 10, a wrong secret is 429 with Retry-After', async () => {
    const { id } = await door.credentials();
    const attacker = randomLoopback();
    await failTimes(10, id, attacker);
    const refused = await attempt(id, WRONG, attacker);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    door.throttled(refused);
  });

  it('gives the right secret its token after those failures, from the attacker\'s address and from any other', async () => {
    const { id, secret } = await door.credentials();
    const attacker = randomLoopback();
    await failTimes(10, id, attacker);
    expect((await attempt(id, WRONG, attacker)).status).toBe(429);
    expect((await attempt(id, secret, attacker)).status).toBe(200);
    expect((await attempt(id, secret, randomLoopback())).status).toBe(200);
  });

  it('does not throttle a client for failures from other addresses: its own address still gets 401 for a wrong secret', async () => {
    const { id, secret } = await door.credentials();
    for (let i = 0; i < 12; i++) expect((await attempt(id, WRONG, randomLoopback())).status).toBe(401);
    const owner = randomLoopback();
    expect((await attempt(id, WRONG, owner)).status).toBe(401);
    expect((await attempt(id, secret, owner)).status).toBe(200);
  });

  it('throttles an address after 30 failures over any ids, while the right secret of any client still gets its token there', async () => {
    const attacker = randomLoopback();
    for (let i = 0; i < 30; i++) expect((await attempt(`guess_${i}`, WRONG, attacker)).status).toBe(401);
    expect((await attempt('guess_30', WRONG, attacker)).status).toBe(429);
    const { id, secret } = await door.credentials();
    expect((await attempt(id, WRONG, attacker)).status).toBe(429);
    expect((await attempt(id, secret, attacker)).status).toBe(200);
    expect((await attempt('guess_31', WRONG, randomLoopback())).status).toBe(401);
  });

  it('counts a burst of parallel wrong guesses from one address exactly: 10 answered 401, the rest 429', async () => {
    const { id } = await door.credentials();
    const attacker = randomLoopback();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => attempt(id, i.toString(16).padStart(64, 'e'), attacker)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});
