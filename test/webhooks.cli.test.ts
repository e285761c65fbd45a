/**
 * The `webhook` admin commands beyond set/test/deliveries (docs/operations.md lists those): list, rotate with an
 * overlap, enable/disable, Send Test of a chosen kind through the signed delivery path, redeliver by event
 * id, delete; with `--json`, as scripts run them (in this process, and the first in a child process as well).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCompany } from '../src/domain/companies.ts';
import { newId } from '../src/domain/ids.ts';
import { WEBHOOK_KINDS } from '../src/domain/outbox.ts';
import { verifyWebhook } from '../packages/webhooks/src/index.ts';
import { runCli, type CliRun } from './support/cli.ts';
import { testOrm } from './support/db.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';


let ctx: Awaited<ReturnType<typeof testOrm>>;
let dataDir: string;
let receiver: Receiver;
let company: string;

/**
 * Runs the CLI with `--json` (unless `human`), with the settings it needs; `env` changes them (undefined:
 * unset). In this process unless `child` (test/support/cli.ts).
 */
function admin(
  args: string[],
  { env = {}, human = false, child = false }: { env?: Record<string, string | undefined>; human?: boolean; child?: boolean } = {},
): Promise<CliRun> {
  const settings = { DATABASE_URL: ctx.db.url, DATA_DIR: dataDir, WEBHOOK_ALLOW_INSECURE_TARGETS: 'true', WEBHOOK_CA_FILE: receiver.caFile, ...env };
  return runCli([...args, ...(human ? [] : ['--json'])], { env: settings, child });
}

/** The human output of a command that succeeds. */
async function human(args: string[]): Promise<string> {
  const run = await admin(args, { human: true });
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  return run.stdout;
}

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/;

async function json(args: string[], child = false): Promise<any> {
  const run = await admin(args, { child });
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(run.stdout);
}

