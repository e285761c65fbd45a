/**
 * What the service reads of its callers: an API client's or a v1 key's standing with its company (checked
 * on every token, src/pipeline/callers.ts), a company's row, the company of a credential, and the names
 * credentials were given (an author, the audit log's clients).
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import { PoolRunner, type CompanyReads, type SqlRunner } from './reads.ts';
import type { CompanyRow } from './rows.ts';

/** A credential as it stands now, with its company. */
export interface StandingRow extends CompanyRow {
  usable: boolean;
  /** An API client's scopes; null for a v1 key, which opens the whole company. */
  scopes: string[] | null;
  /** Seconds since the epoch: tokens issued before are refused (0: none). */
  notBefore: number;
}

const COMPANY_COLUMNS = ['co.id', 'co.name', 'co.timezone', 'co.currency'] as const;

const STANDING = {
  m2m: statement('callers.standing.m2m', ({ id, now }: { id: string; now: string }) =>
    db
      .selectFrom('api_client as c')
      .innerJoin('company as co', 'co.id', 'c.company_id')
      .select((eb) => [
        eb.and([eb('c.revoked_at', 'is', null), eb.or([eb('c.expires_at', 'is', null), eb('c.expires_at', '>', now)])]).$castTo<boolean>().as('usable'),
        'c.scopes',
        sql<number>`coalesce(extract(epoch from c.tokens_not_before), 0)::float8`.as('notBefore'),
        ...COMPANY_COLUMNS,
      ])
      .where('c.id', '=', id),
  ),
  v1: statement('callers.standing.v1', ({ id }: { id: string; now: string }) =>
    db
      .selectFrom('v1_api_key as k')
      .innerJoin('company as co', 'co.id', 'k.company_id')
      .select((eb) => [
        eb('k.revoked_at', 'is', null).$castTo<boolean>().as('usable'),
        sql<null>`null::text[]`.as('scopes'),
        sql<number>`coalesce(extract(epoch from k.tokens_not_before), 0)::float8`.as('notBefore'),
        ...COMPANY_COLUMNS,
      ])
      .where('k.id', '=', id),
  ),
};

/** The standing of the credential `id` of a surface at `now` (ISO), with its company; undefined when there is none. */
export function credentialStanding(runner: SqlRunner, surface: 'm2m' | 'v1', id: string, now: string): Promise<StandingRow | undefined> {
  return STANDING[surface].first(runner, { id, now });
}

const COMPANY = statement('callers.company', ({ id }: { id: string }) => db.selectFrom('company').select(['id', 'name', 'timezone', 'currency']).where('id', '=', id));

export function companyRow(runner: SqlRunner, companyId: string): Promise<CompanyRow | undefined> {
  return COMPANY.first(runner, { id: companyId });
}

const COMPANY_OF_CREDENTIAL = statement('callers.companyOfCredential', ({ id }: { id: string }) =>
  db.selectFrom('api_client').select('company_id').where('id', '=', id).unionAll(db.selectFrom('v1_api_key').select('company_id').where('id', '=', id)),
);

/** The company of an API client (`m2m_…`) or v1 key (`key_…`), for a command that names only the credential. */
export async function companyOfCredential(orm: MikroORM, id: string | undefined): Promise<string | undefined> {
  if (!id) return undefined;
  return (await COMPANY_OF_CREDENTIAL.first(new PoolRunner(orm), { id }))?.company_id;
}

const NAME = {
  m2m: statement('callers.name.m2m', ({ companyId, id }: { companyId: string; id: string }) =>
    db.selectFrom('api_client').select('name').where('company_id', '=', companyId).where('id', '=', id),
  ),
  v1: statement('callers.name.v1', ({ companyId, id }: { companyId: string; id: string }) =>
    db.selectFrom('v1_api_key').select('name').where('company_id', '=', companyId).where('id', '=', id),
  ),
};

/** The name an API client or a v1 key of the company was given. */
export async function credentialName(reads: CompanyReads, kind: 'm2m' | 'v1', id: string): Promise<string | undefined> {
  return (await reads.selectFirst(NAME[kind], { id }))?.name;
}

const NAMES = statement('callers.names', ({ companyId, ids }: { companyId: string; ids: readonly string[] }) =>
  db
    .selectFrom('api_client')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', '=', sql<string>`any(${ids}::text[])`)
    .unionAll(db.selectFrom('v1_api_key').select(['id', 'name']).where('company_id', '=', companyId).where('id', '=', sql<string>`any(${ids}::text[])`)),
);

/** The names of the API clients and v1 keys among `ids`, in one statement whatever their number. */
export async function credentialNames(runner: SqlRunner, companyId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await NAMES.rows(runner, { companyId, ids });
  return new Map(rows.map((row) => [row.id, row.name]));
}
