/**
 * Safe targets: a webhook goes only to https:// URLs on public addresses. Loopback, private, link-local
 * (cloud metadata), CGNAT, multicast, unspecified, broadcast and reserved addresses, and their IPv6 forms
 * (including IPv4-mapped, NAT64 and 6to4 embeddings), are refused when an endpoint is configured and
 * again when the delivery connects, after resolving the name itself, so a DNS answer that changes in
 * between cannot reach them. WEBHOOK_ALLOW_INSECURE_TARGETS=true lifts this.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { companyEm } from '../src/db/scope.ts';
import { checkWebhookUrl, refusedAddress, setWebhook, type ResolveHost } from '../src/domain/webhook-endpoints.ts';
import { createWebhookHttp } from '../src/webhooks/http.ts';
import { startStudio, type Studio } from './support/studio.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';
import { BOOK_EVENT, DELIVERIES, graphqlAs, waitUntil, webhookBundle } from './support/webhooks.ts';

/** Every kind of address that must be refused, with an example in each written form. */
const REFUSED: Array<[address: string, kind: RegExp]> = [
  ['127.0.0.1', /loopback/],
  ['127.255.0.9', /loopback/],
  ['10.0.0.1', /private/],
  ['172.16.0.1', /private/],
  ['172.31.255.254', /private/],
  ['192.168.1.1', /private/],
  ['169.254.169.254', /link-local/],
  ['169.254.0.1', /link-local/],
  ['100.64.0.1', /CGNAT/],
  ['100.127.255.254', /CGNAT/],
  ['224.0.0.1', /multicast/],
  ['239.255.255.250', /multicast/],
  ['0.0.0.0', /unspecified/],
  ['0.1.2.3', /unspecified/],
  ['255.255.255.255', /broadcast/],
  ['240.0.0.1', /reserved/],
  ['::1', /loopback/],
  ['::', /unspecified/],
  ['fc00::1', /private/],
  ['fd12:3456:789a::1', /private/],
  ['fe80::1', /link-local/],
  ['fe80::1%eth0', /link-local/],
  ['ff02::1', /multicast/],
  ['::ffff:127.0.0.1', /loopback/],
  ['::ffff:7f00:1', /loopback/],
  ['::ffff:10.0.0.1', /private/],
  ['::ffff:169.254.169.254', /link-local/],
  ['64:ff9b::10.0.0.1', /private/],
  ['64:ff9b::a9fe:a9fe', /link-local/],
  ['64:ff9b:1::1', /NAT64/],
  ['2002:c0a8:101::1', /private/],
  ['::127.0.0.1', /reserved/],
  ['2001:db8::1', /documentation/],
];

const ALLOWED = ['93.184.216.34', '8.8.8.8', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34', '64:ff9b::808:808', '2002:5db8:d822::1'];

/** Literal hosts as they are written in URLs, including the numeric forms URL parsing turns into 127.0.0.1. */
const REFUSED_URLS = [
  'http://example.com/hooks',
  'ftp://example.com/hooks',
  'https://user:secret@example.com/hooks',
  'https://2130706433/hooks',
  'https://0x7f.0.0.1/hooks',
  'https://0177.0.0.1/hooks',
  'https://127.1/hooks',
  ...REFUSED.filter(([address]) => !address.includes('%')).map(([address]) => `https://${address.includes(':') ? `[${address}]` : address}:8443/hooks`),
];

/** A resolver with fixed answers, as a DNS server under someone else's control might give. */
const dns = (answers: Record<string, string[]>): ResolveHost => (name) => {
  const addresses = answers[name];
  if (!addresses) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' }));
  return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
};

/** The clients' deadline: refusals come before any connection, and the one delivery here takes milliseconds, but a loaded machine must not turn it into a failure. */
const DEADLINE_MS = 10_000;

describe('refusedAddress', () => {
  it.each(REFUSED)('refuses %s', (address, kind) => {
    expect(refusedAddress(address)).toMatch(kind);
  });
  it.each(ALLOWED)('allows the public address %s', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });
});

