/**
 * Before the suites: a PostgreSQL of the tests' own (embedded, own port and folder; or the server of
 * DATABASE_URL), and a template database with the migrations applied. Each suite clones the template
 * (`freshDatabase()`), so suites never share rows and never touch the `npm start` data.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbedded } from '../../src/db/embedded.ts';
import { migrate, openOrm } from '../../src/db/orm.ts';

export default async function globalSetup(): Promise<void> {
  // Suites start `src/main.ts`, the admin CLI, tsc, npm and redocly in child processes, some of them dozens of
  // times; each load strips and compiles the same few hundred modules. Node's compile cache keeps that work
  // between those processes and between runs (the workers and their children inherit this variable).
  if (!process.env.NODE_COMPILE_CACHE && !process.env.NODE_DISABLE_COMPILE_CACHE) {
    process.env.NODE_COMPILE_CACHE = join(tmpdir(), 'studio-test-compile-cache');
  }
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'studio-test-'));
    const db = await startEmbedded(dir);
    (globalThis as { __testDb?: unknown }).__testDb = { stop: db.stop, dir };
    serverUrl = db.url;
  }
  const template = `tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const templateUrl = withDatabase(serverUrl, template);
  const orm = await openOrm({ url: templateUrl, poolMax: 2 });
  await migrate(orm);
  await orm.close();
  process.env.TEST_PG_SERVER_URL = serverUrl;
  process.env.TEST_PG_TEMPLATE = template;
  (globalThis as { __testTemplate?: unknown }).__testTemplate = { serverUrl, template };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
