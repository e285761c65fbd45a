/**
 * Reports (docs/reports.md): each figure counted from the records the graph lists, by day, week or month in
 * the company's timezone; a report that moves by exactly one booking's price and one new customer when they
 * are made; the range's bounds; the scope reports:read (owners and admins in the console); the CSV form.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { consoleCall, signIn } from './support/console.ts';
import { call, consoleUser, startStudio, type Studio } from './support/studio.ts';

const NOW = '2026-11-21T12:00:00Z';
const card = (gross: number, net = gross) => ({ method: 'CARD', currency: 'GBP', base100GrossPrice: gross, base100NetPrice: net });
const appointment = (id: string, day: string, status: string, paymentStatus: string) => ({
  id, customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: `2026-11-${day}T10:00:00`, status,
  payment: { method: 'CARD', currency: 'GBP', base100PricePaid: 5000, status: paymentStatus },
});

const bundle = {
  format: 1,
  customers: [
    { id: 'cust_ada', firstname: 'Ada', lastname: 'R', email: 'ada@example.com', createdAt: '2026-10-01T10:00:00Z' },
    { id: 'cust_bob', firstname: 'Bob', lastname: 'R', email: 'bob@example.com', createdAt: '2026-11-05T10:00:00Z' },
    { id: 'cust_cy', firstname: 'Cy', lastname: 'R', email: 'cy@example.com', createdAt: '2026-11-20T10:00:00Z' },
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time): a July customer.
    { id: 'cust_july', firstname: 'Jul', lastname: 'R', email: 'jul@example.com', createdAt: '2026-06-30T23:30:00Z' },
    { id: 'cust_gone', firstname: 'Gone', lastname: 'R', email: 'gone@example.com', createdAt: '2026-11-06T10:00:00Z', deleted: true },
  ],
  events: [{
    id: 'evt_yoga', name: 'Yoga', timezone: 'Europe/London',
    dates: [
      { id: 'date_10', datetime: '2026-11-10T09:00:00', duration: 60, capacity: 10 },
      { id: 'date_17', datetime: '2026-11-17T09:00:00', duration: 60, capacity: 8 },
      { id: 'date_28', datetime: '2026-11-28T09:00:00', duration: 60, capacity: 6 },
    ],
    pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1200, credits: 1 }],
  }],
  transactions: [
    { id: 'txn_ada', customerId: 'cust_ada', purchaseDate: '2026-11-09T10:00:00', bookings: [
      { id: 'booking_ada', eventDateId: 'date_10', pricingOptionId: 'po-dropin', spaces: 1, attended: true, payment: card(1200, 1000) },
    ] },
    { id: 'txn_bob', customerId: 'cust_bob', purchaseDate: '2026-11-09T11:00:00', bookings: [
      { id: 'booking_bob', eventDateId: 'date_10', pricingOptionId: 'po-dropin', spaces: 2, attended: false, payment: card(2400) },
    ] },
    { id: 'txn_refunded', customerId: 'cust_cy', purchaseDate: '2026-11-09T12:00:00', bookings: [
      { id: 'booking_refunded', eventDateId: 'date_10', pricingOptionId: 'po-dropin', spaces: 1, isCancelled: true, isRefunded: true, payment: card(1200) },
    ] },
  ],
  facilitators: [{ id: 'fac_jo', name: 'Jo', timezone: 'Europe/London', weeklyWindows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })) }],
  services: [{ id: 'svc_massage', name: 'Massage', bufferMinutes: 0, options: [{ name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 2 }] }],
  appointments: [
    appointment('appt_done', '12', 'COMPLETED', 'PAID'),
    appointment('appt_missed', '13', 'NO_SHOW', 'PENDING'),
    appointment('appt_cancelled', '14', 'CANCELLED', 'PAID'),
  ],
  passes: [{ id: 'pass_10', name: '10 classes', credits: 10, validityDays: 90, base100Price: 9000 }],
  passPurchases: [
    { id: 'package_ada', customerId: 'cust_ada', passId: 'pass_10', creditsAllocated: 10, createdAt: '2026-11-01T10:00:00Z', starts: '2026-11-01', expires: '2027-01-30',
      payment: { currency: 'GBP', base100GrossPrice: 9000, base100Discount: 0, base100NetPrice: 9000 } },
    { id: 'package_refunded', customerId: 'cust_bob', passId: 'pass_10', creditsAllocated: 10, createdAt: '2026-11-02T10:00:00Z', starts: '2026-11-02', expires: '2027-01-30',
      isCancelled: true, isRefunded: true, payment: { currency: 'GBP', base100GrossPrice: 9000, base100Discount: 0, base100NetPrice: 9000 } },
  ],
} as unknown as Bundle;

const FIGURES = 'revenue { currency base100Amount } eventBookings attended noShows spacesBooked spacesOffered appointments appointmentsCompleted appointmentsNoShow newCustomers';
const REPORT = `query ($from: Date!, $to: Date!, $by: ReportInterval) { report(from: $from, to: $to, by: $by) { periods { start end figures { ${FIGURES} } } totals { ${FIGURES} } } }`;

let studio: Studio;
let token: string;

const graphql = async (query: string, variables: Record<string, unknown> = {}, as = token) =>
  (await call(`${studio.url}/graphql`, as, { method: 'POST', body: { query, variables } })).body;
const report = async (from: string, to: string, by?: string) => {
  const body = await graphql(REPORT, { from, to, by });
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.report;
};
const none = { revenue: [], eventBookings: 0, attended: 0, noShows: 0, spacesBooked: 0, spacesOffered: 0, appointments: 0, appointmentsCompleted: 0, appointmentsNoShow: 0, newCustomers: 0 };

beforeAll(async () => {
  studio = await startStudio({ bundle, clock: new FixedClock(NOW) });
  token = await studio.token();
});
afterAll(() => studio?.close());

describe('report', () => {
  it('counts each figure of November from the records: money less refunds, live bookings, attendance, spaces, appointments by outcome, new customers', async () => {
    const { periods, totals } = await report('2026-11-01', '2026-11-30', 'MONTH');
    expect(periods).toEqual([{ start: '2026-11-01', end: '2026-11-30', figures: totals }]);
    expect(totals).toEqual({
      // Ada's booking 1000 net, Bob's 2400, Ada's pass 9000, and the two appointments paid 5000 each (the one
      // cancelled after it was paid kept its money); refunds and the unpaid no-show add nothing.
      revenue: [{ currency: 'GBP', base100Amount: 1000 + 2400 + 9000 + 5000 + 5000 }],
      eventBookings: 2, attended: 1, noShows: 1,
      spacesBooked: 3, spacesOffered: 10 + 8 + 6,
      appointments: 2, appointmentsCompleted: 1, appointmentsNoShow: 1,
      // Bob and Cy; the deleted customer is not counted.
      newCustomers: 2,
    });
  });

  it('cuts a range into ISO weeks, the first and last cut to the range, with empty weeks listed', async () => {
    const { periods } = await report('2026-11-04', '2026-11-18', 'WEEK');
    expect(periods.map((p: { start: string; end: string }) => [p.start, p.end])).toEqual([
      ['2026-11-04', '2026-11-08'], ['2026-11-09', '2026-11-15'], ['2026-11-16', '2026-11-18'],
    ]);
    expect(periods[0].figures).toEqual({ ...none, newCustomers: 1 });
    expect(periods[1].figures).toMatchObject({ revenue: [{ currency: 'GBP', base100Amount: 3400 + 5000 + 5000 }], eventBookings: 2, spacesOffered: 10, appointments: 2 });
    expect(periods[2].figures).toEqual({ ...none, spacesOffered: 8 });
  });

  it("places records by the company's timezone", async () => {
    const { periods } = await report('2026-06-01', '2026-07-31', 'MONTH');
    expect(periods.map((p: { start: string; figures: { newCustomers: number } }) => [p.start, p.figures.newCustomers])).toEqual([['2026-06-01', 0], ['2026-07-01', 1]]);
  });

  it('moves by exactly one booking\'s price and one new customer when they are made', async () => {
    const before = await report('2026-11-15', '2026-11-30');
    const created = await graphql('mutation { createCustomer(input: { firstName: "Dee", lastName: "R", email: "dee@example.com" }) { id } }');
    const booked = await graphql(
      `mutation ($input: BookEventInput!) { bookEvent(input: $input) { bookings { payment { ... on CardPayment { base100NetPrice } } } } }`,
      { input: { customerId: created.data.createCustomer.id, eventDateId: 'date_28', pricingOptionId: 'po-dropin', payWith: 'CARD' } },
    );
    const price = booked.data.bookEvent.bookings[0].payment.base100NetPrice;
    expect(price).toBe(1200);
    const after = await report('2026-11-15', '2026-11-30');

    // Bought and created today (the 21st); the booking counts on its date's day (the 28th).
    const expected = structuredClone(before);
    const today = expected.periods.find((p: { start: string }) => p.start === '2026-11-21');
    const dateDay = expected.periods.find((p: { start: string }) => p.start === '2026-11-28');
    today.figures.revenue = [{ currency: 'GBP', base100Amount: price }];
    today.figures.newCustomers += 1;
    dateDay.figures.eventBookings += 1;
    dateDay.figures.spacesBooked += 1;
    expected.totals.revenue = [{ currency: 'GBP', base100Amount: (before.totals.revenue[0]?.base100Amount ?? 0) + price }];
    expected.totals.newCustomers += 1;
    expected.totals.eventBookings += 1;
    expected.totals.spacesBooked += 1;
    expect(after).toEqual(expected);
  });

  it.each([
    ['DAY', '2026-01-01', '2027-01-01', 'OK'],
    ['DAY', '2026-01-01', '2027-01-02', 'BAD_USER_INPUT'],
    ['WEEK', '2024-01-01', '2026-12-31', 'OK'],
    ['MONTH', '2024-01-01', '2027-01-01', 'BAD_USER_INPUT'],
    ['DAY', '2026-11-02', '2026-11-01', 'BAD_USER_INPUT'],
  ])('by %s from %s to %s: %s', async (by, from, to, answer) => {
    const body = await graphql(REPORT, { from, to, by });
    expect(body.errors?.[0].extensions.code ?? 'OK').toBe(answer);
    if (answer !== 'OK') expect(body.errors[0].extensions.field).toBe('to');
  });

  it('needs reports:read: an API client without it and console staff are refused, owners and admins read it', async () => {
    const without = await studio.token(ALL_SCOPES.filter((scope) => scope !== 'reports:read'));
    const refused = await graphql(REPORT, { from: '2026-11-01', to: '2026-11-30' }, without);
    expect(refused.errors[0]).toMatchObject({ message: 'Missing required scope: reports:read', extensions: { code: 'FORBIDDEN' } });
    for (const [role, code] of [['staff', 'FORBIDDEN'], ['admin', 'OK'], ['owner', 'OK']] as const) {
      const { cookie } = await signIn(studio.url, await consoleUser(studio, role));
      const answer = await consoleCall(studio.url, REPORT, { cookie, variables: { from: '2026-11-01', to: '2026-11-30', by: 'MONTH' } });
      expect(answer.body.errors?.[0].extensions.code ?? 'OK').toBe(code);
    }
  });

  it('gives the report as CSV: a header, a row per period and the totals, money in pounds', async () => {
    const body = await graphql('{ report(from: "2026-11-09", to: "2026-11-10") { csv } }');
    expect(body.data.report.csv.split('\r\n')).toEqual([
      'period start,period end,revenue GBP,eventBookings,attended,noShows,spacesBooked,spacesOffered,appointments,appointmentsCompleted,appointmentsNoShow,newCustomers',
      '2026-11-09,2026-11-09,34.00,0,0,0,0,0,0,0,0,0',
      '2026-11-10,2026-11-10,0.00,2,1,1,3,10,0,0,0,0',
      'total,,34.00,2,1,1,3,10,0,0,0,0',
      '',
    ]);
  });
});
