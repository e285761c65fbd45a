/** The invariants the database itself enforces, whatever the application code does. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { freshDatabase, type TestDatabase } from './support/db.ts';

let db: TestDatabase;
let sql: pg.Client;

const insertAppointment = (id: string, start: string, minutes: number, bufferMinutes: number, status = 'SCHEDULED') =>
  sql.query(
    `insert into appointment (id, company_id, customer_id, service_id, option_name, facilitator_id, starts_at,
       duration_minutes, blocked_until, tz, status, notes, created_at, payment_method, currency, base100_price_paid, payment_status)
     values ($1, 'co_a', 'cust_a', 'svc_a', '60 min', 'fac_a', $2::timestamptz, $3::int,
       $2::timestamptz + make_interval(mins => $3::int + $4::int), 'Europe/London', $5, '', now(), 'CARD', 'GBP', 5000, 'PAID')`,
    [id, start, minutes, bufferMinutes, status],
  );

beforeAll(async () => {
  db = await freshDatabase();
  sql = new pg.Client(db.url);
  await sql.connect();
  await sql.query(`
    insert into company (id, name, timezone, currency, created_at) values ('co_a', 'A', 'Europe/London', 'GBP', now());
    insert into customer (id, company_id, firstname, lastname, email, archived, created_at, updated_at)
      values ('cust_a', 'co_a', 'Ada', 'L', 'ada@example.com', false, now(), now());
    insert into facilitator (id, company_id, name, timezone) values ('fac_a', 'co_a', 'Jo', 'Europe/London');
    insert into service (id, company_id, name, buffer_minutes, active) values ('svc_a', 'co_a', 'Massage', 15, true);
    insert into pass_template (id, company_id, name, credits, validity_days, base100_price, active, created_at, updated_at)
      values ('pass_a', 'co_a', '5 classes', 5, 30, 4000, true, now(), now());
    insert into pass_purchase (id, company_id, customer_id, template_id, credits_allocated, credits_consumed, created_at,
      starts, expires, currency, base100_gross_price, base100_net_price)
      values ('package_a', 'co_a', 'cust_a', 'pass_a', 5, 0, now(), '2026-11-01', '2026-12-01', 'GBP', 4000, 4000);`);
  await insertAppointment('appt_first', '2026-12-07T10:00:00Z', 60, 15);
});

afterAll(async () => {
  await sql.end();
  await db.drop();
});

describe('appointments of one facilitator', () => {
  it('refuses a live appointment that overlaps another', async () => {
    await expect(insertAppointment('appt_overlap', '2026-12-07T10:30:00Z', 60, 15)).rejects.toThrow(/appointment_no_overlap/);
  });

  it("refuses one that starts inside the other's buffer", async () => {
    await expect(insertAppointment('appt_in_buffer', '2026-12-07T11:10:00Z', 30, 15)).rejects.toThrow(/appointment_no_overlap/);
  });

  it('accepts one that starts when the buffer ends', async () => {
    await expect(insertAppointment('appt_after_buffer', '2026-12-07T11:15:00Z', 30, 0)).resolves.toBeDefined();
  });

  it('accepts one that overlaps only a cancelled appointment', async () => {
    await insertAppointment('appt_cancelled', '2026-12-08T10:00:00Z', 60, 15, 'CANCELLED');
    await expect(insertAppointment('appt_over_cancelled', '2026-12-08T10:00:00Z', 60, 15)).resolves.toBeDefined();
  });

  it('refuses to revive a cancelled appointment into an overlap', async () => {
    await expect(sql.query(`update appointment set status = 'SCHEDULED' where id = 'appt_cancelled'`)).rejects.toThrow(/appointment_no_overlap/);
  });
});

describe('pass purchase credits', () => {
  it('cannot be consumed beyond the allocation', async () => {
    await expect(sql.query(`update pass_purchase set credits_consumed = 6 where id = 'package_a'`)).rejects.toThrow(/pass_purchase_credits_check/);
  });

  it('cannot go below zero', async () => {
    await expect(sql.query(`update pass_purchase set credits_consumed = -1 where id = 'package_a'`)).rejects.toThrow(/pass_purchase_credits_check/);
  });

  it('can be consumed up to the allocation', async () => {
    await expect(sql.query(`update pass_purchase set credits_consumed = 5 where id = 'package_a'`)).resolves.toBeDefined();
  });
});

describe('checks', () => {
  it.each([
    ['a negative price', `insert into pass_template (id, company_id, name, credits, validity_days, base100_price, active, created_at, updated_at) values ('pass_neg', 'co_a', 'x', 1, 1, -1, true, now(), now())`, /base100_price_check/],
    ['an unknown currency', `insert into company (id, name, timezone, currency, created_at) values ('co_x', 'X', 'UTC', 'JPY', now())`, /currency_check/],
    ['an unknown appointment status', `update appointment set status = 'LOST' where id = 'appt_first'`, /status_check/],
    ['a PASS payment priced in money', `update appointment set payment_method = 'PASS' where id = 'appt_first'`, /appointment_payment_check/],
    ['a reference to a missing customer', `insert into note (id, company_id, customer_id, body, created_at) values ('note_x', 'co_a', 'cust_missing', 'x', now())`, /foreign key/],
  ])('refuses %s', async (_name, statement, error) => {
    await expect(sql.query(statement)).rejects.toThrow(error);
  });
});
