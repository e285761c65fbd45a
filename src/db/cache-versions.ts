/**
 * The read cache's versions, one per company and type, kept in PostgreSQL. A write raises the versions of
 * the types it changes inside its own transaction, and announces them on CACHE_VERSION_CHANNEL (PostgreSQL
 * delivers a NOTIFY only when its transaction commits). Cached answers are keyed by these versions, so a
 * version can never move before the change it stands for is visible, and no store that loses or keeps
 * entries (Redis away, restarted with its data) can bring a superseded answer back.
 */
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import type { SqlRunner } from './reads.ts';

/** The trigger that numbers webhook events at commit raises and announces versions too, under this name and shape (migration 20261126100000). */
export const CACHE_VERSION_CHANNEL = 'cache_versions';

/**
 * The version every cached read of a company is keyed by, whatever types it reads: raised by a write that may
 * change anything (an import of a whole studio), so no answer made before it is served after it.
 */
export const EVERY_TYPE = '*';

/** A company's versions by type; a type never written has none (version 0). */
export type Versions = Record<string, number>;

/** What a NOTIFY on CACHE_VERSION_CHANNEL carries: `{"c": companyId, "v": {type: version}}`. */
export interface VersionNotice {
  c: string;
  v: Versions;
}

const toVersions = (rows: { type: string; version: string }[]): Versions => Object.fromEntries(rows.map((r) => [r.type, Number(r.version)]));

/** Rows are raised in the order of their type names, so concurrent writes of one company never deadlock here. */
const RAISE = statement('cacheVersions.raise', ({ companyId, types }: { companyId: string; types: readonly string[] }) =>
  db
    .with('raised', (w) =>
      w
        .insertInto('cache_version')
        .columns(['company_id', 'type', 'version'])
        .expression(sql`select ${companyId}, t, 1 from unnest(${types}::text[]) as t order by t`)
        .onConflict((conflict) => conflict.columns(['company_id', 'type']).doUpdateSet({ version: sql`cache_version.version + 1` }))
        .returning(['type', 'version']),
    )
    .with('announced', () =>
      sql`(select pg_notify(${CACHE_VERSION_CHANNEL}, json_build_object('c', ${companyId}::text, 'v', json_object_agg(type, version))::text) from raised)`,
    )
    .selectFrom(['raised', 'announced'])
    .select(['raised.type', sql<string>`raised.version::text`.as('version')]),
);

/** Raises the versions of `types` of a company in the caller's transaction and announces them at its commit. */
export async function raiseCacheVersions(runner: SqlRunner, companyId: string, types: readonly string[]): Promise<Versions> {
  if (!types.length) return {};
  return toVersions(await RAISE.rows(runner, { companyId, types: [...new Set(types)].sort() }));
}

const COMPANY_VERSIONS = statement('cacheVersions.ofCompany', ({ companyId }: { companyId: string }) =>
  db.selectFrom('cache_version').select(['type', sql<string>`version::text`.as('version')]).where('company_id', '=', companyId),
);

/** Every version of a company, as committed now. */
export async function companyCacheVersions(runner: SqlRunner, companyId: string): Promise<Versions> {
  return toVersions(await COMPANY_VERSIONS.rows(runner, { companyId }));
}
