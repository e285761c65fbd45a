/**
 * An event date's register: who is booked, attendance once the date has started (Attended / No-show), a
 * booking's cancellation with a refund choice, and registering a customer while the date is still to come.
 * A full date keeps a waitlist: `Add to waitlist` puts a customer in line, and a space freed (a cancellation
 * here or anywhere, more capacity) books the first in line at once, which the register then shows.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { readableTypes, useLiveChanges } from '../live.ts';
import { hasStarted } from '../clock.ts';
import { BookEventMutation, CancelBookingMutation, EventRegisterQuery, JoinWaitlistMutation, LeaveWaitlistMutation, SetBookingAttendanceMutation } from '../documents.ts';
import type { EventRegisterQuery as Data, PaymentChoice } from '../gql/graphql.ts';
import { Link } from '../router.tsx';
import { can, useSession } from '../session.tsx';
import { ConfirmDialog, Dialog, Empty, ErrorText, Flash, Loading, Outcome, formatLocal, money } from '../ui.tsx';
import { CustomerPicker, type PickedCustomer } from './CustomerPicker.tsx';

type RegisterDate = NonNullable<NonNullable<Data['event']>['date']>;
type Booking = NonNullable<RegisterDate['register']>['nodes'][number];
type WaitlistEntry = RegisterDate['waitlist'][number];

const person = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`;
const spacesText = (n: number) => `${n} ${n === 1 ? 'space' : 'spaces'}`;
const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

export function RegisterDialog({
  eventId,
  dateId,
  title,
  onClose,
}: {
  eventId: string;
  dateId: string;
  /** The event's name and the date's start, shown while the register loads. */
  title: string;
  onClose: (changed: boolean) => void;
}) {
  const { me } = useSession();
  const mayRead = can(me, 'events-register:read');
  const mayWrite = can(me, 'bookings:write');
  const register = useQuery(EventRegisterQuery, { eventId, dateId }, { skip: !mayRead });
  // Bookings, cancellations and promotions made anywhere show here by themselves.
  useLiveChanges(
    readableTypes(me.scopes, ['Booking', 'EventDate', 'WaitlistEntry']),
    (change) => change.id === dateId || change.related.includes(dateId),
    register.refresh,
    { skip: !mayRead },
  );
  const attendance = useMutation(SetBookingAttendanceMutation);
  const [changed, setChanged] = useState(false);
  const [flash, setFlash] = useState<string>();
  const [cancelling, setCancelling] = useState<Booking>();
  const event = register.data?.event;
  const date = event?.date;
  const started = date ? hasStarted(date.startsAt) : false;
  const bookings = date?.register?.nodes ?? [];
  const live = bookings.filter((b) => !b.isCancelled);
  const waitlist = date?.waitlist ?? [];
  const fromWaitlist = new Set(waitlist.flatMap((w) => (w.status === 'PROMOTED' && w.booking ? [w.booking.id] : [])));
  // A space freed books the first in line (the service does it, whoever freed it): say who was booked.
  const promoted = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!date) return;
    const now = new Set(date.waitlist.filter((w) => w.status === 'PROMOTED').map((w) => w.id));
    const before = promoted.current;
    promoted.current = now;
    if (!before) return;
    const fresh = date.waitlist.filter((w) => now.has(w.id) && !before.has(w.id)).map((w) => person(w.customer));
    if (fresh.length) setFlash((f) => `${f ? `${f} ` : ''}${fresh.join(' and ')} ${fresh.length === 1 ? 'was' : 'were'} booked from the waitlist.`);
  }, [date]);

  const record = async (booking: Booking, attended: boolean | null) => {
    const who = person(booking.boughtFor ?? booking.purchasedBy);
    if (await attendance.run({ id: booking.id, attended })) {
      setChanged(true);
      setFlash(attended === null ? `Cleared ${who}'s attendance.` : `${who}: ${attended ? 'attended' : 'no-show'}.`);
      register.reload();
    }
  };

  return (
    <Dialog title={`Register: ${title}`} open onClose={() => onClose(changed)}>
      <div className="stack">
        {!mayRead && <p className="hint">Your role cannot read the register of a date.</p>}
        <ErrorText error={register.error} />
        {register.loading && !register.data && <Loading label="Loading the register…" />}
        {register.data && !date && <Empty>This date is no longer in the catalogue.</Empty>}
        {date && (
          <>
            <p>
              {date.spacesBooked} of {date.capacity} spaces booked · {date.spacesLeft} left · {date.duration} min
            </p>
            <p className="hint">
              {started
                ? `Started at ${formatLocal(date.datetime).slice(-5)}: mark who came. ${live.length} live ${live.length === 1 ? 'booking' : 'bookings'}.`
                : `Attendance can be taken once it starts, at ${formatLocal(date.datetime)}.`}
            </p>
            <Flash message={flash} />
            <ErrorText error={attendance.error} />
            {bookings.length === 0 ? (
              <Empty>Nobody is booked on this date yet.</Empty>
            ) : (
              <div className="table-wrap" role="region" aria-label="Bookings on this date" tabIndex={0}>
                <table className="compact">
                  <thead>
                    <tr>
                      <th scope="col">Attendee</th>
                      <th scope="col">Spaces</th>
                      <th scope="col">Attendance</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {bookings.map((b) => {
                      const attendee = b.boughtFor ?? b.purchasedBy;
                      return (
                        <tr key={b.id} className={b.isCancelled ? 'muted' : undefined}>
                          <th scope="row" data-label="Attendee">
                            <Link to={`/customers/${encodeURIComponent(attendee.id)}`}>{person(attendee)}</Link>
                            {b.boughtFor && <span className="sub">booked by {person(b.purchasedBy)}</span>}
                            {fromWaitlist.has(b.id) && <span className="sub">from the waitlist</span>}
                          </th>
                          <td data-label="Spaces">{b.spaces}</td>
                          <td data-label="Attendance">
                            {b.isCancelled ? (
                              <span className="badge bad">{b.isRefunded ? 'Cancelled, refunded' : 'Cancelled'}</span>
                            ) : started && mayWrite ? (
                              <Outcome
                                label={`Attendance of ${person(attendee)}`}
                                choices={[
                                  { value: 'came', name: 'Attended', tone: 'good' },
                                  { value: 'absent', name: 'No-show', tone: 'bad' },
                                ]}
                                value={b.attended === null ? null : b.attended ? 'came' : 'absent'}
                                busy={attendance.busy}
                                onChoose={(v) => void record(b, v === 'came')}
                              />
                            ) : (
                              <AttendanceBadge attended={b.attended} />
                            )}
                          </td>
                          <td className="actions">
                            {!b.isCancelled && mayWrite && b.attended !== null && (
                              <button type="button" className="link-button small" onClick={() => void record(b, null)}>
                                Clear attendance
                              </button>
                            )}
                            {!b.isCancelled && mayWrite && b.attended === null && (
                              <button type="button" className="danger" onClick={() => setCancelling(b)}>
                                Cancel booking
                              </button>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
            {date.cancelled && <p className="warning">This date is cancelled: it takes no bookings.</p>}
            <Waitlist
              entries={waitlist}
              mayWrite={mayWrite}
              onLeft={(message) => {
                setChanged(true);
                setFlash(message);
                register.reload();
              }}
            />
            {mayWrite && !started && !date.cancelled && event && (
              <RegisterCustomer
                dateId={date.id}
                spacesLeft={date.spacesLeft}
                options={event.pricingOptions}
                onRegistered={(message) => {
                  setChanged(true);
                  setFlash(message);
                  register.reload();
                }}
              />
            )}
          </>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(changed)}>
            Close
          </button>
        </div>
      </div>
      {cancelling && event && date && (
        <CancelBookingDialog
          booking={{ id: cancelling.id, spaces: cancelling.spaces }}
          attendee={person(cancelling.boughtFor ?? cancelling.purchasedBy)}
          what={`${event.name} on ${formatLocal(date.datetime)}`}
          onClose={(cancelled) => {
            setCancelling(undefined);
            if (cancelled) {
              setChanged(true);
              setFlash(cancelled);
              register.reload();
            }
          }}
        />
      )}
    </Dialog>
  );
}

export function AttendanceBadge({ attended }: { attended: boolean | null }) {
  if (attended === null) return <span className="sub">Not taken</span>;
  return attended ? <span className="badge good">Attended</span> : <span className="badge bad">No-show</span>;
}

/** Cancelling a booking: its spaces are freed and pass credits go back; a refund is the staff's choice. */
export function CancelBookingDialog({
  booking,
  attendee,
  what,
  onClose,
}: {
  booking: { id: string; spaces: number };
  attendee: string;
  what: string;
  onClose: (cancelled?: string) => void;
}) {
  const cancel = useMutation(CancelBookingMutation);
  const [refund, setRefund] = useState(false);
  const refundId = useId();
  return (
    <ConfirmDialog
      title={`Cancel ${attendee}'s booking?`}
      confirm="Yes, cancel booking"
      busyLabel="Cancelling…"
      keep="Keep booking"
      busy={cancel.busy}
      error={cancel.error}
      onClose={() => onClose()}
      onConfirm={async () => {
        const r = await cancel.run({ id: booking.id, refund });
        if (r) onClose(`Cancelled ${attendee}'s booking of ${what}${r.cancelBooking.isRefunded ? ', refunded' : ''}.`);
      }}
    >
      <p>
        {what}, {spacesText(booking.spaces)}. The {booking.spaces === 1 ? 'space is' : 'spaces are'} freed, and pass credits it was paid with go back
        to the pass.
      </p>
      <label className="check" htmlFor={refundId}>
        <input id={refundId} type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} />
        <span>
          Refund the payment
          <span className="sub">Marks the booking refunded. Pay the money back through your card terminal: the service takes no card payments itself.</span>
        </span>
      </label>
    </ConfirmDialog>
  );
}

const WAITLIST_STATES: Record<string, string> = {
  PROMOTED: 'Booked from the waitlist',
  LEFT: 'Left the waitlist',
  SKIPPED: 'Passed over',
  CLOSED: 'Closed: the date was cancelled',
};

/** The date's waitlist: those waiting in line order (each may be taken out), then those no longer waiting. */
function Waitlist({ entries, mayWrite, onLeft }: { entries: readonly WaitlistEntry[]; mayWrite: boolean; onLeft: (message: string) => void }) {
  const leave = useMutation(LeaveWaitlistMutation);
  const waiting = entries.filter((w) => w.status === 'WAITING');
  const done = entries.filter((w) => w.status !== 'WAITING');
  if (!entries.length) return null;
  return (
    <section className="waitlist" aria-labelledby="waitlist-title">
      <h3 id="waitlist-title">Waitlist</h3>
      {waiting.length === 0 ? (
        <p className="hint">Nobody is waiting.</p>
      ) : (
        <ol className="records waiting" aria-label="Waiting, first in line first">
          {waiting.map((w) => (
            <li key={w.id} aria-labelledby={`wait-${w.id}`} className="record-line">
              <span id={`wait-${w.id}`}>
                <strong>
                  {w.position}. {person(w.customer)}
                </strong>{' '}
                <span className="sub inline">
                  {spacesText(w.spaces)}, {w.payWith === 'PASS' ? 'pays with pass credits' : 'pays by card'}
                </span>
              </span>
              {mayWrite && (
                <button
                  type="button"
                  className="link-button small"
                  disabled={leave.busy}
                  aria-label={`Take off the waitlist: ${person(w.customer)}`}
                  onClick={() => void leave.run({ id: w.id }).then((r) => r && onLeft(`Took ${person(w.customer)} off the waitlist.`))}
                >
                  Take off the waitlist
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <ErrorText error={leave.error} />
      {done.length > 0 && (
        <ul className="records no-longer-waiting" aria-label="No longer waiting">
          {done.map((w) => (
            <li key={w.id} className="record-line">
              <span>{person(w.customer)}</span>
              <span className={w.status === 'PROMOTED' ? 'badge good' : 'badge'}>
                {WAITLIST_STATES[w.status] ?? w.status}
                {w.status === 'SKIPPED' && w.skippedReason ? `: ${w.skippedReason}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Registering a customer on a date to come; once the date is full, the same form puts them on its waitlist,
 * paying as chosen when a space frees up.
 */
function RegisterCustomer({
  dateId,
  spacesLeft,
  options,
  onRegistered,
}: {
  dateId: string;
  spacesLeft: number;
  options: NonNullable<Data['event']>['pricingOptions'];
  onRegistered: (message: string) => void;
}) {
  const book = useMutation(BookEventMutation);
  const join = useMutation(JoinWaitlistMutation);
  const full = spacesLeft === 0;
  const [customer, setCustomer] = useState<PickedCustomer>();
  const [optionId, setOptionId] = useState(options[0]?.id ?? '');
  const [spaces, setSpaces] = useState('1');
  const [payWith, setPayWith] = useState<PaymentChoice>('CARD');
  const [problem, setProblem] = useState<string>();
  const ids = { option: useId(), spaces: useId(), pay: useId() };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!customer) return setProblem('Choose the customer to register.');
    const n = Number(spaces);
    if (!Number.isInteger(n) || n < 1) return setProblem('Spaces: a whole number, 1 or more.');
    setProblem(undefined);
    if (full) {
      const joined = await join.run({ input: { customerId: customer.id, eventDateId: dateId, pricingOptionId: optionId, spaces: n, payWith, packageId: null } });
      if (joined) {
        onRegistered(`Added ${customer.name} to the waitlist: ${ordinal(joined.joinWaitlist.position ?? 1)} in line.`);
        setCustomer(undefined);
      }
      return;
    }
    const r = await book.run({
      input: { customerId: customer.id, eventDateId: dateId, pricingOptionId: optionId, spaces: n, payWith, boughtForId: null, packageId: null, voucherCode: null },
    });
    if (r) {
      onRegistered(`Registered ${customer.name} (${spacesText(n)}).`);
      setCustomer(undefined);
    }
  };
  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate aria-label={full ? 'Add to the waitlist' : 'Register a customer'}>
      <h3>{full ? 'Add to the waitlist' : 'Register a customer'}</h3>
      {full && <p className="hint">This date is full. A customer added here is booked, paying as chosen, as soon as a space frees up for them, first in line first.</p>}
      <CustomerPicker value={customer} onChange={setCustomer} />
      <div className="row">
        <div className="field">
          <label htmlFor={ids.option}>Pricing option</label>
          <select id={ids.option} value={optionId} onChange={(e) => setOptionId(e.target.value)}>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name} · {money(o.base100Price, o.currency)}
                {o.credits ? ` or ${o.credits} ${o.credits === 1 ? 'credit' : 'credits'}` : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field narrow">
          <label htmlFor={ids.spaces}>Spaces</label>
          <input id={ids.spaces} type="number" min={1} max={100} inputMode="numeric" value={spaces} onChange={(e) => setSpaces(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.pay}>Pay with</label>
          <select id={ids.pay} value={payWith} onChange={(e) => setPayWith(e.target.value as PaymentChoice)}>
            <option value="CARD">Card</option>
            <option value="PASS">Pass credits</option>
          </select>
        </div>
      </div>
      <ErrorText error={problem ?? (full ? join.error : book.error)} />
      <div className="dialog-actions">
        {full ? (
          <button type="submit" className="primary" disabled={join.busy}>
            {join.busy ? 'Adding…' : 'Add to waitlist'}
          </button>
        ) : (
          <button type="submit" className="primary" disabled={book.busy}>
            {book.busy ? 'Registering…' : 'Register customer'}
          </button>
        )}
      </div>
    </form>
  );
}
