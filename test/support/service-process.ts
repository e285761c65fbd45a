/**
 * The service as `npm start` runs it, in a child process on a database of the test's own (the test
 * PostgreSQL through DATABASE_URL), with the demo company and its credentials: for suites that kill it,
 * send it signals, restart it on the same data, or cut its database connections.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freshDatabase, type TestDatabase } from './db.ts';

const MAIN = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/main.ts'];

export interface RunningService {
  url: string;
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit code once the process has exited. */
  exit: Promise<number | null>;
  output(): string;
}

/** Starts the service on `databaseUrl` with DATA_DIR `dataDir` (its keys and demo credentials live there). */
export async function startService(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<RunningService> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env };
  if (!env.REDIS_URL) delete childEnv.REDIS_URL;
  const child = spawn(process.execPath, MAIN, { env: childEnv });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const found = /^listening on (http:\/\/\S+)$/m.exec(output);
      if (found) resolve(found[1]!);
    });
    void exit.then((code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
  return { url, child, exit, output: () => output };
}

export interface DemoCredentials {
  companyId: string;
  m2m: { client_id: string; client_secret: string };
  v1: { apiKey: string; apiSecret: string };
}

export async function demoCredentials(dataDir: string): Promise<DemoCredentials> {
  return JSON.parse(await readFile(join(dataDir, 'demo-credentials.json'), 'utf8')) as DemoCredentials;
}

async function post(url: string, body: unknown): Promise<Record<string, string>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as Record<string, string>;
}

export async function m2mToken(url: string, credentials: DemoCredentials): Promise<string> {
  return (await post(`${url}/m2m/token`, { client_id: credentials.m2m.client_id, client_secret: credentials.m2m.client_secret })).access_token!;
}

export async function v1Token(url: string, credentials: DemoCredentials): Promise<string> {
  return (await post(`${url}/api/v1/auth/token`, credentials.v1)).token!;
}

export interface ServiceProcess extends RunningService {
  database: TestDatabase;
  /** The database's name, as pg_stat_activity shows it. */
  databaseName: string;
  /** Tokens of the demo company: an M2M bearer token with every scope and a v1 token. */
  tokens(): Promise<{ m2m: string; v1: string }>;
  /** Runs SQL as the test server's superuser (pg_terminate_backend, allow_connections). */
  admin<Row extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<Row[]>;
  /** Kills the process if it still runs, drops its database and folder. */
  cleanup(): Promise<void>;
}

/** The service on a fresh database and folder of its own. */
export async function startServiceProcess(env: Record<string, string> = {}): Promise<ServiceProcess> {
  const database = await freshDatabase();
  const databaseName = new URL(database.url).pathname.slice(1);
  const dataDir = await mkdtemp(join(tmpdir(), 'studio-process-'));
  const admin = new pg.Client(process.env.TEST_PG_SERVER_URL);
  await admin.connect();
  let running: RunningService | undefined;
  const cleanup = async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGKILL');
      await running.exit;
    }
    await admin.end();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    running = await startService(database.url, dataDir, env);
  } catch (error) {
    await cleanup();
    throw error;
  }
  const { url } = running;
  return {
    ...running,
    database,
    databaseName,
    tokens: async () => {
      const credentials = await demoCredentials(dataDir);
      return { m2m: await m2mToken(url, credentials), v1: await v1Token(url, credentials) };
    },
    admin: async (sql, values) => (await admin.query(sql, values)).rows,
    cleanup,
  };
}
