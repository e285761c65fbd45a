/**
 * The v1 interface (document 2, section 4), one row per endpoint over the same GraphQL documents and
 * pipeline as M2M. Pages start at 1 (`page`, `perPage` default 25, max 100); ids of customer passes
 * and registrations are `cp_` and `reg_` over the stored `package_` and `booking_` records. Beyond the
 * document: the company's webhook endpoints, their delivery log, and the catch-up list of events
 * (docs/v1.md, "Webhooks").
 */
import type { RouteInput as Request } from '../route.ts';
import type { z } from 'zod';
import { Invalid } from '../../src/domain/errors.ts';
import { withPrefix } from '../../src/domain/ids.ts';
import { isWebhookKind, kindAsEnum } from '../../src/domain/outbox.ts';
import { parseBody } from '../body.ts';
import { param, query } from '../params.ts';
import type { RouteDeclaration } from '../route.ts';
import { base100, V1_BODIES as body } from './bodies.ts';
import * as present from './presenters.ts';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

function paging(req: Request): { page: number; pageSize: number } {
  const page = query.int(req, 'page') ?? 1;
  const perPage = query.int(req, 'perPage') ?? DEFAULT_PER_PAGE;
  if (page < 1) throw new Invalid('page', 'min', 'must be at least 1 (the first page is 1)');
  if (perPage < 1) throw new Invalid('perPage', 'min', 'must be at least 1');
  if (perPage > MAX_PER_PAGE) throw new Invalid('perPage', 'max', `must be at most ${MAX_PER_PAGE}`);
  return { page: page - 1, pageSize: perPage };
}

const PAGE = 'page: $page, pageSize: $pageSize';
const PAGE_FIELDS = 'total page pageSize';
const CUSTOMER = 'id firstName lastName email mobile archived createdAt updatedAt';
const EVENT = `id name description kind timezone archived createdAt updatedAt
  dates { id startsAt duration capacity spacesBooked spacesLeft cancelled }
  pricingOptions { id name base100Price credits currency }`;
const PASS = 'id name description credits validityDays base100Price currency active createdAt updatedAt';
const CUSTOMER_PASS = 'id customer { id } pass { id } creditsRemaining starts expires status';

/** A customer pass id as v1 shows it (`cp_`) to the stored pass purchase id (`package_`). */
const passPurchaseId = (id: string) => withPrefix(id, 'cp_', 'package_');

const WEBHOOK = 'id url events enabled previousSecretExpiresAt createdAt';
const DELIVERY = 'eventId event test attempt status error at durationMs';
export const DEFAULT_DELIVERIES = 50;
export const MAX_DELIVERIES = 100;

/** Kinds in a body or query by name (`registration.created`), as the GraphQL enum names them. */
const kindEnums = (names: readonly string[]) => names.map((name) => kindAsEnum(name as never));

/** `kinds=registration.created,customer.updated`: the kinds of the catch-up list asked for. */
function kindsParameter(req: Request): string[] | undefined {
  const names = query.string(req, 'kinds')?.split(',').map((name) => name.trim());
  if (!names) return undefined;
  const unknown = names.find((name) => !isWebhookKind(name));
  if (unknown !== undefined) throw new Invalid('kinds', 'enum', `unknown event kind "${unknown}": give kinds such as registration.created, comma-separated`);
  return kindEnums(names);
}

function deliveriesLimit(req: Request): number {
  const limit = query.int(req, 'limit') ?? DEFAULT_DELIVERIES;
  if (limit < 1) throw new Invalid('limit', 'min', 'must be at least 1');
  if (limit > MAX_DELIVERIES) throw new Invalid('limit', 'max', `must be at most ${MAX_DELIVERIES}`);
  return limit;
}

const dateInput = (d: z.infer<typeof body.EventDateInput>) => ({ startsAt: d.startsAt, duration: d.durationMinutes, capacity: d.capacity });
const optionInput = (o: z.infer<typeof body.PricingOptionInput>) => ({ name: o.name, base100Price: base100(o.price), credits: o.credits });

