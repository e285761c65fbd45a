/** Subscription plans and the mandates customers hold on them. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Company, CURRENCIES } from './access.ts';
import { Customer } from './customers.ts';

export const PLAN_INTERVALS = ['WEEK', 'MONTH', 'YEAR'] as const;
export const MANDATE_STATES = ['ACTIVE', 'PAUSED', 'SUSPENDED'] as const;

export const SubscriptionPlan = defineEntity({
  name: 'SubscriptionPlan',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company),
    name: p.string(),
    description: p.text().default(''),
    base100Price: p.integer().check('base100_price >= 0'),
    currency: p.enum([...CURRENCIES]),
    interval: p.enum([...PLAN_INTERVALS]),
    active: p.boolean().default(true),
  },
});
export type ISubscriptionPlan = InferEntity<typeof SubscriptionPlan>;

export const Mandate = defineEntity({
  name: 'Mandate',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company),
    customer: () => p.manyToOne(Customer).index(),
    plan: () => p.manyToOne(SubscriptionPlan),
    state: p.enum([...MANDATE_STATES]),
    createdAt: p.datetime(),
    grace: p.integer().default(0).check('grace >= 0'),
    earliestCancellationDate: p.date(),
    renewalDate: p.date(),
  },
});
export type IMandate = InferEntity<typeof Mandate>;
