/**
 * Prometheus metrics of one running instance: process defaults, HTTP request durations and the
 * database connection pool. Each instance has its own registry, so tests can run several side by side.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** Labelled by method, route pattern (never the raw URL; `unmatched` when no route matched) and status. */
  requestDuration: Histogram<'method' | 'route' | 'status'>;
}

export function createMetrics(orm: MikroORM): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

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

  return { registry, requestDuration };
}
