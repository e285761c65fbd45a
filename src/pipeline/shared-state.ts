/**
 * Where cache entries and rate-limit counters live: in this process when REDIS_URL is unset, in Redis
 * when it is set, so several instances share them (ARCHITECTURE.md, principle 9).
 */
import Keyv, { type KeyvStoreAdapter } from 'keyv';
import KeyvRedis, { createClient, type RedisClientType } from '@keyv/redis';

export interface SharedState {
  keyv: Keyv;
  /** The Redis connection when REDIS_URL is set (rate limiters use it directly). */
  redis: RedisClientType | null;
  close(): Promise<void>;
}

/** An in-process Map that forgets its oldest entries beyond `limit`, so memory stays bounded. */
class BoundedMap<V> extends Map<string, V> {
  readonly #limit: number;
  constructor(limit: number) {
    super();
    this.#limit = limit;
  }
  override set(key: string, value: V): this {
    if (this.has(key)) this.delete(key);
    super.set(key, value);
    if (this.size > this.#limit) this.delete(this.keys().next().value!);
    return this;
  }
}

export async function openSharedState(redisUrl: string | undefined, namespace = 'studio'): Promise<SharedState> {
  if (!redisUrl) {
    const keyv = new Keyv({ store: new BoundedMap(50_000), namespace });
    return { keyv, redis: null, close: async () => {} };
  }
  // Without the offline queue, commands fail at once while Redis is away instead of holding requests:
  // the cache then serves uncached and the rate limits count in process until Redis is back.
  const redis = createClient({ url: redisUrl, disableOfflineQueue: true }) as RedisClientType;
  redis.on('error', () => {});
  await redis.connect();
  // Store errors are thrown, not only emitted, so the cache can tell a failed write from a done one.
  const keyv = new Keyv({ store: new KeyvRedis(redis, { throwOnErrors: true }) as unknown as KeyvStoreAdapter, namespace, throwOnErrors: true });
  return {
    keyv,
    redis,
    close: async () => {
      // A client waiting to reconnect would wait for Redis to come back before closing.
      if (redis.isReady) await redis.close().catch(() => {});
      else redis.destroy();
    },
  };
}
