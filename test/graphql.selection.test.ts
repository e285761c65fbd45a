/**
 * Statements read only the columns a selection needs (src/db/loaders.ts `RowColumns`): whatever fields a
 * client picks, and however it spells them (aliases, fragments), it gets what the whole row would answer.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { genericPlan } from './support/plans.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
let token: string;

/** Every field of a customer, a transaction and a booking (but the customer's deeper edges), one selection each. */
const CUSTOMER_FIELDS = ['id', 'firstName', 'lastName', 'email', 'mobile', 'archived', 'createdAt', 'updatedAt'];
const TRANSACTION_FIELDS = ['id', 'purchaseDate', 'purchasedAt', 'tz', 'purchasedBy { id }'];
const BOOKING_FIELDS = [
  'id', 'isCancelled', 'isRefunded', 'spaces', 'purchasedBy { id }', 'transaction { id }', 'boughtFor { id }', 'pricingOption { id }',
  'event { id name description kind timezone archived createdAt updatedAt dates { id } pricingOptions { id } registrations { total } }',
  'eventDate { id datetime startsAt tz duration capacity spacesBooked spacesLeft event { id } register { total } }',
  'payment { ... on CardPayment { method currency base100GrossPrice base100NetPrice status } ... on PassPayment { method currency creditsUsed status } }',
];

const customersWith = (transaction: string, booking: string, fragments = '', customer = 'id') => `{
  customers(pageSize: 40) { nodes { ${customer} transactions(startDate: "2020-01-01") { nodes { ${transaction} bookings { ${booking} } } } } }
} ${fragments}`;

async function answer(query: string): Promise<{ data: any; statements: string[] }> {
  studio.app.statements.length = 0;
  const { status, body } = await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query } });
  expect({ status, errors: body.errors }).toEqual({ status: 200, errors: undefined });
  return { data: body.data, statements: [...studio.app.statements] };
}

/** `whole` cut to the keys of `part`, all the way down. */
function cut(whole: any, part: any): any {
  if (Array.isArray(part)) return part.map((item, i) => cut(whole[i], item));
  if (part === null || typeof part !== 'object') return whole;
  return Object.fromEntries(Object.keys(part).map((key) => [key, cut(whole[key], part[key])]));
}

let whole: any;

beforeAll(async () => {
  studio = await startStudio({
    bundle: generateBundle({ seed: 5, customers: 40, today: '2026-11-21' }),
    // Many whole pages in a row: neither the cost limit nor the rate limit is what this suite is about.
    env: { CACHE_TTL_SECONDS: '0', GRAPHQL_MAX_COST: '1000000', M2M_RATE_PER_MINUTE: '100000' },
  });
  token = await studio.token();
  whole = (await answer(customersWith(TRANSACTION_FIELDS.join(' '), BOOKING_FIELDS.join(' '), '', CUSTOMER_FIELDS.join(' ')))).data;
});
afterAll(() => studio.close());

describe('a selection of some fields', () => {
  it('covers bookings of every kind in its sample', () => {
    const bookings = whole.customers.nodes.flatMap((c: any) => c.transactions.nodes.flatMap((t: any) => t.bookings));
    expect(bookings.length).toBeGreaterThan(20);
    expect(new Set(bookings.map((b: any) => b.payment.method))).toEqual(new Set(['CARD', 'PASS']));
  });

  it.each(BOOKING_FIELDS)('answers a booking\'s %s as the whole row does', async (booking) => {
    const { data } = await answer(customersWith('id', booking));
    expect(data).toEqual(cut(whole, data));
  });

  it.each(CUSTOMER_FIELDS)('answers a customer\'s %s as the whole row does', async (customer) => {
    const { data } = await answer(customersWith('id', 'id', '', customer));
    expect(data).toEqual(cut(whole, data));
  });

  it.each(TRANSACTION_FIELDS)('answers a transaction\'s %s as the whole row does', async (transaction) => {
    const { data } = await answer(customersWith(transaction, 'id'));
    expect(data).toEqual(cut(whole, data));
  });

  it('answers aliases, and the same field selected twice with different fields, from one read', async () => {
    const { data } = await answer(customersWith('id', 'id first: eventDate { datetime } second: eventDate { startsAt } named: event { label: name }'));
    const pairs = data.customers.nodes.flatMap((c: any, i: number) =>
      c.transactions.nodes.flatMap((t: any, j: number) => t.bookings.map((b: any, k: number) => [b, whole.customers.nodes[i].transactions.nodes[j].bookings[k]])),
    );
    expect(pairs.length).toBeGreaterThan(20);
    for (const [b, w] of pairs) {
      expect(b).toEqual({ id: w.id, first: { datetime: w.eventDate.datetime }, second: { startsAt: w.eventDate.startsAt }, named: { label: w.event.name } });
    }
  });

  it('reads fields named in fragments, inline or spread', async () => {
    const { data } = await answer(
      customersWith('...T', '... on Booking { id eventDate { ...D } } ...B', 'fragment T on Transaction { id purchaseDate } fragment B on Booking { event { name } payment { ... on CardPayment { currency } } } fragment D on EventDate { datetime duration }'),
    );
    expect(data).toEqual(cut(whole, data));
  });

  it('reads neither the formatted instants nor the payment when the page asks for neither', async () => {
    const { statements } = await answer(customersWith('id', 'id spaces'));
    const bookings = statements.find((sql) => sql.includes('from booking b'))!;
    const transactions = statements.find((sql) => sql.includes('from event_transaction t'))!;
    expect(bookings).not.toMatch(/to_char|payment_method|e\.name/);
    expect(transactions).not.toMatch(/to_char/);
  });
});

