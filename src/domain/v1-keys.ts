/**
 * v1 API keys (document 2, section 5): an `apiKey` / `apiSecret` pair issued to one company. The key is
 * public (`key_…`); the secret is shown once and stored only as an HMAC under the server key.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { V1ApiKey } from '../db/entities/index.ts';
import { lastCalls } from '../db/last-calls.ts';
import { companyEm, unscopedEm, type Db } from '../db/scope.ts';
import { requireCompany } from './companies.ts';
import { hashSecret, newSecret, secretMatches } from './credentials.ts';
import { newId } from './ids.ts';
import { InvalidInput } from './invalid-input.ts';
import { announceAccessChange } from '../db/notices.ts';

const HOUR_MS = 3_600_000;

/** Compared against when the key is unknown, so the answer takes as long as for a known key. */
const NO_KEY_HASH = '0'.repeat(64);

export interface VerifiedV1Key {
  id: string;
  companyId: string;
  name: string;
}

export async function createV1Key(
  orm: Db,
  serverKey: Buffer,
  input: { companyId: string; name?: string },
): Promise<{ apiKey: string; apiSecret: string }> {
  const em = companyEm(orm, input.companyId);
  await requireCompany(em, input.companyId);
  const apiSecret = newSecret();
  const key = em.create(V1ApiKey, {
    id: newId('v1Key'),
    company: input.companyId,
    name: input.name?.trim() || 'v1 API key',
    secretHash: hashSecret(serverKey, apiSecret),
  });
  await em.flush();
  return { apiKey: key.id, apiSecret };
}

/**
 * The key when `apiSecret` is its secret, or the secret its last rotation replaced within the grace period,
 * and it is not revoked; otherwise null, whatever the reason.
 */
export async function verifyV1Key(orm: MikroORM, serverKey: Buffer, apiKey: string, apiSecret: string, now: Date = new Date()): Promise<VerifiedV1Key | null> {
  const key = await unscopedEm(orm).findOne(V1ApiKey, { id: apiKey });
  if (!key) {
    secretMatches(serverKey, apiSecret, NO_KEY_HASH);
    return null;
  }
  const current = secretMatches(serverKey, apiSecret, key.secretHash);
  const previous = !!key.previousSecretHash && !!key.previousSecretExpiresAt && key.previousSecretExpiresAt > now && secretMatches(serverKey, apiSecret, key.previousSecretHash);
  if (!(current || previous) || key.revokedAt) return null;
  return { id: key.id, companyId: key.company.id, name: key.name };
}

/** What `v1-key list` prints of a key (never its secret). */
export interface V1KeySummary {
  apiKey: string;
  name: string;
  createdAt: string;
  /** The key's latest call in the audit log (kept 90 days). */
  lastUsedAt: string | null;
  revoked: boolean;
}

export async function listV1Keys(db: Db, companyId: string): Promise<V1KeySummary[]> {
  const em = companyEm(db, companyId);
  await requireCompany(em, companyId);
  const keys = await em.find(V1ApiKey, {}, { orderBy: { id: 'asc' } });
  if (!keys.length) return [];
  const lastUsed = await lastCalls(em, companyId, keys.map((key) => key.id));
  return keys.map((key) => ({
    apiKey: key.id,
    name: key.name,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: lastUsed.get(key.id)?.toISOString() ?? null,
    revoked: !!key.revokedAt,
  }));
}

/** The key, within `companyId` when given (the console's), or in any company (the command line's `--key`). */
async function findKey(db: Db, apiKey: string, companyId?: string) {
  const em = companyId ? companyEm(db, companyId) : unscopedEm(db);
  const key = await em.findOne(V1ApiKey, { id: apiKey });
  if (!key) throw new InvalidInput('key', `v1 key "${apiKey}" not found`);
  return { em, key };
}

/**
 * Issues a new secret. The replaced one keeps working for `graceHours` after `now`, so running integrations
 * can be switched over; tokens issued before the rotation stop working at once (a lost secret may have made
 * them): the next token request gets a new one.
 */
export async function rotateV1Key(
  db: Db,
  serverKey: Buffer,
  apiKey: string,
  now: Date,
  graceHours: number,
  companyId?: string,
): Promise<{ apiKey: string; apiSecret: string; previousSecretValidUntil: Date | null }> {
  const { em, key } = await findKey(db, apiKey, companyId);
  if (key.revokedAt) throw new InvalidInput('key', `v1 key "${apiKey}" is revoked; create a new one`);
  const apiSecret = newSecret();
  key.previousSecretHash = graceHours > 0 ? key.secretHash : null;
  key.previousSecretExpiresAt = graceHours > 0 ? new Date(now.getTime() + graceHours * HOUR_MS) : null;
  key.secretHash = hashSecret(serverKey, apiSecret);
  key.tokensNotBefore = now;
  await em.flush();
  await announceAccessChange(em, key.id);
  return { apiKey: key.id, apiSecret, previousSecretValidUntil: key.previousSecretExpiresAt ?? null };
}

/** A revoked key obtains no more tokens, and its tokens are refused on their next call; revoking twice keeps the first time. */
export async function revokeV1Key(db: Db, apiKey: string, now: Date, companyId?: string): Promise<{ apiKey: string; revoked: true }> {
  const { em, key } = await findKey(db, apiKey, companyId);
  key.revokedAt ??= now;
  await em.flush();
  await announceAccessChange(em, key.id);
  return { apiKey: key.id, revoked: true };
}
