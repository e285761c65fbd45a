/** Document 1, section 7: every M2M error is JSON with a string field `error`. */
import type { DomainError } from '../../src/domain/errors.ts';
import { InvalidTokenError } from '../../src/pipeline/authenticate.ts';
import { json, type ErrorShape } from '../../src/pipeline/call.ts';
import { errorHeaders, httpStatus } from '../../src/pipeline/status.ts';

/** RFC 6750: a refused token says why, so OAuth clients know to fetch a new one. */
function challenge(error: DomainError): Record<string, string> {
  if (error.code !== 'UNAUTHENTICATED') return {};
  const value = error instanceof InvalidTokenError
    ? `Bearer realm="m2m", error="invalid_token", error_description="${error.message.replace(/"/g, "'")}"`
    : 'Bearer realm="m2m"';
  return { 'WWW-Authenticate': value };
}

export const m2mErrors: ErrorShape = {
  present: (error) => json(httpStatus(error.code), { error: error.message }, { ...errorHeaders(error), ...challenge(error) }),
  internal: () => json(500, { error: 'Internal server error' }),
};
