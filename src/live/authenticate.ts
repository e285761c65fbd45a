/**
 * Who a live connection speaks for, decided at `connection_init`: an API client by the bearer token of its
 * payload (`{ "authorization": "Bearer <token>" }`, or the upgrade request's own `Authorization` header),
 * verified as /graphql verifies one (src/pipeline/authenticate.ts); or a console user by the session cookie
 * of the upgrade request. A browser sends a site's cookies with a WebSocket opened by any other site, so the
 * cookie counts only when the request's `Origin` is this service's own host. The answer also says how to
 * read the caller's standing again, when its access changes or a session is checked.
 */
import type { IncomingMessage } from 'node:http';
import { liveSessionUser } from '../domain/console-sessions.ts';
import { Unauthenticated } from '../domain/errors.ts';
import { authenticateBearer } from '../pipeline/authenticate.ts';
import { bearerToken } from '../pipeline/bearer.ts';
import type { Call } from '../pipeline/call.ts';
import type { Caller } from '../pipeline/caller.ts';
import { consoleCaller, cookieSession, sessionLimits } from '../pipeline/console.ts';
import type { Pipeline } from '../pipeline/index.ts';
import type { Standing } from './connection.ts';

export const MISSING_LIVE_CREDENTIAL = 'Missing bearer token: send connection_init {"authorization": "Bearer <access token>"}, or sign in to the console';

export interface LiveIdentity {
  caller: Caller;
  standing: () => Promise<Standing>;
  /** When the credential stops being valid (a token's expiry), in milliseconds since the epoch. */
  expiresAt: number | null;
}

/** The bearer credential a connection offers, if any: its `connection_init` payload's, else its upgrade request's. */
export function offeredToken(params: Readonly<Record<string, unknown>> | undefined, req: IncomingMessage): string | undefined {
  const offered = params?.authorization ?? params?.Authorization;
  return typeof offered === 'string' ? offered : req.headers.authorization;
}

/** True when the upgrade request comes from a page of this service's own host. */
function fromOwnOrigin(req: IncomingMessage): boolean {
  const { origin, host } = req.headers;
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Sets `call.caller` from the credential offered, or throws UNAUTHENTICATED. */
export async function authenticateLive(pipeline: Pipeline, call: Call, req: IncomingMessage, header: string | undefined): Promise<LiveIdentity> {
  if (header) return byToken(pipeline, call, header);
  const session = fromOwnOrigin(req) ? await cookieSession(pipeline.services, req) : null;
  if (!session) throw new Unauthenticated(MISSING_LIVE_CREDENTIAL);
  const { orm, clock, config } = pipeline.services;
  call.caller = consoleCaller(session.user);
  return {
    caller: call.caller,
    expiresAt: null,
    standing: async () => {
      const user = await liveSessionUser(orm, session.tokenHash, clock.now(), sessionLimits(config));
      return user ? { caller: consoleCaller(user) } : { gone: 'the console session ended' };
    },
  };
}

async function byToken(pipeline: Pipeline, call: Call, header: string): Promise<LiveIdentity> {
  const { tokens, callers } = pipeline;
  await authenticateBearer(pipeline, call, 'm2m', header);
  // Verified just now, so known: the claims say when the token expires and which client it is.
  const claims = await tokens.verify('m2m', bearerToken(header)!);
  return {
    caller: call.caller!,
    expiresAt: claims.exp === undefined ? null : claims.exp * 1000,
    standing: async () => {
      callers.forget(claims.sub);
      const caller = await callers.callerOf('m2m', claims);
      return caller ? { caller } : { gone: 'the token was revoked or its client has expired' };
    },
  };
}
