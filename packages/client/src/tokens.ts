/**
 * The bearer token of one client: requested on first use, reused until shortly before it expires, then
 * renewed. Concurrent calls that find no valid token wait for the same request: never two at once.
 */
import type { Timing } from './timing.ts';

export interface IssuedToken {
  token: string;
  expiresInSeconds: number;
}

/** Renew a minute before expiry, or a tenth of the lifetime before when tokens live less than ten minutes. */
const DEFAULT_MARGIN_SECONDS = 60;

export class TokenSource {
  readonly #request: () => Promise<IssuedToken>;
  readonly #timing: Timing;
  readonly #marginSeconds: number;
  #current?: { token: string; renewAt: number };
  #pending?: Promise<string>;

  constructor(request: () => Promise<IssuedToken>, timing: Timing, marginSeconds = DEFAULT_MARGIN_SECONDS) {
    this.#request = request;
    this.#timing = timing;
    this.#marginSeconds = marginSeconds;
  }

  get(): Promise<string> {
    if (this.#current && this.#timing.now() < this.#current.renewAt) return Promise.resolve(this.#current.token);
    this.#pending ??= this.#renew().finally(() => {
      this.#pending = undefined;
    });
    return this.#pending;
  }

  /** Forgets a token the service refused (401), unless a newer one has already replaced it. */
  invalidate(token: string): void {
    if (this.#current?.token === token) this.#current = undefined;
  }

  async #renew(): Promise<string> {
    // Counted from the request, not the answer, so the token never outlives what the client believes.
    const requestedAt = this.#timing.now();
    const { token, expiresInSeconds } = await this.#request();
    const margin = Math.min(this.#marginSeconds, expiresInSeconds / 10);
    this.#current = { token, renewAt: requestedAt + (expiresInSeconds - margin) * 1000 };
    return token;
  }
}
