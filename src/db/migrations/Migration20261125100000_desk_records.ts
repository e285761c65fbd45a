import { Migration } from '@mikro-orm/migrations';

/**
 * What the desk records: a booking's attendee (held to one live booking per event date) and attendance,
 * the voucher of a video purchase, and the appointment a note was written for.
 *
 * A database may already hold two live bookings of one attendee on one event date. The later ones (by
 * purchase time, then id) are cancelled here as cancelBooking cancels: their spaces are freed and the credits
 * they were paid with go back to the pass. They stay in the register and the customer's history, cancelled
 * and not refunded, for staff to settle. Failing instead would stop the service at start with no way to
 * repair it but hand-written SQL.
 */
export class Migration20261125100000_desk_records extends Migration {

  override name = 'Migration20261125100000_desk_records';

  override up(): void | Promise<void> {
    this.addSql(`alter table "booking" add "attendee_id" varchar(255) null, add "attended" boolean null;`);
    this.addSql(`update "booking" b set "attendee_id" = coalesce(b.bought_for_id, t.customer_id) from "event_transaction" t where t.id = b.transaction_id;`);
    this.addSql(`with ranked as (
        select b.id, row_number() over (partition by b.event_date_id, b.attendee_id order by t.purchased_at, b.id) as n
        from "booking" b join "event_transaction" t on t.id = b.transaction_id
        where not b.is_cancelled
      ), cancelled as (
        update "booking" b set is_cancelled = true from ranked r where r.id = b.id and r.n > 1
        returning b.event_date_id, b.spaces, b.credits_used, b.pass_purchase_id
      ), freed as (
        update "event_date" d set spaces_booked = d.spaces_booked - c.spaces
        from (select event_date_id, sum(spaces)::int as spaces from cancelled group by 1) c where d.id = c.event_date_id
      )
      update "pass_purchase" p set credits_consumed = greatest(p.credits_consumed - c.credits, 0)
      from (select pass_purchase_id, sum(credits_used)::int as credits from cancelled where pass_purchase_id is not null group by 1) c
      where p.id = c.pass_purchase_id;`);
    this.addSql(`alter table "booking" alter column "attendee_id" set not null;`);
    this.addSql(`alter table "booking" add constraint "booking_attendee_id_foreign" foreign key ("attendee_id") references "customer" ("id");`);
    this.addSql(`create unique index "booking_live_attendee_unique" on "booking" ("event_date_id", "attendee_id") where not is_cancelled;`);
    this.addSql(`alter table "booking" add constraint "booking_attendee_check" check (bought_for_id is null or attendee_id = bought_for_id);`);

    this.addSql(`alter table "video_purchase" add "voucher_id" varchar(255) null;`);
    this.addSql(`alter table "video_purchase" add constraint "video_purchase_voucher_id_foreign" foreign key ("voucher_id") references "voucher" ("id") on delete set null;`);

    this.addSql(`alter table "note" add "appointment_id" varchar(255) null;`);
    this.addSql(`alter table "note" add constraint "note_appointment_id_foreign" foreign key ("appointment_id") references "appointment" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "note" drop constraint "note_appointment_id_foreign";`);
    this.addSql(`alter table "note" drop column "appointment_id";`);
    this.addSql(`alter table "video_purchase" drop constraint "video_purchase_voucher_id_foreign";`);
    this.addSql(`alter table "video_purchase" drop column "voucher_id";`);
    this.addSql(`alter table "booking" drop constraint "booking_attendee_check";`);
    this.addSql(`drop index "booking_live_attendee_unique";`);
    this.addSql(`alter table "booking" drop constraint "booking_attendee_id_foreign";`);
    this.addSql(`alter table "booking" drop column "attendee_id", drop column "attended";`);
  }

}
