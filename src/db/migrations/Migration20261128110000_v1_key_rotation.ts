import { Migration } from '@mikro-orm/migrations';

/** v1 keys can be rotated (the previous secret working for a grace period) and their tokens cut off. */
export class Migration20261128110000_v1_key_rotation extends Migration {

  override name = 'Migration20261128110000_v1_key_rotation';

  override up(): void | Promise<void> {
    this.addSql(`alter table "v1_api_key" add "previous_secret_hash" varchar(255) null, add "previous_secret_expires_at" timestamptz null, add "tokens_not_before" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "v1_api_key" drop column "previous_secret_hash", drop column "previous_secret_expires_at", drop column "tokens_not_before";`);
  }

}
