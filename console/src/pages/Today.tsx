/**
 * A day at the desk: every facilitator's appointments and every event date of the company's day, in time
 * order. An appointment that has started is recorded Completed or No-show (and corrected between the two);
 * an event date opens its register for attendance. What changes elsewhere shows within a moment (live.ts).
 */
import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { readableTypes, useLiveChanges } from '../live.ts';
import { addDays, dayName, hasStarted, todayIn, wallClock } from '../clock.ts';
import { SetAppointmentStatusMutation, TodayQuery } from '../documents.ts';
import type { AppointmentStatus, TodayQuery as Data } from '../gql/graphql.ts';
import { Link } from '../router.tsx';
import { can, useSession } from '../session.tsx';
import { Empty, ErrorText, Flash, Loading, Outcome, PageHeader, money } from '../ui.tsx';
import { STATUS_NAMES } from './AppointmentDialog.tsx';
import { Payment, SettleButtons, awaitsMoney } from './Payments.tsx';
import { RegisterDialog } from './Register.tsx';

type Appointment = NonNullable<Data['appointments']>['nodes'][number];
type EventDate = NonNullable<Data['eventDates']>['nodes'][number];
type Item = { kind: 'appointment'; at: string; appointment: Appointment } | { kind: 'class'; at: string; date: EventDate };

const time = (local: string) => local.slice(11, 16);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function Today() {
  const { me } = useSession();
  const timezone = me.companyTimezone;
  const today = todayIn(timezone);
  const [date, setDate] = useState(today);
  const query = useQuery(TodayQuery, { date });
  const [register, setRegister] = useState<EventDate>();
  const [flash, setFlash] = useState<string>();
  const dayId = useId();
  // What has started changes as the day goes on: the page looks again every half minute.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
  const appointments = query.data?.appointments?.nodes ?? [];
  const dates = query.data?.eventDates?.nodes ?? [];
  // Changes made anywhere show here by themselves: any appointment (its day is not in the change), a date
  // added or one shown changed, a booking on a date shown.
  const shownDates = new Set(dates.map((d) => d.id));
  useLiveChanges(
    readableTypes(me.scopes, ['Appointment', 'EventDate', 'Booking']),
    (change) =>
      change.type === 'Appointment' ||
      (change.type === 'EventDate' && (change.action === 'created' || shownDates.has(change.id))) ||
      (change.type === 'Booking' && change.related.some((id) => shownDates.has(id))),
    query.refresh,
  );
  const items: Item[] = [
    ...appointments.map((appointment) => ({ kind: 'appointment' as const, at: appointment.startsAt, appointment })),
    ...dates.map((d) => ({ kind: 'class' as const, at: d.startsAt, date: d })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.kind === b.kind ? 0 : a.kind === 'class' ? -1 : 1));
  const toRecord = appointments.filter((a) => a.status === 'SCHEDULED' && hasStarted(a.startsAt)).length;
  const cut = (query.data?.appointments?.total ?? 0) > appointments.length || (query.data?.eventDates?.total ?? 0) > dates.length;
  const go = (to: string) => {
    setDate(to);
    setFlash(undefined);
  };

  return (
    <section aria-labelledby="page-title">
      <PageHeader title={date === today ? 'Today' : dayName(date)}>
        <div className="day-nav" role="group" aria-label="Day">
          <button type="button" onClick={() => go(addDays(date, -1))}>
            Previous day
          </button>
          <button type="button" onClick={() => go(today)} disabled={date === today}>
            Back to today
          </button>
          <button type="button" onClick={() => go(addDays(date, 1))}>
            Next day
          </button>
          <label htmlFor={dayId} className="visually-hidden">
            Day to show
          </label>
          <input id={dayId} type="date" value={date} onChange={(e) => e.target.value && go(e.target.value)} />
        </div>
      </PageHeader>
      <p className="lead">
        {dayName(date)} · times in {timezone}
        {query.data && (
          <>
            {' '}
            · {plural(appointments.length, 'appointment')}, {plural(dates.length, 'class', 'classes')}
            {toRecord > 0 && <strong> · {plural(toRecord, 'appointment')} to record</strong>}
          </>
        )}
      </p>
      <Flash message={flash} />
      <ErrorText error={query.error} />
      {query.loading && !query.data && <Loading label="Loading the day…" />}
      {query.data && items.length === 0 && <Empty>Nothing on this day: no appointments and no classes.</Empty>}
      {cut && <p className="warning">This day has more than 100 appointments or classes: only the first 100 of each are shown.</p>}
      {items.length > 0 && (
        <ol className="day-list" aria-busy={query.loading}>
          {items.map((item) =>
            item.kind === 'appointment' ? (
              <AppointmentItem
                key={item.appointment.id}
                appointment={item.appointment}
                onRecorded={(message) => {
                  setFlash(message);
                  query.reload();
                }}
              />
            ) : (
              <ClassItem key={item.date.id} date={item.date} timezone={timezone} onOpen={() => setRegister(item.date)} />
            ),
          )}
        </ol>
      )}
      {register && (
        <RegisterDialog
          eventId={register.event.id}
          dateId={register.id}
          title={`${register.event.name}, ${dayName(register.datetime.slice(0, 10), 'short')} ${time(register.datetime)}`}
          onClose={(changed) => {
            setRegister(undefined);
            if (changed) query.reload();
          }}
        />
      )}
    </section>
  );
}

