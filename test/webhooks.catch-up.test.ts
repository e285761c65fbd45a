/**
 * Catching up (docs/webhooks.md, "Catching up"): a receiver that was down reads the company's events from
 * its last cursor, through v1 `GET /webhook-events` or GraphQL `webhookEvents`, and gets every event
 * committed meanwhile exactly once, in commit order, even when a change that wrote its event earlier
 * commits later; events of changes that roll back never appear, nor Send Test samples; a cached page is
 * never served once an event it lacks has committed; pruned events are gone and a cursor still reads on.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { companyCacheVersions } from '../src/db/cache-versions.ts';
import { companyEm } from '../src/db/scope.ts';
import { createCustomer } from '../src/domain/customers.ts';
import { PAYLOAD_FIELDS, type WebhookKind } from '../src/domain/outbox.ts';
import { inTransaction } from '../src/domain/transactions.ts';
import { pruneWebhookHistory } from '../src/db/webhook-retention.ts';
import { responseValidator, type ResponseCheck } from './support/openapi.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { waitUntil } from './support/webhooks.ts';

interface Listed {
  id: string;
  event: WebhookKind;
  timestamp: string;
  data: Record<string, unknown>;
}

let studio: Studio;
let v1: string;
let check: ResponseCheck;

beforeAll(async () => {
  studio = await startStudio({
    bundle: { format: 1 } as never,
    env: {
      CACHE_TTL_SECONDS: '300', V1_RATE_PER_MINUTE: '100000', M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000', DB_POOL_MAX: '20',
      WEBHOOK_TIMEOUT_MS: '300',
    },
  });
  v1 = await studio.v1Token();
  check = responseValidator((await call(`${studio.v1}/openapi.json`, null)).body);
});
afterAll(() => studio?.close());

/** `?after=…&limit=…` of the parameters given. */
const parameters = (given: Record<string, string | number | null | undefined>) => {
  const set = Object.entries(given).filter(([, value]) => value != null);
  return set.length ? `?${set.map(([name, value]) => `${name}=${value}`).join('&')}` : '';
};

/** One page of v1 `GET /webhook-events`, checked against the OpenAPI document. */
async function page(query: string): Promise<{ events: Listed[]; endCursor: string | null; hasMore: boolean; cache: string | null }> {
  const path = `/webhook-events${query}`;
  const answer = await call(`${studio.v1}${path}`, v1);
  expect({ status: answer.status, problems: check('GET', path, answer.status, answer.body, answer.headers) }).toEqual({ status: 200, problems: [] });
  return { ...answer.body, cache: answer.headers.get('x-cache') };
}

/** Reads on from `cursor` until `hasMore` is false; the events read and the cursor to go on from. */
async function readOn(cursor: string | null, limit = 7): Promise<{ events: Listed[]; cursor: string | null }> {
  const events: Listed[] = [];
  for (;;) {
    const next = await page(parameters({ limit, after: cursor }));
    events.push(...next.events);
    cursor = next.endCursor;
    if (!next.hasMore) return { events, cursor };
  }
}

const person = (n: string) => ({ firstName: 'Writer', lastName: `No ${n}`, email: `writer-${n.replace(/\W+/g, '-')}@example.com` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A customer made in a transaction of its own, which stays open for `holdMs` after writing its event. */
async function customerCommittedAfter(n: string, holdMs: number, { fail = false } = {}): Promise<string> {
  const { orm, clock } = studio.app.services;
  return inTransaction(companyEm(orm, studio.companyId), studio.companyId, async (tx) => {
    const customer = await createCustomer(tx, clock, studio.companyId, person(n));
    await sleep(holdMs);
    if (fail) throw new Error('rolled back');
    return customer.id;
  });
}

/**
 * Until this instance's copy of the cache versions has heard of every commit so far. A write made here
 * outside the pipeline reaches it by PostgreSQL's notice, a moment after its commit; a read cached before
 * the notice lands is keyed by the versions before it, and is a miss once it lands.
 */
async function versionsHeard(): Promise<void> {
  const { versions, reads } = studio.app.pipeline!;
  const stored = await companyCacheVersions(reads, studio.companyId);
  await waitUntil(
    async () => {
      const known = await versions.of(studio.companyId);
      return Object.entries(stored).every(([type, version]) => (known[type] ?? 0) >= version);
    },
    { what: 'the notice of the commit' },
  );
}

describe('the order of commits', () => {
  it('an event written first but committed last comes after the events committed before it, and is not skipped', async () => {
    const start = await readOn(null);
    const { orm, clock } = studio.app.services;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const firstWritten = new Promise<void>((resolve) => (written = resolve));
    const late = inTransaction(companyEm(orm, studio.companyId), studio.companyId, async (tx) => {
      const customer = await createCustomer(tx, clock, studio.companyId, person('late'));
      written();
      await held;
      return customer.id;
    });
    await firstWritten;
    let before: Awaited<ReturnType<typeof page>>;
    try {
      const early = await customerCommittedAfter('early', 0);
      await versionsHeard();

      before = await page(parameters({ after: start.cursor }));
      expect(before.events.map((e) => e.data.customerId)).toEqual([early]);
      const again = await page(parameters({ after: before.endCursor }));
      expect({ events: again.events, endCursor: again.endCursor, cache: again.cache }).toEqual({ events: [], endCursor: before.endCursor, cache: 'MISS' });
      expect((await page(parameters({ after: before.endCursor }))).cache).toBe('HIT');
    } finally {
      // A failure above must not leave the late transaction open (and the suite's teardown waiting on it).
      release();
    }
    const lateId = await late;
    const after = await page(parameters({ after: before.endCursor }));
    expect({ ids: after.events.map((e) => e.data.customerId), cache: after.cache }).toEqual({ ids: [lateId], cache: 'MISS' });
    // The late event was written first: its id and timestamp are the earlier ones.
    expect(after.events[0]!.id < before.events[0]!.id).toBe(true);
    expect(after.events[0]!.timestamp <= before.events[0]!.timestamp).toBe(true);
  });

  it('leaves out the events of a change that rolls back', async () => {
    const { cursor } = await readOn(null);
    await expect(customerCommittedAfter('rolled back', 0, { fail: true })).rejects.toThrow('rolled back');
    const kept = await customerCommittedAfter('kept', 0);
    expect((await readOn(cursor)).events.map((e) => e.data.customerId)).toEqual([kept]);
  });
});

describe('concurrent writers', () => {
  it('every committed event exactly once across pages, read while 6 writers commit in shuffled order, and none of those rolled back', async () => {
    const { cursor: start } = await readOn(null);
    const committed: string[] = [];
    let writing = true;
    const writers = Array.from({ length: 6 }, async (_, w) => {
      for (let i = 0; i < 12; i++) {
        const fail = i % 5 === 4;
        const id = await customerCommittedAfter(`${w}-${i}`, Math.floor(Math.random() * 30), { fail }).catch(() => null);
        if (id) committed.push(id);
      }
    });
    const all = Promise.all(writers).then(() => (writing = false));
    const seen: Listed[] = [];
    let cursor = start;
    while (writing) {
      const read = await readOn(cursor, 5);
      seen.push(...read.events);
      cursor = read.cursor;
    }
    await all;
    seen.push(...(await readOn(cursor, 5)).events);

    const ids = seen.map((e) => e.data.customerId as string);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...committed].sort());
    expect(committed).toHaveLength(6 * 12 - 6 * 2);
    const seqs = await studio.app.services.orm.em
      .getConnection()
      .execute<{ id: string; seq: string }[]>('select id, seq::text as seq from webhook_event where id in (?)', [seen.map((e) => e.id)]);
    const place = new Map(seqs.map((row) => [row.id, BigInt(row.seq)]));
    expect(seen.every((e, i) => i === 0 || place.get(e.id)! > place.get(seen[i - 1]!.id)!)).toBe(true);
  });
});

