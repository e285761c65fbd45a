/** Facilitators and their working windows, appointment services and options, and appointments. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sameCompany } from './same-company.ts';
import { Company } from './access.ts';
import { Customer } from './customers.ts';
import { PAYMENT_CURRENCIES, PAYMENT_METHODS } from './events.ts';
import { PassPurchase } from './passes.ts';

export const APPOINTMENT_STATUSES = ['SCHEDULED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'] as const;
export const PAYMENT_STATUSES = ['PAID', 'PENDING', 'FAILED'] as const;
/** How money owed was taken at the desk (or tried, for a FAILED payment). */
export const SETTLEMENT_METHODS = ['CARD', 'CASH', 'OTHER'] as const;

export const Facilitator = defineEntity({
  name: 'Facilitator',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    name: p.string(),
    timezone: p.string(),
  },
  primaryKeys: ['id', 'company'],
});
export type IFacilitator = InferEntity<typeof Facilitator>;

/** A weekly working window; weekday is ISO (1 = Monday ... 7 = Sunday), times local to the facilitator. */
export const FacilitatorWindow = defineEntity({
  name: 'FacilitatorWindow',
  properties: {
    id: p.integer().primary().autoincrement(),
    company: () => p.manyToOne(Company).primary(),
    facilitator: () => sameCompany(p.manyToOne(Facilitator), 'facilitator_id').index(),
    weekday: p.smallint().check('weekday >= 1 and weekday <= 7'),
    startTime: p.time(),
    endTime: p.time(),
  },
  primaryKeys: ['id', 'company'],
  checks: [{ name: 'facilitator_window_order_check', expression: 'start_time < end_time' }],
});
export type IFacilitatorWindow = InferEntity<typeof FacilitatorWindow>;

/** Replaces one date's weekly windows; an empty list means unavailable all day. */
export const FacilitatorDateOverride = defineEntity({
  name: 'FacilitatorDateOverride',
  properties: {
    id: p.integer().primary().autoincrement(),
    company: () => p.manyToOne(Company).primary(),
    facilitator: () => sameCompany(p.manyToOne(Facilitator), 'facilitator_id'),
    date: p.date(),
    windows: p.json<{ start: string; end: string }[]>(),
  },
  primaryKeys: ['id', 'company'],
  uniques: [{ properties: ['facilitator', 'date'] }],
});
export type IFacilitatorDateOverride = InferEntity<typeof FacilitatorDateOverride>;

export const Service = defineEntity({
  name: 'Service',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    name: p.string(),
    description: p.text().default(''),
    bufferMinutes: p.integer().default(0).check('buffer_minutes >= 0'),
    active: p.boolean().default(true),
    deletedAt: p.datetime().nullable(),
  },
  primaryKeys: ['id', 'company'],
});
export type IService = InferEntity<typeof Service>;

/** A bookable variant of a service; options have no ids of their own, their name is unique per service. */
export const ServiceOption = defineEntity({
  name: 'ServiceOption',
  properties: {
    id: p.integer().primary().autoincrement(),
    company: () => p.manyToOne(Company).primary(),
    service: () => sameCompany(p.manyToOne(Service), 'service_id').index(),
    name: p.string(),
    durationMinutes: p.integer().check('duration_minutes > 0'),
    base100Price: p.integer().check('base100_price >= 0'),
    credits: p.integer().check('credits >= 0'),
    active: p.boolean().default(true),
    deletedAt: p.datetime().nullable(),
  },
  primaryKeys: ['id', 'company'],
  uniques: [{ name: 'service_option_live_name_unique', properties: ['service', 'name'], where: 'deleted_at is null' }],
});
export type IServiceOption = InferEntity<typeof ServiceOption>;

/**
 * An appointment holds its facilitator from `startsAt` until `blockedUntil` (its end plus the service's
 * buffer); the exclusion constraint keeps those ranges of live appointments of one facilitator apart.
 */
export const Appointment = defineEntity({
  name: 'Appointment',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    customer: () => sameCompany(p.manyToOne(Customer), 'customer_id'),
    service: () => sameCompany(p.manyToOne(Service), 'service_id'),
    optionName: p.string(),
    facilitator: () => sameCompany(p.manyToOne(Facilitator), 'facilitator_id'),
    startsAt: p.datetime(),
    durationMinutes: p.integer().check('duration_minutes > 0'),
    blockedUntil: p.datetime(),
    tz: p.string(),
    status: p.enum([...APPOINTMENT_STATUSES]).default('SCHEDULED'),
    notes: p.text().default(''),
    createdAt: p.datetime().onCreate(() => new Date()),
    paymentMethod: p.enum([...PAYMENT_METHODS]),
    currency: p.enum([...PAYMENT_CURRENCIES]),
    base100PricePaid: p.integer().nullable(),
    creditsUsed: p.integer().nullable(),
    paymentStatus: p.enum([...PAYMENT_STATUSES]),
    /** How a card payment's money was taken when it was marked; null until then, or when not said. */
    settlementMethod: p.enum([...SETTLEMENT_METHODS]).nullable(),
    /** When a card payment was last marked PAID or FAILED. */
    settledAt: p.datetime().nullable(),
    passPurchase: () => sameCompany(p.manyToOne(PassPurchase), 'pass_purchase_id').nullable().deleteRule('set null (pass_purchase_id)'),
  },
  primaryKeys: ['id', 'company'],
  // The company's list (earliest first), a customer's (newest first), and a facilitator's days.
  indexes: [{ properties: ['company', 'startsAt', 'id'] }, { properties: ['customer', 'startsAt', 'id'] }, { properties: ['facilitator', 'startsAt'] }],
  checks: [
    { name: 'appointment_block_check', expression: 'blocked_until >= starts_at' },
    {
      name: 'appointment_payment_check',
      expression:
        "(payment_method = 'CARD' and currency <> 'CR' and base100_price_paid >= 0 and credits_used is null)" +
        " or (payment_method = 'PASS' and currency = 'CR' and credits_used >= 0)",
    },
    {
      name: 'appointment_no_overlap',
      expression:
        "exclude using gist (company_id with =, facilitator_id with =, tstzrange(starts_at, blocked_until, '[)') with &&) where (status <> 'CANCELLED')",
    },
  ],
});
export type IAppointment = InferEntity<typeof Appointment>;
