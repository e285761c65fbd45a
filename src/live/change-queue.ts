/**
 * One subscription's changes on their way to its socket: the source stream its `changes` field returns. A
 * subscriber that reads slower than its company changes never holds more than QUEUE_MOST changes: past
 * that, what waits is replaced by one change of MANY_CHANGES (refetch what you show). Ending it (the client
 * completes the subscription, the socket closes) settles a read that waits, so nothing stays behind.
 */
import { MANY_CHANGES, type LiveChange } from '../db/live-changes.ts';

const QUEUE_MOST = 1_000;

/** The change that stands for every change of a company since some moment. */
export const manyChanges = (companyId: string, at: Date): LiveChange => ({ companyId, type: MANY_CHANGES, id: companyId, action: 'updated', at, related: [] });

export class ChangeQueue implements AsyncIterableIterator<LiveChange> {
  #waiting: LiveChange[] = [];
  #reader: ((result: IteratorResult<LiveChange, undefined>) => void) | null = null;
  #ended = false;
  readonly #onEnd: () => void;

  /** `onEnd` runs once, when the queue ends. */
  constructor(onEnd: () => void) {
    this.#onEnd = onEnd;
  }

  push(change: LiveChange): void {
    if (this.#ended) return;
    const reader = this.#reader;
    if (reader) {
      this.#reader = null;
      reader({ value: change, done: false });
    } else if (this.#waiting.length < QUEUE_MOST) {
      this.#waiting.push(change);
    } else {
      this.#waiting = [manyChanges(change.companyId, change.at)];
    }
  }

  next(): Promise<IteratorResult<LiveChange, undefined>> {
    const change = this.#waiting.shift();
    if (change) return Promise.resolve({ value: change, done: false });
    if (this.#ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.#reader = resolve));
  }

  return(): Promise<IteratorResult<LiveChange, undefined>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#waiting = [];
    this.#reader?.({ value: undefined, done: true });
    this.#reader = null;
    this.#onEnd();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
