/**
 * Selling videos: a video purchase gives a customer access until `accessDays` after the day it was bought
 * (its `expiresOn`, on the company's date), paid by card (a voucher discounts it once) or with pass credits
 * drawn in the same transaction, with `video.purchased` in the outbox. Cancelling gives the credits back, as
 * cancelling a booking does.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company, key, Media, VideoPurchase, type IVideoPurchase } from '../db/entities/index.ts';
import { liveCustomer } from './booking.ts';
import type { Clock } from './clock.ts';
import { drawCredits, returnCredits } from './credits.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { currencyUnits, customerPassId, emit, fullName } from './outbox.ts';
import { addDays, localDate } from './time.ts';
import { inTransaction } from './transactions.ts';
import { redeemVoucher } from './vouchers.ts';
import { cancelLiveVideoPurchase } from '../db/video-purchases.ts';

export interface PurchaseVideoInput {
  customerId: string;
  mediaId: string;
  payWith: 'CARD' | 'PASS';
  packageId?: string | null;
  voucherCode?: string | null;
}

export async function purchaseVideo(em: EntityManager, clock: Clock, companyId: string, input: PurchaseVideoInput): Promise<IVideoPurchase> {
  if (input.payWith === 'CARD' && input.packageId) throw new Invalid('packageId', 'unknown', 'is only for payWith PASS');
  if (input.payWith === 'PASS' && input.voucherCode) throw new Invalid('voucherCode', 'unknown', 'vouchers apply to card payments');
  return inTransaction(em, companyId, async (tx) => {
    const now = clock.now();
    const company = (await tx.findOne(Company, { id: companyId }))!;
    const today = localDate(now, company.timezone);
    const customer = await liveCustomer(tx, input.customerId);
    const video = await tx.findOne(Media, { id: input.mediaId });
    if (!video) throw new NotFound('Video');
    if (!video.active) throw new Invalid('mediaId', 'enum', 'the video is not on sale (inactive)');

    let payment: Pick<IVideoPurchase, 'paymentMethod' | 'currency' | 'base100Price' | 'creditsUsed'> & { passPurchase?: string; voucher?: string };
    let discountCode: string | null = null;
    if (input.payWith === 'PASS') {
      if (video.credits < 1) throw new Invalid('payWith', 'enum', 'this video cannot be paid with credits');
      const passPurchase = await drawCredits(tx, companyId, customer.id, video.credits, today, input.packageId);
      payment = { paymentMethod: 'PASS', currency: 'CR', base100Price: null, creditsUsed: video.credits, passPurchase };
    } else {
      const voucher = input.voucherCode ? await redeemVoucher(tx, companyId, input.voucherCode, today, video.base100Price) : null;
      discountCode = voucher?.code ?? null;
      payment = { paymentMethod: 'CARD', currency: company.currency, base100Price: video.base100Price - (voucher?.discount ?? 0), creditsUsed: null, voucher: voucher?.voucherId };
    }
    const purchase = tx.create(VideoPurchase, {
      id: newId('media', now.getTime()),
      company: companyId,
      customer: key(companyId, customer.id),
      media: key(companyId, video.id),
      createdAt: now,
      expiresOn: video.accessDays == null ? null : addDays(today, video.accessDays),
      ...payment,
      passPurchase: payment.passPurchase ? key(companyId, payment.passPurchase) : null,
      voucher: payment.voucher ? key(companyId, payment.voucher) : null,
    });
    emit(tx, companyId, 'video.purchased', {
      videoPurchaseId: purchase.id,
      customerId: customer.id,
      customerEmail: customer.email,
      customerName: fullName(customer),
      videoId: video.id,
      videoTitle: video.name,
      expiresOn: purchase.expiresOn ?? null,
      totalPaid: payment.paymentMethod === 'PASS' ? payment.creditsUsed! : currencyUnits(payment.base100Price!),
      currency: payment.currency,
      paymentMethod: payment.paymentMethod,
      passUsed: payment.passPurchase ? customerPassId(payment.passPurchase) : null,
      discountCode,
    });
    await tx.flush();
    return purchase;
  });
}

/** Cancels a video purchase: credits paid with go back to the pass; `refund` marks it refunded. */
export async function cancelVideoPurchase(em: EntityManager, companyId: string, id: string, refund: boolean): Promise<IVideoPurchase> {
  return inTransaction(em, companyId, async (tx) => {
    const cancelled = await cancelLiveVideoPurchase(tx, companyId, id, refund);
    if (!cancelled) {
      if (await tx.findOne(VideoPurchase, { id })) throw new Conflict('The video purchase is already cancelled');
      throw new NotFound('Video purchase');
    }
    if (cancelled.pass_purchase_id && cancelled.credits_used) await returnCredits(tx, companyId, cancelled.pass_purchase_id, cancelled.credits_used);
    return (await tx.findOne(VideoPurchase, { id }, { refresh: true }))!;
  });
}
