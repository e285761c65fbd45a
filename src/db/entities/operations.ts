/** Operational records: webhook endpoints, the webhook outbox and its delivery log, and the audit log. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sameCompany } from './same-company.ts';
import { CATCH_UP_TYPES } from '../webhook-events.ts';
import { ENQUEUE_INSERT_TRIGGER, ENQUEUE_UPDATE_TRIGGER, FAN_OUT_TRIGGER } from '../webhook-queue-triggers.ts';
import { Company } from './access.ts';

export const WEBHOOK_JOB_STATES = ['pending', 'delivered', 'failed'] as const;
export const AUDIT_ACTIONS = ['READ', 'UPDATE'] as const;

/** The signing secret is sealed (AES-256-GCM under the server key): the server must sign with it. */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    url: p.text(),
    events: p.array().columnType('text[]'),
    sealedSecret: p.text(),
    previousSealedSecret: p.text().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    enabled: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  primaryKeys: ['id', 'company'],
  uniques: [{ properties: ['company', 'url'] }],
});
export type IWebhookEndpoint = InferEntity<typeof WebhookEndpoint>;

/**
 * Runs at COMMIT (a deferred constraint trigger) for each event that is not a test: takes the company's next
 * number from `webhook_event_sequence` under that row's lock, held until the commit is done, so numbers
 * become visible in the order they were given and a reader that has seen n never sees a smaller one appear
 * later. Raises, once per transaction, the read cache's versions of the catch-up list's GraphQL types and
 * announces them as src/db/cache-versions.ts does, so no cached page outlives an event it lacks.
 */
const COMMIT_ORDER_TRIGGER = `create function webhook_event_commit_order_fn() returns trigger language plpgsql as $$
  declare
    next_seq bigint;
    versions json;
  begin
    insert into webhook_event_sequence as s (company_id, last) values (new.company_id, 1)
      on conflict (company_id) do update set last = s.last + 1
      returning last into next_seq;
    update webhook_event set seq = next_seq where id = new.id;
    with raised as (
      insert into cache_version as v (company_id, type, version)
      select new.company_id, t, 1 from unnest(array[${CATCH_UP_TYPES.map((type) => `'${type}'`).join(', ')}]) as t order by t
      on conflict (company_id, type) do update set version = v.version + 1 where v.xmin <> pg_current_xact_id()::xid
      returning type, version
    )
    select json_object_agg(type, version) into versions from raised;
    if versions is not null then
      perform pg_notify('cache_versions', json_build_object('c', new.company_id, 'v', versions)::text);
    end if;
    return null;
  end
$$;
create constraint trigger commit_order after insert on webhook_event
  deferrable initially deferred for each row when (not new.is_test)
  execute function webhook_event_commit_order_fn();`;

/**
 * Outbox row: written in the transaction of the change it reports, delivered after commit. `payload` is
 * the envelope's `data`. `dispatchedAt` is set at the end of the statement that inserts it, when the trigger
 * `fan_out` has made one job per endpoint subscribed to the kind (src/db/webhook-queue-triggers.ts).
 *
 * `seq` is the event's place in its company's catch-up list: null until its transaction commits, and
 * given at commit by the trigger `commit_order`, in commit order (src/db/webhook-events.ts). Test events
 * (Send Test) have none: they are not part of the list.
 */
export const WebhookEvent = defineEntity({
  name: 'WebhookEvent',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    kind: p.string(),
    payload: p.json<Record<string, unknown>>(),
    isTest: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    dispatchedAt: p.datetime().nullable(),
    seq: p.bigint().nullable(),
  },
  primaryKeys: ['id', 'company'],
  indexes: [
    { properties: ['company', 'createdAt'] },
    { name: 'webhook_event_undispatched_index', properties: ['createdAt'], where: 'dispatched_at is null' },
    { name: 'webhook_event_catch_up_index', properties: ['company', 'seq'], where: 'seq is not null' },
  ],
  triggers: [
    { name: 'commit_order', timing: 'after', events: ['insert'], expression: COMMIT_ORDER_TRIGGER },
    { name: 'fan_out', timing: 'after', events: ['insert'], forEach: 'statement', expression: FAN_OUT_TRIGGER },
  ],
});
export type IWebhookEvent = InferEntity<typeof WebhookEvent>;

/** The last `seq` given to an event of each company (see WebhookEvent). */
export const WebhookEventSequence = defineEntity({
  name: 'WebhookEventSequence',
  properties: {
    company: () => p.manyToOne(Company).primary().deleteRule('cascade'),
    last: p.bigint(),
  },
});
export type IWebhookEventSequence = InferEntity<typeof WebhookEventSequence>;

/**
 * Delivery of one event to one endpoint. `attempts` counts every attempt made (it only grows, so it also
 * fences a late result of an attempt whose lease ran out); `retriesLeft` is how many failed attempts may
 * still be followed by another. An attempt holds a job while `lockedUntil` is in the future. A job pending and
 * held by none is on the job queue (the triggers `enqueue_*`, src/db/webhook-queue-triggers.ts).
 */
