/**
 * The OpenAPI 3.1 document of the v1 surface, served at `/api/v1/openapi.json`. Its paths come from the
 * compiled routes: each route needs a row in OPERATIONS below (parameters, request body, response), and a
 * route without one stops the start, so no endpoint is served undocumented. Request bodies are the zod
 * schemas the routes parse them with (rest/v1/bodies.ts) and responses the shapes of rest/v1/presenters.ts;
 * where document 2 says "not shown", the decisions written here are the ones the routes implement. The
 * webhook routes and the `webhooks` section (every event kind) are in rest/v1/openapi-webhooks.ts.
 */
import type { Rule } from '../../src/domain/errors.ts';
import { RULES } from '../../src/domain/input-rules.ts';
import { ACCESS_TOKEN_SECONDS } from '../../src/pipeline/tokens.ts';
import type { Route } from '../route.ts';
import {
  array, bodySchemas, bool, constant, CONTACT, count, DOCUMENT_OPERATION, LICENSE, tag, enumOf, headerRef, input, int, json, nullable, object,
  pathsOf, parameterRef, pathParameterNames, prefixedId, queryParameter, ref, responseRef, ruleSchema, str,
  type Schema,
} from '../openapi-schema.ts';
import { IDEMPOTENCY_HOURS } from '../../src/pipeline/idempotency.ts';
import { V1_BODIES } from './bodies.ts';
import { WEBHOOK_OPERATIONS, WEBHOOK_PARAMETERS, WEBHOOK_SCHEMAS, WEBHOOK_TAGS, webhooksSection } from './openapi-webhooks.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './routes.ts';

const instant = (description: string): Schema => str(`${description} An ISO 8601 instant in UTC.`, { format: 'date-time', examples: ['2026-12-05T18:00:00.000Z'] });
const date = (description: string): Schema => str(`${description} \`YYYY-MM-DD\`.`, { format: 'date', examples: ['2026-12-01'] });
const amount = (description: string): Schema => ({ type: 'number', description: `${description}, a decimal amount in currency units (15.5 is 15.50).`, minimum: 0 });

const CURRENCIES = ['GBP', 'EUR', 'USD'];
const eventKind = ruleSchema(RULES.eventKind);
const currency = enumOf(CURRENCIES, 'ISO 4217 code of the company\'s currency.');

/** Document 2's statuses, derived from the data (docs/v1.md, "Customer passes"). */
const CUSTOMER_PASS_STATUSES = ['active', 'pending', 'expired', 'used', 'cancelled'];

const pageOf = (name: string, item: string, description: string): Schema =>
  object(
    {
      [name]: array(ref(item)),
      total: count('Items matching, over all pages.'),
      page: int('This page, counted from 1.', { minimum: 1 }),
      perPage: int('Items per page.', { minimum: 1, maximum: MAX_PER_PAGE }),
    },
    description,
  );

const customerFields = {
  id: prefixedId('cust_', 'The customer'),
  firstName: str(),
  lastName: str(),
  email: str(),
  createdAt: instant('When the customer was created.'),
};

