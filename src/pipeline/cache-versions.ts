/**
 * This instance's copy of the read cache's versions (src/db/cache-versions.ts). A company's versions are
 * read on its first cached call and kept fresh by the notices PostgreSQL delivers when a write commits
 * (LISTEN, on a connection of its own). Versions only rise, so notices and reads may land in any order: each
 * keeps the higher value.
 *
 * The copy may trail a commit of another instance by the moment its notice takes to arrive. It never has to
 * be exact: a cache hit is confirmed against PostgreSQL's own versions in the statement that commits its
 * audit entry (src/pipeline/audit.ts), and a hit found behind is served as a miss. While the listening
 * connection is down the copy is dropped, and read again once it is back.
 */
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from 'pino';
import { CACHE_VERSION_CHANNEL, companyCacheVersions, type VersionNotice, type Versions } from '../db/cache-versions.ts';
import type { SqlRunner } from '../db/reads.ts';

/** Companies whose versions are kept at most; past it, the oldest is read again when next needed. */
const COMPANIES_KEPT = 10_000;
const RECONNECT = { firstMs: 100, mostMs: 2_000 };

interface Known {
  versions: Versions;
  /** While the company's versions are being read. */
  loading: Promise<Versions> | null;
}

function raise(into: Versions, from: Versions): void {
  for (const [type, version] of Object.entries(from)) if (!(into[type]! >= version)) into[type] = version;
}

export class CacheVersions {
  readonly #reads: SqlRunner;
  readonly #url: string;
  readonly #logger: Logger;
  readonly #known = new Map<string, Known>();
  #listener: pg.Client | null = null;
  #closed = false;

  constructor(reads: SqlRunner, databaseUrl: string, logger: Logger) {
    this.#reads = reads;
    this.#url = databaseUrl;
    this.#logger = logger;
  }

  /** A company's versions: at once when known here, else once read. */
  of(companyId: string): Versions | Promise<Versions> {
    const known = this.#known.get(companyId);
    if (known) return known.loading ?? known.versions;
    const entry: Known = { versions: {}, loading: null };
    entry.loading = companyCacheVersions(this.#reads, companyId).then(
      (read) => {
        raise(entry.versions, read);
        entry.loading = null;
        return entry.versions;
      },
      (error: unknown) => {
        if (this.#known.get(companyId) === entry) this.#known.delete(companyId);
        throw error;
      },
    );
    if (this.#known.size >= COMPANIES_KEPT) this.#known.delete(this.#known.keys().next().value!);
    this.#known.set(companyId, entry);
    return entry.loading;
  }

  /** Versions a commit raised (this instance's own, or another's notice). */
  apply(companyId: string, versions: Versions): void {
    const known = this.#known.get(companyId);
    if (known) raise(known.versions, versions);
  }

  /** Drops a company's versions, to be read again: a hit proved them behind. */
  forget(companyId: string): void {
    this.#known.delete(companyId);
  }

  /** Starts listening for notices; resolves once listening (or after the first failed attempt, retrying meanwhile). */
  async listen(): Promise<void> {
    await this.#connect().catch(() => this.#reconnect());
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel !== CACHE_VERSION_CHANNEL || !message.payload) return;
      try {
        const notice = JSON.parse(message.payload) as VersionNotice;
        this.apply(notice.c, notice.v);
      } catch (error) {
        this.#logger.warn({ err: error }, 'unreadable cache version notice');
      }
    });
    client.on('error', () => {});
    client.on('end', () => {
      if (this.#listener !== client) return;
      this.#listener = null;
      // Notices sent while no connection listened are lost: what was known may be behind.
      this.#known.clear();
      if (!this.#closed) void this.#reconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${CACHE_VERSION_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.#known.clear();
    this.#listener = client;
  }

  async #reconnect(): Promise<void> {
    for (let wait = RECONNECT.firstMs; !this.#closed; wait = Math.min(wait * 2, RECONNECT.mostMs)) {
      await delay(wait);
      if (this.#closed) return;
      try {
        await this.#connect();
        return;
      } catch (error) {
        this.#logger.debug({ err: error }, 'cache version listener: reconnecting');
      }
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const listener = this.#listener;
    this.#listener = null;
    await listener?.end().catch(() => {});
  }
}
