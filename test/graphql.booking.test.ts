/**
 * The booking mutations' invariants under load, against the real database: one slot, one appointment;
 * credits never below zero; capacity never exceeded; a voucher never past its limit.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const customers = Array.from({ length: 50 }, (_, i) => ({
  id: `cust_c${i}`, firstname: `Customer${i}`, lastname: 'Test', email: `c${i}@example.com`, mobile: '', archived: false, deleted: false,
  createdAt: '2026-01-02T10:00:00Z',
}));

const bundle = {
  format: 1,
  customers,
  facilitators: [{
    id: 'fac_jo', name: 'Jo', timezone: 'Europe/London',
    weeklyWindows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
    dateOverrides: [],
  }],
  services: [{
    id: 'svc_massage', name: 'Massage', description: '', bufferMinutes: 15, active: true, deleted: false,
    options: [{ name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 1, active: true, deleted: false }],
  }],
  events: [{
    id: 'evt_yoga', name: 'Yoga', description: '', timezone: 'Europe/London',
    dates: [
      { id: 'date_small', datetime: '2026-12-01T09:00:00', duration: 60, capacity: 10 },
      { id: 'date_big', datetime: '2026-12-02T09:00:00', duration: 60, capacity: 100 },
    ],
    pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1000, credits: 1 }],
  }],
  passes: [{ id: 'pass_5', name: '5 classes', credits: 5, validityDays: 90, base100Price: 4000, active: true }],
  passPurchases: [{
    id: 'package_five', customerId: 'cust_c0', passId: 'pass_5', creditsAllocated: 5, creditsConsumed: 0,
    createdAt: '2026-11-01T10:00:00Z', starts: '2026-11-01', expires: '2027-01-30', isCancelled: false, isRefunded: false,
    payment: { currency: 'GBP', base100GrossPrice: 4000, base100Discount: 0, base100NetPrice: 4000 },
  }, {
    id: 'package_last', customerId: 'cust_c2', passId: 'pass_5', creditsAllocated: 5, creditsConsumed: 4,
    createdAt: '2026-11-01T10:00:00Z', starts: '2026-11-01', expires: '2027-01-30', isCancelled: false, isRefunded: false,
    payment: { currency: 'GBP', base100GrossPrice: 4000, base100Discount: 0, base100NetPrice: 4000 },
  }],
  vouchers: [{ id: 'vch_three', code: 'THREE', description: '', percentOff: 50, base100AmountOff: null, validFrom: null, validUntil: null, maxRedemptions: 3, active: true }],
} as unknown as Bundle;

let studio: Studio;
let token: string;
let sql: pg.Client;

const graphql = (query: string, variables: Record<string, unknown>) =>
  call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } });
const codes = (results: { body: any }[]) => {
  const tally: Record<string, number> = {};
  for (const { body } of results) {
    const code = body.errors ? body.errors[0].extensions.code : 'OK';
    tally[code] = (tally[code] ?? 0) + 1;
  }
  return tally;
};

const BOOK_APPOINTMENT = `mutation ($input: BookAppointmentInput!) { bookAppointment(input: $input) { id status datetime } }`;
const BOOK_EVENT = `mutation ($input: BookEventInput!) { bookEvent(input: $input) { id bookings { id spaces payment { ... on CardPayment { net: base100NetPrice } } } } }`;

beforeAll(async () => {
  studio = await startStudio({
    bundle,
    clock: new FixedClock('2026-11-21T12:00:00Z'),
    env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000', CACHE_TTL_SECONDS: '0' },
  });
  token = await studio.token();
  sql = new pg.Client(studio.app.database.url);
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await studio.close();
});

describe('bookAppointment', () => {
  it('gives exactly 1 success and 49 CONFLICT for 50 simultaneous bookings of one slot', async () => {
    const results = await Promise.all(customers.map((c) => graphql(BOOK_APPOINTMENT, {
      input: { customerId: c.id, serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-12-07T10:00:00', payWith: 'CARD' },
    })));
    expect(codes(results)).toEqual({ OK: 1, CONFLICT: 49 });
    const { rows } = await sql.query(`select count(*)::int as n from appointment where facilitator_id = 'fac_jo' and status <> 'CANCELLED'`);
    expect(rows[0].n).toBe(1);
  });

  it('refuses a booking inside the buffer of another and accepts one after it', async () => {
    const book = (datetime: string) => graphql(BOOK_APPOINTMENT, {
      input: { customerId: 'cust_c1', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime, payWith: 'CARD' },
    });
    expect((await book('2026-12-07T11:10:00')).body.errors[0].extensions.code).toBe('CONFLICT');
    expect((await book('2026-12-07T11:15:00')).body.data.bookAppointment.status).toBe('SCHEDULED');
  });

  it('refuses an appointment that does not fit inside a window', async () => {
    const { body } = await graphql(BOOK_APPOINTMENT, {
      input: { customerId: 'cust_c1', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-12-07T19:30:00', payWith: 'CARD' },
    });
    expect(body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'datetime' });
  });
});

describe('bookEvent', () => {
  it('gives exactly 5 successes for 20 simultaneous PASS bookings against 5 credits, never below zero', async () => {
    const results = await Promise.all(customers.slice(30, 50).map((friend) => graphql(BOOK_EVENT, {
      input: { customerId: 'cust_c0', eventDateId: 'date_big', pricingOptionId: 'po-dropin', boughtForId: friend.id, payWith: 'PASS', packageId: 'package_five' },
    })));
    expect(codes(results)).toEqual({ OK: 5, CONFLICT: 15 });
    const { rows } = await sql.query(`select credits_consumed from pass_purchase where id = 'package_five'`);
    expect(rows[0].credits_consumed).toBe(5);
  });

  it('never sells an event date past its capacity', async () => {
    const results = await Promise.all(customers.slice(0, 30).map((c) => graphql(BOOK_EVENT, {
      input: { customerId: c.id, eventDateId: 'date_small', pricingOptionId: 'po-dropin', payWith: 'CARD' },
    })));
    expect(codes(results)).toEqual({ OK: 10, CONFLICT: 20 });
    const { rows } = await sql.query(`select spaces_booked, (select coalesce(sum(spaces), 0)::int from booking where event_date_id = 'date_small' and not is_cancelled) as live from event_date where id = 'date_small'`);
    expect(rows[0]).toEqual({ spaces_booked: 10, live: 10 });
  });

  it('applies a voucher once per purchase and never past its redemption limit', async () => {
    const results = await Promise.all(customers.slice(10, 20).map((c) => graphql(BOOK_EVENT, {
      input: { customerId: c.id, eventDateId: 'date_big', pricingOptionId: 'po-dropin', spaces: 2, payWith: 'CARD', voucherCode: 'THREE' },
    })));
    expect(codes(results)).toEqual({ OK: 3, CONFLICT: 7 });
    const nets = results.filter((r) => !r.body.errors).map((r) => r.body.data.bookEvent.bookings[0].payment.net);
    expect(nets).toEqual([1000, 1000, 1000]);
    const { rows } = await sql.query(`select redemptions from voucher where id = 'vch_three'`);
    expect(rows[0].redemptions).toBe(3);
  });

  it('rolls back everything when a PASS booking runs out of credits after its spaces were held: spaces, credits, transaction, bookings, outbox', async () => {
    const state = async () => (await sql.query(`select
      (select spaces_booked from event_date where id = 'date_big') as spaces,
      (select credits_consumed from pass_purchase where id = 'package_last') as credits,
      (select count(*)::int from event_transaction) as transactions,
      (select count(*)::int from booking) as bookings,
      (select count(*)::int from webhook_event) as events`)).rows[0];
    const before = await state();
    studio.app.statements.length = 0;
    const { body } = await graphql(BOOK_EVENT, {
      input: { customerId: 'cust_c2', eventDateId: 'date_big', pricingOptionId: 'po-dropin', spaces: 2, payWith: 'PASS', packageId: 'package_last' },
    });
    expect(body.errors[0]).toMatchObject({ message: 'Not enough credits left on package_last', extensions: { code: 'CONFLICT' } });
    const held = studio.app.statements.findIndex((statement) => /^update "?event_date"? set "?spaces_booked"? = spaces_booked \+/.test(statement));
    const drawn = studio.app.statements.findIndex((statement) => /^update "?pass_purchase"? set "?credits_consumed"?/.test(statement));
    expect(held).toBeGreaterThanOrEqual(0);
    expect(drawn).toBeGreaterThan(held);
    expect(await state()).toEqual(before);
  });
});