const RESOURCES: Record<string, Schema> = {
  CustomerListItem: object(customerFields, 'A customer, as the list gives it (document 2, section 2).'),
  Customer: object(
    {
      ...customerFields,
      mobile: nullable(str('Null when unknown.')),
      archived: bool('Archived customers stay listed and can be restored.'),
      updatedAt: instant('When the customer last changed.'),
    },
    'A customer.',
  ),
  Event: object(
    {
      id: prefixedId('evt_', 'The event'),
      name: str(),
      description: str('Empty when there is none.'),
      kind: eventKind,
      timezone: str('IANA timezone of the event.', { examples: ['Europe/London'] }),
      archived: bool('Archived events keep their registrations but are no longer on sale.'),
      dates: array(ref('EventDate'), 'Its dates, earliest first.'),
      pricingOptions: array(ref('PricingOption')),
      createdAt: instant('When the event was created.'),
      updatedAt: instant('When the event last changed.'),
    },
    'An event, class or workshop with its dates and pricing options.',
  ),
  EventDate: object(
    {
      id: prefixedId('date_', 'The event date'),
      startsAt: instant('Start.'),
      durationMinutes: count('Length in minutes.'),
      capacity: count('Spaces on sale.'),
      spacesBooked: count('Spaces held by registrations that are not cancelled.'),
      spacesLeft: int('Spaces still on sale.'),
      cancelled: bool('Whether the date was cancelled: it stays listed, holds no registrations and takes none.'),
    },
    'One occurrence of an event.',
  ),
  PricingOption: object(
    {
      id: prefixedId('po-', 'The pricing option'),
      name: str(),
      price: amount('Price per space'),
      credits: count('Credits per space when paid with a pass; 0: not payable with credits.'),
      currency,
    },
    'A way to pay for an event.',
  ),
  Registration: object(
    {
      id: prefixedId('reg_', 'The registration'),
      eventId: prefixedId('evt_', 'The event'),
      eventDateId: prefixedId('date_', 'The event date'),
      eventDate: instant('Start of the event date.'),
      customerId: prefixedId('cust_', 'Who attends (the payer unless the spaces were bought for someone else)'),
      customerName: str('First and last name of who attends.'),
      customerEmail: str(),
      spots: int('Spaces booked.', { minimum: 1 }),
      status: enumOf(['confirmed', 'cancelled']),
      refunded: bool('A refund was issued.'),
      totalPaid: { type: 'number', description: 'What was paid: a decimal amount in `currency`, or the credits used when `currency` is `CR` (paid with a pass), as in `registration.created`.', minimum: 0 },
      currency: enumOf([...CURRENCIES, 'CR'], 'The currency paid in; `CR` (credits) when paid with a pass.'),
      paymentMethod: enumOf(['CARD', 'PASS']),
      passUsed: nullable(str('The customer pass (`cp_` id) the credits came from; null when no pass was used.', { pattern: '^cp_' })),
      createdAt: instant('When it was booked.'),
    },
    'A registration (booking) of a customer on a date of the event; cancelled ones included.',
  ),
  EventDeletion: object(
    { id: prefixedId('evt_', 'The event'), status: enumOf(['archived', 'deleted'], '`archived` when the event has registrations, else `deleted`.') },
    'What deleting an event did.',
  ),
  Pass: object(
    {
      id: prefixedId('pass_', 'The pass type'),
      name: str(),
      description: str('Empty when there is none.'),
      credits: int('Uses a customer pass starts with.', { minimum: 1 }),
      validityDays: int('Days a customer pass stays valid from its start date.', { minimum: 1 }),
      price: amount('Price'),
      currency,
      active: bool('Only active pass types can be assigned.'),
      createdAt: instant('When the pass type was created.'),
      updatedAt: instant('When the pass type last changed.'),
    },
    'A pass type: a bundle of uses on sale.',
  ),
  CustomerPass: object(
    {
      id: prefixedId('cp_', 'The customer pass'),
      customerId: prefixedId('cust_', 'The customer'),
      passId: prefixedId('pass_', 'The pass type'),
      remainingUses: count('Uses left.'),
      startDate: date('First day of validity.'),
      expiryDate: date('Expiry date: the start date plus the pass type\'s validity days.'),
      status: enumOf(
        CUSTOMER_PASS_STATUSES,
        'Derived from the data: `active` (started, not expired, uses left), `pending` (starts later), `expired`, `used` (no uses left), `cancelled`.',
      ),
    },
    'A pass assigned to a customer (document 2, section 2).',
  ),
  CustomerPage: pageOf('customers', 'CustomerListItem', 'A page of customers, by last name (document 2, section 2).'),
  EventPage: pageOf('events', 'Event', 'A page of events, by name.'),
  RegistrationPage: pageOf('registrations', 'Registration', 'A page of an event\'s registrations, in booking order.'),
  PassPage: pageOf('passes', 'Pass', 'A page of pass types, by name.'),
  CustomerPassPage: pageOf('customerPasses', 'CustomerPass', 'A page of customer passes, newest first.'),
};

