/**
 * Waitlists of full event dates (docs/lifecycles.md, "Waitlist entries"): customers in line in the order they
 * joined; spaces freed by a cancellation (on this instance or another) or by more capacity book the first
 * entries that fit, paid as they chose, in the same transaction, with `waitlist.promoted`; an entry that can no
 * longer pay is SKIPPED; two cancellations at once on two instances promote exactly the first two in line.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Bundle } from '../src/bundles/bundle.ts';
import { openOrm } from '../src/db/orm.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { serviceSurfaces } from '../src/server/surfaces.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const NOW = '2027-01-04T12:00:00Z';
const names = ['ada', 'bob', 'cy', 'dee', 'eve', 'fay', 'gus', ...Array.from({ length: 24 }, (_, i) => `q${i}`)];
const customers = names.map((name) => ({ id: `cust_${name}`, firstname: name, lastname: 'Test', email: `${name}@example.com` }));

const bundle = {
  format: 1,
  customers,
  events: [{
    id: 'evt_yoga', name: 'Yoga', kind: 'SCHEDULE', timezone: 'Europe/London',
    dates: [
      { id: 'date_full', datetime: '2027-01-12T09:00:00', duration: 60, capacity: 2 },
      { id: 'date_room', datetime: '2027-01-13T09:00:00', duration: 60, capacity: 5 },
      { id: 'date_closing', datetime: '2027-01-14T09:00:00', duration: 60, capacity: 1 },
      ...[0, 1, 2, 3].map((round) => ({ id: `date_race${round}`, datetime: `2027-01-2${round}T09:00:00`, duration: 60, capacity: 2 })),
    ],
    pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1500, credits: 1 }],
  }],
  passes: [{ id: 'pass_5', name: '5 classes', credits: 5, validityDays: 90, base100Price: 4000, active: true }],
  passPurchases: [{
    id: 'package_dee', customerId: 'cust_dee', passId: 'pass_5', creditsAllocated: 5, creditsConsumed: 0, createdAt: '2027-01-01T10:00:00Z',
    starts: '2027-01-01', expires: '2027-03-31', isCancelled: false, isRefunded: false,
    payment: { currency: 'GBP', base100GrossPrice: 4000, base100Discount: 0, base100NetPrice: 4000 },
  }],
} as unknown as Bundle;

let studio: Studio;
let token: string;
let sql: pg.Client;
/** A second instance of the service on the same database. */
let other: { server: RunningServer; orm: MikroORM };

const graphqlAt = async (base: string, query: string, variables: Record<string, unknown> = {}) =>
  (await call(`${base}/graphql`, token, { method: 'POST', body: { query, variables } })).body;
const graphql = (query: string, variables: Record<string, unknown> = {}) => graphqlAt(studio.url, query, variables);

const BOOK = 'mutation ($input: BookEventInput!) { bookEvent(input: $input) { bookings { id } } }';
const CANCEL = 'mutation ($id: ID!) { cancelBooking(id: $id) { id } }';
const JOIN = 'mutation ($input: JoinWaitlistInput!) { joinWaitlist(input: $input) { id position status spaces customer { id } booking { id } } }';
const LEAVE = 'mutation ($id: ID!) { leaveWaitlist(id: $id) { id status position } }';
const WAITLIST = `query ($id: ID!) { event(id: "evt_yoga") { date(id: $id) { spacesBooked capacity cancelled
  waitlist { id position status spaces skippedReason customer { id } booking { id spaces isCancelled payment { ... on CardPayment { method } ... on PassPayment { method creditsUsed } } } } } } }`;

const book = async (customerId: string, eventDateId: string, base = studio.url) =>
  (await graphqlAt(base, BOOK, { input: { customerId, eventDateId, pricingOptionId: 'po-dropin', payWith: 'CARD' } })).data.bookEvent.bookings[0].id as string;
const join = (customerId: string, eventDateId: string, extra: Record<string, unknown> = {}) =>
  graphql(JOIN, { input: { customerId, eventDateId, pricingOptionId: 'po-dropin', payWith: 'CARD', ...extra } });
const waitlist = async (eventDateId: string) => (await graphql(WAITLIST, { id: eventDateId })).data.event.date;
const line = async (eventDateId: string) =>
  (await waitlist(eventDateId)).waitlist.map((w: any) => [w.customer.id.replace('cust_', ''), w.status, w.position]);
const outbox = async (kind: string, field: string, value: string) =>
  (await sql.query(`select payload from webhook_event where kind = $1 and payload ->> $2 = $3`, [kind, field, value])).rows.map((r) => r.payload);

