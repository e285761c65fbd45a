/**
 * The triggers that enqueue webhook deliveries in the transaction of the write that causes them
 * (migrations 20261129120070 and 20261129170000, docs/webhooks.md "Delivery"), as the entities declare them so that the schema
 * diff knows them (src/db/entities/operations.ts). A change to one is a new migration.
 */

/**
 * One pending job per enabled endpoint of the event's company subscribed to its kind, for each event the
 * statement inserted undispatched (not a test); the events are then dispatched.
 */
export const FAN_OUT_TRIGGER = `create function webhook_event_fan_out_fn() returns trigger language plpgsql as $$
      begin
        insert into webhook_job (company_id, event_id, endpoint_id, state, attempts, retries_left, next_attempt_at)
        select e.company_id, e.id, p.id, 'pending', 0, 3, now()
          from inserted e
          join webhook_endpoint p on p.company_id = e.company_id and p.enabled and e.kind = any(p.events)
         where e.dispatched_at is null and not e.is_test
        on conflict (event_id, endpoint_id, company_id) do nothing;
        update webhook_event set dispatched_at = now() where (id, company_id) in (select id, company_id from inserted where dispatched_at is null);
        return null;
      end
    $$;
create trigger fan_out after insert on "webhook_event" referencing new table as inserted
      for each statement execute function webhook_event_fan_out_fn();`;

/**
 * A job pending and held by no attempt gets the queue job `webhook:deliver`, keyed by it, at its
 * `next_attempt_at`, in one of its endpoint's 8 named queues (at most 8 attempts per endpoint at a time).
 */
export const ENQUEUE_INSERT_TRIGGER = `create function webhook_job_enqueue_fn() returns trigger language plpgsql as $$
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
    $$;
create trigger enqueue_insert after insert on "webhook_job" referencing new table as changed
      for each statement execute function webhook_job_enqueue_fn();`;
export const ENQUEUE_UPDATE_TRIGGER = `create trigger enqueue_update after update on "webhook_job" referencing new table as changed
      for each statement execute function webhook_job_enqueue_fn();`;
