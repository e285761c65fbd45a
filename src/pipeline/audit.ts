/**
 * Step 8, audit (document 1: every call is logged). A response leaves only once its entry is committed:
 * entries of concurrent calls are grouped into one INSERT (group commit) as soon as the previous group has
 * committed, so a burst costs one round trip per group, not per call. A write commits its entry in its own
 * transaction instead (src/pipeline/commit.ts).
 *
 * A cache hit's entry carries the versions its answer was keyed by, and the same statement that inserts it
 * checks them against PostgreSQL's (src/db/cache-versions.ts): when a write has raised one since, the entry
 * is not written and the hit is reported stale, so the pipeline serves the call as a miss. That is what
 * keeps an instance whose copy of the versions trails a commit from answering with what the commit replaced.
 *
 * Groups are committed with `synchronous_commit` off unless AUDIT_SYNCHRONOUS_COMMIT is on: a committed entry
 * survives the service's own crash at once, and a database crash once PostgreSQL's WAL writer has flushed it
 * (within 3 x wal_writer_delay, 600 ms by default). Entries older than 90 days are purged at start and daily.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Versions } from '../db/cache-versions.ts';
import type { SqlRunner } from '../db/reads.ts';
import { auditRow, insertAuditEntries, insertAuditGroup, insertAuditGroupChecked, purgeAuditEntries, type AuditRecord } from '../db/audit-entries.ts';
import { OwnPoolRunner, PoolRunner } from '../db/reads.ts';
import { auditMetrics, type AuditMetrics } from '../metrics.ts';
import type { Clock } from '../domain/clock.ts';

export const AUDIT_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;
const MAX_GROUP = 1000;

interface Waiting {
  entry: AuditRecord;
  /** A cache hit's versions, to be confirmed. */
  versions?: Versions;
  /** performance.now() when recorded. */
  since: number;
  /** True: committed; false: a hit found stale, not written. */
  resolve(written: boolean): void;
  reject(error: unknown): void;
  /** Written in a group of its own: its group was refused, and only the entry the database refuses may fail. */
  alone?: boolean;
}

/** A statement refused for one of its values (SQLSTATE classes 22, data exception, and 23, integrity), not for the database being away. */
const refusedValue = (error: unknown) => /^2[23]/.test((error as { code?: string } | null)?.code ?? '');

export class AuditWriter {
  readonly #orm: MikroORM;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #metrics: AuditMetrics;
  /** One connection of its own: groups are written one after another, never waiting for the pool. */
  readonly #pool: pg.Pool;
  readonly #connection: OwnPoolRunner;
  #queue: Waiting[] = [];
  #writing: Promise<void> | null = null;
  #purging: Promise<unknown> = Promise.resolve();
  #closing = false;
  readonly #purgeTimers: NodeJS.Timeout[];

