import { Migration } from '@mikro-orm/migrations';

export class Migration20261121142536_initial extends Migration {

  override name = 'Migration20261121142536_initial';

  override up(): void | Promise<void> {
    // The appointment exclusion constraint compares facilitator ids (=) inside a GiST index.
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(`create table "company" ("id" varchar(255) not null, "name" varchar(255) not null, "timezone" varchar(255) not null, "currency" text not null, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "audit_entry" ("id" bigserial primary key, "company_id" varchar(255) null, "client" varchar(255) null, "surface" varchar(255) not null, "method" varchar(255) not null, "path" text not null, "resource_type" varchar(255) not null, "action" text not null, "status" smallint not null, "at" timestamptz not null);`);
    this.addSql(`create index "audit_entry_company_id_at_index" on "audit_entry" ("company_id", "at");`);
    this.addSql(`create index "audit_entry_at_index" on "audit_entry" ("at");`);

    this.addSql(`create table "api_client" ("id" varchar(255) not null, "company_id" varchar(255) not null, "name" varchar(255) not null, "description" text null, "scopes" text[] not null, "secret_hash" varchar(255) not null, "previous_secret_hash" varchar(255) null, "previous_secret_expires_at" timestamptz null, "expires_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "customer" ("id" varchar(255) not null, "company_id" varchar(255) not null, "firstname" varchar(255) not null, "lastname" varchar(255) not null, "email" varchar(255) not null, "mobile" varchar(255) null, "archived" boolean not null default false, "deleted_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "customer_company_id_lastname_firstname_index" on "customer" ("company_id", "lastname", "firstname");`);
    this.addSql(`create index "customer_company_id_email_index" on "customer" ("company_id", "email");`);

    this.addSql(`create table "event" ("id" varchar(255) not null, "company_id" varchar(255) not null, "name" varchar(255) not null, "description" text not null default '', "timezone" varchar(255) not null, "archived_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "event_company_id_name_index" on "event" ("company_id", "name");`);

    this.addSql(`create table "event_date" ("id" varchar(255) not null, "company_id" varchar(255) not null, "event_id" varchar(255) not null, "starts_at" timestamptz not null, "duration" int not null, "capacity" int not null, "spaces_booked" int not null default 0, primary key ("id"));`);
    this.addSql(`create index "event_date_event_id_index" on "event_date" ("event_id");`);

    this.addSql(`create table "facilitator" ("id" varchar(255) not null, "company_id" varchar(255) not null, "name" varchar(255) not null, "timezone" varchar(255) not null, primary key ("id"));`);

    this.addSql(`create table "facilitator_date_override" ("id" serial primary key, "company_id" varchar(255) not null, "facilitator_id" varchar(255) not null, "date" date not null, "windows" jsonb not null);`);
    this.addSql(`alter table "facilitator_date_override" add constraint "facilitator_date_override_facilitator_id_date_unique" unique ("facilitator_id", "date");`);

    this.addSql(`create table "facilitator_window" ("id" serial primary key, "company_id" varchar(255) not null, "facilitator_id" varchar(255) not null, "weekday" smallint not null, "start_time" time(0) not null, "end_time" time(0) not null);`);
    this.addSql(`create index "facilitator_window_facilitator_id_index" on "facilitator_window" ("facilitator_id");`);

    this.addSql(`create table "media" ("id" varchar(255) not null, "company_id" varchar(255) not null, "name" varchar(255) not null, "description" text not null default '', "base100_price" int not null, "credits" int not null, "access_days" int null, "active" boolean not null default true, primary key ("id"));`);

    this.addSql(`create table "note" ("id" varchar(255) not null, "company_id" varchar(255) not null, "customer_id" varchar(255) not null, "body" text not null, "author" varchar(255) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "note_customer_id_index" on "note" ("customer_id");`);

    this.addSql(`create table "pass_template" ("id" varchar(255) not null, "company_id" varchar(255) not null, "name" varchar(255) not null, "description" text not null default '', "credits" int not null, "validity_days" int not null, "base100_price" int not null, "active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "pricing_option" ("id" varchar(255) not null, "company_id" varchar(255) not null, "event_id" varchar(255) not null, "name" varchar(255) not null, "base100_price" int not null, "credits" int not null, primary key ("id"));`);
    this.addSql(`create index "pricing_option_event_id_index" on "pricing_option" ("event_id");`);

    this.addSql(`create table "questionnaire_answer" ("id" varchar(255) not null, "company_id" varchar(255) not null, "customer_id" varchar(255) not null, "questionnaire" varchar(255) not null, "question" text not null, "answer" text not null, "answered_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "questionnaire_answer_customer_id_index" on "questionnaire_answer" ("customer_id");`);

    this.addSql(`create table "service" ("id" varchar(255) not null, "company_id" varchar(255) not null, "name" varchar(255) not null, "description" text not null default '', "buffer_minutes" int not null default 0, "active" boolean not null default true, "deleted_at" timestamptz null, primary key ("id"));`);

    this.addSql(`create table "service_option" ("id" serial primary key, "company_id" varchar(255) not null, "service_id" varchar(255) not null, "name" varchar(255) not null, "duration_minutes" int not null, "base100_price" int not null, "credits" int not null, "active" boolean not null default true, "deleted_at" timestamptz null);`);
    this.addSql(`create index "service_option_service_id_index" on "service_option" ("service_id");`);
    this.addSql(`create unique index "service_option_live_name_unique" on "service_option" ("service_id", "name") where deleted_at is null;`);

    this.addSql(`create table "subscription_plan" ("id" varchar(255) not null, "company_id" varchar(255) not null, "name" varchar(255) not null, "description" text not null default '', "base100_price" int not null, "currency" text not null, "interval" text not null, "active" boolean not null default true, primary key ("id"));`);

    this.addSql(`create table "mandate" ("id" varchar(255) not null, "company_id" varchar(255) not null, "customer_id" varchar(255) not null, "plan_id" varchar(255) not null, "state" text not null, "created_at" timestamptz not null, "grace" int not null default 0, "earliest_cancellation_date" date not null, "renewal_date" date not null, primary key ("id"));`);
    this.addSql(`create index "mandate_customer_id_index" on "mandate" ("customer_id");`);

    this.addSql(`create table "v1_api_key" ("id" varchar(255) not null, "company_id" varchar(255) not null, "name" varchar(255) not null, "secret_hash" varchar(255) not null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "voucher" ("id" varchar(255) not null, "company_id" varchar(255) not null, "code" varchar(255) not null, "description" text not null default '', "percent_off" int null, "base100_amount_off" int null, "valid_from" date null, "valid_until" date null, "max_redemptions" int null, "redemptions" int not null default 0, "active" boolean not null default true, primary key ("id"));`);
    this.addSql(`alter table "voucher" add constraint "voucher_company_id_code_unique" unique ("company_id", "code");`);

    this.addSql(`create table "event_transaction" ("id" varchar(255) not null, "company_id" varchar(255) not null, "customer_id" varchar(255) not null, "purchased_at" timestamptz not null, "voucher_id" varchar(255) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "event_transaction_customer_id_purchased_at_index" on "event_transaction" ("customer_id", "purchased_at");`);

    this.addSql(`create table "pass_purchase" ("id" varchar(255) not null, "company_id" varchar(255) not null, "customer_id" varchar(255) not null, "template_id" varchar(255) not null, "credits_allocated" int not null, "credits_consumed" int not null default 0, "created_at" timestamptz not null, "starts" date not null, "expires" date not null, "is_cancelled" boolean not null default false, "is_refunded" boolean not null default false, "currency" text not null, "base100_gross_price" int not null, "base100_discount" int not null default 0, "base100_net_price" int not null, "voucher_id" varchar(255) null, primary key ("id"));`);
    this.addSql(`create index "pass_purchase_customer_id_index" on "pass_purchase" ("customer_id");`);
    this.addSql(`create index "pass_purchase_template_id_index" on "pass_purchase" ("template_id");`);

    this.addSql(`create table "video_purchase" ("id" varchar(255) not null, "company_id" varchar(255) not null, "customer_id" varchar(255) not null, "media_id" varchar(255) not null, "created_at" timestamptz not null, "expires_on" date null, "is_cancelled" boolean not null default false, "is_refunded" boolean not null default false, "payment_method" text not null, "currency" text not null, "base100_price" int null, "credits_used" int null, "pass_purchase_id" varchar(255) null, primary key ("id"));`);
    this.addSql(`create index "video_purchase_customer_id_index" on "video_purchase" ("customer_id");`);

    this.addSql(`create table "booking" ("id" varchar(255) not null, "company_id" varchar(255) not null, "transaction_id" varchar(255) not null, "event_date_id" varchar(255) not null, "pricing_option_id" varchar(255) not null, "spaces" int not null, "bought_for_id" varchar(255) null, "is_cancelled" boolean not null default false, "is_refunded" boolean not null default false, "payment_method" text not null, "currency" text not null, "base100_gross_price" int null, "base100_net_price" int null, "credits_used" int null, "pass_purchase_id" varchar(255) null, primary key ("id"));`);
    this.addSql(`create index "booking_transaction_id_index" on "booking" ("transaction_id");`);
    this.addSql(`create index "booking_event_date_id_index" on "booking" ("event_date_id");`);
    this.addSql(`create index "booking_pass_purchase_id_index" on "booking" ("pass_purchase_id");`);

    this.addSql(`create table "appointment" ("id" varchar(255) not null, "company_id" varchar(255) not null, "customer_id" varchar(255) not null, "service_id" varchar(255) not null, "option_name" varchar(255) not null, "facilitator_id" varchar(255) not null, "starts_at" timestamptz not null, "duration_minutes" int not null, "blocked_until" timestamptz not null, "tz" varchar(255) not null, "status" text not null default 'SCHEDULED', "notes" text not null default '', "created_at" timestamptz not null, "payment_method" text not null, "currency" text not null, "base100_price_paid" int null, "credits_used" int null, "payment_status" text not null, "pass_purchase_id" varchar(255) null, primary key ("id"));`);
    this.addSql(`create index "appointment_customer_id_index" on "appointment" ("customer_id");`);
    this.addSql(`create index "appointment_company_id_starts_at_index" on "appointment" ("company_id", "starts_at");`);
    this.addSql(`create index "appointment_facilitator_id_starts_at_index" on "appointment" ("facilitator_id", "starts_at");`);

    this.addSql(`create table "webhook_endpoint" ("id" varchar(255) not null, "company_id" varchar(255) not null, "url" text not null, "events" text[] not null, "sealed_secret" text not null, "previous_sealed_secret" text null, "previous_secret_expires_at" timestamptz null, "enabled" boolean not null default true, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "webhook_event" ("id" varchar(255) not null, "company_id" varchar(255) not null, "kind" varchar(255) not null, "payload" jsonb not null, "is_test" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "webhook_event_company_id_created_at_index" on "webhook_event" ("company_id", "created_at");`);

    this.addSql(`create table "webhook_delivery" ("id" bigserial primary key, "company_id" varchar(255) not null, "event_id" varchar(255) not null, "endpoint_id" varchar(255) not null, "attempt" smallint not null, "status_code" smallint null, "error" text null, "duration_ms" int not null, "at" timestamptz not null);`);
    this.addSql(`create index "webhook_delivery_event_id_index" on "webhook_delivery" ("event_id");`);
    this.addSql(`create index "webhook_delivery_company_id_at_index" on "webhook_delivery" ("company_id", "at");`);

    this.addSql(`alter table "company" add constraint "company_currency_check" check ("currency" in ('GBP', 'EUR', 'USD'));`);

    this.addSql(`alter table "audit_entry" add constraint "audit_entry_company_id_foreign" foreign key ("company_id") references "company" ("id") on delete set null;`);
    this.addSql(`alter table "audit_entry" add constraint "audit_entry_action_check" check ("action" in ('READ', 'UPDATE'));`);

    this.addSql(`alter table "api_client" add constraint "api_client_company_id_foreign" foreign key ("company_id") references "company" ("id");`);

    this.addSql(`alter table "customer" add constraint "customer_company_id_foreign" foreign key ("company_id") references "company" ("id");`);

    this.addSql(`alter table "event" add constraint "event_company_id_foreign" foreign key ("company_id") references "company" ("id");`);

    this.addSql(`alter table "event_date" add constraint "event_date_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "event_date" add constraint "event_date_event_id_foreign" foreign key ("event_id") references "event" ("id");`);
    this.addSql(`alter table "event_date" add constraint "event_date_spaces_booked_check" check (spaces_booked >= 0 and spaces_booked <= capacity);`);
    this.addSql(`alter table "event_date" add constraint "event_date_duration_check" check (duration > 0);`);
    this.addSql(`alter table "event_date" add constraint "event_date_capacity_check" check (capacity >= 1);`);

    this.addSql(`alter table "facilitator" add constraint "facilitator_company_id_foreign" foreign key ("company_id") references "company" ("id");`);

    this.addSql(`alter table "facilitator_date_override" add constraint "facilitator_date_override_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "facilitator_date_override" add constraint "facilitator_date_override_facilitator_id_foreign" foreign key ("facilitator_id") references "facilitator" ("id");`);

    this.addSql(`alter table "facilitator_window" add constraint "facilitator_window_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "facilitator_window" add constraint "facilitator_window_facilitator_id_foreign" foreign key ("facilitator_id") references "facilitator" ("id");`);
    this.addSql(`alter table "facilitator_window" add constraint "facilitator_window_order_check" check (start_time < end_time);`);
    this.addSql(`alter table "facilitator_window" add constraint "facilitator_window_weekday_check" check (weekday >= 1 and weekday <= 7);`);

    this.addSql(`alter table "media" add constraint "media_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "media" add constraint "media_base100_price_check" check (base100_price >= 0);`);
    this.addSql(`alter table "media" add constraint "media_credits_check" check (credits >= 0);`);

    this.addSql(`alter table "note" add constraint "note_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "note" add constraint "note_customer_id_foreign" foreign key ("customer_id") references "customer" ("id");`);

    this.addSql(`alter table "pass_template" add constraint "pass_template_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "pass_template" add constraint "pass_template_credits_check" check (credits >= 1);`);
    this.addSql(`alter table "pass_template" add constraint "pass_template_validity_days_check" check (validity_days >= 1);`);
    this.addSql(`alter table "pass_template" add constraint "pass_template_base100_price_check" check (base100_price >= 0);`);

    this.addSql(`alter table "pricing_option" add constraint "pricing_option_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "pricing_option" add constraint "pricing_option_event_id_foreign" foreign key ("event_id") references "event" ("id");`);
    this.addSql(`alter table "pricing_option" add constraint "pricing_option_base100_price_check" check (base100_price >= 0);`);
    this.addSql(`alter table "pricing_option" add constraint "pricing_option_credits_check" check (credits >= 0);`);

    this.addSql(`alter table "questionnaire_answer" add constraint "questionnaire_answer_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "questionnaire_answer" add constraint "questionnaire_answer_customer_id_foreign" foreign key ("customer_id") references "customer" ("id");`);

    this.addSql(`alter table "service" add constraint "service_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "service" add constraint "service_buffer_minutes_check" check (buffer_minutes >= 0);`);

    this.addSql(`alter table "service_option" add constraint "service_option_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "service_option" add constraint "service_option_service_id_foreign" foreign key ("service_id") references "service" ("id");`);
    this.addSql(`alter table "service_option" add constraint "service_option_duration_minutes_check" check (duration_minutes > 0);`);
    this.addSql(`alter table "service_option" add constraint "service_option_base100_price_check" check (base100_price >= 0);`);
    this.addSql(`alter table "service_option" add constraint "service_option_credits_check" check (credits >= 0);`);

    this.addSql(`alter table "subscription_plan" add constraint "subscription_plan_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "subscription_plan" add constraint "subscription_plan_base100_price_check" check (base100_price >= 0);`);
    this.addSql(`alter table "subscription_plan" add constraint "subscription_plan_currency_check" check ("currency" in ('GBP', 'EUR', 'USD'));`);
    this.addSql(`alter table "subscription_plan" add constraint "subscription_plan_interval_check" check ("interval" in ('WEEK', 'MONTH', 'YEAR'));`);

    this.addSql(`alter table "mandate" add constraint "mandate_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "mandate" add constraint "mandate_customer_id_foreign" foreign key ("customer_id") references "customer" ("id");`);
    this.addSql(`alter table "mandate" add constraint "mandate_plan_id_foreign" foreign key ("plan_id") references "subscription_plan" ("id");`);
    this.addSql(`alter table "mandate" add constraint "mandate_grace_check" check (grace >= 0);`);
    this.addSql(`alter table "mandate" add constraint "mandate_state_check" check ("state" in ('ACTIVE', 'PAUSED', 'SUSPENDED'));`);

    this.addSql(`alter table "v1_api_key" add constraint "v1_api_key_company_id_foreign" foreign key ("company_id") references "company" ("id");`);

    this.addSql(`alter table "voucher" add constraint "voucher_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "voucher" add constraint "voucher_discount_check" check ((percent_off is not null and percent_off >= 1 and percent_off <= 100 and base100_amount_off is null) or (percent_off is null and base100_amount_off >= 0));`);
    this.addSql(`alter table "voucher" add constraint "voucher_redemptions_check" check (redemptions >= 0 and (max_redemptions is null or redemptions <= max_redemptions));`);

    this.addSql(`alter table "event_transaction" add constraint "event_transaction_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "event_transaction" add constraint "event_transaction_customer_id_foreign" foreign key ("customer_id") references "customer" ("id");`);
    this.addSql(`alter table "event_transaction" add constraint "event_transaction_voucher_id_foreign" foreign key ("voucher_id") references "voucher" ("id") on delete set null;`);

    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_customer_id_foreign" foreign key ("customer_id") references "customer" ("id");`);
    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_template_id_foreign" foreign key ("template_id") references "pass_template" ("id");`);
    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_voucher_id_foreign" foreign key ("voucher_id") references "voucher" ("id") on delete set null;`);
    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_credits_check" check (credits_consumed >= 0 and credits_consumed <= credits_allocated);`);
    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_validity_check" check (expires >= starts);`);
    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_credits_allocated_check" check (credits_allocated >= 0);`);
    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_base100_gross_price_check" check (base100_gross_price >= 0);`);
    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_base100_discount_check" check (base100_discount >= 0);`);
    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_base100_net_price_check" check (base100_net_price >= 0);`);
    this.addSql(`alter table "pass_purchase" add constraint "pass_purchase_currency_check" check ("currency" in ('GBP', 'EUR', 'USD'));`);

    this.addSql(`alter table "video_purchase" add constraint "video_purchase_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "video_purchase" add constraint "video_purchase_customer_id_foreign" foreign key ("customer_id") references "customer" ("id");`);
    this.addSql(`alter table "video_purchase" add constraint "video_purchase_media_id_foreign" foreign key ("media_id") references "media" ("id");`);
    this.addSql(`alter table "video_purchase" add constraint "video_purchase_pass_purchase_id_foreign" foreign key ("pass_purchase_id") references "pass_purchase" ("id") on delete set null;`);
    this.addSql(`alter table "video_purchase" add constraint "video_purchase_payment_check" check ((payment_method = 'CARD' and currency <> 'CR' and base100_price >= 0 and credits_used is null) or (payment_method = 'PASS' and currency = 'CR' and credits_used >= 0));`);
    this.addSql(`alter table "video_purchase" add constraint "video_purchase_payment_method_check" check ("payment_method" in ('CARD', 'PASS'));`);
    this.addSql(`alter table "video_purchase" add constraint "video_purchase_currency_check" check ("currency" in ('GBP', 'EUR', 'USD', 'CR'));`);

    this.addSql(`alter table "booking" add constraint "booking_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "booking" add constraint "booking_transaction_id_foreign" foreign key ("transaction_id") references "event_transaction" ("id");`);
    this.addSql(`alter table "booking" add constraint "booking_event_date_id_foreign" foreign key ("event_date_id") references "event_date" ("id");`);
    this.addSql(`alter table "booking" add constraint "booking_pricing_option_id_foreign" foreign key ("pricing_option_id") references "pricing_option" ("id");`);
    this.addSql(`alter table "booking" add constraint "booking_bought_for_id_foreign" foreign key ("bought_for_id") references "customer" ("id") on delete set null;`);
    this.addSql(`alter table "booking" add constraint "booking_pass_purchase_id_foreign" foreign key ("pass_purchase_id") references "pass_purchase" ("id") on delete set null;`);
    this.addSql(`alter table "booking" add constraint "booking_payment_check" check ((payment_method = 'CARD' and currency <> 'CR' and base100_gross_price >= 0 and base100_net_price >= 0 and credits_used is null) or (payment_method = 'PASS' and currency = 'CR' and credits_used >= 0));`);
    this.addSql(`alter table "booking" add constraint "booking_spaces_check" check (spaces >= 1);`);
    this.addSql(`alter table "booking" add constraint "booking_payment_method_check" check ("payment_method" in ('CARD', 'PASS'));`);
    this.addSql(`alter table "booking" add constraint "booking_currency_check" check ("currency" in ('GBP', 'EUR', 'USD', 'CR'));`);

    this.addSql(`alter table "appointment" add constraint "appointment_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "appointment" add constraint "appointment_customer_id_foreign" foreign key ("customer_id") references "customer" ("id");`);
    this.addSql(`alter table "appointment" add constraint "appointment_service_id_foreign" foreign key ("service_id") references "service" ("id");`);
    this.addSql(`alter table "appointment" add constraint "appointment_facilitator_id_foreign" foreign key ("facilitator_id") references "facilitator" ("id");`);
    this.addSql(`alter table "appointment" add constraint "appointment_pass_purchase_id_foreign" foreign key ("pass_purchase_id") references "pass_purchase" ("id") on delete set null;`);
    this.addSql(`alter table "appointment" add constraint "appointment_block_check" check (blocked_until >= starts_at);`);
    this.addSql(`alter table "appointment" add constraint "appointment_payment_check" check ((payment_method = 'CARD' and currency <> 'CR' and base100_price_paid >= 0 and credits_used is null) or (payment_method = 'PASS' and currency = 'CR' and credits_used >= 0));`);
    this.addSql(`alter table "appointment" add constraint "appointment_no_overlap" exclude using gist (facilitator_id with =, tstzrange(starts_at, blocked_until, '[)') with &&) where (status <> 'CANCELLED');`);
    this.addSql(`alter table "appointment" add constraint "appointment_duration_minutes_check" check (duration_minutes > 0);`);
    this.addSql(`alter table "appointment" add constraint "appointment_status_check" check ("status" in ('SCHEDULED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'));`);
    this.addSql(`alter table "appointment" add constraint "appointment_payment_method_check" check ("payment_method" in ('CARD', 'PASS'));`);
    this.addSql(`alter table "appointment" add constraint "appointment_currency_check" check ("currency" in ('GBP', 'EUR', 'USD', 'CR'));`);
    this.addSql(`alter table "appointment" add constraint "appointment_payment_status_check" check ("payment_status" in ('PAID', 'PENDING', 'FAILED'));`);

    this.addSql(`alter table "webhook_endpoint" add constraint "webhook_endpoint_company_id_foreign" foreign key ("company_id") references "company" ("id");`);

    this.addSql(`alter table "webhook_event" add constraint "webhook_event_company_id_foreign" foreign key ("company_id") references "company" ("id");`);

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_event_id_foreign" foreign key ("event_id") references "webhook_event" ("id");`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoint" ("id");`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_attempt_check" check (attempt >= 1);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_entry" drop constraint "audit_entry_company_id_foreign";`);
    this.addSql(`alter table "api_client" drop constraint "api_client_company_id_foreign";`);
    this.addSql(`alter table "customer" drop constraint "customer_company_id_foreign";`);
    this.addSql(`alter table "event" drop constraint "event_company_id_foreign";`);
    this.addSql(`alter table "event_date" drop constraint "event_date_company_id_foreign";`);
    this.addSql(`alter table "facilitator" drop constraint "facilitator_company_id_foreign";`);
    this.addSql(`alter table "facilitator_date_override" drop constraint "facilitator_date_override_company_id_foreign";`);
    this.addSql(`alter table "facilitator_window" drop constraint "facilitator_window_company_id_foreign";`);
    this.addSql(`alter table "media" drop constraint "media_company_id_foreign";`);
    this.addSql(`alter table "note" drop constraint "note_company_id_foreign";`);
    this.addSql(`alter table "pass_template" drop constraint "pass_template_company_id_foreign";`);
    this.addSql(`alter table "pricing_option" drop constraint "pricing_option_company_id_foreign";`);
    this.addSql(`alter table "questionnaire_answer" drop constraint "questionnaire_answer_company_id_foreign";`);
    this.addSql(`alter table "service" drop constraint "service_company_id_foreign";`);
    this.addSql(`alter table "service_option" drop constraint "service_option_company_id_foreign";`);
    this.addSql(`alter table "subscription_plan" drop constraint "subscription_plan_company_id_foreign";`);
    this.addSql(`alter table "mandate" drop constraint "mandate_company_id_foreign";`);
    this.addSql(`alter table "v1_api_key" drop constraint "v1_api_key_company_id_foreign";`);
    this.addSql(`alter table "voucher" drop constraint "voucher_company_id_foreign";`);
    this.addSql(`alter table "event_transaction" drop constraint "event_transaction_company_id_foreign";`);
    this.addSql(`alter table "pass_purchase" drop constraint "pass_purchase_company_id_foreign";`);
    this.addSql(`alter table "video_purchase" drop constraint "video_purchase_company_id_foreign";`);
    this.addSql(`alter table "booking" drop constraint "booking_company_id_foreign";`);
    this.addSql(`alter table "appointment" drop constraint "appointment_company_id_foreign";`);
    this.addSql(`alter table "webhook_endpoint" drop constraint "webhook_endpoint_company_id_foreign";`);
    this.addSql(`alter table "webhook_event" drop constraint "webhook_event_company_id_foreign";`);
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_company_id_foreign";`);
    this.addSql(`alter table "note" drop constraint "note_customer_id_foreign";`);
    this.addSql(`alter table "questionnaire_answer" drop constraint "questionnaire_answer_customer_id_foreign";`);
    this.addSql(`alter table "mandate" drop constraint "mandate_customer_id_foreign";`);
    this.addSql(`alter table "event_transaction" drop constraint "event_transaction_customer_id_foreign";`);
    this.addSql(`alter table "pass_purchase" drop constraint "pass_purchase_customer_id_foreign";`);
    this.addSql(`alter table "video_purchase" drop constraint "video_purchase_customer_id_foreign";`);
    this.addSql(`alter table "booking" drop constraint "booking_bought_for_id_foreign";`);
    this.addSql(`alter table "appointment" drop constraint "appointment_customer_id_foreign";`);
    this.addSql(`alter table "event_date" drop constraint "event_date_event_id_foreign";`);
    this.addSql(`alter table "pricing_option" drop constraint "pricing_option_event_id_foreign";`);
    this.addSql(`alter table "booking" drop constraint "booking_event_date_id_foreign";`);
    this.addSql(`alter table "facilitator_date_override" drop constraint "facilitator_date_override_facilitator_id_foreign";`);
    this.addSql(`alter table "facilitator_window" drop constraint "facilitator_window_facilitator_id_foreign";`);
    this.addSql(`alter table "appointment" drop constraint "appointment_facilitator_id_foreign";`);
    this.addSql(`alter table "video_purchase" drop constraint "video_purchase_media_id_foreign";`);
    this.addSql(`alter table "pass_purchase" drop constraint "pass_purchase_template_id_foreign";`);
    this.addSql(`alter table "booking" drop constraint "booking_pricing_option_id_foreign";`);
    this.addSql(`alter table "service_option" drop constraint "service_option_service_id_foreign";`);
    this.addSql(`alter table "appointment" drop constraint "appointment_service_id_foreign";`);
    this.addSql(`alter table "mandate" drop constraint "mandate_plan_id_foreign";`);
    this.addSql(`alter table "event_transaction" drop constraint "event_transaction_voucher_id_foreign";`);
    this.addSql(`alter table "pass_purchase" drop constraint "pass_purchase_voucher_id_foreign";`);
    this.addSql(`alter table "booking" drop constraint "booking_transaction_id_foreign";`);
    this.addSql(`alter table "video_purchase" drop constraint "video_purchase_pass_purchase_id_foreign";`);
    this.addSql(`alter table "booking" drop constraint "booking_pass_purchase_id_foreign";`);
    this.addSql(`alter table "appointment" drop constraint "appointment_pass_purchase_id_foreign";`);
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_endpoint_id_foreign";`);
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_event_id_foreign";`);

