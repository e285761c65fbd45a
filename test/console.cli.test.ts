/**
 * Console users from the admin command line (docs/operations.md: `user create|list|reset-password`,
 * their `--json` shapes), and the demo owner that `npm start` creates on an empty database.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCompany } from '../src/domain/companies.ts';
import { runCli, type CliRun } from './support/cli.ts';
import { freshDatabase, testOrm } from './support/db.ts';
import { consoleCall, signIn } from './support/console.ts';
import { startService } from './support/service-process.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let ctx: Awaited<ReturnType<typeof testOrm>>;
let dataDir: string;
let companyId: string;

/** A command in this process, or in a child process (with `stdin` as its standard input) when `child`. */
function admin(args: string[], stdin?: string, child = false): Promise<CliRun> {
  return runCli(args, { env: { DATABASE_URL: ctx.db.url, DATA_DIR: dataDir }, stdin, child });
}

async function adminJson(args: string[], stdin?: string, child = false): Promise<any> {
  const run = await admin([...args, '--json'], stdin, child);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(run.stdout);
}

beforeAll(async () => {
  ctx = await testOrm();
  dataDir = await mkdtemp(join(tmpdir(), 'studio-console-cli-'));
  ({ id: companyId } = await createCompany(ctx.orm, { name: 'CLI Studio', timezone: 'Europe/London', currency: 'GBP' }));
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('user commands print the documented JSON', () => {
  it('user create prints a generated password once', async () => {
    const created = await adminJson(['user', 'create', '--company', companyId, '--email', 'Owner@CLI.test', '--role', 'owner']);
    expect(Object.keys(created).sort()).toEqual(['email', 'password', 'role']);
    expect(created).toMatchObject({ email: 'owner@cli.test', role: 'owner', password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/) });
  });

  it('user create --password-stdin takes the password and prints none', async () => {
    const created = await adminJson(['user', 'create', '--company', companyId, '--email', 'staff@cli.test', '--role', 'staff', '--password-stdin'], 'a long enough password\n', true);
    expect(created).toEqual({ email: 'staff@cli.test', role: 'staff' });
    const [row] = await ctx.orm.em.getConnection().execute(`select password_hash from console_user where email = 'staff@cli.test'`);
    const { password_hash } = row!;
    expect(password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(password_hash).not.toContain('a long enough password');
  });

  it('user list prints email, role, createdAt and lastSignInAt', async () => {
    const users = await adminJson(['user', 'list', '--company', companyId]);
    expect(users).toEqual([
      { email: 'owner@cli.test', role: 'owner', createdAt: expect.stringMatching(ISO), lastSignInAt: null },
      { email: 'staff@cli.test', role: 'staff', createdAt: expect.stringMatching(ISO), lastSignInAt: null },
    ]);
  });

  it('user reset-password prints a new password', async () => {
    const before = (await ctx.orm.em.getConnection().execute(`select password_hash from console_user where email = 'staff@cli.test'`))[0]!.password_hash;
    const reset = await adminJson(['user', 'reset-password', '--company', companyId, '--email', 'staff@cli.test']);
    expect(reset).toEqual({ email: 'staff@cli.test', password: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/) });
    expect((await ctx.orm.em.getConnection().execute(`select password_hash from console_user where email = 'staff@cli.test'`))[0]!.password_hash).not.toBe(before);
  });

  it.each([
    [['user', 'create', '--company', 'COMPANY', '--email', 'x@cli.test', '--role', 'boss'], '', /--role: must be one of owner, admin, staff/],
    [['user', 'create', '--company', 'COMPANY', '--email', 'owner@cli.test', '--role', 'admin'], '', /--email: a console user with email owner@cli.test exists already/],
    [['user', 'create', '--company', 'COMPANY', '--email', 'y@cli.test', '--role', 'admin', '--password-stdin'], 'short\n', /password: must be at least 12 characters/],
    [['user', 'reset-password', '--company', 'COMPANY', '--email', 'nobody@cli.test'], '', /Console user not found/],
  ])('%j fails on stderr with exit code 1', async (args, stdin, message) => {
    const run = await admin([...args.map((a) => (a === 'COMPANY' ? companyId : a)), '--json'], stdin);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
  });
});

describe('npm start on an empty database', () => {
  it('creates the demo owner, writes it under "admin" in demo-credentials.json, and prints the console URL', async () => {
    const database = await freshDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'studio-demo-owner-'));
    const service = await startService(database.url, dir);
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(service.output()).toContain(`Console: ${service.url}/admin`);
      const file = join(dir, 'demo-credentials.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const credentials = JSON.parse(await readFile(file, 'utf8'));
      expect(credentials.admin).toEqual({ email: 'owner@demo.studio', password: expect.any(String) });
      expect(credentials.m2m.client_id).toMatch(/^m2m_/);
      const { cookie, body } = await signIn(service.url, credentials.admin);
      expect(body.data.signIn).toMatchObject({ role: 'OWNER', companyId: credentials.companyId, companyName: 'Demo Studio' });
      expect((await consoleCall(service.url, '{ consoleUsers { email role } }', { cookie })).body.data.consoleUsers).toEqual([{ email: 'owner@demo.studio', role: 'OWNER' }]);
    } finally {
      service.child.kill('SIGKILL');
      await service.exit;
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
