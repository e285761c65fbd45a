/**
 * A customer's page at the desk: their details (Edit), notes (Add note, delete), and what they hold: bookings
 * (Cancel booking, with a refund choice), appointments (cancel), passes and their credits, videos and their
 * access (cancel), subscriptions with their charges (pause, resume, cancel); and selling a pass, a video or a
 * subscription. Each action shows only to a role whose scopes allow it.
 */
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '../api.ts';
import {
  CancelAppointmentMutation, CancelSubscriptionMutation, CancelVideoPurchaseMutation, CustomerQuery, DeleteNoteMutation, PauseSubscriptionMutation,
  ResumeSubscriptionMutation,
} from '../documents.ts';
import type { CustomerQuery as Data } from '../gql/graphql.ts';
import { readableTypes, useLiveChanges } from '../live.ts';
import { Link } from '../router.tsx';
import { can, useSession } from '../session.tsx';
import { ConfirmDialog, Empty, ErrorText, Flash, Loading, PageHeader, formatDate, formatDateTime, formatLocal, money } from '../ui.tsx';
import { STATUS_NAMES } from './AppointmentDialog.tsx';
import { AddNoteDialog, EditCustomerDialog } from './CustomerForms.tsx';
import { AttendanceBadge, CancelBookingDialog } from './Register.tsx';
import { Payment, SettleButtons, awaitsMoney, settlementWords } from './Payments.tsx';
import { SellPassDialog, SellVideoDialog, StartSubscriptionDialog } from './Selling.tsx';

export type Customer = NonNullable<Data['customer']>;
type Booking = Customer['transactions']['nodes'][number]['bookings'][number];
type Appointment = Customer['appointments']['nodes'][number];
type VideoPurchase = NonNullable<Customer['videoPurchases']>['nodes'][number];
type Mandate = NonNullable<Customer['mandates']>['nodes'][number];
type Note = NonNullable<Customer['notes']>['nodes'][number];

type Open =
  | { kind: 'edit' | 'note' | 'pass' | 'video' | 'subscription' }
  | { kind: 'cancel-booking'; booking: Booking }
  | { kind: 'cancel-appointment'; appointment: Appointment }
  | { kind: 'cancel-video'; purchase: VideoPurchase }
  | { kind: 'cancel-subscription'; mandate: Mandate }
  | { kind: 'delete-note'; note: Note };

const INTERVALS: Record<string, string> = { WEEK: 'a week', MONTH: 'a month', YEAR: 'a year' };
const MANDATE_STATES: Record<string, string> = { ACTIVE: 'Active', PAUSED: 'Paused', SUSPENDED: 'Suspended', CANCELLED: 'Cancelled' };
const PASS_STATES: Record<string, string> = { ACTIVE: 'Active', PENDING: 'Starts later', EXPIRED: 'Expired', USED: 'Used up', CANCELLED: 'Cancelled' };
const CHARGE_STATES: Record<string, string> = { PAID: 'Paid', PENDING: 'To pay', FAILED: 'Failed' };

