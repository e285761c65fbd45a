/**
 * Audit entries are written off the request path: queued, then inserted in batches every half second
 * (or sooner when many wait), and flushed on shutdown so no entry is lost on SIGTERM. Entries older
 * than 90 days are purged at start and daily after, so instances that restart more often than daily
 * still purge.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { recordAudit, type AuditRecord } from '../domain/audit-log.ts';
import type { Clock } from '../domain/clock.ts';

export const AUDIT_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

export class AuditWriter {
  readonly #orm: MikroORM;
  readonly #logger: Logger;
  readonly #clock: Clock;
  #queue: AuditRecord[] = [];
  #flushing: Promise<void> = Promise.resolve();
  #purging: Promise<unknown> = Promise.resolve();
  readonly #timer: NodeJS.Timeout;
  readonly #purgeTimers: NodeJS.Timeout[];

  constructor(orm: MikroORM, logger: Logger, clock: Clock, options = { intervalMs: 500, batchSize: 500 }) {
    this.#orm = orm;
    this.#logger = logger;
    this.#clock = clock;
    this.#timer = setInterval(() => void this.flush(), options.intervalMs).unref();
    const purge = () => {
      this.#purging = this.purge().catch((error: unknown) => this.#logger.error({ err: error }, 'audit purge failed'));
    };
    this.#purgeTimers = [setTimeout(purge, 0).unref(), setInterval(purge, DAY_MS).unref()];
    this.batchSize = options.batchSize;
  }

  readonly batchSize: number;

  record(entry: Omit<AuditRecord, 'at'> & { at?: Date }): void {
    this.#queue.push({ ...entry, at: entry.at ?? this.#clock.now() });
    if (this.#queue.length >= this.batchSize) void this.flush();
  }

  /** Writes everything queued so far; batches are written one after another, never concurrently. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      while (this.#queue.length) {
        const batch = this.#queue.splice(0, this.batchSize);
        try {
          await recordAudit(this.#orm, batch);
        } catch (error) {
          this.#logger.error({ err: error, entries: batch.length }, 'audit batch could not be written');
        }
      }
    });
    return this.#flushing;
  }

  /** Deletes entries older than the retention period; returns how many. */
  async purge(): Promise<number> {
    const cutoff = new Date(this.#clock.now().getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
    const result = await this.#orm.em.getConnection().execute<{ affectedRows: number }>('delete from audit_entry where at < ?', [cutoff], 'run');
    return result.affectedRows;
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    for (const timer of this.#purgeTimers) clearTimeout(timer);
    await Promise.all([this.flush(), this.#purging]);
  }
}
