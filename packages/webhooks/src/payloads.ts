/**
 * What a webhook request carries (document 2, section 6): the envelope `{event, timestamp, data}` and the
 * `data` of each kind, field by field in the documented order. The service builds its payloads from these
 * types, so a receiver compiles against exactly what is sent.
 */

export interface RegistrationCreated {
  /** `reg_` id of the registration. */
  registrationId: string;
  customerId: string;
  customerEmail: string;
  customerName: string;
  eventId: string;
  eventTitle: string;
  /** Start of the event date, ISO 8601 UTC. */
  eventDate: string;
  spots: number;
  /** Decimal amount in `currency`; credits used when `currency` is `CR` (paid with a pass). */
  totalPaid: number;
  /** ISO 4217 code, or `CR` for pass credits. */
  currency: string;
  /** `CARD` or `PASS`. */
  paymentMethod: string;
  /** `cp_` id of the customer pass the credits came from; null when no pass was used. */
  passUsed: string | null;
}

export interface PassPurchased {
  /** `cp_` id of the customer pass. */
  customerPassId: string;
  customerId: string;
  customerEmail: string;
  customerName: string;
  passId: string;
  passTitle: string;
  totalUses: number;
  remainingUses: number;
  /** `YYYY-MM-DD`. */
  startDate: string;
  /** `YYYY-MM-DD`. */
  expiryDate: string;
  /** Decimal amount in `currency`. */
  totalPaid: number;
  currency: string;
  /** `CARD`, or `MANUAL` for a pass assigned by staff (`totalPaid` 0). */
  paymentMethod: string;
}

export interface EventPurchased {
  /** `pur_` id of the purchase. */
  purchaseId: string;
  customerId: string;
  customerEmail: string;
  customerName: string;
  eventId: string;
  eventTitle: string;
  /** Start of the event date, ISO 8601 UTC. */
  eventDate: string;
  tickets: number;
  /** Decimal amount in `currency`; credits used when `currency` is `CR` (paid with a pass). */
  totalPaid: number;
  currency: string;
  paymentMethod: string;
  /** The voucher code used; null when none was. */
  discountCode: string | null;
}

export interface WebhookPayloads {
  'registration.created': RegistrationCreated;
  'pass.purchased': PassPurchased;
  'event.purchased': EventPurchased;
}

export type WebhookKind = keyof WebhookPayloads;

/** The body of a webhook request; `test: true` marks a sample sent with "Send Test". */
export type WebhookEnvelope = {
  [K in WebhookKind]: { event: K; timestamp: string; data: WebhookPayloads[K]; test?: true };
}[WebhookKind];
