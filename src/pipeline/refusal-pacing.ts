/**
 * A caller that keeps sending after a 429 is answered more slowly. Refusing costs little, but not nothing:
 * each refused call is still authenticated, counted, audited and answered, and a few connections that send
 * again the moment they are refused make an instance refuse thousands of calls a second, on the cores other
 * tenants' calls need. So the first refusal of a caller is answered at once, and each further one before its
 * `Retry-After` has passed waits before its answer: 25 ms, then twice as long each time, up to
 * REFUSAL_PACE_MAX_MS. A connection that waits for its answer before sending again (as HTTP/1.1 clients
 * do) sends a few calls a second instead of hundreds; a client that honours `Retry-After` never waits here.
 */

/** The first wait, doubled at each further refusal. */
const FIRST_WAIT_MS = 25;

interface Refused {
  /** Refusals since the caller was last forgotten. */
  count: number;
  /** When its latest Retry-After has passed, and it is forgotten (ms). */
  until: number;
}

export class RefusalPacing {
  readonly #maxMs: number;
  readonly #capacity: number;
  readonly #now: () => number;
  /** By subject (a client, key, console user or source address), oldest first: at most `capacity` are kept. */
  readonly #refused = new Map<string, Refused>();

  constructor(maxMs: number, { capacity = 10_000, now = Date.now }: { capacity?: number; now?: () => number } = {}) {
    this.#maxMs = maxMs;
    this.#capacity = capacity;
    this.#now = now;
  }

  /** How long to hold the refusal of `subject` (ms), counting it; `retryAfterSeconds` is what its answer says. */
  delayFor(subject: string, retryAfterSeconds: number): number {
    if (this.#maxMs <= 0) return 0;
    const now = this.#now();
    const earlier = this.#refused.get(subject);
    const count = earlier && earlier.until > now ? earlier.count + 1 : 1;
    this.#refused.delete(subject);
    this.#refused.set(subject, { count, until: now + retryAfterSeconds * 1000 });
    if (this.#refused.size > this.#capacity) this.#refused.delete(this.#refused.keys().next().value!);
    if (count === 1) return 0;
    return Math.min(this.#maxMs, retryAfterSeconds * 1000, FIRST_WAIT_MS * 2 ** Math.min(count - 2, 20));
  }

  /** Waits as long as `delayFor` says. */
  async hold(subject: string, retryAfterSeconds: number): Promise<void> {
    const ms = this.delayFor(subject, retryAfterSeconds);
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms).unref());
  }
}
