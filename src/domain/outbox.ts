/**
 * Webhook notifications start here: a change writes its events into the `webhook_event` outbox inside its
 * own transaction, so a rolled-back change emits nothing and a committed one is delivered even if the
 * process dies right after the commit. The kinds and the fields of each kind's `data` are those of
 * WEBHOOK_EVENTS (packages/webhooks/src/payloads.ts), which the v1 OpenAPI document describes too; ids
 * carry the v1 prefixes (`reg_`, `cp_`, `pur_`) over the same stored identity as the other surfaces.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { WEBHOOK_EVENTS, type WebhookKind, type WebhookPayloads } from '../../packages/webhooks/src/payloads.ts';
import { WebhookEvent } from '../db/entities/index.ts';
import { newId, withPrefix } from './ids.ts';

export { WEBHOOK_EVENTS } from '../../packages/webhooks/src/payloads.ts';
export type { WebhookKind, WebhookPayload, WebhookPayloads } from '../../packages/webhooks/src/payloads.ts';

/** Every kind, in the order of WEBHOOK_EVENTS: document 2's three first. */
export const WEBHOOK_KINDS = Object.keys(WEBHOOK_EVENTS) as WebhookKind[];

export const isWebhookKind = (name: string): name is WebhookKind => Object.hasOwn(WEBHOOK_EVENTS, name);

/** The fields of each kind's `data`, in the order they are sent; nothing else is sent. */
export const PAYLOAD_FIELDS = Object.fromEntries(WEBHOOK_KINDS.map((kind) => [kind, Object.keys(WEBHOOK_EVENTS[kind].fields)])) as unknown as {
  [K in WebhookKind]: ReadonlyArray<keyof WebhookPayloads[K]>;
};

/** A kind as the GraphQL enum `WebhookEventKind` names it (`appointment.no_show` -> `APPOINTMENT_NO_SHOW`). */
export const kindAsEnum = (kind: WebhookKind): string => kind.toUpperCase().replace('.', '_');

/** The kind of a `WebhookEventKind` value. No kind's first part holds an underscore, so the first one is the dot. */
export const kindOfEnum = (value: string): WebhookKind => value.toLowerCase().replace('_', '.') as WebhookKind;

/** The v1 and webhook names of stored ids. */
export const registrationId = (bookingId: string) => withPrefix(bookingId, 'booking_', 'reg_');
export const customerPassId = (passPurchaseId: string) => withPrefix(passPurchaseId, 'package_', 'cp_');
export const purchaseId = (transactionId: string) => withPrefix(transactionId, 'txn_', 'pur_');

/** Minor units to a decimal amount of currency units (1250 -> 12.5). */
export const currencyUnits = (base100: number) => Math.round(base100) / 100;

/** `First Last` of a stored customer. */
export const fullName = (customer: { firstname: string; lastname: string }) => `${customer.firstname} ${customer.lastname}`.trim();

/** Exactly the fields of `kind`, in their order, whatever else the caller's object carries. */
export function payloadOf<K extends WebhookKind>(kind: K, data: WebhookPayloads[K]): Record<string, unknown> {
  return Object.fromEntries(PAYLOAD_FIELDS[kind].map((field) => [field, data[field] ?? null]));
}

/**
 * Adds an event to the outbox of the current transaction. After commit the delivery worker sends it to
 * every enabled endpoint of the company subscribed to `kind` (src/webhooks/worker.ts), and the catch-up
 * list shows it (src/db/webhook-events.ts).
 */
export function emit<K extends WebhookKind>(em: EntityManager, companyId: string, kind: K, data: WebhookPayloads[K]): void {
  em.create(WebhookEvent, { id: newId('webhookEvent'), company: companyId, kind, payload: payloadOf(kind, data) });
}

