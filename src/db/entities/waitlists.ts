/**
 * Waitlists: customers queued on a full event date, each entry holding its place in line and how it will
 * pay, until spaces free up and it is booked (src/domain/waitlist.ts, docs/lifecycles.md).
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sameCompany } from './same-company.ts';
import { Company } from './access.ts';
import { Customer } from './customers.ts';
import { Booking, EventDate, PAYMENT_METHODS, PricingOption } from './events.ts';
import { PassPurchase } from './passes.ts';

export const WAITLIST_STATUSES = ['WAITING', 'PROMOTED', 'LEFT', 'SKIPPED', 'CLOSED'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const WaitlistEntry = defineEntity({
  name: 'WaitlistEntry',
  properties: {
    company: () => p.manyToOne(Company).primary(),
    id: p.string().primary(),
    eventDate: () => sameCompany(p.manyToOne(EventDate), 'event_date_id').deleteRule('cascade'),
    /** Who waits, pays and attends once promoted. */
    customer: () => sameCompany(p.manyToOne(Customer), 'customer_id').index(),
    pricingOption: () => sameCompany(p.manyToOne(PricingOption), 'pricing_option_id').deleteRule('cascade'),
    spaces: p.integer().check('spaces >= 1'),
    payWith: p.enum([...PAYMENT_METHODS]),
    /** The pass purchase chosen to pay with (PASS); none: the usable one that expires first, at promotion. */
    passPurchase: () => sameCompany(p.manyToOne(PassPurchase), 'pass_purchase_id').nullable().deleteRule('set null (pass_purchase_id)'),
    /** Its place in the date's line, from 1, never reused: the order of promotion. */
    place: p.integer().check('place >= 1'),
    status: p.enum([...WAITLIST_STATUSES]).default('WAITING'),
    /** The booking a promotion made. */
    booking: () => sameCompany(p.manyToOne(Booking), 'booking_id').nullable().deleteRule('no action'),
    /** Why a promotion passed it over (SKIPPED). */
    skippedReason: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  primaryKeys: ['company', 'id'],
  uniques: [
    // The order of the line: unique, so two joins at once cannot take one place.
    { name: 'waitlist_entry_place_unique', properties: ['company', 'eventDate', 'place'] },
    // One waiting entry per customer and date.
    { name: 'waitlist_entry_waiting_unique', properties: ['company', 'eventDate', 'customer'], where: "status = 'WAITING'" },
  ],
  checks: [{ name: 'waitlist_entry_booking_check', expression: "(status = 'PROMOTED') = (booking_id is not null)" }],
});
export type IWaitlistEntry = InferEntity<typeof WaitlistEntry>;
