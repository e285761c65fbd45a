/**
 * The integrator's client as an integrator gets it: typed from the OpenAPI documents the service serves,
 * `npm pack` of packages/client (its prepack compiles dist/ with tsc), the tarball installed into a scratch
 * project with npm, its types checked by tsc against a consumer file there, and plain `node` (no TypeScript
 * loader) calling a running service through it: every M2M customer page by page past a 429 of a low
 * per-minute limit (with a token asked for by the OAuth 2.0 form), and one v1 create sent twice with the
 * same `Idempotency-Key`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createApiClient } from '../src/domain/api-clients.ts';
import { createV1Key } from '../src/domain/v1-keys.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('../packages/client', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

/** npm as `npm test` runs it, else the one on PATH. */
const npm = (args: string[], cwd: string) =>
  process.env.npm_execpath
    ? run(process.execPath, [process.env.npm_execpath, ...args], { cwd, timeout: 120_000 })
    : run('npm', args, { cwd, timeout: 120_000 });

/** Requests per minute of each M2M client: with the test's own read first, the third page of customers is refused with 429. */
const M2M_RATE_PER_MINUTE = 3;
const PAGE_SIZE = 4;

const INTEGRATION_SCRIPT = `
import { readFileSync } from 'node:fs';
import { createM2mClient, createV1Client } from '@studio-booking/client';

const { m2m, v1, pageSize } = JSON.parse(readFileSync(process.argv[2], 'utf8'));

const v1Client = createV1Client(v1);
const body = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.package@example.test' };
const creates = [];
for (let i = 0; i < 2; i++) {
  const { data, response } = await v1Client.POST('/customers', { body, params: { header: { 'Idempotency-Key': 'package-test-ada' } } });
  creates.push({ status: response.status, id: data.id, replayed: response.headers.get('idempotent-replayed') });
}
const adas = [];
for await (const customer of v1Client.items('/customers')) if (customer.email === body.email) adas.push(customer.id);

const retries = [];
const m2mClient = createM2mClient({ ...m2m, onRetry: (notice) => retries.push({ ...notice, at: Date.now() }) });
const customers = [];
for await (const customer of m2mClient.items('/customers', { query: { pageSize } })) customers.push({ id: customer.id, at: Date.now() });

console.log(JSON.stringify({ creates, adas, retries, customers }));
`;

/** Compiled against the packed types: the expected errors prove they are not \`any\`. */
const CONSUMER = `
import { createM2mClient, createV1Client, StudioApiError, type M2mSchemas, type V1Schemas } from '@studio-booking/client';

const m2m = createM2mClient({ baseUrl: 'https://studio.example/m2m', clientId: 'm2m_x', clientSecret: 'x', scope: ['customers:read'] });
const v1 = createV1Client({ baseUrl: 'https://studio.example/api/v1', apiKey: 'k', apiSecret: 's', retry: { maxRetries: 5 } });

export async function reads(): Promise<string[]> {
  const names: string[] = [];
  for await (const customer of m2m.items('/customers')) names.push(customer.firstname);
  for await (const transaction of m2m.items('/customer/{id}/bookings', { path: { id: 'cust_1' }, query: { future_only: true } })) names.push(transaction.id);
  for await (const registration of v1.items('/events/{id}/registrations', { path: { id: 'evt_1' } })) names.push(registration.customerName);
  const { data } = await m2m.GET('/customer/{id}/profile', { params: { path: { id: 'cust_1' } } });
  if (data) names.push(data.data.email);
  const created = await v1.POST('/customers', { body: { firstName: 'A', lastName: 'B', email: 'a@b.example' } });
  const customer: V1Schemas['Customer'] | undefined = created.data;
  const listed: M2mSchemas['Customer'] | undefined = undefined;
  return [...names, customer?.id ?? '', listed ?? '', String(new StudioApiError('x', 400, {}).status)];
}

export async function mistakes(): Promise<void> {
  // @ts-expect-error M2M customers have no firstName
  for await (const customer of m2m.items('/customers')) customer.firstName;
  // @ts-expect-error the bookings of a customer need its id
  m2m.items('/customer/{id}/bookings');
  // @ts-expect-error services are not paged
  m2m.items('/appointments/services');
  // @ts-expect-error no such path
  await m2m.GET('/customer');
  // @ts-expect-error a v1 customer needs an email
  await v1.POST('/customers', { body: { firstName: 'A', lastName: 'B' } });
  // @ts-expect-error a client needs its secret
  createV1Client({ baseUrl: 'https://studio.example/api/v1', apiKey: 'k' });
}
`;

let studio: Studio;
let scratch: string;

