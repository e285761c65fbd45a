/** The lock that keeps a company with an owner while its console users change (src/domain/console-users.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';

const LOCK_OWNERS = statement('consoleUsers.lockOwners', (p: { companyId: string }) =>
  db.selectFrom('console_user').select('id').where('company_id', '=', p.companyId).where('role', '=', 'owner').forUpdate(),
);

/** The ids of the company's owners, locked until the unit of work ends: two changes of owners take turns. */
export async function lockOwners(em: EntityManager, companyId: string): Promise<string[]> {
  return (await LOCK_OWNERS.rows(new EntityManagerRunner(em), { companyId })).map((row) => row.id);
}
