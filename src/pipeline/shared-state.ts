/**
 * Where cache entries and rate-limit counters live: in this process when REDIS_URL is unset, in Redis
 * when it is set, so several instances share them (ARCHITECTURE.md, principle 9).
 */
import { setTimeout } from 'node:timers/promises';
import Keyv from 'keyv';
import type { RedisClientType } from '@keyv/redis';
import { createHash } from 'node:crypto';

/**
 * The deployment's Redis namespace: REDIS_NAMESPACE when set, else one derived from the database's
 * address (host, port, name; never the credentials). Instances of one deployment reach one database and
 * so share counters and cache; another deployment (staging beside production, a second test database)
 * on the same Redis gets its own keys, never another's cached answers or rate budget.
 */
export function namespaceFor(explicit: string | undefined, databaseUrl: string): string {
  if (explicit) return explicit;
  const url = new URL(databaseUrl);
  const address = `${url.hostname}:${url.port || 5432}/${decodeURIComponent(url.pathname.slice(1))}`;
  return `studio:${createHash('sha256').update(address).digest('hex').slice(0, 12)}`;
}

/**
 * Where cached answers are kept. In process, a bounded map answered at once; in Redis, each command given
 * at most REDIS_COMMAND_TIMEOUT_MS: an answer that does not come in time is a miss (reads), or is dropped
 * (writes), so a Redis that hangs never holds a request.
 */
export interface CacheStore {
  get<T>(key: string): T | undefined | Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs: number): void | Promise<void>;
}

export interface SharedState {
  store: CacheStore;
  /** The Redis connection when REDIS_URL is set (rate limiters use it directly). */
  redis: RedisClientType | null;
  /** Prefix of every key this deployment writes, so deployments sharing one Redis never meet. */
  namespace: string;
  /** The longest a Redis command may take before the in-process fallback answers (REDIS_COMMAND_TIMEOUT_MS). */
  commandTimeoutMs: number;
  close(): Promise<void>;
}

/** The command's answer, or a rejection once `ms` have passed without one. */
export function within<T>(command: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = globalThis.setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    command.finally(() => clearTimeout(timer)).then(resolve, reject);
  });
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

export async function openSharedState(redisUrl: string | undefined, namespace: string, commandTimeoutMs = 500): Promise<SharedState> {
  if (!redisUrl) {
    // In process, values are kept as they are: no serialising, no waiting.
    const entries = new BoundedMap<unknown>(50_000);
    const store: CacheStore = {
      get: <T>(key: string) => entries.get(key) as T | undefined,
      set: (key, value) => void entries.set(key, value),
    };
    return { store, redis: null, namespace, commandTimeoutMs, close: async () => {} };
  }
  // The Redis client is loaded only when there is a Redis: in process, its code is memory for nothing.
  const [{ default: KeyvRedis, createClient }, { watchRedis }] = await Promise.all([import('@keyv/redis'), import('./redis-watchdog.ts')]);
  // Without the offline queue, commands fail at once while Redis is away instead of holding requests:
  // the cache then serves uncached and the rate limits count in process until Redis is back.
  const redis = createClient({ url: redisUrl, disableOfflineQueue: true }) as RedisClientType;
  redis.on('error', () => {});
  // A Redis that is away or hangs at start is met as it would be later: the service starts, counts in
  // process and serves uncached while the client goes on connecting.
  const connected = redis.connect().then(() => true, () => false);
  await Promise.race([connected, setTimeout(commandTimeoutMs)]);
  const stopWatching = watchRedis(redis, commandTimeoutMs);
  // Store errors are thrown, not only emitted, so the cache can tell a failed write from a done one.
  const keyv = new Keyv({ store: new KeyvRedis(redis, { throwOnErrors: true }), namespace, throwOnErrors: true });
  const inTime = <T>(command: Promise<T>) => within(command, commandTimeoutMs);
  const store: CacheStore = {
    get: <T>(key: string) => inTime(keyv.get<T>(key)),
    set: async (key, value, ttlMs) => void (await inTime(keyv.set(key, value, ttlMs))),
  };
  return {
    store,
    redis,
    namespace,
    commandTimeoutMs,
    close: async () => {
      stopWatching();
      // Closing waits for the answers of commands in flight, and a client waiting to reconnect for
      // Redis to come back: neither may hold the stop for longer than a command may take.
      if (redis.isReady) await Promise.race([redis.close().catch(() => {}), setTimeout(commandTimeoutMs)]);
      if (redis.isOpen) redis.destroy();
    },
  };
}
