/**
 * What customers owe (GraphQL `Customer.amountOwed`): card payments of appointments not cancelled and
 * subscription charges, each PENDING or FAILED. The statement of its loader (src/db/loaders.ts), `$1` the
 * company and `$2` the customers' ids: per customer and currency, the sum and the records it is owed on.
 */
export const AMOUNT_OWED = `
  select owed.customer_id as "customerId", owed.currency, sum(owed.amount)::int as "base100Amount",
         coalesce(array_agg(owed.id order by owed.due, owed.id) filter (where owed.kind = 'appointment'), '{}') as "appointmentIds",
         coalesce(array_agg(owed.id order by owed.due, owed.id) filter (where owed.kind = 'charge'), '{}') as "chargeIds"
  from (
    select 'appointment' as kind, a.id, a.starts_at::date as due, a.customer_id, a.currency::text as currency, a.base100_price_paid as amount
      from appointment a
     where a.company_id = $1 and a.customer_id = any($2::text[])
       and a.payment_method = 'CARD' and a.status <> 'CANCELLED' and a.payment_status <> 'PAID'
    union all
    select 'charge', ch.id, ch.period_start, md.customer_id, ch.currency::text, ch.base100_amount
      from subscription_charge ch join mandate md on md.id = ch.mandate_id
     where ch.company_id = $1 and md.company_id = $1 and md.customer_id = any($2::text[]) and ch.status <> 'PAID'
  ) owed
  group by owed.customer_id, owed.currency
  order by owed.currency`;
