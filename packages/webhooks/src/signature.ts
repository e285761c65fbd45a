/**
 * The `X-Service-Signature` header as signer and verifier both read it: one JWT (HS256 under an
 * endpoint's signing secret, used as a UTF-8 string) per secret that signs, comma-separated. Outside a
 * rotation there is one; during a rotation's overlap the JWT of the new secret comes first, then the old.
 * Each carries `typ`, `iss`, `aud`, `jti` (the event id), `iat`, `exp`, `event` (the kind) and
 * `body_sha256` (base64url SHA-256 of the exact body).
 */
import { createHash } from 'node:crypto';

export const WEBHOOK_ISSUER = 'urn:studio-booking:issuer';
export const WEBHOOK_AUDIENCE = 'urn:studio-booking:webhook';
export const WEBHOOK_JWT_TYPE = 'webhook+jwt';
export const SIGNATURE_LIFETIME_SECONDS = 300;
export const SIGNATURE_SEPARATOR = ',';

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

/** The JWTs of an `X-Service-Signature` value. */
export function signatureTokens(header: string): string[] {
  return header.split(SIGNATURE_SEPARATOR).map((token) => token.trim()).filter(Boolean);
}
