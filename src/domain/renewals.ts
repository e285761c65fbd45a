/**
 * The clock's side of the mandate machine (docs/subscriptions.md, "On the clock"): what happens to a mandate
 * on the dates it passes, taken in date order up to the company's today, one step at a time, so a clock that
 * jumps several periods catches up as if it had stopped on every date between. The renewal worker runs it for
 * due mandates, and every command on a mandate runs it first, so a move is judged on the mandate as it
 * stands today whether or not a worker has been by.
 *
 * Whoever runs it holds the mandate's row lock for the transaction (lockMandate); the unique
 * (mandate_id, period_start) of the charges backs the lock: a period is charged once, whatever runs it.
 */
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Company, Mandate, SubscriptionCharge, SubscriptionPlan, type IMandate, type ISubscriptionCharge, type ISubscriptionPlan, type MandateState,
} from '../db/entities/index.ts';
import { nextPeriodStart } from './billing-periods.ts';
import { newId } from './ids.ts';
import { addDays, localDate } from './time.ts';

/** A mandate whose row this transaction holds, with its plan and its FAILED charges. */
export interface HeldMandate {
  mandate: IMandate;
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
  const plan = await tx.findOneOrFail(SubscriptionPlan, { id: mandate.plan.id });
  const failed = await tx.find(SubscriptionCharge, { mandate: mandate.id, status: 'FAILED' });
  return { mandate, plan, failed };
}

/** The first day on which an unpaid FAILED charge is past its grace days, counted from its period's start. */
export function suspensionDate({ mandate, failed }: HeldMandate): string | null {
  const oldest = failed.reduce<string | null>((first, charge) => (first === null || charge.periodStart < first ? charge.periodStart : first), null);
  return oldest === null ? null : addDays(oldest, mandate.grace);
}

/**
 * Every change of a mandate's state goes through here. When subscriptions get webhooks (`subscription.*`,
 * issue 21), this is where they are emitted (src/domain/outbox.ts `emit`, in the same transaction).
 */
export function moveTo(mandate: IMandate, state: MandateState, now: Date): void {
  mandate.state = state;
  mandate.pausedAt = state === 'PAUSED' ? now : null;
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
    if (step === 'suspend') moveTo(mandate, 'SUSPENDED', now);
    else if (step === 'end') moveTo(mandate, 'CANCELLED', now);
    else {
      const next = nextPeriodStart(mandate.anchorDate, plan.interval, mandate.renewalDate);
      if (mandate.state === 'ACTIVE') {
        recorded.push(
          tx.create(SubscriptionCharge, {
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
          }),
        );
      }
      mandate.renewalDate = next;
    }
  }
  return recorded;
}
