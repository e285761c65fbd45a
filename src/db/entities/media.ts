/** The video library and customers' video purchases (both carry the `media_` prefix). */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sameCompany } from './same-company.ts';
import { Company } from './access.ts';
import { Customer } from './customers.ts';
import { PAYMENT_CURRENCIES, PAYMENT_METHODS } from './events.ts';
import { PassPurchase } from './passes.ts';
import { Voucher } from './vouchers.ts';

export const Media = defineEntity({
  name: 'Media',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    name: p.string(),
    description: p.text().default(''),
    base100Price: p.integer().check('base100_price >= 0'),
    credits: p.integer().check('credits >= 0'),
    /** Days of access after purchase; null means no expiry. */
    accessDays: p.integer().nullable(),
    active: p.boolean().default(true),
  },
  primaryKeys: ['id', 'company'],
  // The list's order (src/db/lists.ts, src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['company', 'name', 'id'] }],
});
export type IMedia = InferEntity<typeof Media>;

export const VideoPurchase = defineEntity({
  name: 'VideoPurchase',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    customer: () => sameCompany(p.manyToOne(Customer), 'customer_id'),
    media: () => sameCompany(p.manyToOne(Media), 'media_id'),
    createdAt: p.datetime(),
    expiresOn: p.date().nullable(),
    isCancelled: p.boolean().default(false),
    isRefunded: p.boolean().default(false),
    paymentMethod: p.enum([...PAYMENT_METHODS]),
    currency: p.enum([...PAYMENT_CURRENCIES]),
    base100Price: p.integer().nullable(),
    creditsUsed: p.integer().nullable(),
    passPurchase: () => sameCompany(p.manyToOne(PassPurchase), 'pass_purchase_id').nullable().deleteRule('set null (pass_purchase_id)'),
    /** The voucher that discounted a card payment. */
    voucher: () => sameCompany(p.manyToOne(Voucher), 'voucher_id').nullable().deleteRule('set null (voucher_id)'),
  },
  primaryKeys: ['id', 'company'],
  // The list's order (src/db/lists.ts, src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['customer', 'createdAt', 'id'] }],
  checks: [
    {
      name: 'video_purchase_payment_check',
      expression:
        "(payment_method = 'CARD' and currency <> 'CR' and base100_price >= 0 and credits_used is null)" +
        " or (payment_method = 'PASS' and currency = 'CR' and credits_used >= 0)",
    },
  ],
});
export type IVideoPurchase = InferEntity<typeof VideoPurchase>;
