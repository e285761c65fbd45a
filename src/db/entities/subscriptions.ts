/**
 * Subscription plans, the mandates customers hold on them, and the charges of each mandate's periods
 * (docs/subscriptions.md). Two invariants live here because concurrency could break them: a customer holds
 * at most one live (not CANCELLED) mandate per plan, and a mandate has at most one charge per period.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sameCompany } from './same-company.ts';
import { Company, CURRENCIES } from './access.ts';
import { PAYMENT_STATUSES, SETTLEMENT_METHODS } from './appointments.ts';
import { Customer } from './customers.ts';

export const PLAN_INTERVALS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
/** Document 1 names the first three; CANCELLED is this service's extension: a mandate whose end date has come. */
export const MANDATE_STATES = ['ACTIVE', 'PAUSED', 'SUSPENDED', 'CANCELLED'] as const;
export type MandateState = (typeof MANDATE_STATES)[number];
/** What a plan gives its mandates unless it says otherwise. */
export const PLAN_DEFAULTS = { graceDays: 7, minimumTermPeriods: 1 } as const;

export const SubscriptionPlan = defineEntity({
  name: 'SubscriptionPlan',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    name: p.string(),
    description: p.text().default(''),
    base100Price: p.integer().check('base100_price >= 0'),
    currency: p.enum([...CURRENCIES]),
    interval: p.enum([...PLAN_INTERVALS]),
    active: p.boolean().default(true),
    /** Days a failed charge may stay unpaid, from its period's start, before the mandate is suspended. */
    graceDays: p.integer().default(PLAN_DEFAULTS.graceDays).check('grace_days >= 0'),
    /** Periods a mandate runs at least: its earliest cancellation date is this many intervals after its start. */
    minimumTermPeriods: p.integer().default(PLAN_DEFAULTS.minimumTermPeriods).check('minimum_term_periods >= 1'),
  },
  primaryKeys: ['id', 'company'],
  // The list's order (src/db/lists.ts, src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['company', 'name', 'id'] }],
});
export type ISubscriptionPlan = InferEntity<typeof SubscriptionPlan>;

export const Mandate = defineEntity({
  name: 'Mandate',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    customer: () => sameCompany(p.manyToOne(Customer), 'customer_id'),
    plan: () => sameCompany(p.manyToOne(SubscriptionPlan), 'plan_id'),
    state: p.enum([...MANDATE_STATES]),
    createdAt: p.datetime(),
    grace: p.integer().default(0).check('grace >= 0'),
    earliestCancellationDate: p.date(),
    renewalDate: p.date(),
    /** The date whose day of the month (or of the year) every renewal keeps: its first period's start. */
    anchorDate: p.date(),
    /** The date it ends on, once cancelled: no period starts on or after it, and it is CANCELLED from then. */
    cancelAt: p.date().nullable(),
    /** When it was cancelled (asked to end). */
    cancelledAt: p.datetime().nullable(),
    /** When it was paused, while it is PAUSED. */
    pausedAt: p.datetime().nullable(),
  },
  primaryKeys: ['id', 'company'],
  uniques: [{ name: 'mandate_live_unique', properties: ['customer', 'plan'], where: "state <> 'CANCELLED'" }],
  // The list's order (src/db/lists.ts, src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['customer', 'createdAt', 'id'] }],
});
export type IMandate = InferEntity<typeof Mandate>;

/** What a mandate asks the customer to pay for one period; PENDING until marked PAID or FAILED. */
export const SubscriptionCharge = defineEntity({
  name: 'SubscriptionCharge',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    mandate: () => sameCompany(p.manyToOne(Mandate), 'mandate_id'),
    periodStart: p.date(),
    /** The last day of the period. */
    periodEnd: p.date(),
    base100Amount: p.integer().check('base100_amount >= 0'),
    currency: p.enum([...CURRENCIES]),
    status: p.enum([...PAYMENT_STATUSES]),
    createdAt: p.datetime(),
    /** When it was last marked PAID or FAILED; null while PENDING. */
    settledAt: p.datetime().nullable(),
    /** How the money was taken when it was marked; null when not said. */
    settlementMethod: p.enum([...SETTLEMENT_METHODS]).nullable(),
  },
  primaryKeys: ['id', 'company'],
  uniques: [{ name: 'subscription_charge_period_unique', properties: ['mandate', 'periodStart'] }],
  checks: [
    { name: 'subscription_charge_period_check', expression: 'period_end >= period_start' },
    { name: 'subscription_charge_settled_check', expression: "(status = 'PENDING') = (settled_at is null)" },
  ],
});
export type ISubscriptionCharge = InferEntity<typeof SubscriptionCharge>;
