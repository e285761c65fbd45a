/**
 * The statements of the schedule (src/domain/schedule.ts): an event date read under its row lock, which
 * every change of its spaces takes (bookings, cancellations, capacity, promotions from its waitlist), so
 * changes of one date are judged one after the other on every instance; and the set-wise cancellation of a
 * date's bookings.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';

/** An event date and what its rules need of its event, read under the date's row lock. */
export interface LockedDate {
  id: string;
  eventId: string;
  eventName: string;
  eventKind: 'ONE_OFF' | 'SCHEDULE';
  timezone: string;
  archived: boolean;
  startsAt: Date;
  capacity: number;
  spacesBooked: number;
  cancelled: boolean;
}

const LOCK_DATE = statement('schedule.lockDate', (p: { companyId: string; id: string }) =>
  db
    .selectFrom('event_date as d')
    .innerJoin('event as e', 'e.id', 'd.event_id')
    .select((eb) => [
      'd.id',
      'd.event_id',
      'e.name',
      'e.kind',
      'e.timezone',
      eb('e.archived_at', 'is not', null).as('archived'),
      'd.starts_at',
      'd.capacity',
      'd.spaces_booked',
      eb('d.cancelled_at', 'is not', null).as('cancelled'),
    ])
    .where('d.id', '=', p.id)
    .where('d.company_id', '=', p.companyId)
    .forUpdate('d'),
);

/** The date `id` of the company, locked until the transaction ends; undefined when there is none. */
export async function lockEventDate(tx: EntityManager, companyId: string, id: string): Promise<LockedDate | undefined> {
  const row = await LOCK_DATE.first(new EntityManagerRunner(tx), { companyId, id });
  if (!row) return undefined;
  return {
    id: row.id,
    eventId: row.event_id,
    eventName: row.name,
    eventKind: row.kind as LockedDate['eventKind'],
    timezone: row.timezone,
    archived: row.archived === true,
    startsAt: new Date(row.starts_at),
    capacity: row.capacity,
    spacesBooked: row.spaces_booked,
    cancelled: row.cancelled === true,
  };
}

const STARTS_OF_EVENT = statement('schedule.startsOfEvent', (p: { companyId: string; eventId: string; from: string; until: string }) =>
  db
    .selectFrom('event_date')
    .select('starts_at')
    .where('company_id', '=', p.companyId)
    .where('event_id', '=', p.eventId)
    .where('starts_at', '>=', p.from)
    .where('starts_at', '<', p.until),
);

/** The starts (epoch ms) of the event's dates from `from` to before `until`: dates a rule must not add twice. */
export async function startsOfEvent(tx: EntityManager, companyId: string, eventId: string, from: Date, until: Date): Promise<Set<number>> {
  const rows = await STARTS_OF_EVENT.rows(new EntityManagerRunner(tx), { companyId, eventId, from: from.toISOString(), until: until.toISOString() });
  return new Set(rows.map((row) => new Date(row.starts_at).getTime()));
}

const SET_DATE_FIELDS = statement('schedule.setDateFields', (p: { companyId: string; id: string; capacity: number | null; duration: number | null }) =>
  db
    .updateTable('event_date')
    .set({ capacity: sql<number>`coalesce(${p.capacity}, capacity)`, duration: sql<number>`coalesce(${p.duration}, duration)` })
    .where('id', '=', p.id)
    .where('company_id', '=', p.companyId),
);

/** Changes a date's capacity and length; the date's check refuses a capacity below the spaces booked. */
export async function setEventDateFields(tx: EntityManager, companyId: string, id: string, fields: { capacity?: number; duration?: number }): Promise<void> {
  await SET_DATE_FIELDS.rows(new EntityManagerRunner(tx), { companyId, id, capacity: fields.capacity ?? null, duration: fields.duration ?? null });
}

const WITH_ATTENDANCE = statement('schedule.bookingsWithAttendance', (p: { companyId: string; eventDateId: string }) =>
  db
    .selectFrom('booking')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_id', '=', p.companyId)
    .where('event_date_id', '=', p.eventDateId)
    .where((eb) => eb.not(eb.ref('is_cancelled')))
    .where('attended', 'is not', null),
);

/** Live bookings of the date whose attendance is recorded: a date with any is not cancelled. */
export async function bookingsWithAttendance(tx: EntityManager, companyId: string, eventDateId: string): Promise<number> {
  const row = await WITH_ATTENDANCE.first(new EntityManagerRunner(tx), { companyId, eventDateId });
  return Number(row?.count ?? 0);
}

