/**
 * Step 1 for the admin console: its requests to /graphql authenticate with a session cookie, used only on
 * requests that carry `X-Studio-Console: 1`. A cross-site form or link cannot send that header (and a
 * cross-site script cannot without a CORS preflight this service never grants for it), so no other site can
 * act with a console user's cookie: without the header the request is anonymous. A bearer token, when
 * present, wins. The audit log names such calls' surface `console`.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';
import { csrfToken, endSession, sessionOf, startSession, type ConsoleSessionView, type SessionLimits } from '../domain/console-sessions.ts';
import { lastSignInDevice, ROLE_SCOPES, verifyConsolePassword, type ConsoleUserView } from '../domain/console-users.ts';
import { RateLimited, Unauthenticated } from '../domain/errors.ts';
import type { Services } from '../services.ts';
import type { Call } from './call.ts';
import type { Caller } from './caller.ts';
import { isHttps } from './http.ts';
import type { Pipeline } from './index.ts';

export const CONSOLE_HEADER = 'x-studio-console';
export const SESSION_COOKIE = 'studio_session';
export const WRONG_CREDENTIALS = 'Email or password is wrong';

export const sessionLimits = (config: Pick<Config, 'CONSOLE_SESSION_IDLE_MINUTES' | 'CONSOLE_SESSION_MAX_HOURS'>): SessionLimits => ({
  idleMs: config.CONSOLE_SESSION_IDLE_MINUTES * 60_000,
  maxMs: config.CONSOLE_SESSION_MAX_HOURS * 3_600_000,
});

export const isConsoleRequest = (req: IncomingMessage) => req.headers[CONSOLE_HEADER] === '1';

export function consoleCaller(user: ConsoleUserView): Caller {
  return { kind: 'console', id: user.id, companyId: user.companyId, scopes: ROLE_SCOPES[user.role], user: { email: user.email, role: user.role } };
}

/** Where a sign-in comes from, as a digest of its address and user agent (neither is stored as such). */
function deviceOf(address: string, userAgent: string | undefined): string {
  return createHash('sha256').update(`${address}\u0000${userAgent ?? ''}`).digest('base64url').slice(0, 32);
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The console session of the request's cookie, whatever its headers (for pages and downloads, not for acting). */
export async function cookieSession(services: Services, req: IncomingMessage): Promise<ConsoleSessionView | null> {
  const token = cookie(req, SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  return sessionOf(services.orm, token, services.clock.now(), sessionLimits(services.config));
}

/** A signed-in console user as the console sees itself: `me`. */
export interface ConsoleIdentity {
  user: ConsoleUserView;
  companyName: string;
  companyTimezone: string;
  companyCurrency: string;
  csrfToken: string;
}

/** What the GraphQL operations of a console request may do with its HTTP exchange. */
export interface ConsoleExchange {
  /** The request's session's user; null when not signed in. */
  identity: ConsoleIdentity | null;
  signIn(email: string, password: string): Promise<ConsoleIdentity>;
  signOut(): Promise<void>;
}

/**
 * For a console request without a bearer token: the caller of its session cookie, when the session is live.
 * Console answers carry secrets (a new client's, a reset password) and personal data: never stored.
 */
export async function authenticateConsole(services: Services, call: Call, req: IncomingMessage): Promise<ConsoleSessionView | null> {
  call.headers.set('Cache-Control', 'no-store');
  if (req.headers.authorization || call.caller) return null;
  const session = await cookieSession(services, req);
  if (session) call.caller = consoleCaller(session.user);
  return session;
}

export function consoleExchange(pipeline: Pipeline, call: Call, req: IncomingMessage, session: ConsoleSessionView | null): ConsoleExchange {
  const { orm, clock, config, serverKey } = pipeline.services;
  const limits = sessionLimits(config);
  const identityOf = (s: ConsoleSessionView): ConsoleIdentity => ({
    user: s.user,
    companyName: s.companyName,
    companyTimezone: s.companyTimezone,
    companyCurrency: s.companyCurrency,
    csrfToken: csrfToken(serverKey, s.tokenHash),
  });
  // Behind a TLS proxy that TRUST_PROXY does not name, the socket is plain: production always says Secure.
  const secure = config.production || isHttps(req, pipeline.trust);
  const setCookie = (value: string, maxAgeSeconds: number) => {
    const cookies = call.headers.get('Set-Cookie') ?? [];
    const line = `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    call.headers.set('Set-Cookie', [...(Array.isArray(cookies) ? cookies : [cookies]), line]);
  };
  const exchange: ConsoleExchange = {
    identity: session ? identityOf(session) : null,
    async signIn(email, password) {
      // Only the console signs in: a cross-site form must not sign a browser in to someone else's account.
      if (!isConsoleRequest(req)) throw new Unauthenticated(`Sign in from the console: send ${CONSOLE_HEADER}: 1`);
      const account = email.trim().toLowerCase();
      const device = deviceOf(call.address, req.headers['user-agent']);
      const known = (await lastSignInDevice(orm, account)) === device;
      const attempt = await pipeline.failedLogins.console.attempt(account, call.address, { id: device, known });
      if (attempt.wait) {
        call.headers.set('Retry-After', String(attempt.wait));
        throw new RateLimited(`Too many failed sign-ins: retry after ${attempt.wait} s`, attempt.wait);
      }
      const user = await verifyConsolePassword(orm, account, password);
      if (!user) throw new Unauthenticated(WRONG_CREDENTIALS);
      await attempt.succeeded();
      if (session) await endSession(orm, session.tokenHash);
      const token = await startSession(orm, user.id, clock.now(), limits, device);
      setCookie(token, Math.floor(limits.maxMs / 1000));
      const started = await sessionOf(orm, token, clock.now(), limits);
      if (!started) throw new Unauthenticated(WRONG_CREDENTIALS);
      // The audit entry of this call names the user who signed in.
      call.caller = consoleCaller(started.user);
      exchange.identity = identityOf(started);
      return exchange.identity;
    },
    async signOut() {
      if (session) await endSession(orm, session.tokenHash);
      setCookie('', 0);
      exchange.identity = null;
    },
  };
  return exchange;
}
