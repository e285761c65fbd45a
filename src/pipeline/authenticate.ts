/**
 * Step 1, authenticate: who is calling. An API call carries `Authorization: Bearer <token>` of its
 * surface; the console's requests carry its session cookie instead (src/pipeline/console.ts). A token this
 * instance verified before, whose client was seen in good standing lately, is known at once, without
 * waiting on anything; any other is verified and its client looked up.
 */
import { databaseUnavailable } from './database.ts';
import { DomainError, Unauthenticated } from '../domain/errors.ts';
import { bearerToken } from './bearer.ts';
import type { Call } from './call.ts';
import type { CallerDirectory } from './callers.ts';
import { InvalidToken, type Surface, type TokenService } from './tokens.ts';

/** A bad token, as opposed to a missing one: RFC 6750 clients are told `invalid_token`. */
export class InvalidTokenError extends Unauthenticated {}

export const MISSING_TOKEN = 'Missing bearer token: send Authorization: Bearer <access token>';

const BEARER_PREFIX = /^bearer $/i;

export interface Authenticator {
  tokens: TokenService;
  callers: CallerDirectory;
}

/**
 * Sets `call.caller` from the request's `Authorization` header for `surface`. Without `optional`, a missing
 * token is refused; a token that is present but invalid, expired, for another surface or of a client that
 * may no longer call always is.
 */
export function authenticateBearer(
  { tokens, callers }: Authenticator,
  call: Call,
  surface: Surface,
  header: string | undefined,
  optional = false,
): void | Promise<void> {
  if (!header) {
    if (optional) return;
    throw new Unauthenticated(MISSING_TOKEN);
  }
  // A token verified before is known by its exact text: any other spelling takes the strict parse below.
  if (BEARER_PREFIX.test(header.slice(0, 7))) {
    const claims = tokens.known(surface, header.slice(7));
    const caller = claims && callers.knownCaller(surface, claims);
    if (caller) {
      call.caller = caller;
      return;
    }
  }
  return verify({ tokens, callers }, call, surface, header);
}

async function verify({ tokens, callers }: Authenticator, call: Call, surface: Surface, header: string): Promise<void> {
  const token = bearerToken(header);
  if (!token) throw new InvalidTokenError('Malformed Authorization header: expected Bearer <token>');
  try {
    const claims = await tokens.verify(surface, token);
    const caller = await callers.callerOf(surface, claims);
    if (!caller) throw new InvalidTokenError('The token was revoked or its client has expired');
    call.caller = caller;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof InvalidToken) throw new InvalidTokenError('Invalid or expired token');
    throw databaseUnavailable(error) ?? error;
  }
}
