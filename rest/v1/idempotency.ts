/**
 * `Idempotency-Key` on v1 POSTs: the first request with a key runs and its response is kept for 24 hours
 * per API key; a retry with the same key and body gets that response again without running anything; the
 * same key with another body is 409 IDEMPOTENCY_KEY_REUSED. A request still running holds its key.
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Conflict, Invalid } from '../../src/domain/errors.ts';
import type { Clock } from '../../src/domain/clock.ts';
import { canonicalJson } from '../../src/pipeline/cache.ts';
import { callerOf, type ErrorPresenter } from '../../src/pipeline/http.ts';

export const IDEMPOTENCY_HOURS = 24;
const KEY = /^[\x21-\x7e]{1,255}$/;

export function idempotentPosts(orm: MikroORM, clock: Clock, present: ErrorPresenter): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = req.get('Idempotency-Key');
    const caller = callerOf(res);
    if (req.method !== 'POST' || key === undefined || !caller) return next();
    if (!KEY.test(key)) return present(res, new Invalid('Idempotency-Key', 'format', 'must be 1 to 255 visible ASCII characters'));
    try {
      const connection = orm.em.getConnection();
      const now = clock.now();
      const hash = createHash('sha256').update(canonicalJson([req.method, req.path, req.body ?? null])).digest('hex');
      const expired = new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000);
      await connection.execute('delete from idempotency_key where api_key = ? and created_at < ?', [caller.id, expired], 'run');
      const claimed = await connection.execute<{ key: string }[]>(
        `insert into idempotency_key (api_key, key, company_id, request_hash, status, body, created_at) values (?, ?, ?, ?, null, null, ?)
         on conflict do nothing returning key`,
        [caller.id, key, caller.companyId, hash, now],
      );
      if (!claimed.length) {
        const [first] = await connection.execute<{ request_hash: string; status: number | null; body: string | null }[]>(
          'select request_hash, status, body from idempotency_key where api_key = ? and key = ?',
          [caller.id, key],
        );
        if (!first) return present(res, new Conflict('The first request with this Idempotency-Key is still being answered'));
        if (first.request_hash !== hash) {
          return present(res, new Conflict('This Idempotency-Key was used with a different request', { v1Code: 'IDEMPOTENCY_KEY_REUSED' }));
        }
        if (first.status === null) return present(res, new Conflict('The first request with this Idempotency-Key is still being answered'));
        res.setHeader('Idempotent-Replayed', 'true');
        return first.body === null ? res.status(first.status).end() : res.status(first.status).type('application/json').send(first.body);
      }
      const json = res.json.bind(res);
      let body: string | null = null;
      res.json = (value: unknown) => {
        body = value === null || value === undefined ? null : JSON.stringify(value);
        return json(value);
      };
      res.once('finish', () => {
        const settle = res.statusCode >= 500
          ? connection.execute('delete from idempotency_key where api_key = ? and key = ?', [caller.id, key], 'run')
          : connection.execute('update idempotency_key set status = ?, body = ? where api_key = ? and key = ?', [res.statusCode, body, caller.id, key], 'run');
        settle.catch((error: unknown) => req.log?.error({ err: error }, 'idempotency key could not be settled'));
      });
      next();
    } catch (error) {
      next(error);
    }
  };
}
