import { Migration } from '@mikro-orm/migrations';

/** The address and browser a console user last signed in from (a digest): failures elsewhere never lock it out. */
export class Migration20261125040000_sign_in_device extends Migration {

  override name = 'Migration20261125040000_sign_in_device';

  override up(): void | Promise<void> {
    this.addSql(`alter table "console_user" add "last_sign_in_device" varchar(255) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "console_user" drop column "last_sign_in_device";`);
  }

}
