/**
 * How a webhook request is signed, twice over the exact body bytes:
 * - `X-Service-Signature` (document 2): a JWT, HS256 under the endpoint's signing secret (its UTF-8 bytes,
 *   as any JWT library takes a string secret), header `typ: webhook+jwt`, claims `iss`, `aud`, `jti` (the
 *   event id), `iat`, `exp` (5 minutes later), `event` (the kind) and `body_sha256` (base64url SHA-256 of
 *   the body), so the receiver checks the body it got and not only the header.
 * - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): `v1,<base64 HMAC-SHA256
 *   of "id.timestamp.body">` keyed by the base64-decoded part of `whsec_…`. During a rotation's overlap
 *   both secrets sign, as space-separated signatures.
 */
import { createHash, createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { ISSUER } from '../pipeline/tokens.ts';

export const WEBHOOK_ISSUER = ISSUER;
export const WEBHOOK_AUDIENCE = 'urn:studio-booking:webhook';
export const WEBHOOK_JWT_TYPE = 'webhook+jwt';
export const SIGNATURE_LIFETIME_SECONDS = 300;

export interface SignatureClaims {
  jti: string;
  iat: number;
  exp: number;
  event: string;
  body_sha256: string;
}

export function bodySha256(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('base64url');
}

/** The HMAC key of a Standard Webhooks secret: the base64 after `whsec_`. */
export function standardWebhooksKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

export function standardWebhooksSignature(secret: string, id: string, timestamp: number, body: string | Uint8Array): string {
  const hmac = createHmac('sha256', standardWebhooksKey(secret)).update(`${id}.${timestamp}.`).update(body);
  return `v1,${hmac.digest('base64')}`;
}

/**
 * The signature headers of one attempt. `secrets` are the endpoint's current secret first, then the
 * previous one while its overlap lasts; the JWT is signed with the current one only.
 */
export async function signatureHeaders(input: {
  eventId: string;
  kind: string;
  body: string;
  secrets: readonly [string, ...string[]];
  now: Date;
}): Promise<Record<string, string>> {
  const { eventId, kind, body, secrets, now } = input;
  const iat = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ event: kind, body_sha256: bodySha256(body) })
    .setProtectedHeader({ alg: 'HS256', typ: WEBHOOK_JWT_TYPE })
    .setIssuer(WEBHOOK_ISSUER)
    .setAudience(WEBHOOK_AUDIENCE)
    .setJti(eventId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SIGNATURE_LIFETIME_SECONDS)
    .sign(new TextEncoder().encode(secrets[0]));
  return {
    'x-service-signature': token,
    'webhook-id': eventId,
    'webhook-timestamp': String(iat),
    'webhook-signature': secrets.map((secret) => standardWebhooksSignature(secret, eventId, iat, body)).join(' '),
  };
}
