/**
 * Export of one company as an import bundle (docs/import.md), read from one consistent
 * snapshot. Every field is written out, local datetimes in the record's own time zone, so importing
 * the bundle into an empty company reproduces the data; collections and nested lists are in a fixed
 * order, so exporting the same data twice gives the same bundle. What only some studios have is written only
 * where it is: `cancelledAt` on cancelled dates, `waitlistEntries` when there are any, so the export of a studio
 * without them is the bundle it was before the format carried them.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { readCompanyRecords } from '../db/bundle-export.ts';
import { RECORD_KINDS, type Bundle, type RecordCounts } from './bundle.ts';
import { instantToLocal } from '../domain/time.ts';

type Row = Record<string, unknown>;
type Collection<K extends keyof Bundle> = NonNullable<Bundle[K]>;

/** An instant as PostgreSQL writes it, as ISO 8601 UTC without milliseconds when there are none. */
const instant = (value: string) => new Date(value).toISOString().replace('.000Z', 'Z');
/** An instant as PostgreSQL writes it, as the local date and time in `zone`. */
const local = (value: string, zone: string) => instantToLocal(new Date(value), zone);
const hhmm = (time: unknown) => String(time).slice(0, 5);

function groupBy<R, K extends keyof R>(rows: R[], key: K): Map<R[K], R[]> {
  const groups = new Map<R[K], R[]>();
  for (const row of rows) {
    const id = row[key];
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

/** Waitlist entries with every field, `place` included: an import keeps each line in the order it had. */
function waitlistEntries(rows: Row[]): Collection<'waitlistEntries'> {
  return rows.map((w) => ({
    id: w.id, eventDateId: w.event_date_id, customerId: w.customer_id, pricingOptionId: w.pricing_option_id, spaces: w.spaces,
    payWith: w.pay_with, packageId: w.pass_purchase_id, place: w.place, status: w.status, bookingId: w.booking_id,
    skippedReason: w.skipped_reason, createdAt: instant(w.created_at as string), updatedAt: instant(w.updated_at as string),
  })) as Collection<'waitlistEntries'>;
}

export async function exportBundle(orm: MikroORM, companyId: string): Promise<{ bundle: Bundle; counts: Record<string, number> }> {
  const read = await readCompanyRecords(orm, companyId);
  if (!read) throw new Error(`no company ${companyId}`);
  const companyZone = read.timezone;
  const {
    customers, events, dates, pricingOptions, transactions, bookings, waitlist, facilitators, windows, overrides, services, options,
    appointments, passes, purchases, media, videoPurchases, plans, mandates, charges, vouchers,
  } = read.records;
  {
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
        dates: (datesOf.get(e.id) ?? []).map((d) => ({
          id: d.id, datetime: local(d.starts_at, e.timezone), duration: d.duration, capacity: d.capacity,
          ...(d.cancelled_at === null ? {} : { cancelledAt: instant(d.cancelled_at) }),
        })),
        pricingOptions: (pricingOf.get(e.id) ?? []).map((o) => ({ id: o.id, name: o.name, base100Price: o.base100_price, credits: o.credits })),
      })) as Collection<'events'>,
      transactions: transactions.map((t) => ({
        id: t.id, customerId: t.customer_id, purchaseDate: local(t.purchased_at, companyZone),
        bookings: (bookingsOf.get(t.id) ?? []).map((b) => ({
          id: b.id, eventDateId: b.event_date_id, pricingOptionId: b.pricing_option_id, spaces: b.spaces, boughtForId: b.bought_for_id,
          isCancelled: b.is_cancelled, isRefunded: b.is_refunded, attended: b.attended,
          payment: payment(b, { base100GrossPrice: 'base100_gross_price', base100NetPrice: 'base100_net_price' }),
        })),
      })) as Collection<'transactions'>,
      ...(waitlist.length ? { waitlistEntries: waitlistEntries(waitlist) } : {}),
      facilitators: facilitators.map((f) => ({
        id: f.id, name: f.name, timezone: f.timezone,
        weeklyWindows: (windowsOf.get(f.id) ?? []).map((w) => ({ weekday: w.weekday, start: hhmm(w.start_time), end: hhmm(w.end_time) })),
        dateOverrides: (overridesOf.get(f.id) ?? []).map((o) => ({ date: o.date, windows: o.windows })),
      })) as Collection<'facilitators'>,
      services: services.map((s) => ({
        id: s.id, name: s.name, description: s.description, bufferMinutes: s.buffer_minutes, active: s.active, deleted: s.deleted_at !== null,
        options: (optionsOf.get(s.id) ?? []).map((o) => ({
          name: o.name, durationMinutes: o.duration_minutes, base100Price: o.base100_price, credits: o.credits, active: o.active,
          deleted: o.deleted_at !== null,
        })),
      })) as Collection<'services'>,
      appointments: appointments.map((a) => ({
        id: a.id, customerId: a.customer_id, serviceId: a.service_id, optionName: a.option_name, facilitatorId: a.facilitator_id,
        datetime: local(a.starts_at, a.tz), status: a.status, notes: a.notes, createdAt: instant(a.created_at),
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
        charges: (chargesOf.get(m.id) ?? []).map((ch) => ({
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
      transactions: transactions.length, bookings: bookings.length, waitlistEntries: waitlist.length, facilitators: facilitators.length,
      weeklyWindows: windows.length, dateOverrides: overrides.length, services: services.length, serviceOptions: options.length, appointments: appointments.length,
      passes: passes.length, passPurchases: purchases.length, media: media.length, videoPurchases: videoPurchases.length,
      subscriptionPlans: plans.length, mandates: mandates.length, subscriptionCharges: charges.length, vouchers: vouchers.length,
    };
    const counts: RecordCounts = sizes;
    return { bundle, counts };
  }
}
