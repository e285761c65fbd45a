/** The statements of event bookings (src/domain/booking.ts): a conditional cancel, spaces given back, a booking locked to mark attendance. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';

const FREE = statement('bookings.freeSpaces', (p: { companyId: string; eventDateId: string; spaces: number }) =>
  db.updateTable('event_date').set({ spaces_booked: sql`spaces_booked - ${p.spaces}` }).where('id', '=', p.eventDateId).where('company_id', '=', p.companyId),
);

export async function freeSpaces(em: EntityManager, companyId: string, eventDateId: string, spaces: number): Promise<void> {
  await FREE.rows(new EntityManagerRunner(em), { companyId, eventDateId, spaces });
}

const CANCEL = statement('bookings.cancel', (p: { companyId: string; id: string; refund: boolean }) =>
  db
    .updateTable('booking')
    .set({ is_cancelled: true, is_refunded: sql`is_refunded or ${p.refund}` })
    .where('id', '=', p.id)
    .where('company_id', '=', p.companyId)
    .where('is_cancelled', '=', false)
    .where('attended', 'is', null)
    .returning(['spaces', 'event_date_id', 'credits_used', 'pass_purchase_id']),
);

/** Cancels the booking if it is live and its attendance is not recorded: what it held; undefined when it was not. */
export function cancelLiveBooking(em: EntityManager, companyId: string, id: string, refund: boolean) {
  return CANCEL.first(new EntityManagerRunner(em), { companyId, id, refund });
}

const LOCK_FOR_ATTENDANCE = statement('bookings.lockForAttendance', (p: { companyId: string; id: string }) =>
  db
    .selectFrom('booking as b')
    .innerJoin('event_date as d', 'd.id', 'b.event_date_id')
    .innerJoin('event as e', 'e.id', 'd.event_id')
    .select(['b.is_cancelled', 'd.starts_at', 'e.timezone'])
    .where('b.id', '=', p.id)
    .where('b.company_id', '=', p.companyId)
    .forUpdate('b'),
);

/** Locks the booking: whether it is cancelled, and when its event date starts, in which zone. */
export function lockBookingForAttendance(em: EntityManager, companyId: string, id: string) {
  return LOCK_FOR_ATTENDANCE.first(new EntityManagerRunner(em), { companyId, id });
}

const ATTENDED = statement('bookings.setAttended', (p: { companyId: string; id: string; attended: boolean | null }) =>
  db.updateTable('booking').set({ attended: p.attended }).where('id', '=', p.id).where('company_id', '=', p.companyId),
);

export async function setAttended(em: EntityManager, companyId: string, id: string, attended: boolean | null): Promise<void> {
  await ATTENDED.rows(new EntityManagerRunner(em), { companyId, id, attended });
}
