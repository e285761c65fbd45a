/**
 * The webhook part of the v1 OpenAPI document: the OpenAPI 3.1 `webhooks` section (one operation per event
 * kind, with its signature headers and its body), the schemas of every kind's envelope and `data`, and the
 * v1 routes that manage endpoints, read the delivery log and catch up on events. The schemas are made from
 * WEBHOOK_EVENTS (packages/webhooks/src/payloads.ts), the definitions the service builds every payload
 * from, so what the document says a kind carries is what is sent.
 */
import { WEBHOOK_EVENTS, type WebhookField } from '../../packages/webhooks/src/payloads.ts';
import { SIGNATURE_LIFETIME_SECONDS, WEBHOOK_AUDIENCE, WEBHOOK_ISSUER, WEBHOOK_JWT_TYPE } from '../../packages/webhooks/src/signature.ts';
import { CATCH_UP_DEFAULT_PAGE, CATCH_UP_MAX_PAGE } from '../../src/domain/catch-up.ts';
import { WEBHOOK_KINDS, type WebhookKind } from '../../src/domain/outbox.ts';
import {
  array, bool, constant, count, enumOf, int, json, nullable, object, parameterRef, prefixedId, queryParameter, ref, str, tag, type Schema,
} from '../openapi-schema.ts';
import { DEFAULT_DELIVERIES, MAX_DELIVERIES } from './routes.ts';
import type { Operation } from './openapi.ts';

/** `appointment.no_show` -> `AppointmentNoShow`: the stem of a kind's schema names. */
const pascal = (kind: string) => kind.split(/[._]/).map((part) => part[0]!.toUpperCase() + part.slice(1)).join('');

/** The JSON Schema of one field of a kind's `data`. */
function fieldSchema(field: WebhookField): Schema {
  const schema: Schema =
    field.type === 'array'
      ? { type: 'array', items: { type: 'string', enum: field.items } }
      : {
          type: field.type,
          ...(field.format && { format: field.format }),
          ...(field.prefix && { pattern: `^${field.prefix}` }),
          ...(field.enum && { enum: field.enum }),
        };
  const described = { ...schema, description: field.description };
  return field.nullable ? nullable(described) : described;
}

const dataSchema = (kind: WebhookKind): Schema =>
  object(
    Object.fromEntries(Object.entries(WEBHOOK_EVENTS[kind].fields).map(([name, field]) => [name, fieldSchema(field as WebhookField)])),
    `The \`data\` of \`${kind}\`: exactly these fields, in this order. ${WEBHOOK_EVENTS[kind].sentWhen}`,
  );

const TIMESTAMP = str('When the event was recorded, in the transaction of the change, ISO 8601 UTC.', { format: 'date-time', examples: ['2026-11-25T16:42:51.817Z'] });
const EVENT_ID = prefixedId('whe_', 'The event (the `webhook-id` header and `jti` claim of its deliveries)');

/** The body POSTed for a kind: `{event, timestamp, data}`, and `test: true` on a Send Test sample. */
const envelopeSchema = (kind: WebhookKind): Schema =>
  object(
    {
      event: constant(kind, 'The kind.'),
      timestamp: TIMESTAMP,
      data: ref(`${pascal(kind)}Data`),
      test: { type: 'boolean', const: true, description: 'Present, and `true`, only on a sample sent with Send Test.' },
    },
    `The body of a \`${kind}\` request.`,
    ['test'],
  );

/** An event of the catch-up list: its id beside the envelope's fields (never a test). */
const entrySchema = (kind: WebhookKind): Schema =>
  object({ id: EVENT_ID, event: constant(kind, 'The kind.'), timestamp: TIMESTAMP, data: ref(`${pascal(kind)}Data`) }, `A \`${kind}\` event of the catch-up list.`);

const KIND_SCHEMAS: Record<string, Schema> = Object.fromEntries(
  WEBHOOK_KINDS.flatMap((kind) => [
    [`${pascal(kind)}Data`, dataSchema(kind)],
    [`${pascal(kind)}Event`, envelopeSchema(kind)],
    [`${pascal(kind)}Entry`, entrySchema(kind)],
  ]),
);

const kindEnum = (description?: string) => enumOf(WEBHOOK_KINDS, description);

