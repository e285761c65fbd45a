import { Migration } from '@mikro-orm/migrations';

export class Migration20261121145908_idempotency extends Migration {

  override name = 'Migration20261121145908_idempotency';

  override up(): void | Promise<void> {
    this.addSql(`create table "idempotency_key" ("api_key" varchar(255) not null, "key" varchar(255) not null, "company_id" varchar(255) not null, "request_hash" varchar(255) not null, "status" smallint null, "body" text null, "created_at" timestamptz not null, primary key ("api_key", "key"));`);
    this.addSql(`create index "idempotency_key_created_at_index" on "idempotency_key" ("created_at");`);

    this.addSql(`alter table "idempotency_key" add constraint "idempotency_key_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "idempotency_key" cascade;`);
  }

}