describe('the list', () => {
  it('carries each event as its deliveries do: its id, the kind, the timestamp and exactly its data fields, in order', async () => {
    const kept = await customerCommittedAfter('shape', 0);
    const [event] = (await page('?kinds=customer.created&limit=100')).events.filter((e) => e.data.customerId === kept);
    expect(Object.keys(event!)).toEqual(['id', 'event', 'timestamp', 'data']);
    expect(event).toMatchObject({ id: expect.stringMatching(/^whe_/), event: 'customer.created' });
    expect(Object.keys(event!.data)).toEqual(PAYLOAD_FIELDS['customer.created']);
  });

  it('is the same through GraphQL webhookEvents, page by page, and filters by kind', async () => {
    const token = await studio.token();
    const graphql = async (variables: Record<string, unknown>) =>
      (
        await call(`${studio.url}/graphql`, token, {
          method: 'POST',
          body: { query: 'query ($after: String, $first: Int, $kinds: [WebhookEventKind!]) { webhookEvents(after: $after, first: $first, kinds: $kinds) { nodes { id event timestamp data } endCursor hasMore } }', variables },
        })
      ).body.data.webhookEvents;
    const first = await graphql({ first: 4 });
    const rest = await page(`?after=${first.endCursor}&limit=100`);
    const viaV1 = await page('?limit=4');
    expect(first.nodes.map((n: Listed) => n.id)).toEqual(viaV1.events.map((e) => e.id));
    expect(first.nodes.map((n: Listed) => n.data)).toEqual(viaV1.events.map((e) => e.data));
    expect(first.endCursor).toBe(viaV1.endCursor);
    const second = await graphql({ after: first.endCursor, first: 100 });
    expect(second.nodes.map((n: Listed) => n.id)).toEqual(rest.events.map((e) => e.id));
    const updates = await graphql({ kinds: ['CUSTOMER_UPDATED'] });
    expect(updates.nodes).toEqual([]);
    expect(updates.endCursor).toBeNull();
  });

  it('leaves out Send Test samples', async () => {
    const token = await studio.token();
    const mutation = async (query: string, variables: Record<string, unknown>) =>
      (await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } })).body.data;
    await mutation('mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }', {
      input: { url: 'https://8.8.8.8/never', events: ['CUSTOMER_CREATED'], enabled: false },
    });
    const { sendTestWebhook } = await mutation('mutation { sendTestWebhook(kind: CUSTOMER_CREATED) { eventId } }', {});
    expect(sendTestWebhook.eventId).toMatch(/^whe_/);
    expect((await readOn(null, 100)).events.map((e) => e.id)).not.toContain(sendTestWebhook.eventId);
  });

  it('loses events pruned after WEBHOOK_RETENTION_DAYS, and a cursor read before still reads on', async () => {
    const { cursor } = await readOn(null);
    const { orm } = studio.app.services;
    const pool = await orm.em.getConnection().getNativeClient();
    // Every event so far is settled once the worker has fanned it out (no endpoint receives these).
    await waitUntil(async () => (await pool.query('select count(*)::int as n from webhook_event where dispatched_at is null')).rows[0].n === 0, { what: 'fan-out' });
    await pruneWebhookHistory(pool, new Date(Date.now() + 60_000));
    expect((await readOn(null)).events).toEqual([]);
    const after = await customerCommittedAfter('after pruning', 0);
    expect((await readOn(cursor)).events.map((e) => e.data.customerId)).toEqual([after]);
  });
});
