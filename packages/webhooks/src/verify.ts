/**
 * Checks a webhook request exactly as it arrived and returns its envelope, typed by kind, or throws
 * WebhookVerificationError. It verifies one of the `X-Service-Signature` JWTs against one of the secrets
 * (HS256, issuer, audience, `typ`, not expired), that its `body_sha256` matches the raw body, that the
 * envelope's `event` is the signed one, and that `webhook-id`, when present, is the signed `jti`.
 *
 * `secret` may be a list: during a rotation's overlap the receiver can hold the new secret, the old one,
 * or both. Deduplicate by the event id (`webhook-id` header, `jti` claim): a retried event keeps its id.
 */
import { timingSafeEqual } from 'node:crypto';
import { jwtVerify, type JWTPayload } from 'jose';
import type { WebhookEnvelope } from './payloads.ts';
import { bodySha256, signatureTokens, WEBHOOK_AUDIENCE, WEBHOOK_ISSUER, WEBHOOK_JWT_TYPE, type SignatureClaims } from './signature.ts';

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const entry = Object.entries(headers as Record<string, string | string[] | undefined>).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  // Repeated header lines are one comma-separated list (RFC 9110, section 5.3).
  return Array.isArray(value) ? value.join(',') : value;
}

async function verifiedClaims(tokens: string[], secrets: readonly string[], now?: Date): Promise<SignatureClaims & JWTPayload> {
  let failure: unknown;
  for (const token of tokens) {
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
  }
  throw new WebhookVerificationError(`X-Service-Signature is not valid: ${(failure as Error).message}`);
}

export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string | readonly string[],
  options: { now?: Date } = {},
): Promise<WebhookEnvelope> {
  const value = header(headers, 'x-service-signature');
  const tokens = value ? signatureTokens(value) : [];
  if (!tokens.length) throw new WebhookVerificationError('X-Service-Signature header is missing');
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!secrets.length) throw new WebhookVerificationError('no signing secret given');
  const claims = await verifiedClaims(tokens, secrets, options.now);

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
