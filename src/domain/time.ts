/**
 * Local wall-clock time in IANA time zones: local datetimes (`YYYY-MM-DDTHH:MM:SS`, no offset) to
 * instants and back. Offsets come from Intl and are cached per zone and UTC hour, so converting many
 * times in one zone costs a map look-up each.
 *
 * Local times that do not exist or exist twice around a DST change resolve as Temporal's `compatible`
 * disambiguation does: a time in the spring-forward gap moves forward by the gap (London 01:30 on
 * 2026-03-29 is 02:30 BST, 01:30Z); a time in the repeated autumn hour is its first occurrence
 * (London 01:30 on 2026-10-25 is 01:30 BST, 00:30Z).
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
/** Offset in ms of a zone during one UTC hour, or null when it changes within that hour. */
const hourOffsets = new Map<string, Map<number, number | null>>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** True for an IANA zone name that Intl knows (`Europe/London`, `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  if (formats.has(timeZone)) return true;
  try {
    formatFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in ms, to the second (as Intl renders it). */
function measuredOffset(timeZone: string, utcMs: number): number {
  const at = Math.floor(utcMs / 1000) * 1000;
  const parts = formatFor(timeZone).formatToParts(at);
  let year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  for (const part of parts) {
    switch (part.type) {
      case 'year': year = Number(part.value); break;
      case 'month': month = Number(part.value); break;
      case 'day': day = Number(part.value); break;
      case 'hour': hour = Number(part.value); break;
      case 'minute': minute = Number(part.value); break;
      case 'second': second = Number(part.value); break;
    }
  }
  return utc(year, month, day, hour, minute, second) - at;
}

/** Date.UTC without its mapping of years 0-99 to 1900-1999. */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  return year >= 100 ? ms : new Date(ms).setUTCFullYear(year);
}

/** The zone's offset from UTC at an instant, in ms. */
export function offsetAt(timeZone: string, utcMs: number): number {
  let zone = hourOffsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    hourOffsets.set(timeZone, zone);
  }
  const hour = Math.floor(utcMs / HOUR);
  let offset = zone.get(hour);
  if (offset === undefined) {
    const first = measuredOffset(timeZone, hour * HOUR);
    const last = measuredOffset(timeZone, hour * HOUR + HOUR - 1000);
    offset = first === last ? first : null;
    zone.set(hour, offset);
  }
  return offset ?? measuredOffset(timeZone, utcMs);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The value of `length` decimal digits at `start`, or NaN. */
function digits(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/** Milliseconds of a `YYYY-MM-DDTHH:MM:SS` wall-clock reading taken as if it were UTC; NaN when malformed or impossible. */
export function wallClockMs(local: string): number {
  if (local.length !== 19 || local[4] !== '-' || local[7] !== '-' || local[10] !== 'T' || local[13] !== ':' || local[16] !== ':') return NaN;
  const year = digits(local, 0, 4);
  const month = digits(local, 5, 2);
  const day = digits(local, 8, 2);
  const hour = digits(local, 11, 2);
  const minute = digits(local, 14, 2);
  const second = digits(local, 17, 2);
  if (!(month >= 1 && month <= 12 && day >= 1 && hour <= 23 && minute <= 59 && second <= 59)) return NaN;
  if (day > (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!)) return NaN;
  return utc(year, month, day, hour, minute, second);
}

/**
 * The dates a caller may give, as a date, a local datetime or an instant (query parameters, body fields,
 * the GraphQL scalars): any computation on them (the day after, three months before, a pass valid for ten
 * years) stays within what ISO 8601 strings and PostgreSQL hold, where year 0 or 10000 would not.
 */
export const DATE_RANGE = { first: '1900-01-01', last: '2999-12-31' } as const;

/** How error messages and documents describe the range and a date input. */
export const DATE_RANGE_TEXT = `from ${DATE_RANGE.first} to ${DATE_RANGE.last}`;
export const DATE_RULE = `must be a date YYYY-MM-DD ${DATE_RANGE_TEXT}`;

const inDateRange = (date: string) => date >= DATE_RANGE.first && date <= DATE_RANGE.last;

/** True for a well-formed, real local datetime `YYYY-MM-DDTHH:MM:SS` on a date within DATE_RANGE. */
export function isLocalDateTime(text: string): boolean {
  return inDateRange(text.slice(0, 10)) && !Number.isNaN(wallClockMs(text));
}

/** True for a real calendar date `YYYY-MM-DD` within DATE_RANGE. */
export function isLocalDate(text: string): boolean {
  return text.length === 10 && inDateRange(text) && !Number.isNaN(wallClockMs(`${text}T00:00:00`));
}

/** True for an instant whose UTC date is within DATE_RANGE. */
export function isInstantInDateRange(instant: Date): boolean {
  return !Number.isNaN(instant.getTime()) && inDateRange(instant.toISOString().slice(0, 10));
}

/**
 * The zone's offset over a whole local day (its wall-clock midnight, ms as if UTC) and the days either side,
 * when it is one; null around a change of the zone's offset. While it is one, every wall-clock reading of the
 * day names the instant `wall - offset`, as `wallClockToInstantMs` finds it (it looks a day either side).
 */
export function steadyOffset(midnightWall: number, timeZone: string): number | null {
  const offset = offsetAt(timeZone, midnightWall - DAY);
  for (let day = 0; day <= 2; day++) if (offsetAt(timeZone, midnightWall + day * DAY) !== offset) return null;
  return offset;
}

/** The instant a wall-clock reading (ms as if UTC) names in a zone; DST gaps and overlaps as in the file comment. */
export function wallClockToInstantMs(wall: number, timeZone: string): number {
  const before = offsetAt(timeZone, wall - DAY);
  const after = offsetAt(timeZone, wall + DAY);
  if (before === after) return wall - before;
  const early = wall - before;
  const late = wall - after;
  const earlyFits = offsetAt(timeZone, early) === before;
  const lateFits = offsetAt(timeZone, late) === after;
  if (earlyFits && lateFits) return Math.min(early, late);
  if (earlyFits) return early;
  if (lateFits) return late;
  return early;
}

/** The instant of a local datetime `YYYY-MM-DDTHH:MM:SS` in an IANA zone. Throws on a malformed datetime or unknown zone. */
export function localToInstant(local: string, timeZone: string): Date {
  const wall = wallClockMs(local);
  if (Number.isNaN(wall)) throw new RangeError(`not a local datetime YYYY-MM-DDTHH:MM:SS: ${local}`);
  if (!isTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${timeZone}`);
  return new Date(wallClockToInstantMs(wall, timeZone));
}

/** The wall-clock reading `YYYY-MM-DDTHH:MM:SS` of an instant in an IANA zone. */
export function instantToLocal(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  return new Date(ms + offsetAt(timeZone, ms)).toISOString().slice(0, 19);
}

/** The calendar date `YYYY-MM-DD` of an instant in an IANA zone. */
export function localDate(instant: Date, timeZone: string): string {
  return instantToLocal(instant, timeZone).slice(0, 10);
}

/** The ISO weekday (1 = Monday ... 7 = Sunday) of a calendar date `YYYY-MM-DD`. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** A calendar date `YYYY-MM-DD` moved by a number of days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The same day three calendar months earlier, clamped to the month's end (2026-05-31 -> 2026-02-28). */
export function threeMonthsBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - 3, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}
