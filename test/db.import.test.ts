import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import {
  Appointment, Booking, Company, Customer, Event, EventDate, Facilitator, FacilitatorDateOverride, FacilitatorWindow, Mandate,
  Media, PassPurchase, PassTemplate, PricingOption, Service, ServiceOption, SubscriptionCharge, SubscriptionPlan, Transaction, VideoPurchase,
  Voucher, WaitlistEntry,
} from '../src/db/entities/index.ts';
import { exportBundle } from '../src/bundles/export.ts';
import { ImportError, importBundle } from '../src/bundles/import.ts';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { openOrm } from '../src/db/orm.ts';
import { companyEm, unscopedEm } from '../src/db/scope.ts';
import { testOrm } from './support/db.ts';

let ctx: Awaited<ReturnType<typeof testOrm>>;
const studio = 'co_studio';
const other = 'co_other';

/** A small bundle that imports cleanly; each failure case below breaks one thing in a fresh copy. */
function validBundle() {
  return {
    format: 1,
    customers: [
      { id: 'cust_ada', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', mobile: '+447700900001', createdAt: '2026-01-02T10:00:00Z' },
      { id: 'cust_bob', firstname: 'Bob', lastname: 'Babbage', email: 'bob@example.com' },
    ],
    events: [
      {
        id: 'evt_yoga', name: 'Morning Yoga', timezone: 'Europe/London',
        dates: [
          { id: 'date_y1', datetime: '2026-12-01T09:00:00', duration: 60, capacity: 2 },
          { id: 'date_gap', datetime: '2026-03-29T01:30:00', duration: 60, capacity: 5 },
          { id: 'date_twice', datetime: '2026-10-25T01:30:00', duration: 60, capacity: 5 },
          { id: 'date_off', datetime: '2026-12-08T09:00:00', duration: 60, capacity: 5, cancelledAt: '2026-11-20T16:00:00Z' },
        ],
        pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1200, credits: 1 }],
      },
      { id: 'evt_barre', name: 'Barre', pricingOptions: [{ id: 'po-barre', name: 'Drop-in', base100Price: 1500, credits: 1 }] },
    ],
    transactions: [
      {
        id: 'txn_1', customerId: 'cust_ada', purchaseDate: '2026-11-01T10:00:00',
        bookings: [
          { id: 'booking_1', eventDateId: 'date_y1', pricingOptionId: 'po-dropin', payment: { method: 'CARD', base100GrossPrice: 1200, base100NetPrice: 1000 } },
          { id: 'booking_2', eventDateId: 'date_y1', pricingOptionId: 'po-dropin', boughtForId: 'cust_bob',
            payment: { method: 'PASS', currency: 'CR', creditsUsed: 1, packageId: 'package_1' } },
          { id: 'booking_3', eventDateId: 'date_y1', pricingOptionId: 'po-dropin', isCancelled: true, isRefunded: true,
            payment: { method: 'CARD', currency: 'EUR', base100GrossPrice: 1200, base100NetPrice: 1200 } },
          // Cancelled with its date.
          { id: 'booking_4', eventDateId: 'date_off', pricingOptionId: 'po-dropin', isCancelled: true, isRefunded: true,
            payment: { method: 'CARD', base100GrossPrice: 1200, base100NetPrice: 1200 } },
        ],
      },
    ],
    waitlistEntries: [
      { id: 'wait_1', eventDateId: 'date_y1', customerId: 'cust_bob', pricingOptionId: 'po-dropin', payWith: 'PASS', packageId: 'package_1', place: 1,
        status: 'PROMOTED', bookingId: 'booking_2', createdAt: '2026-11-02T09:00:00Z', updatedAt: '2026-11-03T09:30:00Z' },
      { id: 'wait_2', eventDateId: 'date_y1', customerId: 'cust_ada', pricingOptionId: 'po-dropin', payWith: 'CARD', place: 2, status: 'LEFT',
        createdAt: '2026-11-02T10:00:00Z' },
      // Waiting, without a place: it goes after the highest place the bundle gives its date (4, below).
      { id: 'wait_3', eventDateId: 'date_twice', customerId: 'cust_ada', pricingOptionId: 'po-dropin', spaces: 2, payWith: 'CARD' },
      { id: 'wait_4', eventDateId: 'date_off', customerId: 'cust_bob', pricingOptionId: 'po-dropin', payWith: 'CARD', status: 'CLOSED' },
      { id: 'wait_5', eventDateId: 'date_twice', customerId: 'cust_bob', pricingOptionId: 'po-dropin', payWith: 'PASS', place: 4, status: 'SKIPPED',
        skippedReason: 'No pass with enough credits' },
    ],
    facilitators: [
      {
        id: 'fac_jo', name: 'Jo Bloggs', timezone: 'Europe/London',
        weeklyWindows: [{ weekday: 1, start: '09:00', end: '12:00' }, { weekday: 2, start: '13:00', end: '17:30' }],
        dateOverrides: [{ date: '2026-12-25', windows: [] }, { date: '2026-12-24', windows: [{ start: '10:00', end: '12:00' }] }],
      },
    ],
    services: [
      {
        id: 'svc_massage', name: 'Massage', bufferMinutes: 15,
        options: [
          { name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 2 },
          { name: '30 min', durationMinutes: 30, base100Price: 3000, credits: 1, deleted: true },
        ],
      },
    ],
    appointments: [
      { id: 'appt_1', customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo',
        datetime: '2026-12-07T10:00:00', createdAt: '2026-11-20T09:00:00Z', payment: { method: 'CARD', base100PricePaid: 5000, status: 'PAID' } },
      { id: 'appt_2', customerId: 'cust_bob', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo',
        datetime: '2026-12-07T11:15:00', payment: { method: 'PASS', creditsUsed: 2, packageId: 'package_1' } },
    ],
    passes: [{ id: 'pass_10', name: '10 classes', credits: 10, validityDays: 90, base100Price: 9000, active: true }],
    passPurchases: [
      { id: 'package_1', customerId: 'cust_ada', passId: 'pass_10', creditsAllocated: 10, createdAt: '2026-11-01T10:00:00Z',
        starts: '2026-11-01', expires: '2027-01-30', payment: { base100GrossPrice: 9000, base100NetPrice: 9000 } },
    ],
    media: [{ id: 'media_intro', name: 'Pilates basics', base100Price: 800, credits: 1, accessDays: 30 }],
    videoPurchases: [
      { id: 'media_p1', customerId: 'cust_ada', mediaId: 'media_intro', createdAt: '2026-11-03T12:00:00Z', expiresOn: '2026-12-03',
        payment: { method: 'CARD', base100Price: 800 } },
    ],
    subscriptionPlans: [{ id: 'plan_monthly', name: 'Unlimited monthly', base100Price: 6500, interval: 'MONTH' }],
    mandates: [
      { id: 'mandate_1', customerId: 'cust_ada', planId: 'plan_monthly', state: 'ACTIVE', createdAt: '2026-10-01T08:00:00Z',
        grace: 7, earliestCancellationDate: '2027-01-01', renewalDate: '2026-12-01',
        charges: [{ periodStart: '2026-11-01', periodEnd: '2026-11-30', base100Amount: 6500, status: 'PAID', createdAt: '2026-11-01T06:00:00Z' }] },
    ],
    vouchers: [
      { id: 'vch_welcome', code: 'WELCOME10', percentOff: 10, validFrom: '2026-01-01', validUntil: '2026-12-31', maxRedemptions: 100 },
      { code: 'FRIEND5', base100AmountOff: 500 },
    ],
  } satisfies Bundle;
}
/** A bundle to break on purpose, so typed loosely. */
type Editable = Record<string, any>;

