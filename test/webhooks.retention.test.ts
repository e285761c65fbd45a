/**
 * Webhook history after WEBHOOK_RETENTION_DAYS: settled events go with their jobs and delivery attempts,
 * older attempts of events that stay go too; recent, pending and not yet fanned-out events stay. Deleted
 * in slices of pages, however many there are.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { createCompany } from '../src/domain/companies.ts';
import { pruneWebhookHistory } from '../src/db/webhook-retention.ts';
import { testOrm } from './support/db.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const CUTOFF = daysAgo(30);

let orm: MikroORM;
let pool: Pool;
let close: () => Promise<void>;
let companyId: string;

interface EventFixture {
  id: string;
  ageDays: number;
  dispatched?: boolean;
  /** The state of its one job, if it has one. */
  job?: 'pending' | 'delivered' | 'failed';
  /** Ages in days of its delivery attempts. */
  attempts?: number[];
  payloadBytes?: number;
}

async function addEvent(event: EventFixture): Promise<void> {
  const created = daysAgo(event.ageDays);
  await pool.query(
    `insert into webhook_event (id, company_id, kind, payload, is_test, created_at, dispatched_at) values ($1, $2, 'pass.purchased', $3, false, $4, $5)`,
    [event.id, companyId, JSON.stringify({ padding: 'x'.repeat(event.payloadBytes ?? 10) }), created, event.dispatched === false ? null : created],
  );
  if (event.dispatched === false) {
    // Fan-out now happens in the inserting statement; an event not fanned out is one the polling worker left.
    await pool.query('delete from webhook_job where event_id = $1', [event.id]);
    await pool.query('update webhook_event set dispatched_at = null where id = $1', [event.id]);
  }
  if (event.job) {
    await pool.query(
      `insert into webhook_job (company_id, event_id, endpoint_id, state, attempts, retries_left, next_attempt_at) values ($1, $2, 'whk_retention', $3, 1, 0, $4)`,
      [companyId, event.id, event.job, created],
    );
  }
  for (const [index, age] of (event.attempts ?? []).entries()) {
    await pool.query(
      `insert into webhook_delivery (company_id, event_id, endpoint_id, attempt, status_code, error, duration_ms, at) values ($1, $2, 'whk_retention', $3, 200, null, 5, $4)`,
      [companyId, event.id, index + 1, daysAgo(age)],
    );
  }
}

const remaining = async () => ({
  events: (await pool.query<{ id: string }>(`select id from webhook_event where id like 'whe_t_%' order by id`)).rows.map((row) => row.id),
  jobs: (await pool.query<{ event_id: string }>(`select event_id from webhook_job where event_id like 'whe_t_%' order by event_id`)).rows.map((row) => row.event_id),
  attempts: (await pool.query<{ event_id: string; age: number }>(
    `select event_id, round(extract(epoch from ($1::timestamptz - at)) / 86400)::int as age from webhook_delivery where event_id like 'whe_t_%' order by event_id, at`,
    [NOW],
  )).rows.map((row) => `${row.event_id}@${row.age}d`),
});

beforeAll(async () => {
  ({ orm, close } = await testOrm());
  pool = await orm.em.getConnection().getNativeClient();
  ({ id: companyId } = await createCompany(orm, { name: 'Retention Studio', timezone: 'Europe/London', currency: 'GBP' }));
  await pool.query(
    `insert into webhook_endpoint (id, company_id, url, events, sealed_secret, enabled, created_at) values ('whk_retention', $1, 'https://hooks.example.com/r', '{pass.purchased}', 'sealed', true, now())`,
    [companyId],
  );
});
afterAll(async () => {
  await close();
});

describe('pruning webhook history older than the retention', () => {
  it('deletes settled old events with their jobs and attempts, and old attempts of events that stay; keeps the rest', async () => {
    const fixtures: EventFixture[] = [
      { id: 'whe_t_old_delivered', ageDays: 40, job: 'delivered', attempts: [40] },
      { id: 'whe_t_old_failed', ageDays: 45, job: 'failed', attempts: [45, 45, 44, 44] },
      { id: 'whe_t_old_no_endpoint', ageDays: 60 },
      { id: 'whe_t_old_pending', ageDays: 40, job: 'pending', attempts: [40, 1] },
      { id: 'whe_t_old_not_fanned_out', ageDays: 40, dispatched: false },
      { id: 'whe_t_recent_delivered', ageDays: 5, job: 'delivered', attempts: [5] },
      { id: 'whe_t_just_inside', ageDays: 29, job: 'failed', attempts: [29] },
    ];
    for (const fixture of fixtures) await addEvent(fixture);

    expect(await pruneWebhookHistory(pool, CUTOFF)).toEqual({ events: 3, attempts: 1 });
    expect(await remaining()).toEqual({
      events: ['whe_t_just_inside', 'whe_t_old_not_fanned_out', 'whe_t_old_pending', 'whe_t_recent_delivered'],
      jobs: ['whe_t_just_inside', 'whe_t_old_pending', 'whe_t_recent_delivered'],
      attempts: ['whe_t_just_inside@29d', 'whe_t_old_pending@1d', 'whe_t_recent_delivered@5d'],
    });
  });

  it('goes through every slice of a table spread over many pages', async () => {
    for (let i = 0; i < 200; i++) await addEvent({ id: `whe_t_bulk_${String(i).padStart(3, '0')}`, ageDays: 50, job: 'delivered', attempts: [50], payloadBytes: 1_500 });
    const { rows } = await pool.query<{ pages: number }>(`select (pg_relation_size('webhook_event') / current_setting('block_size')::int)::int as pages`);
    expect(rows[0]!.pages).toBeGreaterThan(20);

    expect(await pruneWebhookHistory(pool, CUTOFF, 1)).toEqual({ events: 200, attempts: 0 });
    expect((await remaining()).events.filter((id) => id.startsWith('whe_t_bulk_'))).toEqual([]);
  });
});
