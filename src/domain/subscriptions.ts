/**
 * The commands of subscriptions (docs/subscriptions.md): new plans, and the moves of a mandate and of its
 * charges. Each runs in one transaction holding the mandate's row lock, brings the mandate up to the
 * company's today first (src/domain/renewals.ts), and refuses a move its machine does not allow with a
 * Conflict naming the current state.
 */
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  key,
  Mandate,
  PAYMENT_STATUSES,
  PLAN_DEFAULTS,
  SubscriptionCharge,
  SubscriptionPlan,
  type IMandate,
  type ISubscriptionCharge,
  type ISubscriptionPlan,
  type SETTLEMENT_METHODS,
} from '../db/entities/index.ts';
import { liveCustomer } from './booking.ts';
import { periodStart } from './billing-periods.ts';
import type { Clock } from './clock.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checked, checkFields, NEW_PLAN_FIELDS, RULES } from './input-rules.ts';
import { bringUpToDate, companyToday, emitSubscription, lockMandate, moveTo, suspensionDate, type HeldMandate } from './renewals.ts';
import { databaseCode, inTransaction, UNIQUE_VIOLATION } from './transactions.ts';

type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
type SettlementMethod = (typeof SETTLEMENT_METHODS)[number];

export interface NewPlanInput {
  name: string;
  description?: string | null;
  base100Price: number;
  currency: string;
  interval: string;
  active?: boolean | null;
  graceDays?: number | null;
  minimumTermPeriods?: number | null;
}

/** A plan's fields once checked: its currency and interval are among those the schema holds. */
type CheckedPlan = Omit<NewPlanInput, 'currency' | 'interval'> & Pick<ISubscriptionPlan, 'currency' | 'interval'>;

export async function createSubscriptionPlan(em: EntityManager, clock: Clock, companyId: string, input: NewPlanInput): Promise<ISubscriptionPlan> {
  const fields = checkFields({ ...input }, NEW_PLAN_FIELDS, ['description', 'active', 'graceDays', 'minimumTermPeriods']) as unknown as CheckedPlan;
  return inTransaction(em, companyId, async (tx) => {
    const plan = tx.create(SubscriptionPlan, {
      id: newId('plan', clock.now().getTime()),
      company: companyId,
      name: fields.name,
      description: fields.description ?? '',
      base100Price: fields.base100Price,
      currency: fields.currency,
      interval: fields.interval,
      active: fields.active ?? true,
      graceDays: fields.graceDays ?? PLAN_DEFAULTS.graceDays,
      minimumTermPeriods: fields.minimumTermPeriods ?? PLAN_DEFAULTS.minimumTermPeriods,
    });
    await tx.flush();
    return plan;
  });
}

/** What a command did: the mandate, and the charges it recorded on the way (for the payment provider). */
export interface MandateChange {
  mandate: IMandate;
  charges: ISubscriptionCharge[];
}

export interface StartSubscriptionInput {
  customerId: string;
  planId: string;
  startDate?: string | null;
}

/**
 * A mandate on an active plan, ACTIVE from now; its first period starts on `startDate` (today by default,
 * never in the past), and is charged that day: at once when it is today. It keeps the plan's grace days, and
 * may end no earlier than the plan's minimum term after its start.
 */
export async function startSubscription(em: EntityManager, clock: Clock, companyId: string, input: StartSubscriptionInput): Promise<MandateChange> {
  if (input.startDate != null) checked(RULES.localDate, input.startDate, 'startDate');
  try {
    return await startIn(em, clock, companyId, input);
  } catch (error) {
    // Two starts at once both found no live mandate: the partial unique index let one commit, named here.
    if (databaseCode(error) !== UNIQUE_VIOLATION) throw error;
    const live = await liveMandate(em.fork(), companyId, input.customerId, input.planId);
    throw live ? alreadyHeld(live) : error;
  }
}

const liveMandate = (em: EntityManager, companyId: string, customerId: string, planId: string) =>
  em.findOne(Mandate, { customer: key(companyId, customerId), plan: key(companyId, planId), state: { $ne: 'CANCELLED' } });

const alreadyHeld = (live: IMandate) =>
  new Conflict(`The customer already holds ${live.id} (${live.state}) on this plan`, { state: live.state, mandateId: live.id });

function startIn(em: EntityManager, clock: Clock, companyId: string, input: StartSubscriptionInput): Promise<MandateChange> {
  return inTransaction(em, companyId, async (tx) => {
    const now = clock.now();
    const today = await companyToday(tx, companyId, now);
    const customer = await liveCustomer(tx, input.customerId);
    const plan = await tx.findOne(SubscriptionPlan, { id: input.planId });
    if (!plan) throw new NotFound('Subscription plan');
    if (!plan.active) throw new Invalid('planId', 'enum', 'the plan is not open to new subscriptions (inactive)');
    const start = input.startDate ?? today;
    if (start < today) throw new Invalid('startDate', 'min', 'must not be in the past');
    const live = await liveMandate(tx, companyId, customer.id, plan.id);
    if (live) throw alreadyHeld(live);
    const mandate = tx.create(Mandate, {
      id: newId('mandate', now.getTime()),
      company: companyId,
      customer: key(companyId, customer.id),
      plan: key(companyId, plan.id),
      state: 'ACTIVE',
      createdAt: now,
      grace: plan.graceDays,
      anchorDate: start,
      renewalDate: start,
      earliestCancellationDate: periodStart(start, plan.interval, plan.minimumTermPeriods),
      cancelAt: null,
      cancelledAt: null,
      pausedAt: null,
    });
    const held = { mandate, customer, plan, failed: [] };
    const charges = bringUpToDate(tx, held, today, now);
    emitSubscription(tx, held, 'subscription.started');
    await tx.flush();
    return { mandate, charges };
  });
}

