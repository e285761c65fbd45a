/**
 * node-redis times a command out only while it waits to be written, so a Redis that stops answering
 * without closing its connection (a stalled primary, a half-open network path) would hold every command
 * sent to it, and every request behind them. A PING that gets no answer within the timeout drops the
 * connection: the commands waiting on it fail at once (the cache serves uncached, the limits count in
 * process, as when Redis is down), new ones fail at once while the client connects again.
 */
import { setImmediate, setTimeout as delay } from 'node:timers/promises';
import type { RedisClientType } from '@keyv/redis';

/** Probes every `timeoutMs`; returns the function that stops probing. */
export function watchRedis(redis: RedisClientType, timeoutMs: number): () => void {
  let probing = false;
  const probe = async () => {
    if (probing || !redis.isReady) return;
    probing = true;
    let answered = false;
    void redis.ping().finally(() => (answered = true)).catch(() => {});
    await delay(timeoutMs);
    // An answer that arrived while the event loop was busy is read before it is judged missing.
    await setImmediate();
    probing = false;
    if (answered || !redis.isReady) return;
    redis.destroy();
    redis.connect().catch(() => {});
  };
  const timer = setInterval(() => void probe(), timeoutMs);
  timer.unref();
  return () => clearInterval(timer);
}
