/**
 * Reports (docs/reports.md): a range of days in the company's timezone cut into days, ISO weeks or months,
 * each period with the figures src/db/reports.ts counts, and the totals of the range. The range is bounded so
 * a report's cost is: at most REPORT_LIMITS days per interval.
 */
import type { FigureName, FigureRow, ReportUnit } from '../db/reports.ts';
import { Invalid } from './errors.ts';
import { addDays, isoWeekday, localToInstant } from './time.ts';

export type ReportInterval = 'DAY' | 'WEEK' | 'MONTH';

/** The longest range, in days, of each interval: a year of days, three years of weeks or months. */
export const REPORT_LIMITS: Record<ReportInterval, number> = { DAY: 366, WEEK: 1096, MONTH: 1096 };

export interface Money {
  currency: string;
  base100Amount: number;
}

export interface ReportFigures {
  revenue: Money[];
  eventBookings: number;
  attended: number;
  noShows: number;
  spacesBooked: number;
  spacesOffered: number;
  appointments: number;
  appointmentsCompleted: number;
  appointmentsNoShow: number;
  newCustomers: number;
}

export interface ReportPeriod {
  start: string;
  end: string;
  figures: ReportFigures;
}

export interface Report {
  periods: ReportPeriod[];
  totals: ReportFigures;
}

const COUNTS = [
  'eventBookings', 'attended', 'noShows', 'spacesBooked', 'spacesOffered', 'appointments', 'appointmentsCompleted', 'appointmentsNoShow', 'newCustomers',
] as const satisfies readonly Exclude<FigureName, 'revenue'>[];

const UNITS: Record<ReportInterval, ReportUnit> = { DAY: 'day', WEEK: 'week', MONTH: 'month' };

/** Days between two dates (`to` - `from`). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The natural start of the period holding `date`: itself, its week's Monday, or the first of its month. */
export function periodStartOf(date: string, interval: ReportInterval): string {
  if (interval === 'WEEK') return addDays(date, 1 - isoWeekday(date));
  if (interval === 'MONTH') return `${date.slice(0, 7)}-01`;
  return date;
}

/** The natural start of the period after the one starting on `start`. */
function nextPeriodStart(start: string, interval: ReportInterval): string {
  if (interval === 'DAY') return addDays(start, 1);
  if (interval === 'WEEK') return addDays(start, 7);
  const [year, month] = start.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The range checked: `to` not before `from`, and no longer than the interval allows. */
export function checkRange(from: string, to: string, interval: ReportInterval): void {
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw new Invalid('to', 'min', 'must not be before from');
  const limit = REPORT_LIMITS[interval];
  if (days > limit) throw new Invalid('to', 'max', `must be at most ${limit} days after from (inclusive) by ${interval}`);
}

/** The instants the range runs between in `timezone`, and the unit the database truncates by. */
export function rangeOf(from: string, to: string, interval: ReportInterval, timezone: string) {
  return {
    from: localToInstant(`${from}T00:00:00`, timezone),
    until: localToInstant(`${addDays(to, 1)}T00:00:00`, timezone),
    timezone,
    unit: UNITS[interval],
  };
}

const noFigures = (): ReportFigures => ({
  revenue: [], eventBookings: 0, attended: 0, noShows: 0, spacesBooked: 0, spacesOffered: 0,
  appointments: 0, appointmentsCompleted: 0, appointmentsNoShow: 0, newCustomers: 0,
});

function add(figures: ReportFigures, row: Pick<FigureRow, 'figure' | 'currency' | 'amount'>): void {
  if (row.figure !== 'revenue') {
    figures[row.figure] += row.amount;
    return;
  }
  const money = figures.revenue.find((m) => m.currency === row.currency);
  if (money) money.base100Amount += row.amount;
  else figures.revenue.push({ currency: row.currency, base100Amount: row.amount });
  figures.revenue.sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Every period of the range, in order (those with no rows too), with the figures of `rows`, and the totals. */
export function assembleReport(from: string, to: string, interval: ReportInterval, rows: readonly FigureRow[]): Report {
  const periods: ReportPeriod[] = [];
  const byNaturalStart = new Map<string, ReportPeriod>();
  for (let natural = periodStartOf(from, interval); natural <= to; natural = nextPeriodStart(natural, interval)) {
    const lastDay = addDays(nextPeriodStart(natural, interval), -1);
    const period = { start: natural < from ? from : natural, end: lastDay > to ? to : lastDay, figures: noFigures() };
    periods.push(period);
    byNaturalStart.set(natural, period);
  }
  const totals = noFigures();
  for (const row of rows) {
    const period = byNaturalStart.get(row.period);
    // The database places each row by the range's own instants, so every row has its period.
    if (!period) throw new Error(`report: a row of period ${row.period} outside ${from}..${to}`);
    add(period.figures, row);
    add(totals, row);
  }
  return { periods, totals };
}

/** Minor units as major ones with two decimals (GBP, EUR and USD all have two). */
const major = (base100: number) => `${base100 < 0 ? '-' : ''}${Math.floor(Math.abs(base100) / 100)}.${String(Math.abs(base100) % 100).padStart(2, '0')}`;

/** The report as CSV (RFC 4180): a header, a row per period, a `total` row; one revenue column per currency present. */
export function reportCsv(report: Report): string {
  const currencies = [...new Set(report.totals.revenue.map((m) => m.currency))].sort();
  const header = ['period start', 'period end', ...currencies.map((c) => `revenue ${c}`), ...COUNTS];
  const line = (start: string, end: string, figures: ReportFigures) => [
    start,
    end,
    ...currencies.map((c) => major(figures.revenue.find((m) => m.currency === c)?.base100Amount ?? 0)),
    ...COUNTS.map((name) => String(figures[name])),
  ];
  const rows = [header, ...report.periods.map((p) => line(p.start, p.end, p.figures)), line('total', '', report.totals)];
  // No field holds a comma, a quote or a line break: dates, numbers and the fixed names above.
  return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
}
