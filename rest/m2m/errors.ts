/** Document 1, section 7: every M2M error is JSON with a string field `error`. */
import type { Response } from 'express';
import { MethodNotAllowed, RateLimited, Unavailable, type DomainError } from '../../src/domain/errors.ts';
import { InvalidTokenError, type ErrorPresenter } from '../../src/pipeline/http.ts';
import { httpStatus } from '../status.ts';

export const presentM2mError: ErrorPresenter = (res: Response, error: DomainError) => {
  if (error instanceof MethodNotAllowed) res.setHeader('Allow', error.allowed.join(', '));
  if (error instanceof RateLimited || error instanceof Unavailable) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  if (error.code === 'UNAUTHENTICATED') {
    res.setHeader(
      'WWW-Authenticate',
      error instanceof InvalidTokenError
        ? `Bearer realm="m2m", error="invalid_token", error_description="${error.message.replace(/"/g, "'")}"`
        : 'Bearer realm="m2m"',
    );
  }
  res.status(httpStatus(error.code)).json({ error: error.message });
};
