/**
 * When each API client or v1 key last called, from the audit log: one index probe per id
 * (audit_entry (company_id, client, at)), in the caller's transaction when it is given one.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';

const LAST_CALLS = statement('audit.lastCalls', ({ companyId, ids }: { companyId: string; ids: string }) =>
  db
    .selectFrom(sql<{ id: string }>`unnest(string_to_array(${ids}, ','))`.as<'c'>(sql`c(id)`))
    .select((eb) => [
      'c.id',
      eb.selectFrom('audit_entry as a').select((inner) => inner.fn.max('a.at').as('at')).where('a.company_id', '=', companyId).whereRef('a.client', '=', 'c.id').as('at'),
    ]),
);

export async function lastCalls(em: EntityManager, companyId: string, ids: readonly string[]): Promise<Map<string, Date | null>> {
  if (!ids.length) return new Map();
  const rows = await LAST_CALLS.rows(new EntityManagerRunner(em), { companyId, ids: ids.join(',') });
  return new Map(rows.map((row) => [row.id, row.at === null ? null : new Date(row.at)]));
}
