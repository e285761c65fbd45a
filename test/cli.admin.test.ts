/**
 * The admin command line as scripts use it (docs/operations.md): the real CLI on a database of its own, every
 * command with `--json`, checked against the documented shape. Commands run in this process (test/support/cli.ts);
 * the first of the table, the tables for people and two refusals run in a child process, as scripts run them.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordAudit, type AuditRecord } from '../src/domain/audit-log.ts';
import { runCli, type CliRun as Run } from './support/cli.ts';
import { testOrm } from './support/db.ts';


let ctx: Awaited<ReturnType<typeof testOrm>>;
let dataDir: string;

function admin(args: string[], env: Record<string, string> = {}, child = false): Promise<Run> {
  return runCli(args, { env: { DATABASE_URL: ctx.db.url, DATA_DIR: dataDir, WEBHOOK_ALLOW_INSECURE_TARGETS: 'false', ...env }, child });
}

/** Runs a command with --json and returns its only output, the parsed JSON document. */
async function adminJson(args: string[], env?: Record<string, string>, child = false): Promise<any> {
  const run = await admin([...args, '--json'], env, child);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  expect(run.stdout.endsWith('\n')).toBe(true);
  return JSON.parse(run.stdout);
}

/** A webhook receiver that answers 204 and remembers what it got. */
const received: { method?: string; headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  ctx = await testOrm();
  dataDir = await mkdtemp(join(tmpdir(), 'studio-cli-'));
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method, headers: request.headers, body });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise((closed) => receiver.close(closed));
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const HEX64 = /^[0-9a-f]{64}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const keys = (value: object) => Object.keys(value).sort();

