/**
 * The periods of a subscription. Period n starts on the mandate's anchor date moved by n whole intervals,
 * always counted from the anchor (never from the previous period), so a mandate keeps its anchor's day as
 * Stripe's billing cycle anchor does: a month-end anchor falls on the last day of shorter months and comes
 * back (Jan 31, Feb 28 or 29, Mar 31, Apr 30), and a yearly Feb 29 anchor renews on Feb 28 in common years.
 */
import type { PlanInterval } from '../db/entities/index.ts';
import { addDays } from './time.ts';

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** `date` moved by whole calendar months, clamped to the end of the month it lands in. */
function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The start of period `n` (0 is the anchor itself). */
export function periodStart(anchor: string, interval: PlanInterval, n: number): string {
  switch (interval) {
    case 'WEEK':
      return addDays(anchor, 7 * n);
    case 'MONTH':
      return addMonths(anchor, n);
    case 'YEAR':
      return addMonths(anchor, 12 * n);
  }
}

/** Whole intervals from `anchor` to `date`, give or take one: where the search for a period starts. */
function intervalsBetween(anchor: string, interval: PlanInterval, date: string): number {
  const [ay, am] = parts(anchor);
  const [dy, dm] = parts(date);
  switch (interval) {
    case 'WEEK':
      return Math.floor((Date.parse(date) - Date.parse(anchor)) / (7 * 86_400_000));
    case 'MONTH':
      return (dy - ay) * 12 + (dm - am);
    case 'YEAR':
      return dy - ay;
  }
}

/** The first period start of the anchor's series after `date` (the anchor itself when `date` is before it). */
export function nextPeriodStart(anchor: string, interval: PlanInterval, date: string): string {
  let n = Math.max(0, intervalsBetween(anchor, interval, date) - 1);
  while (periodStart(anchor, interval, n) <= date) n++;
  return periodStart(anchor, interval, n);
}
