/**
 * A reference from one tenant record to another: its own column and `company_id`, which it shares with its
 * company property, to the target's key `(id, company_id)` (docs/operations.md, "Running on Citus"). The
 * database then refuses a row that points into another company.
 */
import type { PropertyChain } from '@mikro-orm/core';

export const sameCompany = <V, O extends { kind: 'm:1' }>(reference: PropertyChain<V, O>, column: string): PropertyChain<V, O> =>
  reference.joinColumns(column, 'company_id').referencedColumnNames('id', 'company_id');
