/**
 * The integrator's client (packages/client) against a small local HTTP fake of the service: when it asks
 * for tokens and which one it sends, how it backs off after 429 and 503, how it pages through both kinds of
 * list, and the `Idempotency-Key` of v1 creates. Time is a controlled clock, except in the test that waits
 * a real `Retry-After`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createM2mClient, createV1Client, StudioApiError, StudioTokenError, type RetryNotice, type Timing } from '../packages/client/src/index.ts';
import { retryPolicy } from '../packages/client/src/retry.ts';
import { transport } from '../packages/client/src/transport.ts';

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when it arrived. */
  at: number;
}

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  delayMs?: number;
}

/** The fake: every request remembered, answered by the test's `answer` (404 when it returns nothing). */
let calls: Call[] = [];
let answer: (call: Call) => Answer | undefined;
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    const reply = async () => {
      const url = new URL(req.url!, 'http://fake');
      const call = { method: req.method!, path: url.pathname, query: url.searchParams, headers: req.headers, body, at: performance.now() };
      calls.push(call);
      const { status = 200, headers = {}, json, delayMs } = answer(call) ?? { status: 404, json: { error: 'no such path' } };
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      res.writeHead(status, { ...(json !== undefined && { 'content-type': 'application/json' }), ...headers });
      res.end(json === undefined ? undefined : JSON.stringify(json));
    };
    req.on('end', () => void reply());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  calls = [];
});

interface TestTiming extends Timing {
  /** Every wait asked for, in milliseconds. */
  sleeps: number[];
  advance(seconds: number): void;
}

/** A clock the test moves; `sleep` moves it and remembers how long was asked for. */
function testTiming(): TestTiming {
  let now = Date.parse('2026-11-21T09:00:00Z');
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: (ms) => {
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
    advance(seconds: number) {
      now += seconds * 1000;
    },
  };
}

const CUSTOMER = (n: number) => ({ id: `cust_${n}`, type: 'customer', firstname: `First${n}`, lastname: `Last${n}`, email: `c${n}@example.test`, mobile: '', archived: false });

/** The M2M fake: tokens t1, t2, ... for the right credentials; `/customers` of `count` customers for a valid token. */
function m2mService(options: { count?: number; revoked?: Set<string>; tokenDelayMs?: number; expiresIn?: number } = {}) {
  let issued = 0;
  return (call: Call): Answer | undefined => {
    if (call.path === '/m2m/token') {
      const form = call.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const credentials = form
        ? Buffer.from(call.headers.authorization!.replace(/^Basic /, ''), 'base64').toString().split(':').map(decodeURIComponent)
        : [JSON.parse(call.body).client_id, JSON.parse(call.body).client_secret];
      if (credentials[0] !== 'm2m_client' || credentials[1] !== 'secret') return { status: 401, json: { error: 'invalid_client', error_description: 'Unknown client' } };
      issued += 1;
      return { delayMs: options.tokenDelayMs, json: { access_token: `t${issued}`, token_type: 'Bearer', expires_in: options.expiresIn ?? 3600, scope: 'customers:read' } };
    }
    const token = call.headers.authorization?.replace(/^Bearer /, '');
    if (!token || options.revoked?.has(token)) return { status: 401, json: { error: 'Invalid or expired token' } };
    if (call.path === '/m2m/customers') {
      const page = Number(call.query.get('page') ?? 0);
      const pageSize = Number(call.query.get('pageSize') ?? 30);
      const all = Array.from({ length: options.count ?? 3 }, (_, i) => CUSTOMER(i + 1));
      return { json: { data: all.slice(page * pageSize, (page + 1) * pageSize), total: all.length, page, pageSize } };
    }
    return undefined;
  };
}

const m2mClient = (timing: Timing, extra: Partial<Parameters<typeof createM2mClient>[0]> = {}) =>
  createM2mClient({ baseUrl: `${origin}/m2m`, clientId: 'm2m_client', clientSecret: 'secret', timing, ...extra });

const tokenCalls = () => calls.filter((call) => call.path.endsWith('/token'));
const bearerOf = (call: Call) => call.headers.authorization?.replace(/^Bearer /, '');

