/**
 * Every request carries an id that ties its log lines together and that the caller can quote:
 * the client's own `X-Request-Id` when it is a sensible token, else a fresh UUID. The response echoes it.
 */
import { randomUUID } from 'node:crypto';

const CLIENT_ID = /^[A-Za-z0-9._-]{1,128}$/;

export const HEADER = 'X-Request-Id';

/** The id of a request that sent this `X-Request-Id` header (or none). */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && CLIENT_ID.test(given) ? given : randomUUID();
}
