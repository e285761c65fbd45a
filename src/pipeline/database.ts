/**
 * The database being away, as the error vocabulary says it: a call that needed PostgreSQL while it could
 * not be reached (src/db/pool.ts tells those failures apart) is SERVICE_UNAVAILABLE with `Retry-After`.
 */
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/pool.ts';
import { Unavailable } from '../domain/errors.ts';

export function databaseUnavailable(error: unknown): Unavailable | undefined {
  if (error instanceof Unavailable) return error;
  if (!isDatabaseUnavailable(error)) return undefined;
  return new Unavailable('The database is temporarily unavailable: retry later', RETRY_AFTER_SECONDS);
}
