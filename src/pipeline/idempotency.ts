/**
 * `Idempotency-Key` on creating requests (v1 POSTs), as Stripe has it: the first request with a key runs and
 * its answer is kept for 24 hours per API key; a retry with the same key and request gets that answer again
 * (`Idempotent-Replayed: true`) without running anything; the same key with another request is 409
 * IDEMPOTENCY_KEY_REUSED. The key is claimed, and its answer kept, in the write's own transaction
 * (src/pipeline/commit.ts, src/db/idempotency.ts): a retry that arrives while the first request runs waits
 * for it and then replays its answer, and after a crash the claim is gone with the work.
 */
import { createHash } from 'node:crypto';
import { claimIdempotencyKey, storeIdempotentResponse } from '../db/idempotency.ts';
import type { Clock } from '../domain/clock.ts';
import { Conflict, Invalid } from '../domain/errors.ts';
import { canonicalJson } from './cache.ts';
import type { Reply } from './call.ts';
import type { WriteTransaction } from './commit.ts';

export const IDEMPOTENCY_HOURS = 24;
const KEY = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentRequest {
  /** Whose keys these are: the API key or client. */
  owner: string;
  companyId: string;
  key: string;
  /** A digest of the method, path and body. */
  hash: string;
}

/** The idempotency of a request that sent `Idempotency-Key`; a key outside 1 to 255 visible ASCII characters is refused. */
export function idempotentRequest(header: string, owner: string, companyId: string, what: { method: string; path: string; body: unknown }): IdempotentRequest {
  if (!KEY.test(header)) throw new Invalid('Idempotency-Key', 'format', 'must be 1 to 255 visible ASCII characters');
  const hash = createHash('sha256').update(canonicalJson([what.method, what.path, what.body ?? null])).digest('hex');
  return { owner, companyId, key: header, hash };
}

/** Claims the key in the write's transaction: null when the work should run, else the answer to replay. */
export async function claim(tx: WriteTransaction, clock: Clock, request: IdempotentRequest): Promise<Reply | null> {
  const now = clock.now();
  const first = await claimIdempotencyKey(tx.runner, {
    owner: request.owner,
    key: request.key,
    companyId: request.companyId,
    requestHash: request.hash,
    now,
    expiredBefore: new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000),
  });
  if (!first) return null;
  if (first.requestHash !== request.hash) throw new Conflict('This Idempotency-Key was used with a different request', { v1Code: 'IDEMPOTENCY_KEY_REUSED' });
  return { status: first.status, body: first.body, headers: { 'Idempotent-Replayed': 'true' } };
}

/** Keeps the answer with the claimed key, in the same transaction. */
export async function keep(tx: WriteTransaction, request: IdempotentRequest, reply: Reply): Promise<void> {
  const body = reply.body === null ? null : typeof reply.body === 'string' ? reply.body : reply.body.toString('utf8');
  await storeIdempotentResponse(tx.runner, request.owner, request.key, reply.status, body);
}