beforeAll(async () => {
  studio = await startStudio({ bundle, clock: new FixedClock(NOW), env: { CACHE_TTL_SECONDS: '300', M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000' } });
  token = await studio.token();
  sql = new pg.Client(studio.app.database.url);
  await sql.connect();
  const orm = await openOrm({ url: studio.app.database.url, poolMax: 4 });
  const services = { ...studio.app.services, orm };
  other = { server: await startServer(services, await serviceSurfaces(services)), orm };
});
afterAll(async () => {
  await other.server.close();
  await other.orm.close();
  await sql.end();
  await studio.close();
});

describe('joining and leaving', () => {
  const booked: Record<string, string> = {};

  beforeAll(async () => {
    booked.ada = await book('cust_ada', 'date_full');
    booked.bob = await book('cust_bob', 'date_full');
  });

  it('puts customers in line in the order they join, each with their place among those waiting', async () => {
    expect((await join('cust_cy', 'date_full')).data.joinWaitlist).toMatchObject({ position: 1, status: 'WAITING', spaces: 1, booking: null });
    expect((await join('cust_dee', 'date_full', { payWith: 'PASS', packageId: 'package_dee' })).data.joinWaitlist).toMatchObject({ position: 2 });
    // Eve has no pass: she will not be able to pay when her turn comes.
    expect((await join('cust_eve', 'date_full', { payWith: 'PASS' })).data.joinWaitlist).toMatchObject({ position: 3 });
    expect((await join('cust_fay', 'date_full', { spaces: 2 })).data.joinWaitlist).toMatchObject({ position: 4, spaces: 2 });
    expect(await line('date_full')).toEqual([['cy', 'WAITING', 1], ['dee', 'WAITING', 2], ['eve', 'WAITING', 3], ['fay', 'WAITING', 4]]);
  });

  it.each([
    ['a date with room: book it instead', 'cust_gus', 'date_room', {}, 'CONFLICT', 'The event date has 5 spaces left: book it instead of joining its waitlist'],
    ['a customer already waiting', 'cust_cy', 'date_full', {}, 'CONFLICT', 'The customer is already on the waitlist of this event date'],
    ['a customer already booked', 'cust_ada', 'date_full', {}, 'CONFLICT', 'ada Test already holds a live booking on this event date'],
    ['a pass with CARD', 'cust_gus', 'date_full', { packageId: 'package_dee' }, 'BAD_USER_INPUT', 'packageId: is only for payWith PASS'],
    ['another customer\'s pass', 'cust_gus', 'date_full', { payWith: 'PASS', packageId: 'package_dee' }, 'NOT_FOUND', 'Pass purchase not found'],
    ['no spaces', 'cust_gus', 'date_full', { spaces: 0 }, 'BAD_USER_INPUT', 'spaces: must be at least 1'],
    ['a date that does not exist', 'cust_gus', 'date_nope', {}, 'NOT_FOUND', 'Event date not found'],
  ])('refuses %s', async (_name, customerId, eventDateId, extra, code, message) => {
    const body = await join(customerId, eventDateId, extra);
    expect(body.errors[0]).toMatchObject({ message, extensions: { code } });
  });

  it('books the first in line when a booking is cancelled, paid by card as chosen, with waitlist.promoted', async () => {
    await graphql(CANCEL, { id: booked.ada });
    const date = await waitlist('date_full');
    expect(date.spacesBooked).toBe(2);
    const cy = date.waitlist.find((w: any) => w.customer.id === 'cust_cy');
    expect(cy).toMatchObject({ status: 'PROMOTED', position: null, booking: { spaces: 1, isCancelled: false, payment: { method: 'CARD' } } });
    expect(await line('date_full')).toEqual([['dee', 'WAITING', 1], ['eve', 'WAITING', 2], ['fay', 'WAITING', 3], ['cy', 'PROMOTED', null]]);
    const registration = cy.booking.id.replace('booking_', 'reg_');
    expect(await outbox('waitlist.promoted', 'waitlistEntryId', cy.id)).toEqual([{
      waitlistEntryId: cy.id, registrationId: registration, customerId: 'cust_cy', customerEmail: 'cy@example.com', customerName: 'cy Test',
      eventId: 'evt_yoga', eventTitle: 'Yoga', eventDate: '2027-01-12T09:00:00.000Z', spots: 1, totalPaid: 15, currency: 'GBP', paymentMethod: 'CARD', passUsed: null,
    }]);
    expect(await outbox('registration.created', 'registrationId', registration)).toHaveLength(1);
  });

  it('promotes on a cancellation made on another instance, drawing the pass credits chosen', async () => {
    const cancelled = await graphqlAt(other.server.url, CANCEL, { id: booked.bob });
    expect(cancelled.errors).toBeUndefined();
    const dee = (await waitlist('date_full')).waitlist.find((w: any) => w.customer.id === 'cust_dee');
    expect(dee).toMatchObject({ status: 'PROMOTED', booking: { payment: { method: 'PASS', creditsUsed: 1 } } });
    expect((await sql.query(`select credits_consumed from pass_purchase where id = 'package_dee'`)).rows[0].credits_consumed).toBe(1);
    // M2M's register and v1's registrations show the booking the promotion made.
    const register = await call(`${studio.m2m}/event/evt_yoga/dates/date_full/register`, token);
    expect(register.body.data.filter((b: any) => !b.is_cancelled).map((b: any) => b.customer.id).sort()).toEqual(['cust_cy', 'cust_dee']);
    const registrations = await call(`${studio.v1}/events/evt_yoga/registrations?perPage=100`, await studio.v1Token());
    expect(registrations.body.registrations.find((r: any) => r.id === dee.booking.id.replace('booking_', 'reg_'))).toMatchObject({ status: 'confirmed', paymentMethod: 'PASS' });
  });

  it('skips an entry that can no longer pay, and keeps one larger than the spaces free in its place', async () => {
    const body = await graphql('mutation { updateEventDate(id: "date_full", input: { capacity: 3 }) { spacesBooked waitlist { status customer { id } } } }');
    expect(body.errors).toBeUndefined();
    const date = await waitlist('date_full');
    expect(date.spacesBooked).toBe(2);
    expect(date.waitlist.find((w: any) => w.customer.id === 'cust_eve')).toMatchObject({ status: 'SKIPPED', position: null, booking: null, skippedReason: 'No valid pass with enough credits' });
    expect(await line('date_full')).toEqual([['fay', 'WAITING', 1], ['cy', 'PROMOTED', null], ['dee', 'PROMOTED', null], ['eve', 'SKIPPED', null]]);
    // One more space and Fay's two fit.
    await graphql('mutation { updateEventDate(id: "date_full", input: { capacity: 4 }) { id } }');
    expect((await waitlist('date_full')).spacesBooked).toBe(4);
    expect(await line('date_full')).toEqual([['cy', 'PROMOTED', null], ['dee', 'PROMOTED', null], ['eve', 'SKIPPED', null], ['fay', 'PROMOTED', null]]);
  });

  it('lets a waiting customer leave, once', async () => {
    await book('cust_ada', 'date_closing');
    const entry = (await join('cust_gus', 'date_closing')).data.joinWaitlist;
    expect((await graphql(LEAVE, { id: entry.id })).data.leaveWaitlist).toEqual({ id: entry.id, status: 'LEFT', position: null });
    expect((await graphql(LEAVE, { id: entry.id })).errors[0]).toMatchObject({
      message: 'The waitlist entry is LEFT: only a WAITING entry can leave the waitlist', extensions: { code: 'CONFLICT' },
    });
    // Leaving is not waiting: he may join again, at the back.
    expect((await join('cust_gus', 'date_closing')).data.joinWaitlist).toMatchObject({ status: 'WAITING', position: 1 });
  });

  it('closes the waitlist of a cancelled date', async () => {
    await graphql('mutation { cancelEventDate(id: "date_closing") { id } }');
    expect(await line('date_closing')).toEqual([['gus', 'LEFT', null], ['gus', 'CLOSED', null]]);
    expect((await join('cust_fay', 'date_closing')).errors[0]).toMatchObject({ message: 'The event date is cancelled: it takes no bookings', extensions: { code: 'CONFLICT' } });
  });
});

describe('two cancellations at once on two instances', () => {
  it.each([0, 1, 2, 3])('promote exactly the first two in line (round %i)', async (round) => {
    const date = `date_race${round}`;
    const people = names.slice(7 + round * 6, 7 + round * 6 + 6);
    const [first, second, ...waiting] = people;
    const bookings = [await book(`cust_${first}`, date), await book(`cust_${second}`, date)];
    for (const name of waiting) expect((await join(`cust_${name}`, date)).errors).toBeUndefined();
    const answers = await Promise.all([
      graphqlAt(studio.url, CANCEL, { id: bookings[0] }),
      graphqlAt(other.server.url, CANCEL, { id: bookings[1] }),
    ]);
    expect(answers.map((a) => a.errors)).toEqual([undefined, undefined]);
    const after = await waitlist(date);
    expect(after.spacesBooked).toBe(2);
    expect(await line(date)).toEqual([
      [waiting[2], 'WAITING', 1], [waiting[3], 'WAITING', 2], [waiting[0], 'PROMOTED', null], [waiting[1], 'PROMOTED', null],
    ]);
    const live = await sql.query('select attendee_id from booking where event_date_id = $1 and not is_cancelled order by attendee_id', [date]);
    expect(live.rows.map((r) => r.attendee_id)).toEqual([`cust_${waiting[0]}`, `cust_${waiting[1]}`].sort());
  });
});
