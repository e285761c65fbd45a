/**
 * Live changes: what PostgreSQL tells every instance when records of a company change, so that GraphQL
 * subscribers (src/live) hear of it. A row trigger (`live_change`, migration 20261129150050) on each table
 * below announces every row written on LIVE_CHANGES_CHANNEL, whoever wrote it and however (an entity's
 * flush, a statement of a domain function, the command line, an import, a background job). PostgreSQL
 * delivers a NOTIFY only when its transaction commits, and forgets those of a transaction or a savepoint
 * rolled back, so a change is announced after its commit, and a write that did not happen never is.
 *
 * A transaction announces its first LIVE_CHANGES_PER_TRANSACTION rows one by one; past that (an import,
 * a whole timetable cancelled) it announces once per company that "many records changed" (`t: "*"`).
 */
import type { EntityMetadata, TriggerDef } from '@mikro-orm/core';

export const LIVE_CHANGES_CHANNEL = 'live_changes';

/** Rows a transaction announces one by one; the migration's trigger function holds the same number. */
export const LIVE_CHANGES_PER_TRANSACTION = 500;

/** The `type` of a change that stands for many records of a company: refetch whatever is shown. */
export const MANY_CHANGES = '*';

export type LiveAction = 'created' | 'updated' | 'deleted';

/** A record of a company changed: its GraphQL type and id, what happened, when, and the ids of the records it belongs to. */
export interface LiveChange {
  companyId: string;
  type: string;
  id: string;
  action: LiveAction;
  at: Date;
  related: string[];
}

/** What a NOTIFY on LIVE_CHANGES_CHANNEL carries: `{"c", "t", "i", "a", "r", "at"}`; only `c` and `t` for MANY_CHANGES. */
interface LiveNotice {
  c: string;
  t: string;
  i?: string;
  a?: LiveAction;
  r?: string[];
  at?: string;
}

/**
 * A table that announces its rows: the GraphQL type it is read as, the column of that record's id (a
 * facilitator's weekly window announces its facilitator, changed), and columns naming the records it
 * belongs to (a booking's event date and attendee), so that a screen can tell whether it shows them.
 */
interface LiveTable {
  table: string;
  type: string;
  idColumn?: string;
  related?: string[];
}

/** By entity name. A new table read through a scoped GraphQL type belongs here (test/graphql.live.test.ts checks it). */
export const LIVE_TABLES: Record<string, LiveTable> = {
  Customer: { table: 'customer', type: 'Customer' },
  Note: { table: 'note', type: 'Note', related: ['customer_id', 'appointment_id'] },
  QuestionnaireAnswer: { table: 'questionnaire_answer', type: 'QuestionnaireAnswer', related: ['customer_id'] },
  Event: { table: 'event', type: 'Event' },
  EventDate: { table: 'event_date', type: 'EventDate', related: ['event_id'] },
  PricingOption: { table: 'pricing_option', type: 'PricingOption', related: ['event_id'] },
  Transaction: { table: 'event_transaction', type: 'Transaction', related: ['customer_id'] },
  Booking: { table: 'booking', type: 'Booking', related: ['event_date_id', 'attendee_id', 'transaction_id'] },
  Facilitator: { table: 'facilitator', type: 'Facilitator' },
  FacilitatorWindow: { table: 'facilitator_window', type: 'Facilitator', idColumn: 'facilitator_id' },
  FacilitatorDateOverride: { table: 'facilitator_date_override', type: 'Facilitator', idColumn: 'facilitator_id' },
  Service: { table: 'service', type: 'Service' },
  ServiceOption: { table: 'service_option', type: 'Service', idColumn: 'service_id' },
  Appointment: { table: 'appointment', type: 'Appointment', related: ['facilitator_id', 'customer_id', 'service_id'] },
  PassTemplate: { table: 'pass_template', type: 'Pass' },
  PassPurchase: { table: 'pass_purchase', type: 'PassPurchase', related: ['customer_id', 'template_id'] },
  Media: { table: 'media', type: 'Media' },
  VideoPurchase: { table: 'video_purchase', type: 'VideoPurchase', related: ['customer_id', 'media_id'] },
  SubscriptionPlan: { table: 'subscription_plan', type: 'SubscriptionPlan' },
  Mandate: { table: 'mandate', type: 'Mandate', related: ['customer_id', 'plan_id'] },
  SubscriptionCharge: { table: 'subscription_charge', type: 'SubscriptionCharge', related: ['mandate_id'] },
  Voucher: { table: 'voucher', type: 'Voucher' },
  WaitlistEntry: { table: 'waitlist_entry', type: 'WaitlistEntry', related: ['event_date_id', 'customer_id', 'booking_id'] },
};

/** The trigger's name on every table that announces its rows. */
export const LIVE_TRIGGER = 'live_change';

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `create trigger` of a table: the function (created by the migration) takes the type, the id column and the related columns.
 * DDL, not a statement the service runs on a request: it stands in the entities' metadata (`declareLiveTrigger`,
 * at discovery) and in the migrations that add the trigger, so it stays a constant text built from LIVE_TABLES
 * (Kysely's schema builder has no `create trigger`, and DDL takes no parameters).
 */
export function liveTriggerSql({ table, type, idColumn = 'id', related = [] }: LiveTable): string {
  const args = [type, idColumn, ...related].map(quoted).join(', ');
  return `create trigger ${LIVE_TRIGGER} after insert or update or delete on "${table}" for each row execute function live_change_fn(${args});`;
}

/**
 * Declares the trigger on the entities of LIVE_TABLES (`discovery.onMetadata` of src/db/orm.ts), so that the
 * schema the entities describe has it and no generated migration drops it.
 */
export function declareLiveTrigger(meta: EntityMetadata): void {
  const live = LIVE_TABLES[meta.className];
  if (!live) return;
  const trigger: TriggerDef = { name: LIVE_TRIGGER, timing: 'after', events: ['insert', 'update', 'delete'], expression: liveTriggerSql(live) };
  meta.triggers = [...(meta.triggers ?? []).filter((t) => t.name !== LIVE_TRIGGER), trigger];
}

/** A notice's change, or null when it is not one this version reads. */
export function readLiveNotice(payload: string, receivedAt: Date): LiveChange | null {
  const notice = JSON.parse(payload) as Partial<LiveNotice>;
  if (typeof notice.c !== 'string' || typeof notice.t !== 'string') return null;
  if (notice.t === MANY_CHANGES) return { companyId: notice.c, type: MANY_CHANGES, id: notice.c, action: 'updated', at: receivedAt, related: [] };
  if (typeof notice.i !== 'string' || !notice.a) return null;
  return { companyId: notice.c, type: notice.t, id: notice.i, action: notice.a, at: notice.at ? new Date(notice.at) : receivedAt, related: notice.r ?? [] };
}