describe('tokens', () => {
  it('requests a token on first use with the JSON body of document 1 and reuses it until shortly before it expires', async () => {
    answer = m2mService();
    const timing = testTiming();
    const m2m = m2mClient(timing);
    expect(calls).toHaveLength(0);

    await m2m.GET('/customers');
    expect(tokenCalls()).toHaveLength(1);
    expect(JSON.parse(tokenCalls()[0]!.body)).toEqual({ client_id: 'm2m_client', client_secret: 'secret' });
    timing.advance(3539);
    await m2m.GET('/customers');
    timing.advance(2);
    await m2m.GET('/customers');

    expect(tokenCalls()).toHaveLength(2);
    expect(calls.filter((call) => call.path === '/m2m/customers').map(bearerOf)).toEqual(['t1', 't1', 't2']);
  });

  it('renews a short-lived token a tenth of its lifetime before expiry', async () => {
    answer = m2mService({ expiresIn: 100 });
    const timing = testTiming();
    const m2m = m2mClient(timing);
    await m2m.GET('/customers');
    timing.advance(89);
    await m2m.GET('/customers');
    timing.advance(2);
    await m2m.GET('/customers');
    expect(calls.filter((call) => call.path === '/m2m/customers').map(bearerOf)).toEqual(['t1', 't1', 't2']);
  });

  it('asks with the OAuth 2.0 form and HTTP Basic when told to, with the scopes asked for', async () => {
    answer = m2mService();
    const m2m = m2mClient(testTiming(), { tokenRequest: 'form', scope: ['customers:read', 'profile:read'] });
    const { data } = await m2m.GET('/customers');
    expect(data?.total).toBe(3);
    const [token] = tokenCalls();
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({ grant_type: 'client_credentials', scope: 'customers:read profile:read' });
  });

  it('requests one token for many concurrent calls', async () => {
    answer = m2mService({ tokenDelayMs: 50 });
    const m2m = m2mClient(testTiming());
    const answers = await Promise.all(Array.from({ length: 10 }, () => m2m.GET('/customers')));
    expect(answers.map((a) => a.response.status)).toEqual(Array(10).fill(200));
    expect(tokenCalls()).toHaveLength(1);
    expect(new Set(calls.filter((call) => call.path === '/m2m/customers').map(bearerOf))).toEqual(new Set(['t1']));
  });

  it('renews the token once when the service answers 401, and gives a second 401 back', async () => {
    const revoked = new Set(['t1']);
    answer = m2mService({ revoked });
    const m2m = m2mClient(testTiming());
    const first = await Promise.all([m2m.GET('/customers'), m2m.GET('/customers')]);
    expect(first.map((a) => a.response.status)).toEqual([200, 200]);
    expect(tokenCalls()).toHaveLength(2);

    revoked.add('t2');
    revoked.add('t3');
    const refused = await m2m.GET('/customers');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ error: 'Invalid or expired token' });
    expect(tokenCalls()).toHaveLength(3);
  });

  it('throws StudioTokenError when the credentials are refused, and asks again on the next call', async () => {
    answer = m2mService();
    const m2m = createM2mClient({ baseUrl: `${origin}/m2m`, clientId: 'm2m_client', clientSecret: 'wrong', timing: testTiming() });
    const calls = await Promise.allSettled([m2m.GET('/customers'), m2m.GET('/customers')]);
    for (const call of calls) {
      expect(call.status).toBe('rejected');
      const error = (call as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(StudioTokenError);
      expect(error).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    }
    expect(tokenCalls()).toHaveLength(1);
    await expect(m2m.GET('/customers')).rejects.toBeInstanceOf(StudioTokenError);
    expect(tokenCalls()).toHaveLength(2);
  });
});

