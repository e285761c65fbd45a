/**
 * Facilitators and their working hours: weekly windows, and dates whose hours differ (a day off, shorter
 * hours). Availability cuts these windows into the slots the calendar books.
 */
import { useId, useState, type FormEvent } from 'react';
import { request, useMutation, useQuery, type ApiError } from '../../api.ts';
import { todayIn } from '../../clock.ts';
import { CatalogueFacilitatorsQuery, CreateFacilitatorMutation, SetDateOverrideMutation, SetWeeklyWindowsMutation } from '../../documents.ts';
import type { CatalogueFacilitatorsQuery as Data, WeeklyWindowInput } from '../../gql/graphql.ts';
import { useSession } from '../../session.tsx';
import { Dialog, Empty, ErrorText, Flash, FormActions, TextField, formatDate } from '../../ui.tsx';
import { CatalogueTable, fieldError, otherError } from './table.tsx';

type Facilitator = NonNullable<Data['facilitators']>[number];
interface WindowRow {
  key: number;
  weekday: number;
  start: string;
  end: string;
}

const DAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SHORT = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
let rowKeys = 0;

/** `Mon–Fri 09:00–17:00; Sat 10:00–14:00`: consecutive days with the same windows together. */
export function weeklySummary(windows: readonly { weekday: number; start: string; end: string }[]): string {
  const byDay = (day: number) =>
    windows
      .filter((w) => w.weekday === day)
      .map((w) => `${w.start}–${w.end}`)
      .join(', ');
  const parts: string[] = [];
  for (let day = 1; day <= 7; day++) {
    const hours = byDay(day);
    if (!hours) continue;
    let last = day;
    while (last < 7 && byDay(last + 1) === hours) last++;
    parts.push(`${SHORT[day]}${last > day ? `–${SHORT[last]}` : ''} ${hours}`);
    day = last;
  }
  return parts.join('; ') || 'No weekly hours';
}

export function Facilitators({ title }: { title: string }) {
  const { me } = useSession();
  const today = todayIn(me.companyTimezone);
  const query = useQuery(CatalogueFacilitatorsQuery, { from: today });
  const [open, setOpen] = useState<{ facilitator?: Facilitator }>();
  const [flash, setFlash] = useState<string>();
  const facilitators = query.data?.facilitators ?? [];
  const done = (message?: string) => {
    setOpen(undefined);
    if (message) {
      setFlash(message);
      query.reload();
    }
  };
  return (
    <CatalogueTable
      title={title}
      lead="Who gives appointments, and when: weekly hours, and dates whose hours differ."
      newLabel="New facilitator"
      onNew={() => setOpen({})}
      query={query}
      flash={flash}
      empty="No facilitators yet: add the first one."
      columns={['Facilitator', 'Weekly hours', 'Dates that differ']}
      rows={facilitators.map((f) => ({
        id: f.id,
        name: f.name,
        cells: [
          weeklySummary(f.weeklyWindows) + (f.timezone === me.companyTimezone ? '' : ` (times in ${f.timezone})`),
          f.dateOverrides.length
            ? f.dateOverrides
                .slice(0, 3)
                .map((o) => `${formatDate(o.date)}: ${o.windows.length ? o.windows.map((w) => `${w.start}–${w.end}`).join(', ') : 'off'}`)
                .join('; ') + (f.dateOverrides.length > 3 ? ` and ${f.dateOverrides.length - 3} more` : '')
            : 'None coming',
        ],
        editLabel: 'Working hours',
        onEdit: () => setOpen({ facilitator: f }),
      }))}
    >
      {open && !open.facilitator && <NewFacilitatorDialog onClose={done} />}
      {open?.facilitator && (
        <HoursDialog
          facilitator={open.facilitator}
          today={today}
          onChanged={(message) => {
            setFlash(message);
            query.reload();
          }}
          onClose={() => setOpen(undefined)}
        />
      )}
    </CatalogueTable>
  );
}

