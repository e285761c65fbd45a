/**
 * Statements about a unit of work itself rather than its rows: a savepoint a document's writes roll back
 * to (src/pipeline/commit.ts), a write's own statement timeout, and the probe of a database's readiness.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db } from './query.ts';
import { EntityManagerRunner, type SqlRunner } from './reads.ts';

/** The text of a statement with nothing to bind (a savepoint's name and a timeout are not parameters in SQL). */
const text = (statement: ReturnType<typeof sql>) => statement.compile(db).sql;

export async function savepoint(runner: SqlRunner, name: string): Promise<void> {
  await runner.rows(text(sql`savepoint ${sql.id(name)}`), []);
}

export async function releaseSavepoint(runner: SqlRunner, name: string): Promise<void> {
  await runner.rows(text(sql`release savepoint ${sql.id(name)}`), []);
}

export async function rollbackToSavepoint(runner: SqlRunner, name: string): Promise<void> {
  await runner.rows(text(sql`rollback to savepoint ${sql.id(name)}`), []);
}

/** Statements of this transaction may run for `ms` (0: for ever) rather than the connection's default. */
export async function setTransactionStatementTimeout(runner: SqlRunner, ms: number): Promise<void> {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new Error(`a statement timeout is a whole number of milliseconds, not ${ms}`);
  await runner.rows(text(sql`set local statement_timeout = ${sql.lit(ms)}`), []);
}

/** Throws when the database does not answer (through the ORM's resilient connection, as every statement goes). */
export async function pingDatabase(orm: MikroORM): Promise<void> {
  await new EntityManagerRunner(orm.em.fork()).rows(text(sql`select 1`), []);
}
