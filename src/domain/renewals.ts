/**
 * The clock's side of the mandate machine (docs/subscriptions.md, "On the clock"): what happens to a mandate
 * on the dates it passes, taken in date order up to the company's today, one step at a time, so a clock that
 * jumps several periods catches up as if it had stopped on every date between. The renewal worker runs it for
 * due mandates, and every command on a mandate runs it first, so a move is judged on the mandate as it
 * stands today whether or not a worker has been by.
 *
 * Whoever runs it holds the mandate's row lock for the transaction (lockMandate); the unique
 * (mandate_id, period_start) of the charges backs the lock: a period is charged once, whatever runs it.
 * Every change of state, and every period charged after the first, writes its `subscription.*` event to the
 * outbox of that transaction.
 */
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Company,
  Customer,
  Mandate,
  SubscriptionCharge,
  SubscriptionPlan,
  type ICustomer,
  type IMandate,
  type ISubscriptionCharge,
  type ISubscriptionPlan,
  type MandateState,
} from '../db/entities/index.ts';
import { nextPeriodStart } from './billing-periods.ts';
import { newId } from './ids.ts';
import { currencyUnits, emit, fullName, type WebhookKind, type WebhookPayloads } from './outbox.ts';
import { addDays, localDate } from './time.ts';

/** A mandate whose row this transaction holds, with its customer, its plan and its FAILED charges. */
export interface HeldMandate {
  mandate: IMandate;
  customer: ICustomer;
  plan: ISubscriptionPlan;
  failed: ISubscriptionCharge[];
}

/** The company's date at `now`, on which its mandates' dates are judged. */
export async function companyToday(tx: EntityManager, companyId: string, now: Date): Promise<string> {
  const company = await tx.findOneOrFail(Company, { id: companyId });
  return localDate(now, company.timezone);
}

/**
 * Locks a mandate's row for this transaction and reads what its steps need; null when there is none, or,
 * with `skipLocked`, when another transaction holds it (a renewal worker then leaves it to that one).
 */
export async function lockMandate(tx: EntityManager, id: string, options: { skipLocked?: boolean } = {}): Promise<HeldMandate | null> {
  const lockMode = options.skipLocked ? LockMode.PESSIMISTIC_PARTIAL_WRITE : LockMode.PESSIMISTIC_WRITE;
  const mandate = await tx.findOne(Mandate, { id }, { lockMode });
  if (!mandate) return null;
  const customer = await tx.findOneOrFail(Customer, { id: mandate.customer.id });
  const plan = await tx.findOneOrFail(SubscriptionPlan, { id: mandate.plan.id });
  const failed = await tx.find(SubscriptionCharge, { mandate, status: 'FAILED' });
  return { mandate, customer, plan, failed };
}

/** The first day on which an unpaid FAILED charge is past its grace days, counted from its period's start. */
export function suspensionDate({ mandate, failed }: HeldMandate): string | null {
  const oldest = failed.reduce<string | null>((first, charge) => (first === null || charge.periodStart < first ? charge.periodStart : first), null);
  return oldest === null ? null : addDays(oldest, mandate.grace);
}

type SubscriptionEvent = Exclude<Extract<WebhookKind, `subscription.${string}`>, 'subscription.renewed'>;

/** The `data` of a `subscription.*` event: the mandate as it is now. */
function subscriptionData({ mandate, customer, plan }: HeldMandate): WebhookPayloads['subscription.started'] {
  return {
    subscriptionId: mandate.id,
    customerId: customer.id,
    customerEmail: customer.email,
    customerName: fullName(customer),
    planId: plan.id,
    planName: plan.name,
    state: mandate.state,
    price: currencyUnits(plan.base100Price),
    currency: plan.currency,
    interval: plan.interval,
    renewalDate: mandate.renewalDate,
    endsOn: mandate.cancelAt ?? null,
  };
}

