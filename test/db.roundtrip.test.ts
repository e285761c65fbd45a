import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { Company, WaitlistEntry } from '../src/db/entities/index.ts';
import { exportBundle } from '../src/bundles/export.ts';
import { importBundle } from '../src/bundles/import.ts';
import { companyEm, unscopedEm } from '../src/db/scope.ts';
import { bookEvent, cancelBooking } from '../src/domain/booking.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { cancelEventDate } from '../src/domain/schedule.ts';
import { joinWaitlist, leaveWaitlist } from '../src/domain/waitlist.ts';
import { testOrm } from './support/db.ts';

// Ids are global primary keys, so the copy goes into a company of another database.
let first: Awaited<ReturnType<typeof testOrm>>;
let second: Awaited<ReturnType<typeof testOrm>>;

async function company(ctx: typeof first, id: string): Promise<void> {
  const em = unscopedEm(ctx.orm);
  em.create(Company, { id, name: 'Studio', timezone: 'Europe/London', currency: 'GBP' });
  await em.flush();
}

/** The bundle with every collection in id order, as export writes it. */
function byId(bundle: Bundle): Bundle {
  const sorted: Record<string, unknown> = { format: 1 };
  for (const [name, value] of Object.entries(bundle)) {
    if (!Array.isArray(value)) continue;
    sorted[name] = [...(value as { id: string }[])].sort((a, b) => (a.id < b.id ? -1 : 1));
  }
  for (const event of (sorted.events ?? []) as NonNullable<Bundle['events']>) {
    event.pricingOptions = [...(event.pricingOptions ?? [])].sort((a, b) => (a.id! < b.id! ? -1 : 1));
  }
  for (const service of (sorted.services ?? []) as NonNullable<Bundle['services']>) {
    service.options = [...(service.options ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1));
  }
  return sorted as Bundle;
}

beforeAll(async () => {
  [first, second] = await Promise.all([testOrm(), testOrm()]);
  await Promise.all([company(first, 'co_first'), company(second, 'co_second')]);
});
afterAll(async () => Promise.all([first.close(), second.close()]));

describe('export', () => {
  const generated = generateBundle({ customers: 80, seed: 11 });
  let imported: Record<string, number>;
  let exported: Awaited<ReturnType<typeof exportBundle>>;

  beforeAll(async () => {
    ({ counts: imported } = await importBundle(first.orm, 'co_first', generated));
    exported = await exportBundle(first.orm, 'co_first');
  });

  it('counts what the import counted', () => {
    expect(exported.counts).toEqual(imported);
  });

  it('writes back every field the bundle gave, local datetimes in their own zones', () => {
    expect(exported.bundle).toEqual(byId(generated));
  });

  it('then import into an empty company of another database, then export again, gives the same bundle', async () => {
    const { counts } = await importBundle(second.orm, 'co_second', JSON.parse(JSON.stringify(exported.bundle)));
    expect(counts).toEqual(imported);
    const again = await exportBundle(second.orm, 'co_second');
    expect(again.bundle).toEqual(exported.bundle);
    expect(JSON.stringify(again.bundle)).toBe(JSON.stringify(exported.bundle));
  });

  it('gives an empty bundle for a company without records', async () => {
    await company(first, 'co_empty');
    const { bundle, counts } = await exportBundle(first.orm, 'co_empty');
    expect(bundle.customers).toEqual([]);
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });
});

