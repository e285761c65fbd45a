/** The committed migrations, in order; applied at start by `migrate()`. */
import { Migration20261121142536_initial } from './Migration20261121142536_initial.ts';
import { Migration20261121145908_idempotency } from './Migration20261121145908_idempotency.ts';
import { Migration20261121150430_webhook_jobs } from './Migration20261121150430_webhook_jobs.ts';
import { Migration20261121154656_audit_operation } from './Migration20261121154656_audit_operation.ts';

export const migrationsList = [
  { name: 'Migration20261121142536_initial', class: Migration20261121142536_initial },
  { name: 'Migration20261121145908_idempotency', class: Migration20261121145908_idempotency },
  { name: 'Migration20261121150430_webhook_jobs', class: Migration20261121150430_webhook_jobs },
  { name: 'Migration20261121154656_audit_operation', class: Migration20261121154656_audit_operation },
];
