/**
 * An export imported into another company of the same database: ids are unique across companies, so the
 * import gives every record a new id of the same prefix, each reference following it (by default when
 * the bundle's ids are taken, or when asked with `newIds`), and no message names or reveals another
 * company's records.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateBundle } from '../src/bundles/demo-data.ts';
import type { Bundle } from '../src/bundles/bundle.ts';
import { exportBundle } from '../src/bundles/export.ts';
import { importBundle } from '../src/bundles/import.ts';
import { createCompany } from '../src/domain/companies.ts';
import { testOrm } from './support/db.ts';

type Loose = Record<string, unknown>;

/** The collections in an order where each refers only to those before it. */
const ORDER = [
  'customers', 'passes', 'media', 'subscriptionPlans', 'vouchers', 'facilitators', 'services', 'events', 'passPurchases',
  'transactions', 'appointments', 'videoPurchases', 'mandates',
] as const;
const NESTED: Record<string, string[]> = { events: ['dates', 'pricingOptions'], transactions: ['bookings'] };
const REFERENCES = new Set(['customerId', 'boughtForId', 'eventDateId', 'pricingOptionId', 'serviceId', 'facilitatorId', 'passId', 'mediaId', 'planId', 'packageId']);

/**
 * The bundle with its ids replaced by labels that do not depend on them: each record is labelled by its
 * place among its collection sorted by content (its references already labelled), so two bundles of the
 * same data under different ids, references intact, come out equal.
 */
function modIds(bundle: Bundle): Loose {
  const labels = new Map<string, string>();
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'id')
        .map(([key, field]) => [key, REFERENCES.has(key) && typeof field === 'string' ? (labels.get(field) ?? `unlabelled ${field}`) : strip(field)]),
    );
  };
  const byKey = <T extends { key: string }>(a: T, b: T) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const sorted = (records: Loose[]) => records.map((record) => ({ record, key: JSON.stringify(strip(record)) })).sort(byKey);
  const result: Loose = {};
  for (const collection of ORDER) {
    const records = ((bundle[collection] ?? []) as Loose[]).map((record) => {
      const nested = Object.fromEntries((NESTED[collection] ?? []).map((field) => [field, sorted((record[field] ?? []) as Loose[])]));
      const canonical = { ...(strip(record) as Loose), ...Object.fromEntries(Object.entries(nested).map(([field, list]) => [field, list.map((n) => JSON.parse(n.key))])) };
      return { record, nested, canonical, key: JSON.stringify(canonical) };
    });
    records.sort(byKey).forEach(({ record, nested }, i) => {
      labels.set(record.id as string, `${collection}#${i}`);
      for (const [field, list] of Object.entries(nested)) list.forEach(({ record: inner }, j) => labels.set(inner.id as string, `${collection}#${i}.${field}#${j}`));
    });
    result[collection] = records.map(({ canonical }) => canonical);
  }
  return result;
}

const ids = (bundle: Bundle) => new Set(ORDER.flatMap((c) => ((bundle[c] ?? []) as Loose[]).map((r) => r.id as string)));

let ctx: Awaited<ReturnType<typeof testOrm>>;
let first: string;
let exported: Bundle;

beforeAll(async () => {
  ctx = await testOrm();
  ({ id: first } = await createCompany(ctx.orm, { name: 'First Studio', timezone: 'Europe/London', currency: 'GBP' }));
  await importBundle(ctx.orm, first, generateBundle({ seed: 11, customers: 40, today: '2026-11-21' }));
  ({ bundle: exported } = await exportBundle(ctx.orm, first));
});
afterAll(() => ctx.close());

describe('an export of one company imported into an empty company of the same database', () => {
  let second: string;
  let again: Bundle;

  beforeAll(async () => {
    ({ id: second } = await createCompany(ctx.orm, { name: 'Second Studio', timezone: 'Europe/London', currency: 'GBP' }));
  });

  it('imports with new ids, without being asked, as the ids are taken', async () => {
    const { counts, newIds } = await importBundle(ctx.orm, second, JSON.parse(JSON.stringify(exported)));
    expect(newIds).toBe(true);
    expect(counts.customers).toBe(exported.customers!.length);
    ({ bundle: again } = await exportBundle(ctx.orm, second));
  });

  it('exports back the same data: equal modulo ids, every reference intact', () => {
    expect(modIds(again)).toEqual(modIds(exported));
    expect(JSON.stringify(modIds(again))).not.toContain('unlabelled');
  });

  it('gives every record an id of its prefix that no record of the first company has', () => {
    const before = ids(exported);
    for (const id of ids(again)) {
      expect(before.has(id)).toBe(false);
      expect(id).toMatch(/^(cust|evt|txn|fac|svc|appt|pass|package|media|mandate|plan|vch)_[0-9a-z]{26}$/);
    }
    expect(again.events!.flatMap((e) => e.dates!.map((d) => d.id))).toEqual(expect.arrayContaining([expect.stringMatching(/^date_/)]));
    expect(again.events!.flatMap((e) => e.pricingOptions!.map((o) => o.id))).toEqual(expect.arrayContaining([expect.stringMatching(/^po-/)]));
  });

  it('leaves the first company as it was', async () => {
    expect((await exportBundle(ctx.orm, first)).bundle).toEqual(exported);
  });
});

