/**
 * Who writes what a caller adds (a note's `author`): a console user by email, an API client or a v1 key by
 * the name it was given (its id when it has none), as people would recognise them.
 */
import type { GraphqlContext } from './context.ts';

const NAMES = {
  m2m: 'select name from api_client where company_id = $1 and id = $2',
  v1: 'select name from v1_api_key where company_id = $1 and id = $2',
} as const;

export async function authorOf(ctx: GraphqlContext): Promise<string | null> {
  const caller = ctx.caller;
  if (!caller) return null;
  if (caller.kind === 'console') return caller.user?.email ?? caller.id;
  const row = await ctx.reads.row<{ name: string }>(NAMES[caller.kind], [caller.id]);
  return row?.name || caller.id;
}