function AppointmentItem({ appointment: a, onRecorded }: { appointment: Appointment; onRecorded: (message: string) => void }) {
  const { me } = useSession();
  const setStatus = useMutation(SetAppointmentStatusMutation);
  const ids = { time: useId(), title: useId(), payment: useId() };
  const started = hasStarted(a.startsAt);
  const customer = `${a.customer.firstName} ${a.customer.lastName}`;
  const end = wallClock(Date.parse(a.startsAt) + a.durationMinutes * 60_000, a.tz).time;
  const status = a.status as AppointmentStatus;
  return (
    <li className={`day-item appointment status-${status.toLowerCase()}`}>
      <article aria-labelledby={`${ids.time} ${ids.title}`}>
        <p className="day-when">
          <span className="time" id={ids.time}>
            {time(a.datetime)}
          </span>
          <span className="sub">to {end}</span>
        </p>
        <div className="day-what">
          <h2 id={ids.title}>
            <Link to={`/customers/${encodeURIComponent(a.customer.id)}`}>{customer}</Link> · {a.service.name}
          </h2>
          <p className="sub">
            {a.optionName} with {a.facilitator.name} · <Payment payment={a.payment} id={ids.payment} cancelled={status === 'CANCELLED'} />
          </p>
          {awaitsMoney(a.payment) && status !== 'CANCELLED' && can(me, 'appointments:write') && (
            <SettleButtons
              target={{
                kind: 'appointment',
                id: a.id,
                what: `${customer}'s ${a.service.name} at ${time(a.datetime)}`,
                amount: money(a.payment.base100NetPrice, a.payment.currency),
                status: a.payment.status as 'PENDING' | 'FAILED',
              }}
              shownBy={ids.payment}
              onSettled={onRecorded}
            />
          )}
          {a.notes && (
            <p className="sub note-body">
              <strong>Note:</strong> {a.notes}
            </p>
          )}
        </div>
        <div className="day-status">
          <span className={status === 'COMPLETED' ? 'badge good' : status === 'NO_SHOW' ? 'badge bad' : 'badge'}>{STATUS_NAMES[status] ?? status}</span>
          {started && can(me, 'appointments:write') ? (
            <Outcome
              label={`How ${customer}'s appointment went`}
              choices={[
                { value: 'COMPLETED', name: 'Completed', tone: 'good' },
                { value: 'NO_SHOW', name: 'No-show', tone: 'bad' },
              ]}
              value={status === 'COMPLETED' || status === 'NO_SHOW' ? status : null}
              busy={setStatus.busy}
              onChoose={async (next) => {
                if (await setStatus.run({ id: a.id, status: next })) onRecorded(`${customer}'s ${a.service.name}: ${STATUS_NAMES[next]!.toLowerCase()}.`);
              }}
            />
          ) : (
            !started && <span className="sub">Starts at {time(a.datetime)}</span>
          )}
          <ErrorText error={setStatus.error} />
        </div>
      </article>
    </li>
  );
}

function ClassItem({ date, timezone, onOpen }: { date: EventDate; timezone: string; onOpen: () => void }) {
  const ids = { time: useId(), title: useId() };
  const started = hasStarted(date.startsAt);
  const end = wallClock(Date.parse(date.startsAt) + date.duration * 60_000, date.tz || timezone).time;
  return (
    <li className="day-item class">
      <article aria-labelledby={`${ids.time} ${ids.title}`}>
        <p className="day-when">
          <span className="time" id={ids.time}>
            {time(date.datetime)}
          </span>
          <span className="sub">to {end}</span>
        </p>
        <div className="day-what">
          <h2 id={ids.title}>{date.event.name}</h2>
          <p className="sub">{date.cancelled ? 'Class · cancelled' : `Class · ${date.spacesBooked} of ${date.capacity} spaces booked`}</p>
        </div>
        <div className="day-status">
          <button type="button" className={started && !date.cancelled ? 'primary' : undefined} onClick={onOpen} aria-label={`Open register of ${date.event.name} at ${time(date.datetime)}`}>
            Open register
          </button>
          <span className="sub">{date.cancelled ? <span className="badge bad">Cancelled</span> : started ? 'Take attendance' : 'Not started yet'}</span>
        </div>
      </article>
    </li>
  );
}