async function rowsOf(companyId: string): Promise<number> {
  const tables = [
    'customer', 'event', 'event_date', 'pricing_option', 'event_transaction', 'booking', 'facilitator', 'facilitator_window',
    'facilitator_date_override', 'service', 'service_option', 'appointment', 'pass_template', 'pass_purchase', 'media',
    'video_purchase', 'subscription_plan', 'mandate', 'voucher', 'waitlist_entry',
  ];
  const sql = tables.map((t) => `(select count(*) from ${t} where company_id = ?)`).join(' + ');
  const [row] = await unscopedEm(ctx.orm).getConnection().execute<{ n: string }[]>(`select ${sql} as n`, tables.map(() => companyId));
  return Number(row!.n);
}

async function problemsOf(bundle: unknown, companyId = studio): Promise<string[]> {
  try {
    await importBundle(ctx.orm, companyId, bundle);
  } catch (error) {
    if (error instanceof ImportError) return error.problems;
    throw error;
  }
  throw new Error('the import succeeded');
}

beforeAll(async () => {
  ctx = await testOrm();
  const em = unscopedEm(ctx.orm);
  em.create(Company, { id: studio, name: 'Studio', timezone: 'Europe/London', currency: 'GBP' });
  em.create(Company, { id: other, name: 'Other', timezone: 'Europe/Paris', currency: 'EUR' });
  em.create(Customer, { id: 'cust_existing', company: studio, firstname: 'Eve', lastname: 'Existing', email: 'eve@example.com' });
  em.create(Customer, { id: 'cust_elsewhere', company: other, firstname: 'Olga', lastname: 'Other', email: 'olga@example.com' });
  em.create(Event, { id: 'evt_existing', company: studio, name: 'Existing class', kind: 'SCHEDULE', timezone: 'Europe/London' });
  em.create(EventDate, { id: 'date_existing', company: studio, event: ['evt_existing', studio], startsAt: new Date('2026-12-02T18:00:00Z'), duration: 60, capacity: 2, spacesBooked: 1 });
  em.create(Voucher, { id: 'vch_existing', company: studio, code: 'SPRING', percentOff: 5 });
  em.create(PricingOption, { id: 'po-existing', company: studio, event: ['evt_existing', studio], name: 'Drop-in', base100Price: 1000, credits: 1 });
  em.create(EventDate, { id: 'date_gone', company: studio, event: ['evt_existing', studio], startsAt: new Date('2026-12-09T18:00:00Z'), duration: 60, capacity: 2,
    cancelledAt: new Date('2026-11-30T12:00:00Z') });
  await em.flush();
  // The existing date's line: Eve waits at place 1.
  em.create(WaitlistEntry, { id: 'wait_existing', company: studio, eventDate: ['date_existing', studio], customer: ['cust_existing', studio],
    pricingOption: ['po-existing', studio], spaces: 1, payWith: 'CARD', place: 1, status: 'WAITING' });
  await em.flush();
});
afterAll(() => ctx.close());

