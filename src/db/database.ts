/**
 * Database selection (docs/operations.md): DATABASE_URL when set, else the embedded PostgreSQL in
 * DATA_DIR/pg, started here or attached to when another process of this service already runs it.
 */
import type { Config } from '../config.ts';
import type { RunningDatabase } from './embedded.ts';

export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, log?: (line: string) => void): Promise<RunningDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  // Loaded only when it runs: a deployment with DATABASE_URL never holds the embedded server's code.
  const { startEmbedded } = await import('./embedded.ts');
  return startEmbedded(config.DATA_DIR, { log });
}
