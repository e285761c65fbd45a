/**
 * The statements of an import (src/bundles/import.ts), which writes a whole studio on a connection of its
 * own: one transaction, rows sent by COPY while the next tables are prepared, the company's records that
 * the bundle refers to locked as a foreign-key check would lock them.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql, type Compilable } from 'kysely';
import pg from 'pg';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';
import { db } from './query.ts';
import type { Database } from './schema.ts';
import type { SqlRunner } from './reads.ts';

/** A table of the company's records, which the bundle may give ids of or refer to. */
export type RecordTable = keyof Database;

const connectionOf = (orm: MikroORM) => new pg.Client({ connectionString: orm.config.get('clientUrl') });

async function rowsOn<O>(client: pg.ClientBase, query: Compilable<O>): Promise<O[]> {
  const { sql: text, parameters } = query.compile();
  return (await client.query<O & pg.QueryResultRow>(text, parameters as unknown[])).rows;
}

const textOf = (statement: ReturnType<typeof sql>) => statement.compile(db).sql;

/** Whether another company holds one of `ids` of a table, for each table the bundle gives ids of. */
async function takenOn(client: pg.ClientBase, companyId: string, ids: Iterable<[table: string, ids: string[]]>): Promise<boolean> {
  for (const [table, all] of ids) {
    // Text PostgreSQL cannot hold is no id of any record (the import names it among the bundle's problems).
    const given = all.filter((id) => id.isWellFormed() && !id.includes('\0'));
    const query = db
      .selectFrom(table as 'customer')
      .select(sql<number>`1`.as('taken'))
      .where('id', '=', sql<string>`any(${given}::text[])`)
      .where('company_id', '<>', companyId)
      .limit(1);
    if ((await rowsOn(client, query)).length) return true;
  }
  return false;
}

export async function idsTakenElsewhere(orm: MikroORM, companyId: string, ids: Iterable<[table: string, ids: string[]]>): Promise<boolean> {
  const client = connectionOf(orm);
  await client.connect();
  try {
    return await takenOn(client, companyId, ids);
  } finally {
    await client.end();
  }
}

/** The advisory lock an import of its own ids holds to its commit (any constant the service uses nowhere else). */
const IMPORT_IDS_LOCK = 7_301_202_611;

/**
 * The statement that adds `amounts` to a counter of rows that were there before the import (an event date's
 * spaces, a pass's credits used), run in its turn after the COPYs queued before it.
 */
export function addToCounters(table: 'event_date' | 'pass_purchase', column: 'spaces_booked' | 'credits_consumed', ids: string[], amounts: number[]) {
  return sql`update ${sql.table(table)} t set ${sql.id(column)} = t.${sql.id(column)} + added.amount
    from unnest(${ids}::text[], ${amounts}::int[]) as added(id, amount) where t.id = added.id`.compile(db);
}

/** The import's connection, in its transaction from `open` to `commit` or `rollback`. */
export class ImportConnection {
  readonly client: pg.Client;

  private constructor(client: pg.Client) {
    this.client = client;
  }

  /**
   * Connects and begins the transaction. Instants in the database's messages, which the import explains to
   * its user, come in UTC.
   */
  static async open(orm: MikroORM): Promise<ImportConnection> {
    const client = connectionOf(orm);
    await client.connect();
    const connection = new ImportConnection(client);
    try {
      await client.query(textOf(sql`begin`));
      await client.query(textOf(sql`set local time zone 'UTC'`));
    } catch (error) {
      await client.end();
      throw error;
    }
    return connection;
  }

  /**
   * Ids are unique across the database, which no key says once every key includes the company (docs/operations.md,
   * "Running on Citus"): an import of the bundle's own ids holds a lock to its commit, so imports check and
   * write their ids one at a time, and answers whether no other company holds one of them.
   */
  async claimIds(companyId: string, ids: Iterable<[table: string, ids: string[]]>): Promise<boolean> {
    await this.client.query(textOf(sql`select pg_advisory_xact_lock(${sql.lit(IMPORT_IDS_LOCK)})`));
    return !(await takenOn(this.client, companyId, ids));
  }