/** Writes a `subscription.*` event of the mandate as it is now to the outbox of `tx`. */
export function emitSubscription(tx: EntityManager, held: HeldMandate, kind: SubscriptionEvent): void {
  emit(tx, held.mandate.company.id, kind, subscriptionData(held));
}

/** The event of a move between two states. */
function eventOfMove(from: MandateState, to: MandateState): SubscriptionEvent | null {
  if (to === 'PAUSED') return 'subscription.paused';
  if (to === 'SUSPENDED') return 'subscription.suspended';
  if (to === 'CANCELLED') return 'subscription.ended';
  if (from === 'PAUSED') return 'subscription.resumed';
  if (from === 'SUSPENDED') return 'subscription.reactivated';
  return null;
}

/** Every change of a mandate's state goes through here, and writes its event in the same transaction. */
export function moveTo(tx: EntityManager, held: HeldMandate, state: MandateState, now: Date): void {
  const { mandate } = held;
  const kind = eventOfMove(mandate.state, state);
  mandate.state = state;
  mandate.pausedAt = state === 'PAUSED' ? now : null;
  if (kind) emitSubscription(tx, held, kind);
}

type Step = 'suspend' | 'renew' | 'end';

/**
 * The next step due on or before `today`. On one date, a suspension comes first (a period that starts the day
 * grace runs out is not charged), then the renewal; none starts on or after the end date.
 */
function nextStep(held: HeldMandate, today: string): Step | null {
  const { mandate } = held;
  if (mandate.state === 'CANCELLED') return null;
  const renewsOn = mandate.cancelAt == null || mandate.renewalDate < mandate.cancelAt ? mandate.renewalDate : null;
  const steps: [string | null, Step][] = [
    [mandate.state === 'ACTIVE' ? suspensionDate(held) : null, 'suspend'],
    [renewsOn, 'renew'],
    [mandate.cancelAt ?? null, 'end'],
  ];
  let next: [string, Step] | null = null;
  for (const [on, step] of steps) if (on !== null && on <= today && (next === null || on < next[0])) next = [on, step];
  return next?.[1] ?? null;
}

/**
 * Takes every step due up to `today`: a renewal charges the period that starts on the renewal date if the
 * mandate is ACTIVE (a PAUSED or SUSPENDED one is not charged for it) and moves the renewal date to the next
 * period; a FAILED charge past its grace suspends an ACTIVE mandate; the end date makes it CANCELLED.
 * Returns the charges it recorded (PENDING), for the payment provider once the transaction commits.
 */
export function bringUpToDate(tx: EntityManager, held: HeldMandate, today: string, now: Date): ISubscriptionCharge[] {
  const { mandate, plan } = held;
  const recorded: ISubscriptionCharge[] = [];
  for (let step = nextStep(held, today); step !== null; step = nextStep(held, today)) {
    if (step === 'suspend') moveTo(tx, held, 'SUSPENDED', now);
    else if (step === 'end') moveTo(tx, held, 'CANCELLED', now);
    else {
      const next = nextPeriodStart(mandate.anchorDate, plan.interval, mandate.renewalDate);
      const charge =
        mandate.state === 'ACTIVE'
          ? tx.create(SubscriptionCharge, {
              id: newId('charge', now.getTime()),
              company: mandate.company,
              mandate,
              periodStart: mandate.renewalDate,
              periodEnd: addDays(next, -1),
              base100Amount: plan.base100Price,
              currency: plan.currency,
              status: 'PENDING',
              createdAt: now,
              settledAt: null,
            })
          : null;
      const first = mandate.renewalDate === mandate.anchorDate;
      mandate.renewalDate = next;
      if (charge) {
        recorded.push(charge);
        // The first period is the start's (`subscription.started`); each later one is a renewal.
        if (!first) {
          const period = { chargeId: charge.id, periodStart: charge.periodStart, periodEnd: charge.periodEnd, amount: currencyUnits(charge.base100Amount) };
          emit(tx, mandate.company.id, 'subscription.renewed', { ...subscriptionData(held), ...period });
        }
      }
    }
  }
  return recorded;
}
