/**
 * The last two stops of every request: unknown paths get a JSON 404, and errors become JSON without
 * stack traces. Client mistakes (malformed or oversized bodies) say what was wrong; an error of the
 * vocabulary that no surface caught (the database being away, say) is answered in the shape of the
 * surface that owns the path; anything else is logged with the request id and answered with a bare 500.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { databaseUnavailable } from '../db/pool.ts';
import { unstorableTextAsInvalid } from '../pipeline/input-guards.ts';
import { DomainError, Invalid, RateLimited, Unavailable } from '../domain/errors.ts';
import type { ErrorPresenter } from '../pipeline/http.ts';

/** Each surface's error shape by its mount path (`/graphql`, `/m2m`, `/api/v1`). */
export type ErrorPresenters = Record<string, ErrorPresenter>;

const STATUS: Partial<Record<DomainError['code'], number>> = { RATE_LIMITED: 429, SERVICE_UNAVAILABLE: 503 };

/** Outside any surface (probes, metrics, unknown paths): `{"error": "..."}`. */
const presentPlainError: ErrorPresenter = (res: Response, error: DomainError) => {
  if (error instanceof RateLimited || error instanceof Unavailable) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res.status(STATUS[error.code] ?? 400).json({ error: error.message });
};

/** The presenter of the surface whose mount path the request is under. */
export function presenterOf(presenters: ErrorPresenters, req: Request): ErrorPresenter {
  const path = req.originalUrl.split('?')[0]!;
  const mount = Object.keys(presenters).find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return mount ? presenters[mount]! : presentPlainError;
}

export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};

interface HttpError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
  limit?: number;
  message?: string;
}

export const handleErrors = (presenters: ErrorPresenters): ErrorRequestHandler => (error: HttpError, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const known = error instanceof DomainError ? error : databaseUnavailable(error);
  if (known) {
    presenterOf(presenters, req)(res, known);
    return;
  }
  const status = error.status ?? error.statusCode;
  if (status !== undefined && status >= 400 && status < 500 && error.expose) {
    res.status(status).json({ error: clientMessage(error) });
    return;
  }
  const invalid = unstorableTextAsInvalid(error);
  if (invalid instanceof Invalid) {
    res.status(400).json({ error: invalid.message });
    return;
  }
  req.log.error({ err: error }, 'request failed');
  res.status(500).json({ error: 'Internal server error' });
};

function clientMessage(error: HttpError): string {
  switch (error.type) {
    case 'entity.parse.failed':
      return 'Malformed JSON in the request body';
    case 'entity.too.large':
      return `Request body is larger than ${error.limit === undefined ? 'allowed' : `${error.limit} bytes`}`;
    default:
      return error.message ?? 'Bad request';
  }
}