  /**
   * Statements in the import's transaction (src/db/reads.ts `SqlRunner`): what records the import (its cache
   * versions and audit entry) commits with it.
   */
  runner(): SqlRunner {
    return { rows: async <T>(text: string, params: readonly unknown[]) => (await this.client.query(text, params as unknown[])).rows as T[] };
  }

  /** The company, locked against its deletion until the import ends. */
  async company(companyId: string) {
    const [company] = await rowsOn(this.client, db.selectFrom('company').select(['id', 'timezone', 'currency']).where('id', '=', companyId).forKeyShare());
    return company;
  }

  /**
   * Foreign-key triggers off for this transaction (the import checks every reference itself, and COPY is
   * several times as fast without them); a role that may not turn them off keeps them.
   */
  async skipForeignKeyTriggers(): Promise<void> {
    await this.client.query(textOf(sql`savepoint replica_role`));
    try {
      await this.client.query(textOf(sql`set local session_replication_role = replica`));
      await this.client.query(textOf(sql`release savepoint replica_role`));
    } catch {
      await this.client.query(textOf(sql`rollback to savepoint replica_role`));
    }
  }

  /** The company's records of `table` among `ids`, locked as a foreign-key check would, with `columns` of theirs. */
  async existing<C extends string>(table: RecordTable, companyId: string, ids: readonly string[], columns: Record<C, string> = {} as Record<C, string>) {
    const query = db
      .selectFrom(table as 'customer')
      .select('id')
      .select(Object.entries<string>(columns).map(([name, column]) => sql.ref(column).as(name)))
      .where('company_id', '=', companyId)
      .where('id', '=', sql<string>`any(${ids}::text[])`)
      .forKeyShare();
    return (await rowsOn(this.client, query)) as unknown as ({ id: string } & Record<C, unknown>)[];
  }

  /** The options of services (deleted ones first, so a live option of the same name wins when they are read into a map). */
  serviceOptions(serviceIds: readonly string[]) {
    return rowsOn(
      this.client,
      db
        .selectFrom('service_option')
        .select(['service_id as service', 'name', 'duration_minutes as durationMinutes', sql<boolean>`deleted_at is not null`.as('deleted')])
        .where('service_id', '=', sql<string>`any(${serviceIds}::text[])`)
        .orderBy(sql`deleted_at is null`),
    );
  }

  /**
   * The highest place the waitlist of each of the dates has given (places are never reused): entries of the
   * bundle that give none go after it. The caller holds the dates FOR KEY SHARE, which keeps joins out of them.
   */
  lastPlaces(companyId: string, eventDateIds: readonly string[]) {
    return rowsOn(
      this.client,
      db
        .selectFrom('waitlist_entry')
        .select(['event_date_id as eventDateId', sql<number>`max(place)`.as('place')])
        .where('company_id', '=', companyId)
        .where('event_date_id', '=', sql<string>`any(${eventDateIds}::text[])`)
        .groupBy('event_date_id'),
    );
  }

  /** A COPY of rows into `table`'s `columns`, as text rows written to the returned stream. */
  copyInto(table: string, columns: readonly string[]): CopyStreamQuery {
    return this.client.query(copyFrom(textOf(sql`copy ${sql.table(table)} (${sql.join(columns.map((column) => sql.id(column)))}) from stdin`)));
  }

  async commit(): Promise<void> {
    await this.client.query(textOf(sql`commit`));
  }

  /** Fresh rows have no planner statistics until autovacuum gets round to them: the next reads would be planned blind. */
  async analyze(tables: readonly string[]): Promise<void> {
    if (tables.length) await this.client.query(textOf(sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`));
  }

  async rollback(): Promise<void> {
    await this.client.query(textOf(sql`rollback`)).catch(() => {});
  }

  async end(): Promise<void> {
    await this.client.end();
  }
}
