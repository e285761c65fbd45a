/**
 * The audit log (document 1, section 5, "Audit logging"): every M2M call, refused ones included, is recorded
 * with its client, method, path, resource type, action, ISO time and status; entries are written off the
 * request path, flushed when the server shuts down, and purged after 90 days.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openOrm } from '../src/db/orm.ts';
import { createApiClient, type NewApiClient } from '../src/domain/api-clients.ts';
import { listAudit, recordAudit, type AuditRecord } from '../src/domain/audit-log.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { startServer } from '../src/server/server.ts';
import type { Services } from '../src/services.ts';
import { HeldRequests, withHeldEndpoint } from './support/held.ts';
import { acceptsConnections } from './support/raw-http.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { waitUntil } from './support/webhooks.ts';

const DAY = 86_400_000;
const NOW = '2026-11-21T10:00:00.000Z';

describe('the M2M audit log', () => {
  const clock = new FixedClock(NOW);
  let studio: Studio;
  let client: NewApiClient;
  let token: string;
  let customerId: string;

  const newClient = (scopes: string) =>
    createApiClient(studio.app.services.orm, studio.app.services.serverKey, { companyId: studio.companyId, name: 'audit test', scopes }, clock.now());
  const tokenOf = async (c: NewApiClient) => (await call(`${studio.m2m}/token`, null, { method: 'POST', body: c })).body.access_token as string;
  /** This client's entries, oldest first, once everything queued is written. */
  const entriesOf = async (clientId: string) => {
    await studio.app.pipeline!.audit.flush();
    return (await listAudit(studio.app.services.orm, { companyId: studio.companyId, client: clientId })).reverse();
  };
  const sql = async <T extends object>(query: string, params: unknown[] = []) => studio.app.services.orm.em.getConnection().execute<T[]>(query, params);

  beforeAll(async () => {
    studio = await startStudio({ clock, env: { M2M_RATE_PER_MINUTE: '8' } });
    client = await newClient('customers:read profile:read profile:write');
    token = await tokenOf(client);
    customerId = (await call(`${studio.m2m}/customers`, token)).body.data[0].id;
  });
  afterAll(() => studio.close());

  it('records allowed, denied, missing, invalid and refused calls of a client with what the spec lists', async () => {
    const profile = `/m2m/customer/${customerId}/profile`;
    const answers = [
      await call(`${studio.url}${profile}?ignored=1`, token),
      await call(`${studio.url}${profile}`, token, { method: 'PUT', body: { firstname: 'Audited', lastname: 'Customer', email: 'audited@example.com' } }),
      await call(`${studio.m2m}/passes`, token),
      await call(`${studio.m2m}/customer/cust_doesnotexist/profile`, token),
      await call(`${studio.m2m}/no-such-thing`, token),
      await call(`${studio.m2m}/customers?pageSize=abc`, token),
      await call(`${studio.m2m}/customers`, token, { method: 'DELETE' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 403, 404, 404, 400, 405]);
    const refused = await call(`${studio.m2m}/customers`, token);
    expect(refused.status).toBe(429);

    const entries = await entriesOf(client.client_id);
    const entry = (method: string, path: string, resourceType: string, action: string, status: number, errorCode: string | null = null, more: { missingScope?: string; targets?: string[] } = {}) => ({
      client: client.client_id, surface: 'm2m', actor: client.client_id, method, path, resourceType, operation: null, action, status, errorCode,
      missingScope: more.missingScope ?? null, targets: more.targets ?? [], at: NOW,
    });
    expect(entries).toEqual([
      entry('POST', '/m2m/token', 'token', 'UPDATE', 200),
      entry('GET', '/m2m/customers', 'customer', 'READ', 200),
      entry('GET', profile, 'profile', 'READ', 200),
      entry('PUT', profile, 'profile', 'UPDATE', 200, null, { targets: [customerId] }),
      entry('GET', '/m2m/passes', 'pass', 'READ', 403, 'FORBIDDEN', { missingScope: 'passes:read' }),
      entry('GET', '/m2m/customer/cust_doesnotexist/profile', 'profile', 'READ', 404, 'NOT_FOUND'),
      entry('GET', '/m2m/no-such-thing', 'no-such-thing', 'READ', 404, 'NOT_FOUND'),
      entry('GET', '/m2m/customers', 'customer', 'READ', 400, 'BAD_USER_INPUT'),
      entry('DELETE', '/m2m/customers', 'customer', 'UPDATE', 405, 'METHOD_NOT_ALLOWED'),
      entry('GET', '/m2m/customers', 'customer', 'READ', 429, 'RATE_LIMITED'),
    ]);
  });

  it('reports how long responses waited for their audit entries on /metrics (the audit log’s latency cost)', async () => {
    const count = async (name: string) => {
      const text = await (await fetch(`${studio.url}/metrics`)).text();
      return Number(new RegExp(`^${name}_count (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
    };
    const before = await count('audit_commit_wait_seconds');
    const other = await newClient('customers:read');
    await call(`${studio.m2m}/customers`, await tokenOf(other));
    expect(await count('audit_commit_wait_seconds')).toBeGreaterThanOrEqual(before + 2);
    expect(await count('audit_group_entries')).toBeGreaterThan(0);
  });

  it('records the time of the call as an ISO 8601 instant', async () => {
    const other = await newClient('customers:read');
    clock.advance(1234);
    await call(`${studio.m2m}/customers`, await tokenOf(other));
    const entries = await entriesOf(other.client_id);
    expect(entries.map((entry) => entry.at)).toEqual([new Date(Date.parse(NOW) + 1234).toISOString(), new Date(Date.parse(NOW) + 1234).toISOString()]);
  });

  it('records unauthenticated calls and failed token requests with no client', async () => {
    const marker = `/m2m/customers/unauthenticated-${Date.now()}`;
    expect((await call(`${studio.url}${marker}`, null)).status).toBe(401);
    expect((await call(`${studio.url}${marker}`, 'garbage')).status).toBe(401);
    expect((await call(`${studio.m2m}/token`, null, { method: 'POST', body: { client_id: client.client_id, client_secret: 'f'.repeat(64) } })).status).toBe(401);
    await studio.app.pipeline!.audit.flush();
    const rows = await sql<{ client: string | null; company_id: string | null; method: string; status: number; action: string }>(
      'select client, company_id, method, status, action from audit_entry where path = ? order by id',
      [marker],
    );
    expect(rows).toEqual([
      { client: null, company_id: null, method: 'GET', status: 401, action: 'READ' },
      { client: null, company_id: null, method: 'GET', status: 401, action: 'READ' },
    ]);
    const tokenRows = await sql<{ client: string | null; status: number }>("select client, status from audit_entry where path = '/m2m/token' and status = 401");
    expect(tokenRows).toEqual([{ client: null, status: 401 }]);
  });

  it('deletes entries older than 90 days when purged, and keeps the younger ones', async () => {
    const at = (daysAgo: number) => new Date(clock.now().getTime() - daysAgo * DAY);
    const old: AuditRecord = {
      companyId: studio.companyId, client: 'client_purge', surface: 'm2m', method: 'GET', path: '/m2m/customers',
      resourceType: 'customer', action: 'READ', status: 200, at: at(0),
    };
    await recordAudit(studio.app.services.orm, [
      { ...old, at: at(120) },
      { ...old, at: at(90.001) },
      { ...old, at: at(89.999) },
      { ...old, at: at(1) },
    ]);
    expect(await studio.app.pipeline!.audit.purge()).toBe(2);
    const left = await listAudit(studio.app.services.orm, { companyId: studio.companyId, client: 'client_purge' });
    expect(left.map((entry) => entry.at)).toEqual([at(1).toISOString(), at(89.999).toISOString()]);
  });
});

describe('the M2M audit log at shutdown', () => {
  const clock = new FixedClock(NOW);
  let studio: Studio;

  beforeAll(async () => {
    studio = await startStudio({ clock });
  });
  afterAll(() => studio.close());

  /**
   * A second instance on the same database, with one more audited M2M route that answers only when the
   * test lets it, so that a call can finish while the instance is already shutting down.
   */
  async function secondInstance() {
    const orm = await openOrm({ url: studio.app.database.url, poolMax: 2 });
    const services: Services = { ...studio.app.services, orm };
    const held = new HeldRequests();
    const server = await startServer(services, await withHeldEndpoint(held, '/m2m/held', 'held')(services));
    const arrival = held.arrived(1);
    const release = () => held.release();
    return { server, orm, arrival, release };
  }

  it('writes every queued entry, and that of a call finishing during shutdown, before the server has stopped', async () => {
    const second = await secondInstance();
    const token = await studio.token(['customers:read']);
    const clientId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    try {
      const calls = await Promise.all(Array.from({ length: 5 }, () => call(`${second.server.url}/m2m/customers`, token)));
      expect(calls.map((answer) => answer.status)).toEqual(Array(5).fill(200));
      const finishing = call(`${second.server.url}/m2m/held`, token);
      await second.arrival;
      const closing = second.server.close();
      // Let go only once the instance is surely stopping (it takes no more connections), however slow the machine.
      await waitUntil(async () => !(await acceptsConnections(second.server.url)), { what: 'the instance to stop taking connections' });
      second.release();
      expect((await finishing).status).toBe(200);
      await closing;
    } finally {
      await second.orm.close();
    }
    const entries = await listAudit(studio.app.services.orm, { companyId: studio.companyId, client: clientId });
    expect(entries.filter((entry) => entry.path === '/m2m/customers')).toHaveLength(5);
    expect(entries.filter((entry) => entry.path === '/m2m/held')).toEqual([expect.objectContaining({ status: 200, resourceType: 'held' })]);
  });
});

