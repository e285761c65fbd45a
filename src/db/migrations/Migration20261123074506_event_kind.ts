import { Migration } from '@mikro-orm/migrations';

/** Events know whether they are one-off or part of a schedule; existing ones by their number of dates. */
export class Migration20261123074506_event_kind extends Migration {

  override name = 'Migration20261123074506_event_kind';

  override up(): void | Promise<void> {
    this.addSql(`alter table "event" add "kind" text null;`);
    this.addSql(`update "event" e set "kind" = case when (select count(*) from "event_date" d where d.event_id = e.id) > 1 then 'SCHEDULE' else 'ONE_OFF' end;`);
    this.addSql(`alter table "event" alter column "kind" set not null;`);
    this.addSql(`alter table "event" add constraint "event_kind_check" check ("kind" in ('ONE_OFF', 'SCHEDULE'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "event" drop constraint "event_kind_check";`);
    this.addSql(`alter table "event" drop column "kind";`);
  }

}
