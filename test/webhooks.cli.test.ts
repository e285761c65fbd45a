/**
 * The `webhook` admin commands beyond set/test/deliveries (OPERATING.md lists those): list, rotate with an
 * overlap, enable/disable, Send Test of a chosen kind through the signed delivery path, redeliver by event
 * id, delete; run as scripts run them, in a child process with `--json`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCompany } from '../src/domain/companies.ts';
import { verifyWebhook } from '../src/webhooks/verify.ts';
import { testOrm } from './support/db.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

let ctx: Awaited<ReturnType<typeof testOrm>>;
let dataDir: string;
let receiver: Receiver;
let company: string;

function admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/cli/admin.ts', ...args, '--json'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: ctx.db.url, DATA_DIR: dataDir, WEBHOOK_ALLOW_INSECURE_TARGETS: 'true', WEBHOOK_CA_FILE: receiver.caFile },
        timeout: 30_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function json(args: string[]): Promise<any> {
  const run = await admin(args);
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

  it('set twice on one URL: the second prints a new secret and the first keeps signing during the overlap', async () => {
    const made = await json(['webhook', 'set', '--company', company, '--url', receiver.url, '--events', 'registration.created']);
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

  it('test --kind sends a signed sample of that kind, marked as a test, with both signatures during the overlap', async () => {
    expect(await json(['webhook', 'test', '--company', company, '--kind', 'pass.purchased'])).toEqual({ delivered: true, status: 204 });
    const [hit] = receiver.hits;
    const envelope = await verifyWebhook(hit!.body, hit!.headers, second);
    expect(envelope).toMatchObject({ event: 'pass.purchased', test: true, data: { customerPassId: 'cp_sample', currency: 'EUR' } });
    expect(String(hit!.headers['webhook-signature']).split(' ')).toHaveLength(2);
  });

  it('rotate --overlap-hours 0 ends the previous secret at once', async () => {
    const rotated = await json(['webhook', 'rotate', '--company', company, '--endpoint', endpoint, '--overlap-hours', '0']);
    expect(rotated).toMatchObject({ id: endpoint, previousSecretExpiresAt: null });
    expect(rotated.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    receiver.hits.length = 0;
    await json(['webhook', 'test', '--company', company]);
    expect(String(receiver.hits[0]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    await expect(verifyWebhook(receiver.hits[0]!.body, receiver.hits[0]!.headers, rotated.signingSecret)).resolves.toMatchObject({ test: true });
  });

  it('disable and enable', async () => {
    expect(await json(['webhook', 'disable', '--company', company, '--endpoint', endpoint])).toEqual({ id: endpoint, enabled: false });
    expect(await json(['webhook', 'enable', '--company', company, '--endpoint', endpoint])).toEqual({ id: endpoint, enabled: true });
  });

  it('redeliver queues a failed event again under its own id', async () => {
    receiver.answer = () => ({ status: 500 });
    expect(await json(['webhook', 'test', '--company', company])).toEqual({ delivered: false, status: 500 });
    const [latest] = await json(['webhook', 'deliveries', '--company', company, '--limit', '1']);
    expect(latest).toMatchObject({ attempt: 1, status: 500, error: 'HTTP 500', test: true, endpointId: endpoint, url: receiver.url });
    const queued = await json(['webhook', 'redeliver', '--company', company, '--event', latest.eventId]);
    expect(queued).toEqual({ eventId: latest.eventId, endpointIds: [endpoint] });
    const jobs = await ctx.orm.em.getConnection().execute<{ state: string; attempts: number }[]>('select state, attempts from webhook_job where event_id = ?', [latest.eventId]);
    expect(jobs).toEqual([{ state: 'pending', attempts: 1 }]);
  });

  it('names the option of an id that does not exist', async () => {
    const run = await admin(['webhook', 'redeliver', '--company', company, '--event', 'whe_nope']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: --event: Webhook event not found in this company\n');
    const gone = await admin(['webhook', 'rotate', '--company', company, '--endpoint', 'whk_nope']);
    expect(gone.stderr).toBe('error: --endpoint: Webhook endpoint not found in this company\n');
  });

  it('delete removes the endpoint', async () => {
    expect(await json(['webhook', 'delete', '--company', company, '--endpoint', endpoint])).toEqual({ id: endpoint, deleted: true });
    expect(await json(['webhook', 'list', '--company', company])).toEqual([]);
  });
});