beforeAll(async () => {
  studio = await startStudio({ env: { M2M_RATE_PER_MINUTE: String(M2M_RATE_PER_MINUTE) } });
  scratch = await mkdtemp(join(tmpdir(), 'client-integrator-'));
});
afterAll(async () => {
  await studio?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('@studio-booking/client, packed and installed', () => {
  it('installs with openapi-fetch as its only dependency, type-checks a consumer, and from plain node pages past a 429 and creates once with one Idempotency-Key', async () => {
    // The documents the client is typed from are the ones the service serves.
    for (const [url, file] of [[`${studio.m2m}/openapi.json`, 'm2m.json'], [`${studio.v1}/openapi.json`, 'v1.json']] as const) {
      expect((await call(url, null)).body).toEqual(JSON.parse(await readFile(join(packageDir, 'openapi', file), 'utf8')));
    }

    const { orm, serverKey, clock } = studio.app.services;
    const m2mCredentials = await createApiClient(orm, serverKey, { companyId: studio.companyId, name: 'package test', scopes: 'customers:read' }, clock.now());
    const v1Credentials = await createV1Key(orm, serverKey, { companyId: studio.companyId, name: 'package test' });

    // The expected list, read with the same client: this also starts its minute, so the script's wait is shorter.
    const minuteStarted = Date.now();
    const token = await call(`${studio.m2m}/token`, null, { method: 'POST', body: m2mCredentials });
    const expected = await call(`${studio.m2m}/customers?pageSize=100`, token.body.access_token);
    expect(expected.status).toBe(200);
    const expectedIds = (expected.body.data as { id: string }[]).map((customer) => customer.id);
    expect(expectedIds.length).toBeGreaterThanOrEqual(2 * PAGE_SIZE);

    const packed = JSON.parse((await npm(['pack', '--json', '--pack-destination', scratch], packageDir)).stdout) as [{ filename: string; files: { path: string }[] }];
    const files = packed[0].files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/schema/m2m.d.ts', 'dist/schema/v1.d.ts', 'openapi/m2m.json', 'openapi/v1.json', 'README.md', 'package.json']));
    expect(files.some((path) => path.startsWith('src/'))).toBe(false);

    await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'partner-integration', private: true, type: 'module' }));
    await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', join(scratch, packed[0].filename)], scratch);
    expect((await readdir(join(scratch, 'node_modules'))).filter((name) => !name.startsWith('.')).sort()).toEqual(['@studio-booking', 'openapi-fetch', 'openapi-typescript-helpers']);
    const tree = JSON.parse((await npm(['ls', '--all', '--json'], scratch)).stdout);
    const client = tree.dependencies['@studio-booking/client'];
    expect(Object.keys(client.dependencies)).toEqual(['openapi-fetch']);
    expect(Object.keys(client.dependencies['openapi-fetch'].dependencies)).toEqual(['openapi-typescript-helpers']);
    const manifest = JSON.parse(await readFile(join(scratch, 'node_modules', '@studio-booking', 'client', 'package.json'), 'utf8'));
    expect(manifest.dependencies).toEqual({ 'openapi-fetch': expect.any(String) });

    await writeFile(join(scratch, 'consumer.ts'), CONSUMER);
    await writeFile(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', lib: ['ES2022', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [] }, files: ['consumer.ts'] }),
    );
    const typecheck = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: scratch, timeout: 120_000 }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(typecheck).toEqual({ code: 0, stdout: '' });

    await writeFile(join(scratch, 'integration.mjs'), INTEGRATION_SCRIPT);
    await writeFile(
      join(scratch, 'settings.json'),
      JSON.stringify({
        m2m: { baseUrl: studio.m2m, clientId: m2mCredentials.client_id, clientSecret: m2mCredentials.client_secret, tokenRequest: 'form' },
        v1: { baseUrl: studio.v1, ...v1Credentials },
        pageSize: PAGE_SIZE,
      }),
    );
    const { stdout } = await run(process.execPath, ['integration.mjs', 'settings.json'], { cwd: scratch, timeout: 150_000 });
    const { creates, adas, retries, customers } = JSON.parse(stdout);

    expect(creates).toEqual([
      { status: 201, id: expect.stringMatching(/^cust_/), replayed: null },
      { status: 201, id: creates[0].id, replayed: 'true' },
    ]);
    expect(adas).toEqual([creates[0].id]);

    // Every customer once: those read before, and the one just created through v1 (one store, two doors).
    const ids = customers.map((customer: { id: string }) => customer.id);
    expect([...ids].sort()).toEqual([...expectedIds, creates[0].id].sort());
    expect(retries).toEqual([expect.objectContaining({ method: 'GET', status: 429, retry: 1 })]);
    const [retry] = retries as { url: string; delayMs: number; at: number }[];
    expect(new URL(retry!.url).searchParams.get('page')).toBe('2');
    // It waited until the client's minute was over, as Retry-After said: its one retry was admitted.
    expect(retry!.delayMs).toBeGreaterThanOrEqual(60_000 - (retry!.at - minuteStarted));
    // The refused page arrived after the wait that Retry-After asked for.
    const firstOfPage3 = customers[2 * PAGE_SIZE] as { at: number };
    expect(firstOfPage3.at - retry!.at).toBeGreaterThanOrEqual(retry!.delayMs);
  }, 240_000);
});