/** A statement that reads rows of `table` by their ids (src/db/loaders.ts `byId`). */
const readsById = (table: string) => (sql: string) => new RegExp(`from ${table} (\\w+) where \\1\\.company_id = \\$\\d+ and \\1\\.id = any`).test(sql);

describe('a row referred to by a foreign key', () => {
  const withoutTypename = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v) => (key === '__typename' ? undefined : v)));

  it.each([
    ['a booking\'s pricingOption', 'pricing_option', 'id', 'id pricingOption { id }'],
    ['a booking\'s transaction', 'event_transaction', 'id', 'id transaction { id }'],
    ['a booking\'s purchasedBy', 'customer', 'id', 'id purchasedBy { __typename id }'],
    ['an event date\'s event', 'event', 'id', 'id eventDate { event { id } }'],
    ['a transaction\'s purchasedBy', 'customer', 'id purchasedBy { id }', 'id'],
  ])('%s selected by its id alone is answered from the referring row, with no statement of its own', async (_name, table, transaction, booking) => {
    const { data, statements } = await answer(customersWith(transaction, booking));
    const plain = withoutTypename(data);
    expect(plain).toEqual(cut(whole, plain));
    expect(statements.filter(readsById(table))).toEqual([]);
  });

  it('answers __typename beside the id', async () => {
    const { data } = await answer(customersWith('id', 'id purchasedBy { __typename id }'));
    const bookings = data.customers.nodes.flatMap((c: any) => c.transactions.nodes.flatMap((t: any) => t.bookings));
    expect(bookings.length).toBeGreaterThan(20);
    expect(new Set(bookings.map((b: any) => b.purchasedBy.__typename))).toEqual(new Set(['Customer']));
  });

  it.each([
    ['a booking\'s pricingOption', 'pricing_option', 'pricingOption { id name }', (b: any) => b.pricingOption, 'name'],
    ['a booking\'s transaction', 'event_transaction', 'transaction { id purchaseDate }', (b: any) => b.transaction, 'purchaseDate'],
    ['a booking\'s purchasedBy', 'customer', 'purchasedBy { id lastName }', (b: any) => b.purchasedBy, 'lastName'],
    ['an event date\'s event', 'event', 'eventDate { event { id timezone } }', (b: any) => b.eventDate.event, 'timezone'],
  ])('%s with any other field is read, once for the page', async (_name, table, selection, referred, field) => {
    const { data, statements } = await answer(customersWith('id', `id ${selection}`));
    const pairs = data.customers.nodes.flatMap((c: any, i: number) =>
      c.transactions.nodes.flatMap((t: any, j: number) => t.bookings.map((b: any, k: number) => [referred(b), referred(whole.customers.nodes[i].transactions.nodes[j].bookings[k])])),
    );
    expect(pairs.length).toBeGreaterThan(20);
    for (const [got, known] of pairs) {
      expect(got.id).toBe(known.id);
      expect(typeof got[field]).toBe('string');
    }
    expect(statements.filter(readsById(table))).toHaveLength(1);
  });
});

describe('a booking\'s joins', () => {
  const TABLES = { transaction: /\bon event_transaction tx\b/, date: /\bon event_date d\b/, event: /\bon event e\b/ };

  it.each([
    ['id spaces', []],
    ['id isCancelled payment { ... on CardPayment { method } }', []],
    ['id purchasedBy { id }', ['transaction']],
    ['id event { name }', ['date', 'event']],
    ['id eventDate { id capacity spacesLeft }', ['date']],
    ['id eventDate { datetime }', ['date', 'event']],
    ['id purchasedBy { id } event { id } eventDate { id }', ['transaction', 'date', 'event']],
  ] as const)('bookings { %s } join only the tables those fields are read from', async (booking, joined) => {
    const { statements } = await answer(customersWith('id', booking));
    const read = statements.filter((text) => /\bfrom booking b\b/.test(text));
    expect(read).toHaveLength(1);
    // The plan a prepared statement keeps whatever its parameters: a join it drops is dropped for every call.
    const plan = await genericPlan(studio.app.database.url, read[0]!);
    expect(plan).toMatch(/\bon booking b\b/);
    const found = Object.entries(TABLES).filter(([, table]) => table.test(plan)).map(([name]) => name);
    expect(found.sort()).toEqual([...joined].sort());
  });
});