const REQUESTS: Record<string, Schema> = {
  TokenRequest: input(
    { apiKey: str('The API key.', { minLength: 1, maxLength: 200 }), apiSecret: str('The API secret.', { minLength: 1, maxLength: 200 }) },
    'The API key and secret from the service\'s support team.',
    ['apiKey', 'apiSecret'],
  ),
  ...bodySchemas(V1_BODIES),
};

/** docs/v1.md, "Errors": the codes of `error.code`, with when each is answered. */
const ERROR_CODES: Record<string, string> = {
  VALIDATION_ERROR: '400: a parameter, header or body field is missing or invalid; `details` names the field and the rule.',
  UNAUTHORIZED: '401: no token, or one that is invalid or expired; or wrong credentials at `POST /auth/token`.',
  FORBIDDEN: '403: the credentials may not do this.',
  NOT_FOUND: '404: no such resource in your company, or no such path.',
  METHOD_NOT_ALLOWED: '405: the path does not take this method; `Allow` lists those it takes.',
  CONFLICT: '409: a request with the same `Idempotency-Key` is still being answered, another webhook endpoint has the URL, or another live customer of the company has the email (`details.customerId` names them).',
  IDEMPOTENCY_KEY_REUSED: '409: the `Idempotency-Key` was used with a different request.',
  RATE_LIMITED: '429: too many requests; retry after `Retry-After` seconds.',
  PAYLOAD_TOO_LARGE: '413: the body is larger than 100 kB.',
  INTERNAL_ERROR: '500: an unexpected failure; nothing about it is disclosed.',
};

/** The rules a `VALIDATION_ERROR` names; a Record so that every rule of the domain is described. */
const VALIDATION_RULES: Record<Rule, string> = {
  required: 'missing, or an empty text',
  type: 'a value of another JSON type (a text for a number, a fraction for a whole number)',
  format: 'not in the expected format (email, date, instant, timezone, phone number, amount with more than 2 decimals, JSON)',
  enum: 'not one of the allowed values',
  min: 'below the minimum (a number, a date, or fewer items or characters than allowed)',
  max: 'above the maximum (a number, or more items or characters than allowed)',
  unknown: 'a field this request does not take',
};
const bullets = (entries: Record<string, string>) => Object.entries(entries).map(([name, meaning]) => `- \`${name}\`: ${meaning}`).join('\n');

const errorOf = (codes: string[], details: Schema, description: string): Schema =>
  object(
    {
      error: object(
        {
          code: codes.length === 1 ? constant(codes[0]!) : enumOf(codes),
          message: str('What went wrong, for people; names the field at fault.', { examples: ['perPage: must be at most 100'] }),
          details,
        },
        undefined,
      ),
    },
    description,
  );
const noDetails = object({}, 'Always empty.');

const ERRORS: Record<string, Schema> = {
  Error: errorOf(
    Object.keys(ERROR_CODES),
    {
      type: 'object',
      description: 'What the code needs: `{field, rule}` for `VALIDATION_ERROR`, `{allowed}` for `METHOD_NOT_ALLOWED`, `{retryAfter}` for `RATE_LIMITED`; else empty.',
      properties: {
        field: str(),
        rule: enumOf(Object.keys(VALIDATION_RULES)),
        allowed: array(str()),
        retryAfter: count('Seconds.'),
        scope: str(),
        reason: str(),
      },
      additionalProperties: false,
    },
    `Every error: \`{"error": {"code", "message", "details"}}\` (document 2, section 7). Codes:\n${bullets(ERROR_CODES)}`,
  ),
  ValidationError: errorOf(
    ['VALIDATION_ERROR'],
    object(
      {
        field: str('The offending parameter, header or body field; inside lists `dates[0].startsAt`; `body` for the body as a whole.', { examples: ['email'] }),
        rule: enumOf(Object.keys(VALIDATION_RULES), `The rule that failed:\n${bullets(VALIDATION_RULES)}`),
      },
      'The field and the rule.',
    ),
    'A validation failure.',
  ),
  UnauthorizedError: errorOf(['UNAUTHORIZED'], noDetails, 'No token, an invalid or expired one, or wrong credentials.'),
  NotFoundError: errorOf(['NOT_FOUND'], noDetails, 'No such resource.'),
  MethodNotAllowedError: errorOf(['METHOD_NOT_ALLOWED'], object({ allowed: array(enumOf(['GET', 'POST', 'PUT', 'DELETE']), 'The methods the path takes.') }), 'A method the path does not take.'),
  ConflictError: errorOf(
    ['CONFLICT', 'IDEMPOTENCY_KEY_REUSED'],
    object({ reason: str(), customerId: str() }, 'Empty, the reason, or the customer who already has the email.', ['reason', 'customerId']),
    'A conflicting request.',
  ),
  RateLimitedError: errorOf(['RATE_LIMITED'], object({ retryAfter: count('Seconds to wait.') }), 'Too many requests.'),
  PayloadTooLargeError: errorOf(['PAYLOAD_TOO_LARGE'], noDetails, 'A body over 100 kB.'),
  InternalError: errorOf(['INTERNAL_ERROR'], noDetails, 'An unexpected failure.'),
};

