import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Customer, Company } from '../src/db/entities/index.ts';
import { companyEm, unscopedEm } from '../src/db/scope.ts';
import { newId } from '../src/domain/ids.ts';
import { testOrm } from './support/db.ts';

let ctx: Awaited<ReturnType<typeof testOrm>>;
const a = newId('company');
const b = newId('company');
const ada = newId('customer');
const bob = newId('customer');

beforeAll(async () => {
  ctx = await testOrm();
  const em = unscopedEm(ctx.orm);
  em.create(Company, { id: a, name: 'A', timezone: 'Europe/London', currency: 'GBP' });
  em.create(Company, { id: b, name: 'B', timezone: 'Europe/Paris', currency: 'EUR' });
  em.create(Customer, { id: ada, company: a, firstname: 'Ada', lastname: 'L', email: 'ada@a.test' });
  em.create(Customer, { id: bob, company: b, firstname: 'Bob', lastname: 'B', email: 'bob@b.test' });
  await em.flush();
});
afterAll(() => ctx.close());

describe('company scoping', () => {
  it("never returns another company's rows from a query under company A", async () => {
    const em = companyEm(ctx.orm, a);
    expect((await em.find(Customer, {})).map((c) => c.id)).toEqual([ada]);
    expect(await em.findOne(Customer, { id: bob })).toBeNull();
    expect(await em.count(Customer, { email: 'bob@b.test' })).toBe(0);
  });

  it('refuses to run a scoped query that names no company', async () => {
    await expect(ctx.orm.em.fork().find(Customer, {})).rejects.toThrow(/company/);
  });
});