export const WEBHOOK_SCHEMAS: Record<string, Schema> = {
  ...KIND_SCHEMAS,
  WebhookEventEntry: {
    description: 'An event of the catch-up list, of one of the kinds.',
    oneOf: WEBHOOK_KINDS.map((kind) => ref(`${pascal(kind)}Entry`)),
    discriminator: { propertyName: 'event', mapping: Object.fromEntries(WEBHOOK_KINDS.map((kind) => [kind, `#/components/schemas/${pascal(kind)}Entry`])) },
  },
  WebhookEventPage: object(
    {
      events: array(ref('WebhookEventEntry'), 'In the order their changes committed.'),
      endCursor: nullable(str('Where the next page starts: give it as `after`. The `after` given when this page is empty; null only when there has been no event.')),
      hasMore: bool('Whether events after this page had already committed when it was read: read on at once.'),
    },
    'A page of the catch-up list.',
  ),
  WebhookEndpoint: object(
    {
      id: prefixedId('whk_', 'The endpoint'),
      url: str('Where events are POSTed.', { format: 'uri' }),
      events: array(kindEnum(), 'The kinds it receives.'),
      enabled: bool('Whether events are sent to it.'),
      previousSecretExpiresAt: nullable(str('After a secret rotation with an overlap: until when the previous secret also signs; null when none was kept.', { format: 'date-time' })),
      createdAt: str('When it was added.', { format: 'date-time' }),
    },
    'A receiver of the company\'s webhook events.',
  ),
  NewWebhookEndpoint: object(
    {
      id: prefixedId('whk_', 'The endpoint'),
      url: str('Where events are POSTed.', { format: 'uri' }),
      events: array(kindEnum(), 'The kinds it receives.'),
      enabled: bool('Whether events are sent to it.'),
      previousSecretExpiresAt: { type: 'null', description: 'Always null for a new endpoint.' },
      createdAt: str('When it was added.', { format: 'date-time' }),
      signingSecret: str('`whsec_` and base64: the secret that signs its requests. Shown only in this answer (and its replays with the same `Idempotency-Key`): keep it.', { pattern: '^whsec_' }),
    },
    'A new endpoint, with its signing secret.',
  ),
  WebhookEndpointList: object({ webhooks: array(ref('WebhookEndpoint'), 'Oldest first.') }, 'Every endpoint of the company (a company has few; the list is not paged).'),
  WebhookDelivery: object(
    {
      eventId: EVENT_ID,
      event: kindEnum('The event\'s kind.'),
      test: bool('Whether the event was a Send Test sample.'),
      attempt: int('Attempt number for this endpoint, from 1; a redelivery goes on counting.', { minimum: 1 }),
      status: nullable(int('The receiver\'s HTTP status; null when it gave none.')),
      error: nullable(str('Why the attempt failed (HTTP status, timeout, refused address, connection error); null when it succeeded.')),
      at: str('When the attempt started.', { format: 'date-time' }),
      durationMs: count('From the start of the attempt to the answer (or the failure), in milliseconds.'),
    },
    'One attempt to deliver one event to the endpoint.',
  ),
  WebhookDeliveryList: object({ deliveries: array(ref('WebhookDelivery'), 'Newest first.') }, 'The latest delivery attempts to an endpoint.'),
};

const header = (name: string, description: string, schema: Schema) => ({ name, in: 'header', required: true, description, schema });

