/** The caller's company, loaded once per request: its timezone and currency shape many fields. */
import type { ICompany } from '../src/db/entities/index.ts';
import { Unauthenticated } from '../src/domain/errors.ts';
import type { GraphqlContext } from './context.ts';

export async function callerCompany(ctx: GraphqlContext): Promise<ICompany> {
  if (!ctx.caller) throw new Unauthenticated();
  const company = await ctx.loaders.company.load(ctx.caller.companyId);
  if (!company) throw new Unauthenticated('The company of this token no longer exists');
  return company;
}
