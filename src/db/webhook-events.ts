/**
 * The catch-up list: a company's webhook events in the order their transactions committed, read from a place
 * in it onwards. An event's place (`seq`) is given when its transaction commits, under a per-company row lock
 * held to the end of the commit (migration 20261126100000), so the places become visible in order: once a
 * reader has seen place n, no event with a smaller place can still appear, and reading on from n misses
 * nothing. Test events have no place and are not listed.
 */
import { sql } from 'kysely';
import { db, statement } from './query.ts';
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

const AFTER = statement('webhookEvents.after', (p: { companyId: string; after: string; kinds: readonly string[] | null; limit: number }) =>
  db
    .selectFrom('webhook_event as e')
    .select(['e.id', 'e.kind', sql<Record<string, unknown>>`e.payload`.as('payload'), sql<Date>`e.created_at`.as('createdAt'), sql<string>`e.seq::text`.as('seq')])
    .where('e.company_id', '=', p.companyId)
    .where(sql<boolean>`e.seq > ${p.after}::bigint and (${p.kinds}::text[] is null or e.kind = any(${p.kinds}::text[]))`)
    .orderBy('e.seq')
    .limit(p.limit),
);

/** Up to `limit` events after place `after` (0: from the start), of `kinds` only when given. */
export function webhookEventsAfter(
  reads: CompanyReads,
  { after, limit, kinds }: { after: string; limit: number; kinds?: readonly string[] | null },
): Promise<ListedWebhookEvent[]> {
  return reads.select(AFTER, { after, limit, kinds: kinds?.length ? kinds : null });
}
