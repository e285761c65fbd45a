import { Migration } from '@mikro-orm/migrations';

/**
 * A company's event dates in the order `eventDates` lists them (start, then id), so a day's classes across
 * events, and a page after a cursor, are a range of it (the console's Today).
 */
export class Migration20261126100000_event_date_day extends Migration {

  override name = 'Migration20261126100000_event_date_day';

  override up(): void | Promise<void> {
    this.addSql(`create index "event_date_company_id_starts_at_id_index" on "event_date" ("company_id", "starts_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "event_date_company_id_starts_at_id_index";`);
  }

}
