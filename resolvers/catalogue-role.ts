/**
 * The appointment catalogue (services, facilitators, working hours) is written with appointments:write, which
 * console staff hold for the desk: a console user also needs APPOINTMENT_CATALOGUE_SCOPE, which only admins
 * and owners hold. API clients never hold console scopes; for them the field's own scope is enough.
 */
import { APPOINTMENT_CATALOGUE_SCOPE } from '../src/domain/console-users.ts';
import { Forbidden } from '../src/domain/errors.ts';
import type { GraphqlContext } from './context.ts';

export function requireCatalogueRole(ctx: GraphqlContext): void {
  if (ctx.caller?.kind === 'console' && !ctx.caller.scopes.has(APPOINTMENT_CATALOGUE_SCOPE)) throw new Forbidden(APPOINTMENT_CATALOGUE_SCOPE);
}
