/**
 * Money at the desk: how a payment stands, in words, and `Mark paid` / `Mark failed` on an appointment's card
 * payment or a subscription charge that waits for its money, with how it was taken (card, cash, other) chosen
 * in a small dialog. PENDING becomes PAID or FAILED, FAILED becomes PAID; PAID is final, so a payment marked
 * paid has no buttons left, and focus goes to the words that now say it is paid.
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '../api.ts';
import { SetAppointmentPaymentStatusMutation, SetSubscriptionChargeStatusMutation } from '../documents.ts';
import type { AppointmentDetailsFragment, PaymentStatus, SettlementMethod } from '../gql/graphql.ts';
import { Dialog, ErrorText, FormActions, money } from '../ui.tsx';

type AppointmentPayment = AppointmentDetailsFragment['payment'];

/** How money was taken, as the dialog offers it and the payment's words say it. */
export const SETTLEMENT_METHODS: readonly { value: SettlementMethod; name: string; paid: string }[] = [
  { value: 'CARD', name: 'Card', paid: 'paid by card' },
  { value: 'CASH', name: 'Cash', paid: 'paid in cash' },
  { value: 'OTHER', name: 'Other (a transfer, a gift card…)', paid: 'paid another way' },
];

/** A money payment's state in words: `£35.00 to pay`, `£35.00 paid in cash`, `£35.00, payment failed`. */
export function settlementWords(amount: string, status: PaymentStatus, method: SettlementMethod | null | undefined): string {
  if (status === 'PENDING') return `${amount} to pay`;
  if (status === 'FAILED') return `${amount}, payment failed`;
  return `${amount} ${SETTLEMENT_METHODS.find((m) => m.value === method)?.paid ?? 'paid'}`;
}

/**
 * How an appointment is paid, in words: credits from a pass, or money and where it stands. A cancelled
 * appointment owes nothing (what it was not paid stays unpaid, and is not asked for).
 */
export function Payment({ payment, id, cancelled = false }: { payment: AppointmentPayment; id?: string; cancelled?: boolean }) {
  if ('creditsUsed' in payment)
    return (
      <span id={id}>
        {payment.creditsUsed} {payment.creditsUsed === 1 ? 'credit' : 'credits'} from a pass
      </span>
    );
  if (!('base100NetPrice' in payment)) return null;
  if (cancelled && payment.status !== 'PAID') return <span id={id}>{money(payment.base100NetPrice, payment.currency)}, not owed (cancelled)</span>;
  const words = settlementWords(money(payment.base100NetPrice, payment.currency), payment.status, payment.settlementMethod);
  return (
    <span id={id} className={payment.status === 'PAID' ? undefined : 'owed'}>
      {words}
    </span>
  );
}

/** Whether an appointment's payment waits for money the desk can mark: a card payment PENDING or FAILED. */
export function awaitsMoney(payment: AppointmentPayment): payment is Extract<AppointmentPayment, { base100NetPrice: number }> {
  return 'base100NetPrice' in payment && (payment.status === 'PENDING' || payment.status === 'FAILED');
}

/** How a payment stands once marked. */
export interface Settled {
  status: PaymentStatus;
  settlementMethod: SettlementMethod;
}

export interface Settleable {
  kind: 'appointment' | 'charge';
  id: string;
  /** What it is, for the buttons' names and the dialog: `Ada Lovelace's Sports Massage at 08:30`. */
  what: string;
  /** The amount, as money: `£35.00`. */
  amount: string;
  status: 'PENDING' | 'FAILED';
}

/**
 * `Mark paid` (and `Mark failed` while it is PENDING) for one payment, each opening the dialog that asks how.
 * `shownBy` is the id of the words that show the payment's state: focus goes there when the buttons are gone.
 */
export function SettleButtons({
  target,
  shownBy,
  onSettled,
}: {
  target: Settleable;
  shownBy: string;
  /** Told what was marked, in words and as the payment now stands. */
  onSettled: (message: string, settled: Settled) => void;
}) {
  const [marking, setMarking] = useState<'PAID' | 'FAILED'>();
  return (
    <span className="button-row settle">
      <button type="button" onClick={() => setMarking('PAID')} aria-label={`Mark paid: ${target.what}`}>
        Mark paid
      </button>
      {target.status === 'PENDING' && (
        <button type="button" onClick={() => setMarking('FAILED')} aria-label={`Mark failed: ${target.what}`}>
          Mark failed
        </button>
      )}
      {marking && (
        <SettleDialog
          target={target}
          status={marking}
          shownBy={shownBy}
          onClose={(done) => {
            setMarking(undefined);
            if (done) onSettled(done.message, done.settled);
          }}
        />
      )}
    </span>
  );
}

function SettleDialog({
  target,
  status,
  shownBy,
  onClose,
}: {
  target: Settleable;
  status: 'PAID' | 'FAILED';
  shownBy: string;
  onClose: (done?: { message: string; settled: Settled }) => void;
}) {
  const appointment = useMutation(SetAppointmentPaymentStatusMutation);
  const charge = useMutation(SetSubscriptionChargeStatusMutation);
  const mutation = target.kind === 'appointment' ? appointment : charge;
  const [method, setMethod] = useState<SettlementMethod>('CARD');
  const name = useId();
  const paid = status === 'PAID';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const variables = { id: target.id, status, method };
    const done = target.kind === 'appointment' ? await appointment.run(variables) : await charge.run(variables);
    if (!done) return;
    const how = SETTLEMENT_METHODS.find((m) => m.value === method)!;
    onClose({
      message: paid ? `${target.what}: ${target.amount} ${how.paid}.` : `${target.what}: the payment of ${target.amount} failed (tried: ${how.name.split(' ')[0]!.toLowerCase()}).`,
      settled: { status, settlementMethod: method },
    });
  };
  return (
    <Dialog title={paid ? `Mark ${target.amount} paid` : `Mark the payment of ${target.amount} failed`} open onClose={() => onClose()} returnFocusTo={shownBy}>
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <p>{target.what}.</p>
        <fieldset>
          <legend>{paid ? 'How it was paid' : 'What was tried'}</legend>
          {SETTLEMENT_METHODS.map((m) => (
            <label key={m.value} className="check">
              <input type="radio" name={name} value={m.value} checked={method === m.value} onChange={() => setMethod(m.value)} />
              <span>{m.name}</span>
            </label>
          ))}
        </fieldset>
        {!paid && <p className="hint">It stays owed: mark it paid once the money comes.</p>}
        <ErrorText error={mutation.error} />
        <FormActions onCancel={() => onClose()} busy={mutation.busy} label={paid ? 'Mark paid' : 'Mark failed'} busyLabel="Saving…" />
      </form>
    </Dialog>
  );
}
