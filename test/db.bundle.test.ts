import { describe, expect, it } from '@jest/globals';
import { Faker, base } from '@faker-js/faker';
import { isPlainTransaction, transactionSchema } from '../src/bundles/bundle.ts';
import { generateBundle } from '../src/bundles/demo-data.ts';

type Json = Record<string, unknown>;

const transactions = generateBundle({ customers: 60, seed: 5 }).transactions!;

/** Values a broken bundle might hold where a valid one holds something else. */
const ODD_VALUES: unknown[] = [
  undefined, null, 0, -1, 1.5, 2 ** 60, Number.NaN, '', 'x', '1', true, false, [], {}, 'CARD', 'PASS', 'CR', 'GBP', 'XYZ',
  'cust_a', 'cust_', 'cust_a b', 'date_a', 'po-a', 'txn_a', 'booking_a', 'package_a', '2026-02-30T09:00:00', '2026-11-01T10:00:00',
  '2026-11-01T10:00:00Z', '2026-11-01',
];

/** Paths of every field of a record, nested ones included. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((key) => paths((value as Json)[key as string], [...prefix, key]))];
}

function withValue(record: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(record) as Json;
  if (!path.length) return value;
  let at: Json = copy;
  for (const key of path.slice(0, -1)) at = at[key as string] as Json;
  const last = path.at(-1)! as string;
  if (value === undefined && !Array.isArray(at)) delete at[last];
  else at[last] = value;
  return copy;
}

describe('the quick check of a transaction', () => {
  it('recognises the transactions of generated bundles', () => {
    expect(transactions.length).toBeGreaterThan(100);
    expect(transactions.filter((t) => !isPlainTransaction(t))).toEqual([]);
  });

  it('never accepts a transaction that the schema refuses', () => {
    const faker = new Faker({ locale: [base], seed: 3 });
    const wronglyAccepted: unknown[] = [];
    let recognised = 0;
    for (let n = 0; n < 20_000; n++) {
      let record: unknown = faker.helpers.arrayElement(transactions);
      for (let k = faker.number.int({ min: 1, max: 2 }); k > 0; k--) {
        const path = faker.helpers.arrayElement(paths(record));
        const at = path.reduce<unknown>((value, key) => (value as Json)[key as string], record);
        const isObject = at !== null && typeof at === 'object' && !Array.isArray(at);
        record = isObject && faker.number.float() < 0.2
          ? withValue(record, [...path, 'extra'], 1)
          : withValue(record, path, faker.helpers.arrayElement(ODD_VALUES));
      }
      if (!isPlainTransaction(record)) continue;
      recognised++;
      if (!transactionSchema.safeParse(record).success) wronglyAccepted.push(record);
    }
    expect(wronglyAccepted).toEqual([]);
    // Some changes keep a transaction valid (an optional field left out, another valid id): those are recognised.
    expect(recognised).toBeGreaterThan(100);
  });

  it('accepts what it accepts unchanged, so the schema would give the same record back', () => {
    for (const t of transactions.slice(0, 50)) expect(transactionSchema.parse(t)).toEqual(t);
  });
});
