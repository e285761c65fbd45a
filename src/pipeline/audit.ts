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
import type { AuditRecord } from '../domain/audit-log.ts';
import { auditMetrics, type AuditMetrics } from '../metrics.ts';
import type { Clock } from '../domain/clock.ts';

export const AUDIT_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;
const MAX_GROUP = 1000;

const COLUMNS = 'company_id, client, surface, method, path, resource_type, operation, action, status, missing_scope, at, user_id, user_email, request_id';
const FIELDS = '"companyId", client, surface, method, path, "resourceType", operation, action, status, "missingScope", to_timestamp(at / 1000), "userId", "userEmail", "requestId"';
const RECORD = `"companyId" text, client text, surface text, method text, path text, "resourceType" text, operation text,
    action text, status smallint, "missingScope" text, at float8, "userId" text, "userEmail" text, "requestId" text`;

/**
 * A group of entries travels as one JSON parameter: one native stringify, no per-value encoding. Each entry
 * is one object of one shape, its time in epoch milliseconds: a Date takes JSON.stringify off its fast path
 * (its toJSON is called), which made an entry three times as slow to write.
 */
const INSERT = `insert into audit_entry (${COLUMNS}) select ${FIELDS} from json_to_recordset($1::json) as entry(${RECORD})`;

/**
 * A group with cache hits: each distinct set of versions the group's hits were keyed by (`$2`: usually one,
 * as a burst of hits reads one company's few types) is checked once against PostgreSQL's; a hit's entry
 * (`k`, the set it was keyed by) is written only if none of that set has been raised since. The stale sets
 * are returned.
 */
const INSERT_CHECKED = `with stale as (
    select c.k from json_to_recordset($2::json) as c(k int, "companyId" text, versions json)
    where exists (
      select 1 from json_each_text(c.versions) v
      join cache_version cv on cv.company_id = c."companyId" and cv.type = v.key and cv.version > v.value::bigint)
  ), written as (
    insert into audit_entry (${COLUMNS}) select ${FIELDS} from json_to_recordset($1::json) as entry(k int, ${RECORD})
    where k is null or k not in (select k from stale)
  )
  select k from stale`;

/** An entry as its JSON row; a hit's with the set of versions it was keyed by. */
const rowOf = (entry: AuditRecord, k: number | null = null) => ({
  k,
  companyId: entry.companyId,
  client: entry.client,
  surface: entry.surface,
  method: entry.method,
  path: entry.path,
  resourceType: entry.resourceType,
  operation: entry.operation ?? null,
  action: entry.action,
  status: entry.status,
  missingScope: entry.missingScope ?? null,
  at: entry.at.getTime(),
  userId: entry.userId ?? null,
  userEmail: entry.userEmail ?? null,
  requestId: entry.requestId ?? null,
});

const parametersOf = (entries: readonly AuditRecord[]) => [JSON.stringify(entries.map((entry) => rowOf(entry)))];

interface Waiting {
  entry: AuditRecord;
  /** A cache hit's versions, to be confirmed. */
  versions?: Versions;
  /** performance.now() when recorded. */
  since: number;
  /** True: committed; false: a hit found stale, not written. */
  resolve(written: boolean): void;
  reject(error: unknown): void;
}

export class AuditWriter {
  readonly #orm: MikroORM;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #metrics: AuditMetrics;
  /** One connection of its own: groups are written one after another, never waiting for the pool. */
  readonly #pool: pg.Pool;
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
    await runner.rows(INSERT, parametersOf([entry]));
  }

  async #writeGroups(): Promise<void> {
    while (this.#queue.length) {
      const group = this.#queue.splice(0, MAX_GROUP);
      try {
        const stale = await this.#insert(group);
        const committed = performance.now();
        this.#metrics.groupSize.observe(group.length);
        group.forEach((waiting, n) => {
          this.#metrics.wait.observe((committed - waiting.since) / 1000);
          waiting.resolve(!stale.has(n));
        });
      } catch (error) {
        this.#logger.error({ err: error, entries: group.length }, 'audit entries could not be written');
        for (const waiting of group) waiting.reject(error);
      }
    }
    this.#writing = null;
  }

  /** Writes a group; the positions of hits found stale. */
  async #insert(group: readonly Waiting[]): Promise<Set<number>> {
    if (!group.some((waiting) => waiting.versions)) {
      await this.#pool.query({ name: 'audit_insert', text: INSERT, values: parametersOf(group.map((w) => w.entry)) });
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
    const rows = JSON.stringify(group.map((waiting, n) => rowOf(waiting.entry, keyedBy[n])));
    const { rows: stale } = await this.#pool.query<{ k: number }>({ name: 'audit_insert_checked', text: INSERT_CHECKED, values: [rows, JSON.stringify([...sets.values()])] });
    const staleSets = new Set(stale.map((row) => row.k));
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
    const result = await this.#orm.em.getConnection().execute<{ affectedRows: number }>('delete from audit_entry where at < ?', [cutoff], 'run');
    return result.affectedRows;
  }

  async close(): Promise<void> {
    this.#closing = true;
    for (const timer of this.#purgeTimers) clearTimeout(timer);
    await Promise.all([this.flush(), this.#purging]);
    await this.#pool.end();
  }
}
