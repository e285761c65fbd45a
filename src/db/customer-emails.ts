/**
 * One live customer per email in a company, case-insensitively (customer_email_unique, docs/customers.md):
 * the reads a writer of customers makes to find who holds an email before it writes.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';

const LOCK_EMAIL = statement('customerEmails.lock', (p: { companyId: string; email: string }) =>
  db.selectNoFrom(sql<void>`pg_advisory_xact_lock(hashtext(${p.companyId}), hashtext(lower(${p.email})))`.as('locked')),
);

/**
 * Makes writers of one email in one company wait for each other until the first commits, so the second
 * finds the first's customer (and can name it) rather than meeting the unique index. Held to the end of the
 * transaction.
 */
export async function lockEmail(em: EntityManager, companyId: string, email: string): Promise<void> {
  await LOCK_EMAIL.rows(new EntityManagerRunner(em), { companyId, email });
}

const HOLDER = statement('customerEmails.holder', (p: { companyId: string; email: string; exceptId: string }) =>
  db
    .selectFrom('customer')
    .select('id')
    .where('company_id', '=', p.companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(p.email)])))
    .where('deleted_at', 'is', null)
    .where('id', '<>', p.exceptId)
    .orderBy('duplicate_email_kept')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1),
);

/** The live (not deleted) customer other than `exceptId` whose email is `email` in any case; the rule's holder first. */
export async function holderOfEmail(em: EntityManager, companyId: string, email: string, exceptId: string | null): Promise<string | undefined> {
  const holder = await HOLDER.first(new EntityManagerRunner(em), { companyId, email, exceptId: exceptId ?? '' });
  return holder?.id;
}