const AUTHENTICATION: Record<string, Schema> = {
  Token: object(
    {
      token: str('A JWT to send as `Authorization: Bearer <token>`.'),
      expiresIn: int('Seconds until the token expires.', { const: ACCESS_TOKEN_SECONDS }),
    },
    'An access token (document 2, section 5). There is no refresh token: after expiry, request a new one.',
  ),
};

const header = (description: string, schema: Schema, required = true): Schema => ({ description, required, schema });
const HEADERS: Record<string, Schema> = {
  RateLimit: header('Remaining requests of the minute (IETF RateLimit fields): `"minute";r=99;t=60`.', str()),
  'RateLimit-Policy': header('The limit that applies per API key: `"minute";q=100;w=60`.', str()),
  'Retry-After': header('Seconds to wait before retrying.', int(undefined, { minimum: 0 })),
  Allow: header('The methods this path takes.', str(undefined, { examples: ['GET, PUT, DELETE'] })),
  'WWW-Authenticate': header('The bearer challenge (RFC 6750).', str(undefined, { examples: ['Bearer realm="v1"'] })),
  'Idempotent-Replayed': header('`true` when this is the stored answer to an earlier request with the same `Idempotency-Key` and body.', constant('true'), false),
  'X-Cache': header('`HIT` when served from the read cache, `MISS` when read from the store (absent when caching is off).', enumOf(['HIT', 'MISS']), false),
  Age: header('Seconds since the cached answer was stored (0 on a MISS).', int(undefined, { minimum: 0 }), false),
  'Cache-Control': header('Always `no-store`.', constant('no-store')),
};
const RATE_LIMIT_HEADERS = { RateLimit: headerRef('RateLimit'), 'RateLimit-Policy': headerRef('RateLimit-Policy') };
/** A malformed JSON body is refused before the API key is known, so without the rate-limit fields. */
const OPTIONAL_RATE_LIMIT_HEADERS = { RateLimit: { ...HEADERS.RateLimit, required: false }, 'RateLimit-Policy': { ...HEADERS['RateLimit-Policy'], required: false } };

const errorResponse = (schema: string, description: string, headers: Record<string, unknown> = RATE_LIMIT_HEADERS) => ({ description, headers, content: json(ref(schema)) });
const RESPONSES: Record<string, Schema> = {
  BadRequest: errorResponse(
    'ValidationError',
    'A missing or invalid parameter, header or body field (`details: {field, rule}`), or a body that is not valid JSON (`field: body`). Nothing was changed.',
    OPTIONAL_RATE_LIMIT_HEADERS,
  ),
  Unauthorized: errorResponse('UnauthorizedError', 'No token, or one that is invalid or expired (or of a revoked key): request a new token.', {
    'WWW-Authenticate': headerRef('WWW-Authenticate'),
  }),
  NotFound: errorResponse('NotFoundError', 'No such resource in your company (another company\'s id answers the same).'),
  MethodNotAllowed: errorResponse('MethodNotAllowedError', 'The path does not take this method; `Allow` lists the ones it takes.', { ...RATE_LIMIT_HEADERS, Allow: headerRef('Allow') }),
  Conflict: errorResponse(
    'ConflictError',
    '`IDEMPOTENCY_KEY_REUSED`: the `Idempotency-Key` was used with another body; `CONFLICT`: the first request with the key is still being answered, ' +
      'or (webhook endpoints) another endpoint has the URL.',
  ),
  PayloadTooLarge: errorResponse('PayloadTooLargeError', 'The body is larger than 100 kB.', {}),
  TooManyRequests: errorResponse('RateLimitedError', 'The API key\'s rate limit was exceeded: back off and retry after `Retry-After` seconds.', {
    ...RATE_LIMIT_HEADERS,
    'Retry-After': headerRef('Retry-After'),
  }),
  InternalError: errorResponse('InternalError', 'An unexpected failure; nothing about it is disclosed.', {}),
  OtherError: errorResponse('Error', 'Any other error, in the shape every error has; `error.code` says which.', {}),
};

