/**
 * Webhook notifications (document 2, section 6) start here: a change writes its events into the
 * `webhook_event` outbox inside its own transaction, so a rolled-back change emits nothing and a
 * committed one is delivered even if the process dies right after the commit. The `data` of each kind
 * has exactly the documented fields; ids carry the v1 prefixes (`reg_`, `cp_`, `pur_`) over the same
 * stored identity as the other surfaces.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { WebhookEvent } from '../db/entities/index.ts';
import { newId, withPrefix } from './ids.ts';

export interface RegistrationCreated {
  registrationId: string;
  customerId: string;
  customerEmail: string;
  customerName: string;
  eventId: string;
  eventTitle: string;
  eventDate: string;
  spots: number;
  totalPaid: number;
  currency: string;
  paymentMethod: string;
  passUsed: string | null;
}

export interface PassPurchased {
  customerPassId: string;
  customerId: string;
  customerEmail: string;
  customerName: string;
  passId: string;
  passTitle: string;
  totalUses: number;
  remainingUses: number;
  startDate: string;
  expiryDate: string;
  totalPaid: number;
  currency: string;
  paymentMethod: string;
}

export interface EventPurchased {
  purchaseId: string;
  customerId: string;
  customerEmail: string;
  customerName: string;
  eventId: string;
  eventTitle: string;
  eventDate: string;
  tickets: number;
  totalPaid: number;
  currency: string;
  paymentMethod: string;
  discountCode: string | null;
}

export interface WebhookPayloads {
  'registration.created': RegistrationCreated;
  'pass.purchased': PassPurchased;
  'event.purchased': EventPurchased;
}

export type WebhookKind = keyof WebhookPayloads;

/** The v1 and webhook names of stored ids. */
export const registrationId = (bookingId: string) => withPrefix(bookingId, 'booking_', 'reg_');
export const customerPassId = (passPurchaseId: string) => withPrefix(passPurchaseId, 'package_', 'cp_');
export const purchaseId = (transactionId: string) => withPrefix(transactionId, 'txn_', 'pur_');

/** Minor units to a decimal amount of currency units (1250 -> 12.5). */
export const currencyUnits = (base100: number) => Math.round(base100) / 100;

/** Adds an event to the outbox of the current transaction; delivery happens after commit. */
export function emit<K extends WebhookKind>(em: EntityManager, companyId: string, kind: K, data: WebhookPayloads[K]): void {
  em.create(WebhookEvent, { id: newId('webhookEvent'), company: companyId, kind, payload: data as unknown as Record<string, unknown> });
}
