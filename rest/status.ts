/** The HTTP status of each code of the error vocabulary, the same on both REST surfaces. */
import type { ErrorCode } from '../src/domain/errors.ts';

const STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

export const httpStatus = (code: ErrorCode): number => STATUS[code];
