/**
 * How the business is doing (owners and admins: `reports:read`): `report(from, to, by)` over days, ISO weeks or
 * months of the company's timezone, drawn as charts (revenue; class bookings, attendance and no-shows; new
 * customers), its totals, and a table of every figure, which is also the charts' text. `Download CSV` saves the
 * report's own CSV (the service builds it, so the file and the table are the same figures).
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '../api.ts';
import { addDays, dayName, todayIn } from '../clock.ts';
import { ReportQuery } from '../documents.ts';
import type { ReportFiguresFieldsFragment as Figures, ReportInterval } from '../gql/graphql.ts';
import { useSession } from '../session.tsx';
import { ErrorText, Loading, PageHeader, formatDate, money } from '../ui.tsx';
import { ReportChart, type Series } from './ReportChart.tsx';

const INTERVALS: readonly { value: ReportInterval; name: string; each: string }[] = [
  { value: 'DAY', name: 'Day', each: 'day' },
  { value: 'WEEK', name: 'Week', each: 'week' },
  { value: 'MONTH', name: 'Month', each: 'month' },
];

const COLOURS = { money: ['#1d4ed8', '#0f766e', '#9333ea'], bookings: '#1d4ed8', attended: '#15803d', noShows: '#b42318', customers: '#7c3aed' };

const shortDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** A period as its chart label and table heading: `Sat 21 Nov`, `16 Nov–22 Nov`, `Nov 2026`. */
function periodName(start: string, end: string, by: ReportInterval): string {
  if (by === 'DAY') return dayName(start, 'short');
  if (by === 'MONTH') return monthName.format(utc(start));
  return start === end ? shortDate.format(utc(start)) : `${shortDate.format(utc(start))}–${shortDate.format(utc(end))}`;
}

/** Revenue in words: each currency's sum, or none taken (in the company's currency). */
const revenueText = (revenue: Figures['revenue'], currency: string) =>
  revenue.length ? revenue.map((m) => money(m.base100Amount, m.currency)).join(' + ') : money(0, currency);

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : '—');

