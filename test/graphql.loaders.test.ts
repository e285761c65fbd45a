/** ARCHITECTURE.md principle 6: the SQL statements of a query depend on its depth, not on how many rows it returns. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
let token: string;

const nested = `query ($pageSize: Int) {
  customers(pageSize: $pageSize) { nodes { id transactions(startDate: "2020-01-01") { nodes { bookings { event { name } } } } } }
}`;

async function statementsFor(query: string, variables: Record<string, unknown>): Promise<{ count: number; body: any }> {
  studio.app.statements.length = 0;
  const { status, body } = await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } });
  expect(status).toBe(200);
  expect(body.errors).toBeUndefined();
  // Audit entries are written off the request path, in batches of their own.
  return { count: studio.app.statements.filter((sql) => !sql.startsWith('insert into "audit_entry"')).length, body };
}

beforeAll(async () => {
  studio = await startStudio({
    bundle: generateBundle({ seed: 11, customers: 120, today: '2026-11-21' }),
    env: { CACHE_TTL_SECONDS: '0' },
  });
  token = await studio.token();
  await statementsFor('{ customers(pageSize: 1) { total } }', {});
});
afterAll(() => studio.close());

describe('nested customer query', () => {
  it('runs the same small number of statements for pageSize 10 and 100', async () => {
    const small = await statementsFor(nested, { pageSize: 10 });
    const large = await statementsFor(nested, { pageSize: 100 });
    expect(small.body.data.customers.nodes).toHaveLength(10);
    expect(large.body.data.customers.nodes).toHaveLength(100);
    const bookings = large.body.data.customers.nodes.flatMap((c: any) => c.transactions.nodes.flatMap((t: any) => t.bookings));
    expect(bookings.length).toBeGreaterThan(100);
    expect(large.count).toBe(small.count);
    expect(large.count).toBeLessThanOrEqual(10);
  });
});
