/**
 * Cache hits answered before Express (rest/hits.ts): for every cached GET route of both REST surfaces, a
 * hit served there is the same answer Express gives for the same hit (status, bytes, headers), counted
 * once against the rate limits, audited alike, logged with its request id; and whatever it cannot answer
 * (a miss, a refusal, a revoked client, an unusual request) goes on to Express unchanged.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { revokeApiClient } from '../src/domain/api-clients.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { STATUS_TTL_MS } from '../src/pipeline/callers.ts';
import { serviceSurfaces } from '../src/server/surfaces.ts';
import type { Services } from '../src/services.ts';
import { compileM2mRoutes } from '../rest/m2m/index.ts';
import { compileV1Routes } from '../rest/v1/index.ts';
import { buildSchema } from '../resolvers/index.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

/** Requests the front door handed on to Express, by URL. */
const handedOn: string[] = [];

/** The service's own surfaces, with a record of what the front door hands on. */
async function watchedSurfaces(services: Services) {
  const surfaces = await serviceSurfaces(services);
  const frontDoor = surfaces.frontDoor!;
  return {
    ...surfaces,
    frontDoor: (tools: Parameters<typeof frontDoor>[0]) => {
      const door = frontDoor(tools);
      return ((req, res, onward) => door(req, res, () => (handedOn.push(req.url ?? ''), onward()))) as ReturnType<typeof frontDoor>;
    },
  };
}

/** One GET, and whether the front door answered it itself. */
async function get(url: string, token: string, headers: Record<string, string> = {}) {
  const before = handedOn.length;
  const answer = await call(url, token, { headers });
  return { ...answer, answeredInFront: handedOn.length === before };
}

const subjectOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

/** Headers that differ between any two answers: their own request id, date and remaining budget. */
const OWN = new Set(['x-request-id', 'date', 'ratelimit', 'keep-alive', 'connection']);
const comparable = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !OWN.has(name)));

const ROUTES = {
  m2m: compileM2mRoutes(buildSchema()).filter((r) => r.method === 'GET').map((r) => r.path),
  v1: compileV1Routes(buildSchema()).filter((r) => r.method === 'GET').map((r) => r.path),
};

