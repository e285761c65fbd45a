/**
 * The company's clock as the console reckons it: the service's time (from `me.now`, kept as an offset from
 * this device's clock, which may be wrong) read in the company's timezone. Today, what has started and which
 * slots are past are judged by it, as the service judges them.
 */

let offsetMs = 0;

/** Remembers how far the service's clock is from this device's, from a time the service just gave. */
export function setServiceTime(now: string): void {
  const at = Date.parse(now);
  if (!Number.isNaN(at)) offsetMs = at - Date.now();
}

/** Now by the service's clock, in milliseconds. */
export const serviceNow = (): number => Date.now() + offsetMs;

const formats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD` and `HH:MM` of an instant on the wall clocks of `timeZone`. */
export function wallClock(ms: number, timeZone: string): { date: string; time: string } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Today's date in `timeZone`, by the service's clock. */
export const todayIn = (timeZone: string): string => wallClock(serviceNow(), timeZone).date;

/** Whether a wall-clock time (`YYYY-MM-DD`, `HH:MM`) of `timeZone` has begun, by the service's clock. */
export function hasBegun(date: string, time: string, timeZone: string): boolean {
  const now = wallClock(serviceNow(), timeZone);
  return `${date}T${time}` <= `${now.date}T${now.time}`;
}

/** Whether an instant (ISO) is now or past, by the service's clock. */
export const hasStarted = (instant: string): boolean => Date.parse(instant) <= serviceNow();

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(y!, m! - 1, d! + days));
  return moved.toISOString().slice(0, 10);
}

const longDay = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** `Saturday 21 November 2026` (long) or `Sat 21 Nov` (short), for a calendar date. */
export function dayName(date: string, style: 'long' | 'short' = 'long'): string {
  const [y, m, d] = date.split('-').map(Number);
  return (style === 'long' ? longDay : shortDay).format(new Date(Date.UTC(y!, m! - 1, d)));
}

/** Minutes since midnight of `HH:MM`. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** `HH:MM` of minutes since midnight. */
export const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The ISO weekday of a calendar date: 1 Monday to 7 Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d)).getUTCDay() || 7;
}

/** The Monday of a calendar date's week. */
export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date));
