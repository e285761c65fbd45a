import { Migration } from '@mikro-orm/migrations';

/** A company's event dates by start: one day's classes across events (`eventDates`, the console's Today). */
export class Migration20261126100000_event_date_day extends Migration {

  override name = 'Migration20261126100000_event_date_day';

  override up(): void | Promise<void> {
    this.addSql(`create index "event_date_company_id_starts_at_index" on "event_date" ("company_id", "starts_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "event_date_company_id_starts_at_index";`);
  }

}
