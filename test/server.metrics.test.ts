/**
 * `/metrics` reveals routes and volumes: with METRICS_TOKEN it needs the token, with METRICS_PORT it is
 * served on that port only, and in production with neither it is not served at all.
 */
import { describe, expect, it } from '@jest/globals';
import { startTestApp, tinySurfaces } from './support/app.ts';

const surfaces = tinySurfaces();
const TOKEN = 'scrape-me-0123456789';

const scrape = async (url: string, authorization?: string) => {
  const res = await fetch(url, { headers: authorization ? { authorization } : {} });
  return { status: res.status, text: await res.text(), challenge: res.headers.get('www-authenticate') };
};

describe('/metrics', () => {
  it.each<[string, Record<string, string>, number]>([
    ['development, no token or port: open on the main port', {}, 200],
    ['production, no token or port: not served on the main port', { NODE_ENV: 'production' }, 404],
    ['production with METRICS_PORT: not served on the main port', { NODE_ENV: 'production', METRICS_PORT: '0' }, 404],
    ['development with METRICS_PORT: not served on the main port', { METRICS_PORT: '0' }, 404],
  ])('%s', async (_case, env, status) => {
    const app = await startTestApp({ surfaces, env });
    try {
      expect((await scrape(`${app.url}/metrics`)).status).toBe(status);
      expect(app.metricsUrl === undefined).toBe(env.NODE_ENV === 'production' && !('METRICS_PORT' in env));
    } finally {
      await app.close();
    }
  });

  it.each<[string, Record<string, string>]>([
    ['on the main port', { NODE_ENV: 'production', METRICS_TOKEN: TOKEN }],
    ['on METRICS_PORT', { NODE_ENV: 'production', METRICS_TOKEN: TOKEN, METRICS_PORT: '0' }],
  ])('with METRICS_TOKEN, needs the bearer token %s', async (_case, env) => {
    const app = await startTestApp({ surfaces, env });
    try {
      const url = app.metricsUrl!;
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Bearer ${TOKEN}x`]) {
        const refused = await scrape(url, authorization);
        expect(refused.status).toBe(401);
        expect(refused.challenge).toBe('Bearer realm="metrics"');
        expect(refused.text).not.toContain('http_request_duration_seconds');
      }
      const scraped = await scrape(url, `Bearer ${TOKEN}`);
      expect(scraped.status).toBe(200);
      expect(scraped.text).toMatch(/^process_cpu_seconds_total /m);
    } finally {
      await app.close();
    }
  });

  it('on METRICS_PORT, serves /metrics and nothing else', async () => {
    const app = await startTestApp({ surfaces, env: { METRICS_PORT: '0' } });
    try {
      const metricsBase = app.metricsUrl!.replace(/\/metrics$/, '');
      expect(metricsBase).not.toBe(app.url);
      expect((await scrape(app.metricsUrl!)).status).toBe(200);
      for (const path of ['/healthz', '/graphql', '/m2m/customers']) expect((await scrape(`${metricsBase}${path}`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
