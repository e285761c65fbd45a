/**
 * The timetable (docs/lifecycles.md, "Event dates"): dates added by a weekly rule local to the event's timezone,
 * across the March change of the clocks; bad rules refused naming the field and changing nothing; a date's
 * capacity never below its bookings; a cancelled date with every booking cancelled, credits back, card payments
 * refunded when asked, one `registration.cancelled` per booking, kept listed as cancelled on every door.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

/** Monday 1 March 2027, noon in London (GMT); the clocks go forward on Sunday 28 March. */
const NOW = '2027-03-01T12:00:00Z';
const customers = ['ada', 'bob', 'cy', 'dee'].map((name) => ({ id: `cust_${name}`, firstname: name, lastname: 'Test', email: `${name}@example.com` }));
const pass = (id: string, customerId: string) => ({
  id, customerId, passId: 'pass_5', creditsAllocated: 5, creditsConsumed: 0, createdAt: '2027-02-01T10:00:00Z', starts: '2027-02-01',
  expires: '2027-06-30', isCancelled: false, isRefunded: false, payment: { currency: 'GBP', base100GrossPrice: 4000, base100Discount: 0, base100NetPrice: 4000 },
});

const bundle = {
  format: 1,
  customers,
  events: [
    { id: 'evt_flow', name: 'Evening Flow', kind: 'SCHEDULE', timezone: 'Europe/London', dates: [], pricingOptions: [{ id: 'po-flow', name: 'Drop-in', base100Price: 1200, credits: 1 }] },
    {
      id: 'evt_yoga', name: 'Yoga', kind: 'SCHEDULE', timezone: 'Europe/London',
      dates: [
        { id: 'date_doomed', datetime: '2027-03-10T09:00:00', duration: 60, capacity: 10 },
        { id: 'date_sized', datetime: '2027-03-11T09:00:00', duration: 60, capacity: 10 },
      ],
      pricingOptions: [{ id: 'po-yoga', name: 'Drop-in', base100Price: 1000, credits: 2 }],
    },
  ],
  passes: [{ id: 'pass_5', name: '5 classes', credits: 5, validityDays: 150, base100Price: 4000, active: true }],
  passPurchases: [pass('package_ada', 'cust_ada'), pass('package_bob', 'cust_bob')],
} as unknown as Bundle;

let studio: Studio;
let token: string;
let sql: pg.Client;

const graphql = async (query: string, variables: Record<string, unknown> = {}, bearer = token) =>
  (await call(`${studio.url}/graphql`, bearer, { method: 'POST', body: { query, variables } })).body;
const codeOf = (body: any) => (body.errors ? body.errors[0].extensions.code : 'OK');
const count = async (query: string, params: unknown[]) => Number((await sql.query<{ n: string }>(query, params)).rows[0]!.n);

const ADD = `mutation ($eventId: ID!, $rule: RecurrenceInput!) { addRecurringDates(eventId: $eventId, rule: $rule) { id datetime startsAt tz duration capacity cancelled } }`;
const UPDATE = 'mutation ($id: ID!, $input: UpdateEventDateInput!) { updateEventDate(id: $id, input: $input) { id capacity duration spacesBooked } }';
const CANCEL_DATE = 'mutation ($id: ID!, $refund: Boolean) { cancelEventDate(id: $id, refund: $refund) { id cancelled capacity spacesBooked spacesLeft } }';
const BOOK = 'mutation ($input: BookEventInput!) { bookEvent(input: $input) { bookings { id } } }';
const tuesdays = { weekdays: [2], time: '18:00', duration: 60, capacity: 12, from: '2027-03-16', until: '2027-04-06', skip: ['2027-03-23'] };

beforeAll(async () => {
  studio = await startStudio({ bundle, clock: new FixedClock(NOW), env: { CACHE_TTL_SECONDS: '300' } });
  token = await studio.token();
  sql = new pg.Client(studio.app.database.url);
  await sql.connect();
});
afterAll(async () => {
  await sql.end();
  await studio.close();
});

