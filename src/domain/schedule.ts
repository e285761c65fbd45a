/**
 * The timetable of an event (docs/lifecycles.md, "Event dates"): dates added by a weekly rule in the event's
 * own timezone, a date's capacity and length changed, and a date cancelled with every booking on it. Each
 * change of a date's spaces takes the date's row lock first (src/db/schedule.ts), as bookings do.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { Event, EventDate, key } from '../db/entities/index.ts';
import { bookingsWithAttendance, cancelDateAndBookings, lockEventDate, setEventDateFields, startsOfEvent, type CancelledBooking, type LockedDate } from '../db/schedule.ts';
import { touchedNow } from '../db/touched.ts';
import { closeWaitlist } from '../db/waitlist.ts';
import type { Clock } from './clock.ts';
import { returnCredits } from './credits.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checked, checkFields, nullIsNotGiven, RULES } from './input-rules.ts';
import { customerPassId, emit, registrationId } from './outbox.ts';
import { addDays, isoWeekday, localDate, localToInstant } from './time.ts';
import { inTransaction } from './transactions.ts';
import { promoteWaitlist } from './waitlist.ts';

/** The longest stretch one rule covers: a year (so at most 371 dates in one call). */
export const MAX_RULE_DAYS = 366;

export interface RecurrenceRule {
  weekdays: number[];
  /** `HH:MM`, local to the event's timezone. */
  time: string;
  duration: number;
  capacity: number;
  from: string;
  until: string;
  skip?: string[] | null;
}

const RULE = z.object({
  weekdays: z
    .array(z.int().min(1).max(7))
    .min(1)
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'must not repeat a weekday')
    .describe('ISO weekdays, 1 (Monday) to 7 (Sunday), each at most once.'),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM, such as 18:00')
    .describe('`HH:MM`, local to the event\'s timezone.'),
  duration: RULES.eventDuration,
  capacity: RULES.capacity,
  from: RULES.localDate,
  until: RULES.localDate,
  skip: z.array(RULES.localDate).max(MAX_RULE_DAYS).nullish(),
});

const days = (from: string, until: string) => Math.round((Date.parse(until) - Date.parse(from)) / 86_400_000);

/** The local start of every day of the rule, in order: each listed weekday from `from` to `until`, less `skip`. */
export function ruleDays(rule: RecurrenceRule): string[] {
  const weekdays = new Set(rule.weekdays);
  const skip = new Set(rule.skip ?? []);
  const starts: string[] = [];
  for (let day = rule.from; day <= rule.until; day = addDays(day, 1)) {
    if (weekdays.has(isoWeekday(day)) && !skip.has(day)) starts.push(`${day}T${rule.time}:00`);
  }
  return starts;
}

/** The rule checked: BAD_USER_INPUT naming the field (`rule.weekdays[1]`, `rule.until`). */
function checkRule(rule: RecurrenceRule, today: string): void {
  checked(RULE, rule, 'rule');
  if (rule.from < today) throw new Invalid('rule.from', 'min', `must not be before today (${today})`);
  if (rule.until < rule.from) throw new Invalid('rule.until', 'min', 'must not be before from');
  if (days(rule.from, rule.until) >= MAX_RULE_DAYS) throw new Invalid('rule.until', 'max', `must be less than ${MAX_RULE_DAYS} days after from: add a longer timetable in more than one rule`);
}

/**
 * Adds the dates of a weekly rule to an event: each listed weekday at `time` local to the event's timezone,
 * so 18:00 stays 18:00 across a change of the clocks (a time the spring change skips moves forward by the
 * gap; one the autumn change repeats is its first occurrence). A start the event already has is not added
 * twice, and one already past is not added. Returns the new dates' ids, earliest first.
 */
export async function addRecurringDates(em: EntityManager, clock: Clock, companyId: string, eventId: string, rule: RecurrenceRule): Promise<string[]> {
  return inTransaction(em, companyId, async (tx) => {
    const event = await tx.findOne(Event, { id: eventId });
    if (!event) throw new NotFound('Event');
    const now = clock.now();
    checkRule(rule, localDate(now, event.timezone));
    if (event.archivedAt) throw new Conflict('The event is archived: unarchive it before adding dates');
    const starts = ruleDays(rule).map((local) => localToInstant(local, event.timezone));
    if (!starts.length) throw new Invalid('rule.weekdays', 'enum', `none of these weekdays falls between ${rule.from} and ${rule.until} outside skip`);
    const taken = await startsOfEvent(tx, companyId, event.id, starts[0]!, new Date(starts.at(-1)!.getTime() + 1));
    const ids: string[] = [];
    for (const startsAt of starts) {
      if (taken.has(startsAt.getTime()) || startsAt.getTime() <= now.getTime()) continue;
      const id = newId('eventDate', now.getTime());
      tx.create(EventDate, { id, company: companyId, event: key(companyId, event.id), startsAt, duration: rule.duration, capacity: rule.capacity, spacesBooked: 0 });
      ids.push(id);
    }
    await tx.flush();
    return ids;
  });
}

