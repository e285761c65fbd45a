/**
 * Where `/metrics` is served. It reveals routes and request volumes, so not to everyone who can reach
 * the service: with METRICS_PORT it is served on that port only (one the load balancer does not
 * forward), with METRICS_TOKEN it needs `Authorization: Bearer <token>`, and with neither it is served
 * on the main port outside production only.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import type { Config } from '../config.ts';
import type { Metrics } from '../metrics.ts';

type MetricsConfig = Pick<Config, 'METRICS_PORT' | 'METRICS_TOKEN' | 'production'>;

export function metricsOnMainPort(config: MetricsConfig): boolean {
  return config.METRICS_PORT === undefined && (config.METRICS_TOKEN !== undefined || !config.production);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export function serveMetrics(metrics: Metrics, token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  return async (req, res) => {
    if (expected && !timingSafeEqual(digest(req.get('authorization') ?? ''), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).json({ error: 'Send Authorization: Bearer <METRICS_TOKEN>' });
      return;
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}

/** The application of METRICS_PORT: `/metrics` and nothing else. */
export function metricsApp(metrics: Metrics, config: MetricsConfig): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', serveMetrics(metrics, config.METRICS_TOKEN));
  app.use((_req, res) => res.status(404).json({ error: 'Not found' }));
  return app;
}
