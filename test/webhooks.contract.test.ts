/**
 * The webhook contract: the v1 OpenAPI document, as served, has a `webhooks` section with every kind the
 * service sends, each with its signature headers and its body, made from the definitions the sender builds
 * payloads from; openapi-typescript turns it into payload types identical to those of
 * `@studio-booking/webhooks`, which a receiver compiles against; Send Test offers every kind, and each
 * sample is what the document says; docs/webhooks.md lists every kind with exactly its fields.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { kindAsEnum, PAYLOAD_FIELDS, payloadOf, samplePayload, WEBHOOK_KINDS } from '../src/domain/outbox.ts';
import { verifyWebhook } from '../packages/webhooks/src/index.ts';
import { schemaCompiler } from './support/openapi.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';
import { graphqlAs, webhookEnv } from './support/webhooks.ts';

type Json = Record<string, any>;

const require = createRequire(import.meta.url);
const TSC = join(require.resolve('typescript/package.json'), '..', 'bin', 'tsc');
const PAYLOADS = fileURLToPath(new URL('../packages/webhooks/src/payloads.ts', import.meta.url));

/** `appointment.no_show` -> `AppointmentNoShow`, as the document names the kind's schemas. */
const pascal = (kind: string) => kind.split(/[._]/).map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');

let studio: Studio;
let receiver: Receiver;
let doc: Json;

beforeAll(async () => {
  receiver = await startReceiver();
  studio = await startStudio({ bundle: { format: 1 } as never, env: webhookEnv(receiver.caFile) });
  doc = (await call(`${studio.v1}/openapi.json`, null)).body;
});
afterAll(async () => {
  await studio?.close();
  await receiver?.close();
});

