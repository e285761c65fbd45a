/**
 * Subscriptions run on the clock (docs/subscriptions.md): plans get grace days and a minimum term, mandates an
 * anchor date, an end date, a CANCELLED state and one live mandate per customer and plan, and each period's
 * charge is a row of its own, one per mandate and period start.
 */
import { Migration } from '@mikro-orm/migrations';

export class Migration20261125200000_subscriptions extends Migration {

  override name = 'Migration20261125200000_subscriptions';

  override up(): void | Promise<void> {
    this.addSql(`create table "subscription_charge" ("id" varchar(255) not null, "company_id" varchar(255) not null, "mandate_id" varchar(255) not null, "period_start" date not null, "period_end" date not null, "base100_amount" int not null, "currency" text not null, "status" text not null, "created_at" timestamptz not null, "settled_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "subscription_charge" add constraint "subscription_charge_period_unique" unique ("mandate_id", "period_start");`);

    this.addSql(`alter table "subscription_plan" add "grace_days" int not null default 7, add "minimum_term_periods" int not null default 1;`);
    this.addSql(`alter table "subscription_plan" add constraint "subscription_plan_grace_days_check" check (grace_days >= 0);`);
    this.addSql(`alter table "subscription_plan" add constraint "subscription_plan_minimum_term_periods_check" check (minimum_term_periods >= 1);`);

    this.addSql(`alter table "mandate" drop constraint "mandate_state_check";`);
    this.addSql(`alter table "mandate" add "anchor_date" date null, add "cancel_at" date null, add "cancelled_at" timestamptz null, add "paused_at" timestamptz null;`);
    // Mandates made before this had no anchor: their next renewal date is the day they keep from now on.
    this.addSql(`update "mandate" set "anchor_date" = "renewal_date";`);
    this.addSql(`alter table "mandate" alter column "anchor_date" set not null;`);
    this.addSql(`create unique index "mandate_live_unique" on "mandate" ("customer_id", "plan_id") where state <> 'CANCELLED';`);
    this.addSql(`alter table "mandate" add constraint "mandate_state_check" check ("state" in ('ACTIVE', 'PAUSED', 'SUSPENDED', 'CANCELLED'));`);

    this.addSql(`alter table "subscription_charge" add constraint "subscription_charge_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "subscription_charge" add constraint "subscription_charge_mandate_id_foreign" foreign key ("mandate_id") references "mandate" ("id");`);
    this.addSql(`alter table "subscription_charge" add constraint "subscription_charge_period_check" check (period_end >= period_start);`);
    this.addSql(`alter table "subscription_charge" add constraint "subscription_charge_settled_check" check ((status = 'PENDING') = (settled_at is null));`);
    this.addSql(`alter table "subscription_charge" add constraint "subscription_charge_base100_amount_check" check (base100_amount >= 0);`);
    this.addSql(`alter table "subscription_charge" add constraint "subscription_charge_currency_check" check ("currency" in ('GBP', 'EUR', 'USD'));`);
    this.addSql(`alter table "subscription_charge" add constraint "subscription_charge_status_check" check ("status" in ('PAID', 'PENDING', 'FAILED'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "subscription_charge" cascade;`);

    this.addSql(`drop index "mandate_live_unique";`);
    this.addSql(`alter table "mandate" drop constraint "mandate_state_check";`);
    // Document 1's states have no end: an ended mandate stays SUSPENDED, which renews no more than CANCELLED did.
    this.addSql(`update "mandate" set "state" = 'SUSPENDED' where "state" = 'CANCELLED';`);
    this.addSql(`alter table "mandate" drop column "anchor_date", drop column "cancel_at", drop column "cancelled_at", drop column "paused_at";`);
    this.addSql(`alter table "mandate" add constraint "mandate_state_check" check ("state" in ('ACTIVE', 'PAUSED', 'SUSPENDED'));`);

    this.addSql(`alter table "subscription_plan" drop constraint "subscription_plan_grace_days_check";`);
    this.addSql(`alter table "subscription_plan" drop constraint "subscription_plan_minimum_term_periods_check";`);
    this.addSql(`alter table "subscription_plan" drop column "grace_days", drop column "minimum_term_periods";`);
  }

}
