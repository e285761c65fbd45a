/**
 * A list's order as a sort key, so that a page can start after a row (keyset paging) instead of counting
 * past the rows before it: PostgreSQL reads such a page as a range of the index that has the same order,
 * wherever the page is in the list. The key's columns are all ascending or all descending, the last one
 * unique, and none is null (a row comparison with a null matches nothing).
 */
type Raw = Record<string, any>;

/** A column of the key and its type, to read a key written as text back exactly. */
export type KeyColumn = readonly [sql: string, type: 'text' | 'timestamptz' | 'date' | 'bigint'];

export interface SortKey {
  columns: readonly KeyColumn[];
  descending?: boolean;
}

export const orderOf = (key: SortKey): string => key.columns.map(([sql]) => (key.descending ? `${sql} desc` : sql)).join(', ');

/** The key of a row as text, each part as PostgreSQL writes it (a timestamp to the microsecond). */
export const keyOutput = (key: SortKey): string => `array[${key.columns.map(([sql]) => `${sql}::text`).join(', ')}] as "__key"`;

/** The key's columns as `alias.k0, alias.k1…` of a subquery that selects them with `keyColumns`. */
export const keyOf = (key: SortKey, alias: string): SortKey => ({ ...key, columns: key.columns.map(([, type], i) => [`${alias}.k${i}`, type] as const) });
export const keyColumns = (key: SortKey): string => key.columns.map(([sql], i) => `${sql} as k${i}`).join(', ');

/** The rows after the key given from `$first` on: `(a, b) > ($5::text, $6::text)`, or `<` when descending. */
export function afterKey(key: SortKey, first: number): string {
  const placeholders = key.columns.map(([, type], i) => `$${first + i}::${type}`);
  return `(${key.columns.map(([sql]) => sql).join(', ')}) ${key.descending ? '<' : '>'} (${placeholders.join(', ')})`;
}

/** How many rows to read for a page: one more with look-ahead, to know whether another follows. */
export const rowsToRead = (request: { pageSize: number; lookAhead?: boolean }) => request.pageSize + (request.lookAhead ? 1 : 0);

/**
 * A page's rows read with `rowsToRead`: the page itself (mapped), and with look-ahead whether a row follows
 * it and the key of its last row.
 */
export function cut<T>(raw: Raw[], request: { pageSize: number; lookAhead?: boolean }, map: (row: Raw) => T) {
  const more = raw.length > request.pageSize;
  const rows = more ? raw.slice(0, request.pageSize) : raw;
  if (!request.lookAhead) return { nodes: rows.map(map) };
  const endKey: string[] | undefined = rows.at(-1)?.__key;
  return { nodes: rows.map(map), hasNextPage: more, endKey };
}