  constructor(orm: MikroORM, logger: Logger, clock: Clock, options: { synchronousCommit?: boolean } = {}) {
    this.#orm = orm;
    this.#logger = logger;
    this.#clock = clock;
    this.#metrics = auditMetrics(orm);
    this.#pool = new pg.Pool({
      connectionString: orm.config.get('clientUrl'),
      max: 1,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
      ...(!options.synchronousCommit && { options: '-c synchronous_commit=off' }),
    });
    this.#connection = new OwnPoolRunner(this.#pool);
    // An idle connection the server closes while this writer stops is the stop itself, not news.
    this.#pool.on('error', (error) => {
      if (!this.#closing) this.#logger.warn({ err: error }, 'audit connection lost');
    });
    const purge = () => {
      this.#purging = this.purge().catch((error: unknown) => this.#logger.error({ err: error }, 'audit purge failed'));
    };
    this.#purgeTimers = [setTimeout(purge, 0).unref(), setInterval(purge, DAY_MS).unref()];
  }

  /** The entry with its time. */
  entry(entry: Omit<AuditRecord, 'at'>): AuditRecord {
    return { ...entry, at: this.#clock.now() };
  }

  /** Resolves once the entry is committed; rejects when it could not be. */
  async record(entry: AuditRecord): Promise<void> {
    await this.#enqueue(entry);
  }

  /**
   * A cache hit's entry: resolves true once committed, or false, writing nothing, when a version the hit was
   * keyed by has been raised since (its answer may be what a committed write replaced).
   */
  recordHit(entry: AuditRecord, versions: Versions): Promise<boolean> {
    return this.#enqueue(entry, versions);
  }

  #enqueue(entry: AuditRecord, versions?: Versions): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ entry, versions, since: performance.now(), resolve, reject });
      // Entries that arrive in this tick, or while a group is being written, join the next group.
      this.#writing ??= new Promise<void>((done) => setImmediate(() => void this.#writeGroups().finally(done)));
    });
  }

  /** Writes the entry in a write's own transaction, committed with its work. */
  async recordIn(runner: SqlRunner, entry: AuditRecord): Promise<void> {
    await insertAuditEntries(runner, [entry]);
  }

  async #writeGroups(): Promise<void> {
    while (this.#queue.length) {
      const group = this.#nextGroup();
      try {
        const stale = await this.#insert(group);
        const committed = performance.now();
        this.#metrics.groupSize.observe(group.length);
        group.forEach((waiting, n) => {
          this.#metrics.wait.observe((committed - waiting.since) / 1000);
          waiting.resolve(!stale.has(n));
        });
      } catch (error) {
        if (group.length > 1 && refusedValue(error)) {
          // One entry the database refuses fails only its own call: the group is written again one by one.
          this.#queue.unshift(...group.map((waiting) => ({ ...waiting, alone: true })));
          continue;
        }
        this.#logger.error({ err: error, entries: group.length }, 'audit entries could not be written');
        for (const waiting of group) waiting.reject(error);
      }
    }
    this.#writing = null;
  }

  /** The next group: entries to be written alone come one at a time. */
  #nextGroup(): Waiting[] {
    if (this.#queue[0]?.alone) return this.#queue.splice(0, 1);
    const end = this.#queue.findIndex((waiting) => waiting.alone);
    return this.#queue.splice(0, end < 0 ? MAX_GROUP : Math.min(end, MAX_GROUP));
  }

  /** Writes a group; the positions of hits found stale. */
  async #insert(group: readonly Waiting[]): Promise<Set<number>> {
    if (!group.some((waiting) => waiting.versions)) {
      await insertAuditGroup(this.#connection, JSON.stringify(group.map((w) => auditRow(w.entry))));
      return new Set();
    }
    const sets = new Map<string, { k: number; companyId: string | null; versions: Versions }>();
    const keyedBy = group.map(({ entry, versions }) => {
      if (!versions) return null;
      const key = `${entry.companyId} ${JSON.stringify(versions)}`;
      let set = sets.get(key);
      if (!set) sets.set(key, (set = { k: sets.size, companyId: entry.companyId, versions }));
      return set.k;
    });
    const rows = JSON.stringify(group.map((waiting, n) => auditRow(waiting.entry, keyedBy[n])));
    const staleSets = await insertAuditGroupChecked(this.#connection, rows, JSON.stringify([...sets.values()]));
    const positions = new Set<number>();
    keyedBy.forEach((k, n) => k !== null && staleSets.has(k) && positions.add(n));
    return positions;
  }

  /** Waits for every entry recorded so far to be written. */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  /** Deletes entries older than the retention period; returns how many. */
  async purge(): Promise<number> {
    const cutoff = new Date(this.#clock.now().getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
    return purgeAuditEntries(new PoolRunner(this.#orm), cutoff);
  }

  async close(): Promise<void> {
    this.#closing = true;
    for (const timer of this.#purgeTimers) clearTimeout(timer);
    await Promise.all([this.flush(), this.#purging]);
    await this.#pool.end();
  }
}