export const WEBHOOK_PARAMETERS: Record<string, Schema> = {
  ServiceSignature: header(
    'X-Service-Signature',
    `A JWT (HS256, keyed by the endpoint's whole signing secret \`whsec_…\` as UTF-8) with \`typ\` \`${WEBHOOK_JWT_TYPE}\`, \`iss\` \`${WEBHOOK_ISSUER}\`, ` +
      `\`aud\` \`${WEBHOOK_AUDIENCE}\`, \`jti\` (the event id), \`iat\`, \`exp\` (${SIGNATURE_LIFETIME_SECONDS} seconds later), \`event\` (the kind) and ` +
      '`body_sha256` (base64url SHA-256 of the exact body). During a secret rotation\'s overlap, one JWT per secret, comma-separated, the new one\'s first. ' +
      'Verify the JWT, compare `body_sha256` with the body received, and check that the body\'s `event` is the signed one.',
    str(undefined, { pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)*$' }),
  ),
  WebhookId: header('webhook-id', 'Standard Webhooks: the event id, the same on every attempt and redelivery. Deduplicate by it.', str(undefined, { pattern: '^whe_' })),
  WebhookTimestamp: header('webhook-timestamp', 'Standard Webhooks: the time of the attempt, in seconds since the epoch.', str(undefined, { pattern: '^[0-9]+$' })),
  WebhookSignature: header(
    'webhook-signature',
    'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the base64-decoded part of the secret after `whsec_`; ' +
      'during a rotation\'s overlap, one per secret, space-separated.',
    str(undefined, { pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' }),
  ),
};

const DELIVERY_RULES =
  'Sent as a `POST` with `Content-Type: application/json` to every enabled endpoint subscribed to the kind, signed twice over the exact body ' +
  '(`X-Service-Signature`, and the Standard Webhooks headers). Answer 2xx within 10 seconds; anything else, or no answer, is retried up to 3 times ' +
  'with exponential backoff. At least once: deduplicate by `webhook-id`.';

/** The `webhooks` section: one `POST` per kind, named by the kind. */
export function webhooksSection(): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_KINDS.map((kind) => [
      kind,
      {
        post: {
          operationId: `${pascal(kind)[0]!.toLowerCase()}${pascal(kind).slice(1)}Webhook`,
          tags: ['Webhooks'],
          summary: kind,
          description: `${WEBHOOK_EVENTS[kind].sentWhen}\n\n${DELIVERY_RULES}`,
          parameters: ['ServiceSignature', 'WebhookId', 'WebhookTimestamp', 'WebhookSignature'].map(parameterRef),
          security: [],
          requestBody: { required: true, description: `The envelope of \`${kind}\`.`, content: json(ref(`${pascal(kind)}Event`)) },
          responses: {
            '2XX': { description: 'Received. Any 2xx status within 10 seconds acknowledges the event; the body is ignored.' },
            '4XX': { description: 'Not received: retried (a 4xx is a failure like any other, so a receiver that has not caught up can refuse and be sent the event again).' },
            '5XX': { description: 'Not received: retried.' },
          },
        },
      },
    ]),
  );
}

export const WEBHOOK_TAGS = [
  tag('Webhooks', 'Webhook endpoints, their delivery log, and the catch-up list of events. The events themselves are in this document\'s `webhooks`.'),
];

const ENDPOINT_ID = { id: 'The endpoint\'s `whk_` id.' };

/** The rows of the webhook routes, for rest/v1/openapi.ts. */
export const WEBHOOK_OPERATIONS: Record<string, Operation> = {
  'GET /webhooks': {
    operationId: 'listWebhookEndpoints',
    tag: 'Webhooks',
    summary: 'List webhook endpoints',
    description: 'Every endpoint of the company, oldest first, never with its secret.',
    response: 'WebhookEndpointList',
  },
  'POST /webhooks': {
    operationId: 'createWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Add a webhook endpoint',
    description:
      'Answers 201 with the endpoint and its signing secret, which no other answer shows. The URL must be `https://`, have no user name or password, ' +
      'and reach only public addresses (a host that is or resolves to a loopback, private, link-local, shared, documentation or other reserved address ' +
      'is 400 on `url`); another endpoint\'s URL is 409 `CONFLICT`.',
    body: 'WebhookCreate',
    response: 'NewWebhookEndpoint',
    status: 201,
  },
  'GET /webhooks/:id': {
    operationId: 'getWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Get a webhook endpoint',
    description: 'The endpoint, never with its secret.',
    pathParameters: ENDPOINT_ID,
    response: 'WebhookEndpoint',
  },
  'PUT /webhooks/:id': {
    operationId: 'updateWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Change a webhook endpoint',
    description: 'Changes the given fields under the rules of creation; the signing secret stays. Disabling it makes its due deliveries fail.',
    pathParameters: ENDPOINT_ID,
    body: 'WebhookUpdate',
    response: 'WebhookEndpoint',
    conflict: true,
  },
  'DELETE /webhooks/:id': {
    operationId: 'deleteWebhookEndpoint',
    tag: 'Webhooks',
    summary: 'Delete a webhook endpoint',
    description: 'Removes it with its pending deliveries and its delivery log.',
    pathParameters: ENDPOINT_ID,
    status: 204,
  },
  'GET /webhooks/:id/deliveries': {
    operationId: 'listWebhookDeliveries',
    tag: 'Webhooks',
    summary: 'Read an endpoint\'s delivery log',
    description: 'Its latest delivery attempts, newest first.',
    pathParameters: ENDPOINT_ID,
    query: [
      queryParameter('limit', int(undefined, { minimum: 1, maximum: MAX_DELIVERIES, default: DEFAULT_DELIVERIES }), `How many attempts, 1 to ${MAX_DELIVERIES}. Outside that range: 400.`),
    ],
    response: 'WebhookDeliveryList',
  },
  'GET /webhook-events': {
    operationId: 'listWebhookEvents',
    tag: 'Webhooks',
    summary: 'Catch up on events',
    description:
      'The company\'s events, of every kind whether or not an endpoint receives it (Send Test samples left out), in the order their changes committed. ' +
      'Read from the `endCursor` of the last page you read, until `hasMore` is false: every event committed meanwhile comes exactly once, none is ' +
      'skipped, whatever the order in which concurrent changes committed. Events are kept `WEBHOOK_RETENTION_DAYS` (30 by default): older ones are gone from this list too.',
    query: [
      queryParameter('after', str(undefined, { maxLength: 100 }), 'The `endCursor` of the page before; without it, the list starts at the oldest event kept. Anything else: 400.'),
      queryParameter('limit', int(undefined, { minimum: 1, maximum: CATCH_UP_MAX_PAGE, default: CATCH_UP_DEFAULT_PAGE }), `Events per page, 1 to ${CATCH_UP_MAX_PAGE}. Outside that range: 400.`),
      queryParameter('kinds', str(undefined, { examples: ['registration.created,registration.cancelled'] }), 'Only these kinds, comma-separated. An unknown kind: 400.'),
    ],
    response: 'WebhookEventPage',
  },
};
