/**
 * The OpenAPI 3.1 document of the M2M surface, served at `{base}/openapi.json`. Its paths come from the
 * compiled routes themselves: each route needs a row in OPERATIONS below (parameters, request body and
 * response schema), and a route without one stops the start, so no endpoint is served undocumented.
 * Where document 1 says "not shown", the decisions written here are the ones the routes implement.
 */
import { RULES } from '../../src/domain/input-rules.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../src/domain/paging.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { ACCESS_TOKEN_SECONDS } from '../../src/pipeline/tokens.ts';
import type { Route } from '../route.ts';
import { M2M_BODIES } from './bodies.ts';
import {
  array, bodySchemas, bool, constant, CONTACT, count, dateInput, DOCUMENT_OPERATION, LICENSE, tag, enumOf, headerRef, int, json, nullable, object,
  openApiPath, pathsOf, parameterRef, pathParameterNames, prefixedId, queryParameter, ref, responseRef, ruleSchema, str,
  type Schema,
} from '../openapi-schema.ts';


const LOCAL_DATETIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$';
const localDatetime = (description: string): Schema => str(`${description} Local time without offset, in the zone of \`tz\`.`, { pattern: LOCAL_DATETIME, examples: ['2026-12-01T09:30:00'] });
const instant = (description: string): Schema => str(`${description} An ISO 8601 instant (UTC).`, { format: 'date-time', examples: ['2026-07-17T06:21:00.000Z'] });
const date = (description: string): Schema => str(description, { format: 'date', examples: ['2026-12-01'] });
const clockTime = (description: string): Schema => str(`${description} \`HH:MM\`, local to the facilitator.`, { pattern: '^\\d{2}:\\d{2}$', examples: ['09:15'] });
const timezone = str('IANA timezone name.', { examples: ['Europe/London'] });
const base100 = (description: string): Schema => int(`${description}, base-100 (integer minor units: 1250 is 12.50).`, { minimum: 0 });

const MONEY_CURRENCIES = ['GBP', 'EUR', 'USD'];
const moneyCurrency = enumOf(MONEY_CURRENCIES, 'ISO 4217 currency code.');
const credits = constant('CR', 'Credits: always `CR`.');
const PAYMENT_STATUSES = ['PAID', 'PENDING', 'FAILED'];
/** How the desk took the money when it marked the payment; null until then or when not said. */
const SETTLEMENT = {
  type: ['string', 'null'],
  enum: ['CARD', 'CASH', 'OTHER', null],
  description: 'How the money was taken when the payment was marked at the desk (card, cash or other); null while it waits or when not said.',
};
const APPOINTMENT_STATUSES = ['SCHEDULED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'];

/** A `oneOf` whose member is chosen by the `method` field. */
const byMethod = (card: string, pass: string, description: string): Schema => ({
  description,
  oneOf: [ref(card), ref(pass)],
  discriminator: { propertyName: 'method', mapping: { CARD: `#/components/schemas/${card}`, PASS: `#/components/schemas/${pass}` } },
});

const pageOf = (item: string, description: string): Schema =>
  object(
    {
      data: array(ref(item)),
      total: count('Items matching, over all pages.'),
      page: count('This page\'s index, from 0.'),
      pageSize: int('Items per page.', { minimum: 1, maximum: MAX_PAGE_SIZE }),
    },
    description,
  );
const dataOf = (item: Schema, description: string): Schema => object({ data: item }, description);

