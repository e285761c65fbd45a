/**
 * The admin console's way in to /graphql: a session cookie, used only on requests that carry
 * `X-Studio-Console: 1`. A cross-site form or link cannot send that header (and a cross-site script
 * cannot without a CORS preflight this service never grants), so no other site can act with a console
 * user's cookie: without the header the request is anonymous. A bearer token, when present, wins.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.ts';
import { csrfToken, endSession, sessionOf, startSession, type ConsoleSessionView, type SessionLimits } from '../domain/console-sessions.ts';
import { ROLE_SCOPES, verifyConsolePassword, type ConsoleUserView } from '../domain/console-users.ts';
import { RateLimited, Unauthenticated } from '../domain/errors.ts';
import type { Services } from '../services.ts';
import { sourceAddress } from './anonymous-limits.ts';
import type { Caller } from './caller.ts';
import { callerOf } from './http.ts';
import type { Pipeline } from './index.ts';

export const CONSOLE_HEADER = 'x-studio-console';
export const SESSION_COOKIE = 'studio_session';
export const WRONG_CREDENTIALS = 'Email or password is wrong';

export const sessionLimits = (config: Pick<Config, 'CONSOLE_SESSION_IDLE_MINUTES' | 'CONSOLE_SESSION_MAX_HOURS'>): SessionLimits => ({
  idleMs: config.CONSOLE_SESSION_IDLE_MINUTES * 60_000,
  maxMs: config.CONSOLE_SESSION_MAX_HOURS * 3_600_000,
});

export const isConsoleRequest = (req: Request) => req.headers[CONSOLE_HEADER] === '1';

export function consoleCaller(user: ConsoleUserView): Caller {
  return { kind: 'console', id: user.id, companyId: user.companyId, scopes: ROLE_SCOPES[user.role], user: { email: user.email, role: user.role } };
}

function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The console session of the request's cookie, whatever its headers (for pages and downloads, not for acting). */
export async function cookieSession(services: Services, req: Request): Promise<ConsoleSessionView | null> {
  const token = cookie(req, SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  return sessionOf(services.orm, token, services.clock.now(), sessionLimits(services.config));
}

/** A signed-in console user as the console sees itself: `me`. */
export interface ConsoleIdentity {
  user: ConsoleUserView;
  companyName: string;
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
 * On a console request without a bearer token: the caller of the session cookie, when its session is live.
 * The session is kept for the operations (`me`, `signOut`); the audit log names the surface `console`.
 */
export function authenticateConsole(services: Services): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isConsoleRequest(req)) return next();
    res.locals.auditSurface = 'console';
    // Console answers carry secrets (a new client's, a reset password) and personal data: never stored.
    res.setHeader('Cache-Control', 'no-store');
    if (req.headers.authorization || callerOf(res)) return next();
    try {
      const session = await cookieSession(services, req);
      if (session) {
        res.locals.consoleSession = session;
        res.locals.caller = consoleCaller(session.user);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

export function consoleExchange(services: Services, pipeline: Pipeline, req: Request, res: Response): ConsoleExchange {
  const { orm, clock, config, serverKey } = services;
  const limits = sessionLimits(config);
  const session = res.locals.consoleSession as ConsoleSessionView | undefined;
  const identityOf = (s: ConsoleSessionView): ConsoleIdentity => ({ user: s.user, companyName: s.companyName, csrfToken: csrfToken(serverKey, s.tokenHash) });
  // Behind a TLS proxy that TRUST_PROXY does not name, req.secure is false: production always says Secure.
  const secure = req.secure || config.production;
  const setCookie = (value: string, maxAgeSeconds: number) =>
    res.append('Set-Cookie', `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`);
  const exchange: ConsoleExchange = {
    identity: session ? identityOf(session) : null,
    async signIn(email, password) {
      // Only the console signs in: a cross-site form must not sign a browser in to someone else's account.
      if (!isConsoleRequest(req)) throw new Unauthenticated(`Sign in from the console: send ${CONSOLE_HEADER}: 1`);
      const account = email.trim().toLowerCase();
      const address = sourceAddress(req);
      const failures = pipeline.failedLogins.console;
      const throttled = (seconds: number) => {
        res.setHeader('Retry-After', String(seconds));
        return new RateLimited(`Too many failed sign-ins: retry after ${seconds} s`, seconds);
      };
      const attempt = await failures.attempt(account, address);
      if (attempt.wait) throw throttled(attempt.wait);
      const user = await verifyConsolePassword(orm, account, password);
      if (!user) throw new Unauthenticated(WRONG_CREDENTIALS);
      await attempt.succeeded();
      if (session) await endSession(orm, session.tokenHash);
      const token = await startSession(orm, user.id, clock.now(), limits);
      setCookie(token, Math.floor(limits.maxMs / 1000));
      const started = await sessionOf(orm, token, clock.now(), limits);
      if (!started) throw new Unauthenticated(WRONG_CREDENTIALS);
      // The audit entry of this request names the user who signed in.
      res.locals.caller = consoleCaller(started.user);
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
