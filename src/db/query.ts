/**
 * Typed SQL (ARCHITECTURE.md, principle 6): statements are built with Kysely over the declared tables
 * (`Database`, src/db/schema.ts) and only compiled here; they run on what the caller holds, a `SqlRunner`
 * (the pool, a write's transaction, an entity manager's unit of work: src/db/reads.ts), so a statement
 * inside a unit of work runs on its connection and sees its writes.
 *
 * A statement on a hot path is compiled once, when its module loads (`statement`): its parameters are
 * named, and each call only lays the arguments out in the compiled order. No `$n` is numbered by hand.
 */
import {
  CompiledQuery, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type Compilable, type InferResult, type RawBuilder,
} from 'kysely';
import type { SqlRunner, StatementOptions } from './reads.ts';
import type { Database } from './schema.ts';

/** The query builder: it compiles, it never connects (statements run on a `SqlRunner`). */
export const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const NAME = Symbol('parameter');

/** What a named parameter is while its statement is compiled: a value Kysely passes through as one parameter. */
interface Placeholder {
  readonly [NAME]: string;
}

const isPlaceholder = (value: unknown): value is Placeholder => typeof value === 'object' && value !== null && NAME in value;

/** A statement compiled once, with named parameters: `rows(runner, { id })`. */
export class Statement<P, O> {
  readonly sql: string;
  /** Each compiled parameter: the name of the argument it takes, or the constant the statement holds. */
  readonly #slots: readonly ({ name: string } | { value: unknown })[];

  constructor(compiled: CompiledQuery<O>) {
    this.sql = compiled.sql;
    this.#slots = compiled.parameters.map((value) => (isPlaceholder(value) ? { name: value[NAME] } : { value }));
  }

  /** The parameters in the compiled order. */
  parameters(args: P): unknown[] {
    const values = new Array<unknown>(this.#slots.length);
    for (let i = 0; i < values.length; i++) {
      const slot = this.#slots[i]!;
      values[i] = 'name' in slot ? (args as Record<string, unknown>)[slot.name] : slot.value;
    }
    return values;
  }

  rows(runner: SqlRunner, args: P, options?: StatementOptions): Promise<O[]> {
    return runner.rows<O>(this.sql, this.parameters(args), options);
  }

  async first(runner: SqlRunner, args: P): Promise<O | undefined> {
    return (await this.rows(runner, args))[0];
  }
}

/** A query of the builder, or a statement written with the `sql` tag (its row type given: `sql<Row>`). */
export type Query = Compilable<unknown> | RawBuilder<unknown>;

/** The row a query returns, as Kysely infers it from the query's columns. */
export type Row<C extends Query> = C extends RawBuilder<infer O> ? O : C extends Compilable<unknown> ? InferResult<C>[number] : never;

const compile = (query: Query): CompiledQuery => (isRawBuilder(query) ? query.compile(db) : query.compile());
const isRawBuilder = (query: Query): query is RawBuilder<unknown> => 'isRawBuilder' in query;

/** Every statement compiled at load, by name: test/db.sql-snapshot.test.ts keeps their SQL in a snapshot review sees. */
export const STATEMENTS = new Map<string, Statement<never, unknown>>();

/**
 * A statement compiled now, once: `build` receives its parameters by name (each stands for one SQL
 * parameter; an array is one parameter too, for `= any(…)`), and the statement takes their values at each run.
 * `name` (`area.what`) names it in the snapshot of the service's SQL.
 */
export function statement<P extends object, C extends Query>(name: string, build: (parameters: P) => C): Statement<P, Row<C>> {
  if (STATEMENTS.has(name)) throw new Error(`two statements named ${name}`);
  const placeholders = new Proxy({}, { get: (_, key) => (typeof key === 'string' ? { [NAME]: key } : undefined) }) as P;
  const compiled = new Statement<P, Row<C>>(compile(build(placeholders)));
  STATEMENTS.set(name, compiled);
  return compiled;
}

/** Runs a statement built for this call (a list whose conditions depend on its filter). */
export function rowsOf<C extends Query>(runner: SqlRunner, query: C, options?: StatementOptions): Promise<Row<C>[]> {
  const { sql, parameters } = compile(query);
  return runner.rows<Row<C>>(sql, parameters, options);
}

export async function firstOf<C extends Query>(runner: SqlRunner, query: C): Promise<Row<C> | undefined> {
  return (await rowsOf(runner, query))[0];
}

export { sql } from 'kysely';
export type { Database } from './schema.ts';
