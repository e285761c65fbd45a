/**
 * The appointment state machines of docs/lifecycles.md, move by move: setAppointmentStatus and
 * cancelAppointment over the appointment's status, setAppointmentPaymentStatus over a card payment's; each
 * refused move is CONFLICT naming the current state and changes nothing, each allowed one is read back by
 * M2M. Then how a booking starts (a card payment PENDING), any whole minute, and the gap two services'
 * buffers keep, under simultaneous bookings too.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

type Status = 'SCHEDULED' | 'COMPLETED' | 'NO_SHOW' | 'CANCELLED';
type PaymentStatus = 'PAID' | 'PENDING' | 'FAILED';

const NOW = '2026-11-21T12:00:00Z';
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
const card = (status: PaymentStatus) => ({ method: 'CARD', currency: 'GBP', base100PricePaid: 5000, status });

/** One appointment per case, each on a day of its own: `started` ones in November before NOW, the others in December. */
let day = 0;
const appointments: object[] = [];
function appointment(status: Status, started: boolean, payment: object = card('PAID')): string {
  day++;
  const id = `appt_case${day}`;
  const date = started ? `2026-11-${String(day % 20 + 1).padStart(2, '0')}` : `2026-12-${String(day % 28 + 1).padStart(2, '0')}`;
  appointments.push({
    id, customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: `fac_case${day}`, datetime: `${date}T10:00:00`, status, payment,
  });
  return id;
}

interface Move {
  from: Status;
  to: Status;
  started: boolean;
  /** What the move answers: OK, or the error code. */
  answer: 'OK' | 'CONFLICT' | 'BAD_USER_INPUT';
}

/** setAppointmentStatus, from each status to each status. */
const STATUS_MOVES = ([
  { from: 'SCHEDULED', to: 'COMPLETED', started: true, answer: 'OK' },
  { from: 'SCHEDULED', to: 'NO_SHOW', started: true, answer: 'OK' },
  { from: 'SCHEDULED', to: 'COMPLETED', started: false, answer: 'CONFLICT' },
  { from: 'SCHEDULED', to: 'NO_SHOW', started: false, answer: 'CONFLICT' },
  { from: 'SCHEDULED', to: 'SCHEDULED', started: true, answer: 'CONFLICT' },
  { from: 'SCHEDULED', to: 'CANCELLED', started: false, answer: 'BAD_USER_INPUT' },
  { from: 'COMPLETED', to: 'NO_SHOW', started: true, answer: 'OK' },
  { from: 'COMPLETED', to: 'COMPLETED', started: true, answer: 'CONFLICT' },
  { from: 'COMPLETED', to: 'SCHEDULED', started: true, answer: 'CONFLICT' },
  { from: 'COMPLETED', to: 'CANCELLED', started: true, answer: 'BAD_USER_INPUT' },
  { from: 'NO_SHOW', to: 'COMPLETED', started: true, answer: 'OK' },
  { from: 'NO_SHOW', to: 'NO_SHOW', started: true, answer: 'CONFLICT' },
  { from: 'NO_SHOW', to: 'SCHEDULED', started: true, answer: 'CONFLICT' },
  { from: 'NO_SHOW', to: 'CANCELLED', started: true, answer: 'BAD_USER_INPUT' },
  { from: 'CANCELLED', to: 'COMPLETED', started: true, answer: 'CONFLICT' },
  { from: 'CANCELLED', to: 'NO_SHOW', started: true, answer: 'CONFLICT' },
  { from: 'CANCELLED', to: 'SCHEDULED', started: false, answer: 'CONFLICT' },
  { from: 'CANCELLED', to: 'CANCELLED', started: false, answer: 'BAD_USER_INPUT' },
] as Move[]).map((move) => ({ ...move, id: appointment(move.from, move.started) }));

