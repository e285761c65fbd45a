/**
 * "Send Test" (document 2, section 6): a sample event of a chosen kind, marked `test: true` in the
 * envelope, sent once (no retries) to one endpoint through the same signing, HTTP and logging path as
 * every delivery, while the caller waits for the answer. The test event and its attempt appear in the
 * delivery log; the event can be redelivered by id like any other.
 */
import { Company, WEBHOOK_KINDS, WebhookEndpoint, WebhookEvent, WebhookJob, type IWebhookEndpoint } from '../db/entities/index.ts';
import { companyEm } from '../db/scope.ts';
import { NotFound } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import { InvalidInput } from '../domain/invalid-input.ts';
import { payloadOf, samplePayload, type WebhookKind } from '../domain/outbox.ts';
import { inTransaction } from '../domain/transactions.ts';
import { checkWebhookUrl } from '../domain/webhook-endpoints.ts';
import type { Services } from '../services.ts';
import { leaseSeconds, webhookDelivery } from './delivery.ts';

export interface TestDelivery {
  eventId: string;
  event: WebhookKind;
  delivered: boolean;
  /** The receiver's HTTP status; null when it gave none. */
  status: number | null;
  error: string | null;
}

async function chooseEndpoint(services: Services, companyId: string, which: { endpointId?: string | null; url?: string | null }): Promise<IWebhookEndpoint> {
  const em = companyEm(services.orm, companyId);
  if (which.endpointId) {
    const endpoint = await em.findOne(WebhookEndpoint, { id: which.endpointId });
    if (!endpoint) throw new NotFound('Webhook endpoint');
    return endpoint;
  }
  const endpoints = await em.find(WebhookEndpoint, {}, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  const wanted = which.url && (URL.canParse(which.url) ? new URL(which.url).href : which.url);
  const endpoint = wanted ? endpoints.find((e) => e.url === wanted) : (endpoints.find((e) => e.enabled) ?? endpoints[0]);
  if (endpoint) return endpoint;
  throw wanted
    ? new InvalidInput('url', `company "${companyId}" has no webhook endpoint at ${wanted}`)
    : new InvalidInput('company', `company "${companyId}" has no webhook endpoint; add one with "webhook set"`);
}

/**
 * Sends a test event to the endpoint `endpointId`, or the one at `url`, or the newest enabled one. The
 * kind defaults to the first the endpoint is subscribed to.
 */
export async function sendTestWebhook(
  services: Services,
  companyId: string,
  options: { kind?: WebhookKind | null; endpointId?: string | null; url?: string | null },
  onRecorded?: (companyId: string) => unknown,
): Promise<TestDelivery> {
  const { orm, config, clock } = services;
  const company = await companyEm(orm, companyId).findOne(Company, { id: companyId });
  if (!company) throw new InvalidInput('company', `no company with id "${companyId}"`);
  if (options.kind && !(WEBHOOK_KINDS as readonly string[]).includes(options.kind)) {
    throw new InvalidInput('kind', `unknown event: ${options.kind} (known: ${WEBHOOK_KINDS.join(', ')})`);
  }
  const endpoint = await chooseEndpoint(services, companyId, options);
  const problem = await checkWebhookUrl(endpoint.url, { allowInsecure: config.WEBHOOK_ALLOW_INSECURE_TARGETS });
  if (problem) throw new InvalidInput('url', `${endpoint.url} ${problem}`);
  const kind = options.kind ?? WEBHOOK_KINDS.find((k) => endpoint.events.includes(k)) ?? 'registration.created';

  const now = clock.now();
  const payload = payloadOf(kind, samplePayload(kind, now, company.currency));
  const eventId = newId('webhookEvent', now.getTime());
  const job = await inTransaction(companyEm(orm, companyId), companyId, async (tx) => {
    tx.create(WebhookEvent, { id: eventId, company: companyId, kind, payload, isTest: true, createdAt: now, dispatchedAt: now });
    // Claimed by this caller from the start (attempt 1, leased), so no worker takes it meanwhile.
    const created = tx.create(WebhookJob, {
      company: companyId,
      event: eventId,
      endpoint: endpoint.id,
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

  const { deliver, http } = await webhookDelivery(services, onRecorded);
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
    return { eventId, event: kind, delivered: result.state === 'delivered', status, error };
  } finally {
    http.close();
  }
}
