/**
 * Rate limits per API client or key (document 1 section 8, document 2 section 8): requests per minute,
 * requests in flight, requests per UTC day. Counters (rate-limiter-flexible) and in-flight leases live in
 * process, or in Redis so that every instance shares them. Each answer carries the IETF `RateLimit-Policy` and `RateLimit` fields.
 */
import { randomUUID } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Clock } from '../domain/clock.ts';
import { within, type SharedState } from './shared-state.ts';

export interface LimitPolicy {
  perMinute: number;
  maxConcurrent?: number;
  dailyQuota?: number;
}

export interface LimitState {
  name: 'minute' | 'day' | 'concurrency' | 'points' | 'company-points';
  quota: number;
  window?: number;
  remaining: number;
  resetSeconds: number;
}

export type Admission =
  | { admitted: true; states: LimitState[]; release(): Promise<void> }
  | { admitted: false; states: LimitState[]; retryAfter: number; exceeded: LimitState['name'] };

/** An admission that let the call in: it holds a place among the subject's calls in flight until released. */
export type Admitted = Extract<Admission, { admitted: true }>;

/**
 * A counter of points per key in a window (rate-limiter-flexible): in Redis when there is one, every command
 * given at most REDIS_COMMAND_TIMEOUT_MS; when Redis does not answer in time (away, or hung without closing
 * its connection), this process's own counter answers instead, so no call ever waits on Redis for longer.
 */
export class Counter {
  readonly #inProcess: RateLimiterMemory;
  readonly #redis: RateLimiterRedis | null;
  readonly #timeoutMs: number;

  constructor(shared: SharedState, keyPrefix: string, points: number, duration: number) {
    this.#inProcess = new RateLimiterMemory({ keyPrefix, points, duration });
    this.#timeoutMs = shared.commandTimeoutMs;
    this.#redis = shared.redis
      ? new RateLimiterRedis({ storeClient: shared.redis, useRedisPackage: true, rejectIfRedisNotReady: true, keyPrefix: `${shared.namespace}:${keyPrefix}`, points, duration })
      : null;
  }

  #shared<T>(command: (limiter: RateLimiterAbstract) => Promise<T>): Promise<T> {
    if (!this.#redis) return command(this.#inProcess);
    return within(command(this.#redis), this.#timeoutMs).catch((error: unknown) => {
      // A refusal is an answer, not a failure of the store.
      if (error instanceof RateLimiterRes) throw error;
      return command(this.#inProcess);
    });
  }

  /** Counts `points` (one by default); `ok` false when the key is past its points (with the answer's state either way). */
  consume(key: string, points = 1): Promise<{ ok: boolean; res: RateLimiterRes }> {
    const counted = this.#redis ? this.#shared((limiter) => limiter.consume(key, points)) : this.#inProcess.consume(key, points);
    return counted.then(
      (res) => ({ ok: true, res }),
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) return { ok: false, res: rejection };
        throw rejection;
      },
    );
  }

  get(key: string): Promise<RateLimiterRes | null> {
    return this.#shared((limiter) => limiter.get(key));
  }

  async reward(key: string, points: number): Promise<void> {
    await this.#shared((limiter) => limiter.reward(key, points));
  }
}

const secondsToUtcMidnight = (now: Date) =>
  Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);

/** A request's place among its client's requests in flight. */
interface Lease {
  admitted: boolean;
  /** Requests of the client in flight, this one included when admitted. */
  held: number;
  release(): Promise<void>;
}

/**
 * Requests in flight per client, held as leases from admission until the response closes. A lease older
 * than LEASE_MS (its instance died mid-request) stops counting, and a release removes only its own lease,
 * so the count neither leaks nor drifts below the requests really in flight.
 */
interface InFlight {
  acquire(subject: string, now: number): Promise<Lease>;
  held(subject: string, now: number): Promise<number>;
}

const LEASE_MS = 300_000;

class InFlightInProcess implements InFlight {
  readonly #max: number;
  /** Per subject, each lease's id and when it was taken; ids are this process's own, so a count will do. */
  readonly #leases = new Map<string, Map<number, number>>();
  #lastId = 0;

  constructor(max: number) {
    this.#max = max;
  }

