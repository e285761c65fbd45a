/**
 * The stored side of `Idempotency-Key` (src/pipeline/idempotency.ts): a key is claimed in the transaction
 * that does the work, and its response is stored in that transaction too, so they commit together or not
 * at all. A second claim of a key in use waits on PostgreSQL's unique index until the first transaction
 * ends, then finds the first one's answer.
 */
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

/** Claims the key; when it was claimed before (and has not expired), the answer stored with it. */
export async function claimIdempotencyKey(runner: SqlRunner, claim: IdempotencyClaim): Promise<StoredResponse | null> {
  await runner.rows('delete from idempotency_key where api_key = $1 and key = $2 and created_at < $3', [claim.owner, claim.key, claim.expiredBefore]);
  const claimed = await runner.rows(
    `insert into idempotency_key (api_key, key, company_id, request_hash, status, body, created_at) values ($1, $2, $3, $4, null, null, $5)
     on conflict do nothing returning key`,
    [claim.owner, claim.key, claim.companyId, claim.requestHash, claim.now],
  );
  if (claimed.length) return null;
  const [first] = await runner.rows<{ request_hash: string; status: number; body: string | null }>(
    'select request_hash, status, body from idempotency_key where api_key = $1 and key = $2',
    [claim.owner, claim.key],
  );
  return first ? { requestHash: first.request_hash, status: first.status, body: first.body } : null;
}

/** Keeps the answer of a claimed key. */
export async function storeIdempotentResponse(runner: SqlRunner, owner: string, key: string, status: number, body: string | null): Promise<void> {
  await runner.rows('update idempotency_key set status = $3, body = $4 where api_key = $1 and key = $2', [owner, key, status, body]);
}
