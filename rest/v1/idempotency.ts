/**
 * `Idempotency-Key` on v1 POSTs: the first request with a key runs and its response is kept for 24 hours
 * per API key; a retry with the same key and body gets that response again without running anything; the
 * same key with another body is 409 IDEMPOTENCY_KEY_REUSED.
 *
 * The key is claimed in the transaction that does the work, and its response is stored in that transaction
 * too, so they commit together or not at all: a retry that arrives while the first request runs waits for
 * it (PostgreSQL holds the second insert of the same key until the first transaction ends) and then replays
 * its answer; after a crash the claim is gone with the work, and a retry performs the work once.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { companyEm } from '../../src/db/scope.ts';
import type { Clock } from '../../src/domain/clock.ts';
import { Conflict, Invalid } from '../../src/domain/errors.ts';
import { canonicalJson } from '../../src/pipeline/cache.ts';
import { callerOf, openTransaction, type ErrorPresenter } from '../../src/pipeline/http.ts';
import type { MountOptions } from '../route.ts';

export const IDEMPOTENCY_HOURS = 24;
const KEY = /^[\x21-\x7e]{1,255}$/;

export function idempotentPosts(orm: MikroORM, clock: Clock, present: ErrorPresenter): NonNullable<MountOptions['write']> {
  return async (req: Request, res: Response, work) => {
    const key = req.get('Idempotency-Key');
    const caller = callerOf(res);
    if (req.method !== 'POST' || key === undefined || !caller) return work();
    if (!KEY.test(key)) return present(res, new Invalid('Idempotency-Key', 'format', 'must be 1 to 255 visible ASCII characters'));
    const hash = createHash('sha256').update(canonicalJson([req.method, req.path, req.body ?? null])).digest('hex');
    const now = clock.now();
    const em = companyEm(orm, caller.companyId);
    await em.begin();
    try {
      const expired = new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000);
      await em.execute('delete from idempotency_key where api_key = ? and key = ? and created_at < ?', [caller.id, key, expired], 'run');
      const claimed = await em.execute<{ key: string }[]>(
        `insert into idempotency_key (api_key, key, company_id, request_hash, status, body, created_at) values (?, ?, ?, ?, null, null, ?)
         on conflict do nothing returning key`,
        [caller.id, key, caller.companyId, hash, now],
      );
      if (!claimed.length) {
        const [first] = await em.execute<{ request_hash: string; status: number; body: string | null }[]>(
          'select request_hash, status, body from idempotency_key where api_key = ? and key = ?',
          [caller.id, key],
        );
        if (!first || first.request_hash !== hash) {
          await em.rollback();
          return present(res, new Conflict('This Idempotency-Key was used with a different request', { v1Code: 'IDEMPOTENCY_KEY_REUSED' }));
        }
        // The replay is a call of its own: its audit entry commits in this transaction.
        openTransaction(res, { em });
        res.setHeader('Idempotent-Replayed', 'true');
        res.status(first.status);
        if (first.body === null) res.end();
        else res.type('application/json').send(first.body);
        return;
      }
      openTransaction(res, {
        em,
        beforeCommit: async (status, body) => {
          await em.execute('update idempotency_key set status = ?, body = ? where api_key = ? and key = ?', [status, body, caller.id, key], 'run');
        },
      });
      await work(em);
    } catch (error) {
      // Once the transaction is the response's, sending the error response rolls it back.
      if ((res.locals.transaction as { em?: unknown } | undefined)?.em !== em) await em.rollback().catch(() => {});
      throw error;
    }
  };
}