describe('new ids when asked', () => {
  it('imports a bundle twice into the same company, the second time as new records, refusing customers whose email is taken', async () => {
    const { id } = await createCompany(ctx.orm, { name: 'Twice', timezone: 'Europe/London', currency: 'GBP' });
    const small = { format: 1, customers: exported.customers!.slice(0, 3), passes: exported.passes } as Bundle;
    expect((await importBundle(ctx.orm, id, small, { newIds: true })).newIds).toBe(true);
    await expect(importBundle(ctx.orm, id, small, { newIds: true })).rejects.toThrow(/is already the email of another customer of the company/);
    const renamed = { ...small, customers: small.customers!.map((c) => ({ ...c, email: `again.${c.email}` })) } as Bundle;
    expect((await importBundle(ctx.orm, id, renamed, { newIds: true })).counts.customers).toBe(3);
    const { bundle } = await exportBundle(ctx.orm, id);
    expect(bundle.customers).toHaveLength(6);
  });

  it('keeps references to records the company already has', async () => {
    const { id } = await createCompany(ctx.orm, { name: 'Existing', timezone: 'Europe/London', currency: 'GBP' });
    await importBundle(ctx.orm, id, { format: 1, passes: [{ id: 'pass_house', name: 'House pass', credits: 5, validityDays: 30, base100Price: 100 }] });
    const customer = { id: 'cust_new', firstname: 'New', lastname: 'Customer', email: 'new@example.com' };
    const purchase = { customerId: 'cust_new', passId: 'pass_house', creditsAllocated: 5, starts: '2026-01-01', expires: '2026-02-01', payment: { base100GrossPrice: 100, base100NetPrice: 100 } };
    await importBundle(ctx.orm, id, { format: 1, customers: [customer], passPurchases: [purchase] }, { newIds: true });
    const { bundle } = await exportBundle(ctx.orm, id);
    expect(bundle.customers![0]!.id).not.toBe('cust_new');
    expect(bundle.passPurchases![0]).toMatchObject({ customerId: bundle.customers![0]!.id, passId: 'pass_house' });
  });

  it('names the problems of the bundle by the ids the bundle gave', async () => {
    const { id } = await createCompany(ctx.orm, { name: 'Problems', timezone: 'Europe/London', currency: 'GBP' });
    const event = exported.events!.find((e) => e.dates!.length && e.pricingOptions!.length)!;
    const other = exported.events!.find((e) => e !== event && e.pricingOptions!.length)!;
    const bundle = {
      format: 1,
      customers: [exported.customers![0]],
      events: [event, other],
      transactions: [{ customerId: exported.customers![0]!.id, purchaseDate: '2026-11-01T10:00:00', bookings: [{ eventDateId: event.dates![0]!.id, pricingOptionId: other.pricingOptions![0]!.id, payment: { method: 'CARD', base100GrossPrice: 1, base100NetPrice: 1 } }] }],
    };
    await expect(importBundle(ctx.orm, id, bundle)).rejects.toThrow(
      `transactions[0].bookings[0].pricingOptionId: ${other.pricingOptions![0]!.id} is not a pricing option of the event of ${event.dates![0]!.id}`,
    );
  });
});

describe('messages never reveal another company\'s records', () => {
  let company: string;
  beforeAll(async () => {
    ({ id: company } = await createCompany(ctx.orm, { name: 'Third Studio', timezone: 'Europe/London', currency: 'GBP' }));
  });

  it('a reference to another company\'s record is unknown, exactly as one to no record at all', async () => {
    const elsewhere = exported.customers![0]!.id!;
    const refer = (customerId: string) => ({ format: 1, passes: [{ id: 'pass_p', name: 'P', credits: 1, validityDays: 1, base100Price: 1 }], passPurchases: [{ customerId, passId: 'pass_p', creditsAllocated: 1, starts: '2026-01-01', expires: '2026-01-02', payment: { base100GrossPrice: 1, base100NetPrice: 1 } }] });
    const message = (customerId: string) => importBundle(ctx.orm, company, refer(customerId)).then(() => 'imported', (error: Error) => error.message);
    expect(await message(elsewhere)).toBe(`passPurchases[0].customerId: unknown reference ${elsewhere}`);
    expect(await message('cust_nobody')).toBe('passPurchases[0].customerId: unknown reference cust_nobody');
  });

  it('an id taken only in this company is an error naming it; taken in another company too, the import takes new ids', async () => {
    await importBundle(ctx.orm, company, { format: 1, customers: [{ id: 'cust_mine', firstname: 'Mine', lastname: 'Own', email: 'mine@example.com' }] });
    await expect(importBundle(ctx.orm, company, { format: 1, customers: [{ id: 'cust_mine', firstname: 'Again', lastname: 'Own', email: 'again@example.com' }] })).rejects.toThrow(
      'customers[0].id: cust_mine already exists',
    );
    const taken = exported.customers![1]!;
    const imported = await importBundle(ctx.orm, company, { format: 1, customers: [taken] });
    expect(imported.newIds).toBe(true);
  });
});
