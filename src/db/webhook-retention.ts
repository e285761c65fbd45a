/**
 * Webhook history does not grow for ever: events older than WEBHOOK_RETENTION_DAYS whose jobs have all
 * settled (delivered or failed; none pending, none still to fan out) go with their jobs and delivery
 * attempts, and so do delivery attempts older than that of events that stay. It runs off the request
 * path, as the job queue's task `webhook:retention` (src/webhooks/worker.ts) when an instance starts and
 * daily after, and deletes in slices of the tables' pages (`ctid`
 * ranges), so that no statement scans or locks a whole table. The catch-up list of each company that lost
 * events drops its cached pages (src/db/webhook-events.ts).
 */
import type { Pool } from 'pg';
import { raiseCacheVersions } from './cache-versions.ts';
import { sql, statement, type Statement } from './query.ts';
import { queryOn } from './reads.ts';
import { CATCH_UP_TYPES } from './webhook-events.ts';

/** About 1,000 rows of these tables per statement. */
const PAGES_PER_SLICE = 64;

/** A slice of a table's pages, `[from, to)` as `(page,0)` tuple ids, and the instant rows older than which go. */
interface Slice {
  from: string;
  to: string;
  before: Date;
}

const OLD_EVENTS = statement('webhookRetention.oldEvents', (p: Slice) => sql<Record<string, unknown>>`
  with old as (
    select e.id from webhook_event e
     where e.ctid >= ${p.from}::tid and e.ctid < ${p.to}::tid and e.created_at < ${p.before} and e.dispatched_at is not null
       and not exists (select 1 from webhook_job j where j.event_id = e.id and j.state = 'pending')
     for update skip locked
  ), attempts as (
    delete from webhook_delivery where event_id in (select id from old)
  ), jobs as (
    delete from webhook_job where event_id in (select id from old)
  )
  delete from webhook_event where id in (select id from old) returning company_id`);

const OLD_ATTEMPTS = statement('webhookRetention.oldAttempts', (p: Slice) =>
  sql<Record<string, unknown>>`delete from webhook_delivery where ctid >= ${p.from}::tid and ctid < ${p.to}::tid and at < ${p.before}`,
);

const PAGES = statement('webhookRetention.pages', (p: { table: string }) =>
  sql<{ pages: number }>`select (pg_relation_size(${p.table}::regclass) / current_setting('block_size')::int)::int as pages`,
);

/** Runs `deletion` over every slice of `table`'s pages; returns how many rows it deleted, and what it returned of them. */
async function bySlices(
  pool: Pool, table: string, deletion: Statement<Slice, Record<string, unknown>>, before: Date, pagesPerSlice: number,
): Promise<{ count: number; rows: Record<string, unknown>[] }> {
  const { rows } = await queryOn(pool, PAGES, { table });
  const deleted = { count: 0, rows: [] as Record<string, unknown>[] };
  for (let page = 0; page < rows[0]!.pages; page += pagesPerSlice) {
    const result = await queryOn(pool, deletion, { from: `(${page},0)`, to: `(${page + pagesPerSlice},0)`, before });
    deleted.count += result.rowCount ?? 0;
    deleted.rows.push(...result.rows);
  }
  return deleted;
}

/** Deletes the webhook history older than `before`; returns how many events and attempts went. */
export async function pruneWebhookHistory(pool: Pool, before: Date, pagesPerSlice = PAGES_PER_SLICE): Promise<{ events: number; attempts: number }> {
  const events = await bySlices(pool, 'webhook_event', OLD_EVENTS, before, pagesPerSlice);
  const attempts = await bySlices(pool, 'webhook_delivery', OLD_ATTEMPTS, before, pagesPerSlice);
  const runner = { rows: async <T>(sql: string, params: readonly unknown[]) => (await pool.query(sql, params as unknown[])).rows as T[] };
  for (const companyId of new Set(events.rows.map((row) => row.company_id as string))) await raiseCacheVersions(runner, companyId, CATCH_UP_TYPES);
  return { events: events.count, attempts: attempts.count };
}
