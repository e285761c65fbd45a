/**
 * Waitlists of full event dates (docs/lifecycles.md, "Waitlist entries"). A customer joins a date with no
 * room for the spaces asked, choosing how they will pay; when spaces free up on it (a booking cancelled, its
 * capacity raised) the waiting entries are walked in line order and each one that fits in what is free is
 * booked, paid as chosen, in the same transaction as the change that freed the spaces. An entry that can no
 * longer pay (no credits left, the pass expired, the customer deleted or already booked) is SKIPPED with the
 * reason, and the walk goes on. Every move happens under the event date's row lock, so two cancellations at
 * once, on any instances, promote one after the other: exactly the first entries in line.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company, Customer, key, PassPurchase, PricingOption, WaitlistEntry, type ICompany, type ICustomer, type IPricingOption } from '../db/entities/index.ts';
import { holdSpaces, holdsLiveBooking, lockEventDate, type LockedDate } from '../db/schedule.ts';
import { entryOf, nextPlace, settleEntry, waitingEntries, type WaitingEntry } from '../db/waitlist.ts';
import { touchedNow } from '../db/touched.ts';
import { DATE_CANCELLED, payWithCard, payWithPass, recordBooking, type BookingPayment } from './booking-record.ts';
import type { Clock } from './clock.ts';
import { Conflict, DomainError, Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checked, RULES } from './input-rules.ts';
import { currencyUnits, customerPassId, emit, fullName, registrationId } from './outbox.ts';
import { localDate } from './time.ts';
import { conflictOn, inTransaction, UNIQUE_VIOLATION } from './transactions.ts';

export interface JoinWaitlistInput {
  customerId: string;
  eventDateId: string;
  pricingOptionId: string;
  spaces: number;
  payWith: 'CARD' | 'PASS';
  packageId?: string | null;
}

const alreadyWaiting = 'The customer is already on the waitlist of this event date';

/** A date that cannot take bookings now: cancelled, archived, or started. */
function refuseClosedDate(date: LockedDate, now: Date): void {
  if (date.cancelled) throw new Conflict(DATE_CANCELLED);
  if (date.archived) throw new Conflict('The event is archived and no longer on sale');
  if (date.startsAt.getTime() <= now.getTime()) throw new Invalid('eventDateId', 'min', 'the event date has already started');
}

/** Puts a customer in line for a full date; a date with room for the spaces is CONFLICT (book it instead). */
export async function joinWaitlist(em: EntityManager, clock: Clock, companyId: string, input: JoinWaitlistInput): Promise<string> {
  checked(RULES.spaces, input.spaces, 'spaces');
  if (input.payWith === 'CARD' && input.packageId) throw new Invalid('packageId', 'unknown', 'is only for payWith PASS');
  return inTransaction(em, companyId, async (tx) => {
    const now = clock.now();
    const customer = await tx.findOne(Customer, { id: input.customerId, deletedAt: null });
    if (!customer) throw new NotFound('Customer');
    const date = await lockEventDate(tx, companyId, input.eventDateId);
    if (!date) throw new NotFound('Event date');
    refuseClosedDate(date, now);
    const option = await tx.findOne(PricingOption, { id: input.pricingOptionId, event: key(companyId, date.eventId) });
    if (!option) throw new NotFound('Pricing option');
    if (input.payWith === 'PASS' && option.credits < 1) throw new Invalid('payWith', 'enum', 'this pricing option cannot be paid with credits');
    if (input.packageId && !(await tx.findOne(PassPurchase, { id: input.packageId, customer: key(companyId, customer.id) }))) throw new NotFound('Pass purchase');
    const left = date.capacity - date.spacesBooked;
    if (left >= input.spaces) throw new Conflict(`The event date has ${left} ${left === 1 ? 'space' : 'spaces'} left: book it instead of joining its waitlist`);
    if (await holdsLiveBooking(tx, companyId, date.id, customer.id)) throw new Conflict(`${fullName(customer)} already holds a live booking on this event date`);

    const entry = tx.create(WaitlistEntry, {
      company: companyId,
      id: newId('waitlistEntry', now.getTime()),
      eventDate: key(companyId, date.id),
      customer: key(companyId, customer.id),
      pricingOption: key(companyId, option.id),
      spaces: input.spaces,
      payWith: input.payWith,
      passPurchase: input.packageId ? key(companyId, input.packageId) : null,
      place: await nextPlace(tx, companyId, date.id),
      status: 'WAITING',
      createdAt: now,
      updatedAt: now,
    });
    await conflictOn([UNIQUE_VIOLATION], alreadyWaiting, () => tx.flush());
    touchedNow()?.add(entry.id);
    return entry.id;
  });
}