export const v1Routes: RouteDeclaration[] = [
  // Customers
  {
    method: 'GET',
    path: '/customers',
    resource: 'customer',
    document: `query ($page: Int, $pageSize: Int) { customers(${PAGE}) { nodes { ${CUSTOMER} } ${PAGE_FIELDS} } }`,
    variables: paging,
    respond: (data) => present.envelope('customers', data.customers, present.customerItem),
  },
  {
    method: 'GET',
    path: '/customers/:id',
    resource: 'customer',
    document: `query ($id: ID!) { customer(id: $id) { ${CUSTOMER} } }`,
    variables: (req) => ({ id: param(req, 'id') }),
    respond: (data) => present.customer(present.found(data.customer, 'Customer')),
  },
  {
    method: 'POST',
    path: '/customers',
    resource: 'customer',
    document: `mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { ${CUSTOMER} } }`,
    variables: (req) => ({ input: parseBody(body.CustomerCreate, req.body) }),
    respond: (data) => ({ status: 201, body: present.customer(data.createCustomer) }),
  },
  {
    method: 'PUT',
    path: '/customers/:id',
    resource: 'customer',
    document: `mutation ($id: ID!, $input: UpdateCustomerInput!) { updateCustomer(id: $id, input: $input) { ${CUSTOMER} } }`,
    variables: (req) => ({ id: param(req, 'id'), input: parseBody(body.CustomerUpdate, req.body) }),
    respond: (data) => present.customer(data.updateCustomer),
  },
  {
    method: 'DELETE',
    path: '/customers/:id',
    resource: 'customer',
    document: 'mutation ($id: ID!) { deleteCustomer(id: $id) { id } }',
    variables: (req) => ({ id: param(req, 'id') }),
    respond: () => ({ status: 204, body: null }),
  },

  // Events
  {
    method: 'GET',
    path: '/events',
    resource: 'event',
    document: `query ($page: Int, $pageSize: Int, $includeArchived: Boolean) { events(${PAGE}, includeArchived: $includeArchived) { nodes { ${EVENT} } ${PAGE_FIELDS} } }`,
    variables: (req) => ({ ...paging(req), includeArchived: query.bool(req, 'includeArchived') ?? false }),
    respond: (data) => present.envelope('events', data.events, present.event),
  },
  {
    method: 'GET',
    path: '/events/:id',
    resource: 'event',
    document: `query ($id: ID!) { event(id: $id) { ${EVENT} } }`,
    variables: (req) => ({ id: param(req, 'id') }),
    respond: (data) => present.event(present.found(data.event, 'Event')),
  },
  {
    method: 'POST',
    path: '/events',
    resource: 'event',
    document: `mutation ($input: CreateEventInput!) { createEvent(input: $input) { ${EVENT} } }`,
    variables: (req) => {
      const event = parseBody(body.EventCreate, req.body);
      return { input: { ...event, dates: event.dates?.map(dateInput), pricingOptions: event.pricingOptions?.map(optionInput) } };
    },
    respond: (data) => ({ status: 201, body: present.event(data.createEvent) }),
  },
  {
    method: 'PUT',
    path: '/events/:id',
    resource: 'event',
    document: `mutation ($id: ID!, $input: UpdateEventInput!) { updateEvent(id: $id, input: $input) { ${EVENT} } }`,
    variables: (req) => {
      const changes = parseBody(body.EventUpdate, req.body);
      return { id: param(req, 'id'), input: { ...changes, addDates: changes.addDates?.map(dateInput), addPricingOptions: changes.addPricingOptions?.map(optionInput) } };
    },
    respond: (data) => present.event(data.updateEvent),
  },
  {
    method: 'DELETE',
    path: '/events/:id',
    resource: 'event',
    document: 'mutation ($id: ID!) { deleteEvent(id: $id) { event { id } archived } }',
    variables: (req) => ({ id: param(req, 'id') }),
    respond: (data) => ({ id: data.deleteEvent.event.id, status: data.deleteEvent.archived ? 'archived' : 'deleted' }),
  },
  {
    method: 'GET',
    path: '/events/:id/registrations',
    resource: 'registration',
    document: `query ($id: ID!, $page: Int, $pageSize: Int) {
      event(id: $id) { registrations(${PAGE}) {
        nodes {
          id spaces isCancelled isRefunded
          event { id } eventDate { id startsAt }
          transaction { purchasedAt }
          purchasedBy { id firstName lastName email } boughtFor { id firstName lastName email }
          payment {
            ... on CardPayment { method currency net: base100NetPrice }
            ... on PassPayment { method currency creditsUsed passPurchase { id } }
          }
        }
        ${PAGE_FIELDS}
      } }
    }`,
    variables: (req) => ({ id: param(req, 'id'), ...paging(req) }),
    respond: (data) => present.envelope('registrations', present.found(data.event, 'Event').registrations, present.registration),
  },

  // Pass types
  {
    method: 'GET',
    path: '/passes',
    resource: 'pass',
    document: `query ($page: Int, $pageSize: Int) { passes(${PAGE}) { nodes { ${PASS} } ${PAGE_FIELDS} } }`,
    variables: paging,
    respond: (data) => present.envelope('passes', data.passes, present.pass),
  },
  {
    method: 'GET',
    path: '/passes/:id',
    resource: 'pass',
    document: `query ($id: ID!) { pass(id: $id) { ${PASS} } }`,
    variables: (req) => ({ id: param(req, 'id') }),
    respond: (data) => present.pass(present.found(data.pass, 'Pass')),
  },
  {
    method: 'POST',
    path: '/passes',
    resource: 'pass',
    document: `mutation ($input: CreatePassInput!) { createPass(input: $input) { ${PASS} } }`,
    variables: (req) => {
      const { price, ...pass } = parseBody(body.PassCreate, req.body);
      return { input: { ...pass, base100Price: base100(price) } };
    },
    respond: (data) => ({ status: 201, body: present.pass(data.createPass) }),
  },
  {
    method: 'PUT',
    path: '/passes/:id',
    resource: 'pass',
    document: `mutation ($id: ID!, $input: PassUpdate!) { updatePass(id: $id, input: $input) { ${PASS} } }`,
    variables: (req) => {
      const { price, ...changes } = parseBody(body.PassUpdate, req.body);
      return { id: param(req, 'id'), input: { ...changes, base100Price: base100(price) } };
    },
    respond: (data) => present.pass(data.updatePass),
  },

  // Customer passes
  {
    method: 'GET',
    path: '/customer-passes',
    resource: 'customer_pass',
    document: `query ($customerId: ID, $passId: ID, $page: Int, $pageSize: Int) {
      passPurchases(customerId: $customerId, passId: $passId, ${PAGE}) { nodes { ${CUSTOMER_PASS} } ${PAGE_FIELDS} }
    }`,
    variables: (req) => ({ customerId: query.string(req, 'customerId'), passId: query.string(req, 'passId'), ...paging(req) }),
    respond: (data) => present.envelope('customerPasses', data.passPurchases, present.customerPass),
  },
  {
    method: 'GET',
    path: '/customer-passes/:id',
    resource: 'customer_pass',
    document: `query ($id: ID!) { passPurchase(id: $id) { ${CUSTOMER_PASS} } }`,
    variables: (req) => ({ id: passPurchaseId(param(req, 'id')) }),
    respond: (data) => present.customerPass(present.found(data.passPurchase, 'Customer pass')),
  },
  {
    method: 'POST',
    path: '/customer-passes',
    resource: 'customer_pass',
    document: `mutation ($input: AssignPassInput!) { assignPass(input: $input) { ${CUSTOMER_PASS} } }`,
    variables: (req) => ({ input: parseBody(body.CustomerPassCreate, req.body) }),
    respond: (data) => ({ status: 201, body: present.customerPass(data.assignPass) }),
  },
  {
    method: 'PUT',
    path: '/customer-passes/:id',
    resource: 'customer_pass',
    document: `mutation ($id: ID!, $input: PassPurchaseUpdate!) { updatePassPurchase(id: $id, input: $input) { ${CUSTOMER_PASS} } }`,
    variables: (req) => {
      const changes = parseBody(body.CustomerPassUpdate, req.body);
      return {
        id: passPurchaseId(param(req, 'id')),
        input: { creditsRemaining: changes.remainingUses, expires: changes.expiryDate, isCancelled: changes.status === undefined ? undefined : changes.status === 'cancelled' },
      };
    },
    respond: (data) => present.customerPass(data.updatePassPurchase),
    parameterNames: { creditsRemaining: 'remainingUses', expires: 'expiryDate', isCancelled: 'status', pageSize: 'perPage' },
  },

  // Webhooks (beyond document 2): endpoints, their delivery log, and the catch-up list of events
  {
    method: 'GET',
    path: '/webhooks',
    resource: 'webhook',
    document: `query { webhookEndpoints { ${WEBHOOK} } }`,
    respond: (data) => ({ webhooks: data.webhookEndpoints.map(present.webhook) }),
  },
  {
    method: 'POST',
    path: '/webhooks',
    resource: 'webhook',
    document: `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { signingSecret endpoint { ${WEBHOOK} } } }`,
    variables: (req) => {
      const endpoint = parseBody(body.WebhookCreate, req.body);
      return { input: { ...endpoint, events: kindEnums(endpoint.events) } };
    },
    respond: (data) => ({ status: 201, body: present.newWebhook(data.createWebhookEndpoint) }),
  },
  {
    method: 'GET',
    path: '/webhooks/:id',
    resource: 'webhook',
    document: `query ($id: ID!) { webhookEndpoint(id: $id) { ${WEBHOOK} } }`,
    variables: (req) => ({ id: param(req, 'id') }),
    respond: (data) => present.webhook(present.found(data.webhookEndpoint, 'Webhook endpoint')),
  },
  {
    method: 'PUT',
    path: '/webhooks/:id',
    resource: 'webhook',
    document: `mutation ($id: ID!, $input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { ${WEBHOOK} } }`,
    variables: (req) => {
      const changes = parseBody(body.WebhookUpdate, req.body);
      return { id: param(req, 'id'), input: { ...changes, events: changes.events && kindEnums(changes.events) } };
    },
    respond: (data) => present.webhook(data.updateWebhookEndpoint),
  },
  {
    method: 'DELETE',
    path: '/webhooks/:id',
    resource: 'webhook',
    document: 'mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }',
    variables: (req) => ({ id: param(req, 'id') }),
    respond: () => ({ status: 204, body: null }),
  },
  {
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    resource: 'webhook_delivery',
    document: `query ($id: ID!, $limit: Int) { webhookEndpoint(id: $id) { id } webhookDeliveries(endpointId: $id, limit: $limit) { ${DELIVERY} } }`,
    variables: (req) => ({ id: param(req, 'id'), limit: deliveriesLimit(req) }),
    respond: (data) => {
      present.found(data.webhookEndpoint, 'Webhook endpoint');
      return { deliveries: data.webhookDeliveries.map(present.webhookDelivery) };
    },
  },
  {
    method: 'GET',
    path: '/webhook-events',
    resource: 'webhook_event',
    document: `query ($after: String, $first: Int, $kinds: [WebhookEventKind!]) {
      webhookEvents(after: $after, first: $first, kinds: $kinds) { nodes { id event timestamp data } endCursor hasMore }
    }`,
    variables: (req) => ({ after: query.string(req, 'after'), first: query.int(req, 'limit'), kinds: kindsParameter(req) }),
    respond: (data) => ({
      events: data.webhookEvents.nodes.map(present.webhookEvent),
      endCursor: data.webhookEvents.endCursor,
      hasMore: data.webhookEvents.hasMore,
    }),
    parameterNames: { first: 'limit' },
  },
];
