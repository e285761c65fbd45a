import { Migration } from '@mikro-orm/migrations';

export class Migration20261123081331_read_path_indexes_audit_scope extends Migration {

  override name = 'Migration20261123081331_read_path_indexes_audit_scope';

  override up(): void | Promise<void> {
    this.addSql(`alter table "audit_entry" add "missing_scope" varchar(255) null;`);

    this.addSql(`drop index "customer_company_id_lastname_firstname_index";`);
    this.addSql(`create index "customer_list_index" on "customer" ("company_id", "lastname", "firstname", "id") where deleted_at is null;`);

    this.addSql(`drop index "event_transaction_customer_id_purchased_at_index";`);
    this.addSql(`create index "event_transaction_customer_id_purchased_at_id_index" on "event_transaction" ("customer_id", "purchased_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_entry" drop column "missing_scope";`);

    this.addSql(`drop index "customer_list_index";`);
    this.addSql(`create index "customer_company_id_lastname_firstname_index" on "customer" ("company_id", "lastname", "firstname");`);

    this.addSql(`drop index "event_transaction_customer_id_purchased_at_id_index";`);
    this.addSql(`create index "event_transaction_customer_id_purchased_at_index" on "event_transaction" ("customer_id", "purchased_at");`);
  }

}
