/**
 * How a booking is made once its spaces are held: paid by card or with pass credits, recorded with its
 * transaction, and announced (`registration.created`, `event.purchased`). Shared by a booking made at the
 * desk or by an integrator (src/domain/booking.ts) and one made by a promotion from a waitlist
 * (src/domain/waitlist.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Booking, key, Transaction, type EventKind, type IBooking, type ICompany, type ICustomer, type IPricingOption, type ITransaction } from '../db/entities/index.ts';
import { drawCredits } from './credits.ts';
import { Invalid } from './errors.ts';
import { newId } from './ids.ts';
import { currencyUnits, customerPassId, emit, fullName, purchaseId, registrationId } from './outbox.ts';

/** How a booking is paid, as its row stores it. */
export type BookingPayment = Pick<IBooking, 'paymentMethod' | 'currency' | 'base100GrossPrice' | 'base100NetPrice' | 'creditsUsed'> & { passPurchase?: string };

/** Pays for `spaces` of `option` with the customer's pass credits (`packageId`, else the usable pass that expires first). */
export async function payWithPass(
  tx: EntityManager,
  companyId: string,
  customerId: string,
  option: IPricingOption,
  spaces: number,
  today: string,
  packageId?: string | null,
): Promise<BookingPayment> {
  if (option.credits < 1) throw new Invalid('payWith', 'enum', 'this pricing option cannot be paid with credits');
  const credits = option.credits * spaces;
  const passPurchase = await drawCredits(tx, companyId, customerId, credits, today, packageId);
  return { paymentMethod: 'PASS', currency: 'CR', base100GrossPrice: null, base100NetPrice: null, creditsUsed: credits, passPurchase };
}

/** A card payment of `gross`, less a voucher's discount; recorded as paid when made (docs/lifecycles.md). */
export const payWithCard = (company: ICompany, gross: number, discount = 0): BookingPayment => ({
  paymentMethod: 'CARD',
  currency: company.currency,
  base100GrossPrice: gross,
  base100NetPrice: gross - discount,
  creditsUsed: null,
});

/** What a booking is made of, its spaces already held on its date. */
export interface NewBooking {
  now: Date;
  company: ICompany;
  event: { id: string; name: string; kind: EventKind };
  date: { id: string; startsAt: Date };
  option: IPricingOption;
  customer: ICustomer;
  boughtFor: ICustomer | null;
  spaces: number;
  payment: BookingPayment;
  voucher: { voucherId: string; code: string } | null;
}

/**
 * Records a booking whose spaces are held and payment taken: its transaction, the booking, and its webhooks
 * (`registration.created`, and `event.purchased` for a one-off event). Not flushed: the caller flushes.
 */
export function recordBooking(tx: EntityManager, companyId: string, parts: NewBooking): { transaction: ITransaction; booking: IBooking } {
  const { now, company, event, date, option, customer, boughtFor, spaces, payment, voucher } = parts;
  const attendee = boughtFor ?? customer;
  const transaction = tx.create(Transaction, {
    id: newId('transaction', now.getTime()),
    company: companyId,
    customer: key(companyId, customer.id),
    purchasedAt: now,
    voucher: voucher ? key(companyId, voucher.voucherId) : null,
  });
  const booking = tx.create(Booking, {
    id: newId('booking', now.getTime()),
    company: companyId,
    transaction: key(companyId, transaction.id),
    eventDate: key(companyId, date.id),
    pricingOption: key(companyId, option.id),
    spaces,
    boughtFor: boughtFor ? key(companyId, boughtFor.id) : null,
    attendee: key(companyId, attendee.id),
    ...payment,
    passPurchase: payment.passPurchase ? key(companyId, payment.passPurchase) : null,
  });

  // Paid with a pass: the credits used, in the currency CR (as M2M shows PASS payments).
  const paid = payment.paymentMethod === 'PASS' ? payment.creditsUsed! : currencyUnits(payment.base100NetPrice!);
  const currency = payment.paymentMethod === 'PASS' ? 'CR' : company.currency;
  const common = { customerEmail: attendee.email, customerName: fullName(attendee), eventId: event.id, eventTitle: event.name, eventDate: date.startsAt.toISOString(), totalPaid: paid, currency, paymentMethod: payment.paymentMethod };
  emit(tx, companyId, 'registration.created', {
    registrationId: registrationId(booking.id),
    customerId: attendee.id,
    ...common,
    spots: spaces,
    passUsed: payment.passPurchase ? customerPassId(payment.passPurchase) : null,
  });
  // A ticket to a one-off event is a purchase; a class of a schedule is a registration only.
  if (event.kind === 'ONE_OFF') {
    emit(tx, companyId, 'event.purchased', {
      purchaseId: purchaseId(transaction.id),
      customerId: customer.id,
      ...common,
      customerEmail: customer.email,
      customerName: fullName(customer),
      tickets: spaces,
      discountCode: voucher?.code ?? null,
    });
  }
  return { transaction, booking };
}

/** Why a cancelled date takes no booking (and no waitlist entry). */
export const DATE_CANCELLED = 'The event date is cancelled: it takes no bookings';
