/**
 * The statements of waitlists (src/domain/waitlist.ts): places in line, the waiting entries of a date in
 * their order, the moves of an entry's status, and the rows the graph reads. Every write here runs while
 * its caller holds the event date's row lock (src/db/schedule.ts `lockEventDate`), so a line changes one
 * move at a time whichever instance makes it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WaitlistStatus } from './entities/index.ts';
import { db, sql, statement } from './query.ts';
import { EntityManagerRunner, isoInstant } from './reads.ts';

/** A waiting entry, as a promotion needs it. */
export interface WaitingEntry {
  id: string;
  customerId: string;
  pricingOptionId: string;
  spaces: number;
  payWith: 'CARD' | 'PASS';
  passPurchaseId: string | null;
  place: number;
}

/** The status of an entry in line: a literal, as the partial index waitlist_entry_waiting_unique says it. */
const WAITING = sql.lit('WAITING');

const NEXT_PLACE = statement('waitlist.nextPlace', (p: { companyId: string; eventDateId: string }) =>
  db
    .selectFrom('waitlist_entry')
    .select(sql<number>`coalesce(max(place), 0) + 1`.as('place'))
    .where('company_id', '=', p.companyId)
    .where('event_date_id', '=', p.eventDateId),
);

/** The place after the last one the date's line has given (places are never reused). */
export async function nextPlace(tx: EntityManager, companyId: string, eventDateId: string): Promise<number> {
  const row = await NEXT_PLACE.first(new EntityManagerRunner(tx), { companyId, eventDateId });
  return Number(row?.place ?? 1);
}

const WAITING_ENTRIES = statement('waitlist.waiting', (p: { companyId: string; eventDateId: string }) =>
  db
    .selectFrom('waitlist_entry')
    .select(['id', 'customer_id', 'pricing_option_id', 'spaces', 'pay_with', 'pass_purchase_id', 'place'])
    .where('company_id', '=', p.companyId)
    .where('event_date_id', '=', p.eventDateId)
    .where('status', '=', WAITING)
    .orderBy('place'),
);

/** The date's waiting entries, first in line first. */
export async function waitingEntries(tx: EntityManager, companyId: string, eventDateId: string): Promise<WaitingEntry[]> {
  const rows = await WAITING_ENTRIES.rows(new EntityManagerRunner(tx), { companyId, eventDateId });
  return rows.map((row) => ({
    id: row.id,
    customerId: row.customer_id,
    pricingOptionId: row.pricing_option_id,
    spaces: row.spaces,
    payWith: row.pay_with as WaitingEntry['payWith'],
    passPurchaseId: row.pass_purchase_id,
    place: row.place,
  }));
}

const ENTRY = statement('waitlist.entry', (p: { companyId: string; id: string }) =>
  db.selectFrom('waitlist_entry').select(['event_date_id', 'status']).where('company_id', '=', p.companyId).where('id', '=', p.id),
);

/** The entry's date and status, the date locked by the caller next. */
export async function entryOf(tx: EntityManager, companyId: string, id: string): Promise<{ eventDateId: string; status: WaitlistStatus } | undefined> {
  const row = await ENTRY.first(new EntityManagerRunner(tx), { companyId, id });
  return row && { eventDateId: row.event_date_id, status: row.status as WaitlistStatus };
}

const SETTLE = statement(
  'waitlist.settle',
  (p: { companyId: string; id: string; status: string; bookingId: string | null; reason: string | null; at: string }) =>
    db
      .updateTable('waitlist_entry')
      .set({ status: p.status, booking_id: p.bookingId, skipped_reason: p.reason, updated_at: p.at })
      .where('company_id', '=', p.companyId)
      .where('id', '=', p.id)
      .where('status', '=', WAITING)
      .returning('id'),
);

/** Moves a waiting entry to `status` (with its booking when PROMOTED, its reason when SKIPPED); false when it was not waiting. */
export async function settleEntry(
  tx: EntityManager,
  companyId: string,
  id: string,
  status: Exclude<WaitlistStatus, 'WAITING'>,
  at: Date,
  outcome: { bookingId?: string; reason?: string } = {},
): Promise<boolean> {
  const settled = await SETTLE.first(new EntityManagerRunner(tx), {
    companyId,
    id,
    status,
    bookingId: outcome.bookingId ?? null,
    reason: outcome.reason ?? null,
    at: at.toISOString(),
  });
  return settled !== undefined;
}

const CLOSE = statement('waitlist.close', (p: { companyId: string; eventDateId: string; at: string }) =>
  db
    .updateTable('waitlist_entry')
    .set({ status: sql.lit('CLOSED'), updated_at: p.at })
    .where('company_id', '=', p.companyId)
    .where('event_date_id', '=', p.eventDateId)
    .where('status', '=', WAITING)
    .returning('id'),
);

/** Closes every waiting entry of a cancelled date; their ids. */
export async function closeWaitlist(tx: EntityManager, companyId: string, eventDateId: string, at: Date): Promise<string[]> {
  const rows = await CLOSE.rows(new EntityManagerRunner(tx), { companyId, eventDateId, at: at.toISOString() });
  return rows.map((row) => row.id);
}

/**
 * The columns of a WaitlistEntryRow over `waitlist_entry w`. `position` counts the waiting entries up to this
 * one: 1 is next in line; null once the entry no longer waits.
 */
export const WAITLIST_ENTRY_COLUMNS = `w.id, w.event_date_id as "eventDateId", w.customer_id as "customerId", w.pricing_option_id as "pricingOptionId",
  w.spaces, w.pay_with as "payWith", w.pass_purchase_id as "passPurchaseId", w.place, w.status, w.booking_id as "bookingId",
  w.skipped_reason as "skippedReason", ${isoInstant('w.created_at')} as "createdAt", ${isoInstant('w.updated_at')} as "updatedAt",
  case when w.status = 'WAITING' then (select count(*)::int from waitlist_entry o
    where o.company_id = w.company_id and o.event_date_id = w.event_date_id and o.status = 'WAITING' and o.place <= w.place) end as position`;

/** Every entry of the dates `parentIds`: those waiting in line order, then the others in the order they joined. */
export const WAITLISTS_OF_DATES = statement('waitlist.ofDates', (p: { companyId: string; parentIds: readonly string[] }) =>
  sql<WaitlistEntryRow>`select ${sql.raw(WAITLIST_ENTRY_COLUMNS)} from waitlist_entry w
  where w.company_id = ${p.companyId} and w.event_date_id = any(${p.parentIds}::text[]) order by w.event_date_id, w.status <> 'WAITING', w.place`,
);

/** A waitlist entry as the graph reads it. */
export interface WaitlistEntryRow {
  id: string;
  eventDateId: string;
  customerId: string;
  pricingOptionId: string;
  spaces: number;
  payWith: 'CARD' | 'PASS';
  passPurchaseId: string | null;
  place: number;
  status: WaitlistStatus;
  bookingId: string | null;
  skippedReason: string | null;
  createdAt: string;
  updatedAt: string;
  position: number | null;
}
