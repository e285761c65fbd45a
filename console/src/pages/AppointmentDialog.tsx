/**
 * One appointment, opened from the calendar: whose it is, with whom, when and how it is paid; recording how it
 * went once it has started; moving it (any minute, another facilitator) or cancelling it while it is scheduled.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '../api.ts';
import { hasStarted } from '../clock.ts';
import { CancelAppointmentMutation, RescheduleAppointmentMutation, SetAppointmentStatusMutation } from '../documents.ts';
import type { AppointmentDetailsFragment, AppointmentStatus } from '../gql/graphql.ts';
import { Link } from '../router.tsx';
import { can, useSession } from '../session.tsx';
import { Dialog, ErrorText, Outcome, formatLocal, money } from '../ui.tsx';
import { Payment, SettleButtons, awaitsMoney } from './Payments.tsx';

export type AppointmentView = AppointmentDetailsFragment;

export const STATUS_NAMES: Record<string, string> = { SCHEDULED: 'Scheduled', COMPLETED: 'Completed', NO_SHOW: 'No-show', CANCELLED: 'Cancelled' };

export function AppointmentDialog({
  appointment,
  facilitators,
  onClose,
}: {
  appointment: AppointmentView;
  facilitators: readonly { id: string; name: string }[];
  onClose: (changed?: string) => void;
}) {
  const { me } = useSession();
  const mayWrite = can(me, 'appointments:write');
  const cancel = useMutation(CancelAppointmentMutation);
  const reschedule = useMutation(RescheduleAppointmentMutation);
  const setStatus = useMutation(SetAppointmentStatusMutation);
  const [status, setStatusShown] = useState(appointment.status as AppointmentStatus);
  const [payment, setPayment] = useState(appointment.payment);
  const [confirming, setConfirming] = useState(false);
  const [date, setDate] = useState(appointment.datetime.slice(0, 10));
  const [time, setTime] = useState(appointment.datetime.slice(11, 16));
  const [facilitatorId, setFacilitatorId] = useState(appointment.facilitator.id);
  const ids = { date: useId(), time: useId(), facilitator: useId(), payment: useId() };
  const name = `${appointment.customer.firstName} ${appointment.customer.lastName}`;
  const started = hasStarted(appointment.startsAt);
  const unchanged = `${date}T${time}` === appointment.datetime.slice(0, 16) && facilitatorId === appointment.facilitator.id;
  const [recorded, setRecorded] = useState<string>();
  const move = async (event: FormEvent) => {
    event.preventDefault();
    const r = await reschedule.run({ id: appointment.id, datetime: `${date}T${time}:00`, facilitatorId });
    if (r) onClose(`Moved ${name}'s appointment to ${formatLocal(r.rescheduleAppointment.datetime)} with ${r.rescheduleAppointment.facilitator.name}.`);
  };
  return (
    <Dialog title={`${appointment.service.name} with ${name}`} open onClose={() => onClose(recorded)}>
      <div className="stack">
        <dl className="details">
          <div>
            <dt>Customer</dt>
            <dd>
              <Link to={`/customers/${encodeURIComponent(appointment.customer.id)}`}>{name}</Link>
            </dd>
          </div>
          <div>
            <dt>When</dt>
            <dd>
              {formatLocal(appointment.datetime)}, {appointment.durationMinutes} min
              {appointment.optionName.includes(String(appointment.durationMinutes)) ? '' : ` (${appointment.optionName})`}
            </dd>
          </div>
          <div>
            <dt>With</dt>
            <dd>{appointment.facilitator.name}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>
              <Payment payment={payment} id={ids.payment} cancelled={status === 'CANCELLED'} />
              {awaitsMoney(payment) && status !== 'CANCELLED' && mayWrite && (
                <SettleButtons
                  target={{
                    kind: 'appointment',
                    id: appointment.id,
                    what: `${name}'s ${appointment.service.name} on ${formatLocal(appointment.datetime)}`,
                    amount: money(payment.base100NetPrice, payment.currency),
                    status: payment.status as 'PENDING' | 'FAILED',
                  }}
                  shownBy={ids.payment}
                  onSettled={(message, settled) => {
                    setRecorded(message);
                    setPayment((p) => ({ ...p, ...settled }));
                  }}
                />
              )}
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={status === 'COMPLETED' ? 'badge good' : status === 'NO_SHOW' ? 'badge bad' : 'badge'}>{STATUS_NAMES[status]}</span>
            </dd>
          </div>
          {appointment.notes && (
            <div>
              <dt>Notes</dt>
              <dd className="note-body">{appointment.notes}</dd>
            </div>
          )}
        </dl>
        {mayWrite && started && status !== 'CANCELLED' && (
          <>
            <h3>How it went</h3>
            <Outcome
              label={`How ${name}'s appointment went`}
              choices={[
                { value: 'COMPLETED', name: 'Completed', tone: 'good' },
                { value: 'NO_SHOW', name: 'No-show', tone: 'bad' },
              ]}
              value={status === 'COMPLETED' || status === 'NO_SHOW' ? status : null}
              busy={setStatus.busy}
              onChoose={async (next) => {
                const r = await setStatus.run({ id: appointment.id, status: next });
                if (r) {
                  setStatusShown(r.setAppointmentStatus.status as AppointmentStatus);
                  setRecorded(`${name}'s ${appointment.service.name}: ${STATUS_NAMES[next]!.toLowerCase()}.`);
                }
              }}
            />
            <ErrorText error={setStatus.error} />
          </>
        )}
        {mayWrite && status === 'SCHEDULED' && (
          <>
            <form className="stack" onSubmit={(event) => void move(event)} noValidate aria-label="Reschedule">
              <h3>Reschedule</h3>
              <div className="row">
                <div className="field">
                  <label htmlFor={ids.date}>New date</label>
                  <input id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
                </div>
                <div className="field">
                  <label htmlFor={ids.time}>New time</label>
                  <input id={ids.time} type="time" step={60} value={time} onChange={(e) => setTime(e.target.value)} />
                </div>
                <div className="field">
                  <label htmlFor={ids.facilitator}>With</label>
                  <select id={ids.facilitator} value={facilitatorId} onChange={(e) => setFacilitatorId(e.target.value)}>
                    {facilitators.map((f) => (
                      <option key={f.id} value={f.id}>
                        {f.name}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <ErrorText error={reschedule.error} />
              <div>
                <button type="submit" disabled={reschedule.busy || unchanged}>
                  {reschedule.busy ? 'Moving…' : 'Reschedule'}
                </button>
              </div>
            </form>
            <h3>Cancel</h3>
            {confirming ? (
              <div className="confirm" role="group" aria-label="Confirm cancellation">
                <p>Cancel this appointment? Its time is free again, and credits it was paid with go back to the pass.</p>
                <ErrorText error={cancel.error} />
                <div className="button-row">
                  <button type="button" onClick={() => setConfirming(false)}>
                    Keep it
                  </button>
                  <button
                    type="button"
                    className="danger"
                    disabled={cancel.busy}
                    onClick={() =>
                      void cancel.run({ id: appointment.id }).then((r) => {
                        if (r) onClose(`Cancelled ${name}'s appointment.`);
                      })
                    }
                  >
                    Yes, cancel appointment
                  </button>
                </div>
              </div>
            ) : (
              <div>
                <button type="button" className="danger" onClick={() => setConfirming(true)}>
                  Cancel appointment
                </button>
              </div>
            )}
          </>
        )}
        <div className="dialog-actions">
          <button type="button" className="primary" onClick={() => onClose(recorded)}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}

