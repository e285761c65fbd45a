/**
 * The server shell, over HTTP: probes, request ids, metrics, JSON errors and the GraphQL landing page.
 * A tiny schema stands in for the service's own, which its suites test.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '../src/logging.ts';
import { startTestApp, tinySurfaces as tiny, type TestApp } from './support/app.ts';

const tinySurfaces = tiny((app) => {
  app.get('/boom', () => {
    throw new Error('the password is swordfish');
  });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STACK_FRAME = /\bat .+:\d+:\d+/;

describe('the server shell', () => {
  let app: TestApp;
  const logLines: string[] = [];
  const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
    app = await startTestApp({ surfaces: tinySurfaces, logger });
  });
  afterAll(() => app.close());

  it('answers /healthz with 200 while the process is up', async () => {
    const res = await fetch(`${app.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 when the database answers and every migration is applied', async () => {
    const res = await fetch(`${app.url}/readyz`);
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('serves GraphQL at /graphql', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ hello }' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { hello: 'world' } });
  });

  it('serves the Apollo Sandbox landing page to browsers outside production', async () => {
    const res = await fetch(`${app.url}/graphql`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('id="embeddableSandbox"');
  });

  describe('X-Request-Id', () => {
    it('echoes the id the client sent', async () => {
      const res = await fetch(`${app.url}/healthz`, { headers: { 'X-Request-Id': 'client-42.retry_1' } });
      expect(res.headers.get('x-request-id')).toBe('client-42.retry_1');
    });

    it('generates a UUID when the client sent none', async () => {
      const res = await fetch(`${app.url}/healthz`);
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    });

    it.each([
      ['spaces and punctuation', 'not a valid id!'],
      ['more than 128 characters', 'x'.repeat(129)],
      ['a slash', 'a/b'],
    ])('replaces an id with %s by a UUID', async (_case, given) => {
      const res = await fetch(`${app.url}/healthz`, { headers: { 'X-Request-Id': given } });
      expect(res.headers.get('x-request-id')).toMatch(UUID);
    });

    it('is on the request log line', async () => {
      await fetch(`${app.url}/nowhere`, { headers: { 'X-Request-Id': 'trace-me-123' } });
      const line = logged().find((entry) => (entry.req as { id?: string } | undefined)?.id === 'trace-me-123');
      expect(line).toMatchObject({ res: { statusCode: 404 } });
    });
  });

  it('keeps the Authorization header out of the logs', async () => {
    await fetch(`${app.url}/nowhere`, { headers: { Authorization: 'Bearer sekrit-token-value' } });
    expect(logLines.join('\n')).not.toContain('sekrit-token-value');
  });

  it('keeps a csrf token in the query string out of the logs, the rest of the URL in', async () => {
    await fetch(`${app.url}/nowhere?from=2026-01-01&csrf=sekrit-csrf-value&csrf=again-sekrit`);
    const line = logLines.find((l) => l.includes('/nowhere?from=2026-01-01'))!;
    expect(line).toContain('csrf=[redacted]');
    expect(line).not.toMatch(/sekrit/);
  });

  it('exposes request durations by route pattern, and the database pool, at /metrics', async () => {
    await fetch(`${app.url}/readyz`);
    await fetch(`${app.url}/no/such/path/123`);
    const res = await fetch(`${app.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{.*route="\/readyz".*status="200".*\} \d+$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} \d+$/m);
    expect(text).not.toContain('/no/such/path');
    expect(text).toMatch(/^db_pool_connections [1-9]\d*$/m);
    expect(text).toMatch(/^db_pool_idle_connections \d+$/m);
    expect(text).toMatch(/^db_pool_waiting_clients 0$/m);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
  });

  it('answers an unknown path with a JSON 404', async () => {
    const res = await fetch(`${app.url}/no/such/path`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('refuses a JSON body over 100kB with a JSON 413', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ hello }', variables: { padding: 'x'.repeat(101 * 1024) } }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errors: [{ message: expect.stringContaining('larger than'), extensions: { code: 'PAYLOAD_TOO_LARGE', limitKb: 100 } }] });
  });

  it('accepts a JSON body just under 100kB', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ hello }', variables: { padding: 'x'.repeat(99 * 1024) } }),
    });
    expect(res.status).toBe(200);
  });

  it('answers malformed JSON from no one with a JSON 401 (who is calling comes first) and no stack trace', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"query": "{ hello }"',
    });
    expect(res.status).toBe(401);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ errors: [{ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED' } }] });
    expect(body).not.toMatch(STACK_FRAME);
  });

  it('answers an unexpected error with a bare 500 and logs it with the request id', async () => {
    const res = await fetch(`${app.url}/boom`, { headers: { 'X-Request-Id': 'boom-1' } });
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: 'Internal server error' });
    expect(body).not.toContain('swordfish');
    expect(body).not.toMatch(STACK_FRAME);
    const line = logged().find((entry) => entry.reqId === 'boom-1' && entry.msg === 'request failed');
    expect(line).toMatchObject({ level: 50, err: { message: 'the password is swordfish' } });
  });
});

describe('in production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ surfaces: tinySurfaces, env: { NODE_ENV: 'production' } });
  });
  afterAll(() => app.close());

  it('serves no Sandbox at /graphql', async () => {
    const res = await fetch(`${app.url}/graphql`, { headers: { Accept: 'text/html' } });
    expect(await res.text()).not.toContain('embeddableSandbox');
  });

  it('refuses introspection', async () => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { types { name } } }' }),
    });
    const body = (await res.json()) as { errors?: unknown[] };
    expect(body.errors).toHaveLength(1);
  });

  it('says on /readyz that without TRUST_PROXY every caller shares one address', async () => {
    const body = (await (await fetch(`${app.url}/readyz`)).json()) as { status: string; warnings?: string[] };
    expect(body.status).toBe('ready');
    expect(body.warnings).toEqual([expect.stringMatching(/^TRUST_PROXY is not set: .*count all callers as one/)]);
  });

  it('warns of nothing once TRUST_PROXY is set, even to false', async () => {
    const direct = await startTestApp({ surfaces: tinySurfaces, env: { NODE_ENV: 'production', TRUST_PROXY: 'false' } });
    try {
      expect(await (await fetch(`${direct.url}/readyz`)).json()).toEqual({ status: 'ready' });
    } finally {
      await direct.close();
    }
  });
});

describe('/readyz', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ surfaces: tinySurfaces });
  });
  afterAll(() => app.close());

  const readiness = async () => {
    const res = await fetch(`${app.url}/readyz`);
    return { status: res.status, body: await res.json() };
  };

  it('answers 503 naming the migration when one is not applied', async () => {
    const { orm } = app.services;
    const [applied] = await orm.em.getConnection().execute<{ name: string }[]>('select name from mikro_orm_migrations order by id limit 1');
    await orm.em.getConnection().execute('delete from mikro_orm_migrations where name = ?', [applied!.name]);
    expect(await readiness()).toEqual({ status: 503, body: { status: 'not ready', reason: `migrations pending: ${applied!.name}` } });
  });

  it('answers 503 when the database is unreachable, while /healthz still answers 200', async () => {
    await app.database.drop();
    expect(await readiness()).toEqual({ status: 503, body: { status: 'not ready', reason: 'database unreachable' } });
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});
