/** Loads every module of src/db, so that each statement it compiles at load is in `STATEMENTS` (src/db/query.ts). */
import { readdir } from 'node:fs/promises';
import { STATEMENTS } from '../../src/db/query.ts';

/** Scripts that run when loaded, rather than modules. */
const SCRIPTS = new Set(['migration-create.ts']);

export async function allStatements(): Promise<typeof STATEMENTS> {
  const dir = new URL('../../src/db/', import.meta.url);
  for (const file of await readdir(dir)) {
    if (file.endsWith('.ts') && !SCRIPTS.has(file)) await import(new URL(file, dir).href);
  }
  return STATEMENTS;
}
