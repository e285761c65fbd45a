/**
 * Availability and booking agree, as a property over four weeks of seeded random bookings and
 * cancellations (the same seed gives the same run): for a start on the 15-minute grid, bookAppointment
 * succeeds exactly when availability, asked with the service, reports free every slot the appointment and
 * its service's buffer reach, the appointment's own slots all in one window. The weeks hold services with
 * different buffers, date overrides (a day off, a changed day), MIN_BOOKING_NOTICE_MINUTES, a clock that
 * moves on (so slots pass into the past), and the end of summer time in Europe/London (Sunday 25 October).
 *
 * The windows of a day are further apart than the longest buffer: across a longer gap the slots cannot
 * show what a buffer reaching over it would meet (docs/lifecycles.md). Answers are read uncached.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { addDays, localDate } from '../src/domain/time.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const SEED = 20261025;
const MAX_STEPS = 600;
const NOTICE_MINUTES = 60;
const FIRST_DAY = '2026-10-12';
const LAST_DAY = '2026-11-08';
const ZONE = 'Europe/London';

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SERVICES = [
  { id: 'svc_quick', bufferMinutes: 0, options: [{ name: '15 min', durationMinutes: 15 }, { name: '30 min', durationMinutes: 30 }] },
  { id: 'svc_massage', bufferMinutes: 15, options: [{ name: '45 min', durationMinutes: 45 }, { name: '60 min', durationMinutes: 60 }] },
  { id: 'svc_physio', bufferMinutes: 30, options: [{ name: '90 min', durationMinutes: 90 }] },
];
const weekdays = [1, 2, 3, 4, 5].flatMap((weekday) => [{ weekday, start: '09:00', end: '12:30' }, { weekday, start: '13:30', end: '17:00' }]);

const bundle = {
  format: 1,
  customers: [{ id: 'cust_ada', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' }],
  facilitators: [
    {
      id: 'fac_jo', name: 'Jo', timezone: ZONE,
      weeklyWindows: [...weekdays, { weekday: 6, start: '10:00', end: '14:00' }, { weekday: 7, start: '10:00', end: '13:00' }],
      dateOverrides: [
        { date: '2026-10-21', windows: [] },
        { date: '2026-10-25', windows: [{ start: '09:00', end: '11:00' }, { start: '14:00', end: '16:00' }] },
        { date: '2026-11-03', windows: [{ start: '11:00', end: '15:00' }] },
      ],
    },
    { id: 'fac_max', name: 'Max', timezone: ZONE, weeklyWindows: [...weekdays, { weekday: 7, start: '09:30', end: '12:00' }], dateOverrides: [{ date: '2026-10-30', windows: [] }] },
  ],
  services: SERVICES.map((s) => ({
    id: s.id, name: s.id, bufferMinutes: s.bufferMinutes, options: s.options.map((o) => ({ ...o, base100Price: 3000, credits: 1 })),
  })),
} as unknown as Bundle;

interface Slot {
  start: string;
  available: boolean;
}
interface Window {
  startTime: string;
  endTime: string;
  slots: Slot[];
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * What availability says of a start: free when the appointment's slots all lie in one window and every
 * slot the appointment and its buffer reach is available.
 */
function reportedFree(windows: Window[], start: number, duration: number, buffer: number): boolean {
  const end = start + duration;
  if (!windows.some((w) => minutes(w.startTime) <= start && end <= minutes(w.endTime))) return false;
  return windows.every((w) => w.slots.every((s) => s.available || minutes(s.start) + 15 <= start || minutes(s.start) >= end + buffer));
}

const clock = new FixedClock('2026-10-12T06:00:00Z');
let studio: Studio;
let token: string;

const graphql = async (query: string, variables: Record<string, unknown>) =>
  (await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } })).body;
const AVAILABILITY = `query ($facilitatorId: ID!, $serviceId: ID, $date: Date) {
  availability(facilitatorId: $facilitatorId, serviceId: $serviceId, date: $date) { dates { windows { startTime endTime slots { start available } } } }
}`;
const BOOK = 'mutation ($input: BookAppointmentInput!) { bookAppointment(input: $input) { id } }';
const CANCEL = 'mutation ($id: ID!) { cancelAppointment(id: $id) { id } }';

