/** Operational records: webhook endpoints, the webhook outbox and its delivery log, and the audit log. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Company } from './access.ts';

export const WEBHOOK_KINDS = ['registration.created', 'pass.purchased', 'event.purchased'] as const;
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
});
export type IWebhookEndpoint = InferEntity<typeof WebhookEndpoint>;

/** Outbox row: written in the transaction of the change it reports, delivered after commit. */
export const WebhookEvent = defineEntity({
  name: 'WebhookEvent',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company),
    kind: p.string(),
    payload: p.json<Record<string, unknown>>(),
    isTest: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ properties: ['company', 'createdAt'] }],
});
export type IWebhookEvent = InferEntity<typeof WebhookEvent>;

/** One delivery attempt of one event to one endpoint. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  properties: {
    id: p.bigint().primary().autoincrement(),
    company: () => p.manyToOne(Company),
    event: () => p.manyToOne(WebhookEvent).index(),
    endpoint: () => p.manyToOne(WebhookEndpoint),
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
    action: p.enum([...AUDIT_ACTIONS]),
    status: p.smallint(),
    at: p.datetime(),
  },
  indexes: [{ properties: ['company', 'at'] }, { properties: ['at'] }],
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