const RESOURCES: Record<string, Schema> = {
  Customer: object(
    {
      id: prefixedId('cust_', 'The customer'),
      type: constant('customer'),
      firstname: str(),
      lastname: str(),
      email: str(),
      mobile: str('Empty when unknown.'),
      archived: bool('Whether the customer is archived (archived customers are still listed).'),
    },
    'A customer, as listed.',
  ),
  Profile: object(
    {
      id: prefixedId('cust_', 'The customer'),
      type: constant('customer'),
      firstname: str(),
      lastname: str(),
      email: str(),
      mobile: str('Empty when unknown.'),
    },
    'A customer\'s profile.',
  ),
  CustomerSummary: object(
    { id: prefixedId('cust_', 'The customer'), type: constant('customer'), firstname: str(), lastname: str(), email: str() },
    'A customer as a booking names them.',
  ),
  Transaction: object(
    {
      id: prefixedId('txn_', 'The transaction'),
      type: constant('event-booking'),
      purchase_date: localDatetime('When it was bought.'),
      bookings: array(ref('Booking'), 'The bookings bought together; with `future_only`, only those whose event date is to come.'),
    },
    'One purchase of event bookings.',
  ),
  Booking: object(
    {
      id: prefixedId('booking_', 'The booking'),
      type: constant('event-booking'),
      is_cancelled: bool('Cancelled or voided.'),
      is_refunded: bool('A refund was issued.'),
      spaces: int('Spaces booked.', { minimum: 1 }),
      purchased_by: ref('CustomerSummary'),
      bought_for: { ...ref('CustomerSummary'), description: 'Present only when the spaces are for a customer other than the payer.' },
      event: object(
        {
          id: prefixedId('evt_', 'The event'),
          type: constant('event'),
          name: str(),
          date: object(
            {
              id: prefixedId('date_', 'The event date'),
              type: constant('event_date'),
              datetime: localDatetime('Start.'),
              tz: timezone,
              duration: int('Length in minutes.', { minimum: 0 }),
            },
            'The date booked.',
          ),
        },
        'The event booked.',
      ),
      pricing_option: object({ id: prefixedId('po-', 'The pricing option') }, 'The pricing option it was bought at.'),
      payment: ref('EventPayment'),
    },
    'A booking of spaces on one event date.',
    ['bought_for'],
  ),
  EventPayment: byMethod('CardEventPayment', 'PassEventPayment', 'How an event booking was paid, by `method`.'),
  CardEventPayment: object(
    { method: constant('CARD'), currency: moneyCurrency, base100gross_price: base100('Price before discounts'), base100net_price: base100('Price paid') },
    'Paid with money.',
  ),
  PassEventPayment: object({ method: constant('PASS'), currency: credits, credits_used: count('Credits drawn from a pass.') }, 'Paid with pass credits.'),
  Appointment: object(
    {
      id: prefixedId('appt_', 'The appointment'),
      type: constant('appointment'),
      status: enumOf(APPOINTMENT_STATUSES),
      customer: object({ id: prefixedId('cust_', 'The customer'), type: constant('customer'), firstname: str(), lastname: str() }, 'Who booked it.'),
      service: object(
        { id: prefixedId('svc_', 'The service'), type: constant('service'), name: str(), option_name: str('The option of the service booked.') },
        'The service booked.',
      ),
      facilitator: ref('Facilitator'),
      datetime: localDatetime('Start.'),
      tz: timezone,
      duration_minutes: int(undefined, { minimum: 1 }),
      payment: ref('AppointmentPayment'),
      notes: str(),
      created_at: localDatetime('When it was booked.'),
    },
    'An appointment, as the company sees it.',
  ),
  Facilitator: object({ id: prefixedId('fac_', 'The facilitator'), type: constant('facilitator'), name: str() }, 'Who gives the appointment.'),
  AppointmentPayment: byMethod('CardAppointmentPayment', 'PassAppointmentPayment', 'How an appointment was paid, by `method`.'),
  CardAppointmentPayment: object(
    { method: constant('CARD'), currency: moneyCurrency, base100_price_paid: base100('Price paid'), status: enumOf(PAYMENT_STATUSES), settlement_method: SETTLEMENT },
    'Paid with money.',
  ),
  PassAppointmentPayment: object(
    { method: constant('PASS'), currency: credits, credits_used: count('Credits drawn from a pass.'), status: enumOf(PAYMENT_STATUSES) },
    'Paid with pass credits.',
  ),
  CustomerAppointment: object(
    {
      id: prefixedId('appt_', 'The appointment'),
      type: constant('appointment'),
      status: enumOf(['CONFIRMED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'], 'A booked appointment still to happen is `CONFIRMED`.'),
      notes: str(),
      created_at: localDatetime('When it was booked.'),
      service: object(
        {
          id: prefixedId('svc_', 'The service'),
          type: constant('service'),
          name: str(),
          datetime: localDatetime('Start.'),
          tz: timezone,
          duration_minutes: int(undefined, { minimum: 1 }),
          facilitator: ref('Facilitator'),
        },
        'The service booked, when and with whom.',
      ),
      payment: ref('CustomerAppointmentPayment'),
    },
    'An appointment, as one customer\'s record shows it.',
  ),
  CustomerAppointmentPayment: byMethod('CardCustomerAppointmentPayment', 'PassCustomerAppointmentPayment', 'How an appointment was paid, by `method`.'),
  CardCustomerAppointmentPayment: object(
    { method: constant('CARD'), currency: moneyCurrency, base100_price: base100('Price'), status: enumOf(PAYMENT_STATUSES), settlement_method: SETTLEMENT },
    'Paid with money.',
  ),
  PassCustomerAppointmentPayment: object(
    { method: constant('PASS'), currency: credits, credits_used: count('Credits drawn from a pass.'), status: constant('PAID') },
    'Paid with pass credits.',
  ),
  Service: object(
    {
      id: prefixedId('svc_', 'The service'),
      type: constant('service'),
      name: str(),
      description: str(),
      buffer_minutes: count('Minutes kept free after each appointment of this service.'),
      active: bool(),
      options: array(ref('ServiceOption'), 'Bookable options; deleted ones are omitted.'),
    },
    'An appointment service of the catalogue.',
  ),
  ServiceOption: object(
    { name: str('Unique within the service.'), duration_minutes: int(undefined, { minimum: 1 }), base100_price: base100('Price'), credits: count('Credits when paid with a pass.'), active: bool() },
    'A bookable variant of a service (it has no id of its own).',
  ),
  Availability: object(
    { facilitator_id: prefixedId('fac_', 'The facilitator'), dates: array(ref('AvailabilityDate'), 'One entry per date asked for.') },
    'A facilitator\'s 15-minute slots on each date asked for.',
  ),
  AvailabilityDate: object({ date: date('The date.'), windows: array(ref('AvailabilityWindow'), 'Empty on a date without working windows.') }, 'One date.'),
  AvailabilityWindow: object(
    {
      start_time: clockTime('Window start.'),
      end_time: clockTime('Window end.'),
      slots: array(ref('Slot')),
      available_slots: count('Slots still free.'),
      total_slots: count('Slots in the window.'),
    },
    'A working window.',
  ),
  Slot: object(
    { start: clockTime('Slot start.'), end: clockTime('Slot end.'), available: bool('False when it overlaps a live appointment plus buffer.') },
    'A 15-minute slot.',
  ),
  PassPurchase: object(
    {
      id: prefixedId('package_', 'The pass purchase'),
      type: constant('package'),
      template: object({ id: prefixedId('pass_', 'The pass'), type: constant('pass_template'), name: str() }, 'The pass bought.'),
      credits: object({ allocated: count('Credits it started with.'), consumed: count('Credits spent.') }, 'Its credits.'),
      created: instant('When it was bought.'),
      starts: date('First day of validity.'),
      expires: date('Expiry date.'),
      is_cancelled: bool(),
      is_refunded: bool(),
      payment_details: object(
        {
          currency: moneyCurrency,
          base100gross_price: base100('Price before discount'),
          base100_discount: base100('Discount'),
          base100net_price: base100('Price paid'),
        },
        'What was paid.',
      ),
    },
    'A customer\'s purchase of a pass (a package of credits).',
  ),
  VideoPurchase: object(
    {
      id: prefixedId('media_', 'The video purchase'),
      type: constant('video_purchase'),
      media: object({ id: prefixedId('media_', 'The video'), type: constant('media'), name: str() }, 'The video bought.'),
      created: instant('When it was bought.'),
      expires_on: nullable(date('Last day of access; null means no expiry.')),
      is_cancelled: bool(),
      is_refunded: bool(),
      is_expired: bool(),
      payment: ref('VideoPayment'),
    },
    'A customer\'s purchase of a video.',
  ),
  VideoPayment: byMethod('CardVideoPayment', 'PassEventPayment', 'How a video was paid, by `method`.'),
  CardVideoPayment: object({ method: constant('CARD'), currency: moneyCurrency, base100_price: base100('Price paid') }, 'Paid with money.'),
  Mandate: object(
    {
      id: prefixedId('mandate_', 'The mandate'),
      type: constant('subscription_mandate'),
      plan: object(
        {
          id: prefixedId('plan_', 'The plan'),
          type: constant('subscription_plan'),
          name: str(),
          base100_price: base100('Recurring price'),
          currency: moneyCurrency,
        },
        'The plan subscribed to.',
      ),
      state: enumOf(
        ['ACTIVE', 'PAUSED', 'SUSPENDED', 'CANCELLED'],
        'Document 1 names `ACTIVE`, `PAUSED` and `SUSPENDED`; `CANCELLED` is this service\'s addition: a cancelled mandate from its end date on.',
      ),
      created: instant('When it was created.'),
      grace: count('Grace period in days: a failed charge still unpaid this many days after its period started suspends the mandate.'),
      earliest_cancellation_date: date('The earliest date it can end on (the plan\'s minimum term after its start).'),
      renewal_date: date('The next renewal: the day its next period starts, moved on by each renewal.'),
    },
    'A customer\'s subscription mandate.',
  ),
  Note: object(
    { id: prefixedId('note_', 'The note'), type: constant('note'), body: str(), author: nullable(str('Who wrote it; null when unknown.')), created: instant('When it was written.') },
    'A staff note about a customer.',
  ),
  QuestionnaireAnswer: object(
    {
      id: prefixedId('qa_', 'The answer'),
      type: constant('questionnaire_answer'),
      questionnaire: str('The questionnaire\'s name.'),
      question: str(),
      answer: str(),
      answered_at: instant('When it was answered.'),
    },
    'A customer\'s answer to one question of a questionnaire.',
  ),
  Event: object(
    {
      id: prefixedId('evt_', 'The event'),
      type: constant('event'),
      name: str(),
      description: str(),
      kind: ruleSchema(RULES.eventKind),
      tz: timezone,
      archived: bool('Archived events keep their bookings but are no longer on sale.'),
      dates: array(ref('EventDate'), 'Its dates, earliest first.'),
      pricing_options: array(ref('PricingOption')),
    },
    'An event, class or workshop of the catalogue.',
  ),
  EventDate: object(
    {
      id: prefixedId('date_', 'The event date'),
      type: constant('event_date'),
      datetime: localDatetime('Start.'),
      tz: timezone,
      duration: count('Length in minutes.'),
      capacity: count('Spaces on sale.'),
      spaces_booked: count('Spaces held by bookings that are not cancelled.'),
      spaces_left: int('Spaces still on sale.'),
      cancelled: bool('Whether the date was cancelled: it stays listed, holds no bookings and takes none.'),
    },
    'One occurrence of an event.',
  ),
  PricingOption: object(
    {
      id: prefixedId('po-', 'The pricing option'),
      type: constant('pricing_option'),
      name: str(),
      base100_price: base100('Price'),
      credits: count('Credits per space when paid with a pass.'),
      currency: moneyCurrency,
    },
    'A way to pay for an event.',
  ),
  Registration: object(
    {
      id: prefixedId('booking_', 'The booking'),
      type: constant('registration'),
      customer: { ...ref('CustomerSummary'), description: 'Who attends (the payer unless the spaces were bought for someone else).' },
      purchased_by: { ...ref('CustomerSummary'), description: 'Who paid.' },
      spaces: int('Spaces booked.', { minimum: 1 }),
      is_cancelled: bool(),
      is_refunded: bool(),
      attended: nullable(bool('True: the attendee came; false: a no-show; null: attendance not taken yet.')),
    },
    'A booking on the register of an event date (cancelled ones included, in booking order).',
  ),
  SubscriptionPlan: object(
    {
      id: prefixedId('plan_', 'The plan'),
      type: constant('subscription_plan'),
      name: str(),
      description: str(),
      base100_price: base100('Recurring price'),
      currency: moneyCurrency,
      interval: enumOf(['WEEK', 'MONTH', 'YEAR'], 'How often it renews.'),
      active: bool(),
    },
    'A recurring subscription plan.',
  ),
  Pass: object(
    {
      id: prefixedId('pass_', 'The pass'),
      type: constant('pass_template'),
      name: str(),
      description: str(),
      credits: int('Credits a purchase starts with.', { minimum: 1 }),
      validity_days: int('Days a purchase stays valid from its start.', { minimum: 1 }),
      base100_price: base100('Price'),
      currency: moneyCurrency,
      active: bool(),
    },
    'A pass template: a bundle of credits on sale.',
  ),
  Video: object(
    {
      id: prefixedId('media_', 'The video'),
      type: constant('media'),
      name: str(),
      description: str(),
      base100_price: base100('Price'),
      credits: count('Credits when paid with a pass.'),
      access_days: nullable(int('Days of access after purchase; null means no expiry.', { minimum: 1 })),
      active: bool(),
    },
    'A video of the library.',
  ),
  Voucher: object(
    {
      id: prefixedId('vch_', 'The voucher'),
      type: constant('voucher'),
      code: str(),
      description: str(),
      percent_off: nullable(int('Percentage off, 1 to 100; null for a fixed amount.', { minimum: 1, maximum: 100 })),
      base100_amount_off: nullable(base100('Fixed amount off; null for a percentage')),
      valid_from: nullable(date('First valid day; null means no start.')),
      valid_until: nullable(date('Last valid day; null means no end.')),
      max_redemptions: nullable(count('Null means unlimited.')),
      redemptions: count('Times redeemed.'),
      active: bool(),
    },
    'A discount code.',
  ),
};

