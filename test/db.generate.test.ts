import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bundleSchema, type Bundle } from '../src/bundles/bundle.ts';
import { countRecords, generateBundle } from '../src/bundles/demo-data.ts';
import { Company, Customer } from '../src/db/entities/index.ts';
import { importBundle } from '../src/bundles/import.ts';
import { companyEm, unscopedEm } from '../src/db/scope.ts';
import { localToInstant } from '../src/domain/time.ts';
import { testOrm } from './support/db.ts';

describe('generateBundle', () => {
  it('gives byte-identical JSON for the same options', () => {
    const options = { customers: 120, seed: 42 };
    expect(JSON.stringify(generateBundle(options))).toBe(JSON.stringify(generateBundle(options)));
  });

  it('gives different data for a different seed', () => {
    expect(JSON.stringify(generateBundle({ customers: 50, seed: 1 }))).not.toBe(JSON.stringify(generateBundle({ customers: 50, seed: 2 })));
  });

  it('follows the import format', () => {
    expect(bundleSchema.safeParse(generateBundle({ customers: 200, seed: 3 })).success).toBe(true);
  });

  describe('a studio of 400 customers', () => {
    const today = '2026-11-21';
    const bundle = generateBundle({ customers: 400, seed: 9, today });
    const zone = 'Europe/London';

    it('has classes before and after the reference date', () => {
      const dates = bundle.events!.flatMap((e) => e.dates!.map((d) => d.datetime));
      expect(dates.some((d) => d < today)).toBe(true);
      expect(dates.some((d) => d > today)).toBe(true);
    });

    it('never books an event date past its capacity', () => {
      const taken = new Map<string, number>();
      for (const t of bundle.transactions!) for (const b of t.bookings!) if (!b.isCancelled) taken.set(b.eventDateId, (taken.get(b.eventDateId) ?? 0) + (b.spaces ?? 1));
      const over = bundle.events!.flatMap((e) => e.dates!).filter((d) => (taken.get(d.id!) ?? 0) > d.capacity);
      expect(over).toEqual([]);
      expect([...taken.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
      expect(bundle.transactions!.some((t) => t.bookings!.some((b) => b.isCancelled))).toBe(true);
    });

    it('never gives an attendee two live bookings on one event date', () => {
      const live = bundle.transactions!.flatMap((t) =>
        t.bookings!.filter((b) => !b.isCancelled).map((b) => `${b.eventDateId} ${b.boughtForId ?? t.customerId}`));
      expect(live.length).toBeGreaterThan(1000);
      expect(live.length - new Set(live).size).toBe(0);
    });

    it('takes the register of past classes only', () => {
      const dates = new Map(bundle.events!.flatMap((e) => e.dates!.map((d) => [d.id!, d.datetime] as const)));
      const bookings = bundle.transactions!.flatMap((t) => t.bookings!);
      expect(bookings.filter((b) => b.attended != null && (b.isCancelled || dates.get(b.eventDateId)! >= today))).toEqual([]);
      expect(bookings.some((b) => b.attended === false)).toBe(true);
    });

    it('never lets appointments of one facilitator overlap, buffer included', () => {
      const services = new Map(bundle.services!.map((s) => [s.id!, s]));
      const held = new Map<string, [number, number][]>();
      for (const a of bundle.appointments!) {
        if (a.status === 'CANCELLED') continue;
        const service = services.get(a.serviceId)!;
        const option = service.options!.find((o) => o.name === a.optionName)!;
        const start = localToInstant(a.datetime, zone).getTime();
        const ranges = held.get(a.facilitatorId) ?? [];
        ranges.push([start, start + (option.durationMinutes + service.bufferMinutes!) * 60_000]);
        held.set(a.facilitatorId, ranges);
      }
      for (const ranges of held.values()) {
        ranges.sort((a, b) => a[0] - b[0]);
        for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBeGreaterThanOrEqual(ranges[i - 1]![1]);
      }
      expect(bundle.appointments!.length).toBe(200);
    });

    it('never consumes more credits than a pass purchase holds', () => {
      for (const p of bundle.passPurchases!) expect(p.creditsConsumed!).toBeLessThanOrEqual(p.creditsAllocated);
      expect(bundle.passPurchases!.some((p) => p.creditsConsumed! > 0)).toBe(true);
    });

    it('gives facilitators weekday windows and some date overrides', () => {
      for (const f of bundle.facilitators!) {
        expect(new Set(f.weeklyWindows!.map((w) => w.weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
        expect(f.dateOverrides!.length).toBeGreaterThan(0);
      }
    });
  });
});

describe('generated bundles', () => {
  let ctx: Awaited<ReturnType<typeof testOrm>>;
  beforeAll(async () => {
    ctx = await testOrm();
    const em = unscopedEm(ctx.orm);
    for (const id of ['co_a', 'co_b', 'co_c']) em.create(Company, { id, name: id, timezone: 'Europe/London', currency: 'GBP' });
    await em.flush();
  });
  afterAll(() => ctx.close());

  it.each([
    ['co_a', { customers: 40, seed: 1 }],
    ['co_b', { customers: 300, seed: 2, bookingsPerCustomer: 10, appointmentsPerCustomer: 2 }],
    ['co_c', { customers: 25, seed: 3, datesPerEvent: 4, facilitators: 1, timezone: 'America/New_York', currency: 'USD' as const }],
  ])('import without error (%s)', async (companyId, options) => {
    const bundle: Bundle = generateBundle(options);
    const progress: number[] = [];
    const { counts } = await importBundle(ctx.orm, companyId, bundle, { onProgress: (done, total) => progress.push(done / total) });
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(countRecords(bundle));
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
  });
});

describe('an import that its caller stops', () => {
  it('leaves nothing behind when the progress callback throws while rows are being written', async () => {
    const ctx = await testOrm();
    try {
      const em = unscopedEm(ctx.orm);
      em.create(Company, { id: 'co_stop', name: 'Stop', timezone: 'Europe/London', currency: 'GBP' });
      await em.flush();
      let calls = 0;
      const onProgress = () => {
        if (++calls === 3) throw new Error('stopped by the caller');
      };
      await expect(importBundle(ctx.orm, 'co_stop', generateBundle({ customers: 300, seed: 4 }), { onProgress })).rejects.toThrow('stopped by the caller');
      expect(await companyEm(ctx.orm, 'co_stop').count(Customer, {})).toBe(0);
      const { counts } = await importBundle(ctx.orm, 'co_stop', generateBundle({ customers: 300, seed: 4 }));
      expect(counts.customers).toBe(300);
    } finally {
      await ctx.close();
    }
  });
});
