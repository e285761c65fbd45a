/**
 * The gate a stopping server shuts: a request after it is refused with 503 and `Connection: close` in
 * the shape of the surface that owns its path, and a request already running answers with
 * `Connection: close`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { m2mErrors } from '../rest/m2m/errors.ts';
import { v1Errors } from '../rest/v1/errors.ts';
import { graphqlErrors } from '../src/pipeline/graphql.ts';
import { plainErrors } from '../src/server/errors.ts';
import { stopGate } from '../src/server/stop-gate.ts';

const SHAPES = { '/graphql': graphqlErrors, '/m2m': m2mErrors, '/api/v1': v1Errors };

async function gatedServer() {
  const gate = stopGate((path) => Object.entries(SHAPES).find(([prefix]) => path.startsWith(prefix))?.[1] ?? plainErrors);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const answer = (res: import('node:http').ServerResponse, body: unknown) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!gate.enter(req, res)) return;
    if (req.url !== '/m2m/held') return answer(res, { ran: true });
    arrived();
    await released;
    answer(res, { finished: true });
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { gate, url, arrival, release, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the stop gate', () => {
  it.each([
    ['/graphql', { errors: [{ message: expect.stringMatching(/shutting down/), extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: 1 } }] }],
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