const PARAMETERS: Record<string, Schema> = {
  page: queryParameter('page', int(undefined, { minimum: 1, default: 1 }), 'Page, counted from 1. Below 1: 400.'),
  perPage: queryParameter('perPage', int(undefined, { minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE }), `Items per page, 1 to ${MAX_PER_PAGE}. Outside that range: 400.`),
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      `Makes a retry safe: the same key with the same body within ${IDEMPOTENCY_HOURS} hours answers the first response again (with \`Idempotent-Replayed: true\`) ` +
      'without doing anything; the same key with another body is 409 `IDEMPOTENCY_KEY_REUSED`. Keys are per API key; 1 to 255 visible ASCII characters.',
    schema: str(undefined, { pattern: '^[\\x21-\\x7e]{1,255}$', examples: ['grace-1'] }),
  },
};
const PAGING = [parameterRef('page'), parameterRef('perPage')];

export interface Operation {
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** What each path parameter names; every parameter of the route's path needs one. */
  pathParameters?: Record<string, string>;
  query?: unknown[];
  /** The component schema of the request body. */
  body?: string;
  /** The component schema of the success response; none for 204. */
  response?: string;
  /** The success status: 200 unless given. */
  status?: 201 | 204;
  /** Answers 404 for ids in the body (path parameters always may). */
  notFound?: boolean;
  /** Answers 409 when the change conflicts with another record (POSTs always may, for their Idempotency-Key). */
  conflict?: boolean;
}

const CUSTOMER_ID = { id: 'The customer\'s `cust_` id.' };
const EVENT_ID = { id: 'The event\'s `evt_` id.' };
const PASS_ID = { id: 'The pass type\'s `pass_` id.' };
const CUSTOMER_PASS_ID = { id: 'The customer pass\'s `cp_` id.' };

