/**
 * REST cache hits, the pipeline's path cut short (src/pipeline/run.ts): for every cached GET route of both
 * REST surfaces, a hit is the same answer as the miss before it (status, bytes, entity tag, headers), a
 * conditional GET of it is 304, it is counted once against the rate limits, audited like the miss, and
 * logged with its request id; a revoked client, a missing scope and bad input are refused as on a miss.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { companyEm } from '../src/db/scope.ts';
import { revokeApiClient } from '../src/domain/api-clients.ts';
import { setWebhook } from '../src/domain/webhook-endpoints.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { STATUS_TTL_MS } from '../src/pipeline/callers.ts';
import { compileM2mRoutes } from '../rest/m2m/index.ts';
import { compileV1Routes } from '../rest/v1/index.ts';
import { buildSchema } from '../resolvers/index.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

/** One GET. */
const get = (url: string, token: string, headers: Record<string, string> = {}) => call(url, token, { headers });

const subjectOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

/** Headers that differ between any two answers: their own request id, date, remaining budget and cache outcome. */
const OWN = new Set(['x-request-id', 'date', 'ratelimit', 'keep-alive', 'connection', 'x-cache', 'age']);
const comparable = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !OWN.has(name)));

const ROUTES = {
  m2m: compileM2mRoutes(buildSchema()).filter((r) => r.method === 'GET').map((r) => r.path),
  v1: compileV1Routes(buildSchema()).filter((r) => r.method === 'GET').map((r) => r.path),
};

