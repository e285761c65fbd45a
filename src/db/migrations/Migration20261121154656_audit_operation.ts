import { Migration } from '@mikro-orm/migrations';

export class Migration20261121154656_audit_operation extends Migration {

  override name = 'Migration20261121154656_audit_operation';

  override up(): void | Promise<void> {
    this.addSql(`alter table "audit_entry" add "operation" varchar(255) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_entry" drop column "operation";`);
  }

}
