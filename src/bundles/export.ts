/**
 * Export of one company as an import bundle (docs/import.md), read from one consistent
 * snapshot. Every field is written out, local datetimes in the record's own time zone, so importing
 * the bundle into an empty company reproduces the data; collections and nested lists are in a fixed
 * order, so exporting the same data twice gives the same bundle.
 */
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { RECORD_KINDS, type Bundle, type RecordCounts } from './bundle.ts';
import { instantToLocal } from '../domain/time.ts';

type Row = Record<string, unknown>;
type Collection<K extends keyof Bundle> = NonNullable<Bundle[K]>;

/** An instant as ISO 8601 UTC, without milliseconds when there are none. */
const instant = (value: unknown) => (value as Date).toISOString().replace('.000Z', 'Z');
const hhmm = (time: unknown) => String(time).slice(0, 5);

const DATE_OID = 1082;
/** `date` columns as their 'YYYY-MM-DD' text; pg would make them local-midnight Dates. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    oid === DATE_OID ? (value: string) => value : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as typeof pg.types.getTypeParser,
};

function groupBy(rows: Row[], key: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const id = row[key] as string;
    let group = groups.get(id);
    if (!group) groups.set(id, (group = []));
    group.push(row);
  }
  return groups;
}

function payment(row: Row, prices: Record<string, string>) {
  if (row.payment_method === 'PASS') {
    return { method: 'PASS' as const, currency: 'CR' as const, creditsUsed: row.credits_used as number, packageId: (row.pass_purchase_id as string | null) ?? null };
  }
  const card: Record<string, unknown> = { method: 'CARD', currency: row.currency };
  for (const [field, column] of Object.entries(prices)) card[field] = row[column];
  return card as { method: 'CARD'; currency: 'GBP' | 'EUR' | 'USD' } & Record<string, number>;
}

export async function exportBundle(orm: MikroORM, companyId: string): Promise<{ bundle: Bundle; counts: Record<string, number> }> {
  const client = new pg.Client({ connectionString: orm.config.get('clientUrl'), types });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const select = async (sql: string): Promise<Row[]> => (await client.query<Row>(sql, [companyId])).rows;
    const company = (await select('select timezone from company where id = $1'))[0];
    if (!company) throw new Error(`no company ${companyId}`);
    const companyZone = company.timezone as string;

    const [
      customers, events, dates, pricingOptions, transactions, bookings, facilitators, windows, overrides, services, options,
      appointments, passes, purchases, media, videoPurchases, plans, mandates, charges, vouchers,
    ] = [
      await select('select * from customer where company_id = $1 order by id'),
      await select('select * from event where company_id = $1 order by id'),
      await select('select * from event_date where company_id = $1 order by starts_at, id'),
      await select('select * from pricing_option where company_id = $1 order by id'),
      await select('select * from event_transaction where company_id = $1 order by id'),
      await select('select * from booking where company_id = $1 order by id'),
      await select('select * from facilitator where company_id = $1 order by id'),
      await select('select facilitator_id, weekday, start_time, end_time from facilitator_window where company_id = $1 order by weekday, start_time, end_time'),
      await select('select facilitator_id, date, windows from facilitator_date_override where company_id = $1 order by date'),
      await select('select * from service where company_id = $1 order by id'),
      await select('select * from service_option where company_id = $1 order by name, id'),
      await select('select * from appointment where company_id = $1 order by id'),
      await select('select * from pass_template where company_id = $1 order by id'),
      await select('select * from pass_purchase where company_id = $1 order by id'),
      await select('select * from media where company_id = $1 order by id'),
      await select('select * from video_purchase where company_id = $1 order by id'),
      await select('select * from subscription_plan where company_id = $1 order by id'),
      await select('select * from mandate where company_id = $1 order by id'),
      await select('select * from subscription_charge where company_id = $1 order by period_start, id'),
      await select('select * from voucher where company_id = $1 order by id'),
    ];
    await client.query('commit');

    const datesOf = groupBy(dates, 'event_id');
    const pricingOf = groupBy(pricingOptions, 'event_id');
    const bookingsOf = groupBy(bookings, 'transaction_id');
    const windowsOf = groupBy(windows, 'facilitator_id');
    const overridesOf = groupBy(overrides, 'facilitator_id');
    const optionsOf = groupBy(options, 'service_id');
    const chargesOf = groupBy(charges, 'mandate_id');

    const bundle = {
      format: 1 as const,
      customers: customers.map((c) => ({
        id: c.id, firstname: c.firstname, lastname: c.lastname, email: c.email, mobile: c.mobile, archived: c.archived,
        deleted: c.deleted_at !== null, createdAt: instant(c.created_at),
      })) as Collection<'customers'>,
      events: events.map((e) => ({
        id: e.id, name: e.name, description: e.description, kind: e.kind, timezone: e.timezone,
        dates: (datesOf.get(e.id as string) ?? []).map((d) => ({
          id: d.id, datetime: instantToLocal(d.starts_at as Date, e.timezone as string), duration: d.duration, capacity: d.capacity,
        })),
        pricingOptions: (pricingOf.get(e.id as string) ?? []).map((o) => ({ id: o.id, name: o.name, base100Price: o.base100_price, credits: o.credits })),
      })) as Collection<'events'>,
      transactions: transactions.map((t) => ({
        id: t.id, customerId: t.customer_id, purchaseDate: instantToLocal(t.purchased_at as Date, companyZone),
        bookings: (bookingsOf.get(t.id as string) ?? []).map((b) => ({
          id: b.id, eventDateId: b.event_date_id, pricingOptionId: b.pricing_option_id, spaces: b.spaces, boughtForId: b.bought_for_id,
          isCancelled: b.is_cancelled, isRefunded: b.is_refunded, attended: b.attended,
          payment: payment(b, { base100GrossPrice: 'base100_gross_price', base100NetPrice: 'base100_net_price' }),
        })),
      })) as Collection<'transactions'>,
      facilitators: facilitators.map((f) => ({
        id: f.id, name: f.name, timezone: f.timezone,
        weeklyWindows: (windowsOf.get(f.id as string) ?? []).map((w) => ({ weekday: w.weekday, start: hhmm(w.start_time), end: hhmm(w.end_time) })),
        dateOverrides: (overridesOf.get(f.id as string) ?? []).map((o) => ({ date: o.date, windows: o.windows })),
      })) as Collection<'facilitators'>,
      services: services.map((s) => ({
        id: s.id, name: s.name, description: s.description, bufferMinutes: s.buffer_minutes, active: s.active, deleted: s.deleted_at !== null,
        options: (optionsOf.get(s.id as string) ?? []).map((o) => ({
          name: o.name, durationMinutes: o.duration_minutes, base100Price: o.base100_price, credits: o.credits, active: o.active,
          deleted: o.deleted_at !== null,
        })),
      })) as Collection<'services'>,
      appointments: appointments.map((a) => ({
        id: a.id, customerId: a.customer_id, serviceId: a.service_id, optionName: a.option_name, facilitatorId: a.facilitator_id,
        datetime: instantToLocal(a.starts_at as Date, a.tz as string), status: a.status, notes: a.notes, createdAt: instant(a.created_at),
        payment: { ...payment(a, { base100PricePaid: 'base100_price_paid' }), status: a.payment_status },
      })) as Collection<'appointments'>,
      passes: passes.map((p) => ({
        id: p.id, name: p.name, credits: p.credits, validityDays: p.validity_days, base100Price: p.base100_price, active: p.active,
      })) as Collection<'passes'>,
      passPurchases: purchases.map((p) => ({
        id: p.id, customerId: p.customer_id, passId: p.template_id, creditsAllocated: p.credits_allocated, creditsConsumed: p.credits_consumed,
        createdAt: instant(p.created_at), starts: p.starts, expires: p.expires, isCancelled: p.is_cancelled, isRefunded: p.is_refunded,
        payment: { currency: p.currency, base100GrossPrice: p.base100_gross_price, base100Discount: p.base100_discount, base100NetPrice: p.base100_net_price },
      })) as Collection<'passPurchases'>,
      media: media.map((m) => ({
        id: m.id, name: m.name, description: m.description, base100Price: m.base100_price, credits: m.credits, accessDays: m.access_days, active: m.active,
      })) as Collection<'media'>,
      videoPurchases: videoPurchases.map((v) => ({
        id: v.id, customerId: v.customer_id, mediaId: v.media_id, createdAt: instant(v.created_at), expiresOn: v.expires_on,
        isCancelled: v.is_cancelled, isRefunded: v.is_refunded, payment: payment(v, { base100Price: 'base100_price' }),
      })) as Collection<'videoPurchases'>,
      subscriptionPlans: plans.map((p) => ({
        id: p.id, name: p.name, base100Price: p.base100_price, interval: p.interval, active: p.active, currency: p.currency,
        graceDays: p.grace_days, minimumTermPeriods: p.minimum_term_periods,
      })) as Collection<'subscriptionPlans'>,
      mandates: mandates.map((m) => ({
        id: m.id, customerId: m.customer_id, planId: m.plan_id, state: m.state, createdAt: instant(m.created_at), grace: m.grace,
        earliestCancellationDate: m.earliest_cancellation_date, renewalDate: m.renewal_date, anchorDate: m.anchor_date, endsOn: m.cancel_at,
        cancelledAt: m.cancelled_at === null ? null : instant(m.cancelled_at), pausedAt: m.paused_at === null ? null : instant(m.paused_at),
        charges: (chargesOf.get(m.id as string) ?? []).map((ch) => ({
          id: ch.id, periodStart: ch.period_start, periodEnd: ch.period_end, base100Amount: ch.base100_amount, currency: ch.currency,
          status: ch.status, createdAt: instant(ch.created_at), settledAt: ch.settled_at === null ? null : instant(ch.settled_at),
        })),
      })) as Collection<'mandates'>,
      vouchers: vouchers.map((v) => ({
        id: v.id, code: v.code, description: v.description, percentOff: v.percent_off, base100AmountOff: v.base100_amount_off,
        validFrom: v.valid_from, validUntil: v.valid_until, maxRedemptions: v.max_redemptions, active: v.active,
      })) as Collection<'vouchers'>,
    } satisfies Bundle;

    const sizes: Record<(typeof RECORD_KINDS)[number], number> = {
      customers: customers.length, events: events.length, eventDates: dates.length, pricingOptions: pricingOptions.length,
      transactions: transactions.length, bookings: bookings.length, facilitators: facilitators.length, weeklyWindows: windows.length,
      dateOverrides: overrides.length, services: services.length, serviceOptions: options.length, appointments: appointments.length,
      passes: passes.length, passPurchases: purchases.length, media: media.length, videoPurchases: videoPurchases.length,
      subscriptionPlans: plans.length, mandates: mandates.length, subscriptionCharges: charges.length, vouchers: vouchers.length,
    };
    const counts: RecordCounts = sizes;
    return { bundle, counts };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
