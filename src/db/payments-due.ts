/**
 * What customers owe (GraphQL `Customer.amountOwed`): card payments of appointments not cancelled and
 * subscription charges, each PENDING or FAILED. The statement of its loader (src/db/loaders.ts), over the
 * company and the customers' ids (`parentIds`): per customer and currency, the sum and the records it is owed on.
 */
import { sql, statement } from './query.ts';
import type { AmountOwedRow } from './rows.ts';

export const AMOUNT_OWED = statement('paymentsDue.amountOwed', (p: { companyId: string; parentIds: readonly string[] }) => sql<AmountOwedRow>`
  select owed.customer_id as "customerId", owed.currency, sum(owed.amount)::int as "base100Amount",
         coalesce(array_agg(owed.id order by owed.due, owed.id) filter (where owed.kind = 'appointment'), '{}') as "appointmentIds",
         coalesce(array_agg(owed.id order by owed.due, owed.id) filter (where owed.kind = 'charge'), '{}') as "chargeIds"
  from (
    select 'appointment' as kind, a.id, a.starts_at::date as due, a.customer_id, a.currency::text as currency, a.base100_price_paid as amount
      from appointment a
     where a.company_id = ${p.companyId} and a.customer_id = any(${p.parentIds}::text[])
       and a.payment_method = 'CARD' and a.status <> 'CANCELLED' and a.payment_status <> 'PAID'
    union all
    select 'charge', ch.id, ch.period_start, md.customer_id, ch.currency::text, ch.base100_amount
      from subscription_charge ch join mandate md on md.id = ch.mandate_id
     where ch.company_id = ${p.companyId} and md.company_id = ${p.companyId} and md.customer_id = any(${p.parentIds}::text[]) and ch.status <> 'PAID'
  ) owed
  group by owed.customer_id, owed.currency
  order by owed.currency`);
