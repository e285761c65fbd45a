import { Migration } from '@mikro-orm/migrations';
import { LIVE_TABLES, liveTriggerSql } from '../live-changes.ts';

/** Waitlist entries are announced on `live_changes` too: a register shows its waitlist move as it happens. */
export class Migration20261129160000_live_waitlist extends Migration {

  override name = 'Migration20261129160000_live_waitlist';

  override up(): void | Promise<void> {
    this.addSql(liveTriggerSql(LIVE_TABLES.WaitlistEntry!));
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists live_change on "waitlist_entry";');
  }

}
