/**
 * Writes `src/db/schema.ts`, the tables the service queries as Kysely's `Database` interface, from the
 * catalog of a migrated database, so the types of every typed query follow the migrations. `npm run
 * db:schema` makes a scratch database on DATABASE_URL's server (the embedded one of DATA_DIR without it),
 * migrates it, writes the file and drops it; test/db.schema.test.ts fails when the file differs from what the
 * migrations make.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import pg from 'pg';

export const SCHEMA_FILE = new URL('./schema.ts', import.meta.url);

/** The migrator's own bookkeeping: no query of the service reads it. */
const SKIPPED_TABLES = new Set(['mikro_orm_migrations']);

interface CatalogColumn {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  has_default: boolean;
}

/**
 * Each PostgreSQL type as the ORM's connection reads it (src/db/orm.ts): dates, times and instants as
 * PostgreSQL writes them (MikroORM's type parsers), bigint and numeric as text (node-postgres), json parsed.
 */
const TYPES: Record<string, string> = {
  text: 'string', varchar: 'string', bpchar: 'string', uuid: 'string', citext: 'string', tid: 'string',
  int2: 'number', int4: 'number', float4: 'number', float8: 'number',
  int8: 'Int8', numeric: 'Numeric',
  bool: 'boolean',
  timestamptz: 'Timestamp', timestamp: 'Timestamp', date: 'DateText', time: 'string', interval: 'string',
  json: 'Json', jsonb: 'Json',
  bytea: 'Buffer',
};

function tsType(udt: string): string {
  if (udt.startsWith('_')) {
    const element = tsType(udt.slice(1));
    return element === 'Timestamp' || element === 'DateText' ? 'string[]' : `${element}[]`;
  }
  const type = TYPES[udt];
  if (!type) throw new Error(`no TypeScript type for the PostgreSQL type ${udt}: add it to TYPES in src/db/schema-write.ts`);
  return type;
}

const pascal = (name: string) => name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

const HEADER = `/**
 * The tables the service queries, as Kysely's \`Database\`: written by \`npm run db:schema\` from a migrated
 * database (src/db/schema-write.ts), do not edit. test/db.schema.test.ts fails when it differs from what
 * the migrations make. Types are as the ORM's connection reads them: instants and dates as PostgreSQL
 * writes them (\`2026-11-21 10:00:00+00\`, \`2026-11-21\`), bigint and numeric as text.
 */
import type { ColumnType, Generated } from 'kysely';

/** An instant or a timestamp: read as PostgreSQL's text, written from a Date or an ISO text. */
export type Timestamp = ColumnType<string, Date | string, Date | string>;
/** A calendar date, \`YYYY-MM-DD\`. */
export type DateText = ColumnType<string, string, string>;
/** bigint: read as text (it may not fit a number), written from a number or text. */
export type Int8 = ColumnType<string, number | string | bigint, number | string | bigint>;
export type Numeric = ColumnType<string, number | string, number | string>;
export type Json = ColumnType<unknown, string | object, string | object>;
`;

/** The text of src/db/schema.ts for the tables of the database `client` is connected to. */
export async function schemaSource(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<CatalogColumn>(
    `select c.table_name, c.column_name, c.udt_name, c.is_nullable,
            (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as has_default
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public'
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, CatalogColumn[]>();
  for (const row of rows) {
    if (SKIPPED_TABLES.has(row.table_name)) continue;
    let columns = tables.get(row.table_name);
    if (!columns) tables.set(row.table_name, (columns = []));
    columns.push(row);
  }
  const parts = [HEADER];
  for (const [table, columns] of tables) {
    const lines = columns.map((column) => {
      let type = tsType(column.udt_name);
      if (column.is_nullable === 'YES') type = `${type} | null`;
      if (column.has_default) type = `Generated<${type}>`;
      return `  ${column.column_name}: ${type};`;
    });
    parts.push(`export interface ${pascal(table)}Table {\n${lines.join('\n')}\n}\n`);
  }
  parts.push(`export interface Database {\n${[...tables.keys()].map((table) => `  ${table}: ${pascal(table)}Table;`).join('\n')}\n}\n`);
  return parts.join('\n');
}

/** Migrates a scratch database on `serverUrl`'s server and returns the schema's text; the database is dropped after. */
export async function schemaOfMigrations(serverUrl: string): Promise<string> {
  const name = `schema_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const { migrate, openOrm } = await import('./orm.ts');
    const orm = await openOrm({ url: url.toString(), poolMax: 1 });
    try {
      await migrate(orm);
    } finally {
      await orm.close();
    }
    const client = new pg.Client(url.toString());
    await client.connect();
    try {
      return await schemaSource(client);
    } finally {
      await client.end();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadConfig } = await import('../config.ts');
  const { openDatabase } = await import('./database.ts');
  const database = await openDatabase(loadConfig());
  try {
    await writeFile(SCHEMA_FILE, await schemaOfMigrations(database.url));
  } finally {
    await database.stop();
  }
}