type Move = (held: HeldMandate, today: string, now: Date, tx: EntityManager) => void;

/** Runs `move` in `tx` on a mandate it holds, brought up to today before and after. */
async function moveMandate(tx: EntityManager, clock: Clock, companyId: string, id: string, move: Move): Promise<MandateChange> {
  const now = clock.now();
  const today = await companyToday(tx, companyId, now);
  const held = await lockMandate(tx, id);
  if (!held) throw new NotFound('Subscription mandate');
  const charges = bringUpToDate(tx, held, today, now);
  move(held, today, now, tx);
  charges.push(...bringUpToDate(tx, held, today, now));
  await tx.flush();
  return { mandate: held.mandate, charges };
}

const onMandate = (em: EntityManager, clock: Clock, companyId: string, id: string, move: Move) =>
  inTransaction(em, companyId, (tx) => moveMandate(tx, clock, companyId, id, move));

const refuse = (mandate: IMandate, why: string) => new Conflict(`Subscription is ${mandate.state}: ${why}`, { state: mandate.state });

/** ACTIVE -> PAUSED: periods that start while it is paused are not charged; its renewal date keeps moving. */
export const pauseSubscription = (em: EntityManager, clock: Clock, companyId: string, id: string) =>
  onMandate(em, clock, companyId, id, (held, _today, now, tx) => {
    if (held.mandate.state !== 'ACTIVE') throw refuse(held.mandate, 'only an ACTIVE subscription can be paused');
    moveTo(tx, held, 'PAUSED', now);
  });

/** PAUSED -> ACTIVE: the next period is charged on the renewal date; a FAILED charge past its grace suspends it at once. */
export const resumeSubscription = (em: EntityManager, clock: Clock, companyId: string, id: string) =>
  onMandate(em, clock, companyId, id, (held, _today, now, tx) => {
    if (held.mandate.state !== 'PAUSED') throw refuse(held.mandate, 'only a PAUSED subscription can be resumed');
    moveTo(tx, held, 'ACTIVE', now);
  });

/**
 * Ends it at the later of its next renewal and its earliest cancellation date: it keeps its state until
 * then, and becomes CANCELLED on that date; no period starts on or after it.
 */
export const cancelSubscription = (em: EntityManager, clock: Clock, companyId: string, id: string) =>
  onMandate(em, clock, companyId, id, (held, _today, now, tx) => {
    const { mandate } = held;
    if (mandate.state === 'CANCELLED') throw refuse(mandate, `it ended on ${mandate.cancelAt}`);
    if (mandate.cancelAt) throw refuse(mandate, `it is already cancelled and ends on ${mandate.cancelAt}`);
    mandate.cancelAt = mandate.renewalDate > mandate.earliestCancellationDate ? mandate.renewalDate : mandate.earliestCancellationDate;
    mandate.cancelledAt = now;
    emitSubscription(tx, held, 'subscription.cancelled');
  });

/** The moves of a charge's status: PAID is final, and a PENDING one is only ever recorded, never set. */
const CHARGE_MOVES: Record<PaymentStatus, readonly PaymentStatus[]> = { PENDING: ['PAID', 'FAILED'], FAILED: ['PAID'], PAID: [] };

/**
 * Records the outcome of a charge. FAILED counts its grace from the period's start, so one already past it
 * suspends an ACTIVE mandate at once; PAID reactivates a SUSPENDED mandate that no other failed charge
 * keeps suspended.
 */
export async function setSubscriptionChargeStatus(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  id: string,
  status: PaymentStatus,
  method: SettlementMethod | null = null,
): Promise<ISubscriptionCharge> {
  return inTransaction(em, companyId, async (tx) => {
    // The charge's row first, then its mandate's: the order every writer of charges takes.
    const charge = await tx.findOne(SubscriptionCharge, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!charge) throw new NotFound('Subscription charge');
    await moveMandate(tx, clock, companyId, charge.mandate.id, (held, today, now) => {
      const allowed = CHARGE_MOVES[charge.status];
      if (!allowed.includes(status)) {
        const why = allowed.length ? `it can only be marked ${allowed.join(' or ')}` : 'a paid charge is final';
        throw new Conflict(`Subscription charge is ${charge.status}: ${why}`, { status: charge.status });
      }
      charge.status = status;
      charge.settledAt = now;
      charge.settlementMethod = method;
      held.failed = status === 'FAILED' ? [...held.failed.filter((c) => c !== charge), charge] : held.failed.filter((c) => c !== charge);
      const suspendedUntil = suspensionDate(held);
      if (held.mandate.state === 'SUSPENDED' && (suspendedUntil === null || suspendedUntil > today)) moveTo(tx, held, 'ACTIVE', now);
    });
    return charge;
  });
}
