/**
 * The read cache (document 1, "Caching"): GraphQL results kept for CACHE_TTL_SECONDS, keyed by the
 * operation, the company, the normalised variables, the caller's scopes, and a version token of every
 * type the operation reads. A write replaces the version tokens of the types it changes (`@invalidates`),
 * so every entry that read them is missed at once, on every instance sharing the store.
 */
import { createHash, randomUUID } from 'node:crypto';
import type Keyv from 'keyv';
import type { Clock } from '../domain/clock.ts';

export interface CachedResult {
  data: unknown;
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

export class ResponseCache {
  readonly #keyv: Keyv;
  readonly #ttlMs: number;
  readonly #clock: Clock;
  readonly #owed = new Set<string>();

  constructor(keyv: Keyv, ttlSeconds: number, clock: Clock) {
    this.#keyv = keyv;
    this.#ttlMs = ttlSeconds * 1000;
    this.#clock = clock;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  /** The entry key; throws when the store cannot be read (the caller then serves the request uncached). */
  async key(parts: { operation: string; companyId: string; variables: unknown; scopes: Iterable<string>; types: string[] }): Promise<string> {
    await this.#settleInvalidations();
    const versionKeys = parts.types.map((type) => `version:${parts.companyId}:${type}`);
    const versions = versionKeys.length ? await this.#keyv.getMany<string>(versionKeys) : [];
    const material = canonicalJson([
      parts.operation,
      parts.companyId,
      parts.variables ?? {},
      [...parts.scopes].sort(),
      parts.types.map((type, i) => `${type}=${versions[i] ?? '0'}`),
    ]);
    return `result:${parts.companyId}:${createHash('sha256').update(material).digest('base64url')}`;
  }

  async get(key: string): Promise<CachedResult | undefined> {
    const entry = await this.#keyv.get<CachedResult>(key);
    if (!entry || this.#clock.now().getTime() - entry.storedAt >= this.#ttlMs) return undefined;
    return entry;
  }

  async set(key: string, data: unknown): Promise<void> {
    await this.#keyv.set(key, { data, storedAt: this.#clock.now().getTime() } satisfies CachedResult, this.#ttlMs);
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
    await this.#keyv.setMany(keys.map((key) => ({ key, value: token, ttl: lifetime })));
    for (const key of keys) this.#owed.delete(key);
  }
}
