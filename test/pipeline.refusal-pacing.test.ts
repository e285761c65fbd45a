/**
 * A caller that keeps sending after a 429 is answered more slowly (src/pipeline/refusal-pacing.ts): its first
 * refusal at once, each further one before its Retry-After has passed after 25 ms, doubling, up to
 * REFUSAL_PACE_MAX_MS. Other callers, and a caller that waited as it was told, are answered at once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { RefusalPacing } from '../src/pipeline/refusal-pacing.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

describe('RefusalPacing', () => {
  let now = 0;
  const pacing = () => new RefusalPacing(1000, { capacity: 3, now: () => now });

  it('answers the first refusal at once and doubles the wait of each further one, up to the most', () => {
    const p = pacing();
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(() => p.delayFor('client', 60))).toEqual([0, 25, 50, 100, 200, 400, 800, 1000, 1000]);
  });

  it('never waits longer than the Retry-After the answer gives', () => {
    const p = pacing();
    expect([1, 2, 3, 4, 5, 6].map(() => p.delayFor('client', 0.1))).toEqual([0, 25, 50, 100, 100, 100]);
  });

  it('forgets a caller once its Retry-After has passed, and keeps callers apart', () => {
    const p = pacing();
    now = 0;
    expect([p.delayFor('a', 2), p.delayFor('a', 2), p.delayFor('b', 2)]).toEqual([0, 25, 0]);
    now = 2_001;
    expect(p.delayFor('a', 2)).toBe(0);
  });

  it('keeps at most its capacity of callers, forgetting the longest unrefused', () => {
    const p = pacing();
    now = 0;
    for (const subject of ['a', 'b', 'c']) p.delayFor(subject, 60);
    expect(p.delayFor('a', 60)).toBe(25);
    p.delayFor('d', 60); // b is forgotten: a was refused since.
    expect([p.delayFor('b', 60), p.delayFor('a', 60)]).toEqual([0, 50]);
  });

  it('waits for nothing when turned off', () => {
    const p = new RefusalPacing(0);
    expect([1, 2, 3].map(() => p.delayFor('client', 60))).toEqual([0, 0, 0]);
  });
});

describe('a client that keeps sending after its 429', () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio({ env: { M2M_RATE_PER_MINUTE: '2', GRAPHQL_MAX_COST: '4', GRAPHQL_POINTS_PER_MINUTE: '4', REFUSAL_PACE_MAX_MS: '400' } });
  });
  afterAll(() => studio?.close());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  /** The status of one call of `token` and how long its answer took (ms). */
  const timed = async (token: string) => {
    const started = performance.now();
    const answer = await call(`${studio.m2m}/customers`, token);
    return { status: answer.status, ms: performance.now() - started, retryAfter: answer.headers.get('retry-after') };
  };

  it('is answered more slowly at each further refusal, while another client is answered at once', async () => {
    // The wait the service chose for each refusal, in order. The clock only shows that a wait was kept (a lower
    // bound): how little a refusal that waits for nothing takes is the machine's business, not the service's.
    const waits = jest.spyOn(studio.app.pipeline!.refusalPacing, 'delayFor');
    const chosen = () => waits.mock.results.map((result) => result.value);
    const [pushy, other] = [await studio.token(['customers:read']), await studio.token(['customers:read'])];
    expect([(await timed(pushy)).status, (await timed(pushy)).status]).toEqual([200, 200]);
    const refusals = [];
    for (let i = 0; i < 6; i++) refusals.push(await timed(pushy));
    expect(refusals.map((r) => r.status)).toEqual([429, 429, 429, 429, 429, 429]);
    expect(Number(refusals[0]!.retryAfter)).toBeGreaterThan(0);
    // 0, 25, 50, 100, 200, then 400 ms (the most this service waits) before the refusal is answered.
    expect(chosen()).toEqual([0, 25, 50, 100, 200, 400]);
    refusals.slice(1).forEach((r, i) => expect(r.ms).toBeGreaterThanOrEqual([25, 50, 100, 200, 400][i]! - 5));
    // The other client of the same company is not held: its first answer is a 200, its first refusal waits for nothing.
    const others = [await timed(other), await timed(other), await timed(other)];
    expect(others.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(chosen().slice(6)).toEqual([0]);
  });

  it('is held alike on GraphQL, where a spent budget is the refusal', async () => {
    const token = await studio.token(['customers:read']);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const answer = await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query: '{ customers(pageSize: 1) { total } }' } });
      answers.push({ code: answer.body.errors?.[0]?.extensions?.code ?? 'OK', ms: performance.now() - started });
    }
    // Four points a minute: the first document spends them, then each is refused, each further refusal held longer.
    expect(answers.map((a) => a.code)).toEqual(['OK', 'RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED']);
    expect(answers[2]!.ms).toBeGreaterThanOrEqual(20);
    expect(answers[3]!.ms).toBeGreaterThanOrEqual(45);
    expect(answers[4]!.ms).toBeGreaterThanOrEqual(95);
  });
});
