/**
 * SIGTERM with kept-alive connections open: a request in flight before the signal finishes (and tells its
 * client to close the connection); a request that arrives after it, on a connection idle or busy at the
 * signal, is refused (503 with `Connection: close`, or the connection closed before any byte) and never
 * executed: the database shows no trace of it.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startServiceProcess, type ServiceProcess } from './support/service-process.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A kept-alive connection spoken to byte by byte, so that a request goes on exactly this socket. */
function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    send(request: string) {
      if (!socket.destroyed && socket.writable) socket.write(request);
    },
    received: () => received,
    closed,
  };
}

function createCustomer(token: string, email: string): string {
  const body = JSON.stringify({ firstName: 'Late', lastName: 'Comer', email });
  return [
    'POST /api/v1/customers HTTP/1.1',
    'Host: localhost',
    'Connection: keep-alive',
    `Authorization: Bearer ${token}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The HTTP/1.1 responses in what a connection received, in order. */
function responses(received: string): RawResponse[] {
  const found: RawResponse[] = [];
  let rest = received;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    found.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.slice(headEnd + 4, headEnd + 4 + length) });
    rest = rest.slice(headEnd + 4 + length);
  }
  return found;
}

describe('SIGTERM with kept-alive connections', () => {
  let service: ServiceProcess | undefined;
  afterEach(async () => {
    await service?.cleanup();
    service = undefined;
  });

  it('finishes the request in flight and refuses, without executing, requests sent after the signal on idle or busy connections', async () => {
    service = await startServiceProcess({ SHUTDOWN_TIMEOUT_MS: '10000' });
    const { v1 } = await service.tokens();
    const database = new pg.Client(service.database.url);
    await database.connect();
    try {
      const idle = rawConnection(service.url);
      const busy = rawConnection(service.url);
      await Promise.all([idle.ready, busy.ready]);
      idle.send(createCustomer(v1, 'before-signal@example.com'));
      while (responses(idle.received()).length < 1) await sleep(20);
      expect(responses(idle.received())[0]!.status).toBe(201);

      // The insert of the request in flight waits on this lock until the test lets it go.
      await database.query('begin');
      await database.query('lock table customer in exclusive mode');
      busy.send(createCustomer(v1, 'in-flight@example.com'));
      await sleep(500);

      service.child.kill('SIGTERM');
      await sleep(300);
      idle.send(createCustomer(v1, 'after-signal-idle@example.com'));
      busy.send(createCustomer(v1, 'after-signal-busy@example.com'));
      await sleep(300);
      await database.query('commit');

      expect(await service.exit).toBe(0);
      await Promise.all([idle.closed, busy.closed]);

      const [inFlight, ...afterSignalBusy] = responses(busy.received());
      expect(inFlight!.status).toBe(201);
      expect(inFlight!.headers.connection).toBe('close');
      for (const refused of [...afterSignalBusy, ...responses(idle.received()).slice(1)]) {
        expect(refused.status).toBe(503);
        expect(refused.headers.connection).toBe('close');
        expect(JSON.parse(refused.body)).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String), details: { retryAfter: expect.any(Number) } } });
      }

      const { rows } = await database.query<{ email: string }>("select email from customer where email like '%-signal%@example.com' or email = 'in-flight@example.com' order by email");
      expect(rows.map((row) => row.email)).toEqual(['before-signal@example.com', 'in-flight@example.com']);
    } finally {
      await database.end();
    }
  }, 60_000);
});
