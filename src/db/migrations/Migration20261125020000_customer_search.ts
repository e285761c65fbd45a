import { Migration } from '@mikro-orm/migrations';

/** Trigram search of customers' names and emails (pg_trgm ships with PostgreSQL's contrib modules). */
export class Migration20261125020000_customer_search extends Migration {

  override name = 'Migration20261125020000_customer_search';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "customer_search_index" on "customer" using gin ((firstname || ' ' || lastname || ' ' || email) gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "customer_search_index";`);
  }

}