describe('back-off', () => {
  /** Refuses the first `refusals` calls of `/m2m/customers` with `refusal`, then answers as the M2M fake. */
  const refusing = (refusals: number, refusal: Answer) => {
    const service = m2mService();
    let refused = 0;
    return (call: Call) => (call.path === '/m2m/customers' && refused++ < refusals ? refusal : service(call));
  };

  it('waits Retry-After seconds (plus up to a tenth) after a 429 and then succeeds', async () => {
    answer = refusing(2, { status: 429, headers: { 'retry-after': '7' }, json: { error: 'Rate limit exceeded' } });
    const timing = testTiming();
    const notices: RetryNotice[] = [];
    const { data, response } = await m2mClient(timing, { onRetry: (notice) => notices.push(notice) }).GET('/customers');
    expect(response.status).toBe(200);
    expect(data?.data).toHaveLength(3);
    expect(timing.sleeps).toHaveLength(2);
    for (const ms of timing.sleeps) {
      expect(ms).toBeGreaterThanOrEqual(7000);
      expect(ms).toBeLessThanOrEqual(7700);
    }
    expect(notices.map(({ status, retry, method }) => ({ status, retry, method }))).toEqual([
      { status: 429, retry: 1, method: 'GET' },
      { status: 429, retry: 2, method: 'GET' },
    ]);
  });

  it('really waits: a 429 with Retry-After 1 is retried no sooner than a second later', async () => {
    answer = refusing(1, { status: 429, headers: { 'retry-after': '1' } });
    const { response } = await createM2mClient({ baseUrl: `${origin}/m2m`, clientId: 'm2m_client', clientSecret: 'secret' }).GET('/customers');
    expect(response.status).toBe(200);
    const [refused, retried] = calls.filter((call) => call.path === '/m2m/customers');
    expect(retried!.at - refused!.at).toBeGreaterThanOrEqual(1000);
  });

  it.each([
    ['the time an HTTP date in Retry-After names', { 'retry-after': new Date(Date.parse('2026-11-21T09:00:30Z')).toUTCString() }, 30_000],
    ['the reset time of the exhausted limit in RateLimit', { ratelimit: '"minute";r=0;t=42, "day";r=9000;t=50000' }, 42_000],
    ['1 second the first time, when neither says', {}, 1000],
  ])('after a 429 without seconds in Retry-After, waits %s', async (_what, headers, expected) => {
    answer = refusing(1, { status: 429, headers });
    const timing = testTiming();
    await m2mClient(timing).GET('/customers');
    expect(timing.sleeps).toHaveLength(1);
    expect(timing.sleeps[0]).toBeGreaterThanOrEqual(expected);
    expect(timing.sleeps[0]).toBeLessThanOrEqual(expected * 1.1 + 250);
  });

  it('gives the 429 back after 3 retries', async () => {
    answer = refusing(Infinity, { status: 429, headers: { 'retry-after': '1' }, json: { error: 'Rate limit exceeded' } });
    const timing = testTiming();
    const { error, response } = await m2mClient(timing).GET('/customers');
    expect(response.status).toBe(429);
    expect(error).toEqual({ error: 'Rate limit exceeded' });
    expect(calls.filter((call) => call.path === '/m2m/customers')).toHaveLength(4);
    expect(timing.sleeps).toHaveLength(3);
  });

  it.each([
    ['60 seconds', '60'],
    ['an HTTP date 59 seconds on', new Date(Date.parse('2026-11-21T09:00:59Z')).toUTCString()],
  ])('waits at most maxDelaySeconds (60) after a Retry-After of %s, jitter included', async (_what, retryAfter) => {
    answer = refusing(1, { status: 429, headers: { 'retry-after': retryAfter } });
    const timing = testTiming();
    await m2mClient(timing).GET('/customers');
    expect(timing.sleeps).toHaveLength(1);
    expect(timing.sleeps[0]).toBeGreaterThanOrEqual(59_000);
    expect(timing.sleeps[0]).toBeLessThanOrEqual(60_000);
  });

  it('gives the 429 back at once when Retry-After is longer than it will wait', async () => {
    answer = refusing(1, { status: 429, headers: { 'retry-after': '3600' } });
    const timing = testTiming();
    const { response } = await m2mClient(timing, { retry: { maxDelaySeconds: 120 } }).GET('/customers');
    expect(response.status).toBe(429);
    expect(timing.sleeps).toEqual([]);
  });

  it('retries a 503 that says Retry-After, and not one that does not', async () => {
    answer = refusing(1, { status: 503, headers: { 'retry-after': '5' } });
    const timing = testTiming();
    expect((await m2mClient(timing).GET('/customers')).response.status).toBe(200);
    expect(timing.sleeps).toHaveLength(1);

    answer = refusing(1, { status: 503 });
    expect((await m2mClient(timing).GET('/customers')).response.status).toBe(503);
    expect(timing.sleeps).toHaveLength(1);
  });

  it('never repeats a POST without an Idempotency-Key, and repeats one with a key', async () => {
    answer = () => ({ status: 429, headers: { 'retry-after': '1' } });
    const timing = testTiming();
    const send = transport({ fetch: (request) => fetch(request), timing, retry: retryPolicy() });
    const post = (headers: Record<string, string>) => new Request(`${origin}/api/v1/things`, { method: 'POST', headers, body: '{"name":"x"}' });

    expect((await send(post({ 'content-type': 'application/json' }))).status).toBe(429);
    expect(calls).toHaveLength(1);

    calls = [];
    expect((await send(post({ 'content-type': 'application/json', 'idempotency-key': 'k-1' }))).status).toBe(429);
    expect(calls).toHaveLength(4);
    expect(calls.map((call) => [call.headers['idempotency-key'], call.body])).toEqual(Array(4).fill(['k-1', '{"name":"x"}']));
  });
});

