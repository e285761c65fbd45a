/**
 * What a unit of work touched: the ids of the records its flushes created, changed or deleted. A subscriber
 * on every flush adds them to the `Touched` of the work running now (an AsyncLocalStorage), so no domain
 * function has to report what it wrote: the audit entry of a write names its records from this list.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventSubscriber } from '@mikro-orm/core';

/** The service's own bookkeeping, which no audit entry names: the log itself, replay records, versions, the outbox. */
const BOOKKEEPING = new Set(['AuditEntry', 'IdempotencyKey', 'CacheVersion', 'WebhookEvent', 'WebhookEventSequence', 'WebhookJob', 'WebhookDelivery', 'ServerKeyCheck']);

export class Touched {
  readonly #ids = new Set<string>();

  get ids(): string[] {
    return [...this.#ids];
  }

  add(id: string): void {
    this.#ids.add(id);
  }

  /** Forgets everything added after this call when the returned function is called (a savepoint rolled back). */
  mark(): () => void {
    const before = new Set(this.#ids);
    return () => {
      for (const id of this.#ids) if (!before.has(id)) this.#ids.delete(id);
    };
  }

  clear(): void {
    this.#ids.clear();
  }
}

const current = new AsyncLocalStorage<Touched>();

/** Runs `work` with the flushes it makes recorded in `touched`. */
export const touching = <T>(touched: Touched, work: () => Promise<T>): Promise<T> => current.run(touched, work);

/** The Touched of the work running now, if any. */
export const touchedNow = (): Touched | undefined => current.getStore();

/** Registered with the ORM (src/db/orm.ts): every flush inside `touching` adds the ids of its records. */
export const touchedSubscriber: EventSubscriber = {
  onFlush({ uow }) {
    const touched = current.getStore();
    if (!touched) return;
    for (const change of uow.getChangeSets()) {
      if (BOOKKEEPING.has(change.meta.className)) continue;
      // A tenant record's key is (id, company): the audit names its id.
      const id = (change.entity as { id?: unknown }).id;
      if (typeof id === 'string') touched.add(id);
    }
  },
};
