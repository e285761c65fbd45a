/**
 * Voucher redemption (src/domain/vouchers.ts): one conditional UPDATE that counts the redemption only while
 * the voucher is active, inside its dates and under its limit, so concurrent purchases never exceed it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';

const REDEEM = statement('vouchers.redeem', (p: { companyId: string; code: string; today: string }) =>
  db
    .updateTable('voucher')
    .set({ redemptions: sql`redemptions + 1` })
    .where('company_id', '=', p.companyId)
    .where('code', '=', p.code)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', p.today)]))
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>=', p.today)]))
    .where((eb) => eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]))
    .returning(['id', 'code', 'percent_off', 'base100_amount_off']),
);

/** Counts a redemption of the voucher `code` on `today`: its discount; undefined when it cannot be redeemed. */
export function redeem(em: EntityManager, companyId: string, code: string, today: string) {
  return REDEEM.first(new EntityManagerRunner(em), { companyId, code, today });
}

const STATE = statement('vouchers.state', (p: { companyId: string; code: string }) =>
  db.selectFrom('voucher').select(['active', 'valid_from', 'valid_until']).where('company_id', '=', p.companyId).where('code', '=', p.code),
);

/** What says why a voucher could not be redeemed. */
export function voucherState(em: EntityManager, companyId: string, code: string) {
  return STATE.first(new EntityManagerRunner(em), { companyId, code });
}