describe('paging', () => {
  it.each([
    [250, 'the largest', undefined, [[0, 100], [1, 100], [2, 100]]],
    [200, 'the largest', undefined, [[0, 100], [1, 100]]],
    [0, 'the largest', undefined, [[0, 100]]],
    [7, 'the one given', 3, [[0, 3], [1, 3], [2, 3]]],
  ])('yields every one of %i M2M customers from page 0 on, at %s page size', async (count, _size, pageSize, requested) => {
    answer = m2mService({ count });
    const m2m = m2mClient(testTiming());
    const ids: string[] = [];
    for await (const customer of m2m.items('/customers', pageSize ? { query: { pageSize } } : undefined)) ids.push(customer.id);
    expect(ids).toEqual(Array.from({ length: count }, (_, i) => `cust_${i + 1}`));
    const pages = calls.filter((call) => call.path === '/m2m/customers').map((call) => [Number(call.query.get('page')), Number(call.query.get('pageSize'))]);
    expect(pages).toEqual(requested);
  });

  it('fills the path parameters and keeps the query of an M2M list', async () => {
    answer = (call) => {
      if (call.path === '/m2m/token') return m2mService()(call);
      return call.path === '/m2m/customer/cust_1/bookings' ? { json: { data: [{ id: 'txn_1' }], total: 1, page: 0, pageSize: 100 } } : undefined;
    };
    const m2m = m2mClient(testTiming());
    const transactions = [];
    for await (const transaction of m2m.items('/customer/{id}/bookings', { path: { id: 'cust_1' }, query: { future_only: true } })) transactions.push(transaction.id);
    expect(transactions).toEqual(['txn_1']);
    const [call] = calls.filter((call) => call.path.includes('/bookings'));
    expect(Object.fromEntries(call!.query)).toEqual({ future_only: 'true', page: '0', pageSize: '100' });
  });

  it('throws StudioApiError when a page is refused', async () => {
    answer = (call) => (call.path === '/m2m/token' ? m2mService()(call) : { status: 403, json: { error: 'Missing required scope: customers:read' } });
    const m2m = m2mClient(testTiming());
    const reading = async () => {
      for await (const customer of m2m.items('/customers')) void customer;
    };
    await expect(reading()).rejects.toThrow(StudioApiError);
    await expect(reading()).rejects.toMatchObject({ status: 403, body: { error: 'Missing required scope: customers:read' } });
  });

  /** The v1 fake: a token for the right key, and lists of `count` items under their envelope name. */
  const v1Service = (count: number) => (call: Call): Answer | undefined => {
    if (call.path === '/api/v1/auth/token') return { json: { token: 'v1-token', expiresIn: 3600 } };
    const lists: Record<string, string> = { '/api/v1/customers': 'customers', '/api/v1/customer-passes': 'customerPasses', '/api/v1/events/evt_1/registrations': 'registrations' };
    const envelope = lists[call.path];
    if (!envelope || call.method !== 'GET') return undefined;
    const page = Number(call.query.get('page') ?? 1);
    const perPage = Number(call.query.get('perPage') ?? 25);
    const all = Array.from({ length: count }, (_, i) => ({ id: `${envelope}_${i + 1}` }));
    return { json: { [envelope]: all.slice((page - 1) * perPage, page * perPage), total: count, page, perPage } };
  };
  const v1Client = () => createV1Client({ baseUrl: `${origin}/api/v1`, apiKey: 'key', apiSecret: 'secret', timing: testTiming() });

  it.each([
    ['/customers', undefined],
    ['/customer-passes', { query: { customerId: 'cust_1' } }],
    ['/events/{id}/registrations', { path: { id: 'evt_1' } }],
  ] as const)('yields every item of the v1 list %s, pages from 1 under the list\'s envelope name', async (path, params) => {
    answer = v1Service(150);
    const v1 = v1Client();
    const ids: string[] = [];
    for await (const item of (v1.items as (path: string, params?: object) => AsyncGenerator<{ id: string }>)(path, params)) ids.push(item.id);
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
    const pages = calls.filter((call) => call.method === 'GET').map((call) => [call.query.get('page'), call.query.get('perPage')]);
    expect(pages).toEqual([['1', '100'], ['2', '100']]);
    expect(JSON.parse(tokenCalls()[0]!.body)).toEqual({ apiKey: 'key', apiSecret: 'secret' });
  });
});