beforeAll(async () => {
  ctx = await testOrm();
  dataDir = await mkdtemp(join(tmpdir(), 'webhook-cli-'));
  receiver = await startReceiver();
  ({ id: company } = await createCompany(ctx.orm, { name: 'CLI Studio', timezone: 'Europe/London', currency: 'EUR' }));
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('webhook commands', () => {
  let endpoint: string;
  let first: string;
  let second: string;
  /** A test event delivered at the first attempt. */
  let delivered: string;

  /** An event whose first attempts failed and whose next retry is due in an hour. */
  async function waitingRetry(): Promise<string> {
    const eventId = newId('webhookEvent');
    const sql = ctx.orm.em.getConnection();
    await sql.execute(
      `insert into webhook_event (id, company_id, kind, payload, is_test, created_at, dispatched_at) values (?, ?, 'registration.created', '{}', false, now(), now())`,
      [eventId, company],
    );
    await sql.execute(
      `insert into webhook_job (company_id, event_id, endpoint_id, state, attempts, retries_left, next_attempt_at) values (?, ?, ?, 'pending', 2, 1, now() + interval '1 hour')`,
      [company, eventId, endpoint],
    );
    return eventId;
  }

  it('set twice on one URL: the second prints a new secret and the first keeps signing during the overlap', async () => {
    const made = await json(['webhook', 'set', '--company', company, '--url', receiver.url, '--events', 'registration.created'], true);
    endpoint = made.id;
    first = made.signingSecret;
    const again = await json(['webhook', 'set', '--company', company, '--url', receiver.url, '--events', 'registration.created pass.purchased']);
    expect(again).toMatchObject({ id: endpoint, events: ['registration.created', 'pass.purchased'] });
    second = again.signingSecret;
    expect(second).not.toBe(first);
    const [listed] = await json(['webhook', 'list', '--company', company]);
    expect(listed).toMatchObject({ id: endpoint, url: receiver.url, enabled: true });
    expect(Object.keys(listed).sort()).toEqual(['createdAt', 'enabled', 'events', 'id', 'previousSecretExpiresAt', 'url']);
    expect(new Date(listed.previousSecretExpiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it('list prints the dates in human output', async () => {
    const [heading, row] = (await human(['webhook', 'list', '--company', company])).split('\n');
    expect(heading).toMatch(/^ID\s+URL\s+EVENTS\s+ENABLED\s+PREVIOUSSECRETEXPIRESAT\s+CREATEDAT$/);
    expect(row!.match(new RegExp(ISO, 'g'))).toHaveLength(2);
  });

  it('test --kind sends a signed sample of that kind, marked as a test, verifiable with either secret during the overlap', async () => {
    const sent = await json(['webhook', 'test', '--company', company, '--kind', 'pass.purchased']);
    expect(sent).toEqual({ delivered: true, status: 204, eventId: expect.stringMatching(/^whe_/), event: 'pass.purchased', endpointId: endpoint });
    delivered = sent.eventId;
    const [hit] = receiver.hits;
    expect(hit!.id).toBe(delivered);
    const envelope = await verifyWebhook(hit!.body, hit!.headers, second);
    expect(envelope).toMatchObject({ event: 'pass.purchased', test: true, data: { customerPassId: 'cp_sample', currency: 'EUR' } });
    await expect(verifyWebhook(hit!.body, hit!.headers, first)).resolves.toEqual(envelope);
    expect(String(hit!.headers['webhook-signature']).split(' ')).toHaveLength(2);
  });

  it('test --kind sends nothing when no endpoint receives that kind, and says so', async () => {
    const before = receiver.hits.length;
    const run = await admin(['webhook', 'test', '--company', company, '--kind', 'event.purchased']);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toBe(`error: --kind: no webhook endpoint of company "${company}" receives event.purchased, so no test of it is sent\n`);
    const named = await admin(['webhook', 'test', '--company', company, '--endpoint', endpoint, '--kind', 'event.purchased']);
    expect(named.stderr).toBe(`error: --kind: endpoint ${endpoint} does not receive event.purchased (it receives registration.created, pass.purchased), so no test of it is sent\n`);
    expect(receiver.hits).toHaveLength(before);
  });

  it('test says why it was not delivered: without the receiver\'s CA the CLI\'s own process refuses its certificate', async () => {
    const run = await admin(['webhook', 'test', '--company', company], { env: { WEBHOOK_CA_FILE: undefined } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      delivered: false,
      status: 0,
      error: expect.stringMatching(/^self-signed certificate/),
      eventId: expect.stringMatching(/^whe_/),
      event: 'registration.created',
      endpointId: endpoint,
    });
    const told = await admin(['webhook', 'test', '--company', company], { env: { WEBHOOK_CA_FILE: undefined }, human: true });
    expect(told.stdout).toMatch(new RegExp(`^Not delivered to ${endpoint}: self-signed certificate.*\\. See "webhook deliveries --endpoint ${endpoint}"\\.\n$`));
  });

  it('test says which setting is wrong when the CLI has another server key than the server', async () => {
    const run = await admin(['webhook', 'test', '--company', company], { env: { SERVER_KEY: 'ab'.repeat(32) } });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 1, stdout: '' });
    // The key check at the CLI's start (src/db/server-key-check.ts) refuses it before any secret is touched.
    expect(run.stderr).toBe(
      'error: SERVER_KEY is not the key this database was used with, so every stored API secret and webhook secret would fail: start with the SERVER_KEY (or the DATA_DIR/keys/server.key) the database was first used with\n',
    );
  });

  it('rotate prints the end of the overlap in human output', async () => {
    const printed = await human(['webhook', 'rotate', '--company', company, '--endpoint', endpoint, '--overlap-hours', '1']);
    expect(printed).toMatch(new RegExp(`^previousSecretExpiresAt  ${ISO.source}$`, 'm'));
  });

  it('rotate --overlap-hours 0 ends the previous secret at once', async () => {
    const rotated = await json(['webhook', 'rotate', '--company', company, '--endpoint', endpoint, '--overlap-hours', '0']);
    expect(rotated).toMatchObject({ id: endpoint, previousSecretExpiresAt: null });
    expect(rotated.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.hits.length = 0;
    await json(['webhook', 'test', '--company', company]);
    expect(String(receiver.hits[0]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(String(receiver.hits[0]!.headers['x-service-signature']).split(',')).toHaveLength(1);
    await expect(verifyWebhook(receiver.hits[0]!.body, receiver.hits[0]!.headers, rotated.signingSecret)).resolves.toMatchObject({ test: true });
  });

  it('disable and enable', async () => {
    expect(await json(['webhook', 'disable', '--company', company, '--endpoint', endpoint])).toEqual({ id: endpoint, enabled: false });
    expect(await json(['webhook', 'enable', '--company', company, '--endpoint', endpoint])).toEqual({ id: endpoint, enabled: true });
  });

  it('redeliver queues a failed event again under its own id', async () => {
    receiver.answer = () => ({ status: 500 });
    expect(await json(['webhook', 'test', '--company', company])).toMatchObject({ delivered: false, status: 500, error: 'HTTP 500' });
    const [latest] = await json(['webhook', 'deliveries', '--company', company, '--limit', '1']);
    expect(latest).toMatchObject({ attempt: 1, status: 500, error: 'HTTP 500', test: true, endpointId: endpoint, url: receiver.url });
    expect(await human(['webhook', 'deliveries', '--company', company, '--limit', '1'])).toMatch(new RegExp(`^${latest.eventId}.*${ISO.source}`, 'm'));
    const queued = await json(['webhook', 'redeliver', '--company', company, '--event', latest.eventId]);
    expect(queued).toEqual({ eventId: latest.eventId, endpointIds: [endpoint], superseded: [] });
    const jobs = await ctx.orm.em.getConnection().execute<{ state: string; attempts: number }[]>('select state, attempts from webhook_job where event_id = ?', [latest.eventId]);
    expect(jobs).toEqual([{ state: 'pending', attempts: 1 }]);
  });

  it('redeliver sends an event whose retry is waiting now, replacing that retry, and says so', async () => {
    const eventId = await waitingRetry();
    const run = await admin(['webhook', 'redeliver', '--company', company, '--event', eventId], { human: true });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(`Queued ${eventId} for ${endpoint}. The retry waiting for ${endpoint} is replaced by this attempt.\n`);
    const [job] = await ctx.orm.em.getConnection().execute<{ state: string; attempts: number; retries_left: number; due: boolean }[]>(
      'select state, attempts, retries_left, next_attempt_at <= now() as due from webhook_job where event_id = ?',
      [eventId],
    );
    expect(job).toEqual({ state: 'pending', attempts: 2, retries_left: 3, due: true });
  });

  const refusals: [problem: string, run: () => { args: string[]; message: string; env?: Record<string, string> }][] = [
    ['an unknown event', () => ({ args: ['webhook', 'redeliver', '--company', company, '--event', 'whe_nope'], message: '--event: Webhook event not found in this company' })],
    [
      'an event with nothing to redeliver',
      () => ({
        args: ['webhook', 'redeliver', '--company', company, '--event', delivered],
        message: `--event: event ${delivered} has no failed delivery and no retry waiting; name an endpoint to send it again`,
      }),
    ],
    ['an unknown endpoint', () => ({ args: ['webhook', 'rotate', '--company', company, '--endpoint', 'whk_nope'], message: '--endpoint: Webhook endpoint not found in this company' })],
    [
      'an overlap too long',
      () => ({ args: ['webhook', 'rotate', '--company', company, '--endpoint', endpoint, '--overlap-hours', '721'], message: '--overlap-hours: must be a whole number of hours from 0 to 720' }),
    ],
    [
      'an unknown kind',
      () => ({
        args: ['webhook', 'test', '--company', company, '--kind', 'booking.made'],
        message: `--kind: unknown event: booking.made (known: ${WEBHOOK_KINDS.join(', ')})`,
      }),
    ],
    [
      'an endpoint whose URL is no longer allowed',
      () => ({
        args: ['webhook', 'test', '--company', company, '--endpoint', endpoint],
        message: `--endpoint: endpoint ${endpoint} (${receiver.url}) must reach a public address (127.0.0.1 is a loopback address; allowed only when WEBHOOK_ALLOW_INSECURE_TARGETS=true)`,
        env: { WEBHOOK_ALLOW_INSECURE_TARGETS: 'false' },
      }),
    ],
    [
      'a URL without an endpoint',
      () => ({ args: ['webhook', 'test', '--company', company, '--url', 'https://example.com/nowhere'], message: `--url: company "${company}" has no webhook endpoint at https://example.com/nowhere` }),
    ],
    ['a limit too large', () => ({ args: ['webhook', 'deliveries', '--company', company, '--limit', '1001'], message: '--limit: must be a whole number from 1 to 1000' })],
  ];

  /** The help of each command, asked once. */
  const helps = new Map<string, Promise<string>>();
  const helpOf = (command: string[]) => {
    const key = command.join(' ');
    if (!helps.has(key)) helps.set(key, admin([...command, '--help'], { human: true }).then((run) => run.stdout));
    return helps.get(key)!;
  };

  it.each(refusals)('names an option the command has for %s', async (_problem, refusal) => {
    const { args, message, env } = refusal();
    const run = await admin(args, { env });
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 1, stdout: '', stderr: `error: ${message}\n` });
    expect(await helpOf(args.slice(0, 2))).toContain(`${message.split(':')[0]} `);
  });

  it('delete removes the endpoint', async () => {
    expect(await json(['webhook', 'delete', '--company', company, '--endpoint', endpoint])).toEqual({ id: endpoint, deleted: true });
    expect(await json(['webhook', 'list', '--company', company])).toEqual([]);
  });

  it('set subscribes an endpoint to lifecycle kinds, test sends a signed sample of each, and an unknown kind is refused naming the known ones', async () => {
    const kinds = ['appointment.no_show', 'subscription.renewed', 'customer.updated'];
    const made = await json(['webhook', 'set', '--company', company, '--url', `${receiver.url}/lifecycle`, '--events', kinds.join(' ')]);
    expect(made).toMatchObject({ events: kinds });
    receiver.answer = () => ({ status: 204 });
    for (const kind of kinds) {
      expect(await json(['webhook', 'test', '--company', company, '--kind', kind])).toMatchObject({ delivered: true, event: kind, endpointId: made.id });
      const envelope = await verifyWebhook(receiver.hits.at(-1)!.body, receiver.hits.at(-1)!.headers, made.signingSecret);
      expect(envelope).toMatchObject({ event: kind, test: true });
    }
    const refused = await admin(['webhook', 'set', '--company', company, '--url', `${receiver.url}/lifecycle`, '--events', 'customer.updated booking.made']);
    expect(refused.stderr).toBe(`error: --events: unknown event: booking.made (known: ${WEBHOOK_KINDS.join(', ')})\n`);
  });
});
