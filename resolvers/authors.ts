/**
 * Who writes what a caller adds (a note's `author`): a console user by email, an API client or a v1 key by
 * the name it was given (its id when it has none), as people would recognise them.
 */
import { credentialName } from '../src/db/callers.ts';
import type { GraphqlContext } from './context.ts';

export async function authorOf(ctx: GraphqlContext): Promise<string | null> {
  const caller = ctx.caller;
  if (!caller) return null;
  if (caller.kind === 'console') return caller.user?.email ?? caller.id;
  return (await credentialName(ctx.reads, caller.kind, caller.id)) || caller.id;
}
