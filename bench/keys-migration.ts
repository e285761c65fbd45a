/**
 * `npm run bench:keys-migration`: the company-keys migration (Migration20261129170000_company_keys) on a copy
 * of the bench company (the generated bundle of `npm run bench`, 20,000 customers by default), made at the
 * migration before it: how long it takes, and that every row is still there with its id. test/db.keys-migration
 * runs the same on a small copy.
 *
 * Options: `--customers N` (20000). DATABASE_URL: a server to make the database on (else an embedded one).
 */
import { parseArgs } from 'node:util';
import type { MikroORM } from '@mikro-orm/postgresql';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { importBundle } from '../src/bundles/import.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { createCompany } from '../src/domain/companies.ts';
import { TODAY } from './company.ts';
import { benchDatabase } from './database.ts';

/** The migration before the company keys: the schema an existing database has. */
export const BEFORE_KEYS = 'Migration20261129160000_live_waitlist';

export interface Moved {
  /** Rows of every table, before and after. */
  before: Record<string, number>;
  after: Record<string, number>;
  /** Whether every table's ids are the same set after as before. */
  sameIds: boolean;
  migrationMs: number;
}

/** Rows of every table of records (not the migrations applied), and a digest of each table's ids (of its `id` column, where it has one). */
async function inventory(orm: MikroORM): Promise<{ counts: Record<string, number>; ids: Record<string, string> }> {
  const sql = orm.em.getConnection();
  const tables = await sql.execute<{ name: string; has_id: boolean }[]>(
    `select c.relname as name, exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'id') as has_id
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'mikro_orm_migrations' order by 1`,
  );
  const counts: Record<string, number> = {};
  const ids: Record<string, string> = {};
  for (const { name, has_id } of tables) {
    const [row] = await sql.execute<{ n: string; digest: string | null }[]>(
      `select count(*) as n, ${has_id ? `md5(string_agg(id::text, ',' order by id::text))` : 'null'} as digest from "${name}"`,
    );
    counts[name] = Number(row!.n);
    ids[name] = row!.digest ?? '';
  }
  return { counts, ids };
}

/**
 * Takes a migrated database back to the schema before the company keys, imports a generated company of
 * `customers` into it, and migrates it forward again.
 */
export async function moveAcross(orm: MikroORM, customers: number): Promise<Moved> {
  await migrate(orm);
  await orm.migrator.down({ to: BEFORE_KEYS });
  const bundle = generateBundle({ seed: 1, customers, bookingsPerCustomer: 10, today: TODAY });
  const { id: companyId } = await createCompany(orm, { name: 'Bench Studio', timezone: 'Europe/London', currency: 'GBP' });
  await importBundle(orm, companyId, bundle);
  const before = await inventory(orm);
  const started = performance.now();
  await orm.migrator.up();
  const migrationMs = performance.now() - started;
  const after = await inventory(orm);
  const sameIds = Object.keys(before.ids).every((table) => before.ids[table] === after.ids[table]);
  return { before: before.counts, after: after.counts, sameIds, migrationMs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { customers: { type: 'string', default: '20000' } } });
  const database = await benchDatabase('keys');
  const orm = await openOrm({ url: database.url, poolMax: 4 });
  try {
    const moved = await moveAcross(orm, Number(values.customers));
    const rows = Object.values(moved.after).reduce((sum, n) => sum + n, 0);
    const changed = Object.keys(moved.before).filter((table) => moved.before[table] !== moved.after[table]);
    console.log(`company keys migration on the bench company (${values.customers} customers, ${rows.toLocaleString('en')} rows): ${(moved.migrationMs / 1000).toFixed(1)} s`);
    console.log(`tables whose row count changed: ${changed.length ? changed.join(', ') : 'none'}; every id kept: ${moved.sameIds}`);
    if (changed.length || !moved.sameIds) process.exitCode = 1;
  } finally {
    await orm.close();
    await database.remove();
  }
}
