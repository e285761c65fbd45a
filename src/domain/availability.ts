/**
 * Availability slots (document 1, "Slot rules"): 15-minute slots inside each of a facilitator's windows
 * on each date, local to the facilitator. A slot is unavailable when it starts before the earliest time
 * a booking may start (now plus MIN_BOOKING_NOTICE_MINUTES), or when it overlaps a live appointment.
 * Cancelled appointments never block.
 *
 * Without a service, an appointment blocks its own time. With a service, it blocks what a booking of that
 * service must keep clear of it (`gapAround`): bookAppointment refuses exactly what these slots show taken.
 */
import type { BusyPeriod } from '../db/rows.ts';
import { Invalid } from './errors.ts';
import { addDays, isoWeekday, steadyOffset, wallClockMs, wallClockToInstantMs } from './time.ts';

export const SLOT_MINUTES = 15;
export const MAX_RANGE_DAYS = 93;
const MINUTE = 60_000;

export interface WeeklyWindow {
  weekday: number;
  start: string;
  end: string;
}

export interface TimeWindow {
  start: string;
  end: string;
}

export type { BusyPeriod };

/**
 * The gap two appointments of one facilitator keep between them: the longer of their services' buffers,
 * whichever comes first. A booking of a service with buffer `buffer` must therefore stay clear of an
 * appointment booked with `own` from `before` minutes ahead of its start to `after` minutes past its end
 * (`after` is at least `own`, so this always covers what the database's exclusion constraint holds).
 */
export function gapAround(own: number, buffer: number): { before: number; after: number } {
  return { before: Math.max(0, own - buffer), after: Math.max(own, buffer) };
}

/** The earliest instant (ms) a booking may start: now plus the minimum notice. */
export function earliestStart(now: Date, noticeMinutes: number): number {
  return now.getTime() + noticeMinutes * MINUTE;
}

export interface AvailabilityDate {
  date: string;
  windows: {
    startTime: string;
    endTime: string;
    slots: { start: string; end: string; available: boolean }[];
    availableSlots: number;
    totalSlots: number;
  }[];
}

/** The dates asked for: exactly one of `date` or `startDate` + `endDate`, at most 93 days. */
export function requestedDates(args: { date?: string | null; startDate?: string | null; endDate?: string | null }): string[] {
  const { date, startDate, endDate } = args;
  if (date && (startDate || endDate)) throw new Invalid('date', 'unknown', 'cannot be combined with startDate/endDate');
  if (date) return [date];
  if (!startDate && !endDate) throw new Invalid('date', 'required', 'give date, or startDate and endDate');
  if (!startDate) throw new Invalid('startDate', 'required', 'must be paired with endDate');
  if (!endDate) throw new Invalid('endDate', 'required', 'must be paired with startDate');
  if (endDate < startDate) throw new Invalid('endDate', 'min', 'must not be before startDate');
  const dates: string[] = [];
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) {
    dates.push(day);
    if (dates.length > MAX_RANGE_DAYS) throw new Invalid('endDate', 'max', `the range may span at most ${MAX_RANGE_DAYS} days`);
  }
  return dates;
}

const hhmm = (time: string) => time.slice(0, 5);
const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const LABELS: string[] = [];
/** `HH:MM` of a minute of the day; each label is made once and shared by every answer. */
const fromMinutes = (minutes: number) =>
  (LABELS[minutes] ??= `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);

/** The windows of one date: its override when there is one, else the weekly windows of its weekday. */
export function windowsOn(date: string, weekly: WeeklyWindow[], overrides: Map<string, TimeWindow[]>): TimeWindow[] {
  const override = overrides.get(date);
  if (override) return override;
  const weekday = isoWeekday(date);
  return weekly.filter((w) => w.weekday === weekday).map((w) => ({ start: w.start, end: w.end }));
}

/**
 * The slots of each date. Slot instants come from wall-clock arithmetic in the facilitator's zone (so DST
 * days keep their local slots); busy periods are sorted once and swept, so a month of slots against a
 * month of appointments costs their sum, not their product.
 */
export function availability(input: {
  dates: string[];
  timezone: string;
  weekly: WeeklyWindow[];
  overrides: Map<string, TimeWindow[]>;
  busy: BusyPeriod[];
  /** The buffer of the service asked about; null when none is. */
  bufferMinutes: number | null;
  /** Slots starting before this instant (ms) are unavailable (`earliestStart`). */
  earliest: number;
}): AvailabilityDate[] {
  const blocks = input.busy
    .map((b) => {
      const gap = input.bufferMinutes === null ? { before: 0, after: 0 } : gapAround(b.bufferMinutes, input.bufferMinutes);
      return { from: b.startsAt - gap.before * MINUTE, until: b.startsAt + (b.durationMinutes + gap.after) * MINUTE };
    })
    .sort((a, b) => a.from - b.from);
  // Blocks sorted by start; `reach[i]` is the latest end among blocks 0..i, so a sweep can stop early.
  const reach: number[] = [];
  for (let i = 0; i < blocks.length; i++) reach.push(Math.max(blocks[i]!.until, i ? reach[i - 1]! : -Infinity));
  /** Whether any block overlaps [from, until): the blocks starting before `until` whose end passes `from`. */
  const taken = (from: number, until: number) => {
    let low = 0;
    let high = blocks.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (blocks[mid]!.from < until) low = mid + 1;
      else high = mid;
    }
    // Blocks [0, low) start before `until`; one of them overlaps when the latest end among them passes `from`.
    return low > 0 && reach[low - 1]! > from;
  };
  return input.dates.map((date) => {
    const midnight = wallClockMs(`${date}T00:00:00`);
    // A day whose zone keeps one offset from the day before to the day after (all but the clock changes'):
    // each slot is its wall clock less that offset, as wallClockToInstantMs would find it.
    const steady = steadyOffset(midnight, input.timezone);
    const instant = (wall: number) => (steady === null ? wallClockToInstantMs(wall, input.timezone) : wall - steady);
    return {
      date,
      windows: windowsOn(date, input.weekly, input.overrides).map((window) => {
        const slots = [];
        let availableSlots = 0;
        for (let m = toMinutes(window.start); m + SLOT_MINUTES <= toMinutes(window.end); m += SLOT_MINUTES) {
          const from = instant(midnight + m * MINUTE);
          const available = from >= input.earliest && !taken(from, from + SLOT_MINUTES * MINUTE);
          if (available) availableSlots++;
          slots.push({ start: fromMinutes(m), end: fromMinutes(m + SLOT_MINUTES), available });
        }
        return { startTime: hhmm(window.start), endTime: hhmm(window.end), slots, availableSlots, totalSlots: slots.length };
      }),
    };
  });
}