/** Rows of weekly windows, edited day by day. */
function WeeklyEditor({ rows, onChange }: { rows: WindowRow[]; onChange: (rows: WindowRow[]) => void }) {
  const set = (key: number, change: Partial<WindowRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const id = useId();
  return (
    <div className="weekly">
      {[1, 2, 3, 4, 5, 6, 7].map((day) => {
        const windows = rows.filter((r) => r.weekday === day);
        return (
          <div key={day} className="weekday" role="group" aria-labelledby={`${id}-${day}`}>
            <span className="weekday-name" id={`${id}-${day}`}>
              {DAYS[day]}
            </span>
            <div className="weekday-windows">
              {windows.length === 0 && <span className="sub">Not working</span>}
              {windows.map((w, i) => (
                <div key={w.key} className="window-row">
                  <label>
                    <span className="visually-hidden">
                      {DAYS[day]}, hours {i + 1}, from
                    </span>
                    <input type="time" value={w.start} onChange={(e) => set(w.key, { start: e.target.value })} />
                  </label>
                  <span aria-hidden="true">to</span>
                  <label>
                    <span className="visually-hidden">
                      {DAYS[day]}, hours {i + 1}, until
                    </span>
                    <input type="time" value={w.end} onChange={(e) => set(w.key, { end: e.target.value })} />
                  </label>
                  <button type="button" className="link-button small" onClick={() => onChange(rows.filter((r) => r.key !== w.key))}>
                    Remove<span className="visually-hidden"> {DAYS[day]} hours {i + 1}</span>
                  </button>
                </div>
              ))}
            </div>
            <button
              type="button"
              className="link-button small"
              onClick={() => onChange([...rows, { key: ++rowKeys, weekday: day, start: windows.at(-1)?.end ?? '09:00', end: '17:00' }])}
            >
              Add hours<span className="visually-hidden"> on {DAYS[day]}</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}

const toInput = (rows: WindowRow[]): WeeklyWindowInput[] =>
  [...rows].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start)).map(({ weekday, start, end }) => ({ weekday, start, end }));

function NewFacilitatorDialog({ onClose }: { onClose: (message?: string) => void }) {
  const { me } = useSession();
  const create = useMutation(CreateFacilitatorMutation);
  const [name, setName] = useState('');
  const [timezone, setTimezone] = useState(me.companyTimezone);
  const [rows, setRows] = useState<WindowRow[]>(() => [1, 2, 3, 4, 5].map((weekday) => ({ key: ++rowKeys, weekday, start: '09:00', end: '17:00' })));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const r = await create.run({ input: { name: name.trim(), timezone: timezone.trim() || null, weeklyWindows: toInput(rows) } });
    if (r) onClose(`Added ${r.createFacilitator.name}.`);
  };
  return (
    <Dialog title="New facilitator" open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Name" value={name} onChange={setName} error={fieldError(create.error, 'name')} />
        <TextField label="Timezone" value={timezone} onChange={setTimezone} hint="Their hours are in it: an IANA name such as Europe/London." error={fieldError(create.error, 'timezone')} />
        <h3>Weekly hours</h3>
        <WeeklyEditor rows={rows} onChange={setRows} />
        <ErrorText error={fieldError(create.error, 'weeklyWindows') ?? otherError(create.error, ['name', 'timezone', 'weeklyWindows'])} />
        <FormActions onCancel={() => onClose()} busy={create.busy} label="Add facilitator" busyLabel="Adding…" />
      </form>
    </Dialog>
  );
}

function HoursDialog({
  facilitator,
  today,
  onChanged,
  onClose,
}: {
  facilitator: Facilitator;
  today: string;
  onChanged: (message: string) => void;
  onClose: () => void;
}) {
  const weekly = useMutation(SetWeeklyWindowsMutation);
  const [rows, setRows] = useState<WindowRow[]>(() => facilitator.weeklyWindows.map((w) => ({ key: ++rowKeys, ...w })));
  const [overrides, setOverrides] = useState(facilitator.dateOverrides);
  const [flash, setFlash] = useState<string>();
  const saveWeekly = async (event: FormEvent) => {
    event.preventDefault();
    if (await weekly.run({ facilitatorId: facilitator.id, windows: toInput(rows) })) {
      setFlash(`Saved ${facilitator.name}'s weekly hours: ${weeklySummary(rows)}.`);
      onChanged(`Saved ${facilitator.name}'s weekly hours.`);
    }
  };
  return (
    <Dialog title={`Working hours of ${facilitator.name}`} open onClose={onClose}>
      <div className="stack">
        <p className="hint">Times are in {facilitator.timezone}. Appointments already booked stay where they are.</p>
        <Flash message={flash} />
        <form className="stack" onSubmit={(event) => void saveWeekly(event)} noValidate aria-labelledby="weekly-title">
          <h3 id="weekly-title">Weekly hours</h3>
          <WeeklyEditor rows={rows} onChange={setRows} />
          <ErrorText error={weekly.error} />
          <div>
            <button type="submit" className="primary" disabled={weekly.busy}>
              {weekly.busy ? 'Saving…' : 'Save weekly hours'}
            </button>
          </div>
        </form>
        <DateOverrides
          facilitator={facilitator}
          today={today}
          overrides={overrides}
          onChanged={(next, message) => {
            setOverrides(next);
            setFlash(message);
            onChanged(message);
          }}
        />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function DateOverrides({
  facilitator,
  today,
  overrides,
  onChanged,
}: {
  facilitator: Facilitator;
  today: string;
  overrides: Facilitator['dateOverrides'];
  onChanged: (overrides: Facilitator['dateOverrides'], message: string) => void;
}) {
  const [date, setDate] = useState('');
  const [off, setOff] = useState(true);
  const [start, setStart] = useState('10:00');
  const [end, setEnd] = useState('14:00');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | string>();
  const kind = useId();
  const set = async (on: string, windows: { start: string; end: string }[] | null) => {
    setBusy(true);
    setError(undefined);
    try {
      await request(SetDateOverrideMutation, { facilitatorId: facilitator.id, date: on, windows });
      const rest = overrides.filter((o) => o.date !== on);
      const next = windows ? [...rest, { date: on, windows }].sort((a, b) => a.date.localeCompare(b.date)) : rest;
      onChanged(next, windows ? `${formatDate(on)}: ${windows.length ? windows.map((w) => `${w.start}–${w.end}`).join(', ') : 'not working'}.` : `${formatDate(on)}: weekly hours again.`);
      return true;
    } catch (e) {
      setError(e as ApiError);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!date) return setError('Choose the date.');
    if (await set(date, off ? [] : [{ start, end }])) setDate('');
  };
  return (
    <section className="stack" aria-labelledby="overrides-title">
      <h3 id="overrides-title">Dates that differ</h3>
      {overrides.length === 0 ? (
        <Empty>No date from today on differs from the weekly hours.</Empty>
      ) : (
        <ul className="records">
          {overrides.map((o) => (
            <li key={o.date} className="record-line">
              <span>
                <strong>{formatDate(o.date)}</strong>: {o.windows.length ? o.windows.map((w) => `${w.start}–${w.end}`).join(', ') : 'not working'}
              </span>
              <button type="button" className="link-button small" disabled={busy} onClick={() => void set(o.date, null)}>
                Back to weekly hours<span className="visually-hidden"> on {formatDate(o.date)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="stack" onSubmit={(event) => void add(event)} noValidate aria-label="Add a date that differs">
        <div className="row">
          <TextField label="Date" type="date" value={date} onChange={setDate} />
          <fieldset>
            <legend>That day</legend>
            <label className="check">
              <input type="radio" name={kind} checked={off} onChange={() => setOff(true)} />
              <span>Not working</span>
            </label>
            <label className="check">
              <input type="radio" name={kind} checked={!off} onChange={() => setOff(false)} />
              <span>Other hours</span>
            </label>
          </fieldset>
          {!off && (
            <>
              <TextField label="From" type="time" value={start} onChange={setStart} />
              <TextField label="Until" type="time" value={end} onChange={setEnd} />
            </>
          )}
        </div>
        <p className="hint">From {formatDate(today)} on; the date's weekly hours are replaced.</p>
        <ErrorText error={error} />
        <div>
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Add date'}
          </button>
        </div>
      </form>
    </section>
  );
}
