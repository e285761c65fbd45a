/**
 * A list's order as a sort key, so that a page can start after a row (keyset paging) instead of counting
 * past the rows before it: PostgreSQL reads such a page as a range of the index that has the same order,
 * wherever the page is in the list. The key's columns are all ascending or all descending, the last one
 * unique, and none is null (a row comparison with a null matches nothing).
 */
import { sql, type RawBuilder } from 'kysely';
import { element } from './shapes.ts';

type Raw = Record<string, unknown>;

/** A column of the key and its type, to read a key written as text back exactly. */
export type KeyColumn = readonly [sql: string, type: 'text' | 'timestamptz' | 'date' | 'bigint'];

export interface SortKey {
  columns: readonly KeyColumn[];
  descending?: boolean;
}

export const orderOf = (key: SortKey): string => key.columns.map(([sql]) => (key.descending ? `${sql} desc` : sql)).join(', ');

/** Where a row's key is read: the names of its parts among the row's columns, and the columns added for them. */
export interface KeyReading {
  /** `, c.starts_at::text as "__k0"`…, or nothing when the select list holds every part already. */
  sql: string;
  names: readonly string[];
}

/**
 * The key of a row as text, each part as PostgreSQL writes it (a timestamp to the microsecond): a text part
 * the select list `columns` reads as it is (`c.id`, `c.lastname as "lastName"`) is read from there; any
 * other in a column of its own (`__k0`…). Text columns cost the driver nothing to read, where an array
 * would be parsed for every row; no part is sent twice.
 */
export function keyReading(key: SortKey, columns = ''): KeyReading {
  const selected = plainColumns(columns).named;
  const added: string[] = [];
  const names = key.columns.map(([sql, type], i) => {
    const name = type === 'text' ? selected.get(sql) : undefined;
    if (name) return name;
    added.push(`${sql}::text as "__k${i}"`);
    return `__k${i}`;
  });
  return { sql: added.length ? `, ${added.join(', ')}` : '', names };
}

/**
 * The plain columns of a select list (`c.id`, `c.lastname as "lastName"`), each with the name it is read
 * by, and whether the list is nothing else (no expression).
 */
function plainColumns(columns: string): { named: Map<string, string>; onlyPlain: boolean } {
  const named = new Map<string, string>();
  let onlyPlain = true;
  for (const item of columns.split(', ')) {
    const plain = /^(\w+)\.(\w+)(?: as "(\w+)")?$/.exec(item);
    if (plain) named.set(`${plain[1]}.${plain[2]}`, plain[3] ?? plain[2]!);
    else onlyPlain = false;
  }
  return { named, onlyPlain };
}

/** Whether a select list reads nothing but columns of the sort key, as they are: the key's index holds all it reads. */
export function coveredByKey(columns: string, key: SortKey): boolean {
  const { named, onlyPlain } = plainColumns(columns);
  const keyed = new Set(key.columns.map(([sql]) => sql));
  return onlyPlain && [...named.keys()].every((column) => keyed.has(column));
}

/** The key's columns as `alias.k0, alias.k1…` of a subquery that selects them with `keyColumns`. */
export const keyOf = (key: SortKey, alias: string): SortKey => ({ ...key, columns: key.columns.map(([, type], i) => [`${alias}.k${i}`, type] as const) });
export const keyColumns = (key: SortKey): string => key.columns.map(([sql], i) => `${sql} as k${i}`).join(', ');

/**
 * The rows after the key `values`: `(a, b) > (…::timestamptz, …::text)`, or `<` when descending, a row
 * comparison PostgreSQL reads as a range of the key's index. Each part is one parameter, cast to its
 * column's type (the key comes as text); `values` is an argument of a shape being compiled (src/db/shapes.ts).
 */
export function afterKey(key: SortKey, values: readonly string[]): RawBuilder<boolean> {
  const columns = key.columns.map(([column]) => sql.ref(column));
  const parts = key.columns.map(([, type], i) => sql`${element(values, i)}::${sql.raw(type)}`);
  return sql<boolean>`(${sql.join(columns)}) ${sql.raw(key.descending ? '<' : '>')} (${sql.join(parts)})`;
}

/** How many rows to read for a page: one more with look-ahead, to know whether another follows. */
export const rowsToRead = (request: { pageSize: number; lookAhead?: boolean }) => request.pageSize + (request.lookAhead ? 1 : 0);

/**
 * A page's rows read with `rowsToRead`: the page itself (mapped), and with look-ahead whether a row follows
 * it and the key of its last row.
 */
export function cut<T>(raw: Raw[], request: { pageSize: number; lookAhead?: boolean }, map: (row: Raw) => T, key?: KeyReading) {
  const more = raw.length > request.pageSize;
  const rows = more ? raw.slice(0, request.pageSize) : raw;
  if (!request.lookAhead || !key) return { nodes: rows.map(map) };
  const last = rows.at(-1);
  const endKey = last && key.names.map((name) => String(last[name]));
  return { nodes: rows.map(map), hasNextPage: more, endKey };
}
