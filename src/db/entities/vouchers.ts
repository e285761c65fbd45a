/** Discount vouchers: a percentage or a fixed amount, a validity period and a redemption limit. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Company } from './access.ts';

export const Voucher = defineEntity({
  name: 'Voucher',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    code: p.string(),
    description: p.text().default(''),
    percentOff: p.integer().nullable(),
    base100AmountOff: p.integer().nullable(),
    validFrom: p.date().nullable(),
    validUntil: p.date().nullable(),
    maxRedemptions: p.integer().nullable(),
    redemptions: p.integer().default(0),
    active: p.boolean().default(true),
  },
  primaryKeys: ['id', 'company'],
  uniques: [{ properties: ['company', 'code'] }],
  checks: [
    {
      name: 'voucher_discount_check',
      expression:
        '(percent_off is not null and percent_off >= 1 and percent_off <= 100 and base100_amount_off is null)' +
        ' or (percent_off is null and base100_amount_off >= 0)',
    },
    {
      name: 'voucher_redemptions_check',
      expression: 'redemptions >= 0 and (max_redemptions is null or redemptions <= max_redemptions)',
    },
  ],
});
export type IVoucher = InferEntity<typeof Voucher>;