export const WebhookJob = defineEntity({
  name: 'WebhookJob',
  properties: {
    id: p.bigint().primary().autoincrement(),
    company: () => p.manyToOne(Company).primary(),
    event: () => sameCompany(p.manyToOne(WebhookEvent), 'event_id'),
    endpoint: () => sameCompany(p.manyToOne(WebhookEndpoint), 'endpoint_id').deleteRule('cascade').index(),
    state: p.enum([...WEBHOOK_JOB_STATES]).default('pending'),
    attempts: p.smallint().default(0),
    retriesLeft: p.smallint().check('retries_left >= 0'),
    nextAttemptAt: p.datetime(),
    lockedUntil: p.datetime().nullable(),
  },
  primaryKeys: ['id', 'company'],
  uniques: [{ properties: ['event', 'endpoint'] }],
  indexes: [{ name: 'webhook_job_due_index', properties: ['nextAttemptAt'], where: "state = 'pending'" }],
  triggers: [
    { name: 'enqueue_insert', timing: 'after', events: ['insert'], forEach: 'statement', expression: ENQUEUE_INSERT_TRIGGER },
    { name: 'enqueue_update', timing: 'after', events: ['update'], forEach: 'statement', expression: ENQUEUE_UPDATE_TRIGGER },
  ],
});
export type IWebhookJob = InferEntity<typeof WebhookJob>;

/** One delivery attempt of one event to one endpoint. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  properties: {
    id: p.bigint().primary().autoincrement(),
    company: () => p.manyToOne(Company).primary(),
    event: () => sameCompany(p.manyToOne(WebhookEvent), 'event_id').index(),
    endpoint: () => sameCompany(p.manyToOne(WebhookEndpoint), 'endpoint_id').deleteRule('cascade'),
    attempt: p.smallint().check('attempt >= 1'),
    statusCode: p.smallint().nullable(),
    error: p.text().nullable(),
    durationMs: p.integer(),
    at: p.datetime(),
  },
  primaryKeys: ['id', 'company'],
  // The delivery log newest first (src/domain/webhook-endpoints.ts), so a page after a cursor is a range of it.
  indexes: [{ properties: ['company', 'at', 'id'] }],
});
export type IWebhookDelivery = InferEntity<typeof WebhookDelivery>;

/** One API call (document 1, "Audit logging"); `client` is null when the caller was not authenticated. */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  properties: {
    id: p.bigint().primary().autoincrement(),
    company: () => p.manyToOne(Company).nullable(),
    client: p.string().nullable(),
    surface: p.string(),
    method: p.string(),
    path: p.text(),
    resourceType: p.string(),
    /** The GraphQL operation name, for calls to /graphql. */
    operation: p.string().nullable(),
    action: p.enum([...AUDIT_ACTIONS]),
    status: p.smallint(),
    /** For a denial (403): the scope the caller lacked. */
    missingScope: p.string().nullable(),
    /** The console user who called (surface `console`), kept as it was: the user may be removed later. */
    userId: p.string().nullable(),
    userEmail: p.string().nullable(),
    requestId: p.string().nullable(),
    /** Who acted when no client or console user did (the command line's user, a worker). */
    actor: p.string().nullable(),
    /** The refusal's or failure's error code, the same on every door. */
    errorCode: p.string().nullable(),
    /** The ids of the records the call created, changed or deleted. */
    targets: p.array().columnType('text[]').defaultRaw(`'{}'`),
    at: p.datetime(),
  },
  // (company, at, id): the log newest first, so a page after a cursor is a range of it; (company, client, at):
  // when each API client was last used.
  indexes: [{ properties: ['company', 'at', 'id'] }, { properties: ['at'] }, { properties: ['company', 'client', 'at'] }],
});
export type IAuditEntry = InferEntity<typeof AuditEntry>;

/**
 * A v1 POST made with an `Idempotency-Key`: the first response, kept 24 hours per API key, answers every
 * retry with the same key and body. `status` is null while the first request is still running.
 */
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  properties: {
    apiKey: p.string().primary(),
    key: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    requestHash: p.string(),
    status: p.smallint().nullable(),
    /** The response body exactly as first sent (JSON text), so a replay is byte-identical. */
    body: p.text().nullable(),
    createdAt: p.datetime(),
  },
  primaryKeys: ['apiKey', 'key', 'company'],
  indexes: [{ properties: ['createdAt'] }],
});
export type IIdempotencyKey = InferEntity<typeof IdempotencyKey>;

/**
 * The read cache's version of one type of one company (src/db/cache-versions.ts): raised by each write's
 * transaction, read by every instance to key its cached answers.
 */
export const CacheVersion = defineEntity({
  name: 'CacheVersion',
  properties: {
    company: () => p.manyToOne(Company).primary().deleteRule('cascade'),
    type: p.string().primary(),
    version: p.bigint(),
  },
});
export type ICacheVersion = InferEntity<typeof CacheVersion>;

/**
 * One row: an HMAC of a fixed label under the server key the database's secrets are stored with, so that
 * a start with another SERVER_KEY is refused instead of failing every secret silently (src/db/server-key-check.ts).
 */
export const ServerKeyCheck = defineEntity({
  name: 'ServerKeyCheck',
  properties: {
    id: p.smallint().primary().autoincrement(false),
    checkValue: p.string(),
    createdAt: p.datetime(),
  },
  checks: [{ name: 'server_key_check_one_row', expression: 'id = 1' }],
});
export type IServerKeyCheck = InferEntity<typeof ServerKeyCheck>;

/**
 * The heartbeat of each running job-queue worker pool (src/jobs.ts); the jobs of a pool whose heartbeat
 * stopped go back to the queue (`job_worker_beat`, migration 20261129120070).
 */
export const JobWorker = defineEntity({
  name: 'JobWorker',
  properties: {
    id: p.text().primary(),
    heartbeatAt: p.datetime().defaultRaw('now()'),
  },
});
export type IJobWorker = InferEntity<typeof JobWorker>;