const REQUESTS: Record<string, Schema> = bodySchemas(M2M_BODIES);

const ENVELOPES: Record<string, Schema> = {
  CustomerPage: pageOf('Customer', 'A page of customers.'),
  ProfileResponse: dataOf(ref('Profile'), 'A customer\'s profile.'),
  Message: object({ message: str(undefined, { examples: ['Profile updated'] }) }, 'What was done.'),
  TransactionPage: pageOf('Transaction', 'A page of transactions, newest first.'),
  TransactionResponse: dataOf(ref('Transaction'), 'One transaction.'),
  PassPurchasePage: pageOf('PassPurchase', 'A page of pass purchases, newest first.'),
  VideoPurchasePage: pageOf('VideoPurchase', 'A page of video purchases, newest first.'),
  MandatePage: pageOf('Mandate', 'A page of subscription mandates, newest first.'),
  CustomerAppointmentPage: pageOf('CustomerAppointment', 'A page of a customer\'s appointments, latest first.'),
  NotePage: pageOf('Note', 'A page of notes, newest first.'),
  QuestionnaireAnswerPage: pageOf('QuestionnaireAnswer', 'A page of questionnaire answers, newest first.'),
  AppointmentPage: pageOf('Appointment', 'A page of appointments, earliest first.'),
  AppointmentResponse: dataOf(ref('Appointment'), 'One appointment.'),
  ServiceList: dataOf(array(ref('Service')), 'Every service that is not deleted, by name (not paged).'),
  ServiceResponse: dataOf(ref('Service'), 'One service (deleted ones too).'),
  AvailabilityResponse: dataOf(ref('Availability'), 'A facilitator\'s availability.'),
  EventPage: pageOf('Event', 'A page of events, by name.'),
  EventResponse: dataOf(ref('Event'), 'One event.'),
  RegistrationPage: pageOf('Registration', 'A page of an event date\'s register, in booking order.'),
  SubscriptionPlanPage: pageOf('SubscriptionPlan', 'A page of subscription plans, by name.'),
  SubscriptionPlanResponse: dataOf(ref('SubscriptionPlan'), 'One subscription plan.'),
  PassPage: pageOf('Pass', 'A page of passes, by name.'),
  PassResponse: dataOf(ref('Pass'), 'One pass.'),
  VideoPage: pageOf('Video', 'A page of videos, by name.'),
  VideoResponse: dataOf(ref('Video'), 'One video.'),
  VoucherPage: pageOf('Voucher', 'A page of vouchers, by code.'),
  VoucherResponse: dataOf(ref('Voucher'), 'One voucher.'),
};

