import { Migration } from '@mikro-orm/migrations';

/**
 * The desk (docs/customers.md, docs/lifecycles.md): how money owed was taken (card, cash, other) on appointments
 * and subscription charges; phone search by the digits a number ends with; one live customer per email in a
 * company, case-insensitively.
 *
 * Customers that already shared an email when this rule came are kept: the oldest of each group (by created_at,
 * then id) holds the email under the unique index, and the others are marked `duplicate_email_kept`, outside
 * it, until their email changes. The migration says how many it marked (a NOTICE); docs/customers.md shows the
 * query that lists them.
 */
export class Migration20261129104300_desk extends Migration {

  override name = 'Migration20261129104300_desk';

  override up(): void | Promise<void> {
    this.addSql(`alter table "appointment" add "settlement_method" text null, add "settled_at" timestamptz null;`);
    this.addSql(`alter table "appointment" add constraint "appointment_settlement_method_check" check ("settlement_method" in ('CARD', 'CASH', 'OTHER'));`);
    this.addSql(`alter table "subscription_charge" add "settlement_method" text null;`);
    this.addSql(`alter table "subscription_charge" add constraint "subscription_charge_settlement_method_check" check ("settlement_method" in ('CARD', 'CASH', 'OTHER'));`);

    this.addSql(`alter table "customer" add "duplicate_email_kept" boolean not null default false;`);
    this.addSql(`
      with ranked as (
        select id, row_number() over (partition by company_id, lower(email) order by created_at, id) as place
        from customer where deleted_at is null
      )
      update customer c set duplicate_email_kept = true from ranked r where r.id = c.id and r.place > 1;`);
    this.addSql(`
      do $$
      declare kept int;
      begin
        select count(*) into kept from customer where duplicate_email_kept;
        if kept > 0 then
          raise notice '% customers share their email with an older customer of their company: kept, marked duplicate_email_kept (docs/customers.md)', kept;
        end if;
      end $$;`);
    this.addSql(`create unique index "customer_email_unique" on "customer" ("company_id", (lower(email))) where deleted_at is null and not duplicate_email_kept;`);
    this.addSql(`create index "customer_phone_index" on "customer" ("company_id", (reverse(regexp_replace(coalesce(mobile, ''), '[^0-9]', '', 'g'))) text_pattern_ops) where deleted_at is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "customer_phone_index";`);
    this.addSql(`drop index if exists "customer_email_unique";`);
    this.addSql(`alter table "customer" drop column "duplicate_email_kept";`);
    this.addSql(`alter table "subscription_charge" drop constraint "subscription_charge_settlement_method_check";`);
    this.addSql(`alter table "subscription_charge" drop column "settlement_method";`);
    this.addSql(`alter table "appointment" drop constraint "appointment_settlement_method_check";`);
    this.addSql(`alter table "appointment" drop column "settlement_method", drop column "settled_at";`);
  }

}
