/**
 * Selling a pass: a pass purchase with the template's credits, valid from its start date for the
 * template's validity, paid by card (a voucher discounts it once), with `pass.purchased` in the outbox.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company, key, PassPurchase, PassTemplate, type IPassPurchase, type IPassTemplate } from '../db/entities/index.ts';
import { liveCustomer } from './booking.ts';
import type { Clock } from './clock.ts';
import { Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checked, checkFields, nullIsNotGiven, PASS_FIELDS, PASS_PURCHASE_FIELDS, RULES } from './input-rules.ts';
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

/**
 * A sale starts today or later and is paid by card. An `assigned` pass (staff assignment or migration
 * from another system: v1 `POST /customer-passes`) may have started already and is not paid here: its
 * price is recorded as fully discounted and `pass.purchased` reports `paymentMethod: "MANUAL"`, paid 0.
 */
export async function purchasePass(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  input: PurchasePassInput,
  options: { assigned?: boolean } = {},
): Promise<IPassPurchase> {
  if (input.startDate != null) checked(RULES.localDate, input.startDate, 'startDate');
  return inTransaction(em, companyId, async (tx) => {
    const now = clock.now();
    const company = (await tx.findOne(Company, { id: companyId }))!;
    const today = localDate(now, company.timezone);
    const customer = await liveCustomer(tx, input.customerId);
    const pass = await tx.findOne(PassTemplate, { id: input.passId });
    if (!pass) throw new NotFound('Pass');
    if (!pass.active) throw new Invalid('passId', 'enum', 'the pass is not on sale (inactive)');
    const starts = input.startDate ?? today;
    if (starts < today && !options.assigned) throw new Invalid('startDate', 'min', 'must not be in the past');
    const voucher = input.voucherCode ? await redeemVoucher(tx, companyId, input.voucherCode, today, pass.base100Price) : null;
    const discount = options.assigned ? pass.base100Price : (voucher?.discount ?? 0);
    const purchase = tx.create(PassPurchase, {
      id: newId('passPurchase', now.getTime()),
      company: companyId,
      customer: key(companyId, customer.id),
      template: key(companyId, pass.id),
      creditsAllocated: pass.credits,
      creditsConsumed: 0,
      createdAt: now,
      starts,
      expires: addDays(starts, pass.validityDays),
      currency: company.currency,
      base100GrossPrice: pass.base100Price,
      base100Discount: discount,
      base100NetPrice: pass.base100Price - discount,
      voucher: voucher ? key(companyId, voucher.voucherId) : null,
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
      paymentMethod: options.assigned ? 'MANUAL' : 'CARD',
    });
    await tx.flush();
    return purchase;
  });
}

export async function createPass(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  given: { name: string; description?: string | null; credits: number; validityDays: number; base100Price: number; active?: boolean | null },
): Promise<IPassTemplate> {
  const input = nullIsNotGiven(given, ['description', 'active']);
  checkFields({ ...input }, PASS_FIELDS);
  const now = clock.now();
  const pass = em.create(PassTemplate, {
    id: newId('pass', now.getTime()),
    company: companyId,
    name: input.name.trim(),
    description: input.description ?? '',
    credits: input.credits,
    validityDays: input.validityDays,
    base100Price: input.base100Price,
    active: input.active ?? true,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return pass;
}

/** Changes a pass purchase: credits left (never more than allocated), expiry, cancellation. */
export async function updatePassPurchase(
  em: EntityManager,
  companyId: string,
  id: string,
  input: { creditsRemaining?: number | null; expires?: string | null; isCancelled?: boolean | null },
): Promise<IPassPurchase> {
  const changes = checkFields({ ...input }, PASS_PURCHASE_FIELDS);
  if (!Object.keys(changes).length) throw new Invalid('input', 'required', 'give at least one field to change');
  return inTransaction(em, companyId, async (tx) => {
    const purchase = await tx.findOne(PassPurchase, { id });
    if (!purchase) throw new NotFound('Pass purchase');
    if (changes.creditsRemaining !== undefined) {
      const remaining = changes.creditsRemaining as number;
      if (remaining > purchase.creditsAllocated) throw new Invalid('creditsRemaining', 'max', `must be at most the ${purchase.creditsAllocated} credits allocated`);
      purchase.creditsConsumed = purchase.creditsAllocated - remaining;
    }
    if (changes.expires !== undefined) {
      if ((changes.expires as string) < purchase.starts) throw new Invalid('expires', 'min', `must not be before the start date ${purchase.starts}`);
      purchase.expires = changes.expires as string;
    }
    if (changes.isCancelled !== undefined) purchase.isCancelled = changes.isCancelled as boolean;
    await tx.flush();
    return purchase;
  });
}
