/**
 * Document 2, section 7: `{"error": {"code", "message", "details"}}`. A validation failure is 400
 * VALIDATION_ERROR with `details: {field, rule}`.
 */
import type { DomainError, ErrorCode } from '../../src/domain/errors.ts';
import { json, type ErrorShape } from '../../src/pipeline/call.ts';
import { errorHeaders, httpStatus } from '../../src/pipeline/status.ts';

const V1_CODES: Record<ErrorCode, string> = {
  BAD_USER_INPUT: 'VALIDATION_ERROR',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
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
    case 'PAYLOAD_TOO_LARGE':
      return {};
    case 'CONFLICT':
      // The record the refusal names: the customer who holds an email already.
      return { ...(error.details.reason !== undefined && { reason: error.details.reason }), ...(error.details.customerId !== undefined && { customerId: error.details.customerId }) };
    default:
      return error.details.reason ? { reason: error.details.reason } : {};
  }
}

export const v1Errors: ErrorShape = {
  present: (error) => {
    const code = (error.details.v1Code as string | undefined) ?? V1_CODES[error.code];
    const headers = { ...errorHeaders(error), ...(error.code === 'UNAUTHENTICATED' && { 'WWW-Authenticate': 'Bearer realm="v1"' }) };
    return json(httpStatus(error.code), { error: { code, message: error.message, details: detailsOf(error) } }, headers);
  },
  internal: () => json(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error', details: {} } }),
};