describe('REST cache hits', () => {
  const clock = new FixedClock('2026-11-21T10:00:00Z');
  const logLines: Array<Record<string, any>> = [];
  let studio: Studio;
  let m2mToken: string;
  let v1Token: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const logs = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    studio = await startStudio({ clock, env: { M2M_RATE_PER_MINUTE: '100000', V1_RATE_PER_MINUTE: '100000' }, logger: pino({ level: 'info' }, logs) });
    m2mToken = await studio.token();
    v1Token = await studio.v1Token();
    const { orm } = studio.app.services;
    const first = async (table: string, where = '') =>
      (await orm.em.getConnection().execute<Array<{ id: string }>>(`select id from ${table} where company_id = ? ${where} order by id limit 1`, [studio.companyId]))[0]!.id;
    ids.customer = await first('customer', 'and exists (select 1 from event_transaction t where t.customer_id = customer.id)');
    ids.transaction = await first('event_transaction', `and customer_id = '${ids.customer}'`);
    ids.appointment = await first('appointment');
    ids.service = await first('service');
    ids.facilitator = await first('facilitator');
    ids.event = await first('event');
    ids.eventDate = await first('event_date', `and event_id = '${ids.event}'`);
    ids.pass = await first('pass_template');
    ids.customerPass = await first('pass_purchase');
    ids.plan = await first('subscription_plan');
    ids.video = await first('media');
    ids.voucher = await first('voucher');
    const { serverKey } = studio.app.services;
    ids.webhook = (await setWebhook(companyEm(orm, studio.companyId), serverKey, { companyId: studio.companyId, url: 'https://8.8.8.8/hits', events: ['customer.created'], enabled: false }, { allowInsecure: false })).id;
  });
  afterAll(() => studio.close());

  /** Concrete paths for each GET route: the id a parameter takes is named by the segment before it. */
  const PARAMETERS: Record<string, string> = {
    customer: 'customer', booking: 'transaction', bookings: 'appointment', services: 'service', availability: 'facilitator',
    event: 'event', dates: 'eventDate', pass: 'pass', 'subscription-plan': 'plan', video: 'video', voucher: 'voucher', customers: 'customer', events: 'event', passes: 'pass', 'customer-passes': 'customerPass',
    webhooks: 'webhook',
  };
  const concrete = (path: string) =>
    path.split('/').map((segment, i, all) => (segment.startsWith(':') ? ids[PARAMETERS[all[i - 1]!]!] ?? segment : segment)).join('/') +
    (path.startsWith('/appointments/availability/') ? '?start_date=2026-11-23&end_date=2026-11-29' : '');

  const cases = [
    ...ROUTES.m2m.map((path) => ({ surface: 'm2m' as const, path })),
    ...ROUTES.v1.map((path) => ({ surface: 'v1' as const, path })),
  ];

  it.each(cases)('$surface GET $path: the hit is the answer the miss gave, audited alike', async ({ surface, path }) => {
    const base = surface === 'm2m' ? studio.m2m : studio.v1;
    const token = surface === 'm2m' ? m2mToken : v1Token;
    const url = `${base}${concrete(path)}`;
    const index = cases.findIndex((c) => c.surface === surface && c.path === path);
    const miss = await get(url, token, { 'X-Request-Id': `miss-${surface}-${index}` });
    expect(miss.status).toBe(200);
    expect(miss.headers.get('x-cache')).toBe('MISS');

    const hit = await get(url, token, { 'X-Request-Id': `hit-${surface}-${index}` });
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(JSON.stringify(hit.body)).toBe(JSON.stringify(miss.body));
    expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
    expect(hit.headers.get('etag')).toMatch(/^W\/"/);
    expect(hit.headers.get('x-request-id')).toBe(`hit-${surface}-${index}`);

    // fetch adds `Cache-Control: no-cache` to a conditional request (an end-to-end reload) unless told otherwise.
    const unchanged = await get(url, token, { 'If-None-Match': hit.headers.get('etag')!, 'Cache-Control': 'max-age=0' });
    expect(unchanged.status).toBe(304);
    const changed = await get(url, token, { 'If-None-Match': '"another"' });
    expect(changed.status).toBe(200);

    await studio.app.pipeline!.audit.flush();
    const rows = await studio.app.services.orm.em
      .getConnection()
      .execute<Array<Record<string, unknown>>>('select request_id, client, company_id, surface, method, path, resource_type, action, status from audit_entry where request_id in (?, ?)', [
        `miss-${surface}-${index}`,
        `hit-${surface}-${index}`,
      ]);
    expect(rows).toHaveLength(2);
    const [a, b] = rows.map(({ request_id: _id, ...row }) => row);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ company_id: studio.companyId, surface, method: 'GET', action: 'READ', status: 200 });

    // The request log has the hit as it has every other request.
    const logged = logLines.find((line) => line.req?.id === `hit-${surface}-${index}`);
    expect(logged).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
  });

  it('covers every cached GET route of both surfaces', () => {
    expect(cases.map((c) => c.path).filter((path) => concrete(path).includes(':'))).toEqual([]);
  });

  it('counts each hit once against the rate limit, and answers the refusal in the surface shape, audited', async () => {
    const limited = await startStudio({ clock, env: { M2M_RATE_PER_MINUTE: '5' } });
    try {
      const token = await limited.token();
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await get(`${limited.m2m}/customers`, token));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(answers.slice(1, 5).map((a) => a.headers.get('x-cache'))).toEqual(['HIT', 'HIT', 'HIT', 'HIT']);
      // One point per call: none spent twice by the hand-over.
      expect(answers.map((a) => /"minute";r=(\d+)/.exec(a.headers.get('ratelimit')!)?.[1])).toEqual(['4', '3', '2', '1', '0', '0']);
      // In-flight places are given back when each answer closes.
      expect(answers.slice(0, 5).map((a) => /"concurrency";r=(\d+)/.exec(a.headers.get('ratelimit')!)?.[1])).toEqual(['9', '9', '9', '9', '9']);
      const refused = answers[5]!;
      expect(refused.body).toEqual({ error: expect.stringContaining('Rate limit exceeded') });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      await limited.app.pipeline!.audit.flush();
      const statuses = await limited.app.services.orm.em
        .getConnection()
        .execute<Array<{ status: number }>>("select status from audit_entry where path = '/m2m/customers' order by id");
      expect(statuses.map((row) => row.status)).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('stops answering a revoked client once its status is read again (within 30 s)', async () => {
    const token = await studio.token(['customers:read']);
    const url = `${studio.m2m}/customers`;
    await get(url, token);
    expect((await get(url, token)).headers.get('x-cache')).toBe('HIT');
    await revokeApiClient(studio.app.services.orm, subjectOf(token), clock.now());
    clock.advance(STATUS_TTL_MS);
    const refused = await get(url, token);
    expect(refused.status).toBe(401);
  });

  it('refuses a missing scope and bad input as a miss would, and takes other spellings of the same request to the same answer', async () => {
    const token = await studio.token(['profile:read']);
    const url = `${studio.m2m}/customers`;
    const cached = await get(url, m2mToken);
    const attempts = [
      { answer: await get(url, token), status: 403 },
      // Two spaces after the scheme: the same token, parsed strictly.
      { answer: await get(url, ` ${m2mToken}`), status: 200 },
      // An escaped letter names the same route.
      { answer: await get(`${studio.m2m}/%63ustomers`, m2mToken), status: 200 },
      { answer: await get(`${url}?page=%00`, m2mToken), status: 400 },
    ];
    expect(attempts.map(({ answer }) => answer.status)).toEqual(attempts.map(({ status }) => status));
    expect(JSON.stringify(attempts[1]!.answer.body)).toBe(JSON.stringify(cached.body));
    expect(JSON.stringify(attempts[2]!.answer.body)).toBe(JSON.stringify(cached.body));
  });
});