/** Every v1 route, keyed `METHOD /express/path`, as document 2 section 4 lists them. */
const OPERATIONS: Record<string, Operation> = {
  'GET /customers': {
    operationId: 'listCustomers',
    tag: 'Customers',
    summary: 'List customers',
    description: 'Customers that are not deleted, by last name; archived ones included.',
    query: PAGING,
    response: 'CustomerPage',
  },
  'GET /customers/:id': {
    operationId: 'getCustomer',
    tag: 'Customers',
    summary: 'Get a customer',
    description: 'Archived customers too; a deleted one is 404.',
    pathParameters: CUSTOMER_ID,
    response: 'Customer',
  },
  'POST /customers': {
    operationId: 'createCustomer',
    tag: 'Customers',
    summary: 'Create a customer',
    description: 'Answers 201 with the new customer, whose `cust_` id every interface shares. One live customer per email in the company, in any case: another one\'s email is 409 `CONFLICT` naming them in `details.customerId`.',
    body: 'CustomerCreate',
    response: 'Customer',
    status: 201,
  },
  'PUT /customers/:id': {
    operationId: 'updateCustomer',
    tag: 'Customers',
    summary: 'Update a customer',
    description: 'Changes the given fields; `archived` archives or restores the customer. Another live customer\'s email is 409 `CONFLICT` naming them in `details.customerId`.',
    pathParameters: CUSTOMER_ID,
    body: 'CustomerUpdate',
    response: 'Customer',
    conflict: true,
  },
  'DELETE /customers/:id': {
    operationId: 'deleteCustomer',
    tag: 'Customers',
    summary: 'Delete a customer',
    description: 'A soft delete: the customer leaves every list and cannot be read any more, while their past registrations keep them.',
    pathParameters: CUSTOMER_ID,
    status: 204,
  },

  'GET /events': {
    operationId: 'listEvents',
    tag: 'Events',
    summary: 'List events',
    description: 'Events by name; archived ones only with `includeArchived=true`.',
    query: [...PAGING, queryParameter('includeArchived', { type: 'boolean', default: false }, '`true` lists archived events too.')],
    response: 'EventPage',
  },
  'GET /events/:id': {
    operationId: 'getEvent',
    tag: 'Events',
    summary: 'Get an event',
    description: 'Archived events too.',
    pathParameters: EVENT_ID,
    response: 'Event',
  },
  'POST /events': {
    operationId: 'createEvent',
    tag: 'Events',
    summary: 'Create an event',
    description: 'With its dates and pricing options; the timezone defaults to the company\'s.',
    body: 'EventCreate',
    response: 'Event',
    status: 201,
  },
  'PUT /events/:id': {
    operationId: 'updateEvent',
    tag: 'Events',
    summary: 'Update an event',
    description: 'Changes the given fields and adds the dates and pricing options given.',
    pathParameters: EVENT_ID,
    body: 'EventUpdate',
    response: 'Event',
  },
  'DELETE /events/:id': {
    operationId: 'deleteEvent',
    tag: 'Events',
    summary: 'Delete an event',
    description: 'An event with registrations is archived (`status: archived`) so they keep their history; one without is deleted (`status: deleted`).',
    pathParameters: EVENT_ID,
    response: 'EventDeletion',
  },
  'GET /events/:id/registrations': {
    operationId: 'listEventRegistrations',
    tag: 'Events',
    summary: 'List registrations of an event',
    description: 'Registrations on all its dates, cancelled ones included, in booking order.',
    pathParameters: EVENT_ID,
    query: PAGING,
    response: 'RegistrationPage',
  },

  'GET /passes': { operationId: 'listPasses', tag: 'Passes', summary: 'List pass types', description: 'Pass types by name, inactive ones included.', query: PAGING, response: 'PassPage' },
  'GET /passes/:id': { operationId: 'getPass', tag: 'Passes', summary: 'Get a pass type', description: 'Inactive ones too.', pathParameters: PASS_ID, response: 'Pass' },
  'POST /passes': {
    operationId: 'createPass',
    tag: 'Passes',
    summary: 'Create a pass type',
    description: 'Answers 201 with the new pass type; it is on sale unless `active` is `false`.',
    body: 'PassCreate',
    response: 'Pass',
    status: 201,
  },
  'PUT /passes/:id': {
    operationId: 'updatePass',
    tag: 'Passes',
    summary: 'Update a pass type',
    description: 'Customer passes already assigned keep their uses and dates.',
    pathParameters: PASS_ID,
    body: 'PassUpdate',
    response: 'Pass',
  },

  'GET /customer-passes': {
    operationId: 'listCustomerPasses',
    tag: 'Customer passes',
    summary: 'List customer passes',
    description: 'Newest first; of one customer or one pass type when asked.',
    query: [
      queryParameter('customerId', str(), 'Only this customer\'s (`cust_` id).'),
      queryParameter('passId', str(), 'Only of this pass type (`pass_` id).'),
      ...PAGING,
    ],
    response: 'CustomerPassPage',
  },
  'GET /customer-passes/:id': {
    operationId: 'getCustomerPass',
    tag: 'Customer passes',
    summary: 'Get a customer pass',
    description: 'With its uses left and its status derived from its dates and uses.',
    pathParameters: CUSTOMER_PASS_ID,
    response: 'CustomerPass',
  },
  'POST /customer-passes': {
    operationId: 'assignPass',
    tag: 'Customer passes',
    summary: 'Assign a pass to a customer',
    description:
      'The customer pass starts on `startDate` (which may be in the past) with the pass type\'s uses, and expires `validityDays` later. ' +
      'An unknown customer or pass type is 404; an inactive pass type is 400 (`passId`, `enum`).',
    body: 'CustomerPassCreate',
    response: 'CustomerPass',
    status: 201,
    notFound: true,
  },
  'PUT /customer-passes/:id': {
    operationId: 'updateCustomerPass',
    tag: 'Customer passes',
    summary: 'Update a customer pass',
    description: 'Changes the uses left (at most the pass\'s uses), the expiry date (not before the start) or cancels it.',
    pathParameters: CUSTOMER_PASS_ID,
    body: 'CustomerPassUpdate',
    response: 'CustomerPass',
  },

  ...WEBHOOK_OPERATIONS,
};

