/** Document 1, GET /appointments/availability/{id}: the slot rules, over HTTP on fixed data. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const card = { method: 'CARD', currency: 'GBP', base100PricePaid: 5000, status: 'PAID' } as const;
const appointment = (id: string, datetime: string, status = 'SCHEDULED') => ({
  id, customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo',
  datetime, status, notes: '', createdAt: '2026-11-01T09:00:00Z', payment: card,
});

const bundle = {
  format: 1,
  customers: [{ id: 'cust_ada', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', mobile: '+447700900001', archived: false, deleted: false, createdAt: '2026-01-02T10:00:00Z' }],
  facilitators: [{
    id: 'fac_jo', name: 'Jo Bloggs', timezone: 'Europe/London',
    weeklyWindows: [
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '15:00' },
      { weekday: 2, start: '09:00', end: '17:00' },
      { weekday: 3, start: '09:00', end: '17:00' },
      { weekday: 7, start: '09:00', end: '12:00' },
    ],
    dateOverrides: [
      { date: '2026-12-08', windows: [] },
      { date: '2026-12-09', windows: [{ start: '14:00', end: '15:00' }] },
    ],
  }],
  services: [{
    id: 'svc_massage', name: 'Massage', description: '', bufferMinutes: 15, active: true, deleted: false,
    options: [{ name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 2, active: true, deleted: false }],
  }],
  appointments: [
    appointment('appt_monday', '2026-12-07T10:00:00'),
    appointment('appt_cancelled', '2026-12-07T09:00:00', 'CANCELLED'),
    appointment('appt_spring', '2026-03-29T10:00:00'),
    appointment('appt_autumn', '2026-10-25T10:00:00'),
  ],
} as unknown as Bundle;

let studio: Studio;
let token: string;
const availability = (query: string, facilitator = 'fac_jo') =>
  call(`${studio.m2m}/appointments/availability/${facilitator}?${query}`, token);
const unavailable = (window: { slots: { start: string; available: boolean }[] }) =>
  window.slots.filter((s) => !s.available).map((s) => s.start);

beforeAll(async () => {
  // More calls than a client's default minute allows: the limits are not what this suite is about.
  // Before every date of the suite: slots before now are unavailable.
  studio = await startStudio({ bundle, clock: new FixedClock('2026-03-01T12:00:00Z'), env: { M2M_RATE_PER_MINUTE: '1000' } });
  token = await studio.token(['appointments:read']);
  // Another company's facilitator and service read exactly like ones that do not exist.
  await studio.otherCompany({
    format: 1,
    facilitators: [{ id: 'fac_other', name: 'Other', timezone: 'Europe/London', weeklyWindows: [{ weekday: 1, start: '09:00', end: '17:00' }], dateOverrides: [] }],
    services: [{ ...bundle.services![0]!, id: 'svc_other', options: [] }],
  } as unknown as Bundle);
});
afterAll(() => studio.close());

describe('availability slots', () => {
  it('cuts each window into 15-minute slots and marks those overlapping a booking', async () => {
    const { status, body } = await availability('date=2026-12-07');
    expect(status).toBe(200);
    expect(body.data.facilitator_id).toBe('fac_jo');
    const [morning, afternoon] = body.data.dates[0].windows;
    expect(morning).toMatchObject({ start_time: '09:00', end_time: '12:00', total_slots: 12, available_slots: 8 });
    expect(morning.slots[0]).toEqual({ start: '09:00', end: '09:15', available: true });
    expect(unavailable(morning)).toEqual(['10:00', '10:15', '10:30', '10:45']);
    expect(afternoon).toMatchObject({ start_time: '13:00', end_time: '15:00', total_slots: 8, available_slots: 8 });
  });

  it("adds the service's buffer_minutes to each booking when service_id is given", async () => {
    const { body } = await availability('date=2026-12-07&service_id=svc_massage');
    expect(unavailable(body.data.dates[0].windows[0])).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
  });

  it('marks slots that start before now unavailable', async () => {
    // Sunday 2026-03-01 at 12:00 UTC (noon in London): the whole 09:00-12:00 window has begun.
    const { body } = await availability('date=2026-03-01');
    expect(body.data.dates[0].windows[0]).toMatchObject({ start_time: '09:00', end_time: '12:00', total_slots: 12, available_slots: 0 });
    const next = await availability('date=2026-03-08');
    expect(next.body.data.dates[0].windows[0]).toMatchObject({ total_slots: 12, available_slots: 12 });
  });

  it('ignores cancelled bookings', async () => {
    const { body } = await availability('date=2026-12-07');
    expect(body.data.dates[0].windows[0].slots.find((s: { start: string }) => s.start === '09:00').available).toBe(true);
  });

  it('gives an empty windows array on a date without windows, and on a date overridden to none', async () => {
    for (const date of ['2026-12-10', '2026-12-08']) {
      const { body } = await availability(`date=${date}`);
      expect(body.data.dates).toEqual([{ date, windows: [] }]);
    }
  });

  it("uses a date override's windows instead of the weekly ones", async () => {
    const { body } = await availability('date=2026-12-09');
    expect(body.data.dates[0].windows.map((w: { start_time: string }) => w.start_time)).toEqual(['14:00']);
  });

  it('returns one entry per date of a range, in order', async () => {
    const { body } = await availability('start_date=2026-12-07&end_date=2026-12-13');
    expect(body.data.dates.map((d: { date: string }) => d.date)).toEqual([
      '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13',
    ]);
  });

  it('reads times local to the facilitator across both daylight-saving changes', async () => {
    const sql = new pg.Client(studio.app.database.url);
    await sql.connect();
    const { rows } = await sql.query<{ id: string; starts_at: Date }>(`select id, starts_at from appointment where id in ('appt_spring', 'appt_autumn') order by id`);
    await sql.end();
    expect(rows.map((r) => [r.id, r.starts_at.toISOString()])).toEqual([
      ['appt_autumn', '2026-10-25T10:00:00.000Z'],
      ['appt_spring', '2026-03-29T09:00:00.000Z'],
    ]);
    for (const date of ['2026-03-29', '2026-10-25']) {
      const { body } = await availability(`date=${date}`);
      expect(unavailable(body.data.dates[0].windows[0])).toEqual(['10:00', '10:15', '10:30', '10:45']);
    }
  });

  it('accepts a range of 93 days', async () => {
    const { status, body } = await availability('start_date=2026-12-01&end_date=2027-03-03');
    expect(status).toBe(200);
    expect(body.data.dates).toHaveLength(93);
  });

  it.each([
    ['neither date nor a range', '', 'date'],
    ['date with start_date', 'date=2026-12-07&start_date=2026-12-07&end_date=2026-12-08', 'date'],
    ['start_date alone', 'start_date=2026-12-07', 'end_date'],
    ['end_date alone', 'end_date=2026-12-07', 'start_date'],
    ['an end before the start', 'start_date=2026-12-08&end_date=2026-12-07', 'end_date'],
    ['a range over 93 days', 'start_date=2026-12-01&end_date=2027-03-04', 'end_date'],
    ['a malformed date', 'date=07-12-2026', 'date'],
    ['an impossible date', 'date=2026-02-30', 'date'],
  ])('refuses %s with 400 naming the parameter', async (_case, query, parameter) => {
    const { status, body } = await availability(query);
    expect(status).toBe(400);
    expect(body.error).toMatch(new RegExp(`^${parameter}\\b`));
  });

  it.each([
    ['an unknown facilitator', 'date=2026-12-07', 'fac_nobody', 'Facilitator'],
    ['an unknown service', 'date=2026-12-07&service_id=svc_nothing', 'fac_jo', 'Service'],
    // Both are read at once: the facilitator, the path's own resource, is the one named.
    ['an unknown facilitator and an unknown service', 'date=2026-12-07&service_id=svc_nothing', 'fac_nobody', 'Facilitator'],
    ["another company's facilitator", 'date=2026-12-07', 'fac_other', 'Facilitator'],
    ["another company's service", 'date=2026-12-07&service_id=svc_other', 'fac_jo', 'Service'],
  ])('answers 404 for %s, naming it', async (_case, query, facilitator, resource) => {
    const { status, body } = await availability(query, facilitator);
    expect(status).toBe(404);
    expect(body.error).toMatch(new RegExp(`^${resource}\\b`));
  });
});
