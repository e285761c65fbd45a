/**
 * Document 2, section 7: `{"error": {"code", "message", "details"}}`. A validation failure is 400
 * VALIDATION_ERROR with `details: {field, rule}`.
 */
import type { Response } from 'express';
import { MethodNotAllowed, RateLimited, Unavailable, type DomainError, type ErrorCode } from '../../src/domain/errors.ts';
import type { ErrorPresenter } from '../../src/pipeline/http.ts';
import { httpStatus } from '../status.ts';

const V1_CODES: Record<ErrorCode, string> = {
  BAD_USER_INPUT: 'VALIDATION_ERROR',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

function detailsOf(error: DomainError): Record<string, unknown> {
  switch (error.code) {
    case 'BAD_USER_INPUT':
      return { field: error.details.field, rule: error.details.rule };
    case 'METHOD_NOT_ALLOWED':
      return { allowed: error.details.allowed };
    case 'RATE_LIMITED':
    case 'SERVICE_UNAVAILABLE':
      return { retryAfter: error.details.retryAfter };
    case 'FORBIDDEN':
      return { scope: error.details.scope };
    default:
      return error.details.reason ? { reason: error.details.reason } : {};
  }
}

export const presentV1Error: ErrorPresenter = (res: Response, error: DomainError) => {
  if (error instanceof MethodNotAllowed) res.setHeader('Allow', error.allowed.join(', '));
  if (error instanceof RateLimited || error instanceof Unavailable) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  if (error.code === 'UNAUTHENTICATED') res.setHeader('WWW-Authenticate', 'Bearer realm="v1"');
  const code = (error.details.v1Code as string | undefined) ?? V1_CODES[error.code];
  res.status(httpStatus(error.code)).json({ error: { code, message: error.message, details: detailsOf(error) } });
};

/** 500 in the v1 shape, without internals. */
export function presentV1InternalError(res: Response): void {
  res.status(500).json({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error', details: {} } });
}
