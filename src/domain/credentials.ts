/**
 * API secrets and sealed secrets. Client secrets are 64 hex characters from a CSPRNG; being
 * high-entropy they are stored as HMAC-SHA-256 under the server key (no slow password hash) and
 * compared in constant time. Secrets the server must use itself (webhook signing) are sealed with
 * AES-256-GCM under the same key instead.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newSecret(): string {
  return randomBytes(32).toString('hex');
}

export function hashSecret(serverKey: Buffer, secret: string): string {
  return createHmac('sha256', serverKey).update(secret, 'utf8').digest('hex');
}

export function secretMatches(serverKey: Buffer, secret: string, storedHash: string | null | undefined): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashSecret(serverKey, secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(serverKey: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', serverKey, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function unseal(serverKey: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', serverKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    // A process with another server key (an admin command without the server's SERVER_KEY or DATA_DIR).
    throw new Error('a sealed secret cannot be opened with this server key: use the SERVER_KEY (or DATA_DIR) of the server that sealed it');
  }
}
