/**
 * v1 API keys (document 2, section 5): an `apiKey` / `apiSecret` pair issued to one company. The key is
 * public (`key_…`); the secret is shown once and stored only as an HMAC under the server key.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { V1ApiKey } from '../db/entities/index.ts';
import { companyEm, unscopedEm, type Db } from '../db/scope.ts';
import { requireCompany } from './companies.ts';
import { hashSecret, newSecret, secretMatches } from './credentials.ts';
import { newId } from './ids.ts';

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

/** The key when `apiSecret` is its secret and it is not revoked; otherwise null, whatever the reason. */
export async function verifyV1Key(orm: MikroORM, serverKey: Buffer, apiKey: string, apiSecret: string): Promise<VerifiedV1Key | null> {
  const key = await unscopedEm(orm).findOne(V1ApiKey, { id: apiKey });
  if (!key) {
    secretMatches(serverKey, apiSecret, NO_KEY_HASH);
    return null;
  }
  if (!secretMatches(serverKey, apiSecret, key.secretHash) || key.revokedAt) return null;
  return { id: key.id, companyId: key.company.id, name: key.name };
}
