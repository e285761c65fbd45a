import { Migration } from '@mikro-orm/migrations';

/** Each table with its GraphQL type, its id column and its related columns, as src/db/live-changes.ts had them when this was written. */
const TABLES: string[][] = [
  ['customer', 'Customer', 'id'],
  ['note', 'Note', 'id', 'customer_id', 'appointment_id'],
  ['questionnaire_answer', 'QuestionnaireAnswer', 'id', 'customer_id'],
  ['event', 'Event', 'id'],
  ['event_date', 'EventDate', 'id', 'event_id'],
  ['pricing_option', 'PricingOption', 'id', 'event_id'],
  ['event_transaction', 'Transaction', 'id', 'customer_id'],
  ['booking', 'Booking', 'id', 'event_date_id', 'attendee_id', 'transaction_id'],
  ['facilitator', 'Facilitator', 'id'],
  ['facilitator_window', 'Facilitator', 'facilitator_id'],
  ['facilitator_date_override', 'Facilitator', 'facilitator_id'],
  ['service', 'Service', 'id'],
  ['service_option', 'Service', 'service_id'],
  ['appointment', 'Appointment', 'id', 'facilitator_id', 'customer_id', 'service_id'],
  ['pass_template', 'Pass', 'id'],
  ['pass_purchase', 'PassPurchase', 'id', 'customer_id', 'template_id'],
  ['media', 'Media', 'id'],
  ['video_purchase', 'VideoPurchase', 'id', 'customer_id', 'media_id'],
  ['subscription_plan', 'SubscriptionPlan', 'id'],
  ['mandate', 'Mandate', 'id', 'customer_id', 'plan_id'],
  ['subscription_charge', 'SubscriptionCharge', 'id', 'mandate_id'],
  ['voucher', 'Voucher', 'id'],
];

/**
 * Live changes (src/db/live-changes.ts): every row written to a table read through a scoped GraphQL type is
 * announced on `live_changes` at its transaction's commit. The first 500 rows of a transaction are announced
 * one by one; past that, once per company as "many changed" (`t: "*"`; identical notices of one transaction
 * are delivered once).
 */
export class Migration20261129150050_live_changes extends Migration {

  override name = 'Migration20261129150050_live_changes';

  override up(): void | Promise<void> {
    this.addSql(`create function live_change_fn() returns trigger language plpgsql as $$
  declare
    written jsonb := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
    id_column text := tg_argv[1];
    action text := case tg_op when 'INSERT' then 'created' when 'DELETE' then 'deleted' else 'updated' end;
    related jsonb := '[]';
    announced int := coalesce(nullif(current_setting('live.announced', true), ''), '0')::int + 1;
  begin
    perform set_config('live.announced', announced::text, true);
    if announced > 500 then
      perform pg_notify('live_changes', json_build_object('c', written->>'company_id', 't', '*')::text);
      return null;
    end if;
    if id_column <> 'id' then
      action := 'updated';
    elsif tg_op = 'UPDATE' and written->>'deleted_at' is not null and to_jsonb(old)->>'deleted_at' is null then
      action := 'deleted';
    end if;
    for i in 2 .. tg_nargs - 1 loop
      if written->>tg_argv[i] is not null then
        related := related || to_jsonb(written->>tg_argv[i]);
      end if;
    end loop;
    perform pg_notify('live_changes', json_build_object(
      'c', written->>'company_id', 't', tg_argv[0], 'i', written->>id_column, 'a', action, 'r', related, 'at', now())::text);
    return null;
  end
$$;`);
    for (const [table, ...args] of TABLES) {
      this.addSql(`create trigger live_change after insert or update or delete on "${table}" for each row execute function live_change_fn(${args.map((arg) => `'${arg}'`).join(', ')});`);
    }
  }

  override down(): void | Promise<void> {
    for (const [table] of TABLES) this.addSql(`drop trigger if exists live_change on "${table}";`);
    this.addSql('drop function if exists live_change_fn();');
  }

}
