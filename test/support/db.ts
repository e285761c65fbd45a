/** A database of the suite's own, cloned from the migrated template that global-setup made. */
import { afterAll, beforeAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openOrm } from '../../src/db/orm.ts';
import { withDatabase } from './global-setup.ts';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function freshDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_PG_SERVER_URL!;
  const template = process.env.TEST_PG_TEMPLATE!;
  const name = `${template.replace('tpl_', 't_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  await admin.query(`create database "${name}" template "${template}"`);
  // A test's database is thrown away after it: a commit need not wait for its WAL to reach the disk (on a
  // DATABASE_URL server too, where the run's own embedded settings do not apply). What other sessions see is the same.
  await admin.query(`alter database "${name}" set synchronous_commit = off`);
  await admin.end();
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const client = new pg.Client(serverUrl);
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/**
 * A client on a fresh migrated database, opened before the file's tests and dropped after them: for the
 * tests that read what the migrations made (the catalog, the statements PostgreSQL accepts).
 */
export function migratedClient(): () => pg.Client {
  let database: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    database = await freshDatabase();
    client = new pg.Client(database.url);
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });
  return () => client;
}

/** An ORM on a fresh database, with a counter of the SQL statements it runs. */
export async function testOrm(): Promise<{ orm: MikroORM; db: TestDatabase; statements: string[]; close: () => Promise<void> }> {
  const db = await freshDatabase();
  const statements: string[] = [];
  const orm = await openOrm({ url: db.url, onQuery: (sql) => statements.push(sql), poolMax: 4 });
  return {
    orm,
    db,
    statements,
    close: async () => {
      await orm.close();
      await db.drop();
    },
  };
}
