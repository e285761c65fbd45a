/**
 * Selling a pass: a pass purchase with the template's credits, valid from its start date for the
 * template's validity, paid by card (a voucher discounts it once), with `pass.purchased` in the outbox.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company, PassPurchase, PassTemplate, type IPassPurchase } from '../db/entities/index.ts';
import { liveCustomer } from './booking.ts';
import type { Clock } from './clock.ts';
import { Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { currencyUnits, customerPassId, emit } from './outbox.ts';
import { addDays, localDate } from './time.ts';
import { inTransaction } from './transactions.ts';
import { redeemVoucher } from './vouchers.ts';

export interface PurchasePassInput {
  customerId: string;
  passId: string;
  startDate?: string | null;
  voucherCode?: string | null;
}

export async function purchasePass(em: EntityManager, clock: Clock, companyId: string, input: PurchasePassInput): Promise<IPassPurchase> {
  return inTransaction(em, companyId, async (tx) => {
    const now = clock.now();
    const company = (await tx.findOne(Company, { id: companyId }))!;
    const today = localDate(now, company.timezone);
    const customer = await liveCustomer(tx, input.customerId);
    const pass = await tx.findOne(PassTemplate, { id: input.passId });
    if (!pass) throw new NotFound('Pass');
    if (!pass.active) throw new Invalid('passId', 'enum', 'the pass is not on sale (inactive)');
    const starts = input.startDate ?? today;
    if (starts < today) throw new Invalid('startDate', 'min', 'must not be in the past');
    const voucher = input.voucherCode ? await redeemVoucher(tx, companyId, input.voucherCode, today, pass.base100Price) : null;
    const discount = voucher?.discount ?? 0;
    const purchase = tx.create(PassPurchase, {
      id: newId('passPurchase', now.getTime()),
      company: companyId,
      customer: customer.id,
      template: pass.id,
      creditsAllocated: pass.credits,
      creditsConsumed: 0,
      createdAt: now,
      starts,
      expires: addDays(starts, pass.validityDays),
      currency: company.currency,
      base100GrossPrice: pass.base100Price,
      base100Discount: discount,
      base100NetPrice: pass.base100Price - discount,
      voucher: voucher?.voucherId ?? null,
    });
    emit(tx, companyId, 'pass.purchased', {
      customerPassId: customerPassId(purchase.id),
      customerId: customer.id,
      customerEmail: customer.email,
      customerName: `${customer.firstname} ${customer.lastname}`.trim(),
      passId: pass.id,
      passTitle: pass.name,
      totalUses: pass.credits,
      remainingUses: pass.credits,
      startDate: purchase.starts,
      expiryDate: purchase.expires,
      totalPaid: currencyUnits(purchase.base100NetPrice),
      currency: company.currency,
      paymentMethod: 'CARD',
    });
    await tx.flush();
    return purchase;
  });
}
