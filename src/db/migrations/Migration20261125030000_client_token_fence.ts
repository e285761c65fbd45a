import { Migration } from '@mikro-orm/migrations';

/** Tokens of an API client issued before this instant are refused (set when its secret is rotated). */
export class Migration20261125030000_client_token_fence extends Migration {

  override name = 'Migration20261125030000_client_token_fence';

  override up(): void | Promise<void> {
    this.addSql(`alter table "api_client" add "tokens_not_before" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "api_client" drop column "tokens_not_before";`);
  }

}
