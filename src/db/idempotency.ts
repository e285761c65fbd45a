/**
 * The stored side of `Idempotency-Key` (src/pipeline/idempotency.ts): a key is claimed in the transaction
 * that does the work, and its response is stored in that transaction too, so they commit together or not
 * at all. A second claim of a key in use waits on PostgreSQL's unique index until the first transaction
 * ends, then finds the first one's answer.
 */
import { db, statement } from './query.ts';
import type { SqlRunner } from './reads.ts';

export interface IdempotencyClaim {
  /** The API key (v1) or client the key belongs to. */
  owner: string;
  key: string;
  companyId: string;
  /** A digest of the request (method, path, body): the same key with another request is refused. */
  requestHash: string;
  now: Date;
  /** Keys claimed before this are forgotten. */
  expiredBefore: Date;
}

export interface StoredResponse {
  requestHash: string;
  status: number;
  body: string | null;
}

const FORGET_EXPIRED = statement('idempotency.forgetExpired', ({ owner, key, before }: { owner: string; key: string; before: string }) =>
  db.deleteFrom('idempotency_key').where('api_key', '=', owner).where('key', '=', key).where('created_at', '<', before),
);

const CLAIM = statement('idempotency.claim', (claim: { owner: string; key: string; companyId: string; requestHash: string; now: Date }) =>
  db
    .insertInto('idempotency_key')
    .values({ api_key: claim.owner, key: claim.key, company_id: claim.companyId, request_hash: claim.requestHash, created_at: claim.now })
    .onConflict((conflict) => conflict.doNothing())
    .returning('key'),
);

const FIRST = statement('idempotency.first', ({ owner, key }: { owner: string; key: string }) =>
  db.selectFrom('idempotency_key').select(['request_hash', 'status', 'body']).where('api_key', '=', owner).where('key', '=', key),
);

const KEEP = statement('idempotency.keep', (kept: { owner: string; key: string; status: number; body: string | null }) =>
  db.updateTable('idempotency_key').set({ status: kept.status, body: kept.body }).where('api_key', '=', kept.owner).where('key', '=', kept.key),
);

/** Claims the key; when it was claimed before (and has not expired), the answer stored with it. */
export async function claimIdempotencyKey(runner: SqlRunner, claim: IdempotencyClaim): Promise<StoredResponse | null> {
  await FORGET_EXPIRED.rows(runner, { owner: claim.owner, key: claim.key, before: claim.expiredBefore.toISOString() });
  const claimed = await CLAIM.rows(runner, claim);
  if (claimed.length) return null;
  const first = await FIRST.first(runner, claim);
  // A claim and its answer commit together: a claim another transaction can see has its status.
  return first ? { requestHash: first.request_hash, status: first.status ?? 500, body: first.body } : null;
}

/** Keeps the answer of a claimed key. */
export async function storeIdempotentResponse(runner: SqlRunner, owner: string, key: string, status: number, body: string | null): Promise<void> {
  await KEEP.rows(runner, { owner, key, status, body });
}
