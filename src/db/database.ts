/**
 * Database selection (OPERATING.md): DATABASE_URL when set, else the embedded PostgreSQL in
 * DATA_DIR/pg, started here or attached to when another process of this service already runs it.
 */
import type { Config } from '../config.ts';
import { startEmbedded, type RunningDatabase } from './embedded.ts';

export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, log?: (line: string) => void): Promise<RunningDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  return startEmbedded(config.DATA_DIR, { log });
}
