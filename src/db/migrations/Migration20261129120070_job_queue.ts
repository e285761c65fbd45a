import { Migration } from '@mikro-orm/migrations';

/**
 * Background work runs on graphile-worker's queue (schema `graphile_worker`, installed by `migrate()` before
 * these migrations: src/db/job-queue.ts). Webhook deliveries are enqueued by the database itself, in the
 * transaction of the write that causes them:
 *
 * - `fan_out`: an event that is not a test becomes one `webhook_job` per endpoint of its company that is
 *   enabled and subscribed to its kind, at the end of the statement that inserts it, which marks it
 *   dispatched (an event inserted already dispatched, as Send Test's are, gets no job from it). Retries
 *   left: 3, the number of WEBHOOK_RETRY_DELAYS (the configuration requires three).
 * - `enqueue_insert` / `enqueue_update`: a job that is pending and not held by an attempt (`locked_until` null)
 *   gets a queue job `webhook:deliver` keyed by the webhook job (`webhook_job:<id>`) that runs at its
 *   `next_attempt_at`, in one of the 8 named queues of its endpoint (`webhook:<endpoint id>:<job id mod 8>`;
 *   a named queue runs one job at a time, so an endpoint gets at most 8 attempts at once). So fan-out, a
 *   retry recorded with its attempt, and a redelivery enqueue in their own
 *   transactions; a rollback enqueues nothing. Adding by key replaces a waiting queue job of the same webhook
 *   job (a redelivery supersedes a waiting retry).
 *
 * `job_worker` holds each running worker pool's heartbeat (src/db/job-queue.ts): the jobs of a pool whose
 * heartbeat stopped go back to the queue within seconds, rather than after graphile-worker's own four hours.
 */
export class Migration20261129120070_job_queue extends Migration {

  override name = 'Migration20261129120070_job_queue';

  override up(): void | Promise<void> {
    this.addSql(`create function webhook_event_fan_out_fn() returns trigger language plpgsql as $$
      begin
        insert into webhook_job (company_id, event_id, endpoint_id, state, attempts, retries_left, next_attempt_at)
        select e.company_id, e.id, p.id, 'pending', 0, 3, now()
          from inserted e
          join webhook_endpoint p on p.company_id = e.company_id and p.enabled and e.kind = any(p.events)
         where e.dispatched_at is null and not e.is_test
        on conflict (event_id, endpoint_id) do nothing;
        update webhook_event set dispatched_at = now() where id in (select id from inserted where dispatched_at is null);
        return null;
      end
    $$;`);
    this.addSql(`create trigger fan_out after insert on "webhook_event" referencing new table as inserted
      for each statement execute function webhook_event_fan_out_fn();`);

    this.addSql(`create function webhook_job_enqueue_fn() returns trigger language plpgsql as $$
      declare
        specs graphile_worker.job_spec[];
      begin
        select array_agg(row('webhook:deliver', json_build_object('id', j.id::text), 'webhook:' || j.endpoint_id || ':' || j.id % 8, j.next_attempt_at,
                             25, 'webhook_job:' || j.id, 0, null)::graphile_worker.job_spec)
          into specs
          from changed j
         where j.state = 'pending' and j.locked_until is null;
        if specs is not null then
          perform graphile_worker.add_jobs(specs);
        end if;
        return null;
      end
    $$;`);
    this.addSql(`create trigger enqueue_insert after insert on "webhook_job" referencing new table as changed
      for each statement execute function webhook_job_enqueue_fn();`);
    this.addSql(`create trigger enqueue_update after update on "webhook_job" referencing new table as changed
      for each statement execute function webhook_job_enqueue_fn();`);

    this.addSql(`create table "job_worker" ("id" text not null, "heartbeat_at" timestamptz not null default now(), primary key ("id"));`);
    // Work left by the polling worker: events not yet fanned out, and jobs pending (claimed ones too: the
    // worker that held them is gone once this runs).
    this.addSql(`insert into webhook_job (company_id, event_id, endpoint_id, state, attempts, retries_left, next_attempt_at)
      select e.company_id, e.id, p.id, 'pending', 0, 3, now()
        from webhook_event e
        join webhook_endpoint p on p.company_id = e.company_id and p.enabled and e.kind = any(p.events)
       where e.dispatched_at is null and not e.is_test
      on conflict (event_id, endpoint_id) do nothing;`);
    this.addSql(`update webhook_event set dispatched_at = now() where dispatched_at is null;`);
    this.addSql(`update webhook_job set locked_until = null where state = 'pending';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "job_worker";`);
    this.addSql(`drop trigger if exists enqueue_update on "webhook_job";`);
    this.addSql(`drop trigger if exists enqueue_insert on "webhook_job";`);
    this.addSql(`drop function if exists webhook_job_enqueue_fn();`);
    this.addSql(`drop trigger if exists fan_out on "webhook_event";`);
    this.addSql(`drop function if exists webhook_event_fan_out_fn();`);
  }

}
