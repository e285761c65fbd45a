/**
 * Pass credits drawn and given back (src/domain/credits.ts): one conditional UPDATE of the pass purchase
 * row, which succeeds only while the purchase has started, has not expired, is not cancelled and still has
 * the credits, so concurrent bookings never take a pass below zero.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';

interface Draw {
  companyId: string;
  customerId: string;
  credits: number;
  /** The local date of the company, `YYYY-MM-DD`. */
  today: string;
}

const DRAW = statement('passCredits.draw', (p: Draw & { id: string }) =>
  db
    .updateTable('pass_purchase')
    .set({ credits_consumed: sql`credits_consumed + ${p.credits}` })
    .where('id', '=', p.id)
    .where('company_id', '=', p.companyId)
    .where('customer_id', '=', p.customerId)
    .where('is_cancelled', '=', false)
    .where('starts', '<=', p.today)
    .where('expires', '>=', p.today)
    .where(sql<boolean>`credits_consumed + ${p.credits} <= credits_allocated`)
    .returning('id'),
);

/** Draws the credits from the pass purchase `id`; false when it cannot give them now. */
export async function drawFrom(em: EntityManager, id: string, draw: Draw): Promise<boolean> {
  return (await DRAW.first(new EntityManagerRunner(em), { ...draw, id })) !== undefined;
}

const PASS = statement('passCredits.pass', (p: { companyId: string; id: string }) =>
  db.selectFrom('pass_purchase').select(['customer_id', 'is_cancelled', 'starts', 'expires']).where('id', '=', p.id).where('company_id', '=', p.companyId),
);

/** What says why a pass purchase could not give credits. */
export function passPurchaseState(em: EntityManager, companyId: string, id: string) {
  return PASS.first(new EntityManagerRunner(em), { companyId, id });
}

const USABLE = statement('passCredits.usable', (p: Draw) =>
  db
    .selectFrom('pass_purchase')
    .select('id')
    .where('company_id', '=', p.companyId)
    .where('customer_id', '=', p.customerId)
    .where('is_cancelled', '=', false)
    .where('starts', '<=', p.today)
    .where('expires', '>=', p.today)
    .where(sql<boolean>`credits_allocated - credits_consumed >= ${p.credits}`)
    .orderBy('expires')
    .orderBy('id'),
);

/** The customer's passes that could give the credits today, the one that expires first first. */
export async function usablePasses(em: EntityManager, draw: Draw): Promise<string[]> {
  return (await USABLE.rows(new EntityManagerRunner(em), draw)).map((row) => row.id);
}

const RETURN = statement('passCredits.return', (p: { companyId: string; id: string; credits: number }) =>
  db
    .updateTable('pass_purchase')
    .set({ credits_consumed: sql`greatest(credits_consumed - ${p.credits}, 0)` })
    .where('id', '=', p.id)
    .where('company_id', '=', p.companyId),
);

export async function giveBackCredits(em: EntityManager, companyId: string, id: string, credits: number): Promise<void> {
  await RETURN.rows(new EntityManagerRunner(em), { companyId, id, credits });
}