/** A booking a cancelled date cancelled, with what its `registration.cancelled` says. */
export interface CancelledBooking {
  id: string;
  spaces: number;
  paymentMethod: 'CARD' | 'PASS';
  creditsUsed: number | null;
  passPurchaseId: string | null;
  refunded: boolean;
  attendeeId: string;
  attendeeEmail: string;
  attendeeName: string;
}

/** Cancels the date's live bookings (card payments refunded when `refund`): each with its attendee's email and name. */
const CANCEL_BOOKINGS = statement('schedule.cancelBookings', (p: { companyId: string; eventDateId: string; refund: boolean }) =>
  db
    .with('cancelled', (w) =>
      w
        .updateTable('booking')
        .set({ is_cancelled: true, is_refunded: sql<boolean>`is_refunded or (${p.refund} and payment_method = 'CARD')` })
        .where('company_id', '=', p.companyId)
        .where('event_date_id', '=', p.eventDateId)
        .where((eb) => eb.not(eb.ref('is_cancelled')))
        .returning(['id', 'spaces', 'payment_method', 'credits_used', 'pass_purchase_id', 'is_refunded', 'attendee_id']),
    )
    .selectFrom('cancelled as b')
    .innerJoin('customer as c', 'c.id', 'b.attendee_id')
    .selectAll('b')
    .select(['c.email', sql<string>`trim(c.firstname || ' ' || c.lastname)`.as('name')])
    .orderBy('b.id'),
);

const MARK_CANCELLED = statement('schedule.markCancelled', (p: { companyId: string; id: string; at: string }) =>
  db.updateTable('event_date').set({ cancelled_at: p.at, spaces_booked: 0 }).where('id', '=', p.id).where('company_id', '=', p.companyId),
);

/**
 * Cancels every live booking of the date in one statement, card payments marked refunded when `refund`,
 * and marks the date cancelled holding no spaces. The caller holds the date's lock.
 */
export async function cancelDateAndBookings(tx: EntityManager, companyId: string, eventDateId: string, refund: boolean, at: Date): Promise<CancelledBooking[]> {
  const runner = new EntityManagerRunner(tx);
  const rows = await CANCEL_BOOKINGS.rows(runner, { companyId, eventDateId, refund });
  await MARK_CANCELLED.rows(runner, { companyId, id: eventDateId, at: at.toISOString() });
  return rows.map((row) => ({
    id: row.id,
    spaces: row.spaces,
    paymentMethod: row.payment_method as CancelledBooking['paymentMethod'],
    creditsUsed: row.credits_used,
    passPurchaseId: row.pass_purchase_id,
    refunded: row.is_refunded,
    attendeeId: row.attendee_id,
    attendeeEmail: row.email,
    attendeeName: row.name,
  }));
}

const LIVE_BOOKING = statement('schedule.liveBooking', (p: { companyId: string; eventDateId: string; attendeeId: string }) =>
  db
    .selectFrom('booking')
    .select('id')
    .where('company_id', '=', p.companyId)
    .where('event_date_id', '=', p.eventDateId)
    .where('attendee_id', '=', p.attendeeId)
    .where((eb) => eb.not(eb.ref('is_cancelled')))
    .limit(1),
);

/** Whether the attendee already holds a live booking on the date. */
export async function holdsLiveBooking(tx: EntityManager, companyId: string, eventDateId: string, attendeeId: string): Promise<boolean> {
  return (await LIVE_BOOKING.first(new EntityManagerRunner(tx), { companyId, eventDateId, attendeeId })) !== undefined;
}

const HOLD_SPACES = statement('schedule.holdSpaces', (p: { companyId: string; eventDateId: string; spaces: number }) =>
  db
    .updateTable('event_date')
    .set({ spaces_booked: sql<number>`spaces_booked + ${p.spaces}` })
    .where('id', '=', p.eventDateId)
    .where('company_id', '=', p.companyId)
    .where(sql<boolean>`spaces_booked + ${p.spaces} <= capacity`)
    .where('cancelled_at', 'is', null)
    .returning('id'),
);

/** Holds `spaces` more on a date that is not cancelled, never past its capacity; false when they do not fit. */
export async function holdSpaces(tx: EntityManager, companyId: string, eventDateId: string, spaces: number): Promise<boolean> {
  return (await HOLD_SPACES.first(new EntityManagerRunner(tx), { companyId, eventDateId, spaces })) !== undefined;
}
