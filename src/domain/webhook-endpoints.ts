/**
 * Webhook endpoints (document 2, section 6): per company, any number of receiver URLs, each with the event
 * kinds it wants, an enabled flag and its own signing secret (shown once, stored sealed because the server
 * signs with it; a rotation keeps the previous secret signing for an overlap period). Which targets are
 * safe to call (`checkWebhookUrl`, `refusedAddress`), and the operator's tools: the delivery log and
 * redelivery of an event.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { EntityManager, Loaded, MikroORM } from '@mikro-orm/postgresql';
import { key, WebhookDelivery, WebhookEndpoint, WebhookEvent, WebhookJob, type IWebhookDelivery, type IWebhookEndpoint } from '../db/entities/index.ts';
import { companyEm } from '../db/scope.ts';
import { requireCompany } from './companies.ts';
import { seal, unseal } from './credentials.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checked, RULES } from './input-rules.ts';
import { InvalidInput, requireLimit } from './invalid-input.ts';
import { WEBHOOK_KINDS, type WebhookKind } from './outbox.ts';
import { keyOfEntry, olderThan } from './paging.ts';
import { conflictOn, inTransaction, UNIQUE_VIOLATION } from './transactions.ts';
import { lockJobsOfEndpoint, lockJobsToSendAgain, sendJobsAgain } from '../db/webhook-redelivery.ts';

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookKind[];
  enabled: boolean;
  /** After a rotation with an overlap, until when the previous secret also signs; null when none was kept. */
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
}

export interface WebhookDeliveryView {
  eventId: string;
  event: string;
  test: boolean;
  endpointId: string;
  url: string;
  attempt: number;
  /** The receiver's HTTP status; null when it gave none (refused target, connection error, timeout). */
  status: number | null;
  error: string | null;
  at: string;
  durationMs: number;
}

/** Resolves a host name to all its addresses; node's resolver unless a test gives another. */
export type ResolveHost = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const resolveHost: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type Cidr = [prefix: string, bits: number, kind: string];

/**
 * Addresses a webhook may never reach unless WEBHOOK_ALLOW_INSECURE_TARGETS is set: everything that is
 * not a public unicast address. First match wins. IPv6 forms that embed an IPv4 address (mapped, NAT64,
 * 6to4) are judged by that address.
 */
const REFUSED_IPV4: Cidr[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];
const REFUSED_IPV6: Cidr[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'reserved (IPv4-compatible)'],
  ['64:ff9b:1::', 48, 'private (local NAT64)'],
  ['100::', 64, 'reserved (discard)'],
  ['2001::', 32, 'reserved (Teredo)'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'private (unique local)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private (site-local)'],
  ['ff00::', 8, 'multicast'],
];
/** IPv6 prefixes whose addresses carry an IPv4 address, and the bit where it starts. */
const EMBEDDING_IPV4: Array<[prefix: string, bits: number, at: number]> = [
  ['::ffff:0:0', 96, 96],
  ['64:ff9b::', 96, 96],
  ['2002::', 16, 16],
];