beforeAll(async () => {
  studio = await startStudio({
    bundle,
    clock,
    env: { MIN_BOOKING_NOTICE_MINUTES: String(NOTICE_MINUTES), CACHE_TTL_SECONDS: '0', M2M_RATE_PER_MINUTE: '1000000', M2M_DAILY_QUOTA: '1000000', GRAPHQL_POINTS_PER_MINUTE: '100000000' },
  });
  token = await studio.token();
});
afterAll(() => studio?.close());

describe('availability and bookAppointment', () => {
  it('agree on every start of seeded random steps over four weeks', async () => {
    const next = random(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const live: string[] = [];
    const outcomes: Record<string, number> = {};
    const bookedOn = new Set<string>();
    const end = new Date(`${LAST_DAY}T18:00:00Z`).getTime();
    let step = 0;
    for (; clock.now().getTime() < end && step < MAX_STEPS; step++) {
      if (next() < 0.35) {
        clock.advance(Math.floor(next() * 8 * 60) * 60_000);
        token = await studio.token();
      }
      if (live.length && next() < 0.15) {
        const id = live.splice(Math.floor(next() * live.length), 1)[0]!;
        expect((await graphql(CANCEL, { id })).errors).toBeUndefined();
        continue;
      }
      const today = localDate(clock.now(), ZONE);
      const date = addDays(today, Math.floor(next() * 5) - 1);
      if (date < FIRST_DAY || date > LAST_DAY) continue;
      const facilitatorId = pick(['fac_jo', 'fac_max']);
      const service = pick(SERVICES);
      const option = pick(service.options);
      const { data } = await graphql(AVAILABILITY, { facilitatorId, serviceId: service.id, date });
      const windows: Window[] = data.availability.dates[0].windows;
      const offered = windows.flatMap((w) => w.slots.filter((s) => s.available).map((s) => minutes(s.start)));
      // Half the starts among the free slots, half anywhere from 08:00 to 18:00 (outside windows too).
      const start = offered.length && next() < 0.5 ? pick(offered) : 8 * 60 + 15 * Math.floor(next() * 40);
      const free = reportedFree(windows, start, option.durationMinutes, service.bufferMinutes);
      const booked = await graphql(BOOK, {
        input: { customerId: 'cust_ada', serviceId: service.id, optionName: option.name, facilitatorId, datetime: `${date}T${hhmm(start)}:00`, payWith: 'CARD' },
      });
      const answer = booked.errors ? booked.errors[0].extensions.code : 'OK';
      const at = `step ${step}, now ${clock.now().toISOString()}: ${facilitatorId} ${date} ${hhmm(start)} ${service.id} ${option.name}`;
      expect({ at, free, answer }).toEqual({ at, free, answer: free ? 'OK' : expect.stringMatching(/^(CONFLICT|BAD_USER_INPUT)$/) });
      outcomes[answer] = (outcomes[answer] ?? 0) + 1;
      if (answer === 'OK') {
        live.push(booked.data.bookAppointment.id);
        bookedOn.add(date);
      }
    }
    // Through the four weeks, the summer-time change included.
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(end);
    expect([...bookedOn]).toEqual(expect.arrayContaining(['2026-10-24', '2026-10-25', '2026-10-26']));
    // The run reached every kind of answer: bookings, overlaps, and times too soon or outside the windows.
    expect(outcomes.OK).toBeGreaterThan(60);
    expect(outcomes.CONFLICT).toBeGreaterThan(20);
    expect(outcomes.BAD_USER_INPUT).toBeGreaterThan(20);
  }, 120_000);

  it('left every two live appointments of a facilitator at least the longer of their buffers apart', async () => {
    const sql = new pg.Client(studio.app.database.url);
    await sql.connect();
    const { rows } = await sql.query<{ facilitator_id: string; starts: Date; ends: Date; buffer: number }>(
      `select a.facilitator_id, a.starts_at as starts, a.starts_at + make_interval(mins => a.duration_minutes) as ends, s.buffer_minutes as buffer
       from appointment a join service s on s.id = a.service_id where a.status <> 'CANCELLED' order by a.facilitator_id, a.starts_at`,
    );
    await sql.end();
    expect(rows.length).toBeGreaterThan(30);
    for (let i = 1; i < rows.length; i++) {
      const [before, after] = [rows[i - 1]!, rows[i]!];
      if (before.facilitator_id !== after.facilitator_id) continue;
      const gap = (after.starts.getTime() - before.ends.getTime()) / 60_000;
      expect({ before: before.starts, gap: gap >= Math.max(before.buffer, after.buffer) }).toEqual({ before: before.starts, gap: true });
    }
  });
});
