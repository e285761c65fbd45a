import { Migration } from '@mikro-orm/migrations';

/**
 * The read cache's versions live in PostgreSQL: a write's transaction raises the version of each type it
 * changes, so the change and its invalidation commit together (src/db/cache-versions.ts).
 */
export class Migration20261125010000_cache_versions extends Migration {

  override name = 'Migration20261125010000_cache_versions';

  override up(): void | Promise<void> {
    this.addSql(`create table "cache_version" ("company_id" varchar(255) not null, "type" varchar(255) not null, "version" bigint not null, primary key ("company_id", "type"));`);
    this.addSql(`alter table "cache_version" add constraint "cache_version_company_id_foreign" foreign key ("company_id") references "company" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "cache_version" cascade;`);
  }

}
