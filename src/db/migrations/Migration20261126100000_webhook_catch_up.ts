import { Migration } from '@mikro-orm/migrations';

/**
 * The catch-up list of webhook events (docs/webhooks.md, "Catching up"): every event that is not a test gets
 * `seq`, its place in its company's list, when its transaction commits. A deferred constraint trigger runs
 * at COMMIT and takes the company's next number from `webhook_event_sequence` under that row's lock, which
 * it holds until the commit is done: so numbers become visible in the order they were given, and a reader
 * that has seen number n never sees a smaller one appear later. The same trigger raises, once per
 * transaction, the read cache's versions of the list's types and announces them as src/db/cache-versions.ts
 * does, so a cached page is never served after an event it lacks has committed.
 *
 * Events already there are numbered in the order they were written.
 */
export class Migration20261126100000_webhook_catch_up extends Migration {

  override name = 'Migration20261126100000_webhook_catch_up';

  override up(): void | Promise<void> {
    this.addSql(`create table "webhook_event_sequence" ("company_id" varchar(255) not null, "last" bigint not null, primary key ("company_id"));`);
    this.addSql(`alter table "webhook_event_sequence" add constraint "webhook_event_sequence_company_id_foreign" foreign key ("company_id") references "company" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "webhook_event" add "seq" bigint null;`);
    this.addSql(`update "webhook_event" e set "seq" = numbered.seq
      from (select id, row_number() over (partition by company_id order by created_at, id) as seq from "webhook_event" where not is_test) numbered
      where e.id = numbered.id;`);
    this.addSql(`insert into "webhook_event_sequence" ("company_id", "last") select company_id, max(seq) from "webhook_event" where seq is not null group by company_id;`);
    this.addSql(`create index "webhook_event_catch_up_index" on "webhook_event" ("company_id", "seq") where seq is not null;`);

    this.addSql(`create function webhook_event_commit_order_fn() returns trigger language plpgsql as $$
      declare
        next_seq bigint;
        versions json;
      begin
        insert into webhook_event_sequence as s (company_id, last) values (new.company_id, 1)
          on conflict (company_id) do update set last = s.last + 1
          returning last into next_seq;
        update webhook_event set seq = next_seq where id = new.id;
        -- The cached reads of the list (GraphQL types WebhookEvent and WebhookEventPage): raised once per transaction.
        with raised as (
          insert into cache_version as v (company_id, type, version)
          select new.company_id, t, 1 from unnest(array['WebhookEvent', 'WebhookEventPage']) as t order by t
          on conflict (company_id, type) do update set version = v.version + 1 where v.xmin <> pg_current_xact_id()::xid
          returning type, version
        )
        select json_object_agg(type, version) into versions from raised;
        if versions is not null then
          perform pg_notify('cache_versions', json_build_object('c', new.company_id, 'v', versions)::text);
        end if;
        return null;
      end
    $$;`);
    this.addSql(`create constraint trigger commit_order after insert on "webhook_event"
      deferrable initially deferred for each row when (not new.is_test)
      execute function webhook_event_commit_order_fn();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists commit_order on "webhook_event";`);
    this.addSql(`drop function if exists webhook_event_commit_order_fn();`);
    this.addSql(`drop table if exists "webhook_event_sequence" cascade;`);
    this.addSql(`drop index "webhook_event_catch_up_index";`);
    this.addSql(`alter table "webhook_event" drop column "seq";`);
  }

}
