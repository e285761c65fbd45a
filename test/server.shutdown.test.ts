/**
 * SIGTERM with kept-alive connections open: a request in flight before the signal finishes (and tells its
 * client to close the connection); a request that arrives after it, on a connection idle or busy at the
 * signal, is refused (503 with `Connection: close`, or the connection closed before any byte) and never
 * executed: the database shows no trace of it.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { rawConnection, responses } from './support/raw-http.ts';
import { startServiceProcess, type ServiceProcess } from './support/service-process.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