describe('a bundle with a problem imports nothing and names the place', () => {
  const cases: [string, (b: Editable) => void, string | RegExp][] = [
    ['an id with the wrong prefix', (b) => (b.customers[0].id = 'customer_ada'),
      'customers[0].id: must be cust_ followed by 1-64 characters of [A-Za-z0-9_-]'],
    ['an id with characters outside [A-Za-z0-9_-]', (b) => (b.events[0].dates[0].id = 'date_y 1'),
      'events[0].dates[0].id: must be date_ followed by 1-64 characters of [A-Za-z0-9_-]'],
    ['a missing required field', (b) => delete (b.customers[1] as Record<string, unknown>).email, 'customers[1].email: required'],
    ['a missing nested field', (b) => delete (b.transactions[0].bookings[1].payment as Record<string, unknown>).creditsUsed,
      'transactions[0].bookings[1].payment.creditsUsed: required'],
    ['an unknown payment method', (b) => ((b.transactions[0].bookings[0].payment as Record<string, unknown>).method = 'CASH'),
      'transactions[0].bookings[0].payment.method: must be CARD or PASS'],
    ['a local datetime with an offset', (b) => (b.events[0].dates[0].datetime = '2026-12-01T09:00:00Z'),
      'events[0].dates[0].datetime: must be a local datetime YYYY-MM-DDTHH:MM:SS from 1900-01-01 to 2999-12-31'],
    ['a local datetime outside the dates accepted', (b) => (b.events[0].dates[0].datetime = '0000-12-01T09:00:00'),
      'events[0].dates[0].datetime: must be a local datetime YYYY-MM-DDTHH:MM:SS from 1900-01-01 to 2999-12-31'],
    ['negative money', (b) => (b.passes[0].base100Price = -1), 'passes[0].base100Price: must be >= 0'],
    ['a misspelt field', (b) => ((b.customers[0] as Record<string, unknown>).firstName = 'Ada'), 'customers[0]: unknown field firstName'],
    ['a dangling reference', (b) => (b.transactions[0].bookings[0].eventDateId = 'date_x'),
      'transactions[0].bookings[0].eventDateId: unknown reference date_x'],
    ["a reference to another company's record", (b) => (b.transactions[0].customerId = 'cust_elsewhere'),
      'transactions[0].customerId: unknown reference cust_elsewhere'],
    ['a pricing option of another event', (b) => (b.transactions[0].bookings[0].pricingOptionId = 'po-barre'),
      'transactions[0].bookings[0].pricingOptionId: po-barre is not a pricing option of the event of date_y1'],
    ['an appointment for an option the service lacks', (b) => (b.appointments[0].optionName = '90 min'),
      'appointments[0].optionName: service svc_massage has no option named 90 min'],
    ['a duplicate id inside the bundle', (b) => (b.customers[1].id = 'cust_ada'), 'customers[1].id: duplicate id cust_ada (first at customers[0])'],
    ['a media id also used by a video purchase', (b) => (b.videoPurchases[0].id = 'media_intro'),
      'videoPurchases[0].id: duplicate id media_intro (first at media[0])'],
    ['an id already in the company', (b) => (b.customers[1].id = 'cust_existing'), 'customers[1].id: cust_existing already exists'],
    // Taken by another company: the import gives the bundle new ids and says nothing of that company's record;
    // what is left is the bundle's own problem, references to the customer it renamed.
    ['an id already in another company', (b) => (b.customers[1].id = 'cust_elsewhere'), 'transactions[0].bookings[1].boughtForId: unknown reference cust_bob'],
    ['an event date booked over capacity', (b) => (b.events[0].dates[0].capacity = 1),
      'events[0].dates[0].capacity: its live bookings take 2 spaces, more than the capacity of 1'],
    ['bookings that overfill an event date already in the database', (b) => {
      b.transactions[0].bookings[0].eventDateId = 'date_existing';
      b.transactions[0].bookings[0].pricingOptionId = 'po-existing';
      b.transactions[0].bookings[0].spaces = 2;
    }, "transactions[0].bookings[0].eventDateId: the bundle's live bookings would take event date date_existing past its capacity"],
    ['more credits consumed than allocated', (b) => ((b.passPurchases[0] as Record<string, unknown>).creditsConsumed = 11),
      'passPurchases[0].creditsConsumed: 11 credits consumed, more than the 10 allocated'],
    ['PASS payments drawing more credits than a pass purchase holds', (b) => (b.passPurchases[0].creditsAllocated = 2),
      'passPurchases[0].creditsConsumed: 3 credits consumed, more than the 2 allocated'],
    ['a pass purchase that expires before it starts', (b) => (b.passPurchases[0].expires = '2026-10-01'),
      'passPurchases[0].expires: must not be before starts'],
    ['appointments of one facilitator that overlap, buffer included', (b) => (b.appointments[1].datetime = '2026-12-07T11:10:00'),
      /^appointments\[1\]\.datetime: facilitator fac_jo is already booked then \(appointment_no_overlap: another appointment holds 2026-12-07T10:00:00 to 2026-12-07T11:15:00/],
    ['a voucher code used twice', (b) => (b.vouchers[1].code = 'WELCOME10'),
      /^vouchers\[[01]\]\.code: WELCOME10 is already the code of vouchers\[[01]\]$/],
    ["a voucher code of one of the company's vouchers", (b) => (b.vouchers[1].code = 'SPRING'),
      'vouchers[1].code: SPRING is already the code of another voucher of the company'],
    ['a voucher with both kinds of discount', (b) => ((b.vouchers[0] as Record<string, unknown>).base100AmountOff = 100),
      'vouchers[0].percentOff: give either percentOff or base100AmountOff'],
    ['a weekly window that ends before it starts', (b) => (b.facilitators[0].weeklyWindows[0].end = '08:00'),
      'facilitators[0].weeklyWindows[0].end: must be after start'],
    ['two live mandates of one customer on one plan', (b) => b.mandates.push({ ...b.mandates[0], id: 'mandate_2', charges: [] }),
      /^mandates\[[01]\]\.planId: customer cust_ada already holds a mandate on plan plan_monthly that is not CANCELLED$/],
    ['two charges of a mandate for one period', (b) => b.mandates[0].charges!.push({ ...b.mandates[0].charges![0]! }),
      /^mandates\[0\]\.charges\[[01]\]\.periodStart: the mandate has another charge for the period starting 2026-11-01$/],
    ['a PENDING charge with a settlement time', (b) => Object.assign(b.mandates[0].charges![0], { status: 'PENDING', settledAt: '2026-11-02T00:00:00Z' }),
      'mandates[0].charges[0].settledAt: a PENDING charge is not settled'],
    ['two live bookings of one attendee on one event date', (b) => (b.transactions[0].bookings[1].boughtForId = null),
      /^transactions\[0\]\.bookings\[[01]\]\.eventDateId: cust_ada already holds a live booking on date_y1 \(one live booking per attendee and event date/],
    ['attendance that is neither true, false nor null', (b) => ((b.transactions[0].bookings[0] as Record<string, unknown>).attended = 'yes'),
      'transactions[0].bookings[0].attended: must be a boolean'],
    // Cancelled dates.
    ['a cancellation time without an offset', (b) => (b.events[0].dates[3].cancelledAt = '2026-11-20T16:00:00'),
      'events[0].dates[3].cancelledAt: must be an ISO 8601 instant with an offset (2026-01-02T10:00:00Z)'],
    ['a cancelled date with a live booking', (b) => (b.transactions[0].bookings[3].isCancelled = false),
      'events[0].dates[3].cancelledAt: a cancelled date holds no live bookings, and transactions[0].bookings[3] is live'],
    ['a live booking on a cancelled date already in the database', (b) => {
      b.transactions[0].bookings[0].eventDateId = 'date_gone';
      b.transactions[0].bookings[0].pricingOptionId = 'po-existing';
    }, 'transactions[0].bookings[0].eventDateId: event date date_gone is cancelled: it takes no live bookings'],
    // Waitlists.
    ['a waitlist entry id with the wrong prefix', (b) => (b.waitlistEntries[0].id = 'waitlist_1'),
      'waitlistEntries[0].id: must be wait_ followed by 1-64 characters of [A-Za-z0-9_-]'],
    ['a waitlist entry of an unknown customer', (b) => (b.waitlistEntries[1].customerId = 'cust_nobody'),
      'waitlistEntries[1].customerId: unknown reference cust_nobody'],
    ['a waitlist entry on an unknown date', (b) => (b.waitlistEntries[1].eventDateId = 'date_x'), 'waitlistEntries[1].eventDateId: unknown reference date_x'],
    ['a waitlist entry with a pricing option of another event', (b) => (b.waitlistEntries[1].pricingOptionId = 'po-barre'),
      'waitlistEntries[1].pricingOptionId: po-barre is not a pricing option of the event of date_y1'],
    ['an unknown waitlist status', (b) => (b.waitlistEntries[1].status = 'GONE'),
      'waitlistEntries[1].status: must be WAITING or PROMOTED or LEFT or SKIPPED or CLOSED'],
    ['a PROMOTED entry without its booking', (b) => delete b.waitlistEntries[0].bookingId,
      'waitlistEntries[0].bookingId: required for a PROMOTED entry: the booking its promotion made'],
    ['a booking on an entry that was not promoted', (b) => (b.waitlistEntries[1].bookingId = 'booking_1'),
      'waitlistEntries[1].bookingId: only a PROMOTED entry has a booking, not a LEFT one'],
    ['a promotion to an unknown booking', (b) => (b.waitlistEntries[0].bookingId = 'booking_x'), 'waitlistEntries[0].bookingId: unknown reference booking_x'],
    ['a promotion to a booking on another date', (b) => (b.waitlistEntries[0].bookingId = 'booking_4'),
      "waitlistEntries[0].bookingId: booking_4 is a booking on date_off, not on the entry's date date_y1"],
    ["a promotion to another customer's booking", (b) => (b.waitlistEntries[0].bookingId = 'booking_1'),
      "waitlistEntries[0].bookingId: booking_1 is a booking of cust_ada, not of the entry's customer cust_bob"],
    ['two entries promoted to one booking', (b) => b.waitlistEntries.push({ ...b.waitlistEntries[0], id: 'wait_6', place: 6 }),
      'waitlistEntries[5].bookingId: booking_2 is already the booking of waitlistEntries[0]'],
    ['an entry still WAITING on a cancelled date', (b) => (b.waitlistEntries[3].status = 'WAITING'),
      'waitlistEntries[3].status: event date date_off is cancelled: an entry on it no longer waits (its cancellation CLOSED them)'],
    ['a CLOSED entry on a date that is not cancelled', (b) => (b.waitlistEntries[1].status = 'CLOSED'),
      'waitlistEntries[1].status: only the entries of a cancelled date are CLOSED, and date_y1 is not cancelled'],
    ['two entries at one place of a line', (b) => (b.waitlistEntries[1].place = 1),
      'waitlistEntries[1].place: place 1 in the line of date_y1 is already taken by waitlistEntries[0]'],
    ['two WAITING entries of one customer on one date', (b) => Object.assign(b.waitlistEntries[4], { customerId: 'cust_ada', status: 'WAITING', skippedReason: null }),
      'waitlistEntries[4].customerId: cust_ada already waits on date_twice at waitlistEntries[2] (one WAITING entry per customer and event date)'],
    ['a reason on an entry that was not skipped', (b) => (b.waitlistEntries[1].skippedReason = 'Moved away'),
      'waitlistEntries[1].skippedReason: only a SKIPPED entry has a reason, not a LEFT one'],
    ['a pass purchase for a CARD entry', (b) => (b.waitlistEntries[1].packageId = 'package_1'), 'waitlistEntries[1].packageId: is only for payWith PASS'],
    ['a PASS entry on a pricing option without credits', (b) => (b.events[0].pricingOptions[0].credits = 0),
      'waitlistEntries[0].payWith: pricing option po-dropin cannot be paid with credits'],
    ["a place already taken in the company's line of a date", (b) => b.waitlistEntries.push(
      { eventDateId: 'date_existing', customerId: 'cust_ada', pricingOptionId: 'po-existing', payWith: 'CARD', place: 1 }),
    'waitlistEntries[5].place: place 1 in the line of date_existing is already taken by another of its waitlist entries'],
    ['a customer who already waits on a date of the company', (b) => b.waitlistEntries.push(
      { eventDateId: 'date_existing', customerId: 'cust_existing', pricingOptionId: 'po-existing', payWith: 'CARD' }),
    'waitlistEntries[5].customerId: cust_existing already waits on date_existing (one WAITING entry per customer and event date)'],
  ];

  it.each(cases)('%s', async (_, breakIt, expected) => {
    const before = await rowsOf(studio);
    const bundle = validBundle() as Editable;
    breakIt(bundle);
    const problems = await problemsOf(bundle);
    if (typeof expected === 'string') expect(problems).toContain(expected);
    else expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
    expect(await rowsOf(studio)).toBe(before);
  });

  it('reports at most 20 problems and says how many more there are', async () => {
    const customers = Array.from({ length: 30 }, (_, i) => ({ id: `cust_${i}`, firstname: 'A', lastname: 'B' }));
    const problems = await problemsOf({ format: 1, customers });
    expect(problems).toHaveLength(21);
    expect(problems[0]).toBe('customers[0].email: required');
    expect(problems[20]).toBe('... and 10 more problems');
  });

  it('refuses a document that is not format 1, and an unknown company', async () => {
    expect(await problemsOf({ customers: [] })).toEqual(['format: required']);
    expect(await problemsOf({ format: 2 })).toEqual(['format: must be 1']);
    expect(await problemsOf([])).toEqual(['bundle: must be an object']);
    expect(await problemsOf({ format: 1 }, 'co_nope')).toEqual(['company: no company co_nope']);
  });

  it('carries the problems in the message, one a line', async () => {
    const bundle = validBundle() as Editable;
    delete (bundle.customers[0] as Record<string, unknown>).firstname;
    delete (bundle.customers[1] as Record<string, unknown>).lastname;
    await expect(importBundle(ctx.orm, studio, bundle)).rejects.toThrow('customers[0].firstname: required\ncustomers[1].lastname: required');
  });
});

describe('a valid bundle', () => {
  let counts: Record<string, number>;
  const progress: [number, number][] = [];

  beforeAll(async () => {
    ({ counts } = await importBundle(ctx.orm, studio, validBundle(), { onProgress: (done, total) => progress.push([done, total]) }));
  });

  it('reports what it imported, per collection and nested kind', () => {
    expect(counts).toEqual({
      customers: 2, events: 2, eventDates: 4, pricingOptions: 2, transactions: 1, bookings: 4, waitlistEntries: 5, facilitators: 1, weeklyWindows: 2,
      dateOverrides: 2, services: 1, serviceOptions: 2, appointments: 2, passes: 1, passPurchases: 1, media: 1, videoPurchases: 1,
      subscriptionPlans: 1, mandates: 1, subscriptionCharges: 1, vouchers: 2,
    });
    expect(progress.at(-1)).toEqual([39, 39]);
  });

  it('is readable through the company entity manager', async () => {
    const em = companyEm(ctx.orm, studio);
    const ada = await em.findOneOrFail(Customer, { id: 'cust_ada' });
    expect(ada).toMatchObject({ firstname: 'Ada', email: 'ada@example.com', mobile: '+447700900001', archived: false, deletedAt: null });
    expect(ada.createdAt.toISOString()).toBe('2026-01-02T10:00:00.000Z');
    expect(await em.count(Customer, {})).toBe(3);
    expect(await companyEm(ctx.orm, other).count(Customer, {})).toBe(1);

    const txn = await em.findOneOrFail(Transaction, { id: 'txn_1' });
    expect(txn.purchasedAt.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    const card = await em.findOneOrFail(Booking, { id: 'booking_1' });
    expect(card).toMatchObject({ paymentMethod: 'CARD', currency: 'GBP', base100GrossPrice: 1200, base100NetPrice: 1000, spaces: 1, creditsUsed: null });
    const pass = await em.findOneOrFail(Booking, { id: 'booking_2' });
    expect(pass).toMatchObject({ paymentMethod: 'PASS', currency: 'CR', creditsUsed: 1, base100GrossPrice: null });
    expect(pass.passPurchase?.id).toBe('package_1');
    expect(pass.boughtFor?.id).toBe('cust_bob');
    expect((await em.findOneOrFail(Booking, { id: 'booking_3' })).currency).toBe('EUR');
  });

  it('counts the spaces of live bookings on each event date', async () => {
    const em = companyEm(ctx.orm, studio);
    expect((await em.findOneOrFail(EventDate, { id: 'date_y1' })).spacesBooked).toBe(2);
    expect((await em.findOneOrFail(EventDate, { id: 'date_gap' })).spacesBooked).toBe(0);
  });

  it('turns local datetimes into instants in the event time zone, through DST changes', async () => {
    const em = companyEm(ctx.orm, studio);
    expect((await em.findOneOrFail(EventDate, { id: 'date_y1' })).startsAt.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    // 01:30 on 29 March 2026 does not exist in London: it moves forward by the gap, to 02:30 BST.
    expect((await em.findOneOrFail(EventDate, { id: 'date_gap' })).startsAt.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 on 25 October 2026 happens twice in London: the first, BST, is taken.
    expect((await em.findOneOrFail(EventDate, { id: 'date_twice' })).startsAt.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect((await em.findOneOrFail(Event, { id: 'evt_barre' })).timezone).toBe('Europe/London');
  });

  it('times appointments in the facilitator zone and blocks the service buffer after them', async () => {
    const em = companyEm(ctx.orm, studio);
    const first = await em.findOneOrFail(Appointment, { id: 'appt_1' });
    expect(first).toMatchObject({ durationMinutes: 60, tz: 'Europe/London', status: 'SCHEDULED', paymentMethod: 'CARD', currency: 'GBP', paymentStatus: 'PAID' });
    expect(first.startsAt.toISOString()).toBe('2026-12-07T10:00:00.000Z');
    expect(first.blockedUntil.toISOString()).toBe('2026-12-07T11:15:00.000Z');
    const second = await em.findOneOrFail(Appointment, { id: 'appt_2' });
    expect(second).toMatchObject({ paymentMethod: 'PASS', currency: 'CR', creditsUsed: 2, base100PricePaid: null });
  });

  it('takes credits consumed, when left out, from the live PASS payments drawing on the pass purchase', async () => {
    const purchase = await companyEm(ctx.orm, studio).findOneOrFail(PassPurchase, { id: 'package_1' });
    expect(purchase).toMatchObject({ creditsAllocated: 10, creditsConsumed: 3, currency: 'GBP', base100Discount: 0, starts: '2026-11-01', expires: '2027-01-30' });
  });

  it('stores facilitators, services and the catalogue', async () => {
    const em = companyEm(ctx.orm, studio);
    expect(await em.findOneOrFail(Facilitator, { id: 'fac_jo' })).toMatchObject({ name: 'Jo Bloggs', timezone: 'Europe/London' });
    const windows = await em.find(FacilitatorWindow, { facilitator: { id: 'fac_jo' } }, { orderBy: { weekday: 'asc' } });
    expect(windows.map((w) => [w.weekday, w.startTime, w.endTime])).toEqual([[1, '09:00:00', '12:00:00'], [2, '13:00:00', '17:30:00']]);
    const overrides = await em.find(FacilitatorDateOverride, { facilitator: { id: 'fac_jo' } }, { orderBy: { date: 'asc' } });
    expect(overrides.map((o) => [o.date, o.windows])).toEqual([['2026-12-24', [{ start: '10:00', end: '12:00' }]], ['2026-12-25', []]]);
    expect(await em.findOneOrFail(Service, { id: 'svc_massage' })).toMatchObject({ bufferMinutes: 15, active: true, deletedAt: null });
    const options = await em.find(ServiceOption, { service: { id: 'svc_massage' } }, { orderBy: { name: 'asc' } });
    expect(options.map((o) => [o.name, o.durationMinutes, o.deletedAt === null])).toEqual([['30 min', 30, false], ['60 min', 60, true]]);
    expect(await em.findOneOrFail(PassTemplate, { id: 'pass_10' })).toMatchObject({ credits: 10, validityDays: 90 });
    expect(await em.findOneOrFail(Media, { id: 'media_intro' })).toMatchObject({ accessDays: 30, active: true });
    expect(await em.findOneOrFail(VideoPurchase, { id: 'media_p1' })).toMatchObject({ expiresOn: '2026-12-03', currency: 'GBP', base100Price: 800 });
    expect(await em.findOneOrFail(SubscriptionPlan, { id: 'plan_monthly' })).toMatchObject({ currency: 'GBP', interval: 'MONTH' });
    expect(await em.findOneOrFail(Mandate, { id: 'mandate_1' })).toMatchObject({ grace: 7, renewalDate: '2026-12-01', anchorDate: '2026-12-01', cancelAt: null });
    const [charge] = await em.find(SubscriptionCharge, { mandate: { id: 'mandate_1' } });
    expect(charge).toMatchObject({ id: expect.stringMatching(/^chg_/), periodStart: '2026-11-01', currency: 'GBP', status: 'PAID' });
    expect(charge!.settledAt).toEqual(new Date('2026-11-01T06:00:00Z'));
    const friend = await em.findOneOrFail(Voucher, { code: 'FRIEND5' });
    expect(friend.id).toMatch(/^vch_[0-9a-z]{26}$/);
    expect(friend).toMatchObject({ percentOff: null, base100AmountOff: 500, redemptions: 0 });
  });

  it('stores cancelled dates, holding no spaces, and waitlists in their lines', async () => {
    const em = companyEm(ctx.orm, studio);
    const off = await em.findOneOrFail(EventDate, { id: 'date_off' });
    expect(off.cancelledAt).toEqual(new Date('2026-11-20T16:00:00Z'));
    expect(off.spacesBooked).toBe(0);
    expect((await em.findOneOrFail(EventDate, { id: 'date_y1' })).cancelledAt).toBeNull();
    const entries = await em.find(WaitlistEntry, { eventDate: { id: { $in: ['date_y1', 'date_twice', 'date_off'] } } },
      { orderBy: { eventDate: { id: 'asc' }, place: 'asc' } });
    expect(entries.map((w) => [w.id, w.eventDate.id, w.place, w.status, w.customer.id, w.spaces, w.payWith, w.passPurchase?.id ?? null, w.booking?.id ?? null]))
      .toEqual([
        ['wait_4', 'date_off', 1, 'CLOSED', 'cust_bob', 1, 'CARD', null, null],
        ['wait_5', 'date_twice', 4, 'SKIPPED', 'cust_bob', 1, 'PASS', null, null],
        ['wait_3', 'date_twice', 5, 'WAITING', 'cust_ada', 2, 'CARD', null, null],
        ['wait_1', 'date_y1', 1, 'PROMOTED', 'cust_bob', 1, 'PASS', 'package_1', 'booking_2'],
        ['wait_2', 'date_y1', 2, 'LEFT', 'cust_ada', 1, 'CARD', null, null],
      ]);
    const promoted = entries.find((w) => w.id === 'wait_1')!;
    expect([promoted.createdAt, promoted.updatedAt]).toEqual([new Date('2026-11-02T09:00:00Z'), new Date('2026-11-03T09:30:00Z')]);
    const left = entries.find((w) => w.id === 'wait_2')!;
    expect(left.updatedAt).toEqual(left.createdAt);
    expect(entries.find((w) => w.id === 'wait_5')!.skippedReason).toBe('No pass with enough credits');
  });

  it("refuses to import it twice: its ids exist now", async () => {
    const problems = await problemsOf(validBundle());
    expect(problems).toContain('customers[0].id: cust_ada already exists');
  });

  it("resolves references to the company's existing records and adds to their counters", async () => {
    const { counts } = await importBundle(ctx.orm, studio, {
      format: 1,
      transactions: [{ customerId: 'cust_existing', purchaseDate: '2026-11-21T12:00:00', bookings: [
        { eventDateId: 'date_existing', pricingOptionId: 'po-existing', payment: { method: 'PASS', creditsUsed: 1, packageId: 'package_1' } },
      ] }],
      appointments: [{ customerId: 'cust_existing', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo',
        datetime: '2026-12-08T10:00:00', payment: { method: 'CARD', base100PricePaid: 5000 } }],
      // Entries without a place go after the last place of the company's line of their date.
      waitlistEntries: [
        { id: 'wait_later', eventDateId: 'date_existing', customerId: 'cust_ada', pricingOptionId: 'po-existing', payWith: 'PASS', packageId: 'package_1' },
        { id: 'wait_ada', eventDateId: 'date_y1', customerId: 'cust_ada', pricingOptionId: 'po-dropin', payWith: 'CARD', status: 'PROMOTED', bookingId: 'booking_1' },
      ],
    });
    expect(counts).toMatchObject({ transactions: 1, bookings: 1, appointments: 1, waitlistEntries: 2 });
    const em = companyEm(ctx.orm, studio);
    expect((await em.findOneOrFail(EventDate, { id: 'date_existing' })).spacesBooked).toBe(2);
    expect((await em.findOneOrFail(PassPurchase, { id: 'package_1' })).creditsConsumed).toBe(4);
    expect((await em.findOneOrFail(WaitlistEntry, { id: 'wait_later' })).place).toBe(2);
    expect(await em.findOneOrFail(WaitlistEntry, { id: 'wait_ada' })).toMatchObject({ place: 3, status: 'PROMOTED', booking: { id: 'booking_1' } });
  });
});

describe('what commits with an import', () => {
  it('runs beforeCommit in the import\'s transaction: it sees the records, and a refusal there imports nothing', async () => {
    const before = await rowsOf(other);
    await expect(importBundle(ctx.orm, other, validBundle(), {
      newIds: true,
      beforeCommit: async (runner, counts) => {
        expect(counts.customers).toBe(2);
        const [seen] = await runner.rows<{ n: number }>('select count(*)::int as n from customer where company_id = $1', [other]);
        // Olga, and the bundle's two: not yet committed, so seen only in this transaction.
        expect(seen!.n).toBe(3);
        throw new Error('cannot record the import');
      },
    })).rejects.toThrow('cannot record the import');
    expect(await rowsOf(other)).toBe(before);

    let recorded = 0;
    await importBundle(ctx.orm, other, validBundle(), { newIds: true, beforeCommit: () => Promise.resolve(void recorded++) });
    expect(recorded).toBe(1);
    expect(await rowsOf(other)).toBeGreaterThan(before);
  });
});

describe('a role that may not turn off foreign-key triggers', () => {
  it('imports with the triggers on, and still refuses a bad bundle whole', async () => {
    // Ids are global, so the same bundle goes into a database of its own.
    const own = await testOrm();
    const role = `importer_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client(own.db.url);
    await admin.connect();
    await admin.query(`create role ${role} login password 'secret'`);
    await admin.query(`grant select, insert, update on all tables in schema public to ${role}`);
    await admin.query(`grant usage on all sequences in schema public to ${role}`);
    const url = new URL(own.db.url);
    url.username = role;
    url.password = 'secret';
    const orm = await openOrm({ url: url.toString(), poolMax: 1 });
    try {
      await expect(orm.em.getConnection().execute('set session_replication_role = replica')).rejects.toThrow(/permission denied/);
      const em = unscopedEm(own.orm);
      em.create(Company, { id: studio, name: 'Studio', timezone: 'Europe/London', currency: 'GBP' });
      await em.flush();
      const broken = validBundle() as Editable;
      broken.events[0].dates[0].capacity = 1;
      await expect(importBundle(orm, studio, broken)).rejects.toThrow('events[0].dates[0].capacity: its live bookings take 2 spaces, more than the capacity of 1');
      expect(await companyEm(own.orm, studio).count(Customer, {})).toBe(0);
      const { counts } = await importBundle(orm, studio, validBundle());
      expect(counts).toMatchObject({ bookings: 4, waitlistEntries: 5 });
      expect(await companyEm(own.orm, studio).count(Booking, {})).toBe(4);
      expect(await companyEm(own.orm, studio).count(WaitlistEntry, {})).toBe(5);
    } finally {
      await orm.close();
      await admin.query(`drop owned by ${role}`);
      await admin.query(`drop role ${role}`);
      await admin.end();
      await own.close();
    }
  });
});

describe('the example bundles of docs/import.md', () => {
  const examples = async () => {
    const documentation = await readFile(new URL('../docs/import.md', import.meta.url), 'utf8');
    return [...documentation.matchAll(/```jsonc\n([\s\S]*?)\n```/g)].map((match) => JSON.parse(match[1]!));
  };

  it('imports as documented', async () => {
    const [example] = await examples();
    const own = await testOrm();
    try {
      const em = unscopedEm(own.orm);
      em.create(Company, { id: studio, name: 'Studio', timezone: 'Europe/London', currency: 'GBP' });
      await em.flush();
      const { counts } = await importBundle(own.orm, studio, example);
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(19);
      const scoped = companyEm(own.orm, studio);
      expect((await scoped.findOneOrFail(EventDate, { id: 'date_y1' })).spacesBooked).toBe(1);
      expect((await scoped.findOneOrFail(Appointment, { id: 'appt_1' })).blockedUntil.toISOString()).toBe('2026-12-07T11:15:00.000Z');
    } finally {
      await own.close();
    }
  });
  it('imports the cancelled date and the waitlists as documented, the line in its order', async () => {
    const [, example] = await examples();
    const own = await testOrm();
    try {
      const em = unscopedEm(own.orm);
      em.create(Company, { id: studio, name: 'Studio', timezone: 'Europe/London', currency: 'GBP' });
      await em.flush();
      const { counts } = await importBundle(own.orm, studio, example);
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(20);
      const scoped = companyEm(own.orm, studio);
      expect(await scoped.findOneOrFail(EventDate, { id: 'date_y1' })).toMatchObject({ spacesBooked: 2, cancelledAt: null });
      expect(await scoped.findOneOrFail(EventDate, { id: 'date_y2' })).toMatchObject({ spacesBooked: 0, cancelledAt: new Date('2026-12-01T16:00:00Z') });
      const line = await scoped.find(WaitlistEntry, { eventDate: { id: 'date_y1' } }, { orderBy: { place: 'asc' } });
      expect(line.map((w) => [w.customer.id, w.status])).toEqual([['cust_d', 'SKIPPED'], ['cust_b', 'PROMOTED'], ['cust_c', 'WAITING']]);
      // Written as an export writes them, they export unchanged.
      const { bundle } = await exportBundle(own.orm, studio);
      expect(bundle.waitlistEntries).toEqual(example.waitlistEntries);
      expect(bundle.events![0]!.dates).toEqual(example.events[0].dates);
    } finally {
      await own.close();
    }
  });
});

describe('planner statistics', () => {
  it('analyses the imported tables, so the first reads are planned on real row counts', async () => {
    const own = await testOrm();
    const client = new pg.Client(own.db.url);
    await client.connect();
    try {
      const em = unscopedEm(own.orm);
      em.create(Company, { id: studio, name: 'Studio', timezone: 'Europe/London', currency: 'GBP' });
      await em.flush();
      await importBundle(own.orm, studio, validBundle());
      // ANALYZE sets the catalogue's row estimates (-1 until a table was analysed or vacuumed).
      const { rows } = await client.query<{ relname: string; analysed: boolean }>(
        `select relname, reltuples >= 0 as analysed from pg_class where relname in ('customer', 'event_transaction', 'booking')`,
      );
      expect(rows.sort((a, b) => a.relname.localeCompare(b.relname))).toEqual([
        { relname: 'booking', analysed: true },
        { relname: 'customer', analysed: true },
        { relname: 'event_transaction', analysed: true },
      ]);
    } finally {
      await client.end();
      await own.close();
    }
  });
});
