/**
 * The figures of a report (docs/reports.md), counted in one statement over the records the graph lists: each
 * record is placed in a period by one instant (a booking by its event date's start, a purchase by when it was
 * bought, a payment by when it was marked), truncated in the company's timezone.
 */
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

/**
 * `$2`, `$3`: the range as instants [from, until); `$4` the company's timezone; `$5` the unit of
 * `date_trunc`. Every figure's records are limited by the same instant that places them in a period.
 */
const FIGURES = `
  with counted (happened_at, figure, currency, amount) as (
    select t.purchased_at, 'revenue', b.currency::text, b.base100_net_price
      from booking b join event_transaction t on t.id = b.transaction_id
     where b.company_id = $1 and t.company_id = $1 and b.payment_method = 'CARD' and not b.is_refunded
       and t.purchased_at >= $2::timestamptz and t.purchased_at < $3::timestamptz
    union all
    select pp.created_at, 'revenue', pp.currency::text, pp.base100_net_price
      from pass_purchase pp
     where pp.company_id = $1 and not pp.is_refunded and pp.created_at >= $2::timestamptz and pp.created_at < $3::timestamptz
    union all
    select v.created_at, 'revenue', v.currency::text, v.base100_price
      from video_purchase v
     where v.company_id = $1 and v.payment_method = 'CARD' and not v.is_refunded
       and v.created_at >= $2::timestamptz and v.created_at < $3::timestamptz
    union all
    select coalesce(a.settled_at, a.starts_at), 'revenue', a.currency::text, a.base100_price_paid
      from appointment a
     where a.company_id = $1 and a.payment_method = 'CARD' and a.payment_status = 'PAID'
       and coalesce(a.settled_at, a.starts_at) >= $2::timestamptz and coalesce(a.settled_at, a.starts_at) < $3::timestamptz
    union all
    select ch.settled_at, 'revenue', ch.currency::text, ch.base100_amount
      from subscription_charge ch
     where ch.company_id = $1 and ch.status = 'PAID' and ch.settled_at >= $2::timestamptz and ch.settled_at < $3::timestamptz
    union all
    select d.starts_at, f.figure, '', 1
      from booking b join event_date d on d.id = b.event_date_id
      cross join lateral (values ('eventBookings'), (case b.attended when true then 'attended' when false then 'noShows' end)) f (figure)
     where b.company_id = $1 and d.company_id = $1 and not b.is_cancelled and f.figure is not null
       and d.starts_at >= $2::timestamptz and d.starts_at < $3::timestamptz
    union all
    select d.starts_at, f.figure, '', f.amount
      from event_date d
      cross join lateral (values ('spacesBooked', d.spaces_booked), ('spacesOffered', d.capacity)) f (figure, amount)
     where d.company_id = $1 and d.cancelled_at is null and d.starts_at >= $2::timestamptz and d.starts_at < $3::timestamptz
    union all
    select a.starts_at, f.figure, '', 1
      from appointment a
      cross join lateral (values ('appointments'), (case a.status when 'COMPLETED' then 'appointmentsCompleted' when 'NO_SHOW' then 'appointmentsNoShow' end)) f (figure)
     where a.company_id = $1 and a.status <> 'CANCELLED' and f.figure is not null
       and a.starts_at >= $2::timestamptz and a.starts_at < $3::timestamptz
    union all
    select c.created_at, 'newCustomers', '', 1
      from customer c
     where c.company_id = $1 and c.deleted_at is null and c.created_at >= $2::timestamptz and c.created_at < $3::timestamptz
  )
  select to_char(date_trunc($5::text, happened_at at time zone $4::text), 'YYYY-MM-DD') as period, figure, currency, sum(amount)::int as amount
    from counted
   group by 1, 2, 3`;

export function reportFigures(reads: CompanyReads, range: { from: Date; until: Date; timezone: string; unit: ReportUnit }): Promise<FigureRow[]> {
  return reads.rows<FigureRow>(FIGURES, [range.from.toISOString(), range.until.toISOString(), range.timezone, range.unit]);
}