describe('checkWebhookUrl, when an endpoint is configured', () => {
  it.each(REFUSED_URLS)('refuses %s', async (url) => {
    expect(await checkWebhookUrl(url, { allowInsecure: false, resolve: dns({}) })).not.toBeNull();
  });

  it('refuses a name that resolves to a loopback address: localhost', async () => {
    expect(await checkWebhookUrl('https://localhost/hooks', { allowInsecure: false })).toMatch(/localhost resolves to (127\.0\.0\.1|::1).*loopback/);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const resolve = dns({ 'mixed.test': ['93.184.216.34', '10.0.0.7'] });
    expect(await checkWebhookUrl('https://mixed.test/hooks', { allowInsecure: false, resolve })).toMatch(/mixed\.test resolves to 10\.0\.0\.7, a private address/);
  });

  it('accepts https:// to a public address or a name that resolves only to public ones', async () => {
    const resolve = dns({ 'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] });
    expect(await checkWebhookUrl('https://hooks.example.com/in', { allowInsecure: false, resolve })).toBeNull();
    expect(await checkWebhookUrl('https://93.184.216.34:8443/in', { allowInsecure: false, resolve })).toBeNull();
  });

  it('accepts http:// and private targets when WEBHOOK_ALLOW_INSECURE_TARGETS is true', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:3000/in', { allowInsecure: true })).toBeNull();
    expect(await checkWebhookUrl('https://localhost/in', { allowInsecure: true })).toBeNull();
  });
});

describe('the delivery connection', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it.each(REFUSED)('refuses a name that resolves to %s at connection time', async (address) => {
    const http = createWebhookHttp({ timeoutMs: DEADLINE_MS, allowInsecure: false, resolve: dns({ 'hooks.test': [address] }) });
    try {
      const outcome = await http.post(`https://hooks.test:${receiver.port}/hooks`, '{}', {});
      expect(outcome.status).toBeNull();
      expect(outcome.error).toContain(`refused: hooks.test resolves to ${address}`);
    } finally {
      http.close();
    }
  });

  it('refuses an address literal in the URL at connection time', async () => {
    const http = createWebhookHttp({ timeoutMs: DEADLINE_MS, allowInsecure: false });
    try {
      expect((await http.post(`https://127.0.0.1:${receiver.port}/hooks`, '{}', {})).error).toMatch(/^refused: 127\.0\.0\.1 is a loopback address/);
      expect((await http.post(`https://[::ffff:7f00:1]:${receiver.port}/hooks`, '{}', {})).error).toMatch(/^refused: .*loopback/);
      expect((await http.post(`http://93.184.216.34/hooks`, '{}', {})).error).toMatch(/^refused: http:/);
    } finally {
      http.close();
    }
    expect(receiver.hits).toHaveLength(0);
  });

  it('refuses a name whose DNS answer changed to a private address after it was checked (rebinding)', async () => {
    let answers = 0;
    const rebinding: ResolveHost = () => Promise.resolve([{ address: answers++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }]);
    expect(await checkWebhookUrl(`https://rebind.test:${receiver.port}/hooks`, { allowInsecure: false, resolve: rebinding })).toBeNull();
    const http = createWebhookHttp({ timeoutMs: DEADLINE_MS, allowInsecure: false, resolve: rebinding });
    try {
      expect((await http.post(`https://rebind.test:${receiver.port}/hooks`, '{}', {})).error).toBe('refused: rebind.test resolves to 127.0.0.1, a loopback address');
    } finally {
      http.close();
    }
    expect(receiver.hits).toHaveLength(0);
  });

  it('reaches the same receiver when WEBHOOK_ALLOW_INSECURE_TARGETS is true', async () => {
    const { readFile } = await import('node:fs/promises');
    const http = createWebhookHttp({ timeoutMs: DEADLINE_MS, allowInsecure: true, extraCa: await readFile(receiver.caFile, 'utf8') });
    try {
      expect(await http.post(`https://localhost:${receiver.port}/hooks`, '{}', {})).toMatchObject({ status: 204, error: null });
    } finally {
      http.close();
    }
    receiver.hits.length = 0;
  });
});

describe('the delivery worker', () => {
  let receiver: Receiver;
  let studio: Studio;
  beforeAll(async () => {
    receiver = await startReceiver();
    studio = await startStudio({ bundle: webhookBundle, env: { WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_RETRY_DELAYS: '0,0,0' } });
  });
  afterAll(async () => {
    await studio.close();
    await receiver.close();
  });

  it('refuses at connection time an endpoint on localhost that was configured while insecure targets were allowed', async () => {
    const { orm, serverKey } = studio.app.services;
    const url = `https://localhost:${receiver.port}/hooks`;
    await setWebhook(companyEm(orm, studio.companyId), serverKey, { companyId: studio.companyId, url, events: 'registration.created' }, { allowInsecure: true });
    const graphql = graphqlAs(studio, await studio.token());
    await graphql(BOOK_EVENT, { input: { customerId: 'cust_bob', eventDateId: 'date_one', pricingOptionId: 'po-dropin', payWith: 'CARD' } });
    const log = await waitUntil(async () => {
      const { webhookDeliveries } = await graphql(DELIVERIES, { limit: 10 });
      return webhookDeliveries.length === 4 && webhookDeliveries;
    }, { what: 'four refused attempts' });
    for (const attempt of log) {
      expect(attempt).toMatchObject({ url, status: null });
      expect(attempt.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1)/);
    }
    expect(receiver.hits).toHaveLength(0);
  });
});
