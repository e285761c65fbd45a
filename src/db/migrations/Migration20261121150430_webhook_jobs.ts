import { Migration } from '@mikro-orm/migrations';

export class Migration20261121150430_webhook_jobs extends Migration {

  override name = 'Migration20261121150430_webhook_jobs';

  override up(): void | Promise<void> {
    this.addSql(`create table "webhook_job" ("id" bigserial primary key, "company_id" varchar(255) not null, "event_id" varchar(255) not null, "endpoint_id" varchar(255) not null, "state" text not null default 'pending', "attempts" smallint not null default 0, "retries_left" smallint not null, "next_attempt_at" timestamptz not null, "locked_until" timestamptz null);`);
    this.addSql(`create index "webhook_job_endpoint_id_index" on "webhook_job" ("endpoint_id");`);
    this.addSql(`create index "webhook_job_due_index" on "webhook_job" ("next_attempt_at") where state = 'pending';`);
    this.addSql(`alter table "webhook_job" add constraint "webhook_job_event_id_endpoint_id_unique" unique ("event_id", "endpoint_id");`);

    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_endpoint_id_foreign";`);

    this.addSql(`alter table "webhook_endpoint" add constraint "webhook_endpoint_company_id_url_unique" unique ("company_id", "url");`);

    this.addSql(`alter table "webhook_event" add "dispatched_at" timestamptz null;`);
    this.addSql(`create index "webhook_event_undispatched_index" on "webhook_event" ("created_at") where dispatched_at is null;`);

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoint" ("id") on delete cascade;`);

    this.addSql(`alter table "webhook_job" add constraint "webhook_job_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "webhook_job" add constraint "webhook_job_event_id_foreign" foreign key ("event_id") references "webhook_event" ("id");`);
    this.addSql(`alter table "webhook_job" add constraint "webhook_job_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoint" ("id") on delete cascade;`);
    this.addSql(`alter table "webhook_job" add constraint "webhook_job_retries_left_check" check (retries_left >= 0);`);
    this.addSql(`alter table "webhook_job" add constraint "webhook_job_state_check" check ("state" in ('pending', 'delivered', 'failed'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "webhook_job" cascade;`);

    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_endpoint_id_foreign";`);

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoint" ("id") on update no action on delete no action;`);

    this.addSql(`alter table "webhook_endpoint" drop constraint "webhook_endpoint_company_id_url_unique";`);

    this.addSql(`drop index "webhook_event_undispatched_index";`);
    this.addSql(`alter table "webhook_event" drop column "dispatched_at";`);
  }

}
