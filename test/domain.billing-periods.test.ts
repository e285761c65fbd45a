/** The periods of a subscription keep their anchor's day, as Stripe's billing cycle anchor does (docs/subscriptions.md). */
import { describe, expect, it } from '@jest/globals';
import { nextPeriodStart, periodStart } from '../src/domain/billing-periods.ts';
import type { PlanInterval } from '../src/db/entities/index.ts';

const series = (anchor: string, interval: PlanInterval, count: number) => Array.from({ length: count }, (_, n) => periodStart(anchor, interval, n));

describe('periodStart', () => {
  it('keeps a month-end anchor: the last day of shorter months, and back to the 31st after them', () => {
    expect(series('2027-01-31', 'MONTH', 8)).toEqual([
      '2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31',
    ]);
  });

  it('falls on 29 February in a leap year', () => {
    expect(series('2027-11-30', 'MONTH', 4)).toEqual(['2027-11-30', '2027-12-30', '2028-01-30', '2028-02-29']);
    expect(series('2028-01-31', 'MONTH', 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('renews a 29 February yearly anchor on 28 February in common years, and on the 29th again in leap years', () => {
    expect(series('2028-02-29', 'YEAR', 5)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('moves a weekly anchor seven days at a time, across the end of a year and a change of clocks', () => {
    expect(series('2026-12-24', 'WEEK', 3)).toEqual(['2026-12-24', '2026-12-31', '2027-01-07']);
    expect(series('2027-03-22', 'WEEK', 2)).toEqual(['2027-03-22', '2027-03-29']);
  });
});

describe('nextPeriodStart', () => {
  it.each([
    ['the anchor itself, for a date before it', '2027-01-31', 'MONTH', '2027-01-15', '2027-01-31'],
    ['the next period, for a period start', '2027-01-31', 'MONTH', '2027-02-28', '2027-03-31'],
    ['the next period, for a day inside one', '2027-01-31', 'MONTH', '2027-03-01', '2027-03-31'],
    ['the next period, from the last day of one', '2027-01-31', 'MONTH', '2027-03-30', '2027-03-31'],
    ['a period years after the anchor', '2027-01-31', 'MONTH', '2031-02-28', '2031-03-31'],
    ['the next week', '2027-01-06', 'WEEK', '2027-01-06', '2027-01-13'],
    ['the week after a day inside one', '2027-01-06', 'WEEK', '2027-02-01', '2027-02-03'],
    ['the next year', '2028-02-29', 'YEAR', '2029-02-28', '2030-02-28'],
  ] as const)('answers %s', (_case, anchor, interval, date, next) => {
    expect(nextPeriodStart(anchor, interval, date)).toBe(next);
  });
});