const AUTHENTICATION: Record<string, Schema> = {
  Error: object({ error: str('What went wrong; names the parameter or field at fault.', { examples: ['pageSize: must be at most 100'] }) }, 'Every error of the data endpoints.'),
  TokenRequest: {
    type: 'object',
    description: 'Client credentials. With HTTP Basic authentication instead, the body may hold only `grant_type`.',
    properties: {
      client_id: str('The client ID.', { examples: ['m2m_01jzp7pt00yndamntynwer2t34'] }),
      client_secret: str('The client secret: 64 hex characters.'),
      grant_type: constant('client_credentials', 'Optional here; when given, must be `client_credentials`.'),
      scope: str('Optional: the scopes wanted, separated by spaces, all of them the client\'s (RFC 6749, section 3.3); by default all of the client\'s scopes.', { examples: ['customers:read'] }),
    },
    required: ['client_id', 'client_secret'],
  },
  TokenForm: {
    type: 'object',
    description: 'The OAuth 2.0 client credentials grant (RFC 6749, section 4.4): the client authenticates with HTTP Basic or with the form fields.',
    properties: {
      grant_type: constant('client_credentials'),
      client_id: str('The client ID, unless sent by HTTP Basic.'),
      client_secret: str('The client secret, unless sent by HTTP Basic.'),
      scope: str('Optional: the scopes wanted, separated by spaces, all of them the client\'s (RFC 6749, section 3.3); by default all of the client\'s scopes.', { examples: ['customers:read'] }),
    },
    required: ['grant_type'],
  },
  Token: object(
    {
      access_token: str('A JWT to send as `Authorization: Bearer <access_token>`.'),
      token_type: constant('Bearer'),
      expires_in: int('Seconds until the token expires.', { const: ACCESS_TOKEN_SECONDS }),
      scope: str('The scopes granted, separated by spaces: those requested, or all of the client\'s.', { examples: ['customers:read profile:read'] }),
    },
    'An access token. There is no refresh token: after expiry, request a new one with the same credentials.',
  ),
  TokenRequestError: object(
    { error: enumOf(['invalid_request', 'unsupported_grant_type', 'invalid_scope']), error_description: str() },
    'A token request that is malformed (`invalid_request`), for another grant type (`unsupported_grant_type`), or for a scope the client does not have (`invalid_scope`).',
  ),
  InvalidClientError: object(
    { error: constant('invalid_client'), error_description: str() },
    'Unknown client, wrong secret, or a client that is revoked or expired.',
  ),
};

