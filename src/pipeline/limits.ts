/**
 * Rate limits per API client or key (document 1 section 8, document 2 section 8): requests per minute,
 * requests in flight, requests per UTC day. Counters come from rate-limiter-flexible, in process or in
 * Redis (shared by every instance). Each answer carries the IETF `RateLimit-Policy` and `RateLimit` fields.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Clock } from '../domain/clock.ts';
import type { SharedState } from './shared-state.ts';

export interface LimitPolicy {
  perMinute: number;
  maxConcurrent?: number;
  dailyQuota?: number;
}

export interface LimitState {
  name: 'minute' | 'day' | 'concurrency';
  quota: number;
  window?: number;
  remaining: number;
  resetSeconds: number;
}

export type Admission =
  | { admitted: true; states: LimitState[]; release(): Promise<void> }
  | { admitted: false; states: LimitState[]; retryAfter: number; exceeded: LimitState['name'] };

function limiter(shared: SharedState, keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
  return shared.redis
    ? new RateLimiterRedis({ storeClient: shared.redis, useRedisPackage: true, keyPrefix, points, duration })
    : new RateLimiterMemory({ keyPrefix, points, duration });
}

/** Resolves to the limiter's answer whether it admitted the request or not; store failures still throw. */
async function consume(l: RateLimiterAbstract, key: string): Promise<{ ok: boolean; res: RateLimiterRes }> {
  try {
    return { ok: true, res: await l.consume(key) };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { ok: false, res: rejection };
    throw rejection;
  }
}

const secondsToUtcMidnight = (now: Date) =>
  Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);

export class ClientLimits {
  readonly #policy: LimitPolicy;
  readonly #clock: Clock;
  readonly #minute: RateLimiterAbstract;
  readonly #day?: RateLimiterAbstract;
  readonly #inFlight?: RateLimiterAbstract;

  constructor(shared: SharedState, surface: string, policy: LimitPolicy, clock: Clock) {
    this.#policy = policy;
    this.#clock = clock;
    this.#minute = limiter(shared, `rl:${surface}:minute`, policy.perMinute, 60);
    if (policy.dailyQuota) this.#day = limiter(shared, `rl:${surface}:day`, policy.dailyQuota, 2 * 86_400);
    // A request that never finishes (a crashed instance) frees its place when the window ends.
    if (policy.maxConcurrent) this.#inFlight = limiter(shared, `rl:${surface}:inflight`, policy.maxConcurrent, 300);
  }

  policyHeader(): string {
    const parts = [`"minute";q=${this.#policy.perMinute};w=60`];
    if (this.#policy.dailyQuota) parts.push(`"day";q=${this.#policy.dailyQuota};w=86400`);
    if (this.#policy.maxConcurrent) parts.push(`"concurrency";q=${this.#policy.maxConcurrent}`);
    return parts.join(', ');
  }

  async admit(subject: string): Promise<Admission> {
    const now = this.#clock.now();
    const states: LimitState[] = [];
    const minute = await consume(this.#minute, subject);
    states.push({ name: 'minute', quota: this.#policy.perMinute, window: 60, remaining: Math.max(0, minute.res.remainingPoints), resetSeconds: Math.ceil(minute.res.msBeforeNext / 1000) });
    if (!minute.ok) return { admitted: false, states, retryAfter: Math.max(1, states[0]!.resetSeconds), exceeded: 'minute' };

    if (this.#day) {
      const day = await consume(this.#day, `${subject}:${now.toISOString().slice(0, 10)}`);
      const reset = secondsToUtcMidnight(now);
      states.push({ name: 'day', quota: this.#policy.dailyQuota!, window: 86_400, remaining: Math.max(0, day.res.remainingPoints), resetSeconds: reset });
      if (!day.ok) return { admitted: false, states, retryAfter: reset, exceeded: 'day' };
    }

    if (this.#inFlight) {
      const inFlight = await consume(this.#inFlight, subject);
      states.push({ name: 'concurrency', quota: this.#policy.maxConcurrent!, remaining: Math.max(0, inFlight.res.remainingPoints), resetSeconds: 0 });
      if (!inFlight.ok) {
        await this.#inFlight.reward(subject, 1);
        return { admitted: false, states, retryAfter: 1, exceeded: 'concurrency' };
      }
      let released = false;
      return {
        admitted: true,
        states,
        release: async () => {
          if (released) return;
          released = true;
          await this.#inFlight!.reward(subject, 1).catch(() => {});
        },
      };
    }
    return { admitted: true, states, release: async () => {} };
  }
}

/** The IETF `RateLimit` field for these states (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeader(states: LimitState[]): string {
  return states.map((s) => `"${s.name}";r=${s.remaining};t=${s.resetSeconds}`).join(', ');
}

/**
 * Failed credential attempts, per client id and per address, so secrets cannot be guessed: past the
 * limit, further attempts are refused before the credentials are even checked.
 */
export class FailedAttempts {
  readonly #perSubject: RateLimiterAbstract;
  readonly #perAddress: RateLimiterAbstract;

  constructor(shared: SharedState, surface: string, limits = { perSubject: 10, perAddress: 30, windowSeconds: 900 }) {
    this.#perSubject = limiter(shared, `fail:${surface}:subject`, limits.perSubject, limits.windowSeconds);
    this.#perAddress = limiter(shared, `fail:${surface}:address`, limits.perAddress, limits.windowSeconds);
  }

  /** Seconds to wait when either key is locked out, else 0. */
  async lockedFor(subject: string, address: string): Promise<number> {
    const [bySubject, byAddress] = await Promise.all([this.#perSubject.get(subject), this.#perAddress.get(address)]);
    const locked = [
      [bySubject, this.#perSubject.points] as const,
      [byAddress, this.#perAddress.points] as const,
    ].filter(([res, points]) => res && res.consumedPoints >= points);
    return locked.length ? Math.max(...locked.map(([res]) => Math.ceil(res!.msBeforeNext / 1000)), 1) : 0;
  }

  async record(subject: string, address: string): Promise<void> {
    await Promise.all([consume(this.#perSubject, subject), consume(this.#perAddress, address)]);
  }
}
