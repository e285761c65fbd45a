/**
 * A real HTTPS webhook receiver for the suites: a self-signed certificate for 127.0.0.1 and localhost made
 * with `openssl` in a temporary folder (the service trusts it through WEBHOOK_CA_FILE), every request
 * remembered with its raw body, and an answer the test chooses per request.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
  /** webhook-id header: the event id. */
  id: string;
}

export interface Answer {
  status: number;
  delayMs?: number;
  headers?: Record<string, string>;
}

export interface Receiver {
  /** https://127.0.0.1:<port>/hooks */
  url: string;
  port: number;
  /** The PEM file of the receiver's certificate, for WEBHOOK_CA_FILE. */
  caFile: string;
  hits: Hit[];
  /** How to answer each request (default 204). */
  answer: (hit: Hit, index: number) => Answer;
  /** Resolves once `count` requests (of event `id`, when given) have arrived. */
  waitFor(count: number, options?: { id?: string; timeoutMs?: number }): Promise<Hit[]>;
  close(): Promise<void>;
}

/**
 * A new certificate in a new `webhook-cert-*` folder of the temporary folder (the run's own under `npm test`,
 * which global-teardown removes); whoever asks for one removes its `dir` (startReceiver does for its own).
 */
export async function certificate(): Promise<{ dir: string; key: string; cert: string; caFile: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'webhook-cert-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', caFile,
    '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ]);
  return { dir, key: await readFile(keyFile, 'utf8'), cert: await readFile(caFile, 'utf8'), caFile };
}

export async function startReceiver(tls?: Awaited<ReturnType<typeof certificate>>): Promise<Receiver> {
  const own = tls ?? (await certificate());
  const hits: Hit[] = [];
  const waiters = new Set<() => void>();
  // Answers still being held back: closing the receiver drops them, so a long hold keeps no timer alive.
  const held = new Set<NodeJS.Timeout>();
  const receiver: Receiver = {
    url: '',
    port: 0,
    caFile: own.caFile,
    hits,
    answer: () => ({ status: 204 }),
    waitFor: (count, { id, timeoutMs = 15_000 } = {}) =>
      new Promise((resolve, reject) => {
        const matching = () => hits.filter((hit) => id === undefined || hit.id === id);
        const check = () => {
          if (matching().length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(matching());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} webhook requests${id ? ` for ${id}` : ''}, got ${matching().length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: async () => {
      for (const timer of held) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
      if (!tls) await rm(own.dir, { recursive: true, force: true });
    },
  };
  const server = createServer({ key: own.key, cert: own.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hit: Hit = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now(), id: String(request.headers['webhook-id']) };
      const index = hits.push(hit) - 1;
      for (const waiter of [...waiters]) waiter();
      const { status, delayMs = 0, headers = {} } = receiver.answer(hit, index);
      const timer = setTimeout(() => {
        held.delete(timer);
        if (response.destroyed) return;
        response.writeHead(status, headers).end();
      }, delayMs);
      held.add(timer);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `https://127.0.0.1:${receiver.port}/hooks`;
  return receiver;
}
