/**
 * When to try a refused request again and how long to wait first. A 429 is retried after its
 * `Retry-After` (else the reset time of the exhausted limit in the IETF `RateLimit` field, else 1, 2, 4 ...
 * seconds), a 503 only when it says `Retry-After`; each wait gets up to a tenth more (at least 250 ms) at
 * random, so clients refused together do not return together, but never past `maxDelaySeconds`. A wait
 * asked for longer than `maxDelaySeconds`, or more than `maxRetries` retries, gives the refusal back to the
 * caller instead.
 */

export interface RetryOptions {
  /** Retries of one request after 429 or 503; 3 unless given, 0 turns retrying off. */
  maxRetries?: number;
  /** The longest wait the client accepts; a refusal asking for more is returned at once. 60 unless given. */
  maxDelaySeconds?: number;
  /** Whether a 503 with `Retry-After` is retried too; true unless given. */
  on503?: boolean;
}

export type RetryPolicy = Required<RetryOptions>;

export const retryPolicy = (options: RetryOptions = {}): RetryPolicy => ({ maxRetries: 3, maxDelaySeconds: 60, on503: true, ...options });

/** Told before each wait: what was refused and how long the client waits. */
export interface RetryNotice {
  method: string;
  url: string;
  status: number;
  /** 1 for the first retry of this request. */
  retry: number;
  delayMs: number;
}

/** Methods whose repetition has the effect of one request (RFC 9110, section 9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** A non-idempotent request is repeated only when it carries an `Idempotency-Key`: the service then answers a repeat once. */
export const mayRepeat = (method: string, headers: Headers): boolean => IDEMPOTENT_METHODS.has(method.toUpperCase()) || headers.has('idempotency-key');

/** `Retry-After` in seconds: a number of seconds or an HTTP date (RFC 9110, section 10.2.3). */
function retryAfterSeconds(headers: Headers, now: number): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

/** The reset time of the longest exhausted limit in `RateLimit: "minute";r=0;t=42, ...` (IETF draft). */
function rateLimitResetSeconds(headers: Headers): number | undefined {
  const resets = (headers.get('ratelimit') ?? '')
    .split(',')
    .map((item) => ({ remaining: /;\s*r=(\d+)/.exec(item)?.[1], reset: /;\s*t=(\d+)/.exec(item)?.[1] }))
    .filter((limit) => limit.remaining === '0' && limit.reset !== undefined)
    .map((limit) => Number(limit.reset));
  return resets.length ? Math.max(...resets) : undefined;
}

/**
 * Milliseconds to wait before retry number `retry` (from 1) of a request refused with `response`, or
 * undefined when it is not to be retried.
 */
export function retryDelayMs(response: Response, retry: number, policy: RetryPolicy, now: number, random: () => number = Math.random): number | undefined {
  if (retry > policy.maxRetries) return undefined;
  let seconds: number | undefined;
  if (response.status === 429) {
    seconds = retryAfterSeconds(response.headers, now) ?? rateLimitResetSeconds(response.headers) ?? 2 ** (retry - 1);
  } else if (response.status === 503 && policy.on503) {
    seconds = retryAfterSeconds(response.headers, now);
  }
  if (seconds === undefined || seconds > policy.maxDelaySeconds) return undefined;
  const ms = seconds * 1000;
  // The jitter spreads clients out above the wait asked for, never past the longest wait promised.
  return Math.min(Math.round(ms + random() * Math.max(250, ms / 10)), policy.maxDelaySeconds * 1000);
}
