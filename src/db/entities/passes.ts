/** Pass templates (credit bundles on sale) and the pass purchases customers hold. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sameCompany } from './same-company.ts';
import { Company, CURRENCIES } from './access.ts';
import { Customer } from './customers.ts';
import { Voucher } from './vouchers.ts';

export const PassTemplate = defineEntity({
  name: 'PassTemplate',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    name: p.string(),
    description: p.text().default(''),
    credits: p.integer().check('credits >= 1'),
    validityDays: p.integer().check('validity_days >= 1'),
    base100Price: p.integer().check('base100_price >= 0'),
    active: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  primaryKeys: ['id', 'company'],
  // The list's order (src/db/lists.ts, src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['company', 'name', 'id'] }],
});
export type IPassTemplate = InferEntity<typeof PassTemplate>;

export const PassPurchase = defineEntity({
  name: 'PassPurchase',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    customer: () => sameCompany(p.manyToOne(Customer), 'customer_id'),
    template: () => sameCompany(p.manyToOne(PassTemplate), 'template_id'),
    creditsAllocated: p.integer().check('credits_allocated >= 0'),
    creditsConsumed: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    starts: p.date(),
    expires: p.date(),
    isCancelled: p.boolean().default(false),
    isRefunded: p.boolean().default(false),
    currency: p.enum([...CURRENCIES]),
    base100GrossPrice: p.integer().check('base100_gross_price >= 0'),
    base100Discount: p.integer().default(0).check('base100_discount >= 0'),
    base100NetPrice: p.integer().check('base100_net_price >= 0'),
    voucher: () => sameCompany(p.manyToOne(Voucher), 'voucher_id').nullable().deleteRule('set null (voucher_id)'),
  },
  primaryKeys: ['id', 'company'],
  // Newest first, of a customer, of a pass, or of the company (src/db/loaders.ts, src/db/lists.ts).
  indexes: [{ properties: ['customer', 'createdAt', 'id'] }, { properties: ['template', 'createdAt', 'id'] }, { properties: ['company', 'createdAt', 'id'] }],
  checks: [
    { name: 'pass_purchase_credits_check', expression: 'credits_consumed >= 0 and credits_consumed <= credits_allocated' },
    { name: 'pass_purchase_validity_check', expression: 'expires >= starts' },
  ],
});
export type IPassPurchase = InferEntity<typeof PassPurchase>;
