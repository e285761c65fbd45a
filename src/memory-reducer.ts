/**
 * Gives V8's memory reducer back to the service. After a burst of requests the heap keeps what it grew to
 * (its old generation, its young generation and a pool of freed pages) until the memory reducer, a few
 * seconds into a quiet spell, runs a collection that gives it back. In Node.js 24 (V8 13.6) the reducer
 * starts only when every allocation rate it samples is low, and it reads the rate of the C++ heap
 * (cppgc, where Node allocates almost nothing) as exactly zero, which its arithmetic takes for the highest
 * rate there is: it never starts, and RSS stays at its high-water mark for as long as the process lives
 * (nodejs/node#66564, crbug.com/570738027; Node.js 22 had a floor of 1 byte/ms there).
 *
 * A `vm.Script` is one of the few things Node allocates on that heap: compiling an empty one every few
 * seconds keeps the sampled rate a little above zero, so an idle service reads as idle, and the reducer
 * collects and gives the memory back about 10 to 25 s after the last request. Under load it changes
 * nothing: the other two rates are high, and the reducer waits as V8 means it to. The compile costs a few
 * microseconds, and its timer never keeps the process alive.
 */
import { Script } from 'node:vm';

/** Shorter than the reducer's 8 s between samples, so each sample sees an allocation. */
export const NUDGE_INTERVAL_MS = 5_000;

/** Starts the nudge; the returned function stops it. */
export function keepMemoryReducerAwake(intervalMs = NUDGE_INTERVAL_MS): () => void {
  const timer = setInterval(() => void new Script(''), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
