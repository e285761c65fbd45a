/**
 * Webhook notifications (document 2, section 6) start here: a change writes its events into the
 * `webhook_event` outbox inside its own transaction, so a rolled-back change emits nothing and a
 * committed one is delivered even if the process dies right after the commit. The `data` of each kind
 * has exactly the documented fields (PAYLOAD_FIELDS); ids carry the v1 prefixes (`reg_`, `cp_`, `pur_`)
 * over the same stored identity as the other surfaces.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookKind, WebhookPayloads } from '../../packages/webhooks/src/payloads.ts';
import { WebhookEvent } from '../db/entities/index.ts';
import { newId, withPrefix } from './ids.ts';

export type { EventPurchased, PassPurchased, RegistrationCreated, WebhookKind, WebhookPayloads } from '../../packages/webhooks/src/payloads.ts';

/** The documented fields of each kind's `data`, in the order of document 2; nothing else is sent. */
export const PAYLOAD_FIELDS: { [K in WebhookKind]: ReadonlyArray<keyof WebhookPayloads[K]> } = {
  'registration.created': [
    'registrationId', 'customerId', 'customerEmail', 'customerName', 'eventId', 'eventTitle', 'eventDate', 'spots',
    'totalPaid', 'currency', 'paymentMethod', 'passUsed',
  ],
  'pass.purchased': [
    'customerPassId', 'customerId', 'customerEmail', 'customerName', 'passId', 'passTitle', 'totalUses', 'remainingUses',
    'startDate', 'expiryDate', 'totalPaid', 'currency', 'paymentMethod',
  ],
  'event.purchased': [
    'purchaseId', 'customerId', 'customerEmail', 'customerName', 'eventId', 'eventTitle', 'eventDate', 'tickets',
    'totalPaid', 'currency', 'paymentMethod', 'discountCode',
  ],
};

/** The v1 and webhook names of stored ids. */
export const registrationId = (bookingId: string) => withPrefix(bookingId, 'booking_', 'reg_');
export const customerPassId = (passPurchaseId: string) => withPrefix(passPurchaseId, 'package_', 'cp_');
export const purchaseId = (transactionId: string) => withPrefix(transactionId, 'txn_', 'pur_');

/** Minor units to a decimal amount of currency units (1250 -> 12.5). */
export const currencyUnits = (base100: number) => Math.round(base100) / 100;

/** Exactly the documented fields of `kind`, whatever else the caller's object carries. */
export function payloadOf<K extends WebhookKind>(kind: K, data: WebhookPayloads[K]): Record<string, unknown> {
  return Object.fromEntries(PAYLOAD_FIELDS[kind].map((field) => [field, data[field] ?? null]));
}

/**
 * Adds an event to the outbox of the current transaction. After commit the delivery worker sends it to
 * every enabled endpoint of the company subscribed to `kind` (src/webhooks/worker.ts).
 */
export function emit<K extends WebhookKind>(em: EntityManager, companyId: string, kind: K, data: WebhookPayloads[K]): void {
  em.create(WebhookEvent, { id: newId('webhookEvent'), company: companyId, kind, payload: payloadOf(kind, data) });
}

/** A realistic `data` of `kind` for test deliveries ("Send Test"), with sample ids of the right prefixes. */
export function samplePayload<K extends WebhookKind>(kind: K, now: Date, currency: string): WebhookPayloads[K] {
  const customer = { customerId: 'cust_sample', customerEmail: 'ada@example.com', customerName: 'Ada Lovelace' };
  const eventDate = new Date(now.getTime() + 7 * 86_400_000).toISOString();
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
      startDate: now.toISOString().slice(0, 10),
      expiryDate: new Date(now.getTime() + 90 * 86_400_000).toISOString().slice(0, 10),
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
  };
  return samples[kind];
}
