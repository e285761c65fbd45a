/**
 * The mandate table as the renewal list: each mandate is a job that falls due on the first date, in its
 * company's timezone, on which one of its steps is (src/domain/renewals.ts): its renewal date, its end date,
 * or, while ACTIVE, the day a FAILED charge runs out of grace. The list below is read without locks by every
 * instance; each mandate is then taken in a transaction of its own with `FOR UPDATE SKIP LOCKED`, so two
 * instances never work on one mandate at once, and one that comes second finds nothing left to do.
 *
 * This reads the ORM's pool directly (not through the ORM): a renewal round's statements are no request's work.
 */
import type { Pool } from 'pg';
import { sql, statement } from './query.ts';
import { queryOn } from './reads.ts';

export interface DueMandate {
  id: string;
  companyId: string;
}

/** Up to `limit` mandates with a step due at `now`, the longest overdue first. */
export async function dueMandates(pool: Pool, now: Date, limit: number): Promise<DueMandate[]> {
  return (await queryOn(pool, DUE, { now, limit })).rows;
}

const DUE = statement('dueMandates.due', (p: { now: Date; limit: number }) =>
  sql<DueMandate>`select m.id, m.company_id as "companyId"
       from mandate m
       join company c on c.id = m.company_id
       cross join lateral (select (${p.now}::timestamptz at time zone c.timezone)::date as today) local
      where m.state <> 'CANCELLED'
        and (m.renewal_date <= local.today
          or m.cancel_at <= local.today
          or (m.state = 'ACTIVE' and exists (
                select 1 from subscription_charge ch
                 where ch.mandate_id = m.id and ch.status = 'FAILED' and ch.period_start + m.grace <= local.today)))
      order by m.renewal_date, m.id
      limit ${p.limit}`,
);