const DESCRIPTION = `Manage one company's customers, events, pass types and customer passes (document 2), and its webhooks.

**Authentication.** Exchange the API key and secret from the service's support team for a JWT with \`POST /auth/token\`
(valid ${ACCESS_TOKEN_SECONDS} seconds) and send it as \`Authorization: Bearer <token>\` on every other request. A key opens the
whole company.

**Conventions.**
- JSON bodies and fields in camelCase. Unknown body fields are refused.
- Ids are prefixed strings naming their type: \`cust_\` customers, \`evt_\` events, \`date_\` event dates, \`po-\` pricing
  options, \`pass_\` pass types, \`cp_\` customer passes, \`reg_\` registrations, \`whk_\` webhook endpoints, \`whe_\` webhook events.
- Timestamps (\`createdAt\`, \`updatedAt\`, \`startsAt\`, \`eventDate\`) are ISO 8601 instants in UTC; \`startDate\` and
  \`expiryDate\` are dates \`YYYY-MM-DD\`.
- Amounts (\`price\`, \`totalPaid\`) are decimal currency units with at most 2 decimals (\`15.5\` is 15.50) in the company's currency.
- Lists answer \`{<items>, total, page, perPage}\`: \`page\` counts from 1; \`perPage\` defaults to ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE}.
  The webhook lists differ: all endpoints at once, the delivery log by \`limit\`, the events by cursor.
- Creation answers 201 with the new record; \`DELETE /customers/{id}\` and \`DELETE /webhooks/{id}\` answer 204 without a body.

**Webhooks.** The service POSTs signed events to the company's endpoints (\`/webhooks\`); this document's \`webhooks\` section
describes every kind, its body and its signature headers. \`GET /webhook-events\` lists the same events from a cursor, so a
receiver that was down catches up without redeliveries.

**Retries.** Every \`POST\` except \`/auth/token\` takes an \`Idempotency-Key\` header: a retry with the same key and body within
${IDEMPOTENCY_HOURS} hours answers the first response again (\`Idempotent-Replayed: true\`) without doing anything twice.

**Errors** are \`{"error": {"code", "message", "details"}}\`; a validation failure is 400 \`VALIDATION_ERROR\` with
\`details: {"field", "rule"}\` (rules: ${Object.keys(VALIDATION_RULES).map((rule) => `\`${rule}\``).join(', ')}). Codes:
${bullets(ERROR_CODES)}

**Limits.** Requests are counted per API key (by default 100 a minute). Every authenticated answer carries the IETF
\`RateLimit\` and \`RateLimit-Policy\` fields; a 429 carries \`Retry-After\`: back off exponentially. Bodies are at most 100 kB.`;


