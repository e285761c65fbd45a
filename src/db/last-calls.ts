/**
 * When each API client or v1 key last called, from the audit log: one index probe per id
 * (audit_entry (company_id, client, at)), in the caller's transaction when it is given one.
 */
import type { EntityManager } from '@mikro-orm/postgresql';

export async function lastCalls(em: EntityManager, companyId: string, ids: readonly string[]): Promise<Map<string, Date | null>> {
  if (!ids.length) return new Map();
  const rows = await em.execute<{ id: string; at: Date | null }[]>(
    "select c.id, (select max(a.at) from audit_entry a where a.company_id = ? and a.client = c.id) as at from unnest(string_to_array(?, ',')) as c(id)",
    [companyId, ids.join(',')],
  );
  return new Map(rows.map((row) => [row.id, row.at && new Date(row.at)]));
}
