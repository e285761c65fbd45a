/**
 * The rules of the catch-up list of webhook events (docs/webhooks.md, "Catching up"): pages of at most 100,
 * and a cursor that names a place in the company's list (the `seq` an event got when its transaction
 * committed, src/db/webhook-events.ts). The cursor is opaque to clients: they only give back what a page
 * gave them.
 */
import { Invalid } from './errors.ts';

export const CATCH_UP_MAX_PAGE = 100;
export const CATCH_UP_DEFAULT_PAGE = 100;

const PREFIX = 'whe:';

/** A place in the list as a client sees it. */
export const cursorOf = (seq: string): string => Buffer.from(`${PREFIX}${seq}`).toString('base64url');

/** The place a cursor names; `field` is how the surface calls the parameter that carried it. */
export function seqOf(cursor: string, field: string): string {
  const text = /^[A-Za-z0-9_-]{1,100}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const seq = text.startsWith(PREFIX) ? text.slice(PREFIX.length) : '';
  if (!/^(0|[1-9]\d{0,17})$/.test(seq)) throw new Invalid(field, 'format', 'is not a cursor of this list: give back the endCursor of a page read before');
  return seq;
}

/** A page size within the list's bounds. */
export function checkedPageSize(size: number, field: string): number {
  if (!Number.isInteger(size)) throw new Invalid(field, 'type', 'must be a whole number');
  if (size < 1) throw new Invalid(field, 'min', 'must be at least 1');
  if (size > CATCH_UP_MAX_PAGE) throw new Invalid(field, 'max', `must be at most ${CATCH_UP_MAX_PAGE}`);
  return size;
}
