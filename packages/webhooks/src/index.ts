/**
 * `@studio-booking/webhooks`: what a receiver of the studio booking service's webhooks needs, the
 * verifier of a signed request, and what each kind of event carries (its fields, and their types).
 */
export { verifyWebhook, WebhookVerificationError, type HeaderBag } from './verify.ts';
export { WEBHOOK_EVENTS } from './payloads.ts';
export type {
  AppointmentChanged, AppointmentRescheduled, CustomerChanged, CustomerUpdated, EventPurchased, PassPurchased, RegistrationCancelled,
  RegistrationCreated, SubscriptionChanged, SubscriptionRenewed, VideoPurchased, WaitlistPromoted, WebhookEnvelope, WebhookEventDefinition, WebhookField,
  WebhookKind, WebhookPayload, WebhookPayloads,
} from './payloads.ts';
