/**
 * Step 3, authorise: the whole operation, before anything of it runs. The analysis of an operation
 * (src/pipeline/analysis.ts) knows the scope every field it selects needs, a mutation's selection
 * included; a caller lacking any one of them is refused the whole operation with FORBIDDEN (403), which the
 * audit log records as a denial naming the scope. Nothing has executed, so nothing has changed.
 */
import { Forbidden, Unauthenticated } from '../domain/errors.ts';
import type { ScopeRequirement } from './analysis.ts';
import { MISSING_TOKEN } from './authenticate.ts';
import type { Call } from './call.ts';
import { missingScope } from './scopes.ts';

export function authorise(call: Call, requirements: readonly ScopeRequirement[]): void {
  if (!requirements.length) return;
  if (!call.caller) throw new Unauthenticated(MISSING_TOKEN);
  const missing = missingScope(requirements, call.caller.scopes);
  if (missing) {
    call.deniedScope = missing;
    throw new Forbidden(missing);
  }
}
