/**
 * A database of a benchmark's own, removed at the end: an embedded PostgreSQL in a temporary folder, or a
 * fresh database on the server of DATABASE_URL. With `statementStats`, the embedded server is restarted
 * once with `pg_stat_statements` loaded, so a benchmark can count the statements other processes run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbedded } from '../src/db/embedded.ts';

export interface BenchDatabase {
  url: string;
  remove(): Promise<void>;
}

async function run(url: string, sql: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function benchDatabase(label: string, options: { statementStats?: boolean } = {}): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
    await run(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), remove: () => run(serverUrl, `drop database if exists "${name}" with (force)`) };
  }
  const dir = await mkdtemp(join(tmpdir(), `bench-${label}-`));
  let db = await startEmbedded(dir);
  if (options.statementStats) {
    // A preloaded library takes effect only at server start.
    await run(db.url, `alter system set shared_preload_libraries = 'pg_stat_statements'`);
    await db.stop();
    db = await startEmbedded(dir);
  }
  return {
    url: db.url,
    remove: async () => {
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
