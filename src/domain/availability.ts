/**
 * Availability slots (document 1, "Slot rules"): 15-minute slots inside each of a facilitator's windows
 * on each date, local to the facilitator; a slot is unavailable when it overlaps a live appointment,
 * lengthened by the buffer of the service asked about. Cancelled appointments never block.
 */
import { Invalid } from './errors.ts';
import { addDays, isoWeekday, localToInstant } from './time.ts';

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

export interface BusyPeriod {
  startsAt: Date;
  durationMinutes: number;
  status: string;
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
const fromMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The windows of one date: its override when there is one, else the weekly windows of its weekday. */
export function windowsOn(date: string, weekly: WeeklyWindow[], overrides: Map<string, TimeWindow[]>): TimeWindow[] {
  const override = overrides.get(date);
  if (override) return override;
  const weekday = isoWeekday(date);
  return weekly.filter((w) => w.weekday === weekday).map((w) => ({ start: w.start, end: w.end }));
}

export function availability(input: {
  dates: string[];
  timezone: string;
  weekly: WeeklyWindow[];
  overrides: Map<string, TimeWindow[]>;
  busy: BusyPeriod[];
  bufferMinutes: number;
}): AvailabilityDate[] {
  const blocks = input.busy
    .filter((b) => b.status !== 'CANCELLED')
    .map((b) => ({ from: b.startsAt.getTime(), until: b.startsAt.getTime() + (b.durationMinutes + input.bufferMinutes) * MINUTE }));
  return input.dates.map((date) => ({
    date,
    windows: windowsOn(date, input.weekly, input.overrides).map((window) => {
      const slots = [];
      for (let m = toMinutes(window.start); m + SLOT_MINUTES <= toMinutes(window.end); m += SLOT_MINUTES) {
        const from = localToInstant(`${date}T${fromMinutes(m)}:00`, input.timezone).getTime();
        const until = from + SLOT_MINUTES * MINUTE;
        slots.push({
          start: fromMinutes(m),
          end: fromMinutes(m + SLOT_MINUTES),
          available: !blocks.some((b) => b.from < until && from < b.until),
        });
      }
      return {
        startTime: hhmm(window.start),
        endTime: hhmm(window.end),
        slots,
        availableSlots: slots.filter((s) => s.available).length,
        totalSlots: slots.length,
      };
    }),
  }));
}
