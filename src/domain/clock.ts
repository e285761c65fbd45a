/**
 * The clock every time-dependent rule reads (token expiry, default date ranges, quotas, retention),
 * so tests can set the time instead of waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests. */
export class FixedClock implements Clock {
  #at: number;
  constructor(at: Date | string) {
    this.#at = new Date(at).getTime();
  }
  now(): Date {
    return new Date(this.#at);
  }
  set(at: Date | string): void {
    this.#at = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.#at += ms;
  }
}