const header = (description: string, schema: Schema, required = false): Schema => ({ description, required, schema });
const HEADERS: Record<string, Schema> = {
  RateLimit: header('Remaining quota per policy (IETF RateLimit fields): `"minute";r=19;t=60, "day";r=9999;t=33331, "concurrency";r=9;t=0`.', str(), true),
  'RateLimit-Policy': header('The limits that apply: `"minute";q=20;w=60, "day";q=10000;w=86400, "concurrency";q=10`.', str(), true),
  'Retry-After': header('Seconds to wait before retrying.', int(undefined, { minimum: 0 }), true),
  'X-Cache': header('`HIT` when served from the cache, `MISS` when read from the store (absent when caching is off).', enumOf(['HIT', 'MISS'])),
  Age: header('Seconds since the cached response was stored (0 on a MISS).', int(undefined, { minimum: 0 })),
  Allow: header('The methods this path takes.', str(undefined, { examples: ['GET, PUT'] }), true),
  'WWW-Authenticate': header('The bearer challenge (RFC 6750), with `error="invalid_token"` for a token that was sent but is not valid.', str(), true),
};
const RATE_LIMIT_HEADERS = { RateLimit: headerRef('RateLimit'), 'RateLimit-Policy': headerRef('RateLimit-Policy') };
const CACHE_HEADERS = { 'X-Cache': headerRef('X-Cache'), Age: headerRef('Age') };

const errorResponse = (description: string, headers: Record<string, unknown> = RATE_LIMIT_HEADERS) => ({ description, headers, content: json(ref('Error')) });
const RESPONSES: Record<string, Schema> = {
  BadRequest: errorResponse('A missing or invalid parameter or body field; the message names it (`pageSize: must be at most 100`).', {}),
  Unauthorized: errorResponse('No token, or a token that is invalid, expired or of a client that may no longer call: request a new token.', {
    'WWW-Authenticate': headerRef('WWW-Authenticate'),
  }),
  Forbidden: errorResponse('The token lacks the scope this endpoint needs: `Missing required scope: <scope>`. The denial is audited.'),
  NotFound: errorResponse('No such resource in your company (a transaction of another customer too).'),
  Conflict: errorResponse('The change would break a rule of the stored data (a voucher code already in use, an email that another live customer of the company has: the message names them).'),
  MethodNotAllowed: errorResponse('The path does not take this method; `Allow` lists the ones it takes.', { Allow: headerRef('Allow') }),
  TooManyRequests: errorResponse('A rate limit was exceeded (per minute, in flight or per day): back off and retry after `Retry-After` seconds.', {
    ...RATE_LIMIT_HEADERS,
    'Retry-After': headerRef('Retry-After'),
  }),
  InternalError: errorResponse('An unexpected failure; nothing about it is disclosed.', {}),
};

const PARAMETERS: Record<string, Schema> = {
  page: queryParameter('page', int(undefined, { minimum: 0, default: 0 }), 'Page index, from 0. Negative: 400.'),
  pageSize: queryParameter('pageSize', int(undefined, { minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }), `Items per page, 1 to ${MAX_PAGE_SIZE}. Outside that range: 400.`),
};
const PAGING = [parameterRef('page'), parameterRef('pageSize')];
const dateQuery = (name: string, description: string) => queryParameter(name, dateInput('A date'), description);

interface Operation {
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** What each path parameter names; every parameter of the route's path needs one. */
  pathParameters?: Record<string, string>;
  query?: unknown[];
  /** The component schema of the request body. */
  body?: string;
  /** The component schema of the 200 response. */
  response: string;
}

const CUSTOMER_ID = { id: 'The customer\'s `cust_` id.' };
const customerPage = (operationId: string, summary: string, response: string): Operation => ({
  operationId,
  tag: 'Customers',
  summary,
  pathParameters: CUSTOMER_ID,
  query: PAGING,
  response,
});

