/**
 * "Send Test" (document 2, section 6): a sample event of a chosen kind, marked `test: true` in the
 * envelope, sent once (no retries) to one endpoint through the same signing, HTTP and logging path as
 * every delivery, while the caller waits for the answer. The test event and its attempt appear in the
 * delivery log; the event can be redelivered by id like any other.
 */
import { Company, key, WebhookEndpoint, WebhookEvent, WebhookJob, type IWebhookEndpoint } from '../db/entities/index.ts';
import { companyEm } from '../db/scope.ts';
import { NotFound } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { InvalidInput } from '../domain/invalid-input.ts';
import { isWebhookKind, payloadOf, samplePayload, WEBHOOK_KINDS, type WebhookKind } from '../domain/outbox.ts';
import { inTransaction } from '../domain/transactions.ts';
import { checkWebhookUrl } from '../domain/webhook-endpoints.ts';
import type { Services } from '../services.ts';
import { leaseSeconds, webhookDelivery } from './delivery.ts';

export interface TestDelivery {
  eventId: string;
  event: WebhookKind;
  /** The endpoint it went to. */
  endpointId: string;
  delivered: boolean;
  /** The receiver's HTTP status; null when it gave none. */
  status: number | null;
  error: string | null;
}

/**
 * The endpoint a test of `kind` goes to: `endpointId`, or the one at `url`, or else the newest enabled
 * endpoint subscribed to `kind`. A test goes only where that kind would be delivered, so a receiver is
 * never sent a sample it could not get for real.
 */
async function chooseEndpoint(
  services: Services,
  companyId: string,
  kind: WebhookKind | null | undefined,
  which: { endpointId?: string | null; url?: string | null },
): Promise<IWebhookEndpoint> {
  const em = companyEm(services.orm, companyId);
  const endpoints = await em.find(WebhookEndpoint, {}, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  const wanted = which.url && (URL.canParse(which.url) ? new URL(which.url).href : which.url);
  const named = which.endpointId ? endpoints.find((e) => e.id === which.endpointId) : wanted ? endpoints.find((e) => e.url === wanted) : undefined;
  if (which.endpointId && !named) throw new NotFound('Webhook endpoint');
  if (wanted && !named) throw new InvalidInput('url', `company "${companyId}" has no webhook endpoint at ${wanted}`);
  if (!endpoints.length) throw new InvalidInput('company', `company "${companyId}" has no webhook endpoint`);
  if (named) {
    if (kind && !named.events.includes(kind)) {
      throw new InvalidInput('kind', `endpoint ${named.id} does not receive ${kind} (it receives ${named.events.join(', ')}), so no test of it is sent`);
    }
    return named;
  }
  const receiving = endpoints.filter((e) => !kind || e.events.includes(kind));
  const endpoint = receiving.find((e) => e.enabled) ?? receiving[0];
  if (!endpoint) throw new InvalidInput('kind', `no webhook endpoint of company "${companyId}" receives ${kind}, so no test of it is sent`);
  return endpoint;
}

/**
 * Sends a test event to the endpoint `endpointId`, or the one at `url`, or the newest enabled one that
 * receives `kind`. The kind defaults to the first the endpoint is subscribed to; a named endpoint that is
 * not subscribed to `kind` gets nothing (Invalid `kind`).
 */
export async function sendTestWebhook(
  services: Services,
  companyId: string,
  options: { kind?: WebhookKind | null; endpointId?: string | null; url?: string | null },
): Promise<TestDelivery> {
  const { orm, config, clock } = services;
  const company = await companyEm(orm, companyId).findOne(Company, { id: companyId });
  if (!company) throw new InvalidInput('company', `no company with id "${companyId}"`);
  // kind is typed, but GraphQL and the CLI hand it over as a string
  if (options.kind && !isWebhookKind(options.kind)) {
    throw new InvalidInput('kind', `unknown event: ${String(options.kind)} (known: ${WEBHOOK_KINDS.join(', ')})`);
  }
  const endpoint = await chooseEndpoint(services, companyId, options.kind, options);
  const problem = await checkWebhookUrl(endpoint.url, { allowInsecure: config.WEBHOOK_ALLOW_INSECURE_TARGETS });
  if (problem) throw new InvalidInput('endpointId', `endpoint ${endpoint.id} (${endpoint.url}) ${problem}`);
  const kind = options.kind ?? WEBHOOK_KINDS.find((k) => endpoint.events.includes(k)) ?? 'registration.created';

  const now = clock.now();
  const payload = payloadOf(kind, samplePayload(kind, now, company.currency));
  const eventId = newId('webhookEvent', now.getTime());
  const job = await inTransaction(companyEm(orm, companyId), companyId, async (tx) => {
    tx.create(WebhookEvent, { id: eventId, company: companyId, kind, payload, isTest: true, createdAt: now, dispatchedAt: now });
    // Claimed by this caller from the start (attempt 1, leased), so no worker takes it meanwhile.
    const created = tx.create(WebhookJob, {
      company: companyId,
      event: key(companyId, eventId),
      endpoint: key(companyId, endpoint.id),
      attempts: 1,
      retriesLeft: 0,
      // Job times are compared with the database's now() by the worker: they follow the wall clock, not the
      // (injectable) business clock.
      nextAttemptAt: new Date(),
      lockedUntil: new Date(Date.now() + leaseSeconds(config.WEBHOOK_TIMEOUT_MS) * 1000),
    });
    await tx.flush();
    return created;
  });

  const { deliver, http } = await webhookDelivery(services);
  try {
    const previousValid = endpoint.previousSealedSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
    const { status, error, result } = await deliver({
      jobId: String(job.id),
      attempt: 1,
      retriesLeft: 0,
      companyId,
      eventId,
      kind,
      payload,
      isTest: true,
      createdAt: now,
      endpointId: endpoint.id,
      url: endpoint.url,
      enabled: endpoint.enabled,
      events: endpoint.events,
      sealedSecret: endpoint.sealedSecret,
      previousSealedSecret: previousValid ? endpoint.previousSealedSecret! : null,
    });
    return { eventId, event: kind, endpointId: endpoint.id, delivered: result.state === 'delivered', status, error };
  } finally {
    http.close();
  }
}
