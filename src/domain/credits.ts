/**
 * Pass credits. Drawing is one conditional UPDATE on the pass purchase row: it succeeds only while the
 * purchase has started, has not expired, is not cancelled and still has the credits, so concurrent
 * bookings can never take a pass below zero (the row lock serialises them; the check constraint backs it).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Conflict, Invalid, NotFound } from './errors.ts';

interface Usable {
  id: string;
}

const DRAW = `update pass_purchase set credits_consumed = credits_consumed + ?
  where id = ? and company_id = ? and customer_id = ? and not is_cancelled and starts <= ? and expires >= ?
    and credits_consumed + ? <= credits_allocated
  returning id`;

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
  const draw = async (id: string) =>
    (await tx.execute<Usable[]>(DRAW, [credits, id, companyId, customerId, today, today, credits], 'all')).length > 0;
  if (packageId) {
    if (await draw(packageId)) return packageId;
    const [pass] = await tx.execute<{ customer_id: string; is_cancelled: boolean; starts: string; expires: string }[]>(
      'select customer_id, is_cancelled, starts::text, expires::text from pass_purchase where id = ? and company_id = ?',
      [packageId, companyId],
    );
    if (!pass || pass.customer_id !== customerId) throw new NotFound('Pass purchase');
    if (pass.is_cancelled) throw new Invalid('packageId', 'enum', 'the pass purchase is cancelled');
    if (pass.starts > today) throw new Invalid('packageId', 'min', `the pass purchase starts on ${pass.starts}`);
    if (pass.expires < today) throw new Invalid('packageId', 'max', `the pass purchase expired on ${pass.expires}`);
    throw new Conflict(`Not enough credits left on ${packageId}`);
  }
  const candidates = await tx.execute<Usable[]>(
    `select id from pass_purchase where company_id = ? and customer_id = ? and not is_cancelled and starts <= ? and expires >= ?
       and credits_allocated - credits_consumed >= ? order by expires, id`,
    [companyId, customerId, today, today, credits],
  );
  for (const { id } of candidates) if (await draw(id)) return id;
  throw new Conflict('No valid pass with enough credits');
}

/** Gives credits back to a pass purchase (a cancelled booking or appointment paid with them). */
export async function returnCredits(tx: EntityManager, companyId: string, packageId: string, credits: number): Promise<void> {
  await tx.execute(
    'update pass_purchase set credits_consumed = greatest(credits_consumed - ?, 0) where id = ? and company_id = ?',
    [credits, packageId, companyId],
    'run',
  );
}