describe('addRecurringDates', () => {
  it('keeps 18:00 local across the March change of the clocks: the instant moves an hour in UTC', async () => {
    const body = await graphql(ADD, { eventId: 'evt_flow', rule: tuesdays });
    expect(body.errors).toBeUndefined();
    expect(body.data.addRecurringDates.map((d: any) => [d.datetime, d.startsAt])).toEqual([
      ['2027-03-16T18:00:00', '2027-03-16T18:00:00.000Z'],
      // 23 March is skipped; from 28 March London is on BST (UTC+1).
      ['2027-03-30T18:00:00', '2027-03-30T17:00:00.000Z'],
      ['2027-04-06T18:00:00', '2027-04-06T17:00:00.000Z'],
    ]);
    expect(body.data.addRecurringDates[0]).toMatchObject({ tz: 'Europe/London', duration: 60, capacity: 12, cancelled: false });
  });

  it('adds several weekdays in date order, and never a start the event already has', async () => {
    const body = await graphql(ADD, { eventId: 'evt_flow', rule: { ...tuesdays, weekdays: [4, 2], skip: null } });
    // Tuesdays 16 and 30 March and 6 April exist already: only the 23rd and the Thursdays are new.
    expect(body.data.addRecurringDates.map((d: any) => d.datetime.slice(0, 10))).toEqual(['2027-03-18', '2027-03-23', '2027-03-25', '2027-04-01']);
    const again = await graphql(ADD, { eventId: 'evt_flow', rule: { ...tuesdays, weekdays: [4, 2], skip: null } });
    expect(again.data.addRecurringDates).toEqual([]);
    const dates = await graphql('{ event(id: "evt_flow") { dates { datetime } } }');
    expect(dates.data.event.dates).toHaveLength(7);
  });

  it.each([
    ['a weekday out of 1..7', { weekdays: [0] }, 'rule.weekdays[0]'],
    ['no weekday', { weekdays: [] }, 'rule.weekdays'],
    ['a weekday twice', { weekdays: [2, 2] }, 'rule.weekdays'],
    ['a time past 23:59', { time: '24:00' }, 'rule.time'],
    ['a time that is not HH:MM', { time: '6pm' }, 'rule.time'],
    ['a length of 0 minutes', { duration: 0 }, 'rule.duration'],
    ['no capacity', { capacity: 0 }, 'rule.capacity'],
    ['until before from', { from: '2027-04-01', until: '2027-03-20' }, 'rule.until'],
    ['more than a year of dates', { from: '2027-03-02', until: '2028-03-02' }, 'rule.until'],
    ['from before today', { from: '2027-02-28', until: '2027-03-20' }, 'rule.from'],
    ['weekdays that never fall in the range', { weekdays: [1], from: '2027-03-16', until: '2027-03-17', skip: null }, 'rule.weekdays'],
  ])('refuses %s with BAD_USER_INPUT naming the field, adding nothing', async (_name, change, field) => {
    const before = await count('select count(*) as n from event_date where event_id = $1', ['evt_yoga']);
    const body = await graphql(ADD, { eventId: 'evt_yoga', rule: { ...tuesdays, ...change } });
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].message).toMatch(new RegExp(`^${field.replace(/[[\]]/g, '\\$&')}: `));
    expect(await count('select count(*) as n from event_date where event_id = $1', ['evt_yoga'])).toBe(before);
  });

  it('needs events:write, and an event that exists', async () => {
    const desk = await studio.token(['bookings:write', 'events:read']);
    const refused = await graphql(ADD, { eventId: 'evt_yoga', rule: tuesdays }, desk);
    expect(refused.errors[0]).toMatchObject({ message: 'Missing required scope: events:write', extensions: { code: 'FORBIDDEN' } });
    expect(codeOf(await graphql(ADD, { eventId: 'evt_nope', rule: tuesdays }))).toBe('NOT_FOUND');
  });
});

describe('updateEventDate', () => {
  it('changes capacity and length, never below the spaces booked', async () => {
    await graphql(BOOK, { input: { customerId: 'cust_cy', eventDateId: 'date_sized', pricingOptionId: 'po-yoga', spaces: 3, payWith: 'CARD' } });
    const refused = await graphql(UPDATE, { id: 'date_sized', input: { capacity: 2 } });
    expect(refused.errors[0]).toMatchObject({ message: '3 spaces are booked on this event date: its capacity cannot go below that', extensions: { code: 'CONFLICT' } });
    const changed = await graphql(UPDATE, { id: 'date_sized', input: { capacity: 3, duration: 75 } });
    expect(changed.data.updateEventDate).toEqual({ id: 'date_sized', capacity: 3, duration: 75, spacesBooked: 3 });
    // M2M reads the change at once (its cache was dropped).
    const event = await call(`${studio.m2m}/event/evt_yoga`, token);
    expect(event.body.data.dates.find((d: any) => d.id === 'date_sized')).toMatchObject({ capacity: 3, duration: 75, spaces_left: 0, cancelled: false });
  });

  it('refuses an empty change, a capacity of 0 and an unknown date', async () => {
    expect(codeOf(await graphql(UPDATE, { id: 'date_sized', input: {} }))).toBe('BAD_USER_INPUT');
    expect((await graphql(UPDATE, { id: 'date_sized', input: { capacity: 0 } })).errors[0].message).toMatch(/^capacity: /);
    expect(codeOf(await graphql(UPDATE, { id: 'date_nope', input: { capacity: 5 } }))).toBe('NOT_FOUND');
  });
});

