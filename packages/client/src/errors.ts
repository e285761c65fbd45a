/**
 * What the client throws. Typed calls (`GET`, `POST`, ...) answer an error response as `{ error, response }`
 * as openapi-fetch does; only what cannot answer that way throws: a token that could not be obtained, and
 * a page of `items()` that the service refused.
 */
export class StudioApiError extends Error {
  /** The HTTP status of the refusal. */
  readonly status: number;
  /** The error body as the service sent it (`{error}` on M2M, `{error: {code, message, details}}` on v1). */
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'StudioApiError';
    this.status = status;
    this.body = body;
  }
}

/** The token endpoint refused the credentials, or kept answering 429 past the retries allowed. */
export class StudioTokenError extends StudioApiError {
  constructor(status: number, body: unknown) {
    super(`The token request was refused with status ${status}: ${JSON.stringify(body)}`, status, body);
    this.name = 'StudioTokenError';
  }
}

/** Describes a refused response for an error message: its status and the service's message. */
export function refusal(response: Response, body: unknown): StudioApiError {
  const error = (body as { error?: unknown } | undefined)?.error;
  const message = typeof error === 'string' ? error : typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : response.statusText;
  return new StudioApiError(`${response.status} ${new URL(response.url || 'http://unknown/').pathname}: ${message}`, response.status, body);
}
