/**
 * Statements whose text a request decides (issue 35): the select list a GraphQL selection asks for
 * (src/db/loaders.ts `RowColumns`), which of a list's conditions are given, a page from an offset or after a
 * key. Each is built with Kysely like every statement of src/db, compiled the first time its shape is asked
 * for, and kept by shape: a request of a shape seen before does no builder work, it only lays its arguments
 * out in the compiled order, as `statement()` (src/db/query.ts) does for the statements that never vary.
 * Parameters are named; no `$n` is numbered by hand.
 */
import type { CompiledQuery, RawBuilder } from 'kysely';
import { db, sql, Statement, STATEMENTS, type Query, type Row } from './query.ts';

const NAME = Symbol('shape parameter');

/** What an argument (or one element of an array argument) is while a shape is compiled: one SQL parameter. */
interface Placeholder {
  readonly [NAME]: string;
  readonly index?: number;
}

const isPlaceholder = (value: unknown): value is Placeholder => typeof value === 'object' && value !== null && NAME in value;

/** Placeholders by name: `p.ids` stands for the argument `ids`. */
const PLACEHOLDERS = new Proxy({}, { get: (_, key) => (typeof key === 'string' ? { [NAME]: key } : undefined) });

/**
 * Element `index` of an array argument, as a parameter of its own (each part of the key a page starts
 * after). Only for a shape's build function, whose arguments are placeholders.
 */
export function element<T>(array: readonly T[], index: number): T {
  const placeholder = array as unknown as Placeholder;
  if (!isPlaceholder(placeholder)) throw new Error('element() takes an argument of a shape being compiled');
  return { [NAME]: placeholder[NAME], index } as unknown as T;
}

/** Where a compiled parameter's value comes from: an argument (an element of it), or the statement itself. */
type Slot = { readonly name: string; readonly index: number | undefined } | { readonly value: unknown };

/**
 * A statement compiled for one shape. It runs as any `Statement` (`reads.select`, `rows`), its arguments
 * named; an argument it does not take may be passed and is not sent.
 */
export class Shape<P, O> extends Statement<P, O> {
  readonly #slots: readonly Slot[];
  readonly #names: ReadonlySet<string>;

  constructor(compiled: CompiledQuery<O>) {
    super(compiled);
    this.#slots = compiled.parameters.map((value) => (isPlaceholder(value) ? { name: value[NAME], index: value.index } : { value }));
    this.#names = new Set(this.#slots.flatMap((slot) => ('name' in slot ? [slot.name] : [])));
  }

  /** Whether it takes the argument `name`: the caller need not work one out that it does not. */
  takes(name: keyof P & string): boolean {
    return this.#names.has(name);
  }

  override parameters(args: P): unknown[] {
    const values = new Array<unknown>(this.#slots.length);
    for (let i = 0; i < values.length; i++) {
      const slot = this.#slots[i]!;
      if (!('name' in slot)) values[i] = slot.value;
      else {
        const value = (args as Record<string, unknown>)[slot.name];
        values[i] = slot.index === undefined ? value : (value as readonly unknown[])[slot.index];
      }
    }
    return values;
  }
}

const isRawBuilder = (query: Query): query is RawBuilder<unknown> => 'isRawBuilder' in query;

/** A shape compiled now: `build` receives its arguments as placeholders, by name. */
export function shape<P extends object, C extends Query>(build: (p: P) => C): Shape<P, Row<C>> {
  const query = build(PLACEHOLDERS as P);
  return new Shape<P, Row<C>>(isRawBuilder(query) ? query.compile(db) : query.compile());
}

/**
 * A shape's SQL kept in the snapshot of the service's SQL (test/db.sql-snapshot.test.ts) under `name`: the
 * shapes a module compiles at load, one of each kind it makes, so that a change to one shows in review.
 */
export function snapshot<S extends Shape<never, unknown>>(name: string, compiled: S): S {
  if (STATEMENTS.has(name)) throw new Error(`two statements named ${name}`);
  STATEMENTS.set(name, compiled);
  return compiled;
}

/**
 * Shapes by key, each made when first asked for. A key is made of what the code chose (a select list, the
 * names of the conditions given), never of a request's values; past `kept` shapes (each client's
 * selections can make new ones) the oldest is forgotten.
 */
export class Shapes<K, V> {
  readonly #made = new Map<K, V>();
  readonly #kept: number;

  constructor(kept = 256) {
    this.#kept = kept;
  }

  get(key: K, make: (key: K) => V): V {
    let made = this.#made.get(key);
    if (made === undefined) {
      made = make(key);
      if (this.#made.size >= this.#kept) this.#made.delete(this.#made.keys().next().value!);
      this.#made.set(key, made);
    }
    return made;
  }
}

/**
 * Which of a filter's values are given (set, not empty: as the lists have always read a filter), as a key:
 * with the select list, the part of a statement's shape a filter decides. `values` is an object literal of
 * one call site, so its properties come in one order.
 */
export function givenKey(values: object): string {
  let key = '';
  for (const name in values) if ((values as Record<string, unknown>)[name]) key += `${name} `;
  return key;
}

/**
 * The arguments of a shape over a filter: the filter's values beside the statement's own `args` (the company
 * comes from `reads.select`). TypeScript cannot see by itself that these are `Omit<A & W, 'companyId'>` for a generic `W`.
 */
export const withValues = <A extends { companyId: string }, W>(values: W, args: Omit<A, 'companyId'>) => ({ ...values, ...args }) as unknown as Omit<A & W, 'companyId'>;

/** Whether a filter's value `name` is given, for a shape's build function. */
export type Given<W> = (name: keyof W) => boolean;

export const givenIn = <W extends object>(values: W): Given<W> => (name) => !!values[name];

/** The conditions given, each after ` and `; nothing when none is. */
export function andEach(conditions: readonly (RawBuilder<unknown> | false | undefined)[]): RawBuilder<unknown> {
  const given = conditions.filter((condition): condition is RawBuilder<unknown> => !!condition);
  return sql.join(given.map((condition) => sql` and ${condition}`), sql``);
}