describe('the webhooks section of the v1 document', () => {
  it('has one POST per kind the service sends, and no other', () => {
    expect(Object.keys(doc.webhooks)).toEqual(WEBHOOK_KINDS);
    for (const kind of WEBHOOK_KINDS) expect({ kind, methods: Object.keys(doc.webhooks[kind]) }).toEqual({ kind, methods: ['post'] });
  });

  it.each(WEBHOOK_KINDS)('%s: the signature headers, the envelope, and exactly the fields of its data in the order sent', (kind) => {
    const operation = doc.webhooks[kind].post;
    const headers = operation.parameters.map((p: Json) => doc.components.parameters[p.$ref.split('/').at(-1)]);
    expect(headers.map((h: Json) => [h.name, h.in, h.required])).toEqual([
      ['X-Service-Signature', 'header', true], ['webhook-id', 'header', true], ['webhook-timestamp', 'header', true], ['webhook-signature', 'header', true],
    ]);
    expect(operation.requestBody.content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${pascal(kind)}Event` });
    const envelope = doc.components.schemas[`${pascal(kind)}Event`];
    expect(Object.keys(envelope.properties)).toEqual(['event', 'timestamp', 'data', 'test']);
    expect(envelope.required).toEqual(['event', 'timestamp', 'data']);
    expect(envelope.properties.event.const).toBe(kind);
    const data = doc.components.schemas[`${pascal(kind)}Data`];
    expect(Object.keys(data.properties)).toEqual(PAYLOAD_FIELDS[kind]);
    expect(data.required).toEqual(PAYLOAD_FIELDS[kind]);
    expect(data.additionalProperties).toBe(false);
  });

  it('types the three kinds of document 2 as its tables do', () => {
    const types = (kind: string) =>
      Object.fromEntries(Object.entries(doc.components.schemas[`${pascal(kind)}Data`].properties as Record<string, Json>).map(([name, s]) => [name, [s.type].flat().join('|')]));
    expect(types('registration.created')).toEqual({
      registrationId: 'string', customerId: 'string', customerEmail: 'string', customerName: 'string', eventId: 'string', eventTitle: 'string',
      eventDate: 'string', spots: 'integer', totalPaid: 'number', currency: 'string', paymentMethod: 'string', passUsed: 'string|null',
    });
    expect(types('event.purchased')).toMatchObject({ tickets: 'integer', totalPaid: 'number', discountCode: 'string|null' });
    expect(types('pass.purchased')).toMatchObject({ customerPassId: 'string', totalUses: 'integer', remainingUses: 'integer', startDate: 'string', totalPaid: 'number' });
  });
});

describe('openapi-typescript on the served document', () => {
  let dir: string;
  let generated: string;
  const tsc = () => promisify(execFile)(process.execPath, [TSC, '-p', dir], { timeout: 120_000 }).then(() => '', (failed: { stdout: string }) => failed.stdout);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'webhook-types-'));
    generated = astToString(await openapiTS(doc as unknown as OpenAPI3));
    await writeFile(join(dir, 'v1.ts'), generated);
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, skipLibCheck: true, types: [] },
        files: ['v1.ts', 'consumer.ts'],
      }),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes a type of each webhook, its body, from the webhooks section', () => {
    expect(generated).toContain('export interface webhooks {');
    for (const kind of WEBHOOK_KINDS) expect(generated).toContain(`"${kind}": {`);
  });

  it('gives a receiver types identical to those the sender builds payloads from, and refuses a payload that breaks them', async () => {
    const same = WEBHOOK_KINDS.map(
      (kind) =>
        `const ${kindAsEnum(kind).toLowerCase()}: Same<Body<'${kind}'>['data'], WebhookPayloads['${kind}']> = true;\n` +
        `const ${kindAsEnum(kind).toLowerCase()}Kind: Body<'${kind}'>['event'] = '${kind}';`,
    );
    await writeFile(
      join(dir, 'consumer.ts'),
      `import type { components, webhooks } from './v1.ts';
import type { WebhookPayloads } from '${PAYLOADS}';
type Body<K extends keyof webhooks> = NonNullable<webhooks[K]['post']>['requestBody']['content']['application/json'];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
${same.join('\n')}
const noShow: components['schemas']['AppointmentNoShowData']['status'] = 'NO_SHOW';
const cancelled: Body<'registration.cancelled'> = {
  event: 'registration.cancelled',
  timestamp: '2026-11-25T16:42:51.817Z',
  data: {
    registrationId: 'reg_1', customerId: 'cust_1', customerEmail: 'ada@example.com', customerName: 'Ada Lovelace', eventId: 'evt_1', eventTitle: 'Yoga',
    eventDate: '2026-12-01T09:00:00.000Z', spots: 1, paymentMethod: 'PASS', passUsed: 'cp_1', creditsReturned: 1, refunded: false,
  },
};
export { noShow, cancelled };
`,
    );
    expect(await tsc()).toBe('');
    await writeFile(
      join(dir, 'consumer.ts'),
      `import type { components, webhooks } from './v1.ts';
type Body<K extends keyof webhooks> = NonNullable<webhooks[K]['post']>['requestBody']['content']['application/json'];
const status: components['schemas']['AppointmentNoShowData']['status'] = 'MISSED';
const customer: Body<'customer.updated'>['data'] = { customerId: 'cust_1' };
export { status, customer };
`,
    );
    const errors = await tsc();
    expect(errors).toContain(`Type '"MISSED"' is not assignable`);
    expect(errors).toMatch(/customer.*is missing the following properties from type .*firstName, lastName, email, mobile/s);
  });
});

describe('Send Test', () => {
  it('offers every kind: each sample is delivered signed, marked as a test, and is what the document says of its kind', async () => {
    const graphql = graphqlAs(studio, await studio.token());
    const { createWebhookEndpoint } = await graphql(
      'mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { signingSecret endpoint { id } } }',
      { input: { url: receiver.url, events: WEBHOOK_KINDS.map(kindAsEnum) } },
    );
    const compile = schemaCompiler(doc);
    for (const kind of WEBHOOK_KINDS) {
      const { sendTestWebhook } = await graphql('mutation ($kind: WebhookEventKind!) { sendTestWebhook(kind: $kind) { eventId delivered } }', { kind: kindAsEnum(kind) });
      expect({ kind, delivered: sendTestWebhook.delivered }).toEqual({ kind, delivered: true });
      const hit = receiver.hits.find((h) => h.id === sendTestWebhook.eventId)!;
      const envelope = await verifyWebhook(hit.body, hit.headers, createWebhookEndpoint.signingSecret);
      expect({ event: envelope.event, test: envelope.test, fields: Object.keys(envelope.data) }).toEqual({ event: kind, test: true, fields: PAYLOAD_FIELDS[kind] });
      const validate = compile({ $ref: `#/components/schemas/${pascal(kind)}Event` });
      expect({ kind, valid: validate(envelope), errors: validate.errors ?? null }).toEqual({ kind, valid: true, errors: null });
    }
  });

  it('has a sample of every kind with exactly its fields', () => {
    for (const kind of WEBHOOK_KINDS) {
      const sample = samplePayload(kind, new Date('2026-11-25T12:00:00Z'), 'EUR');
      expect({ kind, fields: Object.keys(sample) }).toEqual({ kind, fields: Object.keys(payloadOf(kind, sample)) });
    }
  });
});

describe('docs/webhooks.md', () => {
  /** Each kind named in a bold heading of backticked kinds, with the backticked names of the first column of the table below it. */
  async function documented(): Promise<Map<string, string[]>> {
    const text = await readFile(fileURLToPath(new URL('../docs/webhooks.md', import.meta.url)), 'utf8');
    const tables = new Map<string, string[]>();
    const sections = text.split(/^\*\*((?:`[a-z_.]+`(?:, )?)+)\*\*$/m);
    for (let i = 1; i < sections.length; i += 2) {
      const kinds = [...sections[i]!.matchAll(/`([a-z_.]+)`/g)].map((m) => m[1]!);
      const rows = sections[i + 1]!.split('\n\n').find((block) => block.trim().startsWith('|'))!.trim().split('\n').slice(2);
      const fields = rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]!));
      for (const kind of kinds) tables.set(kind, fields);
    }
    return tables;
  }

  it('lists every kind the service sends, with exactly its fields in the order sent', async () => {
    const tables = await documented();
    expect([...tables.keys()].sort()).toEqual([...WEBHOOK_KINDS].sort());
    for (const kind of WEBHOOK_KINDS) expect({ kind, fields: tables.get(kind) }).toEqual({ kind, fields: PAYLOAD_FIELDS[kind] });
  });

  it('says when each kind is sent, in the table of kinds', async () => {
    const text = await readFile(fileURLToPath(new URL('../docs/webhooks.md', import.meta.url)), 'utf8');
    for (const kind of WEBHOOK_KINDS) expect({ kind, listed: new RegExp(`^\\| \`${kind.replace('.', '\\.')}\` \\| \\S`, 'm').test(text) }).toEqual({ kind, listed: true });
  });
});
