/**
 * An event date's register: who is booked, attendance once the date has started (Attended / No-show), a
 * booking's cancellation with a refund choice, and registering a customer while the date is still to come.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '../api.ts';
import { hasStarted } from '../clock.ts';
import { BookEventMutation, CancelBookingMutation, EventRegisterQuery, SetBookingAttendanceMutation } from '../documents.ts';
import type { EventRegisterQuery as Data, PaymentChoice } from '../gql/graphql.ts';
import { Link } from '../router.tsx';
import { can, useSession } from '../session.tsx';
import { ConfirmDialog, Dialog, Empty, ErrorText, Flash, Loading, Outcome, formatLocal, money } from '../ui.tsx';
import { CustomerPicker, type PickedCustomer } from './CustomerPicker.tsx';

type Booking = NonNullable<NonNullable<NonNullable<Data['event']>['date']>['register']>['nodes'][number];

const person = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`;
const spacesText = (n: number) => `${n} ${n === 1 ? 'space' : 'spaces'}`;

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
  const attendance = useMutation(SetBookingAttendanceMutation);
  const [changed, setChanged] = useState(false);
  const [flash, setFlash] = useState<string>();
  const [cancelling, setCancelling] = useState<Booking>();
  const event = register.data?.event;
  const date = event?.date;
  const started = date ? hasStarted(date.startsAt) : false;
  const bookings = date?.register?.nodes ?? [];
  const live = bookings.filter((b) => !b.isCancelled);

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
            {mayWrite && !started && event && (
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
    const r = await book.run({
      input: { customerId: customer.id, eventDateId: dateId, pricingOptionId: optionId, spaces: n, payWith, boughtForId: null, packageId: null, voucherCode: null },
    });
    if (r) {
      onRegistered(`Registered ${customer.name} (${spacesText(n)}).`);
      setCustomer(undefined);
    }
  };
  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate aria-label="Register a customer">
      <h3>Register a customer</h3>
      {spacesLeft === 0 && <p className="hint">This date is full.</p>}
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
      <ErrorText error={problem ?? book.error} />
      <div className="dialog-actions">
        <button type="submit" className="primary" disabled={book.busy || spacesLeft === 0}>
          {book.busy ? 'Registering…' : 'Register customer'}
        </button>
      </div>
    </form>
  );
}
