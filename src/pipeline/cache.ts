/**
 * Step 4, the read cache (document 1, "Caching"): answers kept for CACHE_TTL_SECONDS, keyed by the
 * operation (a REST route, or a `/graphql` document and operation name), the company, the caller's scope
 * set, the canonical variables, and the version of every type the operation reads (src/pipeline/
 * cache-versions.ts). A write raises the versions of the types it changes in its own transaction, so every
 * entry that read them is missed from the moment the write commits, on every instance; entries are never
 * deleted, only left behind. The store is this process's memory, or Redis shared by every instance: a store
 * that is slow or away costs a miss, never a wait longer than REDIS_COMMAND_TIMEOUT_MS and never a wrong
 * answer. REST keeps the bytes it sent; `/graphql` keeps the result's data.
 */
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { EVERY_TYPE, type Versions } from '../db/cache-versions.ts';
import type { Clock } from '../domain/clock.ts';
import type { CacheVersions } from './cache-versions.ts';
import type { CacheStore } from './shared-state.ts';

export interface CachedEntry<T> {
  value: T;
  storedAt: number;
}

/** What a cached read is keyed by. */
export interface ReadKey {
  operation: string;
  companyId: string;
  scopes: ReadonlySet<string>;
  variables: unknown;
  /** The object types the operation reads. */
  types: readonly string[];
  /** The variables' keys always come in one order (a REST route's): their JSON needs no sorting. */
  ordered?: boolean;
}

/** A read's key, the versions it was made of, and the entry stored under it, if any. */
export interface Lookup<T> {
  key: string;
  companyId: string;
  /** The version of each type read, as the key holds them: what the audit step confirms for a hit. */
  versions: Versions;
  entry: CachedEntry<T> | undefined;
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
  readonly #store: CacheStore;
  readonly #versions: CacheVersions;
  readonly #ttlMs: number;
  readonly #clock: Clock;
  readonly #logger: Logger;

  constructor(store: CacheStore, versions: CacheVersions, ttlSeconds: number, clock: Clock, logger: Logger) {
    this.#store = store;
    this.#versions = versions;
    this.#ttlMs = ttlSeconds * 1000;
    this.#clock = clock;
    this.#logger = logger;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  /** The key of a read and what is stored under it: at once when everything it needs is in this process. */
  lookup<T>(read: ReadKey): Lookup<T> | Promise<Lookup<T>> {
    const known = this.#versions.of(read.companyId);
    const keyed = known instanceof Promise ? known.then((versions) => this.#keyed(read, versions)) : this.#keyed(read, known);
    return keyed instanceof Promise ? keyed.then((k) => this.#find<T>(k)) : this.#find<T>(keyed);
  }

  #keyed(read: ReadKey, all: Versions): { key: string; companyId: string; versions: Versions } {
    const every = all[EVERY_TYPE] ?? 0;
    const versions: Versions = { [EVERY_TYPE]: every };
    let text = `${every},`;
    for (const type of read.types) {
      const version = all[type] ?? 0;
      versions[type] = version;
      text += `${version},`;
    }
    const variables = read.ordered ? JSON.stringify(read.variables ?? {}) : canonicalJson(read.variables ?? {});
    const material = `${read.operation}|${scopesKey(read.scopes)}|${variables}|${text}`;
    const name = material.length > LONGEST_PLAIN_KEY ? createHash('sha256').update(material).digest('base64url') : material;
    return { key: `result:${read.companyId}:${name}`, companyId: read.companyId, versions };
  }

  #find<T>(keyed: { key: string; companyId: string; versions: Versions }): Lookup<T> | Promise<Lookup<T>> {
    const found = this.#store.get<CachedEntry<T>>(keyed.key);
    if (!(found instanceof Promise)) return { ...keyed, entry: this.#fresh(found) };
    return found.then(
      (entry) => ({ ...keyed, entry: this.#fresh(entry) }),
      (error: unknown) => {
        this.#logger.warn({ err: error }, 'cache unavailable, serving uncached');
        return { ...keyed, entry: undefined };
      },
    );
  }

  #fresh<T>(entry: CachedEntry<T> | undefined): CachedEntry<T> | undefined {
    return entry && this.#clock.now().getTime() - entry.storedAt < this.#ttlMs ? entry : undefined;
  }

  /** Keeps a read's answer under the key it was looked up with; the answer does not wait for the store. */
  store<T>(lookup: Lookup<T>, value: T): void {
    const stored = this.#store.set(lookup.key, { value, storedAt: this.#clock.now().getTime() } satisfies CachedEntry<T>, this.#ttlMs);
    if (stored instanceof Promise) stored.catch((error: unknown) => this.#logger.warn({ err: error }, 'cache unavailable: answer not kept'));
  }

  /** A hit proved this instance's versions of a company behind: they are read again. */
  behind(companyId: string): void {
    this.#versions.forget(companyId);
  }

  /** Whole seconds since an entry was stored, for the `Age` header. */
  ageSeconds(entry: CachedEntry<unknown>): number {
    return Math.max(0, Math.floor((this.#clock.now().getTime() - entry.storedAt) / 1000));
  }
}
