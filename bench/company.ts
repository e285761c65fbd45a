/**
 * The company the benchmark reads: a generated bundle imported into the bench database, then vacuumed
 * and analysed so every measurement meets the same plans, whenever autovacuum would have run. Credentials
 * for both surfaces are made under a server key that the server processes are given (SERVER_KEY).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { importBundle } from '../src/bundles/import.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { createApiClient } from '../src/domain/api-clients.ts';
import { createCompany } from '../src/domain/companies.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { createV1Key } from '../src/domain/v1-keys.ts';
import { dueMandates } from '../src/db/due-mandates.ts';

/** The date the data is generated around; requests name explicit dates so answers never depend on the clock. */
export const TODAY = '2026-11-21';

export interface BenchCompany {
  companyId: string;
  /** 64 hex characters, for the servers' SERVER_KEY. */
  serverKey: string;
  m2m: { client_id: string; client_secret: string };
  v1: { apiKey: string; apiSecret: string };
  counts: Record<string, number>;
}

export async function importCompany(url: string, customers: number): Promise<BenchCompany> {
  const orm = await openOrm({ url, poolMax: 4 });
  try {
    await migrate(orm);
    const bundle = generateBundle({ seed: 1, customers, bookingsPerCustomer: 10, today: TODAY });
    const { id: companyId } = await createCompany(orm, { name: 'Bench Studio', timezone: 'Europe/London', currency: 'GBP' });
    const { counts } = await importBundle(orm, companyId, bundle);
    const serverKey = randomBytes(32);
    const client = await createApiClient(orm, serverKey, { companyId, name: 'bench', scopes: ALL_SCOPES.join(' ') }, new Date());
    const v1 = await createV1Key(orm, serverKey, { companyId, name: 'bench' });
    await vacuumAnalyze(url);
    return { companyId, serverKey: serverKey.toString('hex'), m2m: client, v1, counts };
  } finally {
    await orm.close();
  }
}

async function vacuumAnalyze(url: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

/**
 * Waits until the service's renewal worker has brought every mandate up to date. The company is generated
 * around TODAY, so a service started on a later day first catches up the renewals due since (charges, events,
 * cache versions): work of its start, not of any request, which must be over before statements are counted
 * or anything is timed. Resolves with false if some are still due after `timeoutMs`.
 */
export async function renewalsSettled(url: string, timeoutMs = 120_000): Promise<boolean> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if ((await dueMandates(pool, new Date(), 1)).length === 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  } finally {
    await pool.end();
  }
}
