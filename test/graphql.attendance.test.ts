/**
 * Event bookings at the desk (docs/lifecycles.md): attendance taken once a date has started, never on a
 * cancelled booking, read back in the M2M register; a booking with attendance is not cancelled until it is
 * cleared; and one live booking per attendee and event date, kept by the database under simultaneous bookings,
 * with the webhooks of a booking unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const NOW = '2026-11-21T12:00:00Z';
const customers = ['ada', 'bob', 'cy', ...Array.from({ length: 12 }, (_, i) => `c${i}`)].map((name) => ({
  id: `cust_${name}`, firstname: name, lastname: 'Test', email: `${name}@example.com`,
}));
const cardPayment = { method: 'CARD', base100GrossPrice: 1000, base100NetPrice: 1000 };
const booking = (id: string, eventDateId: string, extra: object = {}) => ({ id, eventDateId, pricingOptionId: 'po-dropin', payment: cardPayment, ...extra });

const bundle = {
  format: 1,
  customers,
  events: [{
    id: 'evt_yoga', name: 'Yoga', kind: 'SCHEDULE', timezone: 'Europe/London',
    dates: [
      { id: 'date_past', datetime: '2026-11-20T09:00:00', duration: 60, capacity: 20 },
      // Starts at NOW exactly: it has started.
      { id: 'date_now', datetime: '2026-11-21T12:00:00', duration: 60, capacity: 20 },
      { id: 'date_future', datetime: '2026-12-01T09:00:00', duration: 60, capacity: 20 },
      { id: 'date_busy', datetime: '2026-12-02T09:00:00', duration: 60, capacity: 30 },
    ],
    pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1000, credits: 1 }],
  }],
  transactions: [
    { id: 'txn_ada', customerId: 'cust_ada', purchaseDate: '2026-11-01T10:00:00', bookings: [
      booking('booking_came', 'date_past'), booking('booking_gift', 'date_past', { boughtForId: 'cust_cy' }), booking('booking_future', 'date_future'),
      booking('booking_now', 'date_now'),
    ] },
    { id: 'txn_bob', customerId: 'cust_bob', purchaseDate: '2026-11-02T10:00:00', bookings: [booking('booking_cancelled', 'date_past', { isCancelled: true })] },
  ],
} as unknown as Bundle;

let studio: Studio;
let token: string;
let sql: pg.Client;

const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
  (await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } })).body;
const answerOf = (body: any) => (body.errors ? body.errors[0].extensions.code : 'OK');
const ATTEND = 'mutation ($id: ID!, $attended: Boolean) { setBookingAttendance(id: $id, attended: $attended) { id attended } }';
const CANCEL = 'mutation ($id: ID!) { cancelBooking(id: $id) { id isCancelled } }';
const BOOK = 'mutation ($input: BookEventInput!) { bookEvent(input: $input) { id bookings { id boughtFor { id } } } }';
const attendedOf = async (id: string) =>
  (await graphql('{ customer(id: "cust_ada") { transaction(id: "txn_ada") { bookings { id attended } } } }'))
    .data.customer.transaction.bookings.find((b: { id: string }) => b.id === id)?.attended;
const register = async (dateId: string) =>
  (await call(`${studio.m2m}/event/evt_yoga/dates/${dateId}/register?pageSize=100`, token)).body.data as { id: string; attended: boolean | null }[];
const book = (customerId: string, eventDateId: string, boughtForId?: string) =>
  graphql(BOOK, { input: { customerId, eventDateId, pricingOptionId: 'po-dropin', payWith: 'CARD', ...(boughtForId && { boughtForId }) } });

beforeAll(async () => {
  studio = await startStudio({ bundle, clock: new FixedClock(NOW), env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000' } });
  token = await studio.token();
  sql = new pg.Client(studio.app.database.url);
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await studio?.close();
});

describe('setBookingAttendance', () => {
  it.each([
    ['a booking whose date has started: attended', 'booking_came', true, 'OK', true],
    ['the same booking: a no-show after all', 'booking_came', false, 'OK', false],
    ['the same booking: cleared', 'booking_came', null, 'OK', null],
    ['a booking whose date starts this very moment', 'booking_now', true, 'OK', true],
    ['a booking bought for someone else', 'booking_gift', false, 'OK', false],
    ['a booking whose date has not started', 'booking_future', true, 'CONFLICT', null],
  ] as const)('%s (%s)', async (_case, id, attended, answer, after) => {
    const body = await graphql(ATTEND, { id, attended });
    expect(answerOf(body)).toBe(answer);
    if (answer === 'CONFLICT') expect(body.errors[0].message).toBe('The event date starts at 2026-12-01T09:00:00: attendance is taken once it has started');
    expect(await attendedOf(id)).toBe(after);
  });

  it('refuses a cancelled booking, naming it cancelled', async () => {
    const body = await graphql(ATTEND, { id: 'booking_cancelled', attended: true });
    expect(body.errors[0]).toMatchObject({ message: 'The booking is cancelled: its attendance cannot be marked', extensions: { code: 'CONFLICT' } });
  });

  it('shows in the M2M register as true, false or null on each row', async () => {
    await graphql(ATTEND, { id: 'booking_came', attended: true });
    const rows = await register('date_past');
    expect(rows.map((r) => [r.id, r.attended])).toEqual([['booking_came', true], ['booking_cancelled', null], ['booking_gift', false]]);
    expect(rows.find((r) => r.id === 'booking_gift')).toMatchObject({ customer: { id: 'cust_cy' }, purchased_by: { id: 'cust_ada' } });
  });
});

describe('cancelling a booking with attendance', () => {
  it('is refused, naming the attendance, until the attendance is cleared', async () => {
    await graphql(ATTEND, { id: 'booking_now', attended: true });
    const refused = await graphql(CANCEL, { id: 'booking_now' });
    expect(refused.errors[0]).toMatchObject({ message: 'The booking is marked attended: clear its attendance before cancelling it', extensions: { code: 'CONFLICT' } });
    await graphql(ATTEND, { id: 'booking_now', attended: null });
    expect((await graphql(CANCEL, { id: 'booking_now' })).data.cancelBooking).toEqual({ id: 'booking_now', isCancelled: true });
  });
});

describe('one live booking per attendee and event date', () => {
  it('refuses a second booking of the same attendee, naming them, whoever pays', async () => {
    const again = await book('cust_ada', 'date_future');
    expect(again.errors[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
    expect(again.errors[0].message).toMatch(/^ada Test already holds a live booking on this event date/);
    expect(answerOf(await book('cust_bob', 'date_future', 'cust_ada'))).toBe('CONFLICT');
  });

  it('lets the payer book for someone else, and the attendee book again once the first is cancelled', async () => {
    const gift = await book('cust_ada', 'date_future', 'cust_bob');
    expect(gift.data.bookEvent.bookings[0].boughtFor).toEqual({ id: 'cust_bob' });
    expect(answerOf(await graphql(CANCEL, { id: 'booking_future' }))).toBe('OK');
    expect(answerOf(await book('cust_ada', 'date_future'))).toBe('OK');
  });

  it('gives exactly 1 success and 9 CONFLICT for 10 simultaneous bookings of one attendee, and holds only its space', async () => {
    const results = await Promise.all(customers.slice(3, 13).map((payer) => book(payer.id, 'date_busy', 'cust_cy')));
    expect(results.map(answerOf).sort()).toEqual([...Array(9).fill('CONFLICT'), 'OK']);
    const { rows } = await sql.query(`select d.spaces_booked, (select count(*)::int from booking b where b.event_date_id = d.id and not b.is_cancelled) as live
      from event_date d where d.id = 'date_busy'`);
    expect(rows[0]).toEqual({ spaces_booked: 1, live: 1 });
  });

  it('writes registration.created for the attendee of a booking made for someone else, as before', async () => {
    const gift = await book('cust_c11', 'date_future', 'cust_c10');
    const { rows } = await sql.query(`select kind, payload from webhook_event where payload->>'registrationId' = $1`, [gift.data.bookEvent.bookings[0].id.replace('booking_', 'reg_')]);
    expect(rows).toEqual([{ kind: 'registration.created', payload: expect.objectContaining({ customerId: 'cust_c10', customerEmail: 'c10@example.com', spots: 1 }) }]);
  });
});
