/**
 * The audit writer's group commit: entries of concurrent calls are written in one statement, and a cache
 * hit's entry only while every version its answer was keyed by is still current. One group may mix plain
 * entries, hits keyed by the same versions, hits keyed by versions a write has raised since, and hits of
 * another company: each is decided on its own, and each written entry keeps what it was given.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pino from 'pino';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PoolRunner } from '../src/db/reads.ts';
import { raiseCacheVersions } from '../src/db/cache-versions.ts';
import { FixedClock } from '../src/domain/clock.ts';
import type { AuditRecord } from '../src/domain/audit-log.ts';
import { AuditWriter } from '../src/pipeline/audit.ts';
import { testOrm } from './support/db.ts';

const AT = new Date('2026-11-27T09:30:15.123Z');

describe('the audit writer', () => {
  let orm: MikroORM;
  let close: () => Promise<void>;
  let writer: AuditWriter;

  beforeAll(async () => {
    ({ orm, close } = await testOrm());
    await orm.em.getConnection().execute(`insert into company (id, name, timezone, currency, created_at) values
      ('co_a', 'A', 'Europe/London', 'GBP', now()), ('co_b', 'B', 'Europe/London', 'GBP', now())`);
    writer = new AuditWriter(orm, pino({ level: 'silent' }), new FixedClock(AT));
  });
  afterAll(async () => {
    await writer.close();
    await close();
  });

  const entry = (companyId: string, requestId: string, extra: Partial<AuditRecord> = {}): AuditRecord =>
    writer.entry({ companyId, client: 'm2m_1', surface: 'm2m', method: 'GET', path: '/m2m/customers', resourceType: 'customer', action: 'READ', status: 200, requestId, ...extra });
  const written = async (requestIds: string[]) =>
    new PoolRunner(orm).rows<Record<string, unknown>>(
      `select request_id, company_id, client, surface, method, path, resource_type, operation, action, status, missing_scope, user_id, user_email, (extract(epoch from at) * 1000)::float8 as at
       from audit_entry where request_id = any($1::text[]) order by request_id`,
      [requestIds],
    );

  it('writes a group of plain entries and hits in one go, each hit only while its versions are current', async () => {
    const runner = new PoolRunner(orm);
    const before = await raiseCacheVersions(runner, 'co_a', ['Customer', 'Company']);
    await raiseCacheVersions(runner, 'co_b', ['Customer']);
    const stale = { ...before, Customer: before.Customer! - 1 };
    // Recorded in one tick: one group.
    const outcomes = await Promise.all([
      writer.recordHit(entry('co_a', 'r1'), before),
      writer.record(entry('co_a', 'r2', { method: 'PUT', action: 'UPDATE', status: 403, missingScope: 'customers:write', operation: 'Op' })),
      writer.recordHit(entry('co_a', 'r3'), stale),
      writer.recordHit(entry('co_a', 'r4'), before),
      // The same numbers, for another company whose Customer version is 1: current there.
      writer.recordHit(entry('co_b', 'r5'), { Customer: 1 }),
      writer.recordHit(entry('co_b', 'r6'), { Customer: 0 }),
      writer.record(entry('co_b', 'r7', { surface: 'console', client: null, userId: 'usr_1', userEmail: 'owner@example.com' })),
    ]);
    expect(outcomes).toEqual([true, undefined, false, true, true, false, undefined]);
    const rows = await written(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
    expect(rows.map((row) => row.request_id)).toEqual(['r1', 'r2', 'r4', 'r5', 'r7']);
    expect(rows.find((row) => row.request_id === 'r2')).toEqual({
      request_id: 'r2', company_id: 'co_a', client: 'm2m_1', surface: 'm2m', method: 'PUT', path: '/m2m/customers', resource_type: 'customer',
      operation: 'Op', action: 'UPDATE', status: 403, missing_scope: 'customers:write', user_id: null, user_email: null, at: AT.getTime(),
    });
    expect(rows.find((row) => row.request_id === 'r7')).toMatchObject({ surface: 'console', client: null, user_id: 'usr_1', user_email: 'owner@example.com', at: AT.getTime() });
  });

  it('writes a group of hits alone, and keeps the time to the millisecond', async () => {
    const current = await raiseCacheVersions(new PoolRunner(orm), 'co_a', ['Customer']);
    const outcomes = await Promise.all(['h1', 'h2', 'h3'].map((id) => writer.recordHit(entry('co_a', id), { Customer: current.Customer! })));
    expect(outcomes).toEqual([true, true, true]);
    const rows = await written(['h1', 'h2', 'h3']);
    expect(rows.map((row) => row.at)).toEqual([AT.getTime(), AT.getTime(), AT.getTime()]);
  });

  it.each([
    ['a path of 5,000 characters', { path: `/m2m/${'a'.repeat(5000)}` }],
    ['a resource of 300 characters (the first segment of an unknown path)', { resourceType: 'a'.repeat(300) }],
    ['an operation name of 300 characters', { operation: 'Q'.repeat(300) }],
    ['a lone surrogate in an operation name', { operation: 'Op\ud800' }],
    ['a NUL in a path', { path: '/m2m/a\u0000b' }],
    ['a method of 40 characters', { method: 'X'.repeat(40) }],
    ['200 targets of 100 characters', { targets: Array.from({ length: 200 }, (_, n) => `${n}`.padEnd(100, 'x')) }],
  ])('stores an entry with %s, bounded, beside the entries grouped with it', async (_what, values) => {
    const ids = ['b1', 'b2', 'b3'].map((id) => `${id}-${_what.length}`);
    await Promise.all([writer.record(entry('co_a', ids[0]!)), writer.record(entry('co_b', ids[1]!, values as Partial<AuditRecord>)), writer.record(entry('co_a', ids[2]!))]);
    const rows = await new PoolRunner(orm).rows<{ request_id: string; path: string; resource_type: string; operation: string | null; method: string; targets: string[] }>(
      'select request_id, path, resource_type, operation, method, targets from audit_entry where request_id = any($1::text[]) order by request_id',
      [ids],
    );
    expect(rows.map((row) => row.request_id)).toEqual(ids);
    const bounded = rows[1]!;
    expect(bounded.path.length).toBeLessThanOrEqual(2048);
    expect(bounded.resource_type.length).toBeLessThanOrEqual(200);
    expect((bounded.operation ?? '').length).toBeLessThanOrEqual(200);
    expect(bounded.method.length).toBeLessThanOrEqual(16);
    expect(bounded.targets.length).toBeLessThanOrEqual(100);
    expect(`${bounded.path}${bounded.operation ?? ''}`.includes('\u0000')).toBe(false);
    expect(`${bounded.path}${bounded.operation ?? ''}`.isWellFormed()).toBe(true);
  });

  it('fails only the entry the database refuses, never the entries grouped with it', async () => {
    const outcomes = await Promise.allSettled([
      writer.record(entry('co_a', 'g1')),
      writer.record(entry('co_gone', 'g2')),
      writer.record(entry('co_b', 'g3')),
      writer.recordHit(entry('co_a', 'g4'), {}),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((await written(['g1', 'g2', 'g3', 'g4'])).map((row) => row.request_id)).toEqual(['g1', 'g3', 'g4']);
  });
});
