/** The statements of appointment writes (src/domain/appointments.ts) that the entities cannot say: clashes, locks, a conditional cancel. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';

/** Minutes an appointment holds past its end: its own buffer, as booked (blocked_until). */
const HELD_AFTER = sql<number>`round(extract(epoch from a.blocked_until - a.starts_at) / 60)::int - a.duration_minutes`;

const CLASH = statement(
  'appointments.clash',
  (p: { companyId: string; facilitatorId: string; movingId: string; startsAt: string; durationMinutes: number; bufferMinutes: number }) =>
    db
      .selectFrom('appointment as a')
      .select('a.id')
      .where('a.company_id', '=', p.companyId)
      .where('a.facilitator_id', '=', p.facilitatorId)
      .where('a.status', '<>', 'CANCELLED')
      .where('a.id', '<>', p.movingId)
      .where(sql<boolean>`a.starts_at < ${p.startsAt}::timestamptz + make_interval(mins => ${p.durationMinutes} + greatest(${p.bufferMinutes}, ${HELD_AFTER}))`)
      .where(sql<boolean>`greatest(a.blocked_until, a.starts_at + make_interval(mins => a.duration_minutes + ${p.bufferMinutes})) > ${p.startsAt}::timestamptz`)
      .limit(1),
);

/**
 * An appointment of the facilitator that is not cancelled and whose time, with the buffers on either side
 * (the larger of the two between neighbours), meets [startsAt, + durationMinutes); `movingId` is left out.
 */
export async function clashingAppointment(
  em: EntityManager,
  clash: { companyId: string; facilitatorId: string; movingId: string | null; startsAt: Date; durationMinutes: number; bufferMinutes: number },
): Promise<string | undefined> {
  const row = await CLASH.first(new EntityManagerRunner(em), { ...clash, movingId: clash.movingId ?? '', startsAt: clash.startsAt.toISOString() });
  return row?.id;
}

const LOCK_FACILITATOR = statement('appointments.lockFacilitator', (p: { companyId: string; id: string }) =>
  db.selectFrom('facilitator').select('id').where('id', '=', p.id).where('company_id', '=', p.companyId).forNoKeyUpdate(),
);

/**
 * Locks the facilitator's row, so bookings and moves of their appointments wait for each other; false when
 * the company has no such facilitator. FOR NO KEY UPDATE: the foreign-key checks of appointments being
 * written still pass beside it.
 */
export async function lockFacilitator(em: EntityManager, companyId: string, id: string): Promise<boolean> {
  return (await LOCK_FACILITATOR.first(new EntityManagerRunner(em), { companyId, id })) !== undefined;
}

const CANCEL = statement('appointments.cancel', (p: { companyId: string; id: string }) =>
  db
    .updateTable('appointment')
    .set({ status: 'CANCELLED' })
    .where('id', '=', p.id)
    .where('company_id', '=', p.companyId)
    .where('status', '=', 'SCHEDULED')
    .returning(['credits_used', 'pass_purchase_id']),
);

/** Cancels the appointment if it is SCHEDULED: the credits it was paid with; undefined when it was not. */
export function cancelScheduledAppointment(em: EntityManager, companyId: string, id: string) {
  return CANCEL.first(new EntityManagerRunner(em), { companyId, id });
}
