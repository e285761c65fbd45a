/**
 * One live customer per email in a company, case-insensitively (customer_email_unique, docs/customers.md):
 * the reads a writer of customers makes to find who holds an email before it writes.
 */
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Makes writers of one email in one company wait for each other until the first commits, so the second
 * finds the first's customer (and can name it) rather than meeting the unique index. Held to the end of the
 * transaction.
 */
export async function lockEmail(em: EntityManager, companyId: string, email: string): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?), hashtext(lower(?)))', [companyId, email]);
}

/** The live (not deleted) customer other than `exceptId` whose email is `email` in any case; the rule's holder first. */
export async function holderOfEmail(em: EntityManager, companyId: string, email: string, exceptId: string | null): Promise<string | undefined> {
  const [holder] = await em.execute<{ id: string }[]>(
    `select id from customer where company_id = ? and lower(email) = lower(?) and deleted_at is null and id <> ?
      order by duplicate_email_kept, created_at, id limit 1`,
    [companyId, email, exceptId ?? ''],
  );
  return holder?.id;
}