export interface EventDateChanges {
  capacity?: number | null;
  duration?: number | null;
}

const DATE_CHANGES = { capacity: RULES.capacity, duration: RULES.eventDuration };

async function lockedDate(tx: EntityManager, companyId: string, id: string): Promise<LockedDate> {
  const date = await lockEventDate(tx, companyId, id);
  if (!date) throw new NotFound('Event date');
  return date;
}

/**
 * Changes a date's capacity or length. A capacity below the spaces booked is CONFLICT (cancel bookings
 * first); more capacity books waiting customers at once, in line order. A cancelled date is not changed.
 */
export async function updateEventDate(em: EntityManager, clock: Clock, companyId: string, id: string, input: EventDateChanges): Promise<string> {
  const changes = checkFields(nullIsNotGiven({ ...input }, ['capacity', 'duration']), DATE_CHANGES) as { capacity?: number; duration?: number };
  if (changes.capacity === undefined && changes.duration === undefined) throw new Invalid('input', 'required', 'give capacity or duration');
  return inTransaction(em, companyId, async (tx) => {
    const date = await lockedDate(tx, companyId, id);
    if (date.cancelled) throw new Conflict('The event date is cancelled: it cannot be changed');
    if (changes.capacity !== undefined && changes.capacity < date.spacesBooked) {
      throw new Conflict(`${date.spacesBooked} spaces are booked on this event date: its capacity cannot go below that`, { spacesBooked: date.spacesBooked });
    }
    await setEventDateFields(tx, companyId, id, changes);
    touchedNow()?.add(id);
    if (changes.capacity !== undefined && changes.capacity > date.capacity) await promoteWaitlist(tx, clock, companyId, id);
    return id;
  });
}

/** `registration.cancelled` of a booking its date's cancellation cancelled. */
function announceCancelled(tx: EntityManager, companyId: string, date: LockedDate, booking: CancelledBooking): void {
  const paidWithPass = booking.paymentMethod === 'PASS' && booking.passPurchaseId !== null;
  emit(tx, companyId, 'registration.cancelled', {
    registrationId: registrationId(booking.id),
    customerId: booking.attendeeId,
    customerEmail: booking.attendeeEmail,
    customerName: booking.attendeeName,
    eventId: date.eventId,
    eventTitle: date.eventName,
    eventDate: date.startsAt.toISOString(),
    spots: booking.spaces,
    paymentMethod: booking.paymentMethod,
    passUsed: paidWithPass ? customerPassId(booking.passPurchaseId!) : null,
    creditsReturned: paidWithPass ? (booking.creditsUsed ?? 0) : 0,
    refunded: booking.refunded,
  });
}

/**
 * Cancels a date: every live booking on it is cancelled (pass credits go back; card payments are marked
 * refunded when `refund`), each sends `registration.cancelled`, its waitlist is CLOSED, and the date stays
 * listed, cancelled, taking no bookings. A date already cancelled, or with a booking whose attendance is
 * recorded (clear it first), is CONFLICT.
 */
export async function cancelEventDate(em: EntityManager, clock: Clock, companyId: string, id: string, refund: boolean): Promise<string> {
  return inTransaction(em, companyId, async (tx) => {
    const date = await lockedDate(tx, companyId, id);
    if (date.cancelled) throw new Conflict('The event date is already cancelled');
    const recorded = await bookingsWithAttendance(tx, companyId, id);
    if (recorded) {
      throw new Conflict(`${recorded} ${recorded === 1 ? 'booking' : 'bookings'} on this event date ${recorded === 1 ? 'has' : 'have'} attendance recorded: clear it before cancelling the date`);
    }
    const now = clock.now();
    const cancelled = await cancelDateAndBookings(tx, companyId, id, refund, now);
    for (const booking of cancelled) {
      if (booking.paymentMethod === 'PASS' && booking.passPurchaseId && booking.creditsUsed) {
        await returnCredits(tx, companyId, booking.passPurchaseId, booking.creditsUsed);
      }
      announceCancelled(tx, companyId, date, booking);
    }
    const closed = await closeWaitlist(tx, companyId, id, now);
    const touched = touchedNow();
    for (const record of [id, ...cancelled.map((b) => b.id), ...closed]) touched?.add(record);
    await tx.flush();
    return id;
  });
}
