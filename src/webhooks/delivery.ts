/**
 * One delivery attempt, the same for the worker and for "Send Test": the envelope `{event, timestamp,
 * data}` (plus `test: true` for a test event), signed (signature.ts), POSTed (http.ts), written to the
 * delivery log with its job's next state, and counted in the metrics.
 *
 * Retry schedule: after failed attempt n (1-based) of a round, attempt n+1 follows WEBHOOK_RETRY_DELAYS[n-1]
 * seconds later, plus up to 10% random jitter, while the job has retries left (3 by default, none for a
 * test event). A job whose endpoint was disabled or unsubscribed from the kind since fan-out fails at once.
 */
import { readFile } from 'node:fs/promises';
import type { Pool, QueryResultRow } from 'pg';
import type { Logger } from 'pino';
import type { Clock } from '../domain/clock.ts';
import { unseal } from '../domain/credentials.ts';
import { payloadOf } from '../domain/outbox.ts';
import { webhookMetrics, type WebhookMetrics } from '../metrics.ts';
import { raiseCacheVersions } from '../db/cache-versions.ts';
import type { Services } from '../services.ts';
import { createWebhookHttp, type WebhookHttp } from './http.ts';
import { recordAttempt, type AttemptResult, type ClaimedDelivery } from '../db/webhook-jobs.ts';
import { signatureHeaders } from './signature.ts';

export interface DelivererOptions {
  pool: Pool;
  http: WebhookHttp;
  serverKey: Buffer;
  /** Seconds before retry 1, 2, 3 (WEBHOOK_RETRY_DELAYS). */
  retryDelays: readonly number[];
  clock: Clock;
  logger: Logger;
  metrics: WebhookMetrics;
  /** Raises the delivery log's cache version once an attempt is written to it (src/db/cache-versions.ts). */
  logChanged(companyId: string): Promise<unknown>;
}

/** The graph's name of the delivery log (`webhookDeliveries`), whose cached reads each attempt leaves behind. */
export const DELIVERY_LOG_TYPE = 'WebhookDeliveryAttempt';

export interface Attempted {
  status: number | null;
  error: string | null;
  result: AttemptResult;
}

const JITTER = 0.1;

/**
 * The exact bytes POSTed for an event: the same on every attempt, the keys of `data` in the documented
 * order (the outbox keeps the payload as jsonb, which orders keys its own way).
 */
export function envelopeBody(delivery: Pick<ClaimedDelivery, 'kind' | 'createdAt' | 'payload' | 'isTest'>): string {
  return JSON.stringify({
    event: delivery.kind,
    timestamp: delivery.createdAt.toISOString(),
    data: payloadOf(delivery.kind, delivery.payload as never),
    ...(delivery.isTest && { test: true }),
  });
}

export function createDeliverer(options: DelivererOptions) {
  const { pool, http, serverKey, retryDelays, clock, logger, metrics } = options;

  const nextStep = (delivery: ClaimedDelivery, succeeded: boolean, retryable: boolean): AttemptResult => {
    if (succeeded) return { state: 'delivered' };
    if (!retryable || delivery.retriesLeft < 1 || !retryDelays.length) return { state: 'failed' };
    const index = Math.min(Math.max(retryDelays.length - delivery.retriesLeft, 0), retryDelays.length - 1);
    const delay = retryDelays[index]!;
    return { state: 'pending', retryInSeconds: delay * (1 + Math.random() * JITTER) };
  };

  const post = async (delivery: ClaimedDelivery, at: Date) => {
    const stale = !delivery.isTest && (!delivery.enabled || !delivery.events.includes(delivery.kind));
    if (stale) {
      const error = delivery.enabled ? `endpoint is no longer subscribed to ${delivery.kind}` : 'endpoint is disabled';
      return { status: null, error, durationMs: 0, retryable: false };
    }
    const body = envelopeBody(delivery);
    const secrets = [delivery.sealedSecret, ...(delivery.previousSealedSecret ? [delivery.previousSealedSecret] : [])].map((sealed) =>
      unseal(serverKey, sealed),
    ) as [string, ...string[]];
    const headers = await signatureHeaders({ eventId: delivery.eventId, kind: delivery.kind, body, secrets, now: at });
    return { ...(await http.post(delivery.url, body, headers)), retryable: true };
  };

  /** Makes the attempt this instance has claimed and records it; never throws for a receiver's failure. */
  return async function deliver(delivery: ClaimedDelivery): Promise<Attempted> {
    const at = clock.now();
    const outcome = await post(delivery, at);
    const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const result = nextStep(delivery, succeeded, outcome.retryable);
    const recorded = await recordAttempt(pool, delivery, { ...outcome, at }, result);
    const log = { eventId: delivery.eventId, endpointId: delivery.endpointId, attempt: delivery.attempt, status: outcome.status, error: outcome.error };
    if (!recorded) {
      logger.warn(log, 'webhook attempt finished after its job was taken over; result not recorded');
      return { status: outcome.status, error: outcome.error, result };
    }
    metrics.attemptDuration.observe({ outcome: succeeded ? 'success' : 'failure' }, outcome.durationMs / 1000);
    metrics.deliveries.inc({ event: delivery.kind, outcome: result.state === 'pending' ? 'retried' : result.state });
    if (succeeded) metrics.latency.observe({ event: delivery.kind }, Math.max(0, Date.now() - delivery.createdAt.getTime()) / 1000);
    if (succeeded) logger.debug(log, 'webhook delivered');
    else logger.info({ ...log, next: result.state }, 'webhook attempt failed');
    try {
      await options.logChanged(delivery.companyId);
    } catch (error) {
      logger.warn({ err: error }, 'could not drop cached webhook deliveries');
    }
    return { status: outcome.status, error: outcome.error, result };
  };
}

export type Deliver = ReturnType<typeof createDeliverer>;

/** How long past the response deadline an attempt holds its job (a redelivery meanwhile is refused as under way). */
const LEASE_MARGIN_SECONDS = 60;

/** The HTTP client and deliverer of `services`, as the delivery task and "Send Test" both use them. */
export async function webhookDelivery(services: Services): Promise<{ deliver: Deliver; http: WebhookHttp; pool: Pool }> {
  const { config, orm } = services;
  let extraCa: string | undefined;
  if (config.WEBHOOK_CA_FILE) {
    try {
      extraCa = await readFile(config.WEBHOOK_CA_FILE, 'utf8');
    } catch (error) {
      throw new Error(`WEBHOOK_CA_FILE: cannot read ${config.WEBHOOK_CA_FILE} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  const http = createWebhookHttp({ timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowInsecure: config.WEBHOOK_ALLOW_INSECURE_TARGETS, extraCa });
  const pool = await orm.em.getConnection().getNativeClient();
  const deliver = createDeliverer({
    pool,
    http,
    serverKey: services.serverKey,
    retryDelays: config.WEBHOOK_RETRY_DELAYS,
    clock: services.clock,
    logger: services.logger.child({ component: 'webhooks' }),
    metrics: webhookMetrics(orm),
    logChanged: (companyId) => raiseCacheVersions({ rows: async <T>(sql: string, params: readonly unknown[]) => (await pool.query<T & QueryResultRow>(sql, params as unknown[])).rows }, companyId, [DELIVERY_LOG_TYPE]),
  });
  return { deliver, http, pool };
}

export function leaseSeconds(timeoutMs: number): number {
  return Math.ceil(timeoutMs / 1000) + LEASE_MARGIN_SECONDS;
}
