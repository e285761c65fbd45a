/**
 * The company-keys migration on an existing database: a copy of the bench company (the same generator, fewer
 * customers) made at the schema before it keeps every row and every id, and comes out with the keys the
 * catalog check (test/db.keys.test.ts) asks for. `npm run bench:keys-migration` runs it at full size.
 */
import { describe, expect, it } from '@jest/globals';
import { moveAcross } from '../bench/keys-migration.ts';
import { testOrm } from './support/db.ts';

describe('the company-keys migration', () => {
  it('moves a copy of the bench company: every row and id kept, every key of a tenant table with its company', async () => {
    const { orm, close } = await testOrm();
    try {
      const moved = await moveAcross(orm, 120);
      expect(moved.before.customer).toBe(120);
      expect(moved.before.booking).toBeGreaterThan(500);
      expect(moved.after).toEqual(moved.before);
      expect(moved.sameIds).toBe(true);
      const sql = orm.em.getConnection();
      const keys = await sql.execute<{ table: string; key: string }[]>(
        `select conrelid::regclass::text as table, pg_get_constraintdef(oid) as key from pg_constraint
          where conrelid in ('customer'::regclass, 'booking'::regclass) and contype = 'p' order by 1`,
      );
      expect(keys).toEqual([
        { table: 'booking', key: 'PRIMARY KEY (id, company_id)' },
        { table: 'customer', key: 'PRIMARY KEY (id, company_id)' },
      ]);
    } finally {
      await close();
    }
  });
});
