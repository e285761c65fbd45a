/** Offset paging as both REST surfaces and GraphQL use it: page from 0, pageSize 1..100 (default 30). */
import type { PageRequest } from '../db/rows.ts';
import { Invalid } from './errors.ts';

export type { PageRequest };

export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;

export interface Page<T> {
  nodes: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Entries newest first after the one with this key (its instant, ISO, and its id): the instant bounds a
 * range of an index on (…, instant, id), the id orders entries of the same instant.
 */
export function olderThan(after: readonly string[] | undefined): Record<string, unknown> {
  if (!after) return {};
  const [instant, id] = after as [string, string];
  const at = new Date(instant);
  return { at: { $lte: at }, $or: [{ at: { $lt: at } }, { id: { $lt: id } }] };
}

/** The key `olderThan` takes of an entry. */
export const keyOfEntry = (entry: { at: Date; id: string | number | bigint }): string[] => [entry.at.toISOString(), String(entry.id)];

export function pageRequest(page: number | null | undefined, pageSize: number | null | undefined): PageRequest {
  const p = page ?? 0;
  const size = pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(p) || p < 0) throw new Invalid('page', 'min', 'must be a whole number from 0');
  if (!Number.isInteger(size) || size < 1) throw new Invalid('pageSize', 'min', 'must be at least 1');
  if (size > MAX_PAGE_SIZE) throw new Invalid('pageSize', 'max', `must be at most ${MAX_PAGE_SIZE}`);
  return { page: p, pageSize: size };
}
