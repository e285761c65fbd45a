import { Migration } from '@mikro-orm/migrations';

/** The audit log tells what happened: who acted outside the doors, the refusal's code, and the records a write touched. */
export class Migration20261128100000_audit_outcomes extends Migration {

  override name = 'Migration20261128100000_audit_outcomes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "audit_entry" add "actor" varchar(255) null, add "error_code" varchar(255) null, add "targets" text[] not null default '{}';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_entry" drop column "actor", drop column "error_code", drop column "targets";`);
  }

}
