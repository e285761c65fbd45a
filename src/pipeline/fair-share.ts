/**
 * Fair shares of an instance's database connections. Each company may have at most DB_COMPANY_SHARE
 * statements or write transactions in flight on this instance at once, and write transactions of all
 * companies together at most half the pool, so one tenant's requests (however shaped: one document of many
 * aliased lists, or many requests) never hold the connections another tenant's reads need, and a write's
 * own reads (on its transaction's connection) always find the pool able to serve the rest. A call that
 * waits longer than DB_ACQUIRE_TIMEOUT_MS for its turn is refused with 503 and Retry-After.
 */
import { RETRY_AFTER_SECONDS } from '../db/pool.ts';
import type { SqlRunner } from '../db/reads.ts';
import { Unavailable } from '../domain/errors.ts';

/** At most `size` holders at once; the rest wait in order, each for at most `waitMs`. */
class Slots {
  readonly #size: number;
  readonly #waitMs: number;
  #held = 0;
  readonly #waiting: Array<{ grant(): void }> = [];

  constructor(size: number, waitMs: number) {
    this.#size = size;
    this.#waitMs = waitMs;
  }

  get idle(): boolean {
    return this.#held === 0 && this.#waiting.length === 0;
  }

  /** Resolves with the release of a slot once one is free; rejects with Unavailable after `waitMs`. */
  take(what: string): Promise<() => void> {
    if (this.#held < this.#size) {
      this.#held++;
      return Promise.resolve(this.#release());
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          this.#held++;
          resolve(this.#release());
        },
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
        reject(new Unavailable(`The service is busy with ${what}: retry shortly`, RETRY_AFTER_SECONDS));
      }, this.#waitMs);
      this.#waiting.push(waiter);
    });
  }

  #release(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#held--;
      this.#waiting.shift()?.grant();
    };
  }
}

export interface FairShareOptions {
  /** Statements and write transactions one company may have in flight on this instance. */
  perCompany: number;
  /** Write transactions of all companies together. */
  writes: number;
  /** How long a call may wait for its turn. */
  waitMs: number;
}

export class FairShare {
  readonly #options: FairShareOptions;
  readonly #companies = new Map<string, Slots>();
  readonly #writes: Slots;

  constructor(options: FairShareOptions) {
    this.#options = options;
    this.#writes = new Slots(options.writes, options.waitMs);
  }

  #company(companyId: string): Slots {
    let slots = this.#companies.get(companyId);
    if (!slots) this.#companies.set(companyId, (slots = new Slots(this.#options.perCompany, this.#options.waitMs)));
    return slots;
  }

  /** Runs one statement of a company in its turn. */
  async statement<T>(companyId: string, work: () => Promise<T>): Promise<T> {
    const slots = this.#company(companyId);
    const release = await slots.take('this company’s other requests');
    try {
      return await work();
    } finally {
      release();
      if (slots.idle) this.#companies.delete(companyId);
    }
  }

  /** A company's turn for one write transaction: resolves with its release. */
  async write(companyId: string): Promise<() => void> {
    const slots = this.#company(companyId);
    const company = await slots.take('this company’s other requests');
    let all: () => void;
    try {
      all = await this.#writes.take('other writes');
    } catch (error) {
      company();
      throw error;
    }
    return () => {
      all();
      company();
      if (slots.idle) this.#companies.delete(companyId);
    };
  }

  /** A runner of one company's statements on `runner`, each in its turn. */
  runner(companyId: string, runner: SqlRunner): SqlRunner {
    return { rows: (sql, params, options) => this.statement(companyId, () => runner.rows(sql, params, options)) };
  }
}
