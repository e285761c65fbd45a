/**
 * `@studio-booking/webhooks`: what a receiver of the studio booking service's webhooks needs, the
 * verifier of a signed request and the types of what it carries.
 */
export { verifyWebhook, WebhookVerificationError, type HeaderBag } from './verify.ts';
export type { EventPurchased, PassPurchased, RegistrationCreated, WebhookEnvelope, WebhookKind, WebhookPayloads } from './payloads.ts';
