/**
 * How a webhook request is signed, twice over the exact body bytes:
 * - `X-Service-Signature` (document 2): one JWT per signing secret, comma-separated (the form and claims
 *   are in packages/webhooks/src/signature.ts, which the receivers' verifier reads too). Outside a
 *   rotation there is one; during a rotation's overlap the new secret's JWT comes first, then the old.
 * - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): `v1,<base64 HMAC-SHA256
 *   of "id.timestamp.body">` keyed by the base64-decoded part of `whsec_…`. During a rotation's overlap
 *   both secrets sign, as space-separated signatures.
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  bodySha256, SIGNATURE_LIFETIME_SECONDS, SIGNATURE_SEPARATOR, WEBHOOK_AUDIENCE, WEBHOOK_ISSUER, WEBHOOK_JWT_TYPE,
} from '../../packages/webhooks/src/signature.ts';

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
 * previous one while its overlap lasts; each signs both forms.
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
  const claims = { event: kind, body_sha256: bodySha256(body) };
  const tokens = await Promise.all(
    secrets.map((secret) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: WEBHOOK_JWT_TYPE })
        .setIssuer(WEBHOOK_ISSUER)
        .setAudience(WEBHOOK_AUDIENCE)
        .setJti(eventId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + SIGNATURE_LIFETIME_SECONDS)
        .sign(new TextEncoder().encode(secret)),
    ),
  );
  return {
    'x-service-signature': tokens.join(SIGNATURE_SEPARATOR),
    'webhook-id': eventId,
    'webhook-timestamp': String(iat),
    'webhook-signature': secrets.map((secret) => standardWebhooksSignature(secret, eventId, iat, body)).join(' '),
  };
}
