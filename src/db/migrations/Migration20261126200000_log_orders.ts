import { Migration } from '@mikro-orm/migrations';

/** The audit log and the webhook delivery log in their own order (newest first, then by id): a page after a cursor is a range. */
export class Migration20261126200000_log_orders extends Migration {

  override name = 'Migration20261126200000_log_orders';

  override up(): void | Promise<void> {
    this.addSql(`create index "audit_entry_company_id_at_id_index" on "audit_entry" ("company_id", "at", "id");`);
    this.addSql(`drop index "audit_entry_company_id_at_index";`);
    this.addSql(`create index "webhook_delivery_company_id_at_id_index" on "webhook_delivery" ("company_id", "at", "id");`);
    this.addSql(`drop index "webhook_delivery_company_id_at_index";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create index "webhook_delivery_company_id_at_index" on "webhook_delivery" ("company_id", "at");`);
    this.addSql(`drop index "webhook_delivery_company_id_at_id_index";`);
    this.addSql(`create index "audit_entry_company_id_at_index" on "audit_entry" ("company_id", "at");`);
    this.addSql(`drop index "audit_entry_company_id_at_id_index";`);
  }

}