/** cancelAppointment, from each status. */
const CANCELS = ([
  ['SCHEDULED', false, 'OK'],
  ['SCHEDULED', true, 'OK'],
  ['COMPLETED', true, 'CONFLICT'],
  ['NO_SHOW', true, 'CONFLICT'],
  ['CANCELLED', false, 'CONFLICT'],
] as const).map(([from, started, answer]) => ({ from, started, answer, id: appointment(from, started) }));

interface PaymentMove {
  method: 'CARD' | 'PASS';
  from: PaymentStatus;
  to: PaymentStatus;
  status?: Status;
  answer: 'OK' | 'CONFLICT';
}

/** setAppointmentPaymentStatus, from each status of a card payment to each, and on a pass payment or a cancelled appointment. */
const PAYMENT_MOVES = ([
  { method: 'CARD', from: 'PENDING', to: 'PAID', answer: 'OK' },
  { method: 'CARD', from: 'PENDING', to: 'FAILED', answer: 'OK' },
  { method: 'CARD', from: 'PENDING', to: 'PENDING', answer: 'CONFLICT' },
  { method: 'CARD', from: 'FAILED', to: 'PAID', answer: 'OK' },
  { method: 'CARD', from: 'FAILED', to: 'PENDING', answer: 'CONFLICT' },
  { method: 'CARD', from: 'FAILED', to: 'FAILED', answer: 'CONFLICT' },
  { method: 'CARD', from: 'PAID', to: 'PENDING', answer: 'CONFLICT' },
  { method: 'CARD', from: 'PAID', to: 'FAILED', answer: 'CONFLICT' },
  { method: 'CARD', from: 'PAID', to: 'PAID', answer: 'CONFLICT' },
  { method: 'CARD', from: 'PENDING', to: 'PAID', status: 'CANCELLED', answer: 'CONFLICT' },
  { method: 'CARD', from: 'PENDING', to: 'PAID', status: 'COMPLETED', answer: 'OK' },
  { method: 'PASS', from: 'PAID', to: 'PAID', answer: 'CONFLICT' },
  { method: 'PASS', from: 'PAID', to: 'FAILED', answer: 'CONFLICT' },
  { method: 'PASS', from: 'PAID', to: 'PENDING', answer: 'CONFLICT' },
] as PaymentMove[]).map(({ status = 'SCHEDULED', ...move }) => ({
  ...move,
  status,
  id: appointment(status, status === 'COMPLETED', move.method === 'PASS' ? { method: 'PASS', creditsUsed: 2, packageId: 'package_ada', status: 'PAID' } : card(move.from)),
}));

const bundle = {
  format: 1,
  customers: ['ada', 'bob'].map((name) => ({ id: `cust_${name}`, firstname: name, lastname: 'Test', email: `${name}@example.com` })),
  facilitators: [
    { id: 'fac_jo', name: 'Jo', timezone: 'Europe/London', weeklyWindows: everyDay },
    ...Array.from({ length: day }, (_, i) => ({ id: `fac_case${i + 1}`, name: `Case ${i + 1}`, timezone: 'Europe/London', weeklyWindows: everyDay })),
  ],
  services: [
    { id: 'svc_massage', name: 'Massage', bufferMinutes: 15, options: [{ name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 2 }] },
    { id: 'svc_yoga', name: 'Private yoga', bufferMinutes: 0, options: [{ name: '60 min', durationMinutes: 60, base100Price: 6000, credits: 1 }] },
  ],
  passes: [{ id: 'pass_10', name: '10 credits', credits: 10, validityDays: 180, base100Price: 9000 }],
  passPurchases: [{
    id: 'package_ada', customerId: 'cust_ada', passId: 'pass_10', creditsAllocated: 100, starts: '2026-11-01', expires: '2027-04-30',
    payment: { base100GrossPrice: 9000, base100NetPrice: 9000 },
  }],
  appointments,
} as unknown as Bundle;

let studio: Studio;
let token: string;

const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
  (await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } })).body;
const m2m = async (path: string) => (await call(`${studio.m2m}${path}`, token)).body;
const answerOf = (body: any) => (body.errors ? body.errors[0].extensions.code : 'OK');

