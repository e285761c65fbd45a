/**
 * The figures of a report (docs/reports.md), counted in one statement over the records the graph lists: each
 * record is placed in a period by one instant (a booking by its event date's start, a purchase by when it was
 * bought, a payment by when it was marked), truncated in the company's timezone.
 */
import { sql, statement } from './query.ts';
import type { CompanyReads } from './reads.ts';

export type ReportUnit = 'day' | 'week' | 'month';

/** The figures a report counts; `revenue` is summed per currency, the others have none. */
export type FigureName =
  | 'revenue' | 'eventBookings' | 'attended' | 'noShows' | 'spacesBooked' | 'spacesOffered'
  | 'appointments' | 'appointmentsCompleted' | 'appointmentsNoShow' | 'newCustomers';

/** One figure of one period: `period` is the natural start of the period (a Monday, the first of a month). */
export interface FigureRow {
  period: string;
  figure: FigureName;
  currency: string;
  amount: number;
}

/** The arguments of the figures: the range as instants [from, until), the company's timezone, the unit of `date_trunc`. */
interface FigureArgs {
  companyId: string;
  from: string;
  until: string;
  timezone: string;
  unit: ReportUnit;
}

/** Every figure's records are limited by the same instant that places them in a period. */
const FIGURES = statement('reports.figures', (p: FigureArgs) => {
  const company = (alias: string) => sql`${sql.raw(alias)}.company_id = ${p.companyId}`;
  const within = (instant: string) => sql`${sql.raw(instant)} >= ${p.from}::timestamptz and ${sql.raw(instant)} < ${p.until}::timestamptz`;
  return sql<FigureRow>`
  with counted (happened_at, figure, currency, amount) as (
    select t.purchased_at, 'revenue', b.currency::text, b.base100_net_price
      from booking b join event_transaction t on t.id = b.transaction_id
     where ${company('b')} and ${company('t')} and b.payment_method = 'CARD' and not b.is_refunded
       and ${within('t.purchased_at')}
    union all
    select pp.created_at, 'revenue', pp.currency::text, pp.base100_net_price
      from pass_purchase pp
     where ${company('pp')} and not pp.is_refunded and ${within('pp.created_at')}
    union all
    select v.created_at, 'revenue', v.currency::text, v.base100_price
      from video_purchase v
     where ${company('v')} and v.payment_method = 'CARD' and not v.is_refunded
       and ${within('v.created_at')}
    union all
    select coalesce(a.settled_at, a.starts_at), 'revenue', a.currency::text, a.base100_price_paid
      from appointment a
     where ${company('a')} and a.payment_method = 'CARD' and a.payment_status = 'PAID'
       and ${within('coalesce(a.settled_at, a.starts_at)')}
    union all
    select ch.settled_at, 'revenue', ch.currency::text, ch.base100_amount
      from subscription_charge ch
     where ${company('ch')} and ch.status = 'PAID' and ${within('ch.settled_at')}
    union all
    select d.starts_at, f.figure, '', 1
      from booking b join event_date d on d.id = b.event_date_id
      cross join lateral (values ('eventBookings'), (case b.attended when true then 'attended' when false then 'noShows' end)) f (figure)
     where ${company('b')} and ${company('d')} and not b.is_cancelled and f.figure is not null
       and ${within('d.starts_at')}
    union all
    select d.starts_at, f.figure, '', f.amount
      from event_date d
      cross join lateral (values ('spacesBooked', d.spaces_booked), ('spacesOffered', d.capacity)) f (figure, amount)
     where ${company('d')} and d.cancelled_at is null and ${within('d.starts_at')}
    union all
    select a.starts_at, f.figure, '', 1
      from appointment a
      cross join lateral (values ('appointments'), (case a.status when 'COMPLETED' then 'appointmentsCompleted' when 'NO_SHOW' then 'appointmentsNoShow' end)) f (figure)
     where ${company('a')} and a.status <> 'CANCELLED' and f.figure is not null
       and ${within('a.starts_at')}
    union all
    select c.created_at, 'newCustomers', '', 1
      from customer c
     where ${company('c')} and c.deleted_at is null and ${within('c.created_at')}
  )
  select to_char(date_trunc(${p.unit}::text, happened_at at time zone ${p.timezone}::text), 'YYYY-MM-DD') as period, figure, currency, sum(amount)::int as amount
    from counted
   group by 1, 2, 3`;
});

export function reportFigures(reads: CompanyReads, range: { from: Date; until: Date; timezone: string; unit: ReportUnit }): Promise<FigureRow[]> {
  return reads.select(FIGURES, { from: range.from.toISOString(), until: range.until.toISOString(), timezone: range.timezone, unit: range.unit });
}
