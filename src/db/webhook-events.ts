/**
 * The catch-up list: a company's webhook events in the order their transactions committed, read from a place
 * in it onwards. An event's place (`seq`) is given when its transaction commits, under a per-company row lock
 * held to the end of the commit (migration 20261126100000), so the places become visible in order: once a
 * reader has seen place n, no event with a smaller place can still appear, and reading on from n misses
 * nothing. Test events have no place and are not listed.
 */
import type { CompanyReads } from './reads.ts';

/** The GraphQL types of the list, whose cached reads the trigger (and the pruning of old events) make stale. */
export const CATCH_UP_TYPES = ['WebhookEvent', 'WebhookEventPage'];

export interface ListedWebhookEvent {
  id: string;
  kind: string;
  /** The envelope's `data`, as stored (jsonb: the keys in its own order). */
  payload: Record<string, unknown>;
  createdAt: Date;
  /** Its place in the list. */
  seq: string;
}

/** Up to `limit` events after place `after` (0: from the start), of `kinds` only when given. */
export async function webhookEventsAfter(
  reads: CompanyReads,
  { after, limit, kinds }: { after: string; limit: number; kinds?: readonly string[] | null },
): Promise<ListedWebhookEvent[]> {
  return reads.rows<ListedWebhookEvent>(
    `select e.id, e.kind, e.payload, e.created_at as "createdAt", e.seq::text as seq
       from webhook_event e
      where e.company_id = $1 and e.seq > $2::bigint and ($3::text[] is null or e.kind = any($3::text[]))
      order by e.seq
      limit $4`,
    [after, kinds?.length ? kinds : null, limit],
  );
}