/** Every M2M route, keyed `METHOD /express/path`, as document 1 section 4 lists them. */
const OPERATIONS: Record<string, Operation> = {
  'GET /customers': {
    operationId: 'listCustomers',
    tag: 'Customers',
    summary: 'List customers',
    description: 'Customers that are not deleted, by last name. Archived customers are listed with `archived: true`.',
    query: PAGING,
    response: 'CustomerPage',
  },
  'GET /customer/:id/profile': { operationId: 'getCustomerProfile', tag: 'Customers', summary: 'Read a customer\'s profile', pathParameters: CUSTOMER_ID, response: 'ProfileResponse' },
  'PUT /customer/:id/profile': {
    operationId: 'updateCustomerProfile',
    tag: 'Customers',
    summary: 'Change a customer\'s profile',
    description: 'Sets firstname, lastname and email, and mobile when given. The cached profile is dropped at once. An email that another live customer of the company has (in any case) is 409, the message naming that customer\'s id.',
    pathParameters: CUSTOMER_ID,
    body: 'ProfileUpdate',
    response: 'Message',
  },
  'GET /customer/:id/bookings': {
    operationId: 'listCustomerBookings',
    tag: 'Customers',
    summary: 'List a customer\'s event-booking transactions',
    description: 'Newest first. By default only transactions of the last 3 months: pass an earlier `startDate` for older ones.',
    pathParameters: CUSTOMER_ID,
    query: [
      ...PAGING,
      queryParameter('future_only', { type: 'boolean', default: false }, 'When `true`, only bookings whose event date is still to come (transactions without one are left out).'),
      dateQuery('startDate', 'Inclusive lower bound on the transaction date; by default 3 months before today in the company\'s timezone.'),
      dateQuery('endDate', 'Inclusive upper bound on the transaction date; by default none.'),
    ],
    response: 'TransactionPage',
  },
  'GET /customer/:id/booking/:bookingId': {
    operationId: 'getCustomerBooking',
    tag: 'Customers',
    summary: 'Read one of a customer\'s transactions',
    description: '404 when the transaction does not exist or belongs to another customer.',
    pathParameters: { ...CUSTOMER_ID, bookingId: 'The transaction\'s `txn_` id.' },
    response: 'TransactionResponse',
  },
  'GET /customer/:id/packages': customerPage('listCustomerPackages', 'List a customer\'s pass purchases', 'PassPurchasePage'),
  'GET /customer/:id/videos': customerPage('listCustomerVideos', 'List a customer\'s video purchases', 'VideoPurchasePage'),
  'GET /customer/:id/subscription-mandates': customerPage('listCustomerSubscriptionMandates', 'List a customer\'s subscription mandates', 'MandatePage'),
  'GET /customer/:id/appointments': customerPage('listCustomerAppointments', 'List a customer\'s appointments', 'CustomerAppointmentPage'),
  'GET /customer/:id/notes': customerPage('listCustomerNotes', 'List staff notes about a customer', 'NotePage'),
  'GET /customer/:id/questionnaire-answers': customerPage('listCustomerQuestionnaireAnswers', 'List a customer\'s questionnaire answers', 'QuestionnaireAnswerPage'),

  'GET /appointments/bookings': {
    operationId: 'listAppointments',
    tag: 'Appointments',
    summary: 'List the company\'s appointments',
    description: 'Earliest first. Without `status`, cancelled appointments are left out.',
    query: [
      queryParameter('facilitator_id', str(), 'Only this facilitator\'s (`fac_` id).'),
      queryParameter('customer_id', str(), 'Only this customer\'s (`cust_` id).'),
      dateQuery('start_date', 'First day (inclusive), local to the appointment; by default all dates.'),
      dateQuery('end_date', 'Last day (inclusive); by default all dates.'),
      queryParameter('status', enumOf(APPOINTMENT_STATUSES), 'Only appointments in this status.'),
      ...PAGING,
    ],
    response: 'AppointmentPage',
  },
  'GET /appointments/bookings/:id': {
    operationId: 'getAppointment',
    tag: 'Appointments',
    summary: 'Read one appointment',
    pathParameters: { id: 'The appointment\'s `appt_` id.' },
    response: 'AppointmentResponse',
  },
  'GET /appointments/services': { operationId: 'listServices', tag: 'Appointments', summary: 'List appointment services', response: 'ServiceList' },
  'GET /appointments/services/:id': {
    operationId: 'getService',
    tag: 'Appointments',
    summary: 'Read one appointment service',
    description: 'Returned even when the service is deleted.',
    pathParameters: { id: 'The service\'s `svc_` id.' },
    response: 'ServiceResponse',
  },
  'GET /appointments/availability/:id': {
    operationId: 'getAvailability',
    tag: 'Appointments',
    summary: 'Read a facilitator\'s free and taken slots',
    description:
      'Give exactly one of `date` or the pair `start_date` + `end_date` (at most 93 days); otherwise 400. Slots are 15 minutes inside each ' +
      'working window; a slot is unavailable when it overlaps a live appointment, each extended by the `service_id` service\'s buffer when given. ' +
      'Cancelled appointments never block a slot.',
    pathParameters: { id: 'The facilitator\'s `fac_` id.' },
    query: [
      queryParameter('service_id', str(), 'A `svc_` id whose `buffer_minutes` extends each appointment in the overlap check.'),
      dateQuery('date', 'A single date; not with `start_date`/`end_date`.'),
      dateQuery('start_date', 'First date of a range; needs `end_date`.'),
      dateQuery('end_date', 'Last date of a range (inclusive); needs `start_date`.'),
    ],
    response: 'AvailabilityResponse',
  },

  'GET /events': { operationId: 'listEvents', tag: 'Events', summary: 'List events', description: 'Events that are not archived, by name.', query: PAGING, response: 'EventPage' },
  'GET /event/:id': { operationId: 'getEvent', tag: 'Events', summary: 'Read one event', pathParameters: { id: 'The event\'s `evt_` id.' }, response: 'EventResponse' },
  'GET /event/:id/dates/:dateId/register': {
    operationId: 'listEventDateRegister',
    tag: 'Events',
    summary: 'Read the register of an event date',
    description: 'Bookings on the date, cancelled ones included, in booking order.',
    pathParameters: { id: 'The event\'s `evt_` id.', dateId: 'The event date\'s `date_` id.' },
    query: PAGING,
    response: 'RegistrationPage',
  },
  'GET /subscription-plans': { operationId: 'listSubscriptionPlans', tag: 'Subscription plans', summary: 'List subscription plans', query: PAGING, response: 'SubscriptionPlanPage' },
  'GET /subscription-plan/:id': {
    operationId: 'getSubscriptionPlan',
    tag: 'Subscription plans',
    summary: 'Read one subscription plan',
    pathParameters: { id: 'The plan\'s `plan_` id.' },
    response: 'SubscriptionPlanResponse',
  },
  'PUT /subscription-plan/:id': {
    operationId: 'updateSubscriptionPlan',
    tag: 'Subscription plans',
    summary: 'Change a subscription plan',
    pathParameters: { id: 'The plan\'s `plan_` id.' },
    body: 'SubscriptionPlanUpdate',
    response: 'SubscriptionPlanResponse',
  },
  'GET /passes': { operationId: 'listPasses', tag: 'Passes', summary: 'List passes', query: PAGING, response: 'PassPage' },
  'GET /pass/:id': { operationId: 'getPass', tag: 'Passes', summary: 'Read one pass', pathParameters: { id: 'The pass\'s `pass_` id.' }, response: 'PassResponse' },
  'GET /pass/:id/packages': {
    operationId: 'listPassPackages',
    tag: 'Passes',
    summary: 'List the purchases of a pass',
    description: 'Newest first.',
    pathParameters: { id: 'The pass\'s `pass_` id.' },
    query: PAGING,
    response: 'PassPurchasePage',
  },
  'PUT /pass/:id': {
    operationId: 'updatePass',
    tag: 'Passes',
    summary: 'Change a pass',
    pathParameters: { id: 'The pass\'s `pass_` id.' },
    body: 'PassUpdate',
    response: 'PassResponse',
  },
  'GET /videos': { operationId: 'listVideos', tag: 'Videos', summary: 'List videos', query: PAGING, response: 'VideoPage' },
  'GET /video/:id': { operationId: 'getVideo', tag: 'Videos', summary: 'Read one video', pathParameters: { id: 'The video\'s `media_` id.' }, response: 'VideoResponse' },
  'PUT /video/:id': {
    operationId: 'updateVideo',
    tag: 'Videos',
    summary: 'Change a video',
    pathParameters: { id: 'The video\'s `media_` id.' },
    body: 'VideoUpdate',
    response: 'VideoResponse',
  },
  'GET /vouchers': { operationId: 'listVouchers', tag: 'Vouchers', summary: 'List vouchers', query: PAGING, response: 'VoucherPage' },
  'GET /voucher/:id': { operationId: 'getVoucher', tag: 'Vouchers', summary: 'Read one voucher', pathParameters: { id: 'The voucher\'s `vch_` id.' }, response: 'VoucherResponse' },
  'PUT /voucher/:id': {
    operationId: 'updateVoucher',
    tag: 'Vouchers',
    summary: 'Change a voucher',
    pathParameters: { id: 'The voucher\'s `vch_` id.' },
    body: 'VoucherUpdate',
    response: 'VoucherResponse',
  },
};

