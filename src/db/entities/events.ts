/** Events, their dates and pricing options, and the transactions and bookings customers make on them. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sameCompany } from './same-company.ts';
import { Company } from './access.ts';
import { Customer } from './customers.ts';
import { PassPurchase } from './passes.ts';
import { Voucher } from './vouchers.ts';

export const PAYMENT_METHODS = ['CARD', 'PASS'] as const;
export const PAYMENT_CURRENCIES = ['GBP', 'EUR', 'USD', 'CR'] as const;
/** A one-off event (a workshop: a ticket is a purchase) or one date of a schedule (a weekly class). */
export const EVENT_KINDS = ['ONE_OFF', 'SCHEDULE'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const Event = defineEntity({
  name: 'Event',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    name: p.string(),
    description: p.text().default(''),
    kind: p.enum([...EVENT_KINDS]),
    timezone: p.string(),
    /** Set instead of deleting an event that has bookings. */
    archivedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  primaryKeys: ['id', 'company'],
  // The list's order (src/db/lists.ts, src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['company', 'name', 'id'] }],
});
export type IEvent = InferEntity<typeof Event>;

export const EventDate = defineEntity({
  name: 'EventDate',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    event: () => sameCompany(p.manyToOne(Event), 'event_id').index(),
    startsAt: p.datetime(),
    duration: p.integer().check('duration > 0'),
    capacity: p.integer().check('capacity >= 1'),
    /** Spaces held by live bookings; the check keeps every date within its capacity. */
    spacesBooked: p.integer().default(0),
    /** When the date was cancelled (docs/lifecycles.md): it stays listed, holds no bookings and takes none. */
    cancelledAt: p.datetime().nullable(),
  },
  primaryKeys: ['id', 'company'],
  checks: [
    { name: 'event_date_spaces_booked_check', expression: 'spaces_booked >= 0 and spaces_booked <= capacity' },
    { name: 'event_date_cancelled_empty_check', expression: 'cancelled_at is null or spaces_booked = 0' },
  ],
  // The order of `eventDates`: a day's dates across events (the console's Today).
  indexes: [{ properties: ['company', 'startsAt', 'id'] }],
});
export type IEventDate = InferEntity<typeof EventDate>;

export const PricingOption = defineEntity({
  name: 'PricingOption',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    event: () => sameCompany(p.manyToOne(Event), 'event_id').index(),
    name: p.string(),
    base100Price: p.integer().check('base100_price >= 0'),
    credits: p.integer().check('credits >= 0'),
  },
  primaryKeys: ['id', 'company'],
});
export type IPricingOption = InferEntity<typeof PricingOption>;

/** One purchase by a customer; its bookings may be for other customers (`boughtFor`). */
export const Transaction = defineEntity({
  name: 'Transaction',
  tableName: 'event_transaction',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    customer: () => sameCompany(p.manyToOne(Customer), 'customer_id'),
    purchasedAt: p.datetime(),
    voucher: () => sameCompany(p.manyToOne(Voucher), 'voucher_id').nullable().deleteRule('set null (voucher_id)'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  primaryKeys: ['id', 'company'],
  // A customer's transactions newest first (read backwards): one page per customer by LATERAL.
  indexes: [{ properties: ['customer', 'purchasedAt', 'id'] }],
});
export type ITransaction = InferEntity<typeof Transaction>;

export const Booking = defineEntity({
  name: 'Booking',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    transaction: () => sameCompany(p.manyToOne(Transaction), 'transaction_id').index(),
    eventDate: () => sameCompany(p.manyToOne(EventDate), 'event_date_id'),
    pricingOption: () => sameCompany(p.manyToOne(PricingOption), 'pricing_option_id'),
    spaces: p.integer().check('spaces >= 1'),
    boughtFor: () => sameCompany(p.manyToOne(Customer), 'bought_for_id').nullable().deleteRule('set null (bought_for_id)'),
    /** Who comes: `boughtFor`, else the transaction's customer. Holds at most one live booking per event date. */
    attendee: () => sameCompany(p.manyToOne(Customer), 'attendee_id'),
    isCancelled: p.boolean().default(false),
    isRefunded: p.boolean().default(false),
    paymentMethod: p.enum([...PAYMENT_METHODS]),
    currency: p.enum([...PAYMENT_CURRENCIES]),
    base100GrossPrice: p.integer().nullable(),
    base100NetPrice: p.integer().nullable(),
    creditsUsed: p.integer().nullable(),
    passPurchase: () => sameCompany(p.manyToOne(PassPurchase), 'pass_purchase_id').nullable().deleteRule('set null (pass_purchase_id)').index(),
    /** Whether the attendee came (true), did not (false), or nobody has said yet (null). */
    attended: p.boolean().nullable(),
  },
  primaryKeys: ['id', 'company'],
  uniques: [{ name: 'booking_live_attendee_unique', properties: ['eventDate', 'attendee'], where: 'not is_cancelled' }],
  // An event date's register, by id (src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['eventDate', 'id'] }],
  checks: [
    { name: 'booking_attendee_check', expression: 'bought_for_id is null or attendee_id = bought_for_id' },
    {
      name: 'booking_payment_check',
      expression:
        "(payment_method = 'CARD' and currency <> 'CR' and base100_gross_price >= 0 and base100_net_price >= 0 and credits_used is null)" +
        " or (payment_method = 'PASS' and currency = 'CR' and credits_used >= 0)",
    },
  ],
});
export type IBooking = InferEntity<typeof Booking>;
