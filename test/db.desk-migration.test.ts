/**
 * The one-email rule's migration (Migration20261129104300_desk) on a database that already holds customers
 * sharing an email: every customer is kept, the oldest of each group holds the email under the unique index,
 * and the others are marked `duplicate_email_kept` until their email changes.
 */
import { describe, expect, it } from '@jest/globals';
import { testOrm } from './support/db.ts';

describe('the one-email migration', () => {
  it('keeps customers that shared an email, marks all but the oldest, and enforces the rule from then on', async () => {
    const { orm, close } = await testOrm();
    try {
      await orm.migrator.down({ to: 'Migration20261128110000_v1_key_rotation' });
      const sql = orm.em.getConnection();
      await sql.execute(`insert into company (id, name, timezone, currency, created_at) values ('co_old', 'Old', 'Europe/London', 'GBP', now()), ('co_two', 'Two', 'Europe/London', 'GBP', now())`);
      const customer = (id: string, company: string, email: string, createdAt: string, deleted = false) =>
        sql.execute(`insert into customer (id, company_id, firstname, lastname, email, created_at, updated_at, deleted_at) values (?, ?, 'X', 'Y', ?, ?, now(), ?)`,
          [id, company, email, createdAt, deleted ? createdAt : null]);
      await customer('cust_first', 'co_old', 'ana@example.com', '2026-01-01T00:00:00Z');
      await customer('cust_second', 'co_old', 'ANA@example.com', '2026-02-01T00:00:00Z');
      await customer('cust_deleted', 'co_old', 'ana@example.com', '2025-01-01T00:00:00Z', true);
      await customer('cust_elsewhere', 'co_two', 'ana@example.com', '2026-03-01T00:00:00Z');
      await orm.migrator.up();
      expect(await sql.execute(`select id, duplicate_email_kept from customer order by id`)).toEqual([
        { id: 'cust_deleted', duplicate_email_kept: false },
        { id: 'cust_elsewhere', duplicate_email_kept: false },
        { id: 'cust_first', duplicate_email_kept: false },
        { id: 'cust_second', duplicate_email_kept: true },
      ]);
      await expect(customer('cust_third', 'co_old', 'Ana@Example.com', '2026-04-01T00:00:00Z')).rejects.toThrow(/customer_email_unique/);
      // The kept duplicate comes under the rule when its email changes to one that is free, or not.
      await sql.execute(`update customer set email = 'ana.two@example.com', duplicate_email_kept = false where id = 'cust_second'`);
      await expect(sql.execute(`update customer set email = 'ana@example.com' where id = 'cust_second'`)).rejects.toThrow(/customer_email_unique/);
    } finally {
      await close();
    }
  });
});