    this.addSql(`drop table if exists "company" cascade;`);
    this.addSql(`drop table if exists "audit_entry" cascade;`);
    this.addSql(`drop table if exists "api_client" cascade;`);
    this.addSql(`drop table if exists "customer" cascade;`);
    this.addSql(`drop table if exists "event" cascade;`);
    this.addSql(`drop table if exists "event_date" cascade;`);
    this.addSql(`drop table if exists "facilitator" cascade;`);
    this.addSql(`drop table if exists "facilitator_date_override" cascade;`);
    this.addSql(`drop table if exists "facilitator_window" cascade;`);
    this.addSql(`drop table if exists "media" cascade;`);
    this.addSql(`drop table if exists "note" cascade;`);
    this.addSql(`drop table if exists "pass_template" cascade;`);
    this.addSql(`drop table if exists "pricing_option" cascade;`);
    this.addSql(`drop table if exists "questionnaire_answer" cascade;`);
    this.addSql(`drop table if exists "service" cascade;`);
    this.addSql(`drop table if exists "service_option" cascade;`);
    this.addSql(`drop table if exists "subscription_plan" cascade;`);
    this.addSql(`drop table if exists "mandate" cascade;`);
    this.addSql(`drop table if exists "v1_api_key" cascade;`);
    this.addSql(`drop table if exists "voucher" cascade;`);
    this.addSql(`drop table if exists "event_transaction" cascade;`);
    this.addSql(`drop table if exists "pass_purchase" cascade;`);
    this.addSql(`drop table if exists "video_purchase" cascade;`);
    this.addSql(`drop table if exists "booking" cascade;`);
    this.addSql(`drop table if exists "appointment" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoint" cascade;`);
    this.addSql(`drop table if exists "webhook_event" cascade;`);
    this.addSql(`drop table if exists "webhook_delivery" cascade;`);
  }

}
