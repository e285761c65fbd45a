/**
 * The statements of the schedule (src/domain/schedule.ts): an event date read under its row lock, which
 * every change of its spaces takes (bookings, cancellations, capacity, promotions from its waitlist), so
 * changes of one date are judged one after the other on every instance; and the set-wise cancellation of a
 * date's bookings.
 */
import type { EntityManager } from '@mikro-orm/postgresql';

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

/** The date `id` of the company, locked until the transaction ends; undefined when there is none. */
export async function lockEventDate(tx: EntityManager, companyId: string, id: string): Promise<LockedDate | undefined> {
  const [row] = await tx.execute<Record<string, unknown>[]>(
    `select d.id, d.event_id, e.name, e.kind, e.timezone, e.archived_at is not null as archived, d.starts_at, d.capacity, d.spaces_booked,
            d.cancelled_at is not null as cancelled
       from event_date d join event e on e.id = d.event_id
      where d.id = ? and d.company_id = ? for update of d`,
    [id, companyId],
  );
  if (!row) return undefined;
  return {
    id: row.id as string,
    eventId: row.event_id as string,
    eventName: row.name as string,
    eventKind: row.kind as LockedDate['eventKind'],
    timezone: row.timezone as string,
    archived: row.archived as boolean,
    startsAt: new Date(row.starts_at as string),
    capacity: row.capacity as number,
    spacesBooked: row.spaces_booked as number,
    cancelled: row.cancelled as boolean,
  };
}

/** The starts (epoch ms) of the event's dates from `from` to before `until`: dates a rule must not add twice. */
export async function startsOfEvent(tx: EntityManager, companyId: string, eventId: string, from: Date, until: Date): Promise<Set<number>> {
  const rows = await tx.execute<{ starts_at: string }[]>(
    'select starts_at from event_date where company_id = ? and event_id = ? and starts_at >= ? and starts_at < ?',
    [companyId, eventId, from, until],
  );
  return new Set(rows.map((row) => new Date(row.starts_at).getTime()));
}

/** Changes a date's capacity and length; the date's check refuses a capacity below the spaces booked. */
export async function setEventDateFields(tx: EntityManager, companyId: string, id: string, fields: { capacity?: number; duration?: number }): Promise<void> {
  await tx.execute(
    'update event_date set capacity = coalesce(?, capacity), duration = coalesce(?, duration) where id = ? and company_id = ?',
    [fields.capacity ?? null, fields.duration ?? null, id, companyId],
    'run',
  );
}

/** Live bookings of the date whose attendance is recorded: a date with any is not cancelled. */
export async function bookingsWithAttendance(tx: EntityManager, companyId: string, eventDateId: string): Promise<number> {
  const [row] = await tx.execute<{ count: string }[]>(
    'select count(*) as count from booking where company_id = ? and event_date_id = ? and not is_cancelled and attended is not null',
    [companyId, eventDateId],
  );
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

/**
 * Cancels every live booking of the date in one statement, card payments marked refunded when `refund`,
 * and marks the date cancelled holding no spaces. The caller holds the date's lock.
 */
export async function cancelDateAndBookings(tx: EntityManager, companyId: string, eventDateId: string, refund: boolean, at: Date): Promise<CancelledBooking[]> {
  const rows = await tx.execute<Record<string, unknown>[]>(
    `with cancelled as (
       update booking set is_cancelled = true, is_refunded = is_refunded or (? and payment_method = 'CARD')
        where company_id = ? and event_date_id = ? and not is_cancelled
        returning id, spaces, payment_method, credits_used, pass_purchase_id, is_refunded, attendee_id)
     select b.*, c.email, trim(c.firstname || ' ' || c.lastname) as name
       from cancelled b join customer c on c.id = b.attendee_id
      order by b.id`,
    [refund, companyId, eventDateId],
  );
  await tx.execute('update event_date set cancelled_at = ?, spaces_booked = 0 where id = ? and company_id = ?', [at, eventDateId, companyId], 'run');
  return rows.map((row) => ({
    id: row.id as string,
    spaces: row.spaces as number,
    paymentMethod: row.payment_method as CancelledBooking['paymentMethod'],
    creditsUsed: row.credits_used as number | null,
    passPurchaseId: row.pass_purchase_id as string | null,
    refunded: row.is_refunded as boolean,
    attendeeId: row.attendee_id as string,
    attendeeEmail: row.email as string,
    attendeeName: row.name as string,
  }));
}

/** Whether the attendee already holds a live booking on the date. */
export async function holdsLiveBooking(tx: EntityManager, companyId: string, eventDateId: string, attendeeId: string): Promise<boolean> {
  const [booked] = await tx.execute<{ id: string }[]>(
    'select id from booking where company_id = ? and event_date_id = ? and attendee_id = ? and not is_cancelled limit 1',
    [companyId, eventDateId, attendeeId],
  );
  return booked !== undefined;
}

/** Holds `spaces` more on a date that is not cancelled, never past its capacity; false when they do not fit. */
export async function holdSpaces(tx: EntityManager, companyId: string, eventDateId: string, spaces: number): Promise<boolean> {
  const held = await tx.execute<{ affectedRows: number }>(
    'update event_date set spaces_booked = spaces_booked + ? where id = ? and company_id = ? and spaces_booked + ? <= capacity and cancelled_at is null',
    [spaces, eventDateId, companyId, spaces],
    'run',
  );
  return held.affectedRows > 0;
}
