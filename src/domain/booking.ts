/**
 * Event bookings. `bookEvent` holds the spaces with one conditional UPDATE of the event date (never past
 * its capacity), redeems a voucher or draws pass credits, records the transaction and its booking, and
 * writes `registration.created` (and, for a one-off event, `event.purchased`) to the outbox: all in one
 * transaction. One attendee holds at most one live booking per event date (more spaces go on one booking,
 * or on a booking bought for someone else): a unique index of the database keeps it so. A cancelled date takes
 * no booking; a cancellation books the date's waitlist into the spaces it frees (src/domain/waitlist.ts).
 * Attendance is taken once the date has started (docs/lifecycles.md).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { holdSpaces, holdsLiveBooking, lockEventDate } from '../db/schedule.ts';
import { Booking, Company, Customer, Event, EventDate, key, PricingOption, type IBooking, type ICustomer, type ITransaction } from '../db/entities/index.ts';
import { DATE_CANCELLED, payWithCard, payWithPass, recordBooking, type BookingPayment } from './booking-record.ts';
import type { Clock } from './clock.ts';
import { returnCredits } from './credits.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { checked, RULES } from './input-rules.ts';
import { customerPassId, emit, registrationId } from './outbox.ts';
import { instantToLocal, localDate } from './time.ts';
import { conflictOn, inTransaction, UNIQUE_VIOLATION } from './transactions.ts';
import { redeemVoucher } from './vouchers.ts';
import { promoteWaitlist } from './waitlist.ts';
import { cancelLiveBooking, freeSpaces, lockBookingForAttendance, setAttended } from '../db/bookings.ts';

export interface BookEventInput {
  customerId: string;
  eventDateId: string;
  pricingOptionId: string;
  spaces: number;
  boughtForId?: string | null;
  payWith: 'CARD' | 'PASS';
  packageId?: string | null;
  voucherCode?: string | null;
}

export async function liveCustomer(tx: EntityManager, id: string): Promise<ICustomer> {
  const customer = await tx.findOne(Customer, { id, deletedAt: null });
  if (!customer) throw new NotFound('Customer');
  return customer;
}

const fullName = (c: ICustomer) => `${c.firstname} ${c.lastname}`.trim();

const alreadyBooked = (attendee: ICustomer) =>
  `${fullName(attendee)} already holds a live booking on this event date: book more spaces on that booking, or book for someone else with boughtForId`;

export async function bookEvent(em: EntityManager, clock: Clock, companyId: string, input: BookEventInput): Promise<ITransaction> {
  checked(RULES.spaces, input.spaces, 'spaces');
  if (input.payWith === 'CARD' && input.packageId) throw new Invalid('packageId', 'unknown', 'is only for payWith PASS');
  if (input.payWith === 'PASS' && input.voucherCode) throw new Invalid('voucherCode', 'unknown', 'vouchers apply to card payments');
  return inTransaction(em, companyId, async (tx) => {
    const now = clock.now();
    const company = (await tx.findOne(Company, { id: companyId }))!;
    const today = localDate(now, company.timezone);
    const customer = await liveCustomer(tx, input.customerId);
    const boughtFor = input.boughtForId ? await liveCustomer(tx, input.boughtForId) : null;
    const date = await tx.findOne(EventDate, { id: input.eventDateId });
    if (!date) throw new NotFound('Event date');
    const event = (await tx.findOne(Event, { id: date.event.id }))!;
    if (event.archivedAt) throw new Conflict('The event is archived and no longer on sale');
    if (date.cancelledAt) throw new Conflict(DATE_CANCELLED);
    if (date.startsAt.getTime() <= now.getTime()) throw new Invalid('eventDateId', 'min', 'the event date has already started');
    const option = await tx.findOne(PricingOption, { id: input.pricingOptionId, event: key(companyId, event.id) });
    if (!option) throw new NotFound('Pricing option');

    // Not on a date cancelled meanwhile: its cancellation holds the row until it commits, and this waits for it.
    if (!(await holdSpaces(tx, companyId, date.id, input.spaces))) {
      throw new Conflict((await lockEventDate(tx, companyId, date.id))?.cancelled ? DATE_CANCELLED : 'Not enough spaces left on this event date');
    }

    let payment: BookingPayment;
    let voucher: { voucherId: string; code: string; discount: number } | null = null;
    if (input.payWith === 'PASS') {
      payment = await payWithPass(tx, companyId, customer.id, option, input.spaces, today, input.packageId);
    } else {
      const gross = option.base100Price * input.spaces;
      if (input.voucherCode) voucher = await redeemVoucher(tx, companyId, input.voucherCode, today, gross);
      payment = payWithCard(company, gross, voucher?.discount);
    }

    const attendee = boughtFor ?? customer;
    if (await holdsLiveBooking(tx, companyId, date.id, attendee.id)) throw new Conflict(alreadyBooked(attendee));

    const { transaction } = recordBooking(tx, companyId, { now, company, event, date, option, customer, boughtFor, spaces: input.spaces, payment, voucher });
    // Two bookings of one attendee at once: the unique index refuses the second.
    await conflictOn([UNIQUE_VIOLATION], alreadyBooked(attendee), () => tx.flush());
    return transaction;
  });
}

/**
 * Cancels a booking: its spaces go back to the date, its credits to the pass; refunded when asked; and
 * `registration.cancelled` goes to the outbox. A booking whose attendance is recorded (attended or not) is
 * not cancelled: its attendance is cleared first.
 */