function successResponse(route: Route, operation: Operation): [string, Record<string, unknown>] {
  const status = operation.status ?? 200;
  const headers = {
    ...RATE_LIMIT_HEADERS,
    ...(route.method === 'GET' && { 'X-Cache': headerRef('X-Cache'), Age: headerRef('Age') }),
    ...(route.method === 'POST' && { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') }),
  };
  if (!operation.response) return [String(status), { description: 'Done; no body.', headers }];
  return [String(status), { description: status === 201 ? 'Created.' : 'OK', headers, content: json(ref(operation.response)) }];
}

function operationOf(route: Route): Record<string, unknown> {
  const key = `${route.method} ${route.path}`;
  const operation = OPERATIONS[key];
  if (!operation) throw new Error(`OpenAPI: ${key} has no response schema; add it to OPERATIONS in rest/v1/openapi.ts`);
  const pathParameters = pathParameterNames(route.path).map((name) => {
    const description = operation.pathParameters?.[name];
    if (!description) throw new Error(`OpenAPI: ${key} has no description of its path parameter ${name}`);
    return { name, in: 'path', required: true, description, schema: str() };
  });
  const [status, success] = successResponse(route, operation);
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description && { description: operation.description }),
    parameters: [...pathParameters, ...(operation.query ?? []), ...(route.method === 'POST' ? [parameterRef('IdempotencyKey')] : [])],
    ...(operation.body && { requestBody: { required: true, content: json(ref(operation.body)) } }),
    security: [{ bearer: [] }],
    responses: {
      [status]: success,
      ...((operation.query?.length || operation.body) && { 400: responseRef('BadRequest') }),
      401: responseRef('Unauthorized'),
      ...((pathParameters.length || operation.notFound) && { 404: responseRef('NotFound') }),
      405: responseRef('MethodNotAllowed'),
      ...((route.method === 'POST' || operation.conflict) && { 409: responseRef('Conflict') }),
      ...(operation.body && { 413: responseRef('PayloadTooLarge') }),
      429: responseRef('TooManyRequests'),
      500: responseRef('InternalError'),
      default: responseRef('OtherError'),
    },
  };
}

const TOKEN_OPERATION = {
  post: {
    operationId: 'requestToken',
    tags: ['Authentication'],
    summary: 'Obtain a token',
    description: `Returns a JWT valid for ${ACCESS_TOKEN_SECONDS} seconds (document 2, section 5). Token requests are limited per address; after repeated failures for one API key from one address, or from one address overall, a wrong secret is answered 429 instead of 401 for a while. The right key and secret always get a token.`,
    security: [],
    requestBody: { required: true, content: json(ref('TokenRequest')) },
    responses: {
      200: { description: 'The token.', headers: { 'Cache-Control': headerRef('Cache-Control') }, content: json(ref('Token')) },
      400: { ...RESPONSES.BadRequest, description: 'A missing or invalid field, or a body that is not valid JSON.', headers: {} },
      401: { ...RESPONSES.Unauthorized, description: 'Unknown API key or wrong secret (or a revoked key).' },
      405: { ...RESPONSES.MethodNotAllowed, description: 'Only `POST` is taken.', headers: { Allow: headerRef('Allow') } },
      413: responseRef('PayloadTooLarge'),
      429: { ...RESPONSES.TooManyRequests, description: 'Too many token requests from this address, or a wrong secret after too many failures: retry after `Retry-After` seconds.', headers: { 'Retry-After': headerRef('Retry-After') } },
      500: responseRef('InternalError'),
    },
  },
};

export function v1OpenApi(routes: Route[], basePath: string): Record<string, unknown> {
  const paths = pathsOf(routes, { '/auth/token': TOKEN_OPERATION, '/openapi.json': DOCUMENT_OPERATION }, operationOf);
  return {
    openapi: '3.1.0',
    info: { title: 'Studio booking service: v1 interface', version: '1.0.0', description: DESCRIPTION, contact: CONTACT, license: LICENSE },
    servers: [{ url: basePath, description: 'This service\'s v1 base path (the version is the path prefix).' }],
    tags: [
      tag('Authentication', 'The API key and secret for a one-hour token (document 2, section 5).'),
      tag('Customers', 'Customer records.'),
      tag('Events', 'Events, classes and workshops with their dates and pricing options, and their registrations.'),
      tag('Passes', 'Pass types: bundles of uses on sale.'),
      tag('Customer passes', 'Passes assigned to customers.'),
      ...WEBHOOK_TAGS,
      tag('Document', 'This OpenAPI document.'),
    ],
    paths,
    webhooks: webhooksSection(),
    components: {
      schemas: { ...AUTHENTICATION, ...RESOURCES, ...REQUESTS, ...ERRORS, ...WEBHOOK_SCHEMAS },
      parameters: { ...PARAMETERS, ...WEBHOOK_PARAMETERS },
      headers: HEADERS,
      responses: RESPONSES,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A token from `POST /auth/token`.' },
      },
    },
  };
}
