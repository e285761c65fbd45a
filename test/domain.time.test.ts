import { describe, expect, it, jest } from '@jest/globals';
import {
  addDays,
  instantToLocal,
  isInstantInDateRange,
  isLocalDate,
  isLocalDateTime,
  isTimeZone,
  isoWeekday,
  localDate,
  localToInstant,
} from '../src/domain/time.ts';

describe('localToInstant', () => {
  it.each([
    ['winter time in London is UTC', '2026-01-15T09:00:00', 'Europe/London', '2026-01-15T09:00:00.000Z'],
    ['summer time in London is UTC+1', '2026-07-15T09:00:00', 'Europe/London', '2026-07-15T08:00:00.000Z'],
    ['New York in winter is UTC-5', '2026-12-01T09:00:00', 'America/New_York', '2026-12-01T14:00:00.000Z'],
    ['Kathmandu is UTC+5:45', '2026-06-01T12:00:00', 'Asia/Kathmandu', '2026-06-01T06:15:00.000Z'],
    ['Lord Howe summer time moves by half an hour', '2026-12-01T12:00:00', 'Australia/Lord_Howe', '2026-12-01T01:00:00.000Z'],
    ['UTC is itself', '2026-03-29T01:30:00', 'UTC', '2026-03-29T01:30:00.000Z'],
    ['midnight before the London change', '2026-03-29T00:59:59', 'Europe/London', '2026-03-29T00:59:59.000Z'],
    ['the first minute of London summer time', '2026-03-29T02:00:00', 'Europe/London', '2026-03-29T01:00:00.000Z'],
  ])('%s', (_, local, zone, instant) => {
    expect(localToInstant(local, zone).toISOString()).toBe(instant);
  });

  it('moves a time in the spring-forward gap forward by the gap (London 01:30 on 29 March 2026 is 02:30 BST)', () => {
    expect(localToInstant('2026-03-29T01:30:00', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(localToInstant('2026-03-08T02:30:00', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes the first occurrence of a time in the repeated autumn hour (London 01:30 on 25 October 2026 is BST)', () => {
    expect(localToInstant('2026-10-25T01:30:00', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(localToInstant('2026-11-01T01:30:00', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('keeps years before 100 as they are', () => {
    expect(localToInstant('0050-06-01T12:00:00', 'UTC').getUTCFullYear()).toBe(50);
  });

  it('refuses malformed datetimes, impossible dates and unknown zones', () => {
    expect(() => localToInstant('2026-02-30T09:00:00', 'Europe/London')).toThrow(/local datetime/);
    expect(() => localToInstant('2026-01-01 09:00:00', 'Europe/London')).toThrow(/local datetime/);
    expect(() => localToInstant('2026-01-01T09:00:00Z', 'Europe/London')).toThrow(/local datetime/);
    expect(() => localToInstant('2026-01-01T24:00:00', 'Europe/London')).toThrow(/local datetime/);
    expect(() => localToInstant('2026-01-01T09:00:00', 'Mars/Olympus')).toThrow(/time zone/);
  });
});

describe('instantToLocal', () => {
  it('renders both occurrences of the repeated hour with the same wall-clock reading', () => {
    expect(instantToLocal(new Date('2026-10-25T00:30:00Z'), 'Europe/London')).toBe('2026-10-25T01:30:00');
    expect(instantToLocal(new Date('2026-10-25T01:30:00Z'), 'Europe/London')).toBe('2026-10-25T01:30:00');
  });

  it('renders the zone offset, dropping milliseconds', () => {
    expect(instantToLocal(new Date('2026-07-15T08:00:00.999Z'), 'Europe/London')).toBe('2026-07-15T09:00:00');
    expect(instantToLocal(new Date('2026-06-01T06:15:00Z'), 'Asia/Kathmandu')).toBe('2026-06-01T12:00:00');
  });

  it('is the inverse of localToInstant for every hour of a year with two DST changes, except the gap', () => {
    const zone = 'Europe/Berlin';
    const misread: string[] = [];
    const repeated: string[] = [];
    for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 15 * 60_000) {
      const local = instantToLocal(new Date(ms), zone);
      const back = localToInstant(local, zone).getTime();
      if (back === ms - 3_600_000) repeated.push(local);
      else if (back !== ms) misread.push(local);
    }
    expect(misread).toEqual([]);
    // The second occurrence of the repeated hour reads back as the first.
    expect(repeated).toEqual(['2026-10-25T02:00:00', '2026-10-25T02:15:00', '2026-10-25T02:30:00', '2026-10-25T02:45:00']);
  });
});

describe('calendar helpers', () => {
  it('takes the local date of an instant in the zone', () => {
    expect(localDate(new Date('2026-12-31T23:30:00Z'), 'Europe/Paris')).toBe('2027-01-01');
    expect(localDate(new Date('2026-01-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2025-12-31');
  });

  it('names ISO weekdays, Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('validates dates, local datetimes and zones', () => {
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2000-02-29')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2100-02-29')).toBe(false);
    expect(isLocalDate('2026-04-31')).toBe(false);
    expect(isLocalDate('2026-4-30')).toBe(false);
    expect(isLocalDateTime('2026-11-21T23:59:59')).toBe(true);
    expect(isLocalDateTime('2026-11-21T23:59')).toBe(false);
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Europe/Londn')).toBe(false);
  });

  it.each([
    ['the first date accepted', '1900-01-01', true],
    ['the last date accepted', '2999-12-31', true],
    ['the day before the range', '1899-12-31', false],
    ['the day after the range', '3000-01-01', false],
    ['year 0', '0000-01-01', false],
    ['year 1', '0001-01-01', false],
    ['the last day of year 9999', '9999-12-31', false],
  ])('accepts dates from 1900-01-01 to 2999-12-31 only, as dates, local datetimes and instants: %s', (_case, date, accepted) => {
    expect(isLocalDate(date)).toBe(accepted);
    expect(isLocalDateTime(`${date}T12:00:00`)).toBe(accepted);
    expect(isInstantInDateRange(new Date(`${date}T12:00:00Z`))).toBe(accepted);
  });

  it('refuses instants that are no date at all', () => {
    expect(isInstantInDateRange(new Date('not a date'))).toBe(false);
    expect(isInstantInDateRange(new Date(8.64e15))).toBe(false);
  });

  it('asks Intl about each hour of a zone once, not about each conversion (what keeps a hundred thousand conversions cheap)', () => {
    const asked = jest.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const distinct = new Set<string>();
    try {
      for (let i = 0; i < 100_000; i++) {
        const local = `2031-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}T09:00:00`;
        distinct.add(local);
        localToInstant(local, 'Europe/London');
      }
    } finally {
      asked.mockRestore();
    }
    // Two readings (the hour's first and last second) for each hour met, and a few around each guess.
    expect(asked.mock.calls.length).toBeLessThanOrEqual(distinct.size * 6);
    expect(distinct.size).toBe(252);
  });
});
