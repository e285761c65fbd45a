/**
 * Who can appear in a company's audit log, by name: its API clients (revoked ones too, for the entries they
 * left) and its console users. For the audit page's filters, whose readers may not manage either.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';

export interface AuditActorRow {
  id: string;
  kind: 'API_CLIENT' | 'CONSOLE_USER';
  name: string;
}

const ACTORS = statement('auditActors.ofCompany', (p: { companyId: string }) =>
  db
    .selectFrom('api_client')
    .select(['id', sql.lit<AuditActorRow['kind']>('API_CLIENT').as('kind'), 'name'])
    .where('company_id', '=', p.companyId)
    .unionAll(
      db.selectFrom('console_user').select(['id', sql.lit<AuditActorRow['kind']>('CONSOLE_USER').as('kind'), 'email as name']).where('company_id', '=', p.companyId),
    )
    .orderBy('kind')
    .orderBy('name')
    .orderBy('id'),
);

export function auditActors(em: EntityManager, companyId: string): Promise<AuditActorRow[]> {
  return ACTORS.rows(new EntityManagerRunner(em), { companyId });
}