describe('REST cache hits answered before Express', () => {
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
    studio = await startStudio({ clock, env: { M2M_RATE_PER_MINUTE: '100000', V1_RATE_PER_MINUTE: '100000' }, surfaces: watchedSurfaces, logger: pino({ level: 'info' }, logs) });
    m2mToken = await studio.token();
    v1Token = await studio.v1Token();
    const { orm } = studio.app.services;
    const first = async (table: string, where = '') =>
      ((await orm.em.getConnection().execute(`select id from ${table} where company_id = ? ${where} order by id limit 1`, [studio.companyId])) as Array<{ id: string }>)[0]!.id;
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
  });
  afterAll(() => studio.close());

  /** Concrete paths for each GET route: the id a parameter takes is named by the segment before it. */
  const PARAMETERS: Record<string, string> = {
    customer: 'customer', booking: 'transaction', bookings: 'appointment', services: 'service', availability: 'facilitator',
    event: 'event', dates: 'eventDate', pass: 'pass', 'subscription-plan': 'plan', video: 'video', voucher: 'voucher', customers: 'customer', events: 'event', passes: 'pass', 'customer-passes': 'customerPass',
  };
  const concrete = (path: string) =>
    path.split('/').map((segment, i, all) => (segment.startsWith(':') ? ids[PARAMETERS[all[i - 1]!]!] ?? segment : segment)).join('/') +
    (path.startsWith('/appointments/availability/') ? '?start_date=2026-11-23&end_date=2026-11-29' : '');

  const cases = [
    ...ROUTES.m2m.map((path) => ({ surface: 'm2m' as const, path })),
    ...ROUTES.v1.map((path) => ({ surface: 'v1' as const, path })),
  ];

  it.each(cases)('$surface GET $path: the hit is the answer Express gives, audited alike', async ({ surface, path }) => {
    const base = surface === 'm2m' ? studio.m2m : studio.v1;
    const token = surface === 'm2m' ? m2mToken : v1Token;
    const url = `${base}${concrete(path)}`;
    const miss = await get(url, token);
    expect(miss.status).toBe(200);
    expect(miss.answeredInFront).toBe(false);
    expect(miss.headers.get('x-cache')).toBe('MISS');

    const front = await get(url, token, { 'X-Request-Id': `front-${surface}-${cases.findIndex((c) => c.surface === surface && c.path === path)}` });
    // A conditional GET takes Express's way: the same hit, answered by the framework.
    const framework = await get(url, token, { 'If-None-Match': '"another"' });
    expect(front.answeredInFront).toBe(true);
    expect(framework.answeredInFront).toBe(false);
    for (const hit of [front, framework]) {
      expect(hit.status).toBe(200);
      expect(hit.headers.get('x-cache')).toBe('HIT');
    }
    expect(JSON.stringify(front.body)).toBe(JSON.stringify(miss.body));
    expect(comparable(front.headers)).toEqual(comparable(framework.headers));
    expect(front.headers.get('etag')).toBe(miss.headers.get('etag'));
    expect(front.headers.get('x-request-id')).toBe(`front-${surface}-${cases.findIndex((c) => c.surface === surface && c.path === path)}`);

    await studio.app.pipeline!.audit.flush();
    const rows = (await studio.app.services.orm.em
      .getConnection()
      .execute('select request_id, client, company_id, surface, method, path, resource_type, action, status from audit_entry where request_id in (?, ?)', [
        front.headers.get('x-request-id'),
        framework.headers.get('x-request-id'),
      ])) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(2);
    const [a, b] = rows.map(({ request_id: _id, ...row }) => row);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ company_id: studio.companyId, surface, method: 'GET', action: 'READ', status: 200 });

    // The request log has the hit as it has every other request.
    const logged = logLines.find((line) => line.req?.id === front.headers.get('x-request-id'));
    expect(logged).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
  });

  it('covers every cached GET route of both surfaces', () => {
    expect(cases.map((c) => c.path).filter((path) => concrete(path).includes(':'))).toEqual([]);
  });

  it('counts each hit once against the rate limit, and answers the refusal in the surface shape, audited', async () => {
    const limited = await startStudio({ clock, env: { M2M_RATE_PER_MINUTE: '5' }, surfaces: watchedSurfaces });
    try {
      const token = await limited.token();
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await get(`${limited.m2m}/customers`, token));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(answers.slice(1, 5).every((a) => a.answeredInFront)).toBe(true);
      // One point per call: none spent twice by the hand-over.
      expect(answers.map((a) => /"minute";r=(\d+)/.exec(a.headers.get('ratelimit')!)?.[1])).toEqual(['4', '3', '2', '1', '0', '0']);
      // In-flight places are given back when each answer closes.
      expect(answers.slice(0, 5).map((a) => /"concurrency";r=(\d+)/.exec(a.headers.get('ratelimit')!)?.[1])).toEqual(['9', '9', '9', '9', '9']);
      const refused = answers[5]!;
      expect(refused.body).toEqual({ error: expect.stringContaining('Rate limit exceeded') });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      await limited.app.pipeline!.audit.flush();
      const statuses = (await limited.app.services.orm.em
        .getConnection()
        .execute("select status from audit_entry where path = '/m2m/customers' order by id")) as Array<{ status: number }>;
      expect(statuses.map((row) => row.status)).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('stops answering a revoked client once its status is read again (within 30 s)', async () => {
    const token = await studio.token(['customers:read']);
    const url = `${studio.m2m}/customers`;
    await get(url, token);
    expect((await get(url, token)).answeredInFront).toBe(true);
    await revokeApiClient(studio.app.services.orm, subjectOf(token), clock.now());
    clock.advance(STATUS_TTL_MS);
    const refused = await get(url, token);
    expect(refused.status).toBe(401);
    expect(refused.answeredInFront).toBe(false);
  });

  it('hands on what it does not answer: a missing scope, another spelling of the header, an escaped path, a query with NUL', async () => {
    const token = await studio.token(['profile:read']);
    const url = `${studio.m2m}/customers`;
    await get(url, m2mToken);
    const attempts = [
      { answer: await get(url, token), status: 403 },
      // Two spaces after the scheme: a spelling only the general way parses.
      { answer: await get(url, ` ${m2mToken}`), status: 200 },
      // Express matches routes on the path as sent: an escaped letter names no route.
      { answer: await get(`${studio.m2m}/%63ustomers`, m2mToken), status: 404 },
      { answer: await get(`${url}?page=%00`, m2mToken), status: 400 },
    ];
    for (const { answer, status } of attempts) {
      expect(answer.status).toBe(status);
      expect(answer.answeredInFront).toBe(false);
    }
  });
});