describe('cancelled dates and waitlists, made by the service', () => {
  const clock = new FixedClock('2026-11-21T12:00:00Z');
  const names = ['ada', 'bob', 'cy', 'dee', 'eve', 'fay', 'gus'];
  const base = {
    format: 1,
    customers: names.map((name) => ({ id: `cust_${name}`, firstname: name, lastname: 'Test', email: `${name}@example.com`, createdAt: '2026-11-01T09:00:00Z' })),
    events: [{
      id: 'evt_yoga', name: 'Yoga', kind: 'SCHEDULE', timezone: 'Europe/London',
      dates: [
        { id: 'date_full', datetime: '2026-12-01T09:00:00', duration: 60, capacity: 2 },
        { id: 'date_off', datetime: '2026-12-08T09:00:00', duration: 60, capacity: 2 },
      ],
      pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1500, credits: 1 }],
    }],
  } satisfies Bundle;
  let made: Bundle;
  const booked: Record<string, string> = {};

  /** Runs a command of the service on the company, a minute after the one before. */
  const run = async <T>(command: (em: ReturnType<typeof companyEm>) => Promise<T>, ctx = first, companyId = 'co_lines'): Promise<T> => {
    clock.advance(60_000);
    return command(companyEm(ctx.orm, companyId));
  };
  const book = async (name: string, date: string) => {
    const transaction = await run((em) => bookEvent(em, clock, 'co_lines', { customerId: `cust_${name}`, eventDateId: date, pricingOptionId: 'po-dropin', spaces: 1, payWith: 'CARD' }));
    const [booking] = await companyEm(first.orm, 'co_lines').getConnection().execute<{ id: string }[]>('select id from booking where transaction_id = ?', [transaction.id]);
    booked[`${name} ${date}`] = booking!.id;
  };
  const join = (name: string, date: string, payWith: 'CARD' | 'PASS' = 'CARD') =>
    run((em) => joinWaitlist(em, clock, 'co_lines', { customerId: `cust_${name}`, eventDateId: date, pricingOptionId: 'po-dropin', spaces: 1, payWith }));

  beforeAll(async () => {
    await Promise.all([company(first, 'co_lines'), company(second, 'co_lines_copy')]);
    await importBundle(first.orm, 'co_lines', base);
    // A full date and its line: Dee (who has no pass to pay with), Cy, Eve, Fay, Gus.
    await book('ada', 'date_full');
    await book('bob', 'date_full');
    for (const [name, payWith] of [['dee', 'PASS'], ['cy', 'CARD'], ['eve', 'CARD'], ['fay', 'CARD'], ['gus', 'CARD']] as const) await join(name, 'date_full', payWith);
    const eve = await run((em) => em.findOneOrFail(WaitlistEntry, { customer: { id: 'cust_eve' } }));
    await run((em) => leaveWaitlist(em, clock, 'co_lines', eve.id));
    // Ada cancels: Dee cannot pay and is skipped, Cy is booked.
    await run((em) => cancelBooking(em, clock, 'co_lines', booked['ada date_full']!, false));
    // Another full date with someone waiting, then cancelled with its bookings, refunded.
    await book('ada', 'date_off');
    await book('bob', 'date_off');
    await join('cy', 'date_off');
    await run((em) => cancelEventDate(em, clock, 'co_lines', 'date_off', true));
    ({ bundle: made } = await exportBundle(first.orm, 'co_lines'));
  });

  it('exports the cancellation, the bookings it cancelled, and every entry of the lines with its place and status', () => {
    const [full, off] = made.events![0]!.dates!;
    expect(full).not.toHaveProperty('cancelledAt');
    expect(off).toEqual({ id: 'date_off', datetime: '2026-12-08T09:00:00', duration: 60, capacity: 2, cancelledAt: '2026-11-21T12:14:00Z' });
    const bookings = made.transactions!.flatMap((t) => t.bookings!);
    expect(bookings.filter((b) => b.eventDateId === 'date_off').map((b) => [b.isCancelled, b.isRefunded])).toEqual([[true, true], [true, true]]);
    const line = (date: string) => made.waitlistEntries!.filter((w) => w.eventDateId === date).sort((a, b) => a.place! - b.place!)
      .map((w) => [w.customerId.replace('cust_', ''), w.place, w.status]);
    expect(line('date_full')).toEqual([['dee', 1, 'SKIPPED'], ['cy', 2, 'PROMOTED'], ['eve', 3, 'LEFT'], ['fay', 4, 'WAITING'], ['gus', 5, 'WAITING']]);
    expect(line('date_off')).toEqual([['cy', 1, 'CLOSED']]);
    const cy = made.waitlistEntries!.find((w) => w.status === 'PROMOTED')!;
    const promotion = made.transactions!.find((t) => t.bookings!.some((b) => b.id === cy.bookingId))!;
    expect(promotion).toMatchObject({ customerId: 'cust_cy', bookings: [{ eventDateId: 'date_full', isCancelled: false }] });
    expect(made.waitlistEntries!.find((w) => w.status === 'SKIPPED')).toMatchObject({ payWith: 'PASS', bookingId: null, skippedReason: expect.any(String) });
    expect(made.waitlistEntries!.every((w) => w.updatedAt! >= w.createdAt!)).toBe(true);
  });

  it('then import into an empty company of another database, then export again, gives the same bundle', async () => {
    const { counts } = await importBundle(second.orm, 'co_lines_copy', JSON.parse(JSON.stringify(made)));
    expect(counts).toMatchObject({ eventDates: 2, bookings: 5, waitlistEntries: 6 });
    const again = await exportBundle(second.orm, 'co_lines_copy');
    expect(JSON.stringify(again.bundle)).toBe(JSON.stringify(made));
  });

  it('imports with new ids into another company of the same database, each promotion naming its own booking', async () => {
    await company(first, 'co_lines_renamed');
    const { newIds } = await importBundle(first.orm, 'co_lines_renamed', JSON.parse(JSON.stringify(made)));
    expect(newIds).toBe(true);
    const { bundle } = await exportBundle(first.orm, 'co_lines_renamed');
    const bookings = new Map(bundle.transactions!.flatMap((t) => t.bookings!.map((b) => [b.id!, { ...b, attendee: b.boughtForId ?? t.customerId }])));
    const dates = new Map(bundle.events![0]!.dates!.map((d, i) => [d.id!, made.events![0]!.dates![i]!.id!]));
    const entries = bundle.waitlistEntries!.map((w) => ({ ...w, date: dates.get(w.eventDateId), booking: w.bookingId && bookings.get(w.bookingId) }));
    expect(entries.every((w) => /^wait_[0-9a-z]{26}$/.test(w.id!) && !made.waitlistEntries!.some((m) => m.id === w.id))).toBe(true);
    const promoted = entries.filter((w) => w.status === 'PROMOTED');
    expect(promoted.map((w) => [w.date, w.booking && w.booking.eventDateId === w.eventDateId && w.booking.attendee === w.customerId])).toEqual([['date_full', true]]);
    expect(entries.map((w) => [w.date, w.place, w.status]).sort()).toEqual(made.waitlistEntries!.map((w) => [w.eventDateId, w.place, w.status]).sort());
  });

  it('keeps each line in its order: the next promotion after the import books the first one still waiting', async () => {
    await run((em) => cancelBooking(em, clock, 'co_lines_copy', booked['bob date_full']!, false), second, 'co_lines_copy');
    const { bundle } = await exportBundle(second.orm, 'co_lines_copy');
    const line = bundle.waitlistEntries!.filter((w) => w.eventDateId === 'date_full').sort((a, b) => a.place! - b.place!).map((w) => [w.customerId, w.status]);
    expect(line).toEqual([['cust_dee', 'SKIPPED'], ['cust_cy', 'PROMOTED'], ['cust_eve', 'LEFT'], ['cust_fay', 'PROMOTED'], ['cust_gus', 'WAITING']]);
    const fay = bundle.waitlistEntries!.find((w) => w.customerId === 'cust_fay')!;
    expect(bundle.transactions!.flatMap((t) => t.bookings!).find((b) => b.id === fay.bookingId)).toMatchObject({ eventDateId: 'date_full', isCancelled: false });
  });
});
