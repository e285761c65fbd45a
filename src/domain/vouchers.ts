/**
 * Voucher redemption: one conditional UPDATE that counts the redemption only while the voucher is
 * active, inside its dates and under its limit, so concurrent purchases never exceed `maxRedemptions`.
 * A voucher discounts a purchase once, whatever the number of spaces.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Conflict, Invalid } from './errors.ts';
import { redeem, voucherState } from '../db/vouchers.ts';

export interface Redemption {
  voucherId: string;
  code: string;
  discount: number;
}

export async function redeemVoucher(tx: EntityManager, companyId: string, code: string, today: string, gross: number): Promise<Redemption> {
  const voucher = await redeem(tx, companyId, code, today);
  if (!voucher) {
    const known = await voucherState(tx, companyId, code);
    if (!known) throw new Invalid('voucherCode', 'unknown', 'no voucher has this code');
    if (!known.active) throw new Invalid('voucherCode', 'enum', 'the voucher is not active');
    if (known.valid_from && known.valid_from > today) throw new Invalid('voucherCode', 'min', `the voucher is valid from ${known.valid_from}`);
    if (known.valid_until && known.valid_until < today) throw new Invalid('voucherCode', 'max', `the voucher expired on ${known.valid_until}`);
    throw new Conflict('The voucher has been redeemed as many times as it allows');
  }
  const discount = voucher.percent_off != null
    ? Math.round((gross * voucher.percent_off) / 100)
    : Math.min(gross, voucher.base100_amount_off ?? 0);
  return { voucherId: voucher.id, code: voucher.code, discount };
}
