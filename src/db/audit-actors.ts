/**
 * Who can appear in a company's audit log, by name: its API clients (revoked ones too, for the entries they
 * left) and its console users. For the audit page's filters, whose readers may not manage either.
 */
import type { EntityManager } from '@mikro-orm/postgresql';

export interface AuditActorRow {
  id: string;
  kind: 'API_CLIENT' | 'CONSOLE_USER';
  name: string;
}

export async function auditActors(em: EntityManager, companyId: string): Promise<AuditActorRow[]> {
  return em.execute<AuditActorRow[]>(
    `select id, 'API_CLIENT' as kind, name from api_client where company_id = ?
     union all
     select id, 'CONSOLE_USER' as kind, email as name from console_user where company_id = ?
     order by kind, name, id`,
    [companyId, companyId],
  );
}
