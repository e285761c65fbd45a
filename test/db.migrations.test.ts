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

  it('keep the first of two live bookings of one attendee on one event date and cancel the later, freeing its spaces and credits', async () => {
    const { orm, close } = await testOrm();
    try {
      await orm.migrator.down({ to: 'Migration20261123105243_console_users' });
      const sql = orm.em.getConnection();
      const run = (statement: string) => sql.execute(statement);
      await run(`insert into company (id, name, timezone, currency, created_at) values ('co_old', 'Old', 'Europe/London', 'GBP', now())`);
      for (const id of ['cust_grace', 'cust_ada']) {
        await run(`insert into customer (id, company_id, firstname, lastname, email, created_at, updated_at) values ('${id}', 'co_old', 'X', 'Y', '${id}@example.com', now(), now())`);
      }
      await run(`insert into event (id, company_id, name, kind, timezone, created_at, updated_at) values ('evt_y', 'co_old', 'Yoga', 'SCHEDULE', 'Europe/London', now(), now())`);
      await run(`insert into event_date (id, company_id, event_id, starts_at, duration, capacity, spaces_booked) values
        ('date_1', 'co_old', 'evt_y', now(), 60, 10, 6), ('date_2', 'co_old', 'evt_y', now(), 60, 10, 1)`);
      await run(`insert into pricing_option (id, company_id, event_id, name, base100_price, credits) values ('po-y', 'co_old', 'evt_y', 'Drop-in', 1000, 1)`);
      await run(`insert into pass_template (id, company_id, name, credits, validity_days, base100_price, created_at, updated_at) values ('pass_5', 'co_old', '5', 5, 90, 4000, now(), now())`);
      await run(`insert into pass_purchase (id, company_id, customer_id, template_id, credits_allocated, credits_consumed, created_at, starts, expires, currency, base100_gross_price, base100_net_price)
        values ('package_g', 'co_old', 'cust_grace', 'pass_5', 5, 2, now(), '2026-11-01', '2027-01-01', 'GBP', 4000, 4000)`);
      const transaction = async (id: string, customer: string, at: string) =>
        run(`insert into event_transaction (id, company_id, customer_id, purchased_at, created_at) values ('${id}', 'co_old', '${customer}', '${at}', now())`);
      await transaction('txn_1', 'cust_grace', '2026-11-01T10:00:00Z');
      await transaction('txn_2', 'cust_grace', '2026-11-02T10:00:00Z');
      await transaction('txn_3', 'cust_ada', '2026-11-03T10:00:00Z');
      const booking = (id: string, txn: string, date: string, spaces: number, boughtFor: string | null, pass: boolean) =>
        run(`insert into booking (id, company_id, transaction_id, event_date_id, pricing_option_id, spaces, bought_for_id, payment_method, currency, base100_gross_price, base100_net_price, credits_used, pass_purchase_id)
          values ('${id}', 'co_old', '${txn}', '${date}', 'po-y', ${spaces}, ${boughtFor ? `'${boughtFor}'` : 'null'}, ${pass ? `'PASS', 'CR', null, null, ${spaces}, 'package_g'` : `'CARD', 'GBP', 1000, 1000, null, null`})`);
      // Grace on date_1: 1 space by card, then 2 spaces with her pass, then 3 bought for her by Ada; on date_2 once.
      await booking('booking_first', 'txn_1', 'date_1', 1, null, false);
      await booking('booking_second', 'txn_2', 'date_1', 2, null, true);
      await booking('booking_for_her', 'txn_3', 'date_1', 3, 'cust_grace', false);
      await booking('booking_other_date', 'txn_2', 'date_2', 1, null, false);
      await orm.migrator.up();
      const bookings = await sql.execute<{ id: string; attendee_id: string; is_cancelled: boolean; is_refunded: boolean }[]>(
        `select id, attendee_id, is_cancelled, is_refunded from booking order by id`);
      expect(bookings).toEqual([
        { id: 'booking_first', attendee_id: 'cust_grace', is_cancelled: false, is_refunded: false },
        { id: 'booking_for_her', attendee_id: 'cust_grace', is_cancelled: true, is_refunded: false },
        { id: 'booking_other_date', attendee_id: 'cust_grace', is_cancelled: false, is_refunded: false },
        { id: 'booking_second', attendee_id: 'cust_grace', is_cancelled: true, is_refunded: false },
      ]);
      expect(await sql.execute(`select id, spaces_booked from event_date order by id`)).toEqual([{ id: 'date_1', spaces_booked: 1 }, { id: 'date_2', spaces_booked: 1 }]);
      expect(await sql.execute(`select credits_consumed from pass_purchase`)).toEqual([{ credits_consumed: 0 }]);
      await expect(run(`insert into booking (id, company_id, transaction_id, event_date_id, pricing_option_id, spaces, bought_for_id, attendee_id, payment_method, currency, base100_gross_price, base100_net_price)
        values ('booking_again', 'co_old', 'txn_3', 'date_2', 'po-y', 1, 'cust_grace', 'cust_grace', 'CARD', 'GBP', 1000, 1000)`)).rejects.toThrow(/booking_live_attendee_unique/);
    } finally {
      await close();
    }
  });
});
