/**
 * The tables the service queries, as Kysely's `Database`: written by `npm run db:schema` from a migrated
 * database (src/db/schema-write.ts), do not edit. test/db.schema.test.ts fails when it differs from what
 * the migrations make. Types are as the ORM's connection reads them: instants and dates as PostgreSQL
 * writes them (`2026-11-21 10:00:00+00`, `2026-11-21`), bigint and numeric as text.
 */
import type { ColumnType, Generated } from 'kysely';

/** An instant or a timestamp: read as PostgreSQL's text, written from a Date or an ISO text. */
export type Timestamp = ColumnType<string, Date | string, Date | string>;
/** A calendar date, `YYYY-MM-DD`. */
export type DateText = ColumnType<string, string, string>;
/** bigint: read as text (it may not fit a number), written from a number or text. */
export type Int8 = ColumnType<string, number | string | bigint, number | string | bigint>;
export type Numeric = ColumnType<string, number | string, number | string>;
export type Json = ColumnType<unknown, string | object, string | object>;

export interface ApiClientTable {
  id: string;
  company_id: string;
  name: string;
  description: string | null;
  scopes: string[];
  secret_hash: string;
  previous_secret_hash: string | null;
  previous_secret_expires_at: Timestamp | null;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
  tokens_not_before: Timestamp | null;
}

export interface AppointmentTable {
  id: string;
  company_id: string;
  customer_id: string;
  service_id: string;
  option_name: string;
  facilitator_id: string;
  starts_at: Timestamp;
  duration_minutes: number;
  blocked_until: Timestamp;
  tz: string;
  status: Generated<string>;
  notes: Generated<string>;
  created_at: Timestamp;
  payment_method: string;
  currency: string;
  base100_price_paid: number | null;
  credits_used: number | null;
  payment_status: string;
  pass_purchase_id: string | null;
  settlement_method: string | null;
  settled_at: Timestamp | null;
}

export interface AuditEntryTable {
  id: Generated<Int8>;
  company_id: string | null;
  client: string | null;
  surface: string;
  method: string;
  path: string;
  resource_type: string;
  action: string;
  status: number;
  at: Timestamp;
  operation: string | null;
  missing_scope: string | null;
  user_id: string | null;
  user_email: string | null;
  request_id: string | null;
  actor: string | null;
  error_code: string | null;
  targets: Generated<string[]>;
}

export interface BookingTable {
  id: string;
  company_id: string;
  transaction_id: string;
  event_date_id: string;
  pricing_option_id: string;
  spaces: number;
  bought_for_id: string | null;
  is_cancelled: Generated<boolean>;
  is_refunded: Generated<boolean>;
  payment_method: string;
  currency: string;
  base100_gross_price: number | null;
  base100_net_price: number | null;
  credits_used: number | null;
  pass_purchase_id: string | null;
  attendee_id: string;
  attended: boolean | null;
}

export interface CacheVersionTable {
  company_id: string;
  type: string;
  version: Int8;
}

export interface CompanyTable {
  id: string;
  name: string;
  timezone: string;
  currency: string;
  created_at: Timestamp;
}

export interface ConsoleSessionTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface ConsoleUserTable {
  id: string;
  company_id: string;
  email: string;
  role: string;
  password_hash: string;
  created_at: Timestamp;
  last_sign_in_at: Timestamp | null;
  last_sign_in_device: string | null;
}

export interface CustomerTable {
  id: string;
  company_id: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string | null;
  archived: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  duplicate_email_kept: Generated<boolean>;
}

export interface EventTable {
  id: string;
  company_id: string;
  name: string;
  description: Generated<string>;
  timezone: string;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  kind: string;
}

export interface EventDateTable {
  id: string;
  company_id: string;
  event_id: string;
  starts_at: Timestamp;
  duration: number;
  capacity: number;
  spaces_booked: Generated<number>;
  cancelled_at: Timestamp | null;
}