export function Reports() {
  const { me } = useSession();
  const today = todayIn(me.companyTimezone);
  const [form, setForm] = useState({ from: addDays(today, -27), to: today, by: 'DAY' as ReportInterval });
  const [shown, setShown] = useState(form);
  const [problem, setProblem] = useState<string>();
  const query = useQuery(ReportQuery, shown);
  const report = query.data?.report;
  const ids = { from: useId(), to: useId(), by: useId() };
  const each = INTERVALS.find((i) => i.value === shown.by)!.each;
  const range = `${formatDate(shown.from)} to ${formatDate(shown.to)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.from || !form.to) return setProblem('Choose the first and the last day.');
    if (form.to < form.from) return setProblem('To must not be before From.');
    setProblem(undefined);
    setShown({ ...form });
  };

  const charts = useMemo(() => {
    if (!report) return null;
    const labels = report.periods.map((p) => periodName(p.start, p.end, shown.by));
    const currencies = [...new Set(report.periods.flatMap((p) => p.figures.revenue.map((m) => m.currency)))];
    const currency = currencies[0] ?? me.companyCurrency;
    const revenue: Series[] = (currencies.length ? currencies : [currency]).map((c, i) => ({
      label: `Revenue (${c})`,
      values: report.periods.map((p) => (p.figures.revenue.find((m) => m.currency === c)?.base100Amount ?? 0) / 100),
      colour: COLOURS.money[i % COLOURS.money.length]!,
    }));
    const figure = (pick: (f: Figures) => number) => report.periods.map((p) => pick(p.figures));
    const attendance: Series[] = [
      { label: 'Bookings', values: figure((f) => f.eventBookings), colour: COLOURS.bookings },
      { label: 'Attended', values: figure((f) => f.attended), colour: COLOURS.attended },
      { label: 'No-shows', values: figure((f) => f.noShows), colour: COLOURS.noShows },
    ];
    const customers: Series[] = [{ label: 'New customers', values: figure((f) => f.newCustomers), colour: COLOURS.customers }];
    return { labels, revenue, attendance, customers, formatMoney: (n: number) => money(Math.round(n * 100), currency) };
  }, [report, shown.by, me.companyCurrency]);

  const download = () => {
    if (!report) return;
    const url = URL.createObjectURL(new Blob([report.csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `report-${shown.from}-to-${shown.to}-by-${each}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  const totals = report?.totals;
  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Reports">
        <button type="button" onClick={download} disabled={!report}>
          Download CSV
        </button>
      </PageHeader>
      <p className="lead">
        Money taken (less refunds), class bookings and attendance, appointments and new customers, by {INTERVALS.map((i) => i.each).join(', ')} in{' '}
        {me.companyTimezone}.
      </p>
      <form className="filters report-filters" onSubmit={submit} noValidate aria-label="Report range">
        <div className="field">
          <label htmlFor={ids.from}>From</label>
          <input id={ids.from} type="date" value={form.from} max={form.to || undefined} onChange={(e) => setForm((f) => ({ ...f, from: e.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>To</label>
          <input id={ids.to} type="date" value={form.to} min={form.from || undefined} onChange={(e) => setForm((f) => ({ ...f, to: e.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor={ids.by}>By</label>
          <select id={ids.by} value={form.by} onChange={(e) => setForm((f) => ({ ...f, by: e.target.value as ReportInterval }))}>
            {INTERVALS.map((i) => (
              <option key={i.value} value={i.value}>
                {i.name}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-actions">
          <button type="submit" className="primary">
            Show report
          </button>
        </div>
      </form>
      <ErrorText error={problem ?? (query.error && (query.error.forFieldAs('to', 'To') ?? query.error))} />
      {query.loading && !report && <Loading label="Adding up the figures…" />}
      {report && totals && charts && (
        <div className="report" aria-busy={query.loading}>
          <h2 className="week-title">
            {range}, by {each}
          </h2>
          <dl className="totals">
            <div>
              <dt>Revenue</dt>
              <dd>{revenueText(totals.revenue, me.companyCurrency)}</dd>
            </div>
            <div>
              <dt>Class bookings</dt>
              <dd>{totals.eventBookings}</dd>
            </div>
            <div>
              <dt>Attended</dt>
              <dd>
                {totals.attended} <span className="sub inline">· {totals.noShows} no-shows</span>
              </dd>
            </div>
            <div>
              <dt>Spaces booked</dt>
              <dd>
                {percent(totals.spacesBooked, totals.spacesOffered)}{' '}
                <span className="sub inline">
                  · {totals.spacesBooked} of {totals.spacesOffered}
                </span>
              </dd>
            </div>
            <div>
              <dt>Appointments</dt>
              <dd>
                {totals.appointments}{' '}
                <span className="sub inline">
                  · {totals.appointmentsCompleted} completed, {totals.appointmentsNoShow} no-shows
                </span>
              </dd>
            </div>
            <div>
              <dt>New customers</dt>
              <dd>{totals.newCustomers}</dd>
            </div>
          </dl>
          <div className="charts">
            <ReportChart
              title="Revenue"
              summary={`Revenue by ${each}, ${range}: ${revenueText(totals.revenue, me.companyCurrency)} in all. The table below gives each ${each}'s figure.`}
              labels={charts.labels}
              series={charts.revenue}
              format={charts.formatMoney}
            />
            <ReportChart
              title="Class bookings, attended and no-shows"
              summary={`Class bookings by ${each}, ${range}: ${totals.eventBookings} bookings, ${totals.attended} attended, ${totals.noShows} no-shows in all. The table below gives each ${each}'s figures.`}
              labels={charts.labels}
              series={charts.attendance}
            />
            <ReportChart
              title="New customers"
              summary={`New customers by ${each}, ${range}: ${totals.newCustomers} in all. The table below gives each ${each}'s figure.`}
              labels={charts.labels}
              series={charts.customers}
            />
          </div>
          <h2>Figures</h2>
          <div className="table-scroll" role="region" aria-label="Report figures" tabIndex={0}>
            <table className="compact figures">
              <caption className="visually-hidden">
                The report's figures by {each}, {range}, with the totals last
              </caption>
              <thead>
                <tr>
                  <th scope="col">{INTERVALS.find((i) => i.value === shown.by)!.name}</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Bookings</th>
                  <th scope="col">Attended</th>
                  <th scope="col">No-shows</th>
                  <th scope="col">Spaces booked</th>
                  <th scope="col">Appointments</th>
                  <th scope="col">Completed</th>
                  <th scope="col">Appt. no-shows</th>
                  <th scope="col">New customers</th>
                </tr>
              </thead>
              <tbody>
                {report.periods.map((p, i) => (
                  <FigureRow key={p.start} name={charts.labels[i]!} figures={p.figures} currency={me.companyCurrency} />
                ))}
              </tbody>
              <tfoot>
                <FigureRow name="Total" figures={totals} currency={me.companyCurrency} />
              </tfoot>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

function FigureRow({ name, figures: f, currency }: { name: string; figures: Figures; currency: string }) {
  return (
    <tr>
      <th scope="row" data-label="Period">
        {name}
      </th>
      <td data-label="Revenue">{revenueText(f.revenue, currency)}</td>
      <td data-label="Bookings">{f.eventBookings}</td>
      <td data-label="Attended">{f.attended}</td>
      <td data-label="No-shows">{f.noShows}</td>
      <td data-label="Spaces booked">
        {f.spacesBooked} of {f.spacesOffered}
      </td>
      <td data-label="Appointments">{f.appointments}</td>
      <td data-label="Completed">{f.appointmentsCompleted}</td>
      <td data-label="Appointment no-shows">{f.appointmentsNoShow}</td>
      <td data-label="New customers">{f.newCustomers}</td>
    </tr>
  );
}