function ipv4Number(address: string): bigint {
  return address.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Number(address: string): bigint {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const v4 = ipv4Number(dotted);
    text = `${text.slice(0, -dotted.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function within(value: bigint, width: number, [prefix, bits]: [string, number, ...unknown[]]): boolean {
  const base = width === 32 ? ipv4Number(prefix) : ipv6Number(prefix);
  const shift = BigInt(width - bits);
  return value >> shift === base >> shift;
}

const described = (kind: string) => `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} address`;

/**
 * Why a webhook may not connect to the IP `address` ("a loopback address"), or null when it may.
 * Anything that is not an IP address is refused too.
 */
export function refusedAddress(address: string): string | null {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) {
    const kind = REFUSED_IPV4.find((cidr) => within(ipv4Number(address), 32, cidr))?.[2];
    return kind ? described(kind) : null;
  }
  if (family !== 6) return 'not an IP address';
  const value = ipv6Number(address);
  for (const [prefix, bits, at] of EMBEDDING_IPV4) {
    if (!within(value, 128, [prefix, bits])) continue;
    const v4 = (value >> BigInt(128 - at - 32)) & 0xffffffffn;
    const embedded = [24n, 16n, 8n, 0n].map((shift) => (v4 >> shift) & 0xffn).join('.');
    const reason = refusedAddress(embedded);
    return reason && `an address embedding ${embedded}, ${reason}`;
  }
  const kind = REFUSED_IPV6.find((cidr) => within(value, 128, cidr))?.[2];
  if (kind) return described(kind);
  return within(value, 128, ['2000::', 3]) ? null : described('reserved (not global unicast)');
}

/**
 * Why `url` cannot be a webhook target, or null when it can: it must be an https:// URL whose host is,
 * or resolves only to, public addresses. A name that does not resolve yet is accepted: the address is
 * checked again on every connection (src/webhooks/http.ts). `allowInsecure` (WEBHOOK_ALLOW_INSECURE_TARGETS)
 * also allows http:// and any address.
 */
export async function checkWebhookUrl(
  url: string,
  { allowInsecure, resolve = resolveHost }: { allowInsecure: boolean; resolve?: ResolveHost },
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL such as https://example.com/webhooks';
  }
  if (parsed.protocol === 'http:' && !allowInsecure) {
    return 'must use https:// (http:// is accepted only when WEBHOOK_ALLOW_INSECURE_TARGETS=true)';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must be an https:// URL';
  if (parsed.username || parsed.password) return 'must not contain a user name or password';
  if (allowInsecure) return null;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    const reason = refusedAddress(host);
    return refusal(reason && `${host} is ${reason}`);
  }
  let addresses: Array<{ address: string }>;
  try {
    addresses = await resolve(host);
  } catch {
    return null;
  }
  for (const { address } of addresses) {
    const reason = refusedAddress(address);
    if (reason) return refusal(`${host} resolves to ${address}, ${reason}`);
  }
  return null;
}

function refusal(reason: string | null): string | null {
  return reason && `must reach a public address (${reason}; allowed only when WEBHOOK_ALLOW_INSECURE_TARGETS=true)`;
}

/** `whsec_` and 32 random bytes in standard base64, the Standard Webhooks form of a signing secret. */
function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function view(endpoint: IWebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events as WebhookKind[],
    enabled: endpoint.enabled,
    previousSecretExpiresAt: endpoint.previousSecretExpiresAt ?? null,
    createdAt: endpoint.createdAt,
  };
}

async function findEndpoint(em: EntityManager, id: string): Promise<IWebhookEndpoint> {
  const endpoint = await em.findOne(WebhookEndpoint, { id });
  if (!endpoint) throw new NotFound('Webhook endpoint');
  return endpoint;
}

/** The company's endpoints, oldest first (`em` is limited to the company: src/db/scope.ts). */
export async function listWebhooks(em: EntityManager, companyId: string): Promise<WebhookEndpointView[]> {
  await requireCompany(em, companyId);
  const endpoints = await em.find(WebhookEndpoint, {}, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return endpoints.map(view);
}

/** One endpoint of the company; null when it has none of that id. */
export async function findWebhook(em: EntityManager, id: string): Promise<WebhookEndpointView | null> {
  const endpoint = await em.findOne(WebhookEndpoint, { id });
  return endpoint && view(endpoint);
}

interface TargetOptions {
  allowInsecure: boolean;
  resolve?: ResolveHost;
}

/** `url` as stored (normalised), once it is a target a webhook may be sent to (checkWebhookUrl). */
async function targetUrl(url: string, options: TargetOptions): Promise<string> {
  checked(RULES.webhookUrl, url, 'url');
  if (!URL.canParse(url)) throw new InvalidInput('url', 'must be an absolute URL such as https://example.com/webhooks');
  const href = new URL(url).href;
  const problem = await checkWebhookUrl(href, options);
  if (problem) throw new InvalidInput('url', problem);
  return href;
}

const URL_TAKEN = 'another endpoint of the company already has this URL';

/** Refuses a URL another endpoint of the company has; the unique (company, url) backs it against a race. */
async function urlFree(em: EntityManager, url: string, except: string | null): Promise<void> {
  const other = await em.findOne(WebhookEndpoint, { url });
  if (other && other.id !== except) throw new Conflict(`${URL_TAKEN} (${other.id}): change that one instead`);
}

const flushed = (em: EntityManager) => conflictOn([UNIQUE_VIOLATION], URL_TAKEN, () => em.flush());

/** Adds an endpoint with a new signing secret, returned once. Enabled unless `enabled` is false. */
export async function createWebhook(
  em: EntityManager,
  serverKey: Buffer,
  input: { companyId: string; url: string; events: string | readonly string[]; enabled?: boolean | null },
  options: TargetOptions,
): Promise<WebhookEndpointView & { signingSecret: string }> {
  const events = parseEvents(input.events);
  const url = await targetUrl(input.url, options);
  await requireCompany(em, input.companyId);
  await urlFree(em, url, null);
  return addEndpoint(em, serverKey, { companyId: input.companyId, url, events, enabled: input.enabled ?? true });
}

async function addEndpoint(
  em: EntityManager,
  serverKey: Buffer,
  fields: { companyId: string; url: string; events: WebhookKind[]; enabled: boolean },
): Promise<WebhookEndpointView & { signingSecret: string }> {
  const signingSecret = newSigningSecret();
  const endpoint = em.create(WebhookEndpoint, {
    id: newId('webhook'),
    company: fields.companyId,
    url: fields.url,
    events: fields.events,
    sealedSecret: seal(serverKey, signingSecret),
    enabled: fields.enabled,
  });
  await flushed(em);
  return { ...view(endpoint), signingSecret };
}

/** Changes the given fields of an endpoint (at least one); its secret stays. */
export async function updateWebhook(
  em: EntityManager,
  id: string,
  changes: { url?: string | null; events?: string | readonly string[] | null; enabled?: boolean | null },
  options: TargetOptions,
): Promise<WebhookEndpointView> {
  if (changes.url == null && changes.events == null && changes.enabled == null) throw new Invalid('input', 'required', 'give at least one of url, events and enabled');
  const events = changes.events == null ? undefined : parseEvents(changes.events);
  const url = changes.url == null ? undefined : await targetUrl(changes.url, options);
  const endpoint = await findEndpoint(em, id);
  if (url !== undefined && url !== endpoint.url) await urlFree(em, url, endpoint.id);
  Object.assign(endpoint, { ...(url !== undefined && { url }), ...(events && { events }), ...(changes.enabled != null && { enabled: changes.enabled }) });
  await flushed(em);
  return view(endpoint);
}

/**
 * Adds an endpoint (with a new signing secret, returned once), or changes one: the endpoint `id`, else
 * the one at `url`. A change keeps the secret (`signingSecret` is null). `enabled` defaults to true for
 * a new endpoint and stays as it is for a changed one.
 */
export async function setWebhook(
  em: EntityManager,
  serverKey: Buffer,
  input: { companyId: string; id?: string | null; url: string; events: string | readonly string[]; enabled?: boolean | null },
  options: TargetOptions,
): Promise<WebhookEndpointView & { signingSecret: string | null }> {
  const url = await targetUrl(input.url, options);
  const events = parseEvents(input.events);
  await requireCompany(em, input.companyId);
  const existing = input.id ? await findEndpoint(em, input.id) : await em.findOne(WebhookEndpoint, { url });
  if (!existing) return addEndpoint(em, serverKey, { companyId: input.companyId, url, events, enabled: input.enabled ?? true });
  const sameUrl = existing.url === url ? existing : await em.findOne(WebhookEndpoint, { url });
  if (sameUrl && sameUrl.id !== existing.id) throw new InvalidInput('url', `another endpoint (${sameUrl.id}) already has this URL`);
  Object.assign(existing, { url, events, ...(input.enabled != null && { enabled: input.enabled }) });
  await flushed(em);
  return { ...view(existing), signingSecret: null };
}

/**
 * Gives an endpoint a new signing secret (returned once). For `overlapHours` the secret it replaces keeps
 * signing too, so the receiver can switch without losing a delivery; a secret replaced before stops at once.
 */
export async function rotateWebhookSecret(
  em: EntityManager,
  serverKey: Buffer,
  id: string,
  { now, overlapHours }: { now: Date; overlapHours: number },
): Promise<WebhookEndpointView & { signingSecret: string }> {
  if (!Number.isInteger(overlapHours) || overlapHours < 0 || overlapHours > 24 * 30) {
    throw new InvalidInput('overlapHours', 'must be a whole number of hours from 0 to 720');
  }
  const endpoint = await findEndpoint(em, id);
  const signingSecret = newSigningSecret();
  Object.assign(endpoint, {
    previousSealedSecret: overlapHours ? endpoint.sealedSecret : null,
    previousSecretExpiresAt: overlapHours ? new Date(now.getTime() + overlapHours * 3_600_000) : null,
    sealedSecret: seal(serverKey, signingSecret),
  });
  await em.flush();
  return { ...view(endpoint), signingSecret };
}

/** The endpoint's current signing secret, for an operator who has lost it (the console's reveal, audited). */
export async function revealWebhookSecret(orm: MikroORM, serverKey: Buffer, companyId: string, id: string): Promise<string> {
  return unseal(serverKey, (await findEndpoint(companyEm(orm, companyId), id)).sealedSecret);
}

/** Turns deliveries to an endpoint on or off; while off, its due deliveries fail (and can be redelivered). */
export async function setWebhookEnabled(em: EntityManager, id: string, enabled: boolean): Promise<WebhookEndpointView> {
  const endpoint = await findEndpoint(em, id);
  endpoint.enabled = enabled;
  await em.flush();
  return view(endpoint);
}

/** Removes an endpoint with its pending deliveries and its part of the delivery log. */
export async function deleteWebhook(em: EntityManager, id: string): Promise<string> {
  const endpoint = await findEndpoint(em, id);
  // The database removes the endpoint's jobs and delivery records with it (on delete cascade). Its jobs are
  // locked first, in the order the worker takes locks (a job, then its endpoint, which recording an attempt
  // refers to), so a delete during a delivery waits for it rather than deadlocking with it.
  await lockJobsOfEndpoint(em, endpoint.id);
  await em.remove(endpoint).flush();
  return id;
}

/** The latest delivery attempts of the company's webhooks, newest first; of one event or endpoint if asked. */
export async function listWebhookDeliveries(
  em: EntityManager,
  companyId: string,
  { limit = 50, eventId, endpointId }: { limit?: number; eventId?: string | null; endpointId?: string | null } = {},
): Promise<WebhookDeliveryView[]> {
  requireLimit(limit);
  return (await webhookDeliveryPage(em, companyId, { offset: 0, limit, eventId, endpointId })).nodes;
}

/** A page of the delivery log; `total` is counted only when asked for (as every page of the graph). */
export interface WebhookDeliveryPage {
  nodes: WebhookDeliveryView[];
  total: () => Promise<number>;
  page: number;
  pageSize: number;
  hasNextPage?: boolean;
  endKey?: readonly string[];
}

/**
 * A page of the delivery log, newest first: by offset, or after the attempt with the key `after` (its
 * instant and id, from `endKey`); with `lookAhead`, whether more follow and the key of its last attempt.
 */
export async function webhookDeliveryPage(
  em: EntityManager,
  companyId: string,
  page: { offset: number; limit: number; after?: readonly string[]; lookAhead?: boolean; eventId?: string | null; endpointId?: string | null },
): Promise<Omit<WebhookDeliveryPage, 'page' | 'pageSize'>> {
  await requireCompany(em, companyId);
  const where = { ...(page.eventId && { event: key(companyId, page.eventId) }), ...(page.endpointId && { endpoint: key(companyId, page.endpointId) }) };
  const read = await em.find(WebhookDelivery, { $and: [where, olderThan(page.after)] }, {
    populate: ['event', 'endpoint'],
    strategy: 'joined',
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    offset: page.after ? 0 : page.offset,
    limit: page.limit + (page.lookAhead ? 1 : 0),
  });
  const deliveries = read.slice(0, page.limit);
  const total = () => em.fork().count(WebhookDelivery, where);
  const nodes = deliveries.map(deliveryView);
  if (!page.lookAhead) return { nodes, total };
  return { nodes, total, hasNextPage: read.length > page.limit, endKey: deliveries.length ? keyOfEntry(deliveries.at(-1)!) : undefined };
}

function deliveryView(delivery: Loaded<IWebhookDelivery, 'event' | 'endpoint'>): WebhookDeliveryView {
  return {
    eventId: delivery.event.id,
    event: delivery.event.kind,
    test: delivery.event.isTest,
    endpointId: delivery.endpoint.id,
    url: delivery.endpoint.url,
    attempt: delivery.attempt,
    status: delivery.statusCode ?? null,
    error: delivery.error ?? null,
    at: delivery.at.toISOString(),
    durationMs: delivery.durationMs,
  };
}

/**
 * Sends an event again now, as a new round with the full retry schedule (`retries`; none for a test
 * event): to every endpoint whose delivery of it failed or is waiting for a retry, or to `endpointId`
 * whatever happened before. A retry that was waiting is replaced by this round (`superseded` lists those
 * endpoints), so the receiver gets one attempt now instead of one later; an attempt under way at this very
 * moment is left to finish (Conflict). Attempt numbers go on counting in the delivery log.
 */
export async function redeliverWebhookEvent(
  em: EntityManager,
  companyId: string,
  input: { eventId: string; endpointId?: string | null },
  { retries }: { retries: number },
): Promise<{ eventId: string; endpointIds: string[]; superseded: string[] }> {
  const event = await em.findOne(WebhookEvent, { id: input.eventId });
  if (!event) throw new NotFound('Webhook event');
  const retriesLeft = event.isTest ? 0 : retries;
  return inTransaction(em, companyId, async (tx) => {
    const endpointId = input.endpointId ? (await findEndpoint(tx, input.endpointId)).id : null;
    if (endpointId && !(await tx.findOne(WebhookJob, { event: key(companyId, event.id), endpoint: key(companyId, endpointId) }))) {
      // Job times follow the database's clock (the worker compares them with now()), not the business clock.
      tx.create(WebhookJob, { company: companyId, event: key(companyId, event.id), endpoint: key(companyId, endpointId), retriesLeft, nextAttemptAt: new Date(), state: 'failed' });
      await tx.flush();
    }
    // The endpoint's job, or else every job that failed or waits for a retry.
    const chosen = { companyId, eventId: event.id, endpointId };
    const jobs = await lockJobsToSendAgain(tx, chosen);
    if (!jobs.length) throw new InvalidInput('eventId', `event ${event.id} has no failed delivery and no retry waiting; name an endpoint to send it again`);
    const inFlight = jobs.find((job) => job.in_flight);
    if (inFlight) throw new Conflict(`An attempt to deliver ${event.id} to ${inFlight.endpoint_id} is under way; see its result in the delivery log`);
    await sendJobsAgain(tx, { ...chosen, retriesLeft });
    const endpointIds = jobs.map((job) => job.endpoint_id);
    const superseded = jobs.filter((job) => job.state === 'pending' && job.attempts > 0).map((job) => job.endpoint_id);
    return { eventId: event.id, endpointIds, superseded };
  });
}

export function parseEvents(input: string | readonly string[]): WebhookKind[] {
  const names = [...new Set(typeof input === 'string' ? input.split(/[\s,]+/).filter(Boolean) : input)];
  const unknown = names.filter((name) => !(WEBHOOK_KINDS as readonly string[]).includes(name));
  if (unknown.length) throw new InvalidInput('events', `unknown event${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (known: ${WEBHOOK_KINDS.join(', ')})`);
  if (!names.length) throw new InvalidInput('events', `at least one event is required (${WEBHOOK_KINDS.join(', ')})`);
  return names as WebhookKind[];
}