/** A realistic `data` of `kind` for test deliveries ("Send Test"), with sample ids of the right prefixes. */
export function samplePayload<K extends WebhookKind>(kind: K, now: Date, currency: 'GBP' | 'EUR' | 'USD'): WebhookPayloads[K] {
  const customer = { customerId: 'cust_sample', customerEmail: 'ada@example.com', customerName: 'Ada Lovelace' };
  const day = (days: number) => new Date(now.getTime() + days * 86_400_000);
  const eventDate = day(7).toISOString();
  const today = now.toISOString().slice(0, 10);
  const appointment = {
    appointmentId: 'appt_sample',
    ...customer,
    serviceId: 'svc_sample',
    serviceName: 'Physiotherapy',
    optionName: '45 minutes',
    facilitatorId: 'fac_sample',
    facilitatorName: 'Grace Hopper',
    startsAt: day(2).toISOString(),
    durationMinutes: 45,
    status: 'SCHEDULED',
    price: 55,
    currency,
    paymentMethod: 'CARD',
    paymentStatus: 'PENDING',
    passUsed: null,
  } as const;
  const subscription = {
    subscriptionId: 'mandate_sample',
    ...customer,
    planId: 'plan_sample',
    planName: 'Monthly unlimited',
    state: 'ACTIVE',
    price: 60,
    currency,
    interval: 'MONTH',
    renewalDate: day(30).toISOString().slice(0, 10),
    endsOn: null,
  } as const;
  const person = {
    customerId: 'cust_sample',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    mobile: '+447700900001',
    archived: false,
    createdAt: day(-30).toISOString(),
    updatedAt: now.toISOString(),
  };
  const samples: WebhookPayloads = {
    'registration.created': {
      registrationId: 'reg_sample',
      ...customer,
      eventId: 'evt_sample',
      eventTitle: 'Morning Yoga',
      eventDate,
      spots: 1,
      totalPaid: 12,
      currency,
      paymentMethod: 'CARD',
      passUsed: null,
    },
    'pass.purchased': {
      customerPassId: 'cp_sample',
      ...customer,
      passId: 'pass_sample',
      passTitle: '10 classes',
      totalUses: 10,
      remainingUses: 10,
      startDate: today,
      expiryDate: day(90).toISOString().slice(0, 10),
      totalPaid: 90,
      currency,
      paymentMethod: 'CARD',
    },
    'event.purchased': {
      purchaseId: 'pur_sample',
      ...customer,
      eventId: 'evt_sample',
      eventTitle: 'Weekend Workshop',
      eventDate,
      tickets: 1,
      totalPaid: 45,
      currency,
      paymentMethod: 'CARD',
      discountCode: null,
    },
    'registration.cancelled': {
      registrationId: 'reg_sample',
      ...customer,
      eventId: 'evt_sample',
      eventTitle: 'Morning Yoga',
      eventDate,
      spots: 1,
      paymentMethod: 'PASS',
      passUsed: 'cp_sample',
      creditsReturned: 1,
      refunded: false,
    },
    'appointment.booked': appointment,
    'appointment.rescheduled': { ...appointment, previousStartsAt: day(1).toISOString(), previousFacilitatorId: 'fac_sample' },
    'appointment.cancelled': { ...appointment, status: 'CANCELLED' },
    'appointment.completed': { ...appointment, startsAt: day(-1).toISOString(), status: 'COMPLETED', paymentStatus: 'PAID' },
    'appointment.no_show': { ...appointment, startsAt: day(-1).toISOString(), status: 'NO_SHOW' },
    'subscription.started': subscription,
    'subscription.paused': { ...subscription, state: 'PAUSED' },
    'subscription.resumed': subscription,
    'subscription.suspended': { ...subscription, state: 'SUSPENDED' },
    'subscription.reactivated': subscription,
    'subscription.renewed': { ...subscription, chargeId: 'chg_sample', periodStart: today, periodEnd: day(29).toISOString().slice(0, 10), amount: 60 },
    'subscription.cancelled': { ...subscription, endsOn: day(30).toISOString().slice(0, 10) },
    'subscription.ended': { ...subscription, state: 'CANCELLED', endsOn: today },
    'video.purchased': {
      videoPurchaseId: 'media_sample_purchase',
      ...customer,
      videoId: 'media_sample',
      videoTitle: 'Yoga for runners',
      expiresOn: day(30).toISOString().slice(0, 10),
      totalPaid: 15,
      currency,
      paymentMethod: 'CARD',
      passUsed: null,
      discountCode: null,
    },
    'customer.created': person,
    'customer.updated': { ...person, changedFields: ['email'] },
    'customer.deleted': person,
    'waitlist.promoted': {
      waitlistEntryId: 'wait_sample',
      registrationId: 'reg_sample',
      ...customer,
      eventId: 'evt_sample',
      eventTitle: 'Morning Yoga',
      eventDate,
      spots: 1,
      totalPaid: 1,
      currency: 'CR',
      paymentMethod: 'PASS',
      passUsed: 'cp_sample',
    },
  };
  return samples[kind];
}
