/**
 * Mutations write entities (src/domain) and answer with the plain rows the read path serves: the row of
 * what was written, read again after the write (through the write's transaction when there is one).
 */
import type DataLoader from 'dataloader';
import { NotFound } from '../src/domain/errors.ts';

export async function written<T>(loader: DataLoader<string, T | null>, id: string, what = 'Record'): Promise<T> {
  loader.clear(id);
  const row = await loader.load(id);
  if (!row) throw new NotFound(what);
  return row;
}
