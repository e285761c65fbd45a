/**
 * The calendar: one day, the facilitators side by side (all of them, or those chosen), each a column of
 * 15-minute slots and of appointments at their own start minute (10:07 too). A free slot books, and so does
 * `Book at any time` (any minute; one that has already started, a walk-in in the room, within the service's
 * walk-in window); an appointment opens to show whose it is, and to record, move or cancel it.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQueries, useQuery } from '../api.ts';
import { readableTypes, useLiveChanges } from '../live.ts';
import { addDays, dayName, hasBegun, hhmm, minutesOf, serviceNow, todayIn, wallClock } from '../clock.ts';
import { AvailabilityQuery, BookAppointmentMutation, CalendarSetupQuery } from '../documents.ts';
import type { AvailabilityQuery as AvailabilityData, CalendarSetupQuery as SetupData, PaymentChoice } from '../gql/graphql.ts';
import { can, useSession } from '../session.tsx';
import { Dialog, Empty, ErrorText, Field, Flash, FormActions, Loading, PageHeader, formatLocal, money } from '../ui.tsx';
import { AppointmentDialog, type AppointmentView } from './AppointmentDialog.tsx';
import { CustomerPicker, type PickedCustomer } from './CustomerPicker.tsx';

type Service = NonNullable<SetupData['services']>[number];
type Facilitator = NonNullable<SetupData['facilitators']>[number];
type Day = AvailabilityData;

/** Pixels per minute of the day's columns: a 15-minute slot is 30 pixels high. */
const SCALE = 2;

