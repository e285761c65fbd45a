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
  expect({ status, errors: body.errors }).toEqual({ status: 200, errors: undefined });
  // Audit entries are written off the request path, in batches of their own.
  return { count: studio.app.statements.filter((sql) => !sql.startsWith('insert into "audit_entry"')).length, body };
}

beforeAll(async () => {
  studio = await startStudio({
    bundle: generateBundle({ seed: 11, customers: 120, today: '2026-11-21' }),
    // What is counted here is statements, not points: the widest selections of every booking field, page after
    // page, cost more than an API client's default limits allow (test/graphql.budget.test.ts tests those).
    env: { CACHE_TTL_SECONDS: '0', GRAPHQL_MAX_COST: '200000', GRAPHQL_POINTS_PER_MINUTE: '10000000' },
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

describe('a transaction’s bookings read with its customer’s page (schema @readWithParent)', () => {
  const page = (bookings: string, extra = '') =>
    `query ($pageSize: Int) { customers(pageSize: $pageSize) { nodes { id transactions(startDate: "2020-01-01") { total nodes { id purchaseDate ${bookings} } } } } } ${extra}`;
  /** The same selection with `futureOnly: false` given: the document keeps the bookings' resolver. */
  const byResolver = (source: string) => source.replaceAll(/\bbookings \{/g, 'bookings(futureOnly: false) {');

  it.each([
    ['every field of a booking', 12, 'bookings { id spaces isCancelled isRefunded attended purchasedBy { id } boughtFor { id } pricingOption { id name } event { id name kind } eventDate { id datetime startsAt tz duration capacity spacesLeft } payment { __typename ... on CardPayment { method currency base100GrossPrice base100NetPrice status } ... on PassPayment { method creditsUsed status } } }'],
    ['two aliases with other fields', 40, 'a: bookings { id } b: bookings { spaces event { name } }'],
    ['a fragment', 40, 'bookings { ...B }', 'fragment B on Booking { id eventDate { datetime } }'],
    ['a booking’s payer’s own transactions and bookings below', 8, 'bookings { id purchasedBy { transactions(startDate: "2020-01-01", pageSize: 3) { nodes { id bookings { id spaces } } } } }'],
  ])('answers %s as the resolver does, in no more statements (pages of %i)', async (_case, pageSize, bookings, extra = '') => {
    const withParent = await statementsFor(page(bookings, extra), { pageSize });
    const resolved = await statementsFor(byResolver(page(bookings, extra)), { pageSize });
    expect(withParent.body.data).toEqual(resolved.body.data);
    // Never more statements; fewer when aliases of the list select different columns (one statement for their union).
    expect(withParent.count).toBeLessThanOrEqual(resolved.count);
    const all = withParent.body.data.customers.nodes.flatMap((c: any) => c.transactions.nodes);
    expect(all.filter((t: any) => (t.bookings ?? t.a).length > 0).length).toBeGreaterThan(pageSize / 2);
  });
});