describe('cancelEventDate', () => {
  const bookings: Record<string, string> = {};

  beforeAll(async () => {
    const book = async (customerId: string, payWith: 'CARD' | 'PASS', spaces = 1) => {
      const body = await graphql(BOOK, { input: { customerId, eventDateId: 'date_doomed', pricingOptionId: 'po-yoga', spaces, payWith } });
      bookings[customerId] = body.data.bookEvent.bookings[0].id;
    };
    await book('cust_ada', 'PASS', 2);
    await book('cust_bob', 'PASS');
    await book('cust_cy', 'CARD');
    // Warm M2M's and v1's caches, which the cancellation must drop.
    await call(`${studio.m2m}/event/evt_yoga`, token);
  });

  const creditsConsumed = async (id: string) => (await sql.query('select credits_consumed from pass_purchase where id = $1', [id])).rows[0].credits_consumed;

  it('cancels every live booking: credits back to the passes, the card payment refunded, the date kept as cancelled', async () => {
    expect([await creditsConsumed('package_ada'), await creditsConsumed('package_bob')]).toEqual([4, 2]);
    const body = await graphql(CANCEL_DATE, { id: 'date_doomed', refund: true });
    expect(body.data.cancelEventDate).toEqual({ id: 'date_doomed', cancelled: true, capacity: 10, spacesBooked: 0, spacesLeft: 10 });
    expect([await creditsConsumed('package_ada'), await creditsConsumed('package_bob')]).toEqual([0, 0]);
    const rows = await sql.query('select id, is_cancelled, is_refunded, payment_method from booking where event_date_id = $1 order by id', ['date_doomed']);
    expect(rows.rows.map((r) => [r.payment_method, r.is_cancelled, r.is_refunded]).sort()).toEqual([['CARD', true, true], ['PASS', true, false], ['PASS', true, false]]);
  });

  it('sends exactly one registration.cancelled per booking, with its credits returned', async () => {
    const events = await sql.query(`select payload from webhook_event where kind = 'registration.cancelled' and payload ->> 'eventId' = 'evt_yoga'`);
    const byRegistration = new Map(events.rows.map((r) => [r.payload.registrationId, r.payload]));
    expect(events.rows).toHaveLength(3);
    expect(byRegistration.get(bookings.cust_ada!.replace('booking_', 'reg_'))).toMatchObject({
      customerId: 'cust_ada', spots: 2, paymentMethod: 'PASS', passUsed: 'cp_ada', creditsReturned: 4, refunded: false, eventDate: '2027-03-10T09:00:00.000Z',
    });
    expect(byRegistration.get(bookings.cust_cy!.replace('booking_', 'reg_'))).toMatchObject({ customerId: 'cust_cy', paymentMethod: 'CARD', passUsed: null, creditsReturned: 0, refunded: true });
  });

  it('takes no booking, no change and no second cancellation', async () => {
    const book = await graphql(BOOK, { input: { customerId: 'cust_dee', eventDateId: 'date_doomed', pricingOptionId: 'po-yoga', payWith: 'CARD' } });
    expect(book.errors[0]).toMatchObject({ message: 'The event date is cancelled: it takes no bookings', extensions: { code: 'CONFLICT' } });
    expect((await graphql(CANCEL_DATE, { id: 'date_doomed' })).errors[0]).toMatchObject({ message: 'The event date is already cancelled', extensions: { code: 'CONFLICT' } });
    expect(codeOf(await graphql(UPDATE, { id: 'date_doomed', input: { capacity: 20 } }))).toBe('CONFLICT');
  });

  it('stays listed as cancelled on M2M and v1, its bookings cancelled there too', async () => {
    const m2m = await call(`${studio.m2m}/event/evt_yoga`, token);
    expect(m2m.body.data.dates.find((d: any) => d.id === 'date_doomed')).toMatchObject({ type: 'event_date', cancelled: true, spaces_booked: 0 });
    const register = await call(`${studio.m2m}/event/evt_yoga/dates/date_doomed/register`, token);
    expect(register.body.data.map((b: any) => b.is_cancelled)).toEqual([true, true, true]);
    const v1 = await studio.v1Token();
    const event = await call(`${studio.v1}/events/evt_yoga`, v1);
    expect(event.body.dates.find((d: any) => d.id === 'date_doomed')).toMatchObject({ cancelled: true, spacesBooked: 0 });
    const registrations = await call(`${studio.v1}/events/evt_yoga/registrations?perPage=100`, v1);
    const onDate = registrations.body.registrations.filter((r: any) => r.eventDateId === 'date_doomed');
    expect(onDate.map((r: any) => r.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('refuses a date with attendance recorded on a live booking', async () => {
    await sql.query(`insert into event_date (id, company_id, event_id, starts_at, duration, capacity) values ('date_taken', $1, 'evt_yoga', '2027-02-20T09:00:00Z', 60, 5)`, [studio.companyId]);
    await sql.query(`insert into event_transaction (id, company_id, customer_id, purchased_at, created_at) values ('txn_taken', $1, 'cust_dee', now(), now())`, [studio.companyId]);
    await sql.query(
      `insert into booking (id, company_id, transaction_id, event_date_id, pricing_option_id, spaces, attendee_id, payment_method, currency, base100_gross_price, base100_net_price, attended)
       values ('booking_taken', $1, 'txn_taken', 'date_taken', 'po-yoga', 1, 'cust_dee', 'CARD', 'GBP', 1000, 1000, true)`, [studio.companyId]);
    await sql.query(`update event_date set spaces_booked = 1 where id = 'date_taken'`);
    const body = await graphql(CANCEL_DATE, { id: 'date_taken' });
    expect(body.errors[0]).toMatchObject({ message: '1 booking on this event date has attendance recorded: clear it before cancelling the date', extensions: { code: 'CONFLICT' } });
    expect((await sql.query(`select cancelled_at from event_date where id = 'date_taken'`)).rows[0].cancelled_at).toBeNull();
  });
});

describe('an optional field sent as null', () => {
  const CREATE_EVENT = 'mutation ($input: CreateEventInput!) { createEvent(input: $input) { id description kind timezone dates { id capacity duration } } }';

  it.each([
    ['createEvent', CREATE_EVENT, { input: { name: 'Nulls', description: null, kind: null, timezone: null, dates: null, pricingOptions: null } },
      { description: '', kind: 'ONE_OFF', timezone: 'Europe/London' }],
    ['createPass', 'mutation ($input: CreatePassInput!) { createPass(input: $input) { description active } }',
      { input: { name: 'Nulls', description: null, credits: 5, validityDays: 30, base100Price: 1000, active: null } }, { description: '', active: true }],
    ['createService', 'mutation ($input: ServiceInput!) { createService(input: $input) { description bufferMinutes active } }',
      { input: { name: 'Nulls', description: null, bufferMinutes: null, active: null, options: null } }, { description: '', bufferMinutes: 0, active: true }],
  ])('%s: is not given, so the field takes its default', async (field, query, variables, expected) => {
    const body = await graphql(query, variables);
    expect(body.errors).toBeUndefined();
    expect(body.data[field]).toMatchObject(expected);
  });

  it('updateEventDate: a null field stays as it was; with both null nothing is given and nothing changes', async () => {
    const made = await graphql(CREATE_EVENT, {
      input: { name: 'Null dates', dates: [{ startsAt: '2027-03-20T10:00:00Z', duration: 60, capacity: 8 }] },
    });
    const id = made.data.createEvent.dates[0].id;
    const changed = await graphql(UPDATE, { id, input: { capacity: null, duration: 45 } });
    expect(changed.errors).toBeUndefined();
    expect(changed.data.updateEventDate).toMatchObject({ capacity: 8, duration: 45 });
    const neither = await graphql(UPDATE, { id, input: { capacity: null, duration: null } });
    expect(codeOf(neither)).toBe('BAD_USER_INPUT');
    expect(neither.errors[0].message).toMatch(/give capacity or duration/);
    expect(await count('select count(*) as n from event_date where id = $1 and capacity = 8 and duration = 45', [id])).toBe(1);
  });
});