export function Appointments() {
  const { me } = useSession();
  const setup = useQuery(CalendarSetupQuery);
  const facilitators = useMemo(() => setup.data?.facilitators ?? [], [setup.data]);
  const services = useMemo(() => (setup.data?.services ?? []).filter((s) => s.active && s.options.some((o) => o.active)), [setup.data]);
  const today = todayIn(me.companyTimezone);
  const [date, setDate] = useState(today);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  // What the free slots are for: a service's option, by its length and the service's buffer.
  const [choice, setChoice] = useState<{ serviceId: string; optionName: string }>();
  const serviceId = choice?.serviceId ?? '';
  const [booking, setBooking] = useState<{ facilitator: Facilitator; date: string; time: string }>();
  const [opened, setOpened] = useState<AppointmentView>();
  const [flash, setFlash] = useState<string>();
  const ids = { service: useId(), day: useId() };
  const choices = useMemo(() => services.flatMap((s) => s.options.filter((o) => o.active).map((o) => ({ service: s, option: o }))), [services]);
  useEffect(() => {
    if (!choice && choices[0]) setChoice({ serviceId: choices[0].service.id, optionName: choices[0].option.name });
  }, [choices, choice]);
  const chosen = choices.find((c) => c.service.id === choice?.serviceId && c.option.name === choice.optionName);
  const fit = chosen && { durationMinutes: chosen.option.durationMinutes, bufferMinutes: chosen.service.bufferMinutes };
  const shown = facilitators.filter((f) => !hidden.has(f.id));
  const days = useQueries(
    AvailabilityQuery,
    shown.map((f) => ({ facilitatorId: f.id, serviceId: serviceId || null, date })),
    { skip: !setup.data || shown.length === 0 },
  );
  const byFacilitator = new Map((days.data ?? []).map((d) => [d.availability.facilitatorId, d]));
  // Appointments booked, moved or cancelled anywhere, and working hours changed, show by themselves.
  const shownIds = new Set(shown.map((f) => f.id));
  useLiveChanges(
    readableTypes(me.scopes, ['Appointment', 'Facilitator']),
    (change) => (change.type === 'Facilitator' ? shownIds.has(change.id) : change.related.some((id) => shownIds.has(id))),
    // Only the columns a change names are read again (each column is a query of its own).
    (changes) =>
      days.refresh((v) => changes === 'all' || changes.some((c) => (c.type === 'Facilitator' ? c.id === v.facilitatorId : c.related.includes(v.facilitatorId)))),
    { skip: !setup.data },
  );
  const mayBook = can(me, 'appointments:write');
  const changed = (message: string) => {
    setFlash(message);
    days.reload();
  };

  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Appointments">
        {can(me, 'appointments:write') && facilitators.length > 0 && (
          <button
            type="button"
            className="primary"
            onClick={() => {
              // Today: the time now (a walk-in is often already in the room); another day: its morning.
              const time = date === today ? wallClock(serviceNow(), me.companyTimezone).time : '09:00';
              setBooking({ facilitator: shown[0] ?? facilitators[0]!, date, time });
            }}
          >
            Book at any time
          </button>
        )}
        <div className="day-nav" role="group" aria-label="Day">
          <button type="button" onClick={() => setDate(addDays(date, -1))}>
            Previous day
          </button>
          <button type="button" onClick={() => setDate(today)} disabled={date === today}>
            Back to today
          </button>
          <button type="button" onClick={() => setDate(addDays(date, 1))}>
            Next day
          </button>
          <label htmlFor={ids.day} className="visually-hidden">
            Day to show
          </label>
          <input id={ids.day} type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </div>
      </PageHeader>
      {setup.loading && !setup.data && <Loading label="Loading facilitators and services…" />}
      <ErrorText error={setup.error} />
      {setup.data && facilitators.length === 0 && <Empty>No facilitators yet: an admin adds them in the Catalogue before appointments can be booked.</Empty>}
      {setup.data && facilitators.length > 0 && (
        <>
          <div className="toolbar">
            <fieldset className="facilitator-filter">
              <legend>Facilitators shown</legend>
              {facilitators.map((f) => (
                <label key={f.id} className="check">
                  <input
                    type="checkbox"
                    checked={!hidden.has(f.id)}
                    onChange={(e) =>
                      setHidden((h) => {
                        const next = new Set(h);
                        if (e.target.checked) next.delete(f.id);
                        else next.add(f.id);
                        return next;
                      })
                    }
                  />
                  <span>{f.name}</span>
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={ids.service}>Free slots for</label>
              <select
                id={ids.service}
                value={choice ? choiceValue(choice) : ''}
                onChange={(e) => setChoice(choiceOf(e.target.value))}
                aria-describedby={`${ids.service}-hint`}
              >
                {choices.map(({ service, option }) => (
                  <option key={choiceValue({ serviceId: service.id, optionName: option.name })} value={choiceValue({ serviceId: service.id, optionName: option.name })}>
                    {service.name} · {optionLabel(option)}
                  </option>
                ))}
              </select>
              <p className="hint" id={`${ids.service}-hint`}>
                A slot is free when this option fits from it, and its buffer stays clear of the next appointment.
              </p>
            </div>
          </div>
          <h2 className="week-title" aria-live="polite">
            {dayName(date)}
            {date === today && <span className="badge good">today</span>}
          </h2>
          <p className="legend">
            <span className="slot free sample" aria-hidden="true" /> free <span className="slot taken sample" aria-hidden="true" /> taken{' '}
            <span className="slot short sample" aria-hidden="true" /> too short{' '}
            <span className="slot past sample" aria-hidden="true" /> past <span className="slot appt sample" aria-hidden="true" /> appointment
          </p>
          <Flash message={flash} />
          <ErrorText error={days.error} />
          {shown.length === 0 && <Empty>No facilitator is chosen: tick at least one above.</Empty>}
          {shown.length > 0 && days.loading && !days.data && <Loading label="Loading the day…" />}
          {shown.length > 0 && days.data && (
            <Columns
              date={date}
              facilitators={shown}
              days={byFacilitator}
              fit={fit}
              loading={days.loading}
              onBook={mayBook ? (facilitator, time) => setBooking({ facilitator, date, time }) : undefined}
              onOpen={setOpened}
            />
          )}
        </>
      )}
      {booking && (
        <BookDialog
          date={booking.date}
          time={booking.time}
          facilitator={booking.facilitator}
          facilitators={facilitators}
          services={services}
          initialServiceId={serviceId}
          initialOptionName={choice?.optionName ?? ''}
          onClose={(booked) => {
            setBooking(undefined);
            if (booked) changed(booked);
          }}
        />
      )}
      {opened && (
        <AppointmentDialog
          appointment={opened}
          facilitators={facilitators}
          onClose={(message) => {
            setOpened(undefined);
            if (message) changed(message);
          }}
        />
      )}
    </section>
  );
}

type Choice = { serviceId: string; optionName: string };
type Option = Service['options'][number];
/** A length and a buffer that the free slots are shown for. */
type Fit = { durationMinutes: number; bufferMinutes: number };

const choiceValue = (c: Choice) => `${c.serviceId} ${c.optionName}`;
const choiceOf = (value: string): Choice => ({ serviceId: value.slice(0, value.indexOf(' ')), optionName: value.slice(value.indexOf(' ') + 1) });
/** An option by its name, with its length unless the name says it already. */
const optionLabel = (o: Pick<Option, 'name' | 'durationMinutes'>) => (o.name.includes(String(o.durationMinutes)) ? o.name : `${o.name} · ${o.durationMinutes} min`);

type Window = Day['availability']['dates'][number]['windows'][number];

/**
 * Whether an appointment of `fit` may start at `start` (minutes of the day), as bookAppointment decides:
 * it lies inside one window, and every slot it and its buffer reach is free (availability asked with the
 * service keeps the larger of two neighbours' buffers between them).
 */
function fits(windows: readonly Window[], start: number, fit: Fit): boolean {
  const end = start + fit.durationMinutes;
  if (!windows.some((w) => minutesOf(w.startTime) <= start && end <= (w.endTime === '00:00' ? 24 * 60 : minutesOf(w.endTime)))) return false;
  const reach = end + fit.bufferMinutes;
  return windows.every((w) => w.slots.every((s) => s.available || minutesOf(s.start) + 15 <= start || minutesOf(s.start) >= reach));
}

/** The day's range in minutes: working hours and appointments of every column, at least 08:00 to 18:00, whole hours. */
function dayRange(date: string, days: readonly Day[]): [number, number] {
  let first = 8 * 60;
  let last = 18 * 60;
  for (const day of days) {
    for (const w of day.availability.dates[0]?.windows ?? []) {
      first = Math.min(first, minutesOf(w.startTime));
      last = Math.max(last, w.endTime === '00:00' ? 24 * 60 : minutesOf(w.endTime));
    }
    for (const a of day.appointments?.nodes ?? []) {
      if (!a.datetime.startsWith(date)) continue;
      const start = minutesOf(a.datetime.slice(11, 16));
      first = Math.min(first, start);
      last = Math.max(last, Math.min(24 * 60, start + a.durationMinutes));
    }
  }
  return [Math.floor(first / 60) * 60, Math.min(24 * 60, Math.ceil(last / 60) * 60)];
}

function Columns({
  date,
  facilitators,
  days,
  fit,
  loading,
  onBook,
  onOpen,
}: {
  date: string;
  facilitators: readonly Facilitator[];
  days: ReadonlyMap<string, Day>;
  fit: Fit | undefined;
  loading: boolean;
  onBook: ((facilitator: Facilitator, time: string) => void) | undefined;
  onOpen: (a: AppointmentView) => void;
}) {
  const [first, last] = dayRange(date, [...days.values()]);
  const hours = Array.from({ length: (last - first) / 60 + 1 }, (_, i) => first + i * 60);
  const height = (last - first) * SCALE;
  return (
    <div className="calendar" role="region" aria-label="The day's appointments by facilitator" tabIndex={0} aria-busy={loading}>
      <div className="hours" aria-hidden="true">
        <div className="column-head" />
        <div className="timeline" style={{ height }}>
          {hours.map((m) => (
            <span key={m} className="hour" style={{ top: (m - first) * SCALE }}>
              {hhmm(m)}
            </span>
          ))}
        </div>
      </div>
      {facilitators.map((f) => {
        const day = days.get(f.id);
        return day ? (
          <Column key={f.id} date={date} facilitator={f} day={day} fit={fit} first={first} height={height} onBook={onBook} onOpen={onOpen} />
        ) : (
          <section key={f.id} className="column" aria-label={`${f.name}: loading`}>
            <div className="column-head">
              <h3>{f.name}</h3>
            </div>
            <Loading />
          </section>
        );
      })}
    </div>
  );
}

function Column({
  date,
  facilitator,
  day,
  fit,
  first,
  height,
  onBook,
  onOpen,
}: {
  date: string;
  facilitator: Facilitator;
  day: Day;
  fit: Fit | undefined;
  first: number;
  height: number;
  onBook: ((facilitator: Facilitator, time: string) => void) | undefined;
  onOpen: (a: AppointmentView) => void;
}) {
  const tz = facilitator.timezone;
  const appointments = (day.appointments?.nodes ?? []).filter((a) => a.status !== 'CANCELLED' && a.datetime.startsWith(date));
  const spans = appointments.map((a) => {
    const start = minutesOf(a.datetime.slice(11, 16));
    return { start, end: start + a.durationMinutes };
  });
  const windows = day.availability.dates[0]?.windows ?? [];
  const slots = windows.flatMap((w) => w.slots);
  // Free for the option chosen: a slot that is free but too near the window's end or the next appointment
  // for its length and buffer would only be refused.
  const room = (slot: (typeof slots)[number]) => slot.available && (!fit || fits(windows, minutesOf(slot.start), fit));
  const free = slots.filter((s) => room(s) && !hasBegun(date, s.start, tz)).length;
  const top = (minutes: number) => (minutes - first) * SCALE;
  const slotEntries = slots.flatMap((slot) => {
    const start = minutesOf(slot.start);
    // A slot an appointment overlaps is shown as that appointment, at its own start minute.
    if (spans.some((s) => s.start < start + 15 && start < s.end)) return [];
    const style = { top: top(start), height: 15 * SCALE - 2 };
    const label = <span className="visually-hidden">{facilitator.name}</span>;
    let element;
    if (hasBegun(date, slot.start, tz))
      element = (
        <li key={slot.start} className="slot past" style={style}>
          <span className="time">{slot.start}</span> {label} past
        </li>
      );
    else if (!slot.available)
      element = (
        <li key={slot.start} className="slot taken" style={style} data-slot={`${date} ${slot.start}`}>
          <span className="time">{slot.start}</span> {label} taken
        </li>
      );
    else if (!room(slot))
      element = (
        <li key={slot.start} className="slot short" style={style} data-slot={`${date} ${slot.start}`}>
          <span className="time">{slot.start}</span> {label} too short<span className="visually-hidden"> for {fit!.durationMinutes} minutes</span>
        </li>
      );
    else
      element = (
        <li key={slot.start} style={style} className="slot-cell">
          {onBook ? (
            <button
              type="button"
              className="slot free"
              data-slot={`${date} ${slot.start}`}
              onClick={() => onBook(facilitator, slot.start)}
              aria-label={`${slot.start} free with ${facilitator.name}: book`}
            >
              <span className="time">{slot.start}</span> free
            </button>
          ) : (
            <span className="slot free">
              <span className="time">{slot.start}</span> free
            </span>
          )}
        </li>
      );
    return [{ start, element }];
  });
  const appointmentEntries = appointments.map((a, i) => {
    const { start, end } = spans[i]!;
    const name = `${a.customer.firstName} ${a.customer.lastName}`;
    const element = (
      <li key={a.id} className="slot-cell" style={{ top: top(start), height: Math.max(15, end - start) * SCALE - 2 }}>
        <button type="button" className={`slot appt status-${a.status.toLowerCase()}`} onClick={() => onOpen(a)}>
          <span className="time">
            {hhmm(start)}–{hhmm(Math.min(end, 24 * 60))}
          </span>{' '}
          <span className="appt-who">{name}</span> <span className="appt-what">{a.service.name}</span>
          <span className="visually-hidden"> with {facilitator.name}: open appointment</span>
        </button>
      </li>
    );
    return { start: start - 0.5, element };
  });
  return (
    <section className="column" aria-label={`${facilitator.name}: ${slots.length ? `${free} of ${slots.length} slots free` : 'not working'}`}>
      <div className="column-head">
        <h3>{facilitator.name}</h3>
        <span className="sub">{slots.length ? `${free} free` : 'Not working'}</span>
      </div>
      <ol className="timeline" style={{ height }}>
        {[...slotEntries, ...appointmentEntries].sort((a, b) => a.start - b.start).map((entry) => entry.element)}
      </ol>
    </section>
  );
}

/**
 * Booking an appointment: a customer (or a new one), a service and option, with whom, and when: a free slot's
 * time to start with, any minute after. Console bookings are walk-ins by default, so a start already past
 * (someone in the room since 10:07) is recorded too, as far back as the service's walk-in window allows (12
 * hours unless the studio set `WALK_IN_WINDOW_HOURS`); the service's refusal is shown under Start.
 */
function BookDialog(props: {
  date: string;
  time: string;
  facilitator: Facilitator;
  facilitators: readonly Facilitator[];
  services: readonly Service[];
  initialServiceId: string;
  initialOptionName: string;
  onClose: (booked?: string) => void;
}) {
  const { me } = useSession();
  const book = useMutation(BookAppointmentMutation);
  const [customer, setCustomer] = useState<PickedCustomer>();
  const [serviceId, setServiceId] = useState(props.initialServiceId || props.services[0]?.id || '');
  const service = props.services.find((s) => s.id === serviceId);
  const options = useMemo(() => service?.options.filter((o) => o.active) ?? [], [service]);
  const [optionName, setOptionName] = useState(options.some((o) => o.name === props.initialOptionName) ? props.initialOptionName : (options[0]?.name ?? ''));
  const [facilitatorId, setFacilitatorId] = useState(props.facilitator.id);
  const [date, setDate] = useState(props.date);
  const [time, setTime] = useState(props.time);
  const [payWith, setPayWith] = useState<PaymentChoice>('CARD');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string>();
  const ids = { service: useId(), option: useId(), facilitator: useId(), pay: useId(), notes: useId() };
  const facilitator = props.facilitators.find((f) => f.id === facilitatorId) ?? props.facilitator;
  const started = /^\d\d:\d\d$/.test(time) && hasBegun(date, time, facilitator.timezone);
  useEffect(() => {
    if (!options.some((o) => o.name === optionName)) setOptionName(options[0]?.name ?? '');
  }, [options, optionName]);
  const startError = book.error?.forFieldAs('datetime', 'Start');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!customer) return setProblem('Choose the customer the appointment is for.');
    if (!service || !optionName) return setProblem('Choose a service and an option.');
    if (!/^\d{4}-\d\d-\d\d$/.test(date) || !/^\d\d:\d\d$/.test(time)) return setProblem('Choose the date and the start time.');
    setProblem(undefined);
    const result = await book.run({
      input: {
        customerId: customer.id,
        serviceId: service.id,
        optionName,
        facilitatorId: facilitator.id,
        datetime: `${date}T${time}:00`,
        payWith,
        notes: notes.trim() || null,
        packageId: null,
        walkIn: null,
      },
    });
    if (result) props.onClose(`Booked ${customer.name} for ${service.name} with ${facilitator.name} on ${formatLocal(result.bookAppointment.datetime)}.`);
  };
  return (
    <Dialog title="Book an appointment" open onClose={() => props.onClose()}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <CustomerPicker value={customer} onChange={setCustomer} />
        <div className="row">
          <div className="field">
            <label htmlFor={ids.facilitator}>With</label>
            <select id={ids.facilitator} value={facilitatorId} onChange={(e) => setFacilitatorId(e.target.value)}>
              {props.facilitators.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </div>
          <Field label="Date">{(id) => <input
                id={id}
                type="date"
                value={date}
                onChange={(e) => {
                  setDate(e.target.value);
                  book.reset();
                }}
              />}</Field>
          <Field label="Start" error={startError}>
            {(id, describedBy) => (
              <input
                id={id}
                type="time"
                step={60}
                value={time}
                onChange={(e) => {
                  setTime(e.target.value);
                  book.reset();
                }}
                aria-describedby={describedBy}
                aria-invalid={startError ? true : undefined}
              />
            )}
          </Field>
        </div>
        <p className="hint">
          {started
            ? 'This time has passed: the appointment is recorded as a walk-in that has already started (up to 12 hours back, unless the studio set another window).'
            : 'Any minute, such as 10:07. One that has already started can be recorded too, as a walk-in.'}
        </p>
        <div className="field">
          <label htmlFor={ids.service}>Service</label>
          <select id={ids.service} value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
            {props.services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.option}>Option</label>
          <select id={ids.option} value={optionName} onChange={(e) => setOptionName(e.target.value)}>
            {options.map((o) => (
              <option key={o.name} value={o.name}>
                {optionLabel(o)} · {money(o.base100Price, me.companyCurrency)}
                {o.credits ? ` or ${o.credits} ${o.credits === 1 ? 'credit' : 'credits'}` : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.pay}>Pay with</label>
          <select id={ids.pay} value={payWith} onChange={(e) => setPayWith(e.target.value as PaymentChoice)}>
            <option value="CARD">Card (paid at the desk)</option>
            <option value="PASS">Pass credits</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.notes}>Notes</label>
          <textarea id={ids.notes} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={5000} aria-describedby={`${ids.notes}-hint`} />
          <p className="hint" id={`${ids.notes}-hint`}>
            Also kept as a note on the customer.
          </p>
        </div>
        <ErrorText error={problem ?? (startError ? undefined : book.error)} />
        <FormActions onCancel={() => props.onClose()} busy={book.busy} label="Book appointment" busyLabel="Booking…" />
      </form>
    </Dialog>
  );
}
