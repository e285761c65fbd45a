/** Document 1, GET /customer/{id}/bookings and /booking/{bookingId}: filters, defaults and paging at fixed dates. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const customer = (id: string, firstname: string) => ({
  id, firstname, lastname: 'Test', email: `${firstname.toLowerCase()}@example.com`, mobile: '', archived: false, deleted: false,
  createdAt: '2026-01-02T10:00:00Z',
});
const booking = (id: string, eventDateId: string, extra: Record<string, unknown> = {}) => ({
  id, eventDateId, pricingOptionId: 'po-dropin', spaces: 1, boughtForId: null, isCancelled: false, isRefunded: false,
  payment: { method: 'CARD', currency: 'GBP', base100GrossPrice: 1200, base100NetPrice: 1000 }, ...extra,
});
const transaction = (id: string, customerId: string, purchaseDate: string, bookings: unknown[]) => ({ id, customerId, purchaseDate, bookings });

const bundle = {
  format: 1,
  customers: [customer('cust_ada', 'Ada'), customer('cust_bob', 'Bob')],
  events: [{
    id: 'evt_yoga', name: 'Morning Yoga', description: '', timezone: 'Europe/London',
    dates: [
      { id: 'date_past', datetime: '2026-11-15T09:00:00', duration: 60, capacity: 20 },
      // One date per booking of Ada's: an attendee holds one live booking per date.
      { id: 'date_august', datetime: '2026-08-25T09:00:00', duration: 60, capacity: 20 },
      { id: 'date_september', datetime: '2026-09-01T09:00:00', duration: 60, capacity: 20 },
      { id: 'date_november', datetime: '2026-11-12T09:00:00', duration: 60, capacity: 20 },
      { id: 'date_future', datetime: '2026-12-01T09:00:00', duration: 60, capacity: 20 },
    ],
    pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1200, credits: 1 }],
  }],
  transactions: [
    transaction('txn_older', 'cust_ada', '2026-08-20T23:59:00', [booking('booking_older', 'date_august')]),
    transaction('txn_edge', 'cust_ada', '2026-08-21T00:30:00', [booking('booking_edge', 'date_september')]),
    transaction('txn_past', 'cust_ada', '2026-11-10T23:59:00', [booking('booking_past', 'date_november')]),
    transaction('txn_future', 'cust_ada', '2026-11-20T12:00:00', [
      booking('booking_future', 'date_future', { boughtForId: 'cust_bob', spaces: 2 }),
      booking('booking_mixed_past', 'date_past'),
    ]),
    transaction('txn_bob', 'cust_bob', '2026-11-19T12:00:00', [booking('booking_bob', 'date_past')]),
  ],
} as unknown as Bundle;

let studio: Studio;
let token: string;
const ids = (body: { data: { id: string }[] }) => body.data.map((t) => t.id);
const bookings = (query = '', customerId = 'cust_ada') => call(`${studio.m2m}/customer/${customerId}/bookings${query}`, token);

beforeAll(async () => {
  // 2026-11-21 in London: the default start date is 2026-08-21.
  studio = await startStudio({ bundle, clock: new FixedClock('2026-11-21T15:00:00Z') });
  token = await studio.token(['bookings:read']);
});
afterAll(() => studio.close());

describe('GET /customer/{id}/bookings', () => {
  it('starts 3 months before today in the company timezone, inclusive, newest first', async () => {
    const { status, body } = await bookings();
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['txn_future', 'txn_past', 'txn_edge']);
    expect(body).toMatchObject({ total: 3, page: 0, pageSize: 30 });
  });

  it('takes an earlier startDate for older bookings', async () => {
    expect(ids((await bookings('?startDate=2026-08-20')).body)).toEqual(['txn_future', 'txn_past', 'txn_edge', 'txn_older']);
  });

  it('treats endDate as inclusive of the whole day', async () => {
    expect(ids((await bookings('?startDate=2026-01-01&endDate=2026-11-10')).body)).toEqual(['txn_past', 'txn_edge', 'txn_older']);
  });

  it('with future_only=true keeps only bookings whose event date is in the future', async () => {
    const { body } = await bookings('?future_only=true');
    expect(ids(body)).toEqual(['txn_future']);
    expect(body.data[0].bookings.map((b: { id: string }) => b.id)).toEqual(['booking_future']);
  });

  it('renders bookings as document 1 describes them', async () => {
    const { body } = await bookings();
    expect(body.data[0]).toEqual({
      id: 'txn_future',
      type: 'event-booking',
      purchase_date: '2026-11-20T12:00:00',
      bookings: [
        {
          id: 'booking_future', type: 'event-booking', is_cancelled: false, is_refunded: false, spaces: 2,
          purchased_by: { id: 'cust_ada', type: 'customer', firstname: 'Ada', lastname: 'Test', email: 'ada@example.com' },
          bought_for: { id: 'cust_bob', type: 'customer', firstname: 'Bob', lastname: 'Test', email: 'bob@example.com' },
          event: { id: 'evt_yoga', type: 'event', name: 'Morning Yoga', date: { id: 'date_future', type: 'event_date', datetime: '2026-12-01T09:00:00', tz: 'Europe/London', duration: 60 } },
          pricing_option: { id: 'po-dropin' },
          payment: { method: 'CARD', currency: 'GBP', base100gross_price: 1200, base100net_price: 1000 },
        },
        {
          id: 'booking_mixed_past', type: 'event-booking', is_cancelled: false, is_refunded: false, spaces: 1,
          purchased_by: { id: 'cust_ada', type: 'customer', firstname: 'Ada', lastname: 'Test', email: 'ada@example.com' },
          event: { id: 'evt_yoga', type: 'event', name: 'Morning Yoga', date: { id: 'date_past', type: 'event_date', datetime: '2026-11-15T09:00:00', tz: 'Europe/London', duration: 60 } },
          pricing_option: { id: 'po-dropin' },
          payment: { method: 'CARD', currency: 'GBP', base100gross_price: 1200, base100net_price: 1000 },
        },
      ],
    });
  });

  it.each([
    ['?page=0&pageSize=2', ['txn_future', 'txn_past']],
    ['?page=1&pageSize=2', ['txn_edge']],
    ['?page=2&pageSize=2', []],
    ['?pageSize=100', ['txn_future', 'txn_past', 'txn_edge']],
  ])('pages with %s', async (query, expected) => {
    const { body } = await bookings(query);
    expect(ids(body)).toEqual(expected);
    expect(body.total).toBe(3);
  });

  it.each([
    ['pageSize=101', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['future_only=yes', 'future_only'],
    ['startDate=2026-13-01', 'startDate'],
    ['startDate=2026-11-10&endDate=2026-11-01', 'endDate'],
  ])('refuses %s with 400 naming %s', async (query, parameter) => {
    const { status, body } = await bookings(`?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatch(new RegExp(`^${parameter}\\b`));
  });

  it('answers 404 for a customer that does not exist', async () => {
    expect((await bookings('', 'cust_nobody')).status).toBe(404);
  });
});

describe('GET /customer/{id}/booking/{bookingId}', () => {
  it('returns one transaction of the customer', async () => {
    const { status, body } = await call(`${studio.m2m}/customer/cust_ada/booking/txn_older`, token);
    expect(status).toBe(200);
    expect(body.data.id).toBe('txn_older');
  });

  it("answers 404 for another customer's transaction, as for one that does not exist", async () => {
    const other = await call(`${studio.m2m}/customer/cust_ada/booking/txn_bob`, token);
    const missing = await call(`${studio.m2m}/customer/cust_ada/booking/txn_nothing`, token);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
  });
});
