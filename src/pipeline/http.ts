/**
 * The pipeline's HTTP steps, shared by every surface: authenticate, admit under the rate limits, and
 * audit every call before its response leaves. Each surface passes its own presenter, which writes an
 * error of the one vocabulary in that surface's documented shape.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { databaseUnavailable } from '../db/pool.ts';
import { DomainError, RateLimited, Unauthenticated, Unavailable } from '../domain/errors.ts';
import type { Caller } from './caller.ts';
import type { Pipeline } from './index.ts';
import type { Admission, ClientLimits } from './limits.ts';
import { rateLimitHeader } from './limits.ts';
import { bearerToken } from './bearer.ts';
import { refuseDeepJson } from './input-guards.ts';
import { InvalidToken, type Surface } from './tokens.ts';

export type ErrorPresenter = (res: Response, error: DomainError) => void;

export const JSON_BODY_LIMIT = '100kb';

/** JSON bodies up to 100 kB and 32 levels deep. Each surface parses after its audit step, so refused bodies are audited too. */
export const jsonBodies = express.json({ limit: JSON_BODY_LIMIT, verify: refuseDeepJson });

/** What the audit log records of a call beside its method, path and status. */
export interface AuditNote {
  resourceType: string;
  action: 'READ' | 'UPDATE';
  /** The GraphQL operation name, for calls to /graphql. */
  operation?: string | null;
  /** The scope a denied GraphQL field lacked: the call is recorded as a denial (403). */
  deniedScope?: string;
}

export function callerOf(res: Response): Caller | null {
  return (res.locals.caller as Caller | undefined) ?? null;
}

export function noteAudit(res: Response, note: AuditNote): void {
  res.locals.audit = note;
}

/**
 * A write request whose work runs in one transaction with its response (idempotent v1 POSTs): when the
 * response is ready, `beforeCommit` stores what must be kept with it, the audit entry joins, and all
 * commits before the response leaves. A response of 500 or more rolls everything back.
 */
export interface RequestTransaction {
  em: EntityManager;
  beforeCommit?: (status: number, body: string | null) => Promise<void>;
}

export function openTransaction(res: Response, transaction: RequestTransaction): void {
  res.locals.transaction = transaction;
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
    const token = bearerToken(header);
    if (!token) return present(res, new InvalidTokenError('Malformed Authorization header: expected Bearer <token>'));
    try {
      const claims = await pipeline.tokens.verify(surface, token);
      const caller = await pipeline.callers.callerOf(surface, claims);
      if (!caller) return present(res, new InvalidTokenError('The token was revoked or its client has expired'));
      res.locals.caller = caller;
      next();
    } catch (error) {
      if (error instanceof DomainError) return present(res, error);
      if (error instanceof InvalidToken) return present(res, new InvalidTokenError('Invalid or expired token'));
      const unavailable = databaseUnavailable(error);
      if (unavailable) return present(res, unavailable);
      next(error);
    }
  };
}

/** Admissions already counted for a request before it reached Express (rest/hits.ts hands them on). */
const countedAdmissions = new WeakMap<IncomingMessage, Admission>();

/** Hands a request on with the admission it already holds, so the limits do not count it twice. */
export function handOverAdmission(req: IncomingMessage, admission: Admission): void {
  countedAdmissions.set(req, admission);
}

/**
 * Counts the call against the limits of its subject (by default the caller; none: not counted here);
 * past any of them, 429 with Retry-After.
 */
export function admit(
  limits: ClientLimits,
  present: ErrorPresenter,
  subjectOf: (req: Request, res: Response) => string | undefined = (_req, res) => callerOf(res)?.id,
): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const subject = subjectOf(req, res);
    if (!subject) return next();
    try {
      const admission = countedAdmissions.get(req) ?? (await limits.admit(subject));
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

/** What the audit log records of one call. */
export interface Call {
  caller: Caller | null;
  requestId: string | null;
  surface: string;
  method: string;
  /** The URL's path, without the query. */
  path: string;
  note: Partial<AuditNote> & { resourceType: string };
  status: number;
}

/** The audit entry of a call, timed now. */
export function callEntry(pipeline: Pipeline, { caller, requestId, surface, method, path, note, status }: Call) {
  // A GraphQL operation with a denied field answers 200 with FORBIDDEN on the field: the log says 403.
  const denied = !!note.deniedScope && status < 400;
  const user = caller?.kind === 'console' ? caller : undefined;
  return pipeline.audit.entry({
    companyId: caller?.companyId ?? null,
    client: user ? null : (caller?.id ?? null),
    userId: user?.id ?? null,
    userEmail: user?.user?.email ?? null,
    requestId,
    surface,
    method,
    path,
    resourceType: note.resourceType,
    operation: note.operation ?? null,
    action: note.action ?? (method === 'GET' || method === 'HEAD' ? 'READ' : 'UPDATE'),
    status: denied ? 403 : status,
    missingScope: note.deniedScope ?? null,
  });
}

type End = Response['end'];

/** Seconds a caller is asked to wait when its call could not be recorded. */
const AUDIT_RETRY_AFTER_SECONDS = 2;

const bodyText = (chunk: unknown): string | null =>
  chunk === undefined || chunk === null || typeof chunk === 'function' ? null : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);

/**
 * Audits every call, refused ones included, before its response leaves: the response's last write waits
 * until the entry is committed (grouped with concurrent ones, or in the request's own transaction). If
 * the entry cannot be written, the caller gets 503 in the surface's shape (`present`) instead of an answer
 * the log would not show.
 */
export function auditCalls(pipeline: Pipeline, surface: string, defaultResource: (req: Request) => string, present: ErrorPresenter): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let ending = false;
    res.end = ((...args: unknown[]) => {
      if (ending) return end(...args);
      ending = true;
      void settle(req, res, args[0]).then(
        () => end(...args),
        (error: unknown) => {
          req.log?.error({ err: error }, 'audit entry could not be written');
          if (res.headersSent) return end(...args);
          res.removeHeader('Content-Length');
          present(res, new Unavailable('The service is temporarily unavailable: it cannot record this call, retry shortly', AUDIT_RETRY_AFTER_SECONDS));
        },
      );
      return res;
    }) as End;

    const settle = async (request: Request, response: Response, chunk: unknown) => {
      const note = response.locals.audit as AuditNote | undefined;
      const entry = callEntry(pipeline, {
        caller: callerOf(response),
        requestId: request.id === undefined ? null : String(request.id),
        // The console's requests to /graphql (src/pipeline/console.ts) are told apart.
        surface: (response.locals.auditSurface as string | undefined) ?? surface,
        method: request.method,
        path: request.originalUrl.split('?')[0]!,
        note: { ...note, resourceType: note?.resourceType || defaultResource(request) },
        status: response.statusCode,
      });
      const transaction = response.locals.transaction as RequestTransaction | undefined;
      if (!transaction) return pipeline.audit.record(entry);
      response.locals.transaction = undefined;
      if (response.statusCode >= 500) {
        await transaction.em.rollback().catch(() => {});
        return pipeline.audit.record(entry);
      }
      try {
        await transaction.beforeCommit?.(response.statusCode, bodyText(chunk));
        await pipeline.audit.recordIn(transaction.em, entry);
        await transaction.em.commit();
      } catch (error) {
        await transaction.em.rollback().catch(() => {});
        throw error;
      }
    };
    next();
  };
}