export function CustomerProfile({ id }: { id: string }) {
  const { me } = useSession();
  const query = useQuery(CustomerQuery, { id });
  const customer = query.data?.customer;
  // What is done for this customer anywhere (a note, a booking, a pass, a payment) shows here by itself.
  useLiveChanges(
    readableTypes(me.scopes, ['Customer', 'Note', 'QuestionnaireAnswer', 'Appointment', 'Transaction', 'Booking', 'WaitlistEntry', 'PassPurchase', 'VideoPurchase', 'Mandate']),
    (change) => change.id === id || change.related.includes(id),
    query.refresh,
  );
  const [open, setOpen] = useState<Open>();
  const [flash, setFlash] = useState<string>();
  const done = (message?: string) => {
    setOpen(undefined);
    if (message) {
      setFlash(message);
      query.reload();
    }
  };
  const may = (scope: string) => can(me, scope);
  const name = customer ? `${customer.firstName} ${customer.lastName}` : 'Customer';

  return (
    <section aria-labelledby="page-title">
      <p className="breadcrumb">
        <Link to="/customers">← Customers</Link>
      </p>
      <PageHeader title={name}>
        {customer && (
          <>
            {may('customers:write') && (
              <button type="button" onClick={() => setOpen({ kind: 'edit' })}>
                Edit
              </button>
            )}
            {may('notes:write') && (
              <button type="button" onClick={() => setOpen({ kind: 'note' })}>
                Add note
              </button>
            )}
            {may('packages:write') && (
              <button type="button" onClick={() => setOpen({ kind: 'pass' })}>
                Sell pass
              </button>
            )}
            {may('videos:write') && (
              <button type="button" onClick={() => setOpen({ kind: 'video' })}>
                Sell video
              </button>
            )}
            {may('subscription-mandates:write') && (
              <button type="button" onClick={() => setOpen({ kind: 'subscription' })}>
                Start subscription
              </button>
            )}
          </>
        )}
      </PageHeader>
      <Flash message={flash} />
      <ErrorText error={query.error} />
      {query.loading && !query.data && <Loading label="Loading the customer…" />}
      {query.data && !customer && <Empty>There is no such customer in this studio.</Empty>}
      {customer && (
        <div className="profile">
          <dl className="details card">
            <div>
              <dt>Email</dt>
              <dd>{customer.email}</dd>
            </div>
            <div>
              <dt>Mobile</dt>
              <dd>{customer.mobile ?? '—'}</dd>
            </div>
            <div>
              <dt>Customer since</dt>
              <dd>{formatDateTime(customer.createdAt)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{customer.archived ? <span className="badge">Archived</span> : <span className="badge good">Active</span>}</dd>
            </div>
            <div>
              <dt>Id</dt>
              <dd className="mono">{customer.id}</dd>
            </div>
          </dl>
          <Owed
            customer={customer}
            mayMarkAppointments={may('appointments:write')}
            mayMarkCharges={may('subscription-mandates:write')}
            onSettled={(message) => {
              setFlash(message);
              query.reload();
            }}
          />
          <Bookings customer={customer} mayCancel={may('bookings:write')} onCancel={(booking) => setOpen({ kind: 'cancel-booking', booking })} />
          <Appointments
            customer={customer}
            mayCancel={may('appointments:write')}
            onCancel={(appointment) => setOpen({ kind: 'cancel-appointment', appointment })}
          />
          <Passes customer={customer} />
          <Videos customer={customer} mayCancel={may('videos:write')} onCancel={(purchase) => setOpen({ kind: 'cancel-video', purchase })} />
          <Subscriptions
            customer={customer}
            mayChange={may('subscription-mandates:write')}
            onChanged={(message) => {
              setFlash(message);
              query.reload();
            }}
            onCancel={(mandate) => setOpen({ kind: 'cancel-subscription', mandate })}
          />
          <Notes customer={customer} mayDelete={may('notes:write')} onDelete={(note) => setOpen({ kind: 'delete-note', note })} />
        </div>
      )}
      {customer && open?.kind === 'edit' && <EditCustomerDialog customer={customer} onClose={done} />}
      {customer && open?.kind === 'note' && <AddNoteDialog customer={customer} onClose={done} />}
      {customer && open?.kind === 'pass' && <SellPassDialog customer={customer} onClose={done} />}
      {customer && open?.kind === 'video' && <SellVideoDialog customer={customer} onClose={done} />}
      {customer && open?.kind === 'subscription' && <StartSubscriptionDialog customer={customer} onClose={done} />}
      {open?.kind === 'cancel-booking' && (
        <CancelBookingDialog
          booking={open.booking}
          attendee={open.booking.boughtFor ? `${open.booking.boughtFor.firstName} ${open.booking.boughtFor.lastName}` : name}
          what={`${open.booking.event.name} on ${formatLocal(open.booking.eventDate.datetime)}`}
          onClose={done}
        />
      )}
      {open?.kind === 'cancel-appointment' && <CancelAppointmentDialog appointment={open.appointment} onClose={done} />}
      {open?.kind === 'cancel-video' && <CancelVideoDialog purchase={open.purchase} onClose={done} />}
      {open?.kind === 'cancel-subscription' && <CancelSubscriptionDialog mandate={open.mandate} onClose={done} />}
      {open?.kind === 'delete-note' && <DeleteNoteDialog note={open.note} onClose={done} />}
    </section>
  );
}

/** A card of the profile with a heading, its list, and words when the list is empty. */
function Card({ id, title, hint, empty, children }: { id: string; title: string; hint?: string; empty: string | false; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {hint && <p className="hint">{hint}</p>}
      {empty ? <Empty>{empty}</Empty> : <ul className="records">{children}</ul>}
    </section>
  );
}

/** One record of a card: its title names it (for its buttons), then its facts and its actions. */
function Record({ id, title, badges, children, actions }: { id: string; title: ReactNode; badges?: ReactNode; children?: ReactNode; actions?: ReactNode }) {
  return (
    <li aria-labelledby={id}>
      <div className="record-head">
        <strong id={id}>{title}</strong>
        {badges}
      </div>
      {children}
      {actions && <div className="button-row">{actions}</div>}
    </li>
  );
}

/**
 * What the customer owes, per currency, and each record it is owed on (an appointment paid by card, a
 * subscription charge), PENDING or FAILED, with `Mark paid` / `Mark failed`. Once marked paid a record leaves
 * the list; focus then goes to the sum, which says what is still owed.
 */
function Owed({
  customer,
  mayMarkAppointments,
  mayMarkCharges,
  onSettled,
}: {
  customer: Customer;
  mayMarkAppointments: boolean;
  mayMarkCharges: boolean;
  onSettled: (message: string) => void;
}) {
  const owed = customer.amountOwed;
  const total = owed.map((o) => money(o.base100Amount, o.currency)).join(' and ');
  const name = `${customer.firstName} ${customer.lastName}`;
  return (
    <section className="card owed-card" aria-labelledby="owed-title">
      <h2 id="owed-title">To pay</h2>
      <p id="owed-sum" tabIndex={-1} className={owed.length ? 'owed-sum' : 'empty'}>
        {owed.length ? (
          <>
            <strong>{total}</strong> to pay in all
          </>
        ) : (
          'Nothing to pay.'
        )}
      </p>
      {owed.length > 0 && (
        <ul className="records">
          {owed.flatMap((o) => [
            ...o.appointments.map((a) => {
              const payment = a.payment;
              const what = `${a.service.name} on ${formatLocal(a.datetime)}`;
              return (
                <Record key={a.id} id={`owed-${a.id}`} title={what} badges={<span className="badge">Appointment</span>}>
                  <p>
                    <Payment payment={payment} /> · with {a.facilitator.name}
                  </p>
                  {mayMarkAppointments && awaitsMoney(payment) && (
                    <SettleButtons
                      target={{
                        kind: 'appointment',
                        id: a.id,
                        what: `${name}'s ${what}`,
                        amount: money(payment.base100NetPrice, payment.currency),
                        status: payment.status as 'PENDING' | 'FAILED',
                      }}
                      shownBy="owed-sum"
                      onSettled={onSettled}
                    />
                  )}
                </Record>
              );
            }),
            ...o.charges.map((c) => {
              const what = `${c.mandate.plan.name}, ${formatDate(c.periodStart)} to ${formatDate(c.periodEnd)}`;
              const amount = money(c.base100Amount, c.currency);
              return (
                <Record key={c.id} id={`owed-${c.id}`} title={what} badges={<span className="badge">Subscription</span>}>
                  <p>
                    <span className="owed">{settlementWords(amount, c.status, null)}</span>
                  </p>
                  {mayMarkCharges && (
                    <SettleButtons
                      target={{ kind: 'charge', id: c.id, what: `${name}'s ${what}`, amount, status: c.status as 'PENDING' | 'FAILED' }}
                      shownBy="owed-sum"
                      onSettled={onSettled}
                    />
                  )}
                </Record>
              );
            }),
          ])}
        </ul>
      )}
    </section>
  );
}

function Bookings({ customer, mayCancel, onCancel }: { customer: Customer; mayCancel: boolean; onCancel: (b: Booking) => void }) {
  const bookings = customer.transactions.nodes
    .flatMap((t) => t.bookings)
    .sort((a, b) => (a.eventDate.startsAt < b.eventDate.startsAt ? 1 : -1));
  return (
    <Card id="bookings-title" title="Bookings" hint="Classes and events booked in the last three months, and all to come." empty={bookings.length === 0 && 'No bookings in the last three months.'}>
      {bookings.map((b) => (
        <Record
          key={b.id}
          id={`booking-${b.id}`}
          title={`${b.event.name} · ${formatLocal(b.eventDate.datetime)}`}
          badges={
            b.isCancelled ? (
              <span className="badge bad">{b.isRefunded ? 'Cancelled, refunded' : 'Cancelled'}</span>
            ) : b.attended !== null ? (
              <AttendanceBadge attended={b.attended} />
            ) : undefined
          }
          actions={
            mayCancel &&
            !b.isCancelled &&
            b.attended === null && (
              <button type="button" className="danger" onClick={() => onCancel(b)}>
                Cancel booking
              </button>
            )
          }
        >
          <p className="sub">
            {b.spaces} {b.spaces === 1 ? 'space' : 'spaces'}
            {b.boughtFor && b.boughtFor.id !== customer.id && ` for ${b.boughtFor.firstName} ${b.boughtFor.lastName}`} ·{' '}
            {'creditsUsed' in b.payment
              ? `${b.payment.creditsUsed} ${b.payment.creditsUsed === 1 ? 'credit' : 'credits'} from a pass`
              : 'base100NetPrice' in b.payment
                ? `${money(b.payment.base100NetPrice, b.payment.currency)} by card`
                : ''}
          </p>
        </Record>
      ))}
    </Card>
  );
}

function Appointments({ customer, mayCancel, onCancel }: { customer: Customer; mayCancel: boolean; onCancel: (a: Appointment) => void }) {
  const appointments = customer.appointments.nodes;
  return (
    <Card id="appointments-title" title="Appointments" empty={appointments.length === 0 && 'No appointments.'}>
      {appointments.map((a) => (
        <Record
          key={a.id}
          id={`appointment-${a.id}`}
          title={`${a.service.name} · ${formatLocal(a.datetime)}`}
          badges={
            <span className={a.status === 'CANCELLED' || a.status === 'NO_SHOW' ? 'badge bad' : a.status === 'COMPLETED' ? 'badge good' : 'badge'}>
              {STATUS_NAMES[a.status] ?? a.status}
            </span>
          }
          actions={
            mayCancel &&
            a.status === 'SCHEDULED' && (
              <button type="button" className="danger" onClick={() => onCancel(a)}>
                Cancel appointment
              </button>
            )
          }
        >
          <p className="sub">
            {a.optionName}
            {a.optionName.includes(String(a.durationMinutes)) ? '' : `, ${a.durationMinutes} min`} with {a.facilitator.name} · <Payment payment={a.payment} cancelled={a.status === 'CANCELLED'} />
          </p>
        </Record>
      ))}
    </Card>
  );
}

function Passes({ customer }: { customer: Customer }) {
  const passes = customer.passPurchases.nodes;
  return (
    <Card id="passes-title" title="Passes" empty={passes.length === 0 && 'No passes.'}>
      {passes.map((p) => (
        <Record
          key={p.id}
          id={`pass-${p.id}`}
          title={p.pass.name}
          badges={<span className={p.status === 'ACTIVE' ? 'badge good' : p.status === 'CANCELLED' ? 'badge bad' : 'badge'}>{PASS_STATES[p.status] ?? p.status}</span>}
        >
          <p>
            <strong className="credits">
              {p.creditsRemaining} of {p.creditsAllocated} credits left
            </strong>
          </p>
          <p className="sub">
            Valid {formatDate(p.starts)} to {formatDate(p.expires)}
          </p>
        </Record>
      ))}
    </Card>
  );
}

function Videos({ customer, mayCancel, onCancel }: { customer: Customer; mayCancel: boolean; onCancel: (v: VideoPurchase) => void }) {
  const videos = customer.videoPurchases?.nodes ?? [];
  return (
    <Card id="videos-title" title="Videos" empty={videos.length === 0 && 'No videos bought.'}>
      {videos.map((v) => (
        <Record
          key={v.id}
          id={`video-${v.id}`}
          title={v.media.name}
          badges={
            v.isCancelled ? (
              <span className="badge bad">{v.isRefunded ? 'Cancelled, refunded' : 'Cancelled'}</span>
            ) : v.isExpired ? (
              <span className="badge">Expired</span>
            ) : (
              <span className="badge good">Active</span>
            )
          }
          actions={
            mayCancel &&
            !v.isCancelled && (
              <button type="button" className="danger" onClick={() => onCancel(v)}>
                Cancel video
              </button>
            )
          }
        >
          <p>{v.expiresOn ? `Access until ${formatDate(v.expiresOn)}` : 'Access with no end'}</p>
          <p className="sub">
            Bought {formatDateTime(v.createdAt)} ·{' '}
            {'creditsUsed' in v.payment
              ? `${v.payment.creditsUsed} ${v.payment.creditsUsed === 1 ? 'credit' : 'credits'} from a pass`
              : 'base100NetPrice' in v.payment
                ? `${money(v.payment.base100NetPrice, v.payment.currency)} by card`
                : ''}
          </p>
        </Record>
      ))}
    </Card>
  );
}

function Subscriptions({
  customer,
  mayChange,
  onChanged,
  onCancel,
}: {
  customer: Customer;
  mayChange: boolean;
  onChanged: (message: string) => void;
  onCancel: (m: Mandate) => void;
}) {
  const mandates = customer.mandates?.nodes ?? [];
  const pause = useMutation(PauseSubscriptionMutation);
  const resume = useMutation(ResumeSubscriptionMutation);
  return (
    <Card id="subscriptions-title" title="Subscriptions" empty={mandates.length === 0 && 'No subscriptions.'}>
      {mandates.map((m) => (
        <Record
          key={m.id}
          id={`mandate-${m.id}`}
          title={m.plan.name}
          badges={<span className={m.state === 'ACTIVE' ? 'badge good' : m.state === 'SUSPENDED' ? 'badge bad' : 'badge'}>{MANDATE_STATES[m.state]}</span>}
          actions={
            mayChange && (
              <>
                {m.state === 'ACTIVE' && (
                  <button type="button" disabled={pause.busy} onClick={() => void pause.run({ id: m.id }).then((r) => r && onChanged(`Paused ${m.plan.name}.`))}>
                    Pause subscription
                  </button>
                )}
                {m.state === 'PAUSED' && (
                  <button type="button" disabled={resume.busy} onClick={() => void resume.run({ id: m.id }).then((r) => r && onChanged(`Resumed ${m.plan.name}.`))}>
                    Resume subscription
                  </button>
                )}
                {m.state !== 'CANCELLED' && !m.endsOn && (
                  <button type="button" className="danger" onClick={() => onCancel(m)}>
                    Cancel subscription
                  </button>
                )}
              </>
            )
          }
        >
          <p>
            {money(m.plan.base100Price, m.plan.currency)} {INTERVALS[m.plan.interval]} ·{' '}
            {m.state === 'CANCELLED'
              ? `ended on ${formatDate(m.endsOn)}`
              : m.endsOn
                ? `ends on ${formatDate(m.endsOn)}`
                : m.state === 'ACTIVE'
                  ? `next renewal ${formatDate(m.renewalDate)}`
                  : `next period starts ${formatDate(m.renewalDate)}, not charged while ${m.state.toLowerCase()}`}
          </p>
          {m.state === 'PAUSED' && m.pausedAt && <p className="sub">Paused since {formatDateTime(m.pausedAt)}</p>}
          {m.charges.nodes.length > 0 && (
            <table className="compact charges">
              <caption className="visually-hidden">Latest charges of {m.plan.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Charge</th>
                </tr>
              </thead>
              <tbody>
                {m.charges.nodes.map((c) => (
                  <tr key={c.id}>
                    <td>
                      {formatDate(c.periodStart)} to {formatDate(c.periodEnd)}
                    </td>
                    <td>{money(c.base100Amount, c.currency)}</td>
                    <td>
                      <span className={c.status === 'PAID' ? 'badge good' : c.status === 'FAILED' ? 'badge bad' : 'badge'}>
                        {CHARGE_STATES[c.status]}
                        {c.status === 'PAID' && c.settlementMethod && ` (${c.settlementMethod.toLowerCase()})`}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {m.charges.total > m.charges.nodes.length && <p className="sub">{m.charges.total} charges in all; the latest three are shown.</p>}
        </Record>
      ))}
      <ErrorText error={pause.error ?? resume.error} />
    </Card>
  );
}

function Notes({ customer, mayDelete, onDelete }: { customer: Customer; mayDelete: boolean; onDelete: (n: Note) => void }) {
  const notes = customer.notes?.nodes ?? [];
  return (
    <Card id="notes-title" title="Notes" empty={notes.length === 0 && 'No notes yet.'}>
      {notes.map((n) => (
        <Record
          key={n.id}
          id={`note-${n.id}`}
          title={<span className="note-body">{n.body}</span>}
          actions={
            mayDelete && (
              <button type="button" className="link-button small" onClick={() => onDelete(n)} aria-label={`Delete note: ${n.body.slice(0, 40)}`}>
                Delete
              </button>
            )
          }
        >
          <p className="sub">
            {n.author ?? 'Staff'} · {formatDateTime(n.createdAt)}
            {n.appointment && ` · written when booking ${n.appointment.service.name} on ${formatLocal(n.appointment.datetime)}`}
          </p>
        </Record>
      ))}
    </Card>
  );
}

function CancelAppointmentDialog({ appointment, onClose }: { appointment: Appointment; onClose: (message?: string) => void }) {
  const cancel = useMutation(CancelAppointmentMutation);
  return (
    <ConfirmDialog
      title="Cancel this appointment?"
      confirm="Yes, cancel appointment"
      busyLabel="Cancelling…"
      keep="Keep it"
      busy={cancel.busy}
      error={cancel.error}
      onClose={() => onClose()}
      onConfirm={async () => {
        if (await cancel.run({ id: appointment.id })) onClose(`Cancelled ${appointment.service.name} on ${formatLocal(appointment.datetime)}.`);
      }}
    >
      <p>
        {appointment.service.name} with {appointment.facilitator.name}, {formatLocal(appointment.datetime)}. Its time is free again, and credits it was
        paid with go back to the pass.
      </p>
    </ConfirmDialog>
  );
}

function CancelVideoDialog({ purchase, onClose }: { purchase: VideoPurchase; onClose: (message?: string) => void }) {
  const cancel = useMutation(CancelVideoPurchaseMutation);
  const [refund, setRefund] = useState(false);
  return (
    <ConfirmDialog
      title={`Cancel ${purchase.media.name}?`}
      confirm="Yes, cancel video"
      busyLabel="Cancelling…"
      keep="Keep it"
      busy={cancel.busy}
      error={cancel.error}
      onClose={() => onClose()}
      onConfirm={async () => {
        const r = await cancel.run({ id: purchase.id, refund });
        if (r) onClose(`Cancelled ${purchase.media.name}${r.cancelVideoPurchase.isRefunded ? ', refunded' : ''}.`);
      }}
    >
      <p>Access ends now, and credits it was paid with go back to the pass.</p>
      <label className="check">
        <input type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} />
        <span>
          Refund the payment
          <span className="sub">Marks it refunded. Pay the money back through your card terminal: the service takes no card payments itself.</span>
        </span>
      </label>
    </ConfirmDialog>
  );
}

function CancelSubscriptionDialog({ mandate, onClose }: { mandate: Mandate; onClose: (message?: string) => void }) {
  const cancel = useMutation(CancelSubscriptionMutation);
  const ends = mandate.renewalDate > mandate.earliestCancellationDate ? mandate.renewalDate : mandate.earliestCancellationDate;
  return (
    <ConfirmDialog
      title={`Cancel ${mandate.plan.name}?`}
      confirm="Yes, cancel subscription"
      busyLabel="Cancelling…"
      keep="Keep it"
      busy={cancel.busy}
      error={cancel.error}
      onClose={() => onClose()}
      onConfirm={async () => {
        const r = await cancel.run({ id: mandate.id });
        if (r) onClose(`Cancelled ${mandate.plan.name}: it ends on ${formatDate(r.cancelSubscription.endsOn)}.`);
      }}
    >
      <p>
        It ends on {formatDate(ends)}: the later of its next renewal and the end of its minimum term. Nothing is charged from then. A cancellation
        cannot be taken back; the customer can start a new subscription after it ends.
      </p>
    </ConfirmDialog>
  );
}

function DeleteNoteDialog({ note, onClose }: { note: Note; onClose: (message?: string) => void }) {
  const remove = useMutation(DeleteNoteMutation);
  return (
    <ConfirmDialog
      title="Delete this note?"
      confirm="Yes, delete note"
      busyLabel="Deleting…"
      keep="Keep it"
      busy={remove.busy}
      error={remove.error}
      onClose={() => onClose()}
      onConfirm={async () => {
        if (await remove.run({ id: note.id })) onClose('Deleted the note.');
      }}
    >
      <blockquote className="note-body quoted">{note.body}</blockquote>
      <p>It is deleted for good.</p>
    </ConfirmDialog>
  );
}
