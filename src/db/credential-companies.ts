/** The company of an API client (`m2m_…`) or v1 key (`key_…`), for a command that names only the credential. */
import type { MikroORM } from '@mikro-orm/postgresql';
import { PoolRunner } from './reads.ts';

export async function companyOfCredential(orm: MikroORM, id: string | undefined): Promise<string | undefined> {
  if (!id) return undefined;
  const rows = await new PoolRunner(orm).rows<{ company_id: string }>(
    'select company_id from api_client where id = $1 union all select company_id from v1_api_key where id = $1',
    [id],
  );
  return rows[0]?.company_id;
}
