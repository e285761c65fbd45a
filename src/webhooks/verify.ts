/**
 * For receivers (`import { verifyWebhook } from 'studio-booking-service/webhooks'`): checks a webhook
 * request exactly as it arrived and returns its envelope, typed by kind, or throws
 * WebhookVerificationError. It verifies the `X-Service-Signature` JWT (HS256 under the signing secret,
 * issuer, audience, `typ`, not expired), that `body_sha256` matches the raw body, that the envelope's
 * `event` is the signed one, and that `webhook-id`, when present, is the signed `jti`.
 *
 * `secret` may be a list: during a rotation's overlap the receiver can hold the new and the old secret.
 * Deduplicate by the event id (`webhook-id` header, `jti` claim): a retried event keeps its id.
 */
import { timingSafeEqual } from 'node:crypto';
import { jwtVerify, type JWTPayload } from 'jose';
import type { EventPurchased, PassPurchased, RegistrationCreated, WebhookKind, WebhookPayloads } from '../domain/outbox.ts';
import { bodySha256, WEBHOOK_AUDIENCE, WEBHOOK_ISSUER, WEBHOOK_JWT_TYPE, type SignatureClaims } from './signature.ts';

export type { EventPurchased, PassPurchased, RegistrationCreated, WebhookKind, WebhookPayloads };

/** The body of a webhook request; `test: true` marks a sample sent with "Send Test". */
export type WebhookEnvelope = {
  [K in WebhookKind]: { event: K; timestamp: string; data: WebhookPayloads[K]; test?: true };
}[WebhookKind];

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : value;
}

async function verifiedClaims(token: string, secrets: readonly string[], now?: Date): Promise<SignatureClaims & JWTPayload> {
  let failure: unknown;
  for (const secret of secrets) {
    try {
      const { payload } = await jwtVerify<SignatureClaims>(token, new TextEncoder().encode(secret), {
        algorithms: ['HS256'],
        issuer: WEBHOOK_ISSUER,
        audience: WEBHOOK_AUDIENCE,
        typ: WEBHOOK_JWT_TYPE,
        requiredClaims: ['jti', 'iat', 'exp', 'event', 'body_sha256'],
        clockTolerance: 30,
        ...(now && { currentDate: now }),
      });
      return payload;
    } catch (error) {
      failure = error;
    }
  }
  throw new WebhookVerificationError(`X-Service-Signature is not valid: ${(failure as Error).message}`);
}

export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string | readonly string[],
  options: { now?: Date } = {},
): Promise<WebhookEnvelope> {
  const token = header(headers, 'x-service-signature');
  if (!token) throw new WebhookVerificationError('X-Service-Signature header is missing');
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!secrets.length) throw new WebhookVerificationError('no signing secret given');
  const claims = await verifiedClaims(token, secrets, options.now);

  const expected = Buffer.from(claims.body_sha256);
  const actual = Buffer.from(bodySha256(rawBody));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw new WebhookVerificationError('the body is not the one that was signed (body_sha256 differs)');
  }
  const webhookId = header(headers, 'webhook-id');
  if (webhookId !== undefined && webhookId !== claims.jti) throw new WebhookVerificationError('webhook-id is not the signed event id');

  let envelope: WebhookEnvelope;
  try {
    envelope = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8')) as WebhookEnvelope;
  } catch {
    throw new WebhookVerificationError('the body is not JSON');
  }
  if (envelope?.event !== claims.event) throw new WebhookVerificationError('the envelope event is not the signed event');
  return envelope;
}
