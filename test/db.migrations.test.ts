import { describe, expect, it } from '@jest/globals';
import { testOrm } from './support/db.ts';

describe('migrations', () => {
  it('leave no pending difference against the entities', async () => {
    const { orm, close } = await testOrm();
    try {
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
      expect(diff.trim()).toBe('');
      expect(await orm.migrator.getPending()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('give events that were there before a kind from their dates: more than one is a schedule', async () => {
    const { orm, close } = await testOrm();
    try {
      await orm.migrator.down({ to: 'Migration20261121154656_audit_operation' });
      const sql = orm.em.getConnection();
      await sql.execute(`insert into company (id, name, timezone, currency, created_at) values ('co_old', 'Old', 'Europe/London', 'GBP', now())`);
      for (const [event, count] of [['evt_none', 0], ['evt_once', 1], ['evt_weekly', 3]] as const) {
        await sql.execute(`insert into event (id, company_id, name, timezone, created_at, updated_at) values (?, 'co_old', ?, 'Europe/London', now(), now())`, [event, event]);
        for (let i = 0; i < count; i++) {
          await sql.execute(`insert into event_date (id, company_id, event_id, starts_at, duration, capacity) values (?, 'co_old', ?, now(), 60, 5)`, [`date_${event}_${i}`, event]);
        }
      }
      await orm.migrator.up();
      const kinds = await sql.execute<{ id: string; kind: string }[]>(`select id, kind from event order by id`);
      expect(kinds).toEqual([{ id: 'evt_none', kind: 'ONE_OFF' }, { id: 'evt_once', kind: 'ONE_OFF' }, { id: 'evt_weekly', kind: 'SCHEDULE' }]);
    } finally {
      await close();
    }
  });
});
