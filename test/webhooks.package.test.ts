/**
 * The receiver's helper as an integrator gets it: `npm pack` of packages/webhooks (its prepack compiles
 * dist/ with tsc), the tarball installed into a scratch project with npm, and a real delivery of a running
 * service, after a secret rotation, verified there by plain `node` with no TypeScript loader.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startStudio, type Studio } from './support/studio.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';
import { BOOK_EVENT, graphqlAs, SET_ENDPOINT, webhookBundle, webhookEnv } from './support/webhooks.ts';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../packages/webhooks', import.meta.url));

/** npm as `npm test` runs it, else the one on PATH. */
const npm = (args: string[], cwd: string) =>
  process.env.npm_execpath
    ? run(process.execPath, [process.env.npm_execpath, ...args], { cwd, timeout: 120_000 })
    : run('npm', args, { cwd, timeout: 120_000 });

const RECEIVER_SCRIPT = `
import { readFileSync } from 'node:fs';
import { verifyWebhook, WebhookVerificationError } from '@studio-booking/webhooks';

const { body, headers, secrets } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const verified = [];
for (const secret of secrets) verified.push(await verifyWebhook(body, headers, secret));
const refused = await verifyWebhook(body.replace('"spots":1', '"spots":2'), headers, secrets[0]).then(
  () => 'accepted',
  (error) => (error instanceof WebhookVerificationError ? error.name : String(error)),
);
console.log(JSON.stringify({ verified, refused }));
`;

let receiver: Receiver;
let studio: Studio;
let scratch: string;

beforeAll(async () => {
  receiver = await startReceiver();
  studio = await startStudio({ bundle: webhookBundle, env: webhookEnv(receiver.caFile) });
  scratch = await mkdtemp(join(tmpdir(), 'webhook-receiver-'));
});
afterAll(async () => {
  await studio.close();
  await receiver.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('@studio-booking/webhooks, packed and installed', () => {
  it('installs with jose as its only dependency and verifies a real delivery with plain node, with the old or the new secret', async () => {
    const packed = JSON.parse((await npm(['pack', '--json', '--pack-destination', scratch], packageDir)).stdout) as [{ filename: string; files: { path: string }[] }];
    expect(packed[0].files.map((f) => f.path)).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'package.json']));
    expect(packed[0].files.some((f) => f.path.startsWith('src/'))).toBe(false);

    await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'partner-receiver', private: true, type: 'module' }));
    await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', join(scratch, packed[0].filename)], scratch);
    expect((await readdir(join(scratch, 'node_modules'))).filter((name) => !name.startsWith('.')).sort()).toEqual(['@studio-booking', 'jose']);
    expect(await readdir(join(scratch, 'node_modules', '@studio-booking'))).toEqual(['webhooks']);

    const graphql = graphqlAs(studio, await studio.token());
    const { setWebhookEndpoint } = await graphql(SET_ENDPOINT, { input: { url: receiver.url, events: ['REGISTRATION_CREATED'] } });
    const old = setWebhookEndpoint.signingSecret as string;
    const { rotateWebhookSecret } = await graphql(`mutation ($id: ID!) { rotateWebhookSecret(id: $id) { signingSecret } }`, {
      id: setWebhookEndpoint.endpoint.id,
    });
    await graphql(BOOK_EVENT, { input: { customerId: 'cust_bob', eventDateId: 'date_one', pricingOptionId: 'po-dropin', payWith: 'CARD' } });
    const [hit] = await receiver.waitFor(1);

    await writeFile(join(scratch, 'receiver.mjs'), RECEIVER_SCRIPT);
    await writeFile(join(scratch, 'hit.json'), JSON.stringify({ body: hit!.body, headers: hit!.headers, secrets: [old, rotateWebhookSecret.signingSecret] }));
    const { stdout } = await run(process.execPath, ['receiver.mjs', 'hit.json'], { cwd: scratch, timeout: 30_000 });
    const { verified, refused } = JSON.parse(stdout);
    expect(verified).toEqual([JSON.parse(hit!.body), JSON.parse(hit!.body)]);
    expect(verified[0]).toMatchObject({ event: 'registration.created', data: { customerId: 'cust_bob', spots: 1 } });
    expect(refused).toBe('WebhookVerificationError');

    const manifest = JSON.parse(await readFile(join(scratch, 'node_modules', '@studio-booking', 'webhooks', 'package.json'), 'utf8'));
    expect(manifest.dependencies).toEqual({ jose: expect.any(String) });
  }, 180_000);
});