export interface EventTransactionTable {
  id: string;
  company_id: string;
  customer_id: string;
  purchased_at: Timestamp;
  voucher_id: string | null;
  created_at: Timestamp;
}

export interface FacilitatorTable {
  id: string;
  company_id: string;
  name: string;
  timezone: string;
}

export interface FacilitatorDateOverrideTable {
  id: Generated<number>;
  company_id: string;
  facilitator_id: string;
  date: DateText;
  windows: Json;
}

export interface FacilitatorWindowTable {
  id: Generated<number>;
  company_id: string;
  facilitator_id: string;
  weekday: number;
  start_time: string;
  end_time: string;
}

export interface IdempotencyKeyTable {
  api_key: string;
  key: string;
  company_id: string;
  request_hash: string;
  status: number | null;
  body: string | null;
  created_at: Timestamp;
}

export interface JobWorkerTable {
  id: string;
  heartbeat_at: Generated<Timestamp>;
}

export interface MandateTable {
  id: string;
  company_id: string;
  customer_id: string;
  plan_id: string;
  state: string;
  created_at: Timestamp;
  grace: Generated<number>;
  earliest_cancellation_date: DateText;
  renewal_date: DateText;
  anchor_date: DateText;
  cancel_at: DateText | null;
  cancelled_at: Timestamp | null;
  paused_at: Timestamp | null;
}

export interface MediaTable {
  id: string;
  company_id: string;
  name: string;
  description: Generated<string>;
  base100_price: number;
  credits: number;
  access_days: number | null;
  active: Generated<boolean>;
}

export interface NoteTable {
  id: string;
  company_id: string;
  customer_id: string;
  body: string;
  author: string | null;
  created_at: Timestamp;
  appointment_id: string | null;
}

export interface PassPurchaseTable {
  id: string;
  company_id: string;
  customer_id: string;
  template_id: string;
  credits_allocated: number;
  credits_consumed: Generated<number>;
  created_at: Timestamp;
  starts: DateText;
  expires: DateText;
  is_cancelled: Generated<boolean>;
  is_refunded: Generated<boolean>;
  currency: string;
  base100_gross_price: number;
  base100_discount: Generated<number>;
  base100_net_price: number;
  voucher_id: string | null;
}

