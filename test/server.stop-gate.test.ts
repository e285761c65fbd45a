/**
 * The gate a stopping server shuts: a request after it is refused with 503 and `Connection: close` in
 * the shape of the surface that owns its path, and a request already running answers with
 * `Connection: close`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import express from 'express';
import { presentM2mError } from '../rest/m2m/errors.ts';
import { presentV1Error } from '../rest/v1/errors.ts';
import { stopGate } from '../src/server/stop-gate.ts';
import { presentGraphqlError } from '../src/server/surfaces.ts';

async function gatedServer() {
  const gate = stopGate({ '/graphql': presentGraphqlError, '/m2m': presentM2mError, '/api/v1': presentV1Error });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const app = express();
  app.use(gate.admit);
  app.get('/m2m/held', async (_req, res) => {
    arrived();
    await released;
    res.json({ finished: true });
  });
  app.all('/{*rest}', (_req, res) => res.json({ ran: true }));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { gate, url, arrival, release, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the stop gate', () => {
  it.each([
    ['/graphql', { errors: [{ message: expect.stringMatching(/shutting down/), extensions: { code: 'SERVICE_UNAVAILABLE' } }] }],
    ['/m2m/customers', { error: expect.stringMatching(/shutting down/) }],
    ['/api/v1/customers', { error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/shutting down/), details: { retryAfter: 1 } } }],
    ['/healthz', { error: expect.stringMatching(/shutting down/) }],
  ])('refuses %s once shut: 503, Connection: close, Retry-After, in the surface shape', async (path, body) => {
    const server = await gatedServer();
    try {
      expect(await (await fetch(`${server.url}${path}`)).json()).toEqual({ ran: true });
      server.gate.shut();
      const refused = await fetch(`${server.url}${path}`, { method: 'POST' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('connection')).toBe('close');
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.json()).toEqual(body);
    } finally {
      await server.close();
    }
  });

  it('lets a running request finish, answered with Connection: close', async () => {
    const server = await gatedServer();
    try {
      const running = fetch(`${server.url}/m2m/held`);
      await server.arrival;
      server.gate.shut();
      server.release();
      const res = await running;
      expect(res.status).toBe(200);
      expect(res.headers.get('connection')).toBe('close');
      expect(await res.json()).toEqual({ finished: true });
    } finally {
      server.release();
      await server.close();
    }
  });
});