/** Takes a waiting customer out of line (LEFT). An entry no longer waiting is CONFLICT naming its status. */
export async function leaveWaitlist(em: EntityManager, clock: Clock, companyId: string, id: string): Promise<string> {
  return inTransaction(em, companyId, async (tx) => {
    const entry = await entryOf(tx, companyId, id);
    if (!entry) throw new NotFound('Waitlist entry');
    await lockEventDate(tx, companyId, entry.eventDateId);
    if (!(await settleEntry(tx, companyId, id, 'LEFT', clock.now()))) {
      const now = (await entryOf(tx, companyId, id))!;
      throw new Conflict(`The waitlist entry is ${now.status}: only a WAITING entry can leave the waitlist`);
    }
    touchedNow()?.add(id);
    return id;
  });
}

/** Why an entry cannot be booked now, or its payment. */
async function payFor(tx: EntityManager, companyId: string, entry: WaitingEntry, customer: ICustomer | null, option: IPricingOption, today: string, date: LockedDate, company: ICompany): Promise<BookingPayment | string> {
  if (!customer) return 'The customer was deleted';
  if (await holdsLiveBooking(tx, companyId, date.id, customer.id)) return `${fullName(customer)} already holds a live booking on this event date`;
  if (entry.payWith === 'CARD') return payWithCard(company, option.base100Price * entry.spaces);
  try {
    return await payWithPass(tx, companyId, customer.id, option, entry.spaces, today, entry.passPurchaseId);
  } catch (error) {
    // drawCredits refuses before it writes anything: the transaction goes on without this entry.
    if (error instanceof DomainError) return error.message;
    throw error;
  }
}

/**
 * Books the waiting entries of a date that fit in its free spaces, in line order, each paid as its customer
 * chose, and sends `registration.created` and `waitlist.promoted` for each. An entry that cannot pay is
 * SKIPPED with the reason; one larger than the spaces left keeps its place. Nothing happens on a date that
 * is cancelled, archived or has started. Runs inside the transaction that freed the spaces; the date's row
 * lock (taken here if the caller has not) keeps promotions of one date in order across instances.
 */
export async function promoteWaitlist(tx: EntityManager, clock: Clock, companyId: string, eventDateId: string): Promise<string[]> {
  const date = await lockEventDate(tx, companyId, eventDateId);
  const now = clock.now();
  if (!date || date.cancelled || date.archived || date.startsAt.getTime() <= now.getTime()) return [];
  let free = date.capacity - date.spacesBooked;
  if (free < 1) return [];
  const promoted: string[] = [];
  const company = (await tx.findOne(Company, { id: companyId }))!;
  const today = localDate(now, company.timezone);
  for (const entry of await waitingEntries(tx, companyId, eventDateId)) {
    if (free < 1) break;
    if (entry.spaces > free) continue;
    const customer = await tx.findOne(Customer, { id: entry.customerId, deletedAt: null });
    const option = (await tx.findOne(PricingOption, { id: entry.pricingOptionId }))!;
    const payment = await payFor(tx, companyId, entry, customer, option, today, date, company);
    touchedNow()?.add(entry.id);
    if (typeof payment === 'string') {
      await settleEntry(tx, companyId, entry.id, 'SKIPPED', now, { reason: payment });
      continue;
    }
    if (!(await holdSpaces(tx, companyId, eventDateId, entry.spaces))) throw new Error(`spaces of ${eventDateId} changed under its lock`);
    free -= entry.spaces;
    const event = { id: date.eventId, name: date.eventName, kind: date.eventKind };
    const { booking } = recordBooking(tx, companyId, { now, company, event, date, option, customer: customer!, boughtFor: null, spaces: entry.spaces, payment, voucher: null });
    await tx.flush();
    await settleEntry(tx, companyId, entry.id, 'PROMOTED', now, { bookingId: booking.id });
    emit(tx, companyId, 'waitlist.promoted', {
      waitlistEntryId: entry.id,
      registrationId: registrationId(booking.id),
      customerId: customer!.id,
      customerEmail: customer!.email,
      customerName: fullName(customer!),
      eventId: date.eventId,
      eventTitle: date.eventName,
      eventDate: date.startsAt.toISOString(),
      spots: entry.spaces,
      totalPaid: payment.paymentMethod === 'PASS' ? payment.creditsUsed! : currencyUnits(payment.base100NetPrice!),
      currency: payment.currency,
      paymentMethod: payment.paymentMethod,
      passUsed: payment.passPurchase ? customerPassId(payment.passPurchase) : null,
    });
    promoted.push(entry.id);
  }
  await tx.flush();
  return promoted;
}
