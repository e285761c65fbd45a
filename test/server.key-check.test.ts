/**
 * A SERVER_KEY other than the one a database was first used with is refused at start, by `npm start`
 * and by the admin command line, with a message naming SERVER_KEY, instead of every stored secret
 * failing silently (issue 9, finding 8). The real start path, in child processes, on one database.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freshDatabase, type TestDatabase } from './support/db.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const NODE = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning'];

let database: TestDatabase;
let first: string;
let second: string;

/** `npm start` with this environment: the URL once it listens, or its exit code and output when it stops first. */
async function start(env: Record<string, string>): Promise<{ url?: string; code?: number | null; output: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...NODE, 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url, PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exit;
  };
  return new Promise((resolve) => {
    child.stdout.on('data', () => {
      const listening = /^listening on (http:\/\/\S+)$/m.exec(output);
      if (listening) resolve({ url: listening[1], output, stop });
    });
    void exit.then((code) => resolve({ code, output, stop }));
  });
}

function admin(args: string[], env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...NODE, 'src/cli/admin.ts', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: database.url, ...env }, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }));
  });
}

beforeAll(async () => {
  database = await freshDatabase();
  first = await mkdtemp(join(tmpdir(), 'studio-key-a-'));
  second = await mkdtemp(join(tmpdir(), 'studio-key-b-'));
});

afterAll(async () => {
  await database.drop();
  await rm(first, { recursive: true, force: true });
  await rm(second, { recursive: true, force: true });
});

describe('the server key a database was used with', () => {
  it('is written on the first start, and a restart with the same key serves the stored secrets', async () => {
    const started = await start({ DATA_DIR: first });
    expect(started.url).toBeDefined();
    await started.stop();

    const again = await start({ DATA_DIR: first });
    const demo = JSON.parse(await readFile(join(first, 'demo-credentials.json'), 'utf8'));
    const token = await fetch(`${again.url}/m2m/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demo.m2m) });
    await again.stop();
    expect(token.status).toBe(200);
  }, 240_000);

  it.each([
    ['another DATA_DIR, whose generated key differs', () => ({ DATA_DIR: second })],
    ['another SERVER_KEY', () => ({ DATA_DIR: first, SERVER_KEY: randomBytes(32).toString('hex') })],
  ])('refuses to start with %s, naming SERVER_KEY', async (_case, env) => {
    const started = await start(env());
    await started.stop();
    expect(started.url).toBeUndefined();
    expect(started.code).toBe(1);
    expect(started.output).toMatch(/^Could not start: SERVER_KEY is not the key this database was used with/m);
  }, 60_000);

  it('starts with another DATA_DIR once SERVER_KEY gives the original key', async () => {
    const key = (await readFile(join(first, 'keys', 'server.key'), 'utf8')).trim();
    const started = await start({ DATA_DIR: second, SERVER_KEY: key, SEED_DEMO: 'false' });
    await started.stop();
    expect(started.url).toBeDefined();
  }, 60_000);

  it('stops the admin command line too, naming SERVER_KEY', async () => {
    const refused = await admin(['company', 'list', '--json'], { DATA_DIR: second });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: SERVER_KEY is not the key this database was used with/m);
    expect((await admin(['company', 'list', '--json'], { DATA_DIR: first })).code).toBe(0);
  }, 120_000);
});
