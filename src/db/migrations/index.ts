/** The committed migrations, in order; applied at start by `migrate()`. */
import { Migration20261121142536_initial } from './Migration20261121142536_initial.ts';
import { Migration20261121145908_idempotency } from './Migration20261121145908_idempotency.ts';
import { Migration20261121150430_webhook_jobs } from './Migration20261121150430_webhook_jobs.ts';
import { Migration20261121154656_audit_operation } from './Migration20261121154656_audit_operation.ts';
import { Migration20261123074506_event_kind } from './Migration20261123074506_event_kind.ts';
import { Migration20261123075242_server_key_check } from './Migration20261123075242_server_key_check.ts';
import { Migration20261123081331_read_path_indexes_audit_scope } from './Migration20261123081331_read_path_indexes_audit_scope.ts';
import { Migration20261123105243_console_users } from './Migration20261123105243_console_users.ts';
import { Migration20261125010000_cache_versions } from './Migration20261125010000_cache_versions.ts';
import { Migration20261125020000_customer_search } from './Migration20261125020000_customer_search.ts';
import { Migration20261125030000_client_token_fence } from './Migration20261125030000_client_token_fence.ts';
import { Migration20261125040000_sign_in_device } from './Migration20261125040000_sign_in_device.ts';
import { Migration20261125100000_desk_records } from './Migration20261125100000_desk_records.ts';
import { Migration20261125200000_subscriptions } from './Migration20261125200000_subscriptions.ts';
import { Migration20261125300000_list_orders } from './Migration20261125300000_list_orders.ts';
import { Migration20261126100000_event_date_day } from './Migration20261126100000_event_date_day.ts';
import { Migration20261126100000_webhook_catch_up } from './Migration20261126100000_webhook_catch_up.ts';
import { Migration20261126200000_log_orders } from './Migration20261126200000_log_orders.ts';
import { Migration20261128100000_audit_outcomes } from './Migration20261128100000_audit_outcomes.ts';
import { Migration20261128110000_v1_key_rotation } from './Migration20261128110000_v1_key_rotation.ts';
import { Migration20261129120070_job_queue } from './Migration20261129120070_job_queue.ts';

export const migrationsList = [
  { name: 'Migration20261121142536_initial', class: Migration20261121142536_initial },
  { name: 'Migration20261121145908_idempotency', class: Migration20261121145908_idempotency },
  { name: 'Migration20261121150430_webhook_jobs', class: Migration20261121150430_webhook_jobs },
  { name: 'Migration20261121154656_audit_operation', class: Migration20261121154656_audit_operation },
  { name: 'Migration20261123074506_event_kind', class: Migration20261123074506_event_kind },
  { name: 'Migration20261123075242_server_key_check', class: Migration20261123075242_server_key_check },
  { name: 'Migration20261123081331_read_path_indexes_audit_scope', class: Migration20261123081331_read_path_indexes_audit_scope },
  { name: 'Migration20261123105243_console_users', class: Migration20261123105243_console_users },
  { name: 'Migration20261125010000_cache_versions', class: Migration20261125010000_cache_versions },
  { name: 'Migration20261125020000_customer_search', class: Migration20261125020000_customer_search },
  { name: 'Migration20261125030000_client_token_fence', class: Migration20261125030000_client_token_fence },
  { name: 'Migration20261125040000_sign_in_device', class: Migration20261125040000_sign_in_device },
  { name: 'Migration20261125100000_desk_records', class: Migration20261125100000_desk_records },
  { name: 'Migration20261125200000_subscriptions', class: Migration20261125200000_subscriptions },
  { name: 'Migration20261125300000_list_orders', class: Migration20261125300000_list_orders },
  { name: 'Migration20261126100000_event_date_day', class: Migration20261126100000_event_date_day },
  { name: 'Migration20261126100000_webhook_catch_up', class: Migration20261126100000_webhook_catch_up },
  { name: 'Migration20261126200000_log_orders', class: Migration20261126200000_log_orders },
  { name: 'Migration20261128100000_audit_outcomes', class: Migration20261128100000_audit_outcomes },
  { name: 'Migration20261128110000_v1_key_rotation', class: Migration20261128110000_v1_key_rotation },
  { name: 'Migration20261129120070_job_queue', class: Migration20261129120070_job_queue },
];
