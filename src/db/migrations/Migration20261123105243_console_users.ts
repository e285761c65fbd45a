import { Migration } from '@mikro-orm/migrations';

export class Migration20261123105243_console_users extends Migration {

  override name = 'Migration20261123105243_console_users';

  override up(): void | Promise<void> {
    this.addSql(`create table "console_user" ("id" varchar(255) not null, "company_id" varchar(255) not null, "email" varchar(255) not null, "role" text not null, "password_hash" varchar(255) not null, "created_at" timestamptz not null, "last_sign_in_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "console_user" add constraint "console_user_email_unique" unique ("email");`);

    this.addSql(`create table "console_session" ("token_hash" varchar(255) not null, "user_id" varchar(255) not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, primary key ("token_hash"));`);
    this.addSql(`create index "console_session_user_id_index" on "console_session" ("user_id");`);
    this.addSql(`create index "console_session_last_seen_at_index" on "console_session" ("last_seen_at");`);

    this.addSql(`alter table "audit_entry" add "user_id" varchar(255) null, add "user_email" varchar(255) null, add "request_id" varchar(255) null;`);
    this.addSql(`create index "audit_entry_company_id_client_at_index" on "audit_entry" ("company_id", "client", "at");`);

    this.addSql(`alter table "console_user" add constraint "console_user_company_id_foreign" foreign key ("company_id") references "company" ("id");`);
    this.addSql(`alter table "console_user" add constraint "console_user_role_check" check ("role" in ('owner', 'admin', 'staff'));`);

    this.addSql(`alter table "console_session" add constraint "console_session_user_id_foreign" foreign key ("user_id") references "console_user" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "console_session" drop constraint "console_session_user_id_foreign";`);

    this.addSql(`drop table if exists "console_user" cascade;`);
    this.addSql(`drop table if exists "console_session" cascade;`);

    this.addSql(`drop index "audit_entry_company_id_client_at_index";`);
    this.addSql(`alter table "audit_entry" drop column "user_id", drop column "user_email", drop column "request_id";`);
  }

}
