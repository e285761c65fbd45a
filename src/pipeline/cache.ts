/**
 * The read cache (document 1, "Caching"): results kept for CACHE_TTL_SECONDS, keyed by the operation (a
 * REST route, or a `/graphql` document and operation name), the company, the caller's scope set, the
 * canonical variables, and a version token of every type the operation reads. A write replaces the version
 * tokens of the types it changes (`@invalidates`), so every entry that read them is missed at once, on every
 * instance sharing the store. Only results with no denied field are cached, and the scope set in the key
 * keeps callers who may see different things apart besides. REST stores the response bytes it sent;
 * `/graphql` stores the result's data.
 */
import { createHash, randomUUID } from 'node:crypto';
import type Keyv from 'keyv';
import type { Clock } from '../domain/clock.ts';

export interface CachedEntry<T> {
  value: T;
  storedAt: number;
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` give one key. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const scopeKeys = new WeakMap<ReadonlySet<string>, string>();

/**
 * A scope set as part of a key: a digest of the sorted names, short enough that a key seldom needs hashing
 * per request. Callers share their sets (src/pipeline/callers.ts), so this is computed once per set.
 */
function scopesKey(scopes: ReadonlySet<string>): string {
  let key = scopeKeys.get(scopes);
  if (key === undefined) {
    key = createHash('sha256').update([...scopes].sort().join(' ')).digest('base64url').slice(0, 22);
    scopeKeys.set(scopes, key);
  }
  return key;
}

/** Keys longer than this (large variables) are hashed, so a store never holds an unbounded key. */
const LONGEST_PLAIN_KEY = 256;

export class ResponseCache {
  readonly #keyv: Keyv;
  /** Version tokens live apart from entries, so evicting entries never evicts (and so resets) a version. */
  readonly #versions: Keyv;
  readonly #ttlMs: number;
  readonly #clock: Clock;
  readonly #owed = new Set<string>();

  constructor(keyv: Keyv, versions: Keyv, ttlSeconds: number, clock: Clock) {
    this.#keyv = keyv;
    this.#versions = versions;
    this.#ttlMs = ttlSeconds * 1000;
    this.#clock = clock;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  /** The entry key; throws when the store cannot be read (the caller then serves the request uncached). */
  async key(parts: { operation: string; companyId: string; scopes: ReadonlySet<string>; variables: unknown; types: readonly string[] }): Promise<string> {
    if (this.#owed.size) await this.#settleInvalidations();
    let versions = '';
    if (parts.types.length) {
      const found = await this.#versions.getMany<string>(parts.types.map((type) => `version:${parts.companyId}:${type}`));
      versions = found.map((v) => v ?? '0').join(',');
    }
    const material = `${parts.operation}|${scopesKey(parts.scopes)}|${canonicalJson(parts.variables ?? {})}|${versions}`;
    const name = material.length > LONGEST_PLAIN_KEY ? createHash('sha256').update(material).digest('base64url') : material;
    return `result:${parts.companyId}:${name}`;
  }

  async get<T>(key: string): Promise<CachedEntry<T> | undefined> {
    const entry = await this.#keyv.get<CachedEntry<T>>(key);
    if (!entry || this.#clock.now().getTime() - entry.storedAt >= this.#ttlMs) return undefined;
    return entry;
  }

  async set<T>(key: string, value: T): Promise<void> {
    await this.#keyv.set(key, { value, storedAt: this.#clock.now().getTime() } satisfies CachedEntry<T>, this.#ttlMs);
  }

  /** Whole seconds since an entry was stored, for the `Age` header. */
  ageSeconds(entry: CachedEntry<unknown>): number {
    return Math.max(0, Math.floor((this.#clock.now().getTime() - entry.storedAt) / 1000));
  }

  /** New version tokens for these types of this company: every cached read of them is now a miss. */
  async invalidate(companyId: string, types: Iterable<string>): Promise<void> {
    for (const type of types) this.#owed.add(`version:${companyId}:${type}`);
    await this.#settleInvalidations();
  }

  /**
   * Writes the version tokens still owed to the store: an invalidation that failed while the store was
   * away is written before this instance reads from the cache again, so entries stored before the write
   * cannot come back once the store does.
   */
  async #settleInvalidations(): Promise<void> {
    if (!this.#owed.size) return;
    const keys = [...this.#owed];
    const token = randomUUID();
    // Versions outlive entries by far, so an expired version can never bring back a stale entry.
    const lifetime = Math.max(this.#ttlMs * 4, 86_400_000);
    await this.#versions.setMany(keys.map((key) => ({ key, value: token, ttl: lifetime })));
    for (const key of keys) this.#owed.delete(key);
  }
}