const DESCRIPTION = `Programmatic access to one company's bookings, appointments, customers and catalogue.

**Authentication.** Exchange an API client's ID and secret for a one-hour access token with \`POST /token\` (a JSON body, or the
standard OAuth 2.0 client credentials form with HTTP Basic or form-field client authentication). Send it as
\`Authorization: Bearer <access_token>\` on every other request. Each operation needs the scope in its \`security\` and
\`x-required-scope\`; without it the answer is 403 \`Missing required scope: <scope>\`.

**Conventions.**
- Ids are prefixed strings naming their resource type (\`cust_\`, \`txn_\`, \`booking_\`, \`evt_\`, \`date_\`, \`po-\`, \`appt_\`, \`svc_\`,
  \`fac_\`, \`package_\`, \`pass_\`, \`media_\`, \`mandate_\`, \`plan_\`, \`vch_\`, \`note_\`, \`qa_\`). Objects carry a \`type\` field.
- Money is base-100: integers in minor units (\`1250\` is 12.50) with a currency of \`GBP\`, \`EUR\` or \`USD\`. Credits use the currency \`CR\`.
- Datetimes without an offset (\`2026-12-01T09:30:00\`) are local times in the IANA zone of the accompanying \`tz\` field.
  The \`created\` timestamps of pass purchases, video purchases, mandates and notes, and \`answered_at\`, are ISO 8601
  instants in UTC. Dates are \`YYYY-MM-DD\`.
- Paged lists answer \`{data, total, page, pageSize}\`: \`page\` counts from 0; \`pageSize\` defaults to ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}.
  A page size outside 1..${MAX_PAGE_SIZE} or a negative page is a 400 naming the parameter. Other responses answer \`{data}\`.

**Errors** are JSON \`{"error": "<message>"}\` (400 bad parameter, 401 bad or expired token, 403 missing scope, 404 not found,
405 method not allowed with \`Allow\`, 429 rate limited, 500). The token endpoint answers OAuth 2.0 errors
(\`{"error": "invalid_client", "error_description": "..."}\`).

**Limits.** Requests are counted per API client (by default 20 a minute, 10 in flight, 10,000 a day). Every authenticated
answer carries the IETF \`RateLimit\` and \`RateLimit-Policy\` fields; a 429 carries \`Retry-After\`.

**Caching.** Reads are cached for up to 5 minutes per company, endpoint, resource and query; \`X-Cache\` (\`HIT\`/\`MISS\`) and
\`Age\` say whether and how long ago. A write drops the entries it affects at once.`;

/** What each scope grants, from the routes that need it. */
function scopeDescriptions(routes: Route[]): Record<string, string> {
  return Object.fromEntries(
    ALL_SCOPES.map((scope) => {
      const granted = routes.filter((route) => route.scopes.includes(scope)).map((route) => `${route.method} ${openApiPath(route.path)}`);
      return [scope, granted.length ? granted.join(', ') : 'GraphQL interface only'];
    }),
  );
}