export interface PassTemplateTable {
  id: string;
  company_id: string;
  name: string;
  description: Generated<string>;
  credits: number;
  validity_days: number;
  base100_price: number;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PricingOptionTable {
  id: string;
  company_id: string;
  event_id: string;
  name: string;
  base100_price: number;
  credits: number;
}

export interface QuestionnaireAnswerTable {
  id: string;
  company_id: string;
  customer_id: string;
  questionnaire: string;
  question: string;
  answer: string;
  answered_at: Timestamp;
}

export interface ServerKeyCheckTable {
  id: number;
  check_value: string;
  created_at: Timestamp;
}

export interface ServiceTable {
  id: string;
  company_id: string;
  name: string;
  description: Generated<string>;
  buffer_minutes: Generated<number>;
  active: Generated<boolean>;
  deleted_at: Timestamp | null;
}

export interface ServiceOptionTable {
  id: Generated<number>;
  company_id: string;
  service_id: string;
  name: string;
  duration_minutes: number;
  base100_price: number;
  credits: number;
  active: Generated<boolean>;
  deleted_at: Timestamp | null;
}

export interface SubscriptionChargeTable {
  id: string;
  company_id: string;
  mandate_id: string;
  period_start: DateText;
  period_end: DateText;
  base100_amount: number;
  currency: string;
  status: string;
  created_at: Timestamp;
  settled_at: Timestamp | null;
  settlement_method: string | null;
}

export interface SubscriptionPlanTable {
  id: string;
  company_id: string;
  name: string;
  description: Generated<string>;
  base100_price: number;
  currency: string;
  interval: string;
  active: Generated<boolean>;
  grace_days: Generated<number>;
  minimum_term_periods: Generated<number>;
}

export interface V1ApiKeyTable {
  id: string;
  company_id: string;
  name: string;
  secret_hash: string;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
  previous_secret_hash: string | null;
  previous_secret_expires_at: Timestamp | null;
  tokens_not_before: Timestamp | null;
}

export interface VideoPurchaseTable {
  id: string;
  company_id: string;
  customer_id: string;
  media_id: string;
  created_at: Timestamp;
  expires_on: DateText | null;
  is_cancelled: Generated<boolean>;
  is_refunded: Generated<boolean>;
  payment_method: string;
  currency: string;
  base100_price: number | null;
  credits_used: number | null;
  pass_purchase_id: string | null;
  voucher_id: string | null;
}

export interface VoucherTable {
  id: string;
  company_id: string;
  code: string;
  description: Generated<string>;
  percent_off: number | null;
  base100_amount_off: number | null;
  valid_from: DateText | null;
  valid_until: DateText | null;
  max_redemptions: number | null;
  redemptions: Generated<number>;
  active: Generated<boolean>;
}

export interface WaitlistEntryTable {
  company_id: string;
  id: string;
  event_date_id: string;
  customer_id: string;
  pricing_option_id: string;
  spaces: number;
  pay_with: string;
  pass_purchase_id: string | null;
  place: number;
  status: Generated<string>;
  booking_id: string | null;
  skipped_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveryTable {
  id: Generated<Int8>;
  company_id: string;
  event_id: string;
  endpoint_id: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  at: Timestamp;
}

export interface WebhookEndpointTable {
  id: string;
  company_id: string;
  url: string;
  events: string[];
  sealed_secret: string;
  previous_sealed_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  enabled: Generated<boolean>;
  created_at: Timestamp;
}

export interface WebhookEventTable {
  id: string;
  company_id: string;
  kind: string;
  payload: Json;
  is_test: Generated<boolean>;
  created_at: Timestamp;
  dispatched_at: Timestamp | null;
  seq: Int8 | null;
}

export interface WebhookEventSequenceTable {
  company_id: string;
  last: Int8;
}

export interface WebhookJobTable {
  id: Generated<Int8>;
  company_id: string;
  event_id: string;
  endpoint_id: string;
  state: Generated<string>;
  attempts: Generated<number>;
  retries_left: number;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface Database {
  api_client: ApiClientTable;
  appointment: AppointmentTable;
  audit_entry: AuditEntryTable;
  booking: BookingTable;
  cache_version: CacheVersionTable;
  company: CompanyTable;
  console_session: ConsoleSessionTable;
  console_user: ConsoleUserTable;
  customer: CustomerTable;
  event: EventTable;
  event_date: EventDateTable;
  event_transaction: EventTransactionTable;
  facilitator: FacilitatorTable;
  facilitator_date_override: FacilitatorDateOverrideTable;
  facilitator_window: FacilitatorWindowTable;
  idempotency_key: IdempotencyKeyTable;
  job_worker: JobWorkerTable;
  mandate: MandateTable;
  media: MediaTable;
  note: NoteTable;
  pass_purchase: PassPurchaseTable;
  pass_template: PassTemplateTable;
  pricing_option: PricingOptionTable;
  questionnaire_answer: QuestionnaireAnswerTable;
  server_key_check: ServerKeyCheckTable;
  service: ServiceTable;
  service_option: ServiceOptionTable;
  subscription_charge: SubscriptionChargeTable;
  subscription_plan: SubscriptionPlanTable;
  v1_api_key: V1ApiKeyTable;
  video_purchase: VideoPurchaseTable;
  voucher: VoucherTable;
  waitlist_entry: WaitlistEntryTable;
  webhook_delivery: WebhookDeliveryTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_event: WebhookEventTable;
  webhook_event_sequence: WebhookEventSequenceTable;
  webhook_job: WebhookJobTable;
}
