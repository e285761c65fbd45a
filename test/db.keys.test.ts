/**
 * Every tenant table can be distributed by company (Citus, or any sharding by tenant): its primary key, its
 * unique constraints and indexes, its exclusion constraints and its foreign keys to other tenant tables all
 * include `company_id` (docs/operations.md, "Running on Citus"). Read from the migrated database's catalog,
 * so a new table or key that forgets the company fails here.
 */
import { describe, expect, it } from '@jest/globals';
import { migratedClient } from './support/db.ts';

/** Tables that are not distributed by company, and why. Every other table must have a `company_id`. */
const NOT_DISTRIBUTED: Record<string, string> = {
  company: 'the tenants themselves: a reference table (one row per studio, read with every call)',
  console_user: 'a reference table: a sign-in names only an email, unique across companies, before any company is known',
  console_session: 'a reference table: found by its token before the company is known',
  audit_entry: 'local to the coordinator: calls refused before any company is known are logged with none',
  job_worker: 'one row per running instance',
  server_key_check: 'one row: the server key check',
  mikro_orm_migrations: 'the migrations applied',
};

const client = migratedClient();

interface Key {
  table: string;
  name: string;
  kind: string;
  columns: string[];
  referenced: string | null;
  referencedColumns: string[] | null;
}

/** Primary keys, unique constraints, exclusion constraints and foreign keys of the public schema. */
async function constraints(): Promise<Key[]> {
  const { rows } = await client().query<Key>(`
    select c.conrelid::regclass::text as table, c.conname as name, c.contype as kind,
           array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
           c.confrelid::regclass::text as referenced,
           array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as "referencedColumns"
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where n.nspname = 'public' and c.contype in ('p', 'u', 'x', 'f')`);
  return rows.map((row) => ({ ...row, referenced: row.kind === 'f' ? row.referenced : null }));
}

/** Unique indexes that are not constraints (partial or on expressions), with the plain columns they cover. */
async function uniqueIndexes(): Promise<{ table: string; name: string; columns: string[] }[]> {
  const { rows } = await client().query(`
    select i.indrelid::regclass::text as table, ic.relname as name,
           array(select a.attname::text from unnest(i.indkey) k join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k) as columns
      from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = ic.relnamespace
     where n.nspname = 'public' and i.indisunique
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))`);
  return rows;
}

async function tables(): Promise<{ table: string; companyId: boolean }[]> {
  const { rows } = await client().query(`
    select c.relname as table,
           exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and a.attnotnull) as "companyId"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')`);
  return rows;
}

describe('keys ready to distribute by company', () => {
  it('every table is a tenant table (company_id, never null) or one of the few kept whole, each with its reason', async () => {
    const unclassified = (await tables()).filter((t) => !t.companyId && !(t.table in NOT_DISTRIBUTED)).map((t) => t.table);
    expect(unclassified).toEqual([]);
  });

  it('every primary key, unique and exclusion constraint and unique index of a tenant table includes company_id', async () => {
    const tenant = new Set((await tables()).filter((t) => !(t.table in NOT_DISTRIBUTED)).map((t) => t.table));
    expect(tenant.size).toBeGreaterThan(25);
    const keys = [...(await constraints()).filter((c) => c.kind !== 'f'), ...(await uniqueIndexes())];
    const without = keys.filter((k) => tenant.has(k.table) && !k.columns.includes('company_id')).map((k) => `${k.table}.${k.name}`);
    expect(without).toEqual([]);
    // Every tenant table has a primary key, and it was read.
    const keyed = new Set((await constraints()).filter((c) => c.kind === 'p').map((c) => c.table));
    expect([...tenant].filter((t) => !keyed.has(t))).toEqual([]);
  });

  it('every foreign key between tenant tables pairs company_id with company_id, so a row never points into another company', async () => {
    const tenant = new Set((await tables()).filter((t) => !(t.table in NOT_DISTRIBUTED)).map((t) => t.table));
    const foreign = (await constraints()).filter((c) => c.kind === 'f' && tenant.has(c.table) && tenant.has(c.referenced!));
    expect(foreign.length).toBeGreaterThan(30);
    const astray = foreign
      .filter((f) => {
        const at = f.columns.indexOf('company_id');
        return at < 0 || f.referencedColumns![at] !== 'company_id';
      })
      .map((f) => `${f.table}.${f.name}`);
    expect(astray).toEqual([]);
  });

  it('refuses a row that points at another company’s record', async () => {
    await client().query(`insert into company (id, name, timezone, currency, created_at) values
      ('co_keys_a', 'A', 'Europe/London', 'GBP', now()), ('co_keys_b', 'B', 'Europe/London', 'GBP', now())`);
    await client().query(`insert into customer (id, company_id, firstname, lastname, email, created_at, updated_at)
      values ('cust_keys_a', 'co_keys_a', 'Ada', 'L', 'ada@example.com', now(), now())`);
    await expect(
      client().query(`insert into note (id, company_id, customer_id, body, created_at) values ('note_keys_b', 'co_keys_b', 'cust_keys_a', 'x', now())`),
    ).rejects.toThrow(/note_customer_id_company_id_foreign/);
  });
});
