/**
 * Writes are transactions (ARCHITECTURE.md, principle 7): a command runs in one database transaction
 * on an EntityManager limited to the caller's company, and the database's own errors that mean "taken"
 * become Conflicts.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Conflict } from './errors.ts';

export async function inTransaction<T>(em: EntityManager, companyId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  return em.transactional(async (tx) => {
    tx.setFilterParams('company', { id: companyId });
    return work(tx);
  }, { clear: true });
}

/** PostgreSQL error codes: exclusion and check violations raised by the invariants of the schema. */
export const EXCLUSION_VIOLATION = '23P01';
export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';

export function databaseCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : e?.cause?.code;
}

/** Runs `work`, turning the listed database errors into Conflicts with `reason`. */
export async function conflictOn<T>(codes: string[], reason: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = databaseCode(error);
    if (code && codes.includes(code)) throw new Conflict(reason);
    throw error;
  }
}
