/**
 * Failed credential attempts at the token endpoints, counted per client id and source address, and per
 * source address. Secrets are 256-bit, so no number of guesses finds one: the counts slow a misbehaving
 * address down and never lock a client out, so knowing a client id (it is not secret) is not enough to
 * deny its owner service. The right secret always gets its token, whatever failed before, from any
 * address, the failing one included; past a limit, a wrong secret answers 429 with Retry-After instead
 * of 401.
 */
import { Counter } from './limits.ts';
import type { SharedState } from './shared-state.ts';

export interface FailureLimits {
  perClientAndAddress: number;
  perAddress: number;
  windowSeconds: number;
}

export class FailedLogins {
  readonly #perClientAndAddress: Counter;
  readonly #perAddress: Counter;

  constructor(shared: SharedState, surface: string, limits: FailureLimits = { perClientAndAddress: 10, perAddress: 30, windowSeconds: 900 }) {
    this.#perClientAndAddress = new Counter(shared, `fail:${surface}:client-address`, limits.perClientAndAddress, limits.windowSeconds);
    this.#perAddress = new Counter(shared, `fail:${surface}:address`, limits.perAddress, limits.windowSeconds);
  }

  /** Counts a failed attempt; the seconds the address should wait before failing again, 0 while within the limits. */
  async failed(clientId: string, address: string): Promise<number> {
    // Addresses never hold `|`, so no client id can make its key another pair's.
    const answers = await Promise.all([this.#perClientAndAddress.consume(`${clientId}|${address}`), this.#perAddress.consume(address)]);
    const exceeded = answers.filter((answer) => !answer.ok);
    return exceeded.length ? Math.max(1, ...exceeded.map((answer) => Math.ceil(answer.res.msBeforeNext / 1000))) : 0;
  }

  /**
   * For credentials that can be guessed (console passwords): counts the attempt before the password is
   * checked, atomically, so that a burst of simultaneous attempts cannot all pass a check made before any
   * of them is counted. `wait` > 0: past a limit, the attempt must be refused unchecked. A right password
   * gives its point back with `succeeded()`.
   *
   * Attempts count per account and device (a digest of address and user agent) and per address. The device
   * the account last signed in from counts only against its own attempts: failures from any other device,
   * behind the same NAT or load balancer included, never refuse the owner's right password from there
   * (and since they count per address, guessing from elsewhere stays bounded).
   */
  async attempt(account: string, address: string, device: { id: string; known: boolean }): Promise<{ wait: number; succeeded(): Promise<void> }> {
    const perDevice: [Counter, string] = [this.#perClientAndAddress, `${account}|${device.id}`];
    const counted: Array<[Counter, string]> = device.known ? [perDevice] : [perDevice, [this.#perAddress, address]];
    const answers = await Promise.all(counted.map(([counter, key]) => counter.consume(key)));
    const exceeded = answers.filter((answer) => !answer.ok);
    return {
      wait: exceeded.length ? Math.max(1, ...exceeded.map((answer) => Math.ceil(answer.res.msBeforeNext / 1000))) : 0,
      succeeded: async () => {
        await Promise.all(counted.map(([counter, key]) => counter.reward(key, 1)));
      },
    };
  }
}
