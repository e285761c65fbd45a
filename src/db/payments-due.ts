/**
 * What customers owe (GraphQL `Customer.amountOwed`, `Customer.chargesDue`): card payments of appointments not
 * cancelled and subscription charges, each PENDING or FAILED. Statements of the loaders (src/db/loaders.ts),
 * `$1` the company and `$2` the customers' ids.
 */

/** Per customer and currency, in minor units. */
export const AMOUNT_OWED = `
  select owed.customer_id as "customerId", owed.currency, sum(owed.amount)::int as "base100Amount"
  from (
    select a.customer_id, a.currency::text as currency, a.base100_price_paid as amount
      from appointment a
     where a.company_id = $1 and a.customer_id = any($2::text[])
       and a.payment_method = 'CARD' and a.status <> 'CANCELLED' and a.payment_status <> 'PAID'
    union all
    select md.customer_id, ch.currency::text, ch.base100_amount
      from subscription_charge ch join mandate md on md.id = ch.mandate_id
     where ch.company_id = $1 and md.company_id = $1 and md.customer_id = any($2::text[]) and ch.status <> 'PAID'
  ) owed
  group by owed.customer_id, owed.currency
  order by owed.currency`;

/** The charges waiting for payment, earliest period first; `columns` the charge's select list over `ch`. */
export const chargesDue = (columns: string): string => `
  select ${columns}, md.customer_id as "customerId"
    from subscription_charge ch join mandate md on md.id = ch.mandate_id
   where ch.company_id = $1 and md.company_id = $1 and md.customer_id = any($2::text[]) and ch.status <> 'PAID'
   order by ch.period_start, ch.id`;
