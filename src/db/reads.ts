/**
 * Plain-row reads (ARCHITECTURE.md, principles 5 and 6): typed statements (src/db/query.ts, src/db/shapes.ts)
 * answered as plain objects, with no entity creation, identity map or hydration. A `CompanyReads` is bound to
 * one company and passes its id as the `companyId` argument of every statement, which limits its rows with
 * it; the request context hands one out, so no read path holds a bare connection. Inside a write's
 * transaction, reads go through that transaction and see its changes; otherwise they go straight to the pool
 * as named (prepared) statements.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery, type Transaction } from 'kysely';
import type { Pool, QueryResult, QueryResultRow } from 'pg';
import type { Statement } from './query.ts';

export interface StatementOptions {
  /**
   * Planned for these parameters each time, not prepared: for a statement whose best plan depends on them
   * (an offset deep in a list), where PostgreSQL's generic plan of a prepared statement would not.
   */
  planEachTime?: boolean;
}

export interface SqlRunner {
  rows<T>(sql: string, params: readonly unknown[], options?: StatementOptions): Promise<T[]>;
}

/** `onQuery` of the ORM's options, so statements counted in tests include plain-row reads. */
type QueryHook = (sql: string) => unknown;

const statementNames = new Map<string, string>();

/** One name per distinct statement text: PostgreSQL then parses and plans it once per connection. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `r${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** Reads through the ORM's own `pg` pool, outside any transaction. */
export class PoolRunner implements SqlRunner {
  readonly #orm: MikroORM;
  #pool: Pool | undefined;

  constructor(orm: MikroORM) {
    this.#orm = orm;
  }

  async rows<T>(sql: string, params: readonly unknown[], options: StatementOptions = {}): Promise<T[]> {
    this.#pool ??= await this.#orm.em.getConnection().getNativeClient();
    (this.#orm.config.get('onQuery') as QueryHook | undefined)?.(sql);
    const name = options.planEachTime ? undefined : statementName(sql);
    const result = await this.#pool.query({ ...(name && { name }), text: sql, values: params as unknown[] });
    return result.rows as T[];
  }
}

/**
 * A typed statement (src/db/query.ts `statement`) run on a `pg` pool as it is, unnamed, with the driver's
 * whole result (`rowCount`): for the statements of the job queue and of webhook deliveries, no request's work.
 */
export function queryOn<P, O extends QueryResultRow>(pool: Pool, statement: Statement<P, O>, args: P): Promise<QueryResult<O>> {
  return pool.query<O>(statement.sql, statement.parameters(args));
}

/** Statements on a `pg` pool of a part's own (the audit writer's connection), prepared by name as the pool's reads are. */
export class OwnPoolRunner implements SqlRunner {
  readonly #pool: Pool;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async rows<T>(sql: string, params: readonly unknown[], options: StatementOptions = {}): Promise<T[]> {
    const name = options.planEachTime ? undefined : statementName(sql);
    const result = await this.#pool.query({ ...(name && { name }), text: sql, values: params as unknown[] });
    return result.rows as T[];
  }
}

/**
 * Reads through the transaction an entity manager has begun, so they see its uncommitted writes. Given a
 * function, the entity manager it returns at each statement: a write moves from savepoint to savepoint.
 */
export class TransactionRunner implements SqlRunner {
  readonly #em: () => EntityManager;
  readonly #fallback: SqlRunner;

  constructor(em: EntityManager | (() => EntityManager), fallback: SqlRunner) {
    this.#em = typeof em === 'function' ? em : () => em;
    this.#fallback = fallback;
  }

  async rows<T>(sql: string, params: readonly unknown[], options?: StatementOptions): Promise<T[]> {
    const em = this.#em();
    const transaction = em.isInTransaction() ? em.getTransactionContext<Transaction<unknown>>() : undefined;
    if (!transaction) return this.#fallback.rows<T>(sql, params, options);
    (em.config.get('onQuery') as QueryHook | undefined)?.(sql);
    const result = await transaction.executeQuery<T>(CompiledQuery.raw(sql, params as unknown[]));
    return result.rows;
  }
}

/**
 * Statements in an entity manager's unit of work: on its transaction when it has begun one (so they see its
 * flushed writes and commit or roll back with them), else on the ORM's pool. A refusal of the database comes
 * back as MikroORM's exception (`UniqueConstraintViolationException`…), as from `em.execute`.
 */
export class EntityManagerRunner implements SqlRunner {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  async rows<T>(sql: string, params: readonly unknown[]): Promise<T[]> {
    (this.#em.config.get('onQuery') as QueryHook | undefined)?.(sql);
    try {
      const result = await this.#em.getKysely().executeQuery<T>(CompiledQuery.raw(sql, params as unknown[]));
      return result.rows;
    } catch (error) {
      throw this.#em.getDriver().convertException(error as Error);
    }
  }
}

/**
 * Ids joined by commas that may stand in a PostgreSQL array literal without quotes: no element empty, none
 * with a character that would need quoting, none the word NULL.
 */
const BARE_ELEMENTS = /^[A-Za-z0-9_.:-]+(?:,[A-Za-z0-9_.:-]+)*$/;
const NULL_ELEMENT = /(?:^|,)null(?:,|$)/i;

/**
 * A list of ids (a batch's parents) as PostgreSQL's array literal, `{a,b}`, joined once and checked in one
 * pass. node-postgres quotes and escapes each element in pieces: for the thousand ids of a page's bookings,
 * a quarter of a megabyte of garbage per statement. Any other value, or a list with an element that would
 * need quoting, goes to node-postgres as it is.
 */
export function arrayParameter(value: unknown): unknown {
  if (!Array.isArray(value) || value.length === 0) return value;
  for (const element of value) if (typeof element !== 'string') return value;
  const joined = value.join(',');
  if (!BARE_ELEMENTS.test(joined) || NULL_ELEMENT.test(joined)) return value;
  // Each comma must be a separator: an element with one of its own reads as two.
  let commas = 0;
  for (let at = joined.indexOf(','); at !== -1; at = joined.indexOf(',', at + 1)) commas++;
  return commas === value.length - 1 ? `{${joined}}` : value;
}

/** Statements of one company: their `companyId` argument is always its id. */
export class CompanyReads {
  readonly companyId: string;
  readonly #runner: SqlRunner;

  constructor(runner: SqlRunner, companyId: string) {
    this.#runner = runner;
    this.companyId = companyId;
  }

  /** A typed statement of this company: its `companyId` parameter is this company's id. */
  select<P extends { companyId: string }, O>(statement: Statement<P, O>, args: Omit<P, 'companyId'>, options?: StatementOptions): Promise<O[]> {
    const values = statement.parameters({ ...args, companyId: this.companyId } as P);
    for (let i = 0; i < values.length; i++) values[i] = arrayParameter(values[i]);
    return this.#runner.rows<O>(statement.sql, values, options);
  }

  async selectFirst<P extends { companyId: string }, O>(statement: Statement<P, O>, args: Omit<P, 'companyId'>): Promise<O | undefined> {
    return (await this.select(statement, args))[0];
  }
}

/** SQL of an instant as `2026-11-21T10:00:00.000Z`, the form the `DateTime` scalar sends. */
export const isoInstant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SQL of an instant as the local wall-clock `YYYY-MM-DDTHH:MM:SS` in the zone named by `zone` (SQL). */
export const localDateTime = (column: string, zone: string) => `to_char(${column} at time zone ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
