import { Migration } from '@mikro-orm/migrations';

/**
 * Event dates can be cancelled (kept, holding no bookings), and full dates keep a waitlist whose entries hold
 * their place in line (unique per date) and how they will pay (docs/lifecycles.md).
 */
export class Migration20261129105431_schedule_waitlist extends Migration {

  override name = 'Migration20261129105431_schedule_waitlist';

  override up(): void | Promise<void> {
    this.addSql(`create table "waitlist_entry" ("company_id" varchar(255) not null, "id" varchar(255) not null, "event_date_id" varchar(255) not null, "customer_id" varchar(255) not null, "pricing_option_id" varchar(255) not null, "spaces" int not null, "pay_with" text not null, "pass_purchase_id" varchar(255) null, "place" int not null, "status" text not null default 'WAITING', "booking_id" varchar(255) null, "skipped_reason" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("company_id", "id"));`);
    this.addSql(`create index "waitlist_entry_customer_id_index" on "waitlist_entry" ("customer_id");`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_place_unique" unique ("company_id", "event_date_id", "place");`);
    this.addSql(`create unique index "waitlist_entry_waiting_unique" on "waitlist_entry" ("company_id", "event_date_id", "customer_id") where status = 'WAITING';`);

    this.addSql(`alter table "event_date" add "cancelled_at" timestamptz null;`);
    this.addSql(`alter table "event_date" add constraint "event_date_cancelled_empty_check" check (cancelled_at is null or spaces_booked = 0);`);

    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_event_date_id_foreign" foreign key ("event_date_id") references "event_date" ("id") on delete cascade;`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_customer_id_foreign" foreign key ("customer_id") references "customer" ("id");`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_pricing_option_id_foreign" foreign key ("pricing_option_id") references "pricing_option" ("id") on delete cascade;`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_pass_purchase_id_foreign" foreign key ("pass_purchase_id") references "pass_purchase" ("id") on delete set null;`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_booking_id_foreign" foreign key ("booking_id") references "booking" ("id");`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_booking_check" check ((status = 'PROMOTED') = (booking_id is not null));`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_spaces_check" check (spaces >= 1);`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_place_check" check (place >= 1);`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_pay_with_check" check ("pay_with" in ('CARD', 'PASS'));`);
    this.addSql(`alter table "waitlist_entry" add constraint "waitlist_entry_status_check" check ("status" in ('WAITING', 'PROMOTED', 'LEFT', 'SKIPPED', 'CLOSED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "waitlist_entry" cascade;`);

    this.addSql(`alter table "event_date" drop constraint "event_date_cancelled_empty_check";`);
    this.addSql(`alter table "event_date" drop column "cancelled_at";`);
  }

}
