/**
 * Prometheus metrics of one running instance: process defaults, HTTP request durations, the database
 * connection pool and webhook deliveries. Each instance has its own registry, so tests can run several
 * side by side.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** Labelled by method, route pattern (never the raw URL; `unmatched` when no route matched) and status. */
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  /** Observes one request's duration (each series is labelled once, not on every request). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

export interface WebhookMetrics {
  /** Attempts by outcome: `delivered` (2xx), `retried` (failed, another attempt scheduled), `failed` (no attempt left). */
  deliveries: Counter<'event' | 'outcome'>;
  /** From the event's commit to the 2xx of its receiver, retries included. */
  latency: Histogram<'event'>;
  /** One attempt: connection, request and the receiver's answer. */
  attemptDuration: Histogram<'outcome'>;
}

export interface AuditMetrics {
  /** How long a response waited for its audit entry's group to commit: the audit log's latency cost. */
  wait: Histogram;
  /** Entries per committed group. */
  groupSize: Histogram;
}

const webhookMetricsOf = new WeakMap<MikroORM, WebhookMetrics>();
const auditMetricsOf = new WeakMap<MikroORM, AuditMetrics>();

/** The audit writer's metrics of the instance that owns `orm` (found as the webhook metrics are). */
export function auditMetrics(orm: MikroORM): AuditMetrics {
  let metrics = auditMetricsOf.get(orm);
  if (!metrics) {
    metrics = {
      wait: new Histogram({
        name: 'audit_commit_wait_seconds',
        help: 'Time a response waited for its audit entry to be committed (group commit).',
        buckets: [0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.02, 0.05, 0.1, 0.25, 1],
        registers: [],
      }),
      groupSize: new Histogram({
        name: 'audit_group_entries',
        help: 'Audit entries committed together in one group.',
        buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 1000],
        registers: [],
      }),
    };
    auditMetricsOf.set(orm, metrics);
  }
  return metrics;
}

/**
 * The webhook metrics of the instance that owns `orm`. The delivery worker starts beside the HTTP app,
 * which builds the registry; the ORM is what the two share, so the metrics are found by it.
 */
export function webhookMetrics(orm: MikroORM): WebhookMetrics {
  let metrics = webhookMetricsOf.get(orm);
  if (!metrics) {
    metrics = {
      deliveries: new Counter({
        name: 'webhook_deliveries_total',
        help: 'Webhook delivery attempts by event kind and outcome (delivered, retried, failed).',
        labelNames: ['event', 'outcome'] as const,
        registers: [],
      }),
      latency: new Histogram({
        name: 'webhook_delivery_latency_seconds',
        help: 'Time from committing a webhook event to its successful delivery, retries included.',
        labelNames: ['event'] as const,
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
        registers: [],
      }),
      attemptDuration: new Histogram({
        name: 'webhook_attempt_duration_seconds',
        help: 'Duration of one webhook delivery attempt, by outcome (success, failure).',
        labelNames: ['outcome'] as const,
        buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [],
      }),
    };
    webhookMetricsOf.set(orm, metrics);
  }
  return metrics;
}

export function createMetrics(orm: MikroORM): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of [...(Object.values(webhookMetrics(orm)) as Metric[]), ...(Object.values(auditMetrics(orm)) as Metric[])]) registry.registerMetric(metric);

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to finishing its response.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const pool = () => orm.em.getConnection().getNativeClient();
  new Gauge({
    name: 'db_pool_connections',
    help: 'Open connections in the database pool (idle and in use).',
    registers: [registry],
    async collect() {
      this.set((await pool()).totalCount);
    },
  });
  new Gauge({
    name: 'db_pool_idle_connections',
    help: 'Open connections in the database pool that no query is using.',
    registers: [registry],
    async collect() {
      this.set((await pool()).idleCount);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_clients',
    help: 'Queries waiting for a database connection because the pool is at its maximum.',
    registers: [registry],
    async collect() {
      this.set((await pool()).waitingCount);
    },
  });

  const series = new Map<string, ReturnType<typeof requestDuration.labels>>();
  const observe = (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${route} ${status}`;
    let found = series.get(key);
    if (!found) series.set(key, (found = requestDuration.labels({ method, route, status: String(status) })));
    found.observe(seconds);
  };
  return { registry, requestDuration, observe };
}
