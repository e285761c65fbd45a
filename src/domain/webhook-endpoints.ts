/**
 * Webhook endpoints (document 2, section 6): per company, a receiver URL and the event kinds it wants,
 * each with its own signing secret (shown once, stored sealed because the server signs with it).
 * Also the operator's view of deliveries and the "Send Test" of the dashboard.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { Company, WEBHOOK_KINDS, WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../db/entities/index.ts';
import { companyEm } from '../db/scope.ts';
import { requireCompany } from './companies.ts';
import { seal } from './credentials.ts';
import { newId } from './ids.ts';
import { InvalidInput, requireLimit } from './invalid-input.ts';

export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** Document 2, section 6: the receiver must answer within 10 seconds. */
const RESPONSE_DEADLINE_MS = 10_000;

export interface WebhookEnvelope {
  event: WebhookKind;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface WebhookDeliveryView {
  eventId: string;
  event: string;
  attempt: number;
  status: number | null;
  at: string;
  durationMs: number;
}

/**
 * Why `url` cannot be a webhook target, or null when it can. Only https:// targets are allowed unless
 * `allowInsecure` (WEBHOOK_ALLOW_INSECURE_TARGETS) is set.
 */
export function checkWebhookUrl(url: string, { allowInsecure }: { allowInsecure: boolean }): string | null {
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
  return null;
}

/**
 * Adds an endpoint, or, when the company already has one at this URL, replaces its events and gives it
 * a new signing secret. Returns the signing secret: it is not shown again.
 */
export async function setWebhook(
  orm: MikroORM,
  serverKey: Buffer,
  input: { companyId: string; url: string; events: string },
  { allowInsecure }: { allowInsecure: boolean },
): Promise<{ id: string; url: string; events: WebhookKind[]; signingSecret: string }> {
  const problem = checkWebhookUrl(input.url, { allowInsecure });
  if (problem) throw new InvalidInput('url', problem);
  const url = new URL(input.url).href;
  const events = parseEvents(input.events);
  const em = companyEm(orm, input.companyId);
  await requireCompany(em, input.companyId);

  const signingSecret = `whsec_${randomBytes(32).toString('base64url')}`;
  const sealedSecret = seal(serverKey, signingSecret);
  const existing = await em.findOne(WebhookEndpoint, { url });
  const endpoint =
    existing ?? em.create(WebhookEndpoint, { id: newId('webhook'), company: input.companyId, url, events, sealedSecret });
  Object.assign(endpoint, { events, sealedSecret, previousSealedSecret: null, previousSecretExpiresAt: null, enabled: true });
  await em.flush();
  return { id: endpoint.id, url, events, signingSecret };
}

/** The latest delivery attempts of the company's webhooks, newest first. */
export async function listWebhookDeliveries(orm: MikroORM, companyId: string, limit = 50): Promise<WebhookDeliveryView[]> {
  requireLimit(limit);
  const em = companyEm(orm, companyId);
  await requireCompany(em, companyId);
  const deliveries = await em.find(
    WebhookDelivery,
    {},
    { populate: ['event'], strategy: 'joined', orderBy: [{ at: 'desc' }, { id: 'desc' }], limit },
  );
  return deliveries.map((delivery) => ({
    eventId: delivery.event.id,
    event: delivery.event.kind,
    attempt: delivery.attempt,
    status: delivery.statusCode ?? null,
    at: delivery.at.toISOString(),
    durationMs: delivery.durationMs,
  }));
}

/** A realistic payload of `kind` in the envelope of document 2, section 6, for test deliveries. */
export function sampleEvent(kind: WebhookKind, now: Date = new Date(), currency = 'GBP'): WebhookEnvelope {
  const customer = { customerId: 'cust_sample', customerEmail: 'ada@example.com', customerName: 'Ada Lovelace' };
  const eventDate = new Date(now.getTime() + 7 * 86_400_000).toISOString();
  const data: Record<WebhookKind, Record<string, unknown>> = {
    'registration.created': {
      registrationId: 'reg_sample',
      ...customer,
      eventId: 'evt_sample',
      eventTitle: 'Morning Yoga',
      eventDate,
      spots: 1,
      totalPaid: 12,
      currency,
      paymentMethod: 'CARD',
      passUsed: null,
    },
    'pass.purchased': {
      customerPassId: 'cp_sample',
      ...customer,
      passId: 'pass_sample',
      passTitle: '10 classes',
      totalUses: 10,
      remainingUses: 10,
      startDate: now.toISOString().slice(0, 10),
      expiryDate: new Date(now.getTime() + 90 * 86_400_000).toISOString().slice(0, 10),
      totalPaid: 90,
      currency,
      paymentMethod: 'CARD',
    },
    'event.purchased': {
      purchaseId: 'pur_sample',
      ...customer,
      eventId: 'evt_sample',
      eventTitle: 'Weekend Workshop',
      eventDate,
      tickets: 1,
      totalPaid: 45,
      currency,
      paymentMethod: 'CARD',
      discountCode: null,
    },
  };
  return { event: kind, timestamp: now.toISOString(), data: data[kind] };
}

/**
 * The dashboard's "Send Test": one POST of a sample event to the company's endpoint (the one at `url`,
 * else the newest), recorded as a test event with its delivery so `listWebhookDeliveries` shows it.
 * `status` is the receiver's HTTP status, 0 when it could not be reached in time.
 */
export async function testWebhook(
  orm: MikroORM,
  companyId: string,
  options: { allowInsecure: boolean; now: Date; url?: string },
): Promise<{ delivered: boolean; status: number }> {
  const em = companyEm(orm, companyId);
  const company = await em.findOne(Company, { id: companyId });
  if (!company) throw new InvalidInput('company', `no company with id "${companyId}"`);
  const endpoints = await em.find(WebhookEndpoint, { enabled: true }, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  const wanted = options.url === undefined ? undefined : URL.canParse(options.url) ? new URL(options.url).href : options.url;
  const endpoint = wanted === undefined ? endpoints[0] : endpoints.find((e) => e.url === wanted);
  if (!endpoint) {
    throw wanted === undefined
      ? new InvalidInput('company', `company "${companyId}" has no webhook endpoint; add one with "webhook set"`)
      : new InvalidInput('url', `company "${companyId}" has no webhook endpoint at ${wanted}`);
  }
  const problem = checkWebhookUrl(endpoint.url, { allowInsecure: options.allowInsecure });
  if (problem) throw new InvalidInput('url', `${endpoint.url} ${problem}`);

  const kind = WEBHOOK_KINDS.find((k) => endpoint.events.includes(k)) ?? 'registration.created';
  const envelope = sampleEvent(kind, options.now, company.currency);
  const event = em.create(WebhookEvent, {
    id: newId('webhookEvent', options.now.getTime()),
    company: companyId,
    kind,
    payload: { ...envelope },
    isTest: true,
  });
  const started = performance.now();
  const { status, error } = await post(endpoint.url, envelope);
  em.create(WebhookDelivery, {
    company: companyId,
    event,
    endpoint,
    attempt: 1,
    statusCode: status || null,
    error,
    durationMs: Math.round(performance.now() - started),
    at: options.now,
  });
  await em.flush();
  return { delivered: status >= 200 && status < 300, status };
}

async function post(url: string, envelope: WebhookEnvelope): Promise<{ status: number; error: string | null }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(envelope),
      redirect: 'manual',
      signal: AbortSignal.timeout(RESPONSE_DEADLINE_MS),
    });
    await response.body?.cancel();
    return { status: response.status, error: response.ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { status: 0, error: timedOut ? `no answer within ${RESPONSE_DEADLINE_MS / 1000} seconds` : describe(error) };
  }
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}

function parseEvents(text: string): WebhookKind[] {
  const names = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  const unknown = names.filter((name) => !(WEBHOOK_KINDS as readonly string[]).includes(name));
  if (unknown.length) throw new InvalidInput('events', `unknown event${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (known: ${WEBHOOK_KINDS.join(', ')})`);
  if (!names.length) throw new InvalidInput('events', `at least one event is required (${WEBHOOK_KINDS.join(', ')})`);
  return names as WebhookKind[];
}
