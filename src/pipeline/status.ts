/**
 * The one map from the error vocabulary's codes to HTTP statuses, for every surface, and the headers an
 * error carries whatever its shape (Retry-After, Allow). Each surface's presenter writes the body.
 */
import { MethodNotAllowed, RateLimited, Unavailable, type DomainError, type ErrorCode } from '../domain/errors.ts';

const STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

export const httpStatus = (code: ErrorCode): number => STATUS[code];

/** The status of a code that may not be the vocabulary's (Apollo Server's own, a foreign one): undefined then. */
export const statusOfCode = (code: string): number | undefined => (STATUS as Record<string, number | undefined>)[code];

/** `Retry-After` of a refusal to retry later, `Allow` of a method not allowed. */
export function errorHeaders(error: DomainError): Record<string, string> {
  if (error instanceof RateLimited || error instanceof Unavailable) return { 'Retry-After': String(error.retryAfterSeconds) };
  if (error instanceof MethodNotAllowed) return { Allow: error.allowed.join(', ') };
  return {};
}
