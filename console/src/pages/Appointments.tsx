import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import {
  AvailabilityQuery,
  BookAppointmentMutation,
  CalendarSetupQuery,
  CancelAppointmentMutation,
  CustomerPickerQuery,
  RescheduleAppointmentMutation,
} from '../documents.ts';
import type { AvailabilityQuery as AvailabilityData, CalendarSetupQuery as SetupData, PaymentChoice } from '../gql/graphql.ts';
import { Dialog, Empty, ErrorText, FormActions, Loading, PageHeader, formatDate, formatLocal, money } from '../ui.tsx';

type Appointment = NonNullable<AvailabilityData['appointments']>['nodes'][number];
type Service = NonNullable<SetupData['services']>[number];

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
function mondayOf(d: Date): Date {
  const day = (d.getDay() + 6) % 7;
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - day);
}
function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}
function parseDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
/** Whether a slot has begun, by this device's clock (the facilitator's timezone is assumed to be the studio's). */
function isPast(date: string, start: string): boolean {
  const [h, m] = start.split(':').map(Number);
  const at = parseDay(date);
  at.setHours(h!, m!);
  return at.getTime() < Date.now();
}
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function Appointments() {
  const setup = useQuery(CalendarSetupQuery);
  const facilitators = setup.data?.facilitators ?? [];
  const services = (setup.data?.services ?? []).filter((s) => s.active && s.options.some((o) => o.active));
  const [facilitatorId, setFacilitatorId] = useState('');
  const [serviceId, setServiceId] = useState('');
  const [week, setWeek] = useState(() => mondayOf(new Date()));
  const ids = { facilitator: useId(), service: useId() };
  useEffect(() => {
    if (!facilitatorId && facilitators[0]) setFacilitatorId(facilitators[0].id);
    if (!serviceId && services[0]) setServiceId(services[0].id);
  }, [facilitators, services, facilitatorId, serviceId]);
  const startDate = iso(week);
  const endDate = iso(addDays(week, 6));
  const calendar = useQuery(AvailabilityQuery, { facilitatorId, serviceId: serviceId || null, startDate, endDate }, { skip: !facilitatorId });
  const [booking, setBooking] = useState<{ date: string; time: string }>();
  const [opened, setOpened] = useState<Appointment>();
  const [flash, setFlash] = useState<string>();
  const service = services.find((s) => s.id === serviceId);
  const facilitator = facilitators.find((f) => f.id === facilitatorId);

  return (
    <section aria-labelledby="page-title">
      <PageHeader title="Appointments" />
      {setup.loading && !setup.data && <Loading label="Loading facilitators and services…" />}
      <ErrorText error={setup.error} />
      {setup.data && facilitators.length === 0 && <Empty>No facilitators yet: add one before booking appointments.</Empty>}
      {setup.data && facilitators.length > 0 && (
        <>
          <div className="toolbar">
            <div className="field">
              <label htmlFor={ids.facilitator}>Facilitator</label>
              <select id={ids.facilitator} value={facilitatorId} onChange={(e) => setFacilitatorId(e.target.value)}>
                {facilitators.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.service}>Service</label>
              <select id={ids.service} value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
                {services.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="week-nav" role="group" aria-label="Week">
              <button type="button" onClick={() => setWeek((w) => addDays(w, -7))}>
                Previous week
              </button>
              <button type="button" onClick={() => setWeek(mondayOf(new Date()))}>
                This week
              </button>
              <button type="button" onClick={() => setWeek((w) => addDays(w, 7))}>
                Next week
              </button>
            </div>
          </div>
          <h2 className="week-title" aria-live="polite">
            Week of {formatDate(startDate)} to {formatDate(endDate)}
            {facilitator && <span className="sub"> · times in {facilitator.timezone}</span>}
          </h2>
          <p className="legend">
            <span className="slot free sample" aria-hidden="true" /> free <span className="slot taken sample" aria-hidden="true" /> taken{' '}
            <span className="slot appt sample" aria-hidden="true" /> appointment
          </p>
          {flash && (
            <p className="notice" role="status">
              {flash}
            </p>
          )}
          <ErrorText error={calendar.error} />
          {calendar.loading && !calendar.data && <Loading label="Loading the week…" />}
          {calendar.data && (
            <Week data={calendar.data} loading={calendar.loading} onBook={(date, time) => setBooking({ date, time })} onOpen={setOpened} />
          )}
        </>
      )}
      {booking && facilitator && (
        <BookDialog
          date={booking.date}
          time={booking.time}
          facilitatorId={facilitator.id}
          facilitatorName={facilitator.name}
          services={services}
          initialService={service}
          onClose={(booked) => {
            setBooking(undefined);
            if (booked) {
              setFlash(booked);
              calendar.reload();
            }
          }}
        />
      )}
      {opened && (
        <AppointmentDialog
          appointment={opened}
          onClose={(changed) => {
            setOpened(undefined);
            if (changed) {
              setFlash(changed);
              calendar.reload();
            }
          }}
        />
      )}
    </section>
  );
}

function Week({
  data,
  loading,
  onBook,
  onOpen,
}: {
  data: AvailabilityData;
  loading: boolean;
  onBook: (date: string, time: string) => void;
  onOpen: (a: Appointment) => void;
}) {
  const appointments = (data.appointments?.nodes ?? []).filter((a) => a.status !== 'CANCELLED');
  const dates = data.availability.dates;
  // On a phone one day shows at a time: today's when it is in the week.
  const [shown, setShown] = useState(() =>
    Math.max(
      0,
      dates.findIndex((d) => d.date === iso(new Date())),
    ),
  );
  return (
    <>
      <div className="day-tabs" role="group" aria-label="Day to show">
        {dates.map((day, i) => (
          <button key={day.date} type="button" aria-pressed={i === shown} onClick={() => setShown(i)}>
            {weekday.format(parseDay(day.date))}
          </button>
        ))}
      </div>
      <div className="week" aria-busy={loading}>
        {dates.map((day, i) => {
          const dayAppointments = appointments.filter((a) => a.datetime.startsWith(day.date));
          const slots = day.windows.flatMap((w) => w.slots);
          const free = slots.filter((s) => s.available).length;
          const label = weekday.format(parseDay(day.date));
          return (
            <section
              key={day.date}
              className={i === shown ? 'day shown' : 'day'}
              aria-label={`${label}: ${slots.length ? `${free} of ${slots.length} slots free` : 'not working'}`}
            >
              <h3>{label}</h3>
              {slots.length === 0 && <p className="sub">Not working</p>}
              <ul className="slots">
                {slots.map((slot) => {
                  const starts = dayAppointments.find((a) => a.datetime.slice(11, 16) === slot.start);
                  if (starts)
                    return (
                      <li key={slot.start}>
                        <button
                          type="button"
                          className="slot appt"
                          onClick={() => onOpen(starts)}
                          aria-label={`${slot.start} ${starts.customer.firstName} ${starts.customer.lastName[0]}. (${starts.customer.firstName} ${starts.customer.lastName}, ${starts.service.name}, ${label}): open appointment`}
                        >
                          <span className="time">{slot.start}</span> {starts.customer.firstName} {starts.customer.lastName[0]}.
                        </button>
                      </li>
                    );
                  if (isPast(day.date, slot.start))
                    return (
                      <li key={slot.start}>
                        <span className="slot past">
                          <span className="time">{slot.start}</span> <span className="visually-hidden">{label}</span> past
                        </span>
                      </li>
                    );
                  if (!slot.available)
                    return (
                      <li key={slot.start}>
                        <span className="slot taken" data-slot={`${day.date} ${slot.start}`}>
                          <span className="time">{slot.start}</span> <span className="visually-hidden">{label}</span> taken
                        </span>
                      </li>
                    );
                  return (
                    <li key={slot.start}>
                      <button
                        type="button"
                        className="slot free"
                        data-slot={`${day.date} ${slot.start}`}
                        onClick={() => onBook(day.date, slot.start)}
                        aria-label={`${slot.start} free, ${label}: book`}
                      >
                        <span className="time">{slot.start}</span> free
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}

export function CustomerPicker({
  value,
  onChange,
}: {
  value: { id: string; name: string } | undefined;
  onChange: (c: { id: string; name: string } | undefined) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const inputId = useId();
  useEffect(() => {
    const t = setTimeout(() => setSearch(text.trim()), 200);
    return () => clearTimeout(t);
  }, [text]);
  const query = useQuery(CustomerPickerQuery, { search: search || null });
  const nodes = query.data?.customers.nodes ?? [];
  return (
    <fieldset className="picker">
      <legend>Customer</legend>
      <label htmlFor={inputId} className="block-label">
        Find a customer
      </label>
      <input id={inputId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Name or email" autoComplete="off" />
      <ErrorText error={query.error} />
      {query.loading && !query.data && <Loading label="Searching…" />}
      {query.data && nodes.length === 0 && <p className="sub">No customer matches.</p>}
      <div className="choices" role="radiogroup" aria-label="Matching customers">
        {nodes.map((c) => (
          <label key={c.id} className="check">
            <input
              type="radio"
              name={`${inputId}-customer`}
              checked={value?.id === c.id}
              onChange={() => onChange({ id: c.id, name: `${c.firstName} ${c.lastName}` })}
            />
            <span>
              {c.firstName} {c.lastName} <span className="sub">{c.email}</span>
            </span>
          </label>
        ))}
      </div>
      {value && (
        <p className="hint">
          Chosen: <strong>{value.name}</strong>
        </p>
      )}
    </fieldset>
  );
}

function BookDialog(props: {
  date: string;
  time: string;
  facilitatorId: string;
  facilitatorName: string;
  services: readonly Service[];
  initialService: Service | undefined;
  onClose: (booked?: string) => void;
}) {
  const book = useMutation(BookAppointmentMutation);
  const [customer, setCustomer] = useState<{ id: string; name: string }>();
  const [serviceId, setServiceId] = useState(props.initialService?.id ?? props.services[0]?.id ?? '');
  const service = props.services.find((s) => s.id === serviceId);
  const options = useMemo(() => service?.options.filter((o) => o.active) ?? [], [service]);
  const [optionName, setOptionName] = useState(options[0]?.name ?? '');
  const [payWith, setPayWith] = useState<PaymentChoice>('CARD');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string>();
  const ids = { service: useId(), option: useId(), pay: useId(), notes: useId() };
  useEffect(() => {
    if (!options.some((o) => o.name === optionName)) setOptionName(options[0]?.name ?? '');
  }, [options, optionName]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!customer) return setProblem('Choose the customer the appointment is for.');
    if (!service || !optionName) return setProblem('Choose a service and an option.');
    setProblem(undefined);
    const result = await book.run({
      input: {
        customerId: customer.id,
        serviceId: service.id,
        optionName,
        facilitatorId: props.facilitatorId,
        datetime: `${props.date}T${props.time}:00`,
        payWith,
        notes: notes.trim() || null,
        packageId: null,
      },
    });
    if (result) props.onClose(`Booked ${customer.name} for ${service.name} on ${formatLocal(result.bookAppointment.datetime)}.`);
  };
  return (
    <Dialog title={`Book ${formatDate(props.date)} at ${props.time}`} open onClose={() => props.onClose()}>
      <form className="stack" onSubmit={submit} noValidate>
        <p className="sub">With {props.facilitatorName}</p>
        <CustomerPicker value={customer} onChange={setCustomer} />
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
                {o.name.includes(String(o.durationMinutes)) ? o.name : `${o.name} · ${o.durationMinutes} min`} · {money(o.base100Price, 'GBP')}
                {o.credits ? ` or ${o.credits} ${o.credits === 1 ? 'credit' : 'credits'}` : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.pay}>Pay with</label>
          <select id={ids.pay} value={payWith} onChange={(e) => setPayWith(e.target.value as PaymentChoice)}>
            <option value="CARD">Card</option>
            <option value="PASS">Pass credits</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.notes}>Notes</label>
          <textarea id={ids.notes} rows={2} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={5000} />
        </div>
        <ErrorText error={problem ?? book.error} />
        <FormActions onCancel={() => props.onClose()} busy={book.busy} label="Book appointment" busyLabel="Booking…" />
      </form>
    </Dialog>
  );
}

function AppointmentDialog({ appointment, onClose }: { appointment: Appointment; onClose: (changed?: string) => void }) {
  const cancel = useMutation(CancelAppointmentMutation);
  const reschedule = useMutation(RescheduleAppointmentMutation);
  const [confirming, setConfirming] = useState(false);
  const [date, setDate] = useState(appointment.datetime.slice(0, 10));
  const [time, setTime] = useState(appointment.datetime.slice(11, 16));
  const ids = { date: useId(), time: useId() };
  const name = `${appointment.customer.firstName} ${appointment.customer.lastName}`;
  const move = async (event: FormEvent) => {
    event.preventDefault();
    const r = await reschedule.run({ id: appointment.id, datetime: `${date}T${time}:00` });
    if (r) onClose(`Moved ${name}'s appointment to ${formatLocal(r.rescheduleAppointment.datetime)}.`);
  };
  return (
    <Dialog title={`${appointment.service.name} with ${name}`} open onClose={() => onClose()}>
      <div className="stack">
        <p>
          {formatLocal(appointment.datetime)} · {appointment.durationMinutes} min · {appointment.optionName} ·{' '}
          <span className="badge">{appointment.status.toLowerCase()}</span>
        </p>
        <form className="stack" onSubmit={move} noValidate aria-label="Reschedule">
          <h3>Reschedule</h3>
          <div className="row">
            <div className="field">
              <label htmlFor={ids.date}>New date</label>
              <input id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor={ids.time}>New time</label>
              <input id={ids.time} type="time" step={900} value={time} onChange={(e) => setTime(e.target.value)} />
            </div>
          </div>
          <ErrorText error={reschedule.error} />
          <button
            type="submit"
            disabled={
              reschedule.busy || (minutes(time) === minutes(appointment.datetime.slice(11, 16)) && date === appointment.datetime.slice(0, 10))
            }
          >
            {reschedule.busy ? 'Moving…' : 'Reschedule'}
          </button>
        </form>
        <h3>Cancel</h3>
        {confirming ? (
          <div className="confirm" role="group" aria-label="Confirm cancellation">
            <p>Cancel this appointment? Credits it was paid with go back to the pass.</p>
            <ErrorText error={cancel.error} />
            <div className="button-row">
              <button type="button" onClick={() => setConfirming(false)}>
                Keep it
              </button>
              <button
                type="button"
                className="danger"
                disabled={cancel.busy}
                onClick={async () => {
                  if (await cancel.run({ id: appointment.id })) onClose(`Cancelled ${name}'s appointment.`);
                }}
              >
                Yes, cancel appointment
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Cancel appointment
          </button>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose()}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}
