import { Migration } from '@mikro-orm/migrations';

export class Migration20261123075242_server_key_check extends Migration {

  override name = 'Migration20261123075242_server_key_check';

  override up(): void | Promise<void> {
    this.addSql(`create table "server_key_check" ("id" smallint primary key, "check_value" varchar(255) not null, "created_at" timestamptz not null);`);

    this.addSql(`alter table "server_key_check" add constraint "server_key_check_one_row" check (id = 1);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "server_key_check" cascade;`);
  }

}
