/**
 * Pass credits. Drawing is one conditional UPDATE on the pass purchase row: it succeeds only while the
 * purchase has started, has not expired, is not cancelled and still has the credits, so concurrent
 * bookings can never take a pass below zero (the row lock serialises them; the check constraint backs it).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { drawFrom, giveBackCredits, passPurchaseState, usablePasses } from '../db/pass-credits.ts';

/**
 * Draws `credits` for `customerId` from `packageId`, or, when none is named, from the customer's usable
 * pass that expires first. Returns the pass purchase id.
 */
export async function drawCredits(
  tx: EntityManager,
  companyId: string,
  customerId: string,
  credits: number,
  today: string,
  packageId?: string | null,
): Promise<string> {
  const wanted = { companyId, customerId, credits, today };
  const draw = (id: string) => drawFrom(tx, id, wanted);
  if (packageId) {
    if (await draw(packageId)) return packageId;
    const pass = await passPurchaseState(tx, companyId, packageId);
    if (!pass || pass.customer_id !== customerId) throw new NotFound('Pass purchase');
    if (pass.is_cancelled) throw new Invalid('packageId', 'enum', 'the pass purchase is cancelled');
    if (pass.starts > today) throw new Invalid('packageId', 'min', `the pass purchase starts on ${pass.starts}`);
    if (pass.expires < today) throw new Invalid('packageId', 'max', `the pass purchase expired on ${pass.expires}`);
    throw new Conflict(`Not enough credits left on ${packageId}`);
  }
  for (const id of await usablePasses(tx, wanted)) if (await draw(id)) return id;
  throw new Conflict('No valid pass with enough credits');
}

/** Gives credits back to a pass purchase (a cancelled booking or appointment paid with them). */
export async function returnCredits(tx: EntityManager, companyId: string, packageId: string, credits: number): Promise<void> {
  await giveBackCredits(tx, companyId, packageId, credits);
}