describe('idempotency keys on v1 creates', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const created = { id: 'cust_new', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', createdAt: '2026-11-21T09:00:00.000Z', mobile: null, archived: false, updatedAt: '2026-11-21T09:00:00.000Z' };
  const body = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' };

  it('sends a random UUID as Idempotency-Key on a POST, a new one per create, and none on reads', async () => {
    answer = (call) => (call.path === '/api/v1/auth/token' ? { json: { token: 'v1-token', expiresIn: 3600 } } : { status: call.method === 'POST' ? 201 : 200, json: created });
    const v1 = createV1Client({ baseUrl: `${origin}/api/v1`, apiKey: 'key', apiSecret: 'secret', timing: testTiming() });
    await v1.POST('/customers', { body });
    await v1.POST('/customers', { body });
    await v1.GET('/customers/{id}', { params: { path: { id: 'cust_new' } } });
    const posts = calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/customers');
    expect(posts.map((call) => call.headers['idempotency-key'])).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(posts[0]!.headers['idempotency-key']).not.toBe(posts[1]!.headers['idempotency-key']);
    expect(calls.find((call) => call.method === 'GET')!.headers['idempotency-key']).toBeUndefined();
    expect(tokenCalls()[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('keeps the caller\'s key, and sends the same key and body again when a create is retried after 429', async () => {
    let refused = false;
    answer = (call) => {
      if (call.path === '/api/v1/auth/token') return { json: { token: 'v1-token', expiresIn: 3600 } };
      if (!refused) {
        refused = true;
        return { status: 429, headers: { 'retry-after': '2' }, json: { error: { code: 'RATE_LIMITED', message: 'Too many requests', details: { retryAfter: 2 } } } };
      }
      return { status: 201, json: created };
    };
    const v1 = createV1Client({ baseUrl: `${origin}/api/v1`, apiKey: 'key', apiSecret: 'secret', timing: testTiming() });
    const { data, response } = await v1.POST('/customers', { body, params: { header: { 'Idempotency-Key': 'import-42' } } });
    expect(response.status).toBe(201);
    expect(data?.id).toBe('cust_new');
    const posts = calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/customers');
    expect(posts.map((call) => [call.headers['idempotency-key'], JSON.parse(call.body)])).toEqual([
      ['import-42', body],
      ['import-42', body],
    ]);
  });
});
