/**
 * This instance's dispatch of live changes: each change PostgreSQL announces (src/db/live-changes.ts) goes to
 * the listeners of its company only, so nothing of one company ever reaches another's subscriber. When
 * notices may have been missed (the listening connection broke, and again once it is back), every listener
 * is told that many records of its company may have changed.
 */
import { LIVE_CHANGES_CHANNEL, readLiveNotice, type LiveChange } from '../db/live-changes.ts';
import type { Clock } from '../domain/clock.ts';
import type { Notices } from '../pipeline/notices.ts';
import { manyChanges } from './change-queue.ts';

export interface LiveListener {
  readonly companyId: string;
  receive(change: LiveChange): void;
}

export class LiveHub {
  readonly #byCompany = new Map<string, Set<LiveListener>>();

  constructor(notices: Notices, clock: Clock) {
    notices.on(LIVE_CHANGES_CHANNEL, (payload) => {
      const change = readLiveNotice(payload, clock.now());
      if (change) this.#deliver(change.companyId, change);
    });
    notices.onLost(() => {
      for (const companyId of this.#byCompany.keys()) this.#deliver(companyId, manyChanges(companyId, clock.now()));
    });
  }

  /** Starts giving `listener` its company's changes; the returned function stops it. */
  listen(listener: LiveListener): () => void {
    const listeners = this.#byCompany.get(listener.companyId) ?? new Set();
    listeners.add(listener);
    this.#byCompany.set(listener.companyId, listeners);
    return () => {
      listeners.delete(listener);
      if (!listeners.size && this.#byCompany.get(listener.companyId) === listeners) this.#byCompany.delete(listener.companyId);
    };
  }

  #deliver(companyId: string, change: LiveChange): void {
    for (const listener of this.#byCompany.get(companyId) ?? []) listener.receive(change);
  }
}
