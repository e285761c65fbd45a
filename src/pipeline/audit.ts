/**
 * The audit log's writer (document 1: every call is logged). A response leaves only once its entry is
 * committed: entries of concurrent requests are grouped into one INSERT (group commit) as soon as the
 * previous group has committed, so a burst costs one round trip per group, not per call. A write whose
 * work runs in a request transaction (idempotent v1 POSTs) commits its entry with the work instead.
 *
 * Groups are committed with `synchronous_commit` off unless AUDIT_SYNCHRONOUS_COMMIT is on: a committed entry
 * survives the service's own crash at once, and a database crash once PostgreSQL's WAL writer has flushed it
 * (within 3 x wal_writer_delay, 600 ms by default). Entries older than 90 days are purged at start and daily.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Logger } from 'pino';
import { TransactionRunner, type SqlRunner } from '../db/reads.ts';
import type { AuditRecord } from '../domain/audit-log.ts';
import { auditMetrics, type AuditMetrics } from '../metrics.ts';
import type { Clock } from '../domain/clock.ts';

export const AUDIT_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;
const MAX_GROUP = 1000;

/** A group of entries travels as one JSON parameter: one native stringify, no per-value encoding. */
const INSERT = `insert into audit_entry (company_id, client, surface, method, path, resource_type, operation, action, status, missing_scope, at, user_id, user_email, request_id)
  select "companyId", client, surface, method, path, "resourceType", operation, action, status, "missingScope", at, "userId", "userEmail", "requestId"
  from json_to_recordset($1::json) as entry("companyId" text, client text, surface text, method text, path text, "resourceType" text, operation text,
    action text, status smallint, "missingScope" text, at timestamptz, "userId" text, "userEmail" text, "requestId" text)`;

const parametersOf = (entries: readonly AuditRecord[]) => [JSON.stringify(entries)];

/** A request transaction always exists where `recordIn` is called; reads outside one are a mistake. */
const UNUSED: SqlRunner = {
  rows: () => Promise.reject(new Error('recordIn needs an entity manager in a transaction')),
};

interface Waiting {
  entry: AuditRecord;
  /** performance.now() when recorded. */
  since: number;
  resolve(): void;
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
  record(entry: AuditRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ entry, since: performance.now(), resolve, reject });
      // Entries that arrive in this tick, or while a group is being written, join the next group.
      this.#writing ??= new Promise<void>((done) => setImmediate(() => void this.#writeGroups().finally(done)));
    });
  }

  /** Writes the entry in a request's own transaction, committed with the request's work. */
  async recordIn(em: EntityManager, entry: AuditRecord): Promise<void> {
    await new TransactionRunner(em, UNUSED).rows(INSERT, parametersOf([entry]));
  }

  async #writeGroups(): Promise<void> {
    while (this.#queue.length) {
      const group = this.#queue.splice(0, MAX_GROUP);
      try {
        await this.#insert(group.map((w) => w.entry));
        const committed = performance.now();
        this.#metrics.groupSize.observe(group.length);
        for (const waiting of group) {
          this.#metrics.wait.observe((committed - waiting.since) / 1000);
          waiting.resolve();
        }
      } catch (error) {
        this.#logger.error({ err: error, entries: group.length }, 'audit entries could not be written');
        for (const waiting of group) waiting.reject(error);
      }
    }
    this.#writing = null;
  }

  async #insert(entries: readonly AuditRecord[]): Promise<void> {
    await this.#pool.query({ name: 'audit_insert', text: INSERT, values: parametersOf(entries) });
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