const APPOINTMENT = 'id status payment { ... on CardPayment { status } ... on PassPayment { status } }';
const read = async (id: string) => (await graphql(`query ($id: ID!) { appointment(id: $id) { ${APPOINTMENT} } }`, { id })).data.appointment;
const SET_STATUS = `mutation ($id: ID!, $status: AppointmentStatus!) { setAppointmentStatus(id: $id, status: $status) { ${APPOINTMENT} } }`;
const SET_PAYMENT = `mutation ($id: ID!, $status: PaymentStatus!) { setAppointmentPaymentStatus(id: $id, status: $status) { ${APPOINTMENT} } }`;
const CANCEL = `mutation ($id: ID!) { cancelAppointment(id: $id) { ${APPOINTMENT} } }`;
const BOOK = `mutation ($input: BookAppointmentInput!) { bookAppointment(input: $input) { id datetime ${APPOINTMENT} } }`;
const booking = (change: Record<string, unknown>) => ({
  input: { customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-12-01T10:00:00', payWith: 'CARD', ...change },
});
/** The ids M2M lists for a status, over all pages. */
const listed = async (status: Status) => {
  const ids: string[] = [];
  for (let page = 0; ; page++) {
    const body = await m2m(`/appointments/bookings?status=${status}&pageSize=100&page=${page}`);
    ids.push(...body.data.map((a: { id: string }) => a.id));
    if (ids.length >= body.total) return ids;
  }
};

beforeAll(async () => {
  studio = await startStudio({ bundle, clock: new FixedClock(NOW), env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000' } });
  token = await studio.token();
});
afterAll(() => studio?.close());

describe('setAppointmentStatus', () => {
  it.each(STATUS_MOVES)('$from -> $to (started: $started): $answer', async ({ id, from, to, answer }) => {
    const body = await graphql(SET_STATUS, { id, status: to });
    expect(answerOf(body)).toBe(answer);
    if (answer === 'OK') {
      expect(body.data.setAppointmentStatus.status).toBe(to);
      expect((await read(id)).status).toBe(to);
      expect(await listed(to)).toContain(id);
      expect(await listed(from)).not.toContain(id);
    } else {
      if (answer === 'CONFLICT') expect(body.errors[0].message).toMatch(new RegExp(`^The appointment is ${from}\\b`));
      else expect(body.errors[0].extensions.field).toBe('status');
      expect((await read(id)).status).toBe(from);
    }
  });
});

describe('cancelAppointment', () => {
  it.each(CANCELS)('$from (started: $started): $answer', async ({ id, from, answer }) => {
    const body = await graphql(CANCEL, { id });
    expect(answerOf(body)).toBe(answer);
    expect((await read(id)).status).toBe(answer === 'OK' ? 'CANCELLED' : from);
    if (answer === 'CONFLICT') expect(body.errors[0].message).toBe(`The appointment is ${from}: only a SCHEDULED appointment can be cancelled`);
  });
});

describe('setAppointmentPaymentStatus', () => {
  it.each(PAYMENT_MOVES)('$method $from -> $to (appointment $status): $answer', async ({ id, from, to, method, status, answer }) => {
    const body = await graphql(SET_PAYMENT, { id, status: to });
    expect(answerOf(body)).toBe(answer);
    expect((await read(id)).payment.status).toBe(answer === 'OK' ? to : from);
    if (answer === 'CONFLICT') {
      const named = method === 'PASS' ? 'paid with pass credits' : status === 'CANCELLED' ? 'The appointment is CANCELLED' : `card payment is ${from}`;
      expect(body.errors[0].message).toContain(named);
    } else {
      const [appointment] = (await m2m(`/appointments/bookings?customer_id=cust_ada&status=${status}&pageSize=100`)).data.filter((a: { id: string }) => a.id === id);
      expect(appointment.payment).toMatchObject({ method: 'CARD', status: to });
    }
  });
});

describe('booking an appointment', () => {
  it('starts a card payment PENDING and a pass payment PAID, as M2M shows them', async () => {
    const byCard = await graphql(BOOK, booking({ datetime: '2026-12-01T10:00:00' }));
    expect(byCard.data.bookAppointment).toMatchObject({ status: 'SCHEDULED', payment: { status: 'PENDING' } });
    const byPass = await graphql(BOOK, booking({ datetime: '2026-12-01T13:00:00', payWith: 'PASS' }));
    expect(byPass.data.bookAppointment).toMatchObject({ payment: { status: 'PAID' } });
    const company = await m2m(`/appointments/bookings/${byCard.data.bookAppointment.id}`);
    expect(company.data.payment).toEqual({ method: 'CARD', currency: 'GBP', base100_price_paid: 5000, status: 'PENDING', settlement_method: null });
    const customer = (await m2m('/customer/cust_ada/appointments?pageSize=100')).data.find((a: { id: string }) => a.id === byCard.data.bookAppointment.id);
    expect(customer).toMatchObject({ status: 'CONFIRMED', payment: { method: 'CARD', status: 'PENDING' } });
  });

  it('starts on any whole minute, and refuses seconds', async () => {
    const offGrid = await graphql(BOOK, booking({ datetime: '2026-12-02T10:07:00' }));
    expect(offGrid.data.bookAppointment.datetime).toBe('2026-12-02T10:07:00');
    const seconds = await graphql(BOOK, booking({ datetime: '2026-12-02T15:07:30' }));
    expect(seconds.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'datetime' });
  });

  // Yoga keeps no buffer, massage 15 minutes: between the two, 15 minutes, whichever comes first and whichever is booked first.
  it.each([
    ['a massage booked right after a yoga session', '2026-12-14', ['svc_yoga', '10:00'], ['svc_massage', '11:00', '11:15']],
    ['a yoga session booked right before a massage', '2026-12-15', ['svc_massage', '11:00'], ['svc_yoga', '10:00', '09:45']],
    ['a yoga session booked right after a massage', '2026-12-16', ['svc_massage', '10:00'], ['svc_yoga', '11:00', '11:15']],
  ] as const)('refuses %s, and accepts it 15 minutes away', async (_case, date, [first, at], [second, then, away]) => {
    expect(answerOf(await graphql(BOOK, booking({ serviceId: first, customerId: 'cust_bob', datetime: `${date}T${at}:00` })))).toBe('OK');
    const refused = await graphql(BOOK, booking({ serviceId: second, datetime: `${date}T${then}:00` }));
    expect(refused.errors[0]).toMatchObject({ message: 'That time is not available: the facilitator has another appointment then', extensions: { code: 'CONFLICT' } });
    expect(answerOf(await graphql(BOOK, booking({ serviceId: second, datetime: `${date}T${away}:00` })))).toBe('OK');
  });

  it('keeps the longer buffer between two appointments booked at the same moment: one of each pair', async () => {
    const days = ['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24', '2026-12-25', '2026-12-26'];
    const results = await Promise.all(days.flatMap((date) => [
      graphql(BOOK, booking({ serviceId: 'svc_yoga', datetime: `${date}T10:00:00` })),
      graphql(BOOK, booking({ serviceId: 'svc_massage', customerId: 'cust_bob', datetime: `${date}T11:00:00` })),
    ]));
    for (let i = 0; i < days.length; i++) expect([answerOf(results[2 * i]), answerOf(results[2 * i + 1])].sort()).toEqual(['CONFLICT', 'OK']);
    const sql = new pg.Client(studio.app.database.url);
    await sql.connect();
    const { rows } = await sql.query(`select starts_at, blocked_until from appointment
      where facilitator_id = 'fac_jo' and status <> 'CANCELLED' and starts_at >= '2026-12-21' and starts_at < '2026-12-27' order by starts_at`);
    await sql.end();
    expect(rows).toHaveLength(days.length);
  });
});