describe('admin commands print the documented JSON', () => {
  /** Ids made by earlier rows, used by later ones (the table runs in order). */
  const made: { company: string; client: string; clientSecret: string; bundle: string; exported: string } = {
    company: '',
    client: '',
    clientSecret: '',
    bundle: '',
    exported: '',
  };

  beforeAll(async () => {
    made.bundle = join(dataDir, 'bundle.json');
    made.exported = join(dataDir, 'exported.json');
    await writeFile(
      made.bundle,
      JSON.stringify({
        format: 1,
        customers: [
          { id: 'cust_ada', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', mobile: '+447700900001' },
          { id: 'cust_bob', firstname: 'Bob', lastname: 'Babbage', email: 'bob@example.com', mobile: '+447700900002' },
        ],
      }),
    );
  });

  const rows: { command: string; args: () => string[]; check: (output: any) => void; env?: Record<string, string> }[] = [
    {
      command: 'company create --name N --timezone TZ --currency GBP|EUR|USD',
      args: () => ['company', 'create', '--name', 'Harbour Yoga', '--timezone', 'Europe/London', '--currency', 'GBP'],
      check: (output) => {
        expect(keys(output)).toEqual(['id']);
        expect(output.id).toMatch(/^co_/);
        made.company = output.id;
      },
    },
    {
      command: 'company list',
      args: () => ['company', 'list'],
      check: (output) => {
        expect(output).toEqual([{ id: made.company, name: 'Harbour Yoga', timezone: 'Europe/London', currency: 'GBP' }]);
      },
    },
    {
      command: 'import --company ID --file BUNDLE.json',
      args: () => ['import', '--company', made.company, '--file', made.bundle],
      check: (output) => {
        expect(keys(output)).toEqual(['imported', 'newIds']);
        expect(output.newIds).toBe(false);
        expect(output.imported.customers).toBe(2);
        for (const count of Object.values(output.imported)) expect(typeof count).toBe('number');
      },
    },
    {
      command: 'export --company ID --file OUT.json',
      args: () => ['export', '--company', made.company, '--file', made.exported],
      check: (output) => {
        expect(keys(output)).toEqual(['exported']);
        expect(output.exported.customers).toBe(2);
        for (const count of Object.values(output.exported)) expect(typeof count).toBe('number');
      },
    },
    {
      command: 'client create --company ID --name N --scopes "s1 s2" [--description D] [--expires-days N]',
      args: () => ['client', 'create', '--company', made.company, '--name', 'CRM sync', '--scopes', 'customers:read bookings:read', '--description', 'nightly', '--expires-days', '30'],
      check: (output) => {
        expect(keys(output)).toEqual(['client_id', 'client_secret', 'expires_at', 'scopes']);
        expect(output.client_id).toMatch(/^m2m_/);
        expect(output.client_secret).toMatch(HEX64);
        expect(output.scopes).toEqual(['customers:read', 'bookings:read']);
        expect(output.expires_at).toMatch(ISO);
        const days = (Date.parse(output.expires_at) - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(29.9);
        expect(days).toBeLessThanOrEqual(30);
        made.client = output.client_id;
        made.clientSecret = output.client_secret;
      },
    },
    {
      command: 'client list --company ID',
      args: () => ['client', 'list', '--company', made.company],
      check: (output) => {
        expect(output).toHaveLength(1);
        expect(keys(output[0])).toEqual(['client_id', 'expires_at', 'name', 'revoked', 'scopes']);
        expect(output[0]).toMatchObject({ client_id: made.client, name: 'CRM sync', scopes: ['customers:read', 'bookings:read'], revoked: false });
        expect(JSON.stringify(output)).not.toContain(made.clientSecret);
      },
    },
    {
      command: 'client scopes --client ID --scopes "…"',
      args: () => ['client', 'scopes', '--client', made.client, '--scopes', 'events:read appointments:read'],
      check: (output) => expect(output).toEqual({ client_id: made.client, scopes: ['events:read', 'appointments:read'] }),
    },
    {
      command: 'client rotate --client ID',
      args: () => ['client', 'rotate', '--client', made.client],
      check: (output) => {
        expect(keys(output)).toEqual(['client_id', 'client_secret']);
        expect(output.client_id).toBe(made.client);
        expect(output.client_secret).toMatch(HEX64);
        expect(output.client_secret).not.toBe(made.clientSecret);
      },
    },
    {
      command: 'client revoke --client ID',
      args: () => ['client', 'revoke', '--client', made.client],
      check: (output) => expect(output).toEqual({ client_id: made.client, revoked: true }),
    },
    {
      command: 'v1-key create --company ID [--name N]',
      args: () => ['v1-key', 'create', '--company', made.company, '--name', 'legacy shop'],
      check: (output) => {
        expect(keys(output)).toEqual(['apiKey', 'apiSecret']);
        expect(output.apiKey).toMatch(/^key_/);
        expect(output.apiSecret).toMatch(HEX64);
      },
    },
    {
      command: 'webhook set --company ID --url URL --events "e1 e2"',
      args: () => ['webhook', 'set', '--company', made.company, '--url', receiverUrl, '--events', 'registration.created pass.purchased'],
      check: (output) => {
        expect(keys(output)).toEqual(['events', 'id', 'signingSecret', 'url']);
        expect(output.id).toMatch(/^whk_/);
        expect(output.url).toBe(receiverUrl);
        expect(output.events).toEqual(['registration.created', 'pass.purchased']);
        expect(output.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      },
      env: { WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' },
    },
    {
      command: 'webhook test --company ID',
      args: () => ['webhook', 'test', '--company', made.company],
      check: (output) =>
        expect(output).toEqual({ delivered: true, status: 204, eventId: expect.stringMatching(/^whe_/), event: 'registration.created', endpointId: expect.stringMatching(/^whk_/) }),
      env: { WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' },
    },
    {
      command: 'webhook deliveries --company ID [--limit N]',
      args: () => ['webhook', 'deliveries', '--company', made.company, '--limit', '10'],
      check: (output) => {
        expect(output).toHaveLength(1);
        expect(keys(output[0])).toEqual(expect.arrayContaining(['at', 'attempt', 'durationMs', 'event', 'eventId', 'status']));
        expect(output[0]).toMatchObject({ event: 'registration.created', attempt: 1, status: 204 });
        expect(output[0].eventId).toMatch(/^whe_/);
        expect(output[0].at).toMatch(ISO);
        expect(typeof output[0].durationMs).toBe('number');
      },
    },
    {
      command: 'audit list --company ID [--client ID] [--since ISO] [--limit N]',
      args: () => ['audit', 'list', '--company', made.company],
      // The commands above wrote; each of their writes is in the log, with surface cli.
      check: (output) => {
        expect(output.length).toBeGreaterThan(0);
        expect(output.every((entry: { surface: string }) => entry.surface === 'cli')).toBe(true);
        expect(output.find((entry: { operation: string }) => entry.operation === 'client create')).toMatchObject({
          client: null, surface: 'cli', actor: expect.stringMatching(/^cli:/), method: 'CLI', path: 'admin client create', resourceType: 'client',
          action: 'UPDATE', status: 200, errorCode: null, targets: [made.client], at: expect.stringMatching(ISO),
        });
      },
    },
  ];

  it.each(rows)('$command', async ({ command, args, check, env }) => {
    check(await adminJson(args(), env, command === rows[0]!.command));
  });

  it('lists a revoked client as revoked: true', async () => {
    const [client] = await adminJson(['client', 'list', '--company', made.company]);
    expect(client).toMatchObject({ client_id: made.client, revoked: true, scopes: ['events:read', 'appointments:read'] });
  });

  it('writes an export that holds the imported records', async () => {
    const bundle = JSON.parse(await readFile(made.exported, 'utf8'));
    expect(bundle.customers.map((c: { id: string }) => c.id).sort()).toEqual(['cust_ada', 'cust_bob']);
  });

  it('imports the export into another company with new ids, and says so', async () => {
    const { id: other } = await adminJson(['company', 'create', '--name', 'Second Harbour', '--timezone', 'Europe/London', '--currency', 'GBP']);
    const run = await admin(['import', '--company', other, '--file', made.exported]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(new RegExp(`^Imported into ${other} with new ids, as the bundle's own are taken in this database:\ncustomers\\s+2\n`));
    // Once more into the same company, as new records: its customers' emails are taken there (one per email).
    const again = await admin(['import', '--company', other, '--file', made.exported, '--new-ids']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/customers\[0\]\.email: ada@example\.com is already the email of another customer of the company/);
    const { id: third } = await adminJson(['company', 'create', '--name', 'Third Harbour', '--timezone', 'Europe/London', '--currency', 'GBP']);
    expect(await adminJson(['import', '--company', third, '--file', made.exported, '--new-ids'])).toMatchObject({ newIds: true, imported: { customers: 2 } });
  });

  it('sends the test webhook as a JSON POST of the documented envelope', () => {
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.method).toBe('POST');
    expect(delivery!.headers['content-type']).toBe('application/json');
    const envelope = JSON.parse(delivery!.body);
    expect(keys(envelope)).toEqual(['data', 'event', 'test', 'timestamp']);
    expect(envelope.test).toBe(true);
    expect(envelope.event).toBe('registration.created');
    expect(envelope.timestamp).toMatch(ISO);
    expect(envelope.data.registrationId).toMatch(/^reg_/);
  });

  it('lists audit entries newest first, filtered by client, time and limit', async () => {
    const entry = (client: string, minute: number, path: string): AuditRecord => ({
      companyId: made.company,
      client,
      surface: 'm2m',
      method: 'GET',
      path,
      resourceType: 'customer',
      action: 'READ',
      status: 200,
      at: new Date(Date.UTC(2026, 10, 1, 9, minute)),
    });
    const before = ctx.statements.length;
    await recordAudit(ctx.orm, [entry('m2m_a', 0, '/customers?page=1'), entry('m2m_b', 1, '/customers?page=2'), entry('m2m_a', 2, '/customers?page=3')]);
    expect(ctx.statements.slice(before).filter((sql) => /^insert/i.test(sql))).toHaveLength(1);

    const all = (await adminJson(['audit', 'list', '--company', made.company])).filter((e: { surface: string }) => e.surface === 'm2m');
    expect(all.map((e: { path: string }) => e.path)).toEqual(['/customers?page=3', '/customers?page=2', '/customers?page=1']);
    expect(all[0]).toEqual({
      client: 'm2m_a', surface: 'm2m', actor: 'm2m_a', method: 'GET', path: '/customers?page=3', resourceType: 'customer', operation: null, action: 'READ', status: 200,
      errorCode: null, targets: [], missingScope: null, at: '2026-11-01T09:02:00.000Z',
    });

    const filtered = await adminJson(['audit', 'list', '--company', made.company, '--client', 'm2m_a', '--since', '2026-11-01T09:01:00Z', '--limit', '5']);
    expect(filtered.map((e: { path: string }) => e.path)).toEqual(['/customers?page=3']);
    const limited = await adminJson(['audit', 'list', '--company', made.company, '--limit', '2']);
    expect(limited).toHaveLength(2);
  });

  it.each([
    ['client create', () => ['client', 'create', '--company', made.company, '--name', 'Dated', '--scopes', 'customers:read', '--expires-days', '7'], /^expires_at\s+\d{4}-\d{2}-\d{2}T[\d:.]+Z$/m],
    ['client list', () => ['client', 'list', '--company', made.company], /^m2m_\S+\s+Dated\s+customers:read\s+\d{4}-\d{2}-\d{2}T[\d:.]+Z\s+no$/m],
    ['audit list', () => ['audit', 'list', '--company', made.company, '--limit', '1'], /\s\d{4}-\d{2}-\d{2}T[\d:.]+Z$/m],
    ['webhook deliveries', () => ['webhook', 'deliveries', '--company', made.company, '--limit', '1'], /\s\d{4}-\d{2}-\d{2}T[\d:.]+Z\s+\d+$/m],
  ] as [string, () => string[], RegExp][])('%s prints its dates for people', async (_command, args, dated) => {
    const run = await admin(args());
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(dated);
  });

  it('prints tables for people without --json', async () => {
    const run = await admin(['company', 'list'], {}, true);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ID\s+NAME\s+TIMEZONE\s+CURRENCY\n/);
    expect(run.stdout).toContain('Harbour Yoga');
    expect(() => JSON.parse(run.stdout)).toThrow();
  });

  it('prints each problem of a bad bundle on stderr, exits 1 and imports nothing', async () => {
    const bad = join(dataDir, 'bad.json');
    await writeFile(bad, JSON.stringify({ format: 1, customers: [{ id: 'cust_new', firstname: 'No', lastname: 'Email' }] }));
    const run = await admin(['import', '--company', made.company, '--file', bad, '--json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('customers[0].email');
    const [export1] = [await adminJson(['export', '--company', made.company, '--file', made.exported])];
    expect(export1.exported.customers).toBe(2);
  });
});

describe('admin command errors go to stderr with a non-zero exit code', () => {
  let company: string;
  beforeAll(async () => {
    ({ id: company } = await adminJson(['company', 'create', '--name', 'Errors Ltd', '--timezone', 'America/New_York', '--currency', 'USD']));
  });

  const rows: [problem: string, args: () => string[], stderr: RegExp][] = [
    ['unknown company', () => ['client', 'list', '--company', 'co_doesnotexist'], /--company: .*co_doesnotexist/],
    ['unknown company on import', () => ['import', '--company', 'co_doesnotexist', '--file', 'nothing.json'], /--company: .*co_doesnotexist/],
    ['unknown scope', () => ['client', 'create', '--company', company, '--name', 'X', '--scopes', 'customers:read customers:delete'], /--scopes: unknown scope: customers:delete/],
    ['bad currency', () => ['company', 'create', '--name', 'X', '--timezone', 'Europe/London', '--currency', 'JPY'], /--currency: must be one of GBP, EUR, USD/],
    ['bad timezone', () => ['company', 'create', '--name', 'X', '--timezone', 'Europe/Atlantis', '--currency', 'GBP'], /--timezone: .*Europe\/Atlantis/],
    ['http:// webhook URL', () => ['webhook', 'set', '--company', company, '--url', 'http://example.com/hooks', '--events', 'pass.purchased'], /--url: must use https:\/\//],
    ['unknown webhook event', () => ['webhook', 'set', '--company', company, '--url', 'https://example.com/hooks', '--events', 'booking.made'], /--events: unknown event: booking.made/],
    ['unknown client', () => ['client', 'rotate', '--client', 'm2m_doesnotexist'], /--client: .*m2m_doesnotexist/],
    ['missing option', () => ['client', 'create', '--company', company, '--name', 'X'], /--scopes/],
    ['not an ISO time', () => ['audit', 'list', '--company', company, '--since', 'last week'], /--since/],
  ];

  it.each(rows)('%s', async (problem, args, stderr) => {
    const run = await admin([...args(), '--json'], {}, ['unknown company', 'missing option'].includes(problem));
    expect(run.code).not.toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(stderr);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
