/**
 * Issue 9, findings 3 and 4: a crash (SIGKILL) loses nothing that was answered and strands nothing that was
 * not. Every answered call has its audit entry; every Idempotency-Key of a stream of POSTs cut short by the
 * crash, retried after a restart, answers 201 (or the replay of its first answer) and no key made two records.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { freshDatabase, type TestDatabase } from './support/db.ts';
import { demoCredentials, m2mToken, startService, v1Token, type DemoCredentials, type RunningService } from './support/service-process.ts';

let database: TestDatabase;
let dataDir: string;
let credentials: DemoCredentials;
const running: RunningService[] = [];

async function start(): Promise<RunningService> {
  const service = await startService(database.url, dataDir);
  running.push(service);
  return service;
}

async function kill(service: RunningService): Promise<void> {
  service.child.kill('SIGKILL');
  await service.exit;
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(database.url);
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'studio-crash-'));
  const first = await start();
  credentials = await demoCredentials(dataDir);
  await kill(first);
});

afterAll(async () => {
  for (const service of running) if (service.child.exitCode === null) service.child.kill('SIGKILL');
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Sends `count` requests, `parallel` at a time, and SIGKILLs the service once `killAfter` have been answered. */
async function burst<T>(service: RunningService, count: number, parallel: number, killAfter: number, send: (i: number) => Promise<T>) {
  const answered = new Map<number, T>();
  let next = 0;
  let killed: Promise<void> | undefined;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      try {
        answered.set(i, await send(i));
      } catch {
        // cut off by the crash
      }
      if (answered.size >= killAfter) killed ??= kill(service);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  await (killed ?? kill(service));
  return answered;
}

describe('a crash during a stream of idempotent POSTs', () => {
  it('leaves every key answerable after a restart: 201 or its replay, and one customer per key', async () => {
    const service = await start();
    const token = await v1Token(service.url, credentials);
    const body = (i: number) => ({ firstName: 'Crash', lastName: `Test ${i}`, email: `crash-${i}@example.com` });
    const post = async (url: string, bearer: string, i: number) => {
      const response = await fetch(`${url}/api/v1/customers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'idempotency-key': `crash-key-${i}` },
        body: JSON.stringify(body(i)),
      });
      return { status: response.status, body: (await response.json()) as { id: string }, replayed: response.headers.get('idempotent-replayed') };
    };
    const count = 80;
    const first = await burst(service, count, 12, 30, (i) => post(service.url, token, i));
    expect(first.size).toBeGreaterThanOrEqual(30);
    expect(first.size).toBeLessThan(count);

    const restarted = await start();
    const again = await v1Token(restarted.url, credentials);
    for (let i = 0; i < count; i++) {
      const retry = await post(restarted.url, again, i);
      expect({ i, status: retry.status }).toEqual({ i, status: 201 });
      const answer = first.get(i);
      if (answer) {
        expect(answer.status).toBe(201);
        expect({ i, id: retry.body.id, replayed: retry.replayed }).toEqual({ i, id: answer.body.id, replayed: 'true' });
      }
    }
    const rows = await query<{ email: string; n: number }>(
      "select email, count(*)::int as n from customer where email like 'crash-%@example.com' group by email",
    );
    expect(rows).toHaveLength(count);
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    await kill(restarted);
  }, 120_000);
});

describe('a crash during a burst of calls', () => {
  it('has recorded every answered call in the audit log', async () => {
    const service = await start();
    const m2m = await m2mToken(service.url, credentials);
    const v1 = await v1Token(service.url, credentials);
    const calls: ((i: number) => [string, RequestInit])[] = [
      (i) => [`/m2m/customer/cust_missing_${i}/profile`, { headers: { authorization: `Bearer ${m2m}` } }],
      (i) => [`/api/v1/customers/cust_gone_${i}`, { headers: { authorization: `Bearer ${v1}` } }],
      () => ['/m2m/customers', { headers: { authorization: `Bearer ${m2m}` } }],
      () => ['/graphql', { method: 'POST', headers: { authorization: `Bearer ${m2m}`, 'content-type': 'application/json' }, body: '{"query":"{ customers { total } }"}' }],
      (i) => [`/m2m/nowhere/${i}`, {}],
    ];
    const before = await query<{ path: string; n: number }>('select path, count(*)::int as n from audit_entry group by path');
    const send = async (i: number) => {
      const [path, init] = calls[i % calls.length]!(i);
      const response = await fetch(`${service.url}${path}`, init);
      await response.arrayBuffer();
      return path;
    };
    const answered = await burst(service, 400, 16, 100, send);
    expect(answered.size).toBeGreaterThanOrEqual(100);

    const expected = new Map<string, number>();
    for (const path of answered.values()) expected.set(path, (expected.get(path) ?? 0) + 1);
    const recorded = new Map((await query<{ path: string; n: number }>('select path, count(*)::int as n from audit_entry group by path')).map((r) => [r.path, r.n]));
    for (const { path, n } of before) recorded.set(path, (recorded.get(path) ?? 0) - n);
    const missing = [...expected].filter(([path, n]) => (recorded.get(path) ?? 0) < n);
    expect(missing).toEqual([]);
  }, 120_000);
});
