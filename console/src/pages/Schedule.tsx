/**
 * The timetable: a week of every class's and event's dates, day by day, with the spaces booked and whether a
 * date is cancelled. With `events:write` (admins and owners): `New class` (its name, price and a weekly rule of
 * dates), `Add weekly dates` to a class that has some, `Change` a date's capacity or length, and `Cancel date`
 * (its bookings cancelled, credits back, card payments refunded when asked; the date stays, cancelled). Staff
 * read it and open the registers.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, type ApiError } from '../api.ts';
import { readableTypes, useLiveChanges } from '../live.ts';
import { addDays, dayName, hasStarted, mondayOf, todayIn, wallClock } from '../clock.ts';
import { AddRecurringDatesMutation, CancelEventDateMutation, ClassesQuery, CreateClassMutation, ScheduleQuery, UpdateEventDateMutation } from '../documents.ts';
import type { RecurrenceInput, ScheduleQuery as Data } from '../gql/graphql.ts';
import { can, useSession } from '../session.tsx';
import { ConfirmDialog, Dialog, Empty, ErrorText, Flash, FormActions, Loading, PageHeader, TextField, formatDate, parseMoney, parseWhole } from '../ui.tsx';
import { RegisterDialog } from './Register.tsx';

type EventDate = NonNullable<Data['eventDates']>['nodes'][number];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const time = (local: string) => local.slice(11, 16);

/** `Mondays and Wednesdays` for ISO weekdays [1, 3]. */
export function weekdaysInWords(weekdays: readonly number[]): string {
  const names = [...weekdays].sort().map((d) => `${WEEKDAYS[d - 1]}s`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** How a date stands: cancelled, started, full or with spaces left. */
function dateState(date: EventDate): { text: string; tone?: 'good' | 'bad' } {
  if (date.cancelled) return { text: 'Cancelled', tone: 'bad' };
  const left = date.capacity - date.spacesBooked;
  if (left <= 0) return { text: 'Full', tone: 'bad' };
  return { text: `${left} ${left === 1 ? 'space' : 'spaces'} left` };
}

type Open =
  | { kind: 'new-class' }
  | { kind: 'add-dates'; eventId?: string }
  | { kind: 'change'; date: EventDate }
  | { kind: 'cancel'; date: EventDate }
  | { kind: 'register'; date: EventDate };

export function Schedule() {
  const { me } = useSession();
  const today = todayIn(me.companyTimezone);
  const [monday, setMonday] = useState(mondayOf(today));
  const sunday = addDays(monday, 6);
  const query = useQuery(ScheduleQuery, { from: monday, to: sunday });
  // A date's spaces booked, a date added or cancelled elsewhere: the week reads again.
  useLiveChanges(readableTypes(me.scopes, ['EventDate']), () => true, query.refresh);
  const [open, setOpen] = useState<Open>();
  const [flash, setFlash] = useState<string>();
  const dayId = useId();
  const mayWrite = can(me, 'events:write');
  const dates = query.data?.eventDates?.nodes ?? [];
  const cut = (query.data?.eventDates?.total ?? 0) > dates.length;
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const done = (message?: string, showFrom?: string) => {
    setOpen(undefined);
    if (!message) return;
    setFlash(message);
    if (showFrom && mondayOf(showFrom) !== monday) setMonday(mondayOf(showFrom));
    else query.reload();
  };
  const go = (to: string) => {
    setMonday(mondayOf(to));
    setFlash(undefined);
  };

  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Schedule">
        {mayWrite && (
          <>
            <button type="button" className="primary" onClick={() => setOpen({ kind: 'new-class' })}>
              New class
            </button>
            <button type="button" onClick={() => setOpen({ kind: 'add-dates' })}>
              Add weekly dates
            </button>
          </>
        )}
      </PageHeader>
      <p className="lead">
        Every class's and event's dates, a week at a time, with the spaces booked.{' '}
        {mayWrite
          ? 'Add a class with its weekly dates, add more dates, change a date or cancel it (its bookings are cancelled and credits go back).'
          : 'Open a date’s register to see who is booked.'}
      </p>
      <div className="day-nav" role="group" aria-label="Week">
        <button type="button" onClick={() => go(addDays(monday, -7))}>
          Previous week
        </button>
        <button type="button" onClick={() => go(today)} disabled={monday === mondayOf(today)}>
          This week
        </button>
        <button type="button" onClick={() => go(addDays(monday, 7))}>
          Next week
        </button>
        <label htmlFor={dayId} className="visually-hidden">
          A day of the week to show
        </label>
        <input id={dayId} type="date" value={monday} onChange={(e) => e.target.value && go(e.target.value)} />
      </div>
      <h2 className="week-title" aria-live="polite">
        {formatDate(monday)} to {formatDate(sunday)} <span className="sub">times in {me.companyTimezone}</span>
      </h2>
      <Flash message={flash} />
      <ErrorText error={query.error} />
      {query.loading && !query.data && <Loading label="Loading the week…" />}
      {cut && <p className="warning">This week has more than 100 dates: only the first 100 are shown.</p>}
      {query.data && dates.length === 0 && <Empty>No classes or events this week.</Empty>}
      {dates.length > 0 && (
        <div className="timetable" aria-busy={query.loading}>
          {days.map((day) => {
            const ofDay = dates.filter((d) => d.datetime.startsWith(day));
            if (!ofDay.length) return null;
            return (
              <section key={day} className="timetable-day" aria-labelledby={`day-${day}`}>
                <h3 id={`day-${day}`}>
                  {dayName(day)}
                  {day === today && <span className="badge good">today</span>}
                </h3>
                <div className="table-wrap" role="region" aria-label={`Dates on ${dayName(day)}`} tabIndex={0}>
                  <table className="compact inline-labels">
                    <thead>
                      <tr>
                        <th scope="col">Time</th>
                        <th scope="col">Class</th>
                        <th scope="col">Booked</th>
                        <th scope="col">Status</th>
                        <th scope="col">
                          <span className="visually-hidden">Actions</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {ofDay.map((date) => (
                        <DateRow key={date.id} date={date} mayWrite={mayWrite} onOpen={(kind) => setOpen({ kind, date })} />
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            );
          })}
        </div>
      )}
      {open?.kind === 'new-class' && <NewClassDialog today={today} onClose={done} />}
      {open?.kind === 'add-dates' && <AddDatesDialog today={today} onClose={done} />}
      {open?.kind === 'change' && <ChangeDateDialog date={open.date} onClose={done} />}
      {open?.kind === 'cancel' && <CancelDateDialog date={open.date} onClose={done} />}
      {open?.kind === 'register' && (
        <RegisterDialog
          eventId={open.date.event.id}
          dateId={open.date.id}
          title={`${open.date.event.name}, ${dayName(open.date.datetime.slice(0, 10), 'short')} ${time(open.date.datetime)}`}
          onClose={(changed) => {
            setOpen(undefined);
            if (changed) query.reload();
          }}
        />
      )}
    </section>
  );
}

function DateRow({ date, mayWrite, onOpen }: { date: EventDate; mayWrite: boolean; onOpen: (kind: 'change' | 'cancel' | 'register') => void }) {
  const state = dateState(date);
  const started = hasStarted(date.startsAt);
  const end = wallClock(Date.parse(date.startsAt) + date.duration * 60_000, date.tz).time;
  const what = `${date.event.name}, ${dayName(date.datetime.slice(0, 10), 'short')} ${time(date.datetime)}`;
  return (
    <tr className={date.cancelled ? 'muted' : undefined}>
      <td data-label="Time">
        {time(date.datetime)}–{end}
      </td>
      <th scope="row" data-label="Class">
        {date.event.name}
        <span className="sub">{date.event.kind === 'ONE_OFF' ? 'One-off event' : 'Class'}</span>
      </th>
      <td data-label="Booked">
        {date.spacesBooked} of {date.capacity}
      </td>
      <td data-label="Status">
        <span id={`date-status-${date.id}`} tabIndex={-1} className={state.tone ? `badge ${state.tone}` : undefined}>
          {state.text}
        </span>
        {started && !date.cancelled && <span className="sub">Started</span>}
      </td>
      <td className="actions">
        <button type="button" onClick={() => onOpen('register')} aria-label={`Register: ${what}`}>
          Register
        </button>
        {mayWrite && !date.cancelled && !started && (
          <>
            <button type="button" onClick={() => onOpen('change')} aria-label={`Change date: ${what}`}>
              Change
            </button>
            <button type="button" className="danger" onClick={() => onOpen('cancel')} aria-label={`Cancel date: ${what}`}>
              Cancel date
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

interface RuleForm {
  weekdays: number[];
  time: string;
  from: string;
  until: string;
  capacity: string;
  duration: string;
  /** Days left out (a holiday), as typed: dates such as 2026-12-24, separated by commas or spaces. */
  skip: string;
}

const newRule = (today: string): RuleForm => ({ weekdays: [], time: '18:00', from: today, until: addDays(today, 55), capacity: '12', duration: '60', skip: '' });

/** The days a rule leaves out, from what was typed; null when something typed is not a date. */
function skippedDays(typed: string): string[] | null {
  const parts = typed.split(/[\s,;]+/).filter(Boolean);
  return parts.every((part) => /^\d{4}-\d{2}-\d{2}$/.test(part)) ? parts : null;
}

/** A rule's fields checked here first: each problem under its field, in the form's words. */
function checkRule(rule: RuleForm): { found: Record<string, string>; input?: RecurrenceInput } {
  const found: Record<string, string> = {};
  const capacity = parseWhole(rule.capacity);
  const duration = parseWhole(rule.duration);
  if (!rule.weekdays.length) found.weekdays = 'Choose at least one weekday.';
  if (!/^\d\d:\d\d$/.test(rule.time)) found.time = 'Time: a time such as 18:00.';
  if (!rule.from) found.from = 'From: choose the first day.';
  if (!rule.until) found.until = 'Until: choose the last day.';
  if (capacity === null || capacity < 1) found.capacity = 'Capacity: a whole number, 1 or more.';
  if (duration === null || duration < 1) found.duration = 'Length: a whole number of minutes.';
  const skip = skippedDays(rule.skip);
  if (skip === null) found.skip = 'Skip: dates such as 2026-12-24, separated by commas.';
  if (Object.keys(found).length) return { found };
  return {
    found,
    input: { weekdays: rule.weekdays, time: rule.time, from: rule.from, until: rule.until, capacity: capacity!, duration: duration!, skip: skip!.length ? skip : null },
  };
}

/** What the service said about a rule's fields, each under its field (`rule.until: …` as `Until …`). */
const RULE_LABELS: Record<string, string> = { weekdays: 'Weekdays', time: 'Time', from: 'From', until: 'Until', capacity: 'Capacity', duration: 'Length', skip: 'Skip' };

function RuleFields({ rule, set, problem, error }: { rule: RuleForm; set: (rule: RuleForm) => void; problem: Record<string, string>; error: ApiError | undefined }) {
  const shown = (field: string) => problem[field] ?? error?.forFieldAs(field, RULE_LABELS[field]!);
  const weekdaysError = shown('weekdays');
  const weekdaysErrorId = useId();
  return (
    <>
      <fieldset className="weekdays" aria-describedby={weekdaysError ? weekdaysErrorId : undefined}>
        <legend>Weekdays</legend>
        {WEEKDAYS.map((name, i) => (
          <label key={name} className="check">
            <input
              type="checkbox"
              checked={rule.weekdays.includes(i + 1)}
              onChange={(e) => set({ ...rule, weekdays: e.target.checked ? [...rule.weekdays, i + 1].sort() : rule.weekdays.filter((d) => d !== i + 1) })}
            />
            <span>{name}</span>
          </label>
        ))}
        <ErrorText error={weekdaysError} id={weekdaysErrorId} />
      </fieldset>
      <div className="row">
        <TextField label="Time" type="time" value={rule.time} onChange={(v) => set({ ...rule, time: v })} error={shown('time')} />
        <TextField label="From" type="date" value={rule.from} onChange={(v) => set({ ...rule, from: v })} error={shown('from')} />
        <TextField label="Until (included)" type="date" value={rule.until} onChange={(v) => set({ ...rule, until: v })} error={shown('until')} />
      </div>
      <div className="row">
        <TextField label="Capacity" className="narrow" inputMode="numeric" value={rule.capacity} onChange={(v) => set({ ...rule, capacity: v })} error={shown('capacity')} />
        <TextField
          label="Length (minutes)"
          className="narrow"
          inputMode="numeric"
          value={rule.duration}
          onChange={(v) => set({ ...rule, duration: v })}
          error={shown('duration')}
        />
      </div>
      <TextField
        label="Skip (optional)"
        value={rule.skip}
        onChange={(v) => set({ ...rule, skip: v })}
        hint="Days with no class, such as holidays: 2026-12-24, 2026-12-31"
        error={shown('skip')}
      />
    </>
  );
}

/** What a rule added, in words: `8 dates: Mondays and Wednesdays at 07:30, 1 Dec 2026 to 23 Dec 2026`. */
const ruleAdded = (count: number, rule: RecurrenceInput) =>
  `${count} ${count === 1 ? 'date' : 'dates'}: ${weekdaysInWords(rule.weekdays)} at ${rule.time}, ${formatDate(rule.from)} to ${formatDate(rule.until)}`;

const ERROR_FIELDS = ['weekdays', 'time', 'from', 'until', 'capacity', 'duration', 'skip'];
const otherThan = (error: ApiError | undefined, fields: readonly string[]) => (error && !fields.some((f) => error.forField(f)) ? error : undefined);

/**
 * A new class: its name, its drop-in price (and credits), and its weekly dates. The class is created first,
 * then its dates; should the dates be refused (a rule the service does not take), the class is kept and the
 * dialog asks again for the rule only.
 */
function NewClassDialog({ today, onClose }: { today: string; onClose: (message?: string, showFrom?: string) => void }) {
  const { me } = useSession();
  const create = useMutation(CreateClassMutation);
  const addDates = useMutation(AddRecurringDatesMutation);
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [credits, setCredits] = useState('1');
  const [rule, setRule] = useState(() => newRule(today));
  const [created, setCreated] = useState<{ id: string; name: string }>();
  const [problem, setProblem] = useState<Record<string, string>>({});
  // A changed rule is asked anew: what was said about the last one goes.
  const changeRule = (next: RuleForm) => {
    setRule(next);
    setProblem({});
    addDates.reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRule(rule);
    const found = { ...checked.found };
    const base100Price = parseMoney(price);
    const perSpace = parseWhole(credits);
    if (!created) {
      if (!name.trim()) found.name = 'Name: give the class a name.';
      if (base100Price === null) found.price = 'Price: an amount such as 12 or 12.50.';
      if (perSpace === null) found.credits = 'Credits: a whole number, 0 when it cannot be paid with a pass.';
    }
    setProblem(found);
    if (Object.keys(found).length || !checked.input) return;
    let target = created;
    if (!target) {
      const r = await create.run({
        // The service refuses a null description or timezone (left out, they take defaults; this client sends every key).
        input: {
          name: name.trim(),
          kind: 'SCHEDULE',
          description: '',
          timezone: me.companyTimezone,
          dates: null,
          pricingOptions: [{ name: 'Drop-in', base100Price: base100Price!, credits: perSpace! }],
        },
      });
      if (!r) return;
      target = { id: r.createEvent.id, name: r.createEvent.name };
      setCreated(target);
    }
    const added = await addDates.run({ eventId: target.id, rule: checked.input });
    if (added) onClose(`Added ${target.name}, ${ruleAdded(added.addRecurringDates.length, checked.input)}.`, added.addRecurringDates[0]?.datetime.slice(0, 10));
  };
  return (
    <Dialog title="New class" open onClose={() => onClose(created && `Added ${created.name}, without dates yet.`)}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        {created ? (
          <p className="notice">
            {created.name} is added. Its dates were not: change the rule and add them again.
          </p>
        ) : (
          <>
            <TextField label="Name" value={name} onChange={setName} error={problem.name ?? create.error?.forField('name')} />
            <div className="row">
              <TextField
                label={`Drop-in price (${me.companyCurrency})`}
                className="narrow"
                inputMode="decimal"
                value={price}
                onChange={setPrice}
                error={problem.price ?? create.error?.forFieldAs('base100Price', 'Price')}
              />
              <TextField
                label="Credits per space"
                className="narrow"
                inputMode="numeric"
                value={credits}
                onChange={setCredits}
                error={problem.credits ?? create.error?.forFieldAs('credits', 'Credits')}
              />
            </div>
            <p className="hint">Booked by card at the drop-in price, or with a pass for its credits (0: card only).</p>
          </>
        )}
        <RuleFields rule={rule} set={changeRule} problem={problem} error={addDates.error} />
        <ErrorText error={otherThan(create.error, ['name', 'base100Price', 'credits']) ?? otherThan(addDates.error, ERROR_FIELDS)} />
        <FormActions onCancel={() => onClose(created && `Added ${created.name}, without dates yet.`)} busy={create.busy || addDates.busy} label="Add class" busyLabel="Adding…" />
      </form>
    </Dialog>
  );
}

/** More weekly dates for a class that exists: the next term, a second weekday. */
function AddDatesDialog({ today, onClose }: { today: string; onClose: (message?: string, showFrom?: string) => void }) {
  const classes = useQuery(ClassesQuery);
  const addDates = useMutation(AddRecurringDatesMutation);
  const [eventId, setEventId] = useState('');
  const [rule, setRule] = useState(() => newRule(today));
  const [problem, setProblem] = useState<Record<string, string>>({});
  const changeRule = (next: RuleForm) => {
    setRule(next);
    setProblem({});
    addDates.reset();
  };
  const selectId = useId();
  const events = classes.data?.events?.nodes ?? [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRule(rule);
    const found = { ...checked.found };
    if (!eventId) found.event = 'Choose the class to add dates to.';
    setProblem(found);
    if (Object.keys(found).length || !checked.input) return;
    const added = await addDates.run({ eventId, rule: checked.input });
    const name = events.find((e) => e.id === eventId)?.name ?? 'the class';
    if (added) onClose(`Added to ${name} ${ruleAdded(added.addRecurringDates.length, checked.input)}.`, added.addRecurringDates[0]?.datetime.slice(0, 10));
  };
  return (
    <Dialog title="Add weekly dates" open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={selectId}>Class</label>
          <select id={selectId} value={eventId} onChange={(e) => setEventId(e.target.value)} disabled={!classes.data} aria-describedby={problem.event ? `${selectId}-error` : undefined}>
            <option value="">{classes.data ? 'Choose a class' : 'Loading classes…'}</option>
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
          <ErrorText error={problem.event ?? classes.error} id={`${selectId}-error`} />
        </div>
        <RuleFields rule={rule} set={changeRule} problem={problem} error={addDates.error} />
        <p className="hint">A start the class already has, or one already past, is not added again.</p>
        <ErrorText error={otherThan(addDates.error, ERROR_FIELDS)} />
        <FormActions onCancel={() => onClose()} busy={addDates.busy} label="Add dates" busyLabel="Adding…" />
      </form>
    </Dialog>
  );
}

/** A date's capacity or length; more capacity books waiting customers at once, in line order. */
function ChangeDateDialog({ date, onClose }: { date: EventDate; onClose: (message?: string) => void }) {
  const update = useMutation(UpdateEventDateMutation);
  const [capacity, setCapacity] = useState(String(date.capacity));
  const [duration, setDuration] = useState(String(date.duration));
  const [problem, setProblem] = useState<Record<string, string>>({});
  const what = `${date.event.name} on ${dayName(date.datetime.slice(0, 10), 'short')} ${time(date.datetime)}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const c = parseWhole(capacity);
    const d = parseWhole(duration);
    const found: Record<string, string> = {};
    if (c === null || c < 1) found.capacity = 'Capacity: a whole number, 1 or more.';
    if (d === null || d < 1) found.duration = 'Length: a whole number of minutes.';
    setProblem(found);
    if (Object.keys(found).length) return;
    if (c === date.capacity && d === date.duration) return onClose();
    // Both are sent: the service takes a field left out as unchanged, but refuses a null one.
    const r = await update.run({ id: date.id, input: { capacity: c!, duration: d! } });
    if (r) onClose(`${what}: ${r.updateEventDate.capacity} spaces, ${r.updateEventDate.duration} minutes (${r.updateEventDate.spacesBooked} booked).`);
  };
  return (
    <Dialog title={`Change ${what}`} open onClose={() => onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <p>{date.spacesBooked} of {date.capacity} spaces booked.</p>
        <div className="row">
          <TextField label="Capacity" className="narrow" inputMode="numeric" value={capacity} onChange={setCapacity} error={problem.capacity ?? update.error?.forFieldAs('capacity', 'Capacity')} />
          <TextField
            label="Length (minutes)"
            className="narrow"
            inputMode="numeric"
            value={duration}
            onChange={setDuration}
            error={problem.duration ?? update.error?.forFieldAs('duration', 'Length')}
          />
        </div>
        <p className="hint">More spaces book the customers waiting for this date at once, first in line first.</p>
        <ErrorText error={otherThan(update.error, ['capacity', 'duration'])} />
        <FormActions onCancel={() => onClose()} busy={update.busy} label="Save date" busyLabel="Saving…" />
      </form>
    </Dialog>
  );
}

/** Cancelling a date: every live booking on it is cancelled with credits back, card payments refunded when asked. */
function CancelDateDialog({ date, onClose }: { date: EventDate; onClose: (message?: string) => void }) {
  const cancel = useMutation(CancelEventDateMutation);
  const [refund, setRefund] = useState(false);
  const refundId = useId();
  const what = `${date.event.name} on ${dayName(date.datetime.slice(0, 10))} at ${time(date.datetime)}`;
  const booked = date.spacesBooked;
  return (
    <ConfirmDialog
      title={`Cancel ${date.event.name} on ${dayName(date.datetime.slice(0, 10), 'short')} ${time(date.datetime)}?`}
      confirm="Yes, cancel date"
      busyLabel="Cancelling…"
      keep="Keep date"
      busy={cancel.busy}
      error={cancel.error}
      returnFocusTo={`date-status-${date.id}`}
      onClose={() => onClose()}
      onConfirm={async () => {
        const r = await cancel.run({ id: date.id, refund });
        if (r) onClose(`Cancelled ${what}${booked ? `: its bookings are cancelled${refund ? ' and card payments refunded' : ''}` : ''}.`);
      }}
    >
      <p>
        {what}.{' '}
        {booked
          ? `${booked} ${booked === 1 ? 'space is' : 'spaces are'} booked: each booking is cancelled, pass credits go back to the passes, and the customers waiting are taken off the waitlist.`
          : 'Nobody is booked on it.'}{' '}
        The date stays in the timetable, cancelled, and takes no bookings.
      </p>
      {booked > 0 && (
        <label className="check" htmlFor={refundId}>
          <input id={refundId} type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} />
          <span>
            Refund card payments
            <span className="sub">Marks the bookings paid by card refunded. Pay the money back through your card terminal: the service takes no card payments itself.</span>
          </span>
        </label>
      )}
    </ConfirmDialog>
  );
}
