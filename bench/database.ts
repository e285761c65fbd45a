/**
 * A database of a benchmark's own, removed at the end: an embedded PostgreSQL in a temporary folder, or a
 * fresh database on the server of DATABASE_URL.
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

export async function benchDatabase(label: string): Promise<BenchDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client(serverUrl);
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      remove: async () => {
        const client = new pg.Client(serverUrl);
        await client.connect();
        await client.query(`drop database if exists "${name}" with (force)`);
        await client.end();
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), `bench-${label}-`));
  const db = await startEmbedded(dir);
  return {
    url: db.url,
    remove: async () => {
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
