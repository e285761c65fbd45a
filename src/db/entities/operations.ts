/** Operational records: webhook endpoints, the webhook outbox and its delivery log, and the audit log. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Company } from './access.ts';

export const WEBHOOK_KINDS = ['registration.created', 'pass.purchased', 'event.purchased'] as const;
export const WEBHOOK_JOB_STATES = ['pending', 'delivered', 'failed'] as const;
export const AUDIT_ACTIONS = ['READ', 'UPDATE'] as const;

/** The signing secret is sealed (AES-256-GCM under the server key): the server must sign with it. */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company),
    url: p.text(),
    events: p.array().columnType('text[]'),
    sealedSecret: p.text(),
    previousSealedSecret: p.text().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    enabled: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['company', 'url'] }],
});
export type IWebhookEndpoint = InferEntity<typeof WebhookEndpoint>;

/**
 * Outbox row: written in the transaction of the change it reports, delivered after commit. `payload` is
 * the envelope's `data`. `dispatchedAt` is set when the delivery worker has made one job per endpoint
 * subscribed to the kind (src/webhooks/worker.ts); until then the partial index finds it.
 */
export const WebhookEvent = defineEntity({
  name: 'WebhookEvent',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company),
    kind: p.string(),
    payload: p.json<Record<string, unknown>>(),
    isTest: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    dispatchedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['company', 'createdAt'] }, { name: 'webhook_event_undispatched_index', properties: ['createdAt'], where: 'dispatched_at is null' }],
});
export type IWebhookEvent = InferEntity<typeof WebhookEvent>;

/**
 * Delivery of one event to one endpoint. `attempts` counts every attempt made (it only grows, so it also
 * fences a late result of an attempt whose lease ran out); `retriesLeft` is how many failed attempts may
 * still be followed by another. A worker owns a job while `lockedUntil` is in the future.
 */
export const WebhookJob = defineEntity({
  name: 'WebhookJob',
  properties: {
    id: p.bigint().primary().autoincrement(),
    company: () => p.manyToOne(Company),
    event: () => p.manyToOne(WebhookEvent),
    endpoint: () => p.manyToOne(WebhookEndpoint).deleteRule('cascade').index(),
    state: p.enum([...WEBHOOK_JOB_STATES]).default('pending'),
    attempts: p.smallint().default(0),
    retriesLeft: p.smallint().check('retries_left >= 0'),
    nextAttemptAt: p.datetime(),
    lockedUntil: p.datetime().nullable(),
  },
  uniques: [{ properties: ['event', 'endpoint'] }],
  indexes: [{ name: 'webhook_job_due_index', properties: ['nextAttemptAt'], where: "state = 'pending'" }],
});
export type IWebhookJob = InferEntity<typeof WebhookJob>;

/** One delivery attempt of one event to one endpoint. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  properties: {
    id: p.bigint().primary().autoincrement(),
    company: () => p.manyToOne(Company),
    event: () => p.manyToOne(WebhookEvent).index(),
    endpoint: () => p.manyToOne(WebhookEndpoint).deleteRule('cascade'),
    attempt: p.smallint().check('attempt >= 1'),
    statusCode: p.smallint().nullable(),
    error: p.text().nullable(),
    durationMs: p.integer(),
    at: p.datetime(),
  },
  indexes: [{ properties: ['company', 'at'] }],
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
    at: p.datetime(),
  },
  // (company, client, at): when each API client was last used.
  indexes: [{ properties: ['company', 'at'] }, { properties: ['at'] }, { properties: ['company', 'client', 'at'] }],
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
    company: () => p.manyToOne(Company),
    requestHash: p.string(),
    status: p.smallint().nullable(),
    /** The response body exactly as first sent (JSON text), so a replay is byte-identical. */
    body: p.text().nullable(),
    createdAt: p.datetime(),
  },
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