  #live(subject: string, now: number): Map<number, number> {
    const leases = this.#leases.get(subject) ?? new Map<number, number>();
    for (const [id, since] of leases) if (since <= now - LEASE_MS) leases.delete(id);
    return leases;
  }

  acquire(subject: string, now: number): Promise<Lease> {
    const leases = this.#live(subject, now);
    if (leases.size >= this.#max) return Promise.resolve({ admitted: false, held: leases.size, release: async () => {} });
    const id = ++this.#lastId;
    leases.set(id, now);
    this.#leases.set(subject, leases);
    return Promise.resolve({
      admitted: true,
      held: leases.size,
      release: () => {
        leases.delete(id);
        if (!leases.size && this.#leases.get(subject) === leases) this.#leases.delete(subject);
        return Promise.resolve();
      },
    });
  }

  held(subject: string, now: number): Promise<number> {
    return Promise.resolve(this.#leases.has(subject) ? this.#live(subject, now).size : 0);
  }
}

/** Drops stale leases, then adds one unless the client holds ARGV[3] already: returns the count, negative when refused. */
const ACQUIRE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local held = redis.call('ZCARD', KEYS[1])
if held >= tonumber(ARGV[3]) then return -held end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return held + 1`;

/** Leases in Redis, shared by every instance; while Redis cannot answer, this process's own. */
class InFlightInRedis implements InFlight {
  readonly #redis: NonNullable<SharedState['redis']>;
  readonly #prefix: string;
  readonly #max: number;
  readonly #timeoutMs: number;
  readonly #fallback: InFlightInProcess;

  constructor(redis: NonNullable<SharedState['redis']>, prefix: string, max: number, timeoutMs: number) {
    this.#redis = redis;
    this.#prefix = prefix;
    this.#max = max;
    this.#timeoutMs = timeoutMs;
    this.#fallback = new InFlightInProcess(max);
  }

  async acquire(subject: string, now: number): Promise<Lease> {
    const key = `${this.#prefix}:${subject}`;
    const id = randomUUID();
    let held: number;
    try {
      held = Number(await within(this.#redis.eval(ACQUIRE_SCRIPT, { keys: [key], arguments: [String(now), String(LEASE_MS), String(this.#max), id] }), this.#timeoutMs));
    } catch {
      return this.#fallback.acquire(subject, now);
    }
    if (held < 0) return { admitted: false, held: -held, release: async () => {} };
    return {
      admitted: true,
      held,
      release: async () => {
        await within(this.#redis.zRem(key, id), this.#timeoutMs);
      },
    };
  }

  async held(subject: string, now: number): Promise<number> {
    try {
      return await within(this.#redis.zCount(`${this.#prefix}:${subject}`, now - LEASE_MS + 1, '+inf'), this.#timeoutMs);
    } catch {
      return this.#fallback.held(subject, now);
    }
  }
}

export class ClientLimits {
  readonly #policy: LimitPolicy;
  readonly #clock: Clock;
  readonly #minute: Counter;
  readonly #day?: Counter;
  readonly #inFlight?: InFlight;

  constructor(shared: SharedState, surface: string, policy: LimitPolicy, clock: Clock) {
    this.#policy = policy;
    this.#clock = clock;
    this.#minute = new Counter(shared, `rl:${surface}:minute`, policy.perMinute, 60);
    if (policy.dailyQuota) this.#day = new Counter(shared, `rl:${surface}:day`, policy.dailyQuota, 2 * 86_400);
    if (policy.maxConcurrent) {
      this.#inFlight = shared.redis
        ? new InFlightInRedis(shared.redis, `${shared.namespace}:rl:${surface}:inflight`, policy.maxConcurrent, shared.commandTimeoutMs)
        : new InFlightInProcess(policy.maxConcurrent);
    }
  }

  #policyHeader: string | undefined;

  /** The IETF `RateLimit-Policy` field of these limits. */
  policyHeader(): string {
    if (this.#policyHeader === undefined) {
      const parts = [`"minute";q=${this.#policy.perMinute};w=60`];
      if (this.#policy.dailyQuota) parts.push(`"day";q=${this.#policy.dailyQuota};w=86400`);
      if (this.#policy.maxConcurrent) parts.push(`"concurrency";q=${this.#policy.maxConcurrent}`);
      this.#policyHeader = parts.join(', ');
    }
    return this.#policyHeader;
  }

  /** The UTC day a daily count is kept under (`2026-11-27`), with the instant it ends. */
  #utcDay = { text: '', endsAt: 0 };

  #dayOf(now: Date): string {
    if (now.getTime() >= this.#utcDay.endsAt || now.getTime() < this.#utcDay.endsAt - 86_400_000) {
      this.#utcDay = { text: now.toISOString().slice(0, 10), endsAt: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) };
    }
    return this.#utcDay.text;
  }

  /** Counts the request against each limit in turn; a refused request still reports every limit's state. */
  async admit(subject: string): Promise<Admission> {
    const now = this.#clock.now();
    const dayKey = `${subject}:${this.#dayOf(now)}`;
    const states: LimitState[] = [];
    const refuse = async (exceeded: LimitState['name'], retryAfter: number): Promise<Admission> => {
      if (this.#day && !states.some((state) => state.name === 'day')) states.push(this.#dayState(await this.#day.get(dayKey), now));
      if (this.#inFlight && !states.some((state) => state.name === 'concurrency')) {
        states.push(this.#concurrencyState(await this.#inFlight.held(subject, now.getTime())));
      }
      return { admitted: false, states, retryAfter, exceeded };
    };

    const minute = await this.#minute.consume(subject);
    const resetSeconds = Math.ceil(minute.res.msBeforeNext / 1000);
    states.push({ name: 'minute', quota: this.#policy.perMinute, window: 60, remaining: minute.res.remainingPoints, resetSeconds });
    if (!minute.ok) return refuse('minute', Math.max(1, resetSeconds));

    if (this.#day) {
      const day = await this.#day.consume(dayKey);
      states.push(this.#dayState(day.res, now));
      if (!day.ok) return refuse('day', secondsToUtcMidnight(now));
    }

    if (!this.#inFlight) return { admitted: true, states, release: async () => {} };
    const lease = await this.#inFlight.acquire(subject, now.getTime());
    states.push(this.#concurrencyState(lease.held));
    if (!lease.admitted) return refuse('concurrency', 1);
    let released = false;
    return {
      admitted: true,
      states,
      release: async () => {
        if (released) return;
        released = true;
        await lease.release().catch(() => {});
      },
    };
  }

  #dayState(res: RateLimiterRes | null, now: Date): LimitState {
    const quota = this.#policy.dailyQuota!;
    return { name: 'day', quota, window: 86_400, remaining: res ? res.remainingPoints : quota, resetSeconds: secondsToUtcMidnight(now) };
  }

  #concurrencyState(held: number): LimitState {
    const quota = this.#policy.maxConcurrent!;
    return { name: 'concurrency', quota, remaining: Math.max(0, quota - held), resetSeconds: 0 };
  }
}

/**
 * A budget of points a minute per subject: a GraphQL client's or a console user's, where each document costs
 * what it asks of the service (src/pipeline/cost.ts), as GitHub's and Shopify's GraphQL APIs count. With a
 * company ceiling, the points of every subject of one company are also counted together against it, so a
 * company that makes more clients does not get more of the service.
 */
export class PointBudget {
  readonly perMinute: number;
  readonly #counter: Counter;
  readonly #company: { perMinute: number; counter: Counter } | null;

  constructor(shared: SharedState, name: string, perMinute: number, companyPerMinute?: number) {
    this.perMinute = perMinute;
    this.#counter = new Counter(shared, `rl:${name}:points`, perMinute, 60);
    this.#company = companyPerMinute ? { perMinute: companyPerMinute, counter: new Counter(shared, `rl:${name}:company-points`, companyPerMinute, 60) } : null;
  }

  /** The IETF `RateLimit-Policy` field of the budget. */
  policyHeader(): string {
    const own = `"points";q=${this.perMinute};w=60`;
    return this.#company ? `${own}, "company-points";q=${this.#company.perMinute};w=60` : own;
  }

  #state(name: 'points' | 'company-points', quota: number, res: RateLimiterRes | null, consumed = res?.consumedPoints ?? 0): LimitState {
    const resetSeconds = res ? Math.ceil(res.msBeforeNext / 1000) : 0;
    return { name, quota, window: 60, remaining: Math.max(0, quota - consumed), resetSeconds };
  }

  /** What the subject (and its company, under a ceiling) has left, spending nothing. */
  async left(subject: string, company?: string): Promise<LimitState[]> {
    const states = [this.#state('points', this.perMinute, await this.#counter.get(subject))];
    if (this.#company && company) states.push(this.#state('company-points', this.#company.perMinute, await this.#company.counter.get(company)));
    return states;
  }

  /**
   * Spends `points` when the subject, and its company under a ceiling, have as many left; otherwise spends
   * nothing and says which ran short and when it will have them.
   */
  async spend(subject: string, points: number, company?: string): Promise<{ ok: boolean; states: LimitState[]; short?: LimitState }> {
    const own = await this.#counter.consume(subject, points);
    if (!own.ok) {
      await this.#counter.reward(subject, points);
      const state = this.#state('points', this.perMinute, own.res, own.res.consumedPoints - points);
      return { ok: false, states: [state], short: state };
    }
    const ownState = this.#state('points', this.perMinute, own.res);
    if (!this.#company || !company) return { ok: true, states: [ownState] };
    const shared = await this.#company.counter.consume(company, points);
    if (shared.ok) return { ok: true, states: [ownState, this.#state('company-points', this.#company.perMinute, shared.res)] };
    await Promise.all([this.#counter.reward(subject, points), this.#company.counter.reward(company, points)]);
    const state = this.#state('company-points', this.#company.perMinute, shared.res, shared.res.consumedPoints - points);
    return { ok: false, states: [{ ...ownState, remaining: Math.min(this.perMinute, ownState.remaining + points) }, state], short: state };
  }
}

/** The IETF `RateLimit` field for these states (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeader(states: LimitState[]): string {
  return states.map((s) => `"${s.name}";r=${s.remaining};t=${s.resetSeconds}`).join(', ');
}
