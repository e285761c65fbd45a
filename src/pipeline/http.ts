/**
 * The pipeline's HTTP steps, shared by every surface: authenticate, admit under the rate limits, and
 * audit the call once its response is sent. Each surface passes its own presenter, which writes an
 * error of the one vocabulary in that surface's documented shape.
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Caller } from '../../resolvers/context.ts';
import { DomainError, RateLimited, Unauthenticated } from '../domain/errors.ts';
import type { Pipeline } from './index.ts';
import type { ClientLimits } from './limits.ts';
import { rateLimitHeader } from './limits.ts';
import { InvalidToken, type Surface } from './tokens.ts';

export type ErrorPresenter = (res: Response, error: DomainError) => void;

export const JSON_BODY_LIMIT = '100kb';

/** JSON bodies up to 100 kB. Each surface parses after its audit step, so refused bodies are audited too. */
export const jsonBodies = express.json({ limit: JSON_BODY_LIMIT });

/** What the audit log records of a call beside its method, path and status. */
export interface AuditNote {
  resourceType: string;
  action: 'READ' | 'UPDATE';
  /** The GraphQL operation name, for calls to /graphql. */
  operation?: string | null;
}

export function callerOf(res: Response): Caller | null {
  return (res.locals.caller as Caller | undefined) ?? null;
}

export function noteAudit(res: Response, note: AuditNote): void {
  res.locals.audit = note;
}

/** Unauthenticated errors of a bad token (as opposed to a missing one) say so for RFC 6750 clients. */
export class InvalidTokenError extends Unauthenticated {}

/**
 * Reads `Authorization: Bearer <token>`. Without `optional`, a missing token is refused; a token that is
 * present but invalid, expired, for another surface or of a client that may no longer call, always is.
 */
export function authenticate(pipeline: Pipeline, surface: Surface, present: ErrorPresenter, options: { optional?: boolean } = {}): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    if (!header) {
      if (options.optional) return next();
      return present(res, new Unauthenticated('Missing bearer token: send Authorization: Bearer <access token>'));
    }
    const match = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
    if (!match) return present(res, new InvalidTokenError('Malformed Authorization header: expected Bearer <token>'));
    try {
      const claims = await pipeline.tokens.verify(surface, match[1]!);
      const caller = await pipeline.callers.callerOf(surface, claims);
      if (!caller) return present(res, new InvalidTokenError('The token was revoked or its client has expired'));
      res.locals.caller = caller;
      next();
    } catch (error) {
      if (error instanceof DomainError) return present(res, error);
      if (error instanceof InvalidToken) return present(res, new InvalidTokenError('Invalid or expired token'));
      next(error);
    }
  };
}

/** Counts the call against the caller's limits; past any of them, 429 with Retry-After. */
export function admit(limits: ClientLimits, present: ErrorPresenter): RequestHandler {
  return async (_req: Request, res: Response, next: NextFunction) => {
    const caller = callerOf(res);
    if (!caller) return next();
    try {
      const admission = await limits.admit(caller.id);
      res.setHeader('RateLimit-Policy', limits.policyHeader());
      res.setHeader('RateLimit', rateLimitHeader(admission.states));
      if (!admission.admitted) {
        res.setHeader('Retry-After', String(admission.retryAfter));
        return present(res, new RateLimited(`Rate limit exceeded (${admission.exceeded}): retry after ${admission.retryAfter} s`, admission.retryAfter));
      }
      res.once('close', () => void admission.release());
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** Records every call, refused ones included, once its response has been sent. */
export function auditCalls(pipeline: Pipeline, surface: string, defaultResource: (req: Request) => string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.once('finish', () => {
      const caller = callerOf(res);
      const note = res.locals.audit as AuditNote | undefined;
      pipeline.audit.record({
        companyId: caller?.companyId ?? null,
        client: caller?.id ?? null,
        surface,
        method: req.method,
        path: req.originalUrl.split('?')[0]!,
        resourceType: note?.resourceType || defaultResource(req),
        operation: note?.operation ?? null,
        action: note?.action ?? (req.method === 'GET' || req.method === 'HEAD' ? 'READ' : 'UPDATE'),
        status: res.statusCode,
      });
    });
    next();
  };
}
