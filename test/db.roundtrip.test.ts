import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { Company } from '../src/db/entities/index.ts';
import { exportBundle } from '../src/bundles/export.ts';
import { importBundle } from '../src/bundles/import.ts';
import { unscopedEm } from '../src/db/scope.ts';
import { testOrm } from './support/db.ts';

// Ids are global primary keys, so the copy goes into a company of another database.
let first: Awaited<ReturnType<typeof testOrm>>;
let second: Awaited<ReturnType<typeof testOrm>>;

async function company(ctx: typeof first, id: string): Promise<void> {
  const em = unscopedEm(ctx.orm);
  em.create(Company, { id, name: 'Studio', timezone: 'Europe/London', currency: 'GBP' });
  await em.flush();
}

/** The bundle with every collection in id order, as export writes it. */
function byId(bundle: Bundle): Bundle {
  const sorted: Record<string, unknown> = { format: 1 };
  for (const [name, value] of Object.entries(bundle)) {
    if (!Array.isArray(value)) continue;
    sorted[name] = [...(value as { id: string }[])].sort((a, b) => (a.id < b.id ? -1 : 1));
  }
  for (const event of (sorted.events ?? []) as NonNullable<Bundle['events']>) {
    event.pricingOptions = [...(event.pricingOptions ?? [])].sort((a, b) => (a.id! < b.id! ? -1 : 1));
  }
  for (const service of (sorted.services ?? []) as NonNullable<Bundle['services']>) {
    service.options = [...(service.options ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1));
  }
  return sorted as Bundle;
}

beforeAll(async () => {
  [first, second] = await Promise.all([testOrm(), testOrm()]);
  await Promise.all([company(first, 'co_first'), company(second, 'co_second')]);
});
afterAll(async () => Promise.all([first.close(), second.close()]));

describe('export', () => {
  const generated = generateBundle({ customers: 80, seed: 11 });
  let imported: Record<string, number>;
  let exported: Awaited<ReturnType<typeof exportBundle>>;

  beforeAll(async () => {
    ({ counts: imported } = await importBundle(first.orm, 'co_first', generated));
    exported = await exportBundle(first.orm, 'co_first');
  });

  it('counts what the import counted', () => {
    expect(exported.counts).toEqual(imported);
  });

  it('writes back every field the bundle gave, local datetimes in their own zones', () => {
    expect(exported.bundle).toEqual(byId(generated));
  });

  it('then import into an empty company of another database, then export again, gives the same bundle', async () => {
    const { counts } = await importBundle(second.orm, 'co_second', JSON.parse(JSON.stringify(exported.bundle)));
    expect(counts).toEqual(imported);
    const again = await exportBundle(second.orm, 'co_second');
    expect(again.bundle).toEqual(exported.bundle);
    expect(JSON.stringify(again.bundle)).toBe(JSON.stringify(exported.bundle));
  });

  it('gives an empty bundle for a company without records', async () => {
    await company(first, 'co_empty');
    const { bundle, counts } = await exportBundle(first.orm, 'co_empty');
    expect(bundle.customers).toEqual([]);
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });
});