export async function cancelBooking(em: EntityManager, clock: Clock, companyId: string, bookingId: string, refund: boolean): Promise<IBooking> {
  return inTransaction(em, companyId, async (tx) => {
    const found = await tx.findOne(Booking, { id: bookingId });
    if (!found) throw new NotFound('Booking');
    // The date's row first, as every change of its spaces takes it: this and its date's cancellation wait in one order.
    await lockEventDate(tx, companyId, found.eventDate.id);
    const cancelled = await cancelLiveBooking(tx, companyId, bookingId, refund);
    if (!cancelled) {
      const booking = (await tx.findOne(Booking, { id: bookingId }, { refresh: true }))!;
      if (booking.isCancelled) throw new Conflict('The booking is already cancelled');
      throw new Conflict(`The booking is marked ${booking.attended ? 'attended' : 'not attended'}: clear its attendance before cancelling it`);
    }
    await freeSpaces(tx, companyId, cancelled.event_date_id, cancelled.spaces);
    if (cancelled.pass_purchase_id && cancelled.credits_used) {
      await returnCredits(tx, companyId, cancelled.pass_purchase_id, cancelled.credits_used);
    }
    const booking = (await tx.findOne(Booking, { id: bookingId }, { refresh: true, populate: ['eventDate.event', 'attendee'] }))!;
    const { eventDate, attendee } = booking;
    emit(tx, companyId, 'registration.cancelled', {
      registrationId: registrationId(booking.id),
      customerId: attendee.id,
      customerEmail: attendee.email,
      customerName: fullName(attendee),
      eventId: eventDate.event.id,
      eventTitle: eventDate.event.name,
      eventDate: eventDate.startsAt.toISOString(),
      spots: booking.spaces,
      paymentMethod: booking.paymentMethod,
      passUsed: booking.passPurchase ? customerPassId(booking.passPurchase.id) : null,
      creditsReturned: booking.passPurchase ? (booking.creditsUsed ?? 0) : 0,
      refunded: booking.isRefunded,
    });
    await promoteWaitlist(tx, clock, companyId, eventDate.id);
    await tx.flush();
    return booking;
  });
}

/**
 * Records whether a booking's attendee came (true), did not (false), or clears it (null): for a booking that
 * is not cancelled, once its event date has started.
 */
export async function setBookingAttendance(em: EntityManager, clock: Clock, companyId: string, bookingId: string, attended: boolean | null): Promise<IBooking> {
  return inTransaction(em, companyId, async (tx) => {
    const booking = await lockBookingForAttendance(tx, companyId, bookingId);
    if (!booking) throw new NotFound('Booking');
    if (booking.is_cancelled) throw new Conflict('The booking is cancelled: its attendance cannot be marked');
    const startsAt = new Date(booking.starts_at);
    if (startsAt.getTime() > clock.now().getTime()) {
      throw new Conflict(`The event date starts at ${instantToLocal(startsAt, booking.timezone)}: attendance is taken once it has started`);
    }
    await setAttended(tx, companyId, bookingId, attended);
    return (await tx.findOne(Booking, { id: bookingId }))!;
  });
}