function operationOf(route: Route): Record<string, unknown> {
  const key = `${route.method} ${route.path}`;
  const operation = OPERATIONS[key];
  if (!operation) throw new Error(`OpenAPI: ${key} has no response schema; add it to OPERATIONS in rest/m2m/openapi.ts`);
  const pathParameters = pathParameterNames(route.path).map((name) => {
    const description = operation.pathParameters?.[name];
    if (!description) throw new Error(`OpenAPI: ${key} has no description of its path parameter ${name}`);
    return { name, in: 'path', required: true, description, schema: str() };
  });
  const takesInput = operation.query?.length || operation.body;
  const scope = route.scopes.join(' ');
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: [operation.description, `Scope: \`${scope}\`.`].filter(Boolean).join('\n\n'),
    parameters: [...pathParameters, ...(operation.query ?? [])],
    ...(operation.body && { requestBody: { required: true, content: json(ref(operation.body)) } }),
    security: [{ oauth2: route.scopes }],
    'x-required-scope': scope,
    responses: {
      200: {
        description: 'OK',
        headers: route.method === 'GET' ? { ...RATE_LIMIT_HEADERS, ...CACHE_HEADERS } : RATE_LIMIT_HEADERS,
        content: json(ref(operation.response)),
      },
      ...(takesInput && { 400: responseRef('BadRequest') }),
      401: responseRef('Unauthorized'),
      403: responseRef('Forbidden'),
      ...(pathParameters.length && { 404: responseRef('NotFound') }),
      ...(route.method !== 'GET' && { 409: responseRef('Conflict') }),
      405: responseRef('MethodNotAllowed'),
      429: responseRef('TooManyRequests'),
      500: responseRef('InternalError'),
    },
  };
}

const TOKEN_OPERATION = {
  post: {
    operationId: 'requestToken',
    tags: ['Authentication'],
    summary: 'Exchange client credentials for an access token',
    description:
      `Returns a bearer token valid for ${ACCESS_TOKEN_SECONDS} seconds with the scopes requested, or all the client's current scopes. ` +
      'Token requests are limited per address; after repeated failures for one client ID from one address, or from one address overall, ' +
      'a wrong secret is answered 429 instead of 401 for a while. The right secret always gets its token. The OAuth 2.0 authorization ' +
      'server metadata (RFC 8414) is at `/.well-known/oauth-authorization-server` followed by this interface\'s base path.',
    security: [{}, { clientBasic: [] }],
    requestBody: {
      required: false,
      content: { 'application/json': { schema: ref('TokenRequest') }, 'application/x-www-form-urlencoded': { schema: ref('TokenForm') } },
    },
    responses: {
      200: {
        description: 'The access token.',
        headers: { 'Cache-Control': { description: 'Always `no-store`.', required: true, schema: constant('no-store') } },
        content: json(ref('Token')),
      },
      400: {
        description: 'Missing credentials (`invalid_request`), a grant type other than `client_credentials` (`unsupported_grant_type`), a scope the client does not have (`invalid_scope`), or a body that is not valid JSON (`{"error"}`).',
        content: json({ anyOf: [ref('TokenRequestError'), ref('Error')] }),
      },
      401: {
        description: 'Unknown client, wrong secret, or a revoked or expired client (`invalid_client`). With HTTP Basic, a `WWW-Authenticate: Basic` challenge carrying `error="invalid_client"`.',
        headers: { 'WWW-Authenticate': { description: 'With HTTP Basic client authentication: `Basic realm="m2m", charset="UTF-8", error="invalid_client", error_description="..."`.', required: false, schema: str() } },
        content: json(ref('InvalidClientError')),
      },
      405: responseRef('MethodNotAllowed'),
      429: errorResponse('Too many token requests from this address, or a wrong secret after too many failures: retry after `Retry-After` seconds.', { 'Retry-After': headerRef('Retry-After') }),
      500: responseRef('InternalError'),
    },
  },
};

export function m2mOpenApi(routes: Route[], basePath: string): Record<string, unknown> {
  const paths = pathsOf(routes, { '/token': TOKEN_OPERATION, '/openapi.json': DOCUMENT_OPERATION }, operationOf);
  return {
    openapi: '3.1.0',
    info: { title: 'Studio booking service: M2M interface', version: '1.0.0', description: DESCRIPTION, contact: CONTACT, license: LICENSE },
    servers: [{ url: basePath, description: 'This service\'s M2M base path.' }],
    tags: [
      tag('Authentication', 'Client credentials for a one-hour access token (OAuth 2.0 client credentials grant).'),
      tag('Customers', 'Customers and their records: profile, bookings, passes, videos, subscriptions, appointments, notes, answers.'),
      tag('Appointments', 'The company\'s appointments, its appointment services and facilitators\' availability.'),
      tag('Events', 'The event catalogue: events, their dates and pricing options, and the register of each date.'),
      tag('Subscription plans', 'Recurring subscription plans.'),
      tag('Passes', 'Passes (bundles of credits) on sale, and their purchases.'),
      tag('Videos', 'The video library.'),
      tag('Vouchers', 'Discount codes.'),
      tag('Document', 'This OpenAPI document.'),
    ],
    paths,
    components: {
      schemas: { ...AUTHENTICATION, ...RESOURCES, ...REQUESTS, ...ENVELOPES },
      parameters: PARAMETERS,
      headers: HEADERS,
      responses: RESPONSES,
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'How to obtain the bearer token: the client credentials grant. Scopes are granted per API client in the admin UI.',
          flows: { clientCredentials: { tokenUrl: `${basePath}/token`, scopes: scopeDescriptions(routes) } },
        },
        clientBasic: { type: 'http', scheme: 'basic', description: 'Client ID and secret as HTTP Basic credentials, for `POST /token` only.' },
      },
    },
  };
}
