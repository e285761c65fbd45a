/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Which audit entries to list; every given condition must hold. */
export type AuditFilter = {
  /** `m2m_` client id or v1 key. */
  clientId: string | number | null | undefined;
  /** Only denials: status 401 or 403. */
  deniedOnly: boolean | null | undefined;
  /** From this instant, inclusive. */
  from: string | null | undefined;
  /** HTTP method. */
  method: string | null | undefined;
  /** Text the resource type contains (case-insensitive). */
  resource: string | null | undefined;
  /** `m2m`, `v1`, `graphql` or `console`. */
  surface: string | null | undefined;
  /** Before this instant. */
  to: string | null | undefined;
  /** `cu_` id of a console user. */
  userId: string | number | null | undefined;
};

/** An appointment to book. */
export type BookAppointmentInput = {
  /** `cust_` id of the customer. */
  customerId: string | number;
  /** Start, local to the facilitator, on a whole minute; at least MIN_BOOKING_NOTICE_MINUTES from now. */
  datetime: string;
  /** `fac_` id of the facilitator. */
  facilitatorId: string | number;
  /** At most 5000 characters; also added as a note on the customer when not blank. */
  notes: string | null | undefined;
  /** Name of an active option of the service. */
  optionName: string;
  /** The pass purchase to draw credits from when payWith is PASS; by default the valid one that expires first. */
  packageId: string | number | null | undefined;
  /** CARD (the payment starts PENDING), or PASS to pay with credits. */
  payWith: PaymentChoice;
  /** `svc_` id of an active service. */
  serviceId: string | number;
};

/** Spaces to book on one event date. */
export type BookEventInput = {
  /** Who the spaces are for, when not the payer. */
  boughtForId: string | number | null | undefined;
  /** `cust_` id of the customer who pays. */
  customerId: string | number;
  /** `date_` id of a date that has not started. */
  eventDateId: string | number;
  /** The pass purchase to draw credits from when payWith is PASS; by default the valid one that expires first. */
  packageId: string | number | null | undefined;
  /** CARD, or PASS to pay with credits. */
  payWith: PaymentChoice;
  /** `po-` id of a pricing option of the same event. */
  pricingOptionId: string | number;
  /** Spaces to book, 1 to 100. */
  spaces: number;
  /** Code of a voucher that discounts a card payment, once per purchase. */
  voucherCode: string | null | undefined;
};

/** What a console user may do: owner everything, admin everything but users, staff the desk (docs/lifecycles.md, Roles). */
export type ConsoleRole =
  /** Everything but console users. */
  | 'ADMIN'
  /** Everything, and manages console users. */
  | 'OWNER'
  /** The desk: customers, appointments, bookings and attendance, notes and answers, selling passes, videos and subscriptions; not the catalogue, API clients, webhooks or the audit log. */
  | 'STAFF';

/** A new API client. */
export type CreateApiClientInput = {
  /** Free notes. */
  description: string | null | undefined;
  /** Days until it expires (at least 1); null: never. */
  expiresInDays: number | null | undefined;
  /** Label; not empty. */
  name: string;
  /** At least one, from `scopeCatalogue`. */
  scopes: Array<string>;
};

/** Whether an event stands alone or repeats (document 2, section 6). */
export type EventKind =
  /** A one-off event or workshop: each booking is a ticket purchase (`registration.created` and `event.purchased`). */
  | 'ONE_OFF'
  /** A date of a schedule, such as a weekly class: each booking is a registration (`registration.created` only). */
  | 'SCHEDULE';

/** What a pass purchase's status is, derived from its data. */
export type PassStatus =
  /** Started, not expired, credits left. */
  | 'ACTIVE'
  /** Cancelled: no credits can be drawn. */
  | 'CANCELLED'
  /** Past its expiry date. */
  | 'EXPIRED'
  /** Starts on a later date. */
  | 'PENDING'
  /** No credits left. */
  | 'USED';

/** How a booking is paid. */
export type PaymentChoice =
  /** Pay with money by card. */
  | 'CARD'
  /** Pay with credits from a pass purchase. */
  | 'PASS';

/** An endpoint to add or change. */
export type SetWebhookEndpointInput = {
  /** Default: true for a new endpoint, unchanged for an existing one. */
  enabled: boolean | null | undefined;
  /** The kinds it receives; at least one. */
  events: Array<WebhookEventKind>;
  /** The endpoint to change; without it, the one at `url` is changed, or a new one is added. */
  id: string | number | null | undefined;
  /** https:// URL of the receiver. */
  url: string;
};

/** Kinds of webhook events: the three of document 2, section 6, then the lifecycle of every product line (docs/webhooks.md). */
export type WebhookEventKind =
  /** `appointment.booked`: an appointment was booked. */
  | 'APPOINTMENT_BOOKED'
  /** `appointment.cancelled`: an appointment was cancelled. */
  | 'APPOINTMENT_CANCELLED'
  /** `appointment.completed`: an appointment was marked completed. */
  | 'APPOINTMENT_COMPLETED'
  /** `appointment.no_show`: an appointment was marked a no-show. */
  | 'APPOINTMENT_NO_SHOW'
  /** `appointment.rescheduled`: an appointment was moved to another time or facilitator. */
  | 'APPOINTMENT_RESCHEDULED'
  /** `customer.created`: a customer was created. */
  | 'CUSTOMER_CREATED'
  /** `customer.deleted`: a customer was deleted. */
  | 'CUSTOMER_DELETED'
  /** `customer.updated`: a customer's details changed. */
  | 'CUSTOMER_UPDATED'
  /** `event.purchased`: a customer bought a ticket to an event or workshop. */
  | 'EVENT_PURCHASED'
  /** `pass.purchased`: a customer bought a class pass or bundle. */
  | 'PASS_PURCHASED'
  /** `registration.cancelled`: a registration was cancelled. */
  | 'REGISTRATION_CANCELLED'
  /** `registration.created`: a customer registered for an event or schedule. */
  | 'REGISTRATION_CREATED'
  /** `subscription.cancelled`: a subscription was cancelled; it ends on `endsOn`. */
  | 'SUBSCRIPTION_CANCELLED'
  /** `subscription.ended`: a cancelled subscription reached its end date. */
  | 'SUBSCRIPTION_ENDED'
  /** `subscription.paused`: a subscription was paused. */
  | 'SUBSCRIPTION_PAUSED'
  /** `subscription.reactivated`: a suspended subscription is active again, its failed charges paid. */
  | 'SUBSCRIPTION_REACTIVATED'
  /** `subscription.renewed`: a new period of a subscription started and was charged. */
  | 'SUBSCRIPTION_RENEWED'
  /** `subscription.resumed`: a paused subscription was resumed. */
  | 'SUBSCRIPTION_RESUMED'
  /** `subscription.started`: a customer started a subscription. */
  | 'SUBSCRIPTION_STARTED'
  /** `subscription.suspended`: a subscription was suspended for an unpaid charge past its grace days. */
  | 'SUBSCRIPTION_SUSPENDED'
  /** `video.purchased`: a customer bought access to a video. */
  | 'VIDEO_PURCHASED';

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, email: string, role: ConsoleRole, companyName: string, scopes: Array<string>, csrfToken: string } | null };

export type SignInMutationVariables = Exact<{
  email: string;
  password: string;
}>;


export type SignInMutation = { signIn: { id: string, email: string, role: ConsoleRole, companyName: string, scopes: Array<string>, csrfToken: string } };

export type SignOutMutationVariables = Exact<{ [key: string]: never; }>;


export type SignOutMutation = { signOut: boolean };

export type ApiClientsQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiClientsQuery = { apiClients: Array<{ id: string, name: string, description: string | null, scopes: Array<string>, createdAt: string, expiresAt: string | null, lastUsedAt: string | null, revoked: boolean, previousSecretValidUntil: string | null }>, scopeCatalogue: Array<{ name: string, group: string, description: string }> };

export type CreateApiClientMutationVariables = Exact<{
  input: CreateApiClientInput;
}>;


export type CreateApiClientMutation = { createApiClient: { secret: string, client: { id: string, name: string } } };

export type SetApiClientScopesMutationVariables = Exact<{
  id: string | number;
  scopes: Array<string> | string;
}>;


export type SetApiClientScopesMutation = { setApiClientScopes: { id: string, scopes: Array<string> } };

export type RotateApiClientSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type RotateApiClientSecretMutation = { rotateApiClientSecret: { secret: string, client: { id: string, name: string, previousSecretValidUntil: string | null } } };

export type RevokeApiClientMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeApiClientMutation = { revokeApiClient: { id: string, revoked: boolean } };

export type WebhooksQueryVariables = Exact<{
  limit: number | null | undefined;
}>;


export type WebhooksQuery = { webhookEndpoints: Array<{ id: string, url: string, events: Array<WebhookEventKind>, enabled: boolean, previousSecretExpiresAt: string | null, createdAt: string }> | null, webhookDeliveries: Array<{ eventId: string, event: WebhookEventKind, test: boolean, endpointId: string, url: string, attempt: number, status: number | null, error: string | null, durationMs: number, at: string }> | null };

export type SetWebhookEndpointMutationVariables = Exact<{
  input: SetWebhookEndpointInput;
}>;


export type SetWebhookEndpointMutation = { setWebhookEndpoint: { signingSecret: string | null, endpoint: { id: string, url: string, events: Array<WebhookEventKind>, enabled: boolean } } | null };

export type SetWebhookEndpointEnabledMutationVariables = Exact<{
  id: string | number;
  enabled: boolean;
}>;


export type SetWebhookEndpointEnabledMutation = { setWebhookEndpointEnabled: { id: string, enabled: boolean } | null };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string | number;
  overlapHours: number | null | undefined;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: { signingSecret: string | null, endpoint: { id: string, previousSecretExpiresAt: string | null } } | null };

export type RevealWebhookSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type RevealWebhookSecretMutation = { revealWebhookSecret: string };

export type DeleteWebhookEndpointMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteWebhookEndpointMutation = { deleteWebhookEndpoint: string | null };

export type SendTestWebhookMutationVariables = Exact<{
  kind: WebhookEventKind;
  endpointId: string | number | null | undefined;
}>;


export type SendTestWebhookMutation = { sendTestWebhook: { eventId: string, event: WebhookEventKind, endpointId: string, delivered: boolean, status: number | null, error: string | null } | null };

export type RedeliverWebhookEventMutationVariables = Exact<{
  eventId: string | number;
  endpointId: string | number | null | undefined;
}>;


export type RedeliverWebhookEventMutation = { redeliverWebhookEvent: { eventId: string, endpointIds: Array<string> } | null };

export type AuditLogQueryVariables = Exact<{
  filter: AuditFilter | null | undefined;
  page: number | null | undefined;
  pageSize: number | null | undefined;
}>;


export type AuditLogQuery = { auditLog: { total: number, page: number, pageSize: number, retentionDays: number, items: Array<{ id: string, at: string, surface: string, actor: string, clientId: string | null, userEmail: string | null, method: string, path: string, resourceType: string | null, operation: string | null, action: string | null, status: number, missingScope: string | null, requestId: string | null }> } };

export type AuditFilterOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type AuditFilterOptionsQuery = { apiClients: Array<{ id: string, name: string }> };

export type ConsoleUsersQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleUsersQuery = { consoleUsers: Array<{ id: string, email: string, role: ConsoleRole, createdAt: string, lastSignInAt: string | null }> };

export type CreateConsoleUserMutationVariables = Exact<{
  email: string;
  role: ConsoleRole;
}>;


export type CreateConsoleUserMutation = { createConsoleUser: { password: string, user: { id: string, email: string, role: ConsoleRole } } };

export type SetConsoleUserRoleMutationVariables = Exact<{
  id: string | number;
  role: ConsoleRole;
}>;


export type SetConsoleUserRoleMutation = { setConsoleUserRole: { id: string, role: ConsoleRole } };

export type ResetConsoleUserPasswordMutationVariables = Exact<{
  id: string | number;
}>;


export type ResetConsoleUserPasswordMutation = { resetConsoleUserPassword: { password: string, user: { id: string, email: string } } };

export type RemoveConsoleUserMutationVariables = Exact<{
  id: string | number;
}>;


export type RemoveConsoleUserMutation = { removeConsoleUser: string };

export type CustomersQueryVariables = Exact<{
  search: string | null | undefined;
  page: number | null | undefined;
  pageSize: number | null | undefined;
}>;


export type CustomersQuery = { customers: { total: number, page: number, pageSize: number, nodes: Array<{ id: string, firstName: string, lastName: string, email: string, mobile: string | null, archived: boolean }> } };

export type CustomerQueryVariables = Exact<{
  id: string | number;
}>;


export type CustomerQuery = { customer: { id: string, firstName: string, lastName: string, email: string, mobile: string | null, archived: boolean, createdAt: string, transactions: { total: number, nodes: Array<{ id: string, purchaseDate: string, bookings: Array<{ id: string, spaces: number, isCancelled: boolean, event: { name: string }, eventDate: { datetime: string } }> }> }, passPurchases: { total: number, nodes: Array<{ id: string, creditsAllocated: number, creditsConsumed: number, creditsRemaining: number, starts: string, expires: string, status: PassStatus, pass: { name: string } }> }, appointments: { total: number, nodes: Array<{ id: string, datetime: string, status: string, durationMinutes: number, optionName: string, service: { name: string }, facilitator: { name: string } }> }, notes: { total: number, nodes: Array<{ id: string, body: string, author: string | null, createdAt: string }> } | null } | null };

export type CalendarSetupQueryVariables = Exact<{ [key: string]: never; }>;


export type CalendarSetupQuery = { facilitators: Array<{ id: string, name: string, timezone: string }> | null, services: Array<{ id: string, name: string, active: boolean, options: Array<{ name: string, durationMinutes: number, base100Price: number, credits: number, active: boolean }> }> | null };

export type AvailabilityQueryVariables = Exact<{
  facilitatorId: string | number;
  serviceId: string | number | null | undefined;
  startDate: string;
  endDate: string;
}>;


export type AvailabilityQuery = { availability: { dates: Array<{ date: string, windows: Array<{ startTime: string, endTime: string, slots: Array<{ start: string, end: string, available: boolean }> }> }> }, appointments: { nodes: Array<{ id: string, datetime: string, status: string, durationMinutes: number, optionName: string, customer: { id: string, firstName: string, lastName: string }, service: { id: string, name: string } }> } | null };

export type CustomerPickerQueryVariables = Exact<{
  search: string | null | undefined;
}>;


export type CustomerPickerQuery = { customers: { nodes: Array<{ id: string, firstName: string, lastName: string, email: string }> } };

export type BookAppointmentMutationVariables = Exact<{
  input: BookAppointmentInput;
}>;


export type BookAppointmentMutation = { bookAppointment: { id: string, datetime: string, status: string } };

export type CancelAppointmentMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelAppointmentMutation = { cancelAppointment: { id: string, status: string } };

export type RescheduleAppointmentMutationVariables = Exact<{
  id: string | number;
  datetime: string;
}>;


export type RescheduleAppointmentMutation = { rescheduleAppointment: { id: string, datetime: string, status: string } };

export type EventsQueryVariables = Exact<{
  page: number | null | undefined;
  from: string | null | undefined;
}>;


export type EventsQuery = { events: { total: number, page: number, pageSize: number, nodes: Array<{ id: string, name: string, kind: EventKind, timezone: string, pricingOptions: Array<{ id: string, name: string, base100Price: number, credits: number, currency: string }>, dates: Array<{ id: string, datetime: string, duration: number, capacity: number, spacesBooked: number, spacesLeft: number }> }> } | null };

export type EventRegisterQueryVariables = Exact<{
  eventId: string | number;
  dateId: string | number;
}>;


export type EventRegisterQuery = { event: { id: string, name: string, date: { id: string, datetime: string, capacity: number, spacesBooked: number, spacesLeft: number, register: { total: number, nodes: Array<{ id: string, spaces: number, isCancelled: boolean, purchasedBy: { id: string, firstName: string, lastName: string, email: string }, boughtFor: { firstName: string, lastName: string } | null }> } | null } | null } | null };

export type BookEventMutationVariables = Exact<{
  input: BookEventInput;
}>;


export type BookEventMutation = { bookEvent: { id: string, bookings: Array<{ id: string, spaces: number }> } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const MeDocument = new TypedDocumentString(`
    query Me {
  me {
    id
    email
    role
    companyName
    scopes
    csrfToken
  }
}
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const SignInDocument = new TypedDocumentString(`
    mutation SignIn($email: String!, $password: String!) {
  signIn(email: $email, password: $password) {
    id
    email
    role
    companyName
    scopes
    csrfToken
  }
}
    `) as unknown as TypedDocumentString<SignInMutation, SignInMutationVariables>;
export const SignOutDocument = new TypedDocumentString(`
    mutation SignOut {
  signOut
}
    `) as unknown as TypedDocumentString<SignOutMutation, SignOutMutationVariables>;
export const ApiClientsDocument = new TypedDocumentString(`
    query ApiClients {
  apiClients {
    id
    name
    description
    scopes
    createdAt
    expiresAt
    lastUsedAt
    revoked
    previousSecretValidUntil
  }
  scopeCatalogue {
    name
    group
    description
  }
}
    `) as unknown as TypedDocumentString<ApiClientsQuery, ApiClientsQueryVariables>;
export const CreateApiClientDocument = new TypedDocumentString(`
    mutation CreateApiClient($input: CreateApiClientInput!) {
  createApiClient(input: $input) {
    secret
    client {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<CreateApiClientMutation, CreateApiClientMutationVariables>;
export const SetApiClientScopesDocument = new TypedDocumentString(`
    mutation SetApiClientScopes($id: ID!, $scopes: [String!]!) {
  setApiClientScopes(id: $id, scopes: $scopes) {
    id
    scopes
  }
}
    `) as unknown as TypedDocumentString<SetApiClientScopesMutation, SetApiClientScopesMutationVariables>;
export const RotateApiClientSecretDocument = new TypedDocumentString(`
    mutation RotateApiClientSecret($id: ID!) {
  rotateApiClientSecret(id: $id) {
    secret
    client {
      id
      name
      previousSecretValidUntil
    }
  }
}
    `) as unknown as TypedDocumentString<RotateApiClientSecretMutation, RotateApiClientSecretMutationVariables>;
export const RevokeApiClientDocument = new TypedDocumentString(`
    mutation RevokeApiClient($id: ID!) {
  revokeApiClient(id: $id) {
    id
    revoked
  }
}
    `) as unknown as TypedDocumentString<RevokeApiClientMutation, RevokeApiClientMutationVariables>;
export const WebhooksDocument = new TypedDocumentString(`
    query Webhooks($limit: Int) {
  webhookEndpoints {
    id
    url
    events
    enabled
    previousSecretExpiresAt
    createdAt
  }
  webhookDeliveries(limit: $limit) {
    eventId
    event
    test
    endpointId
    url
    attempt
    status
    error
    durationMs
    at
  }
}
    `) as unknown as TypedDocumentString<WebhooksQuery, WebhooksQueryVariables>;
export const SetWebhookEndpointDocument = new TypedDocumentString(`
    mutation SetWebhookEndpoint($input: SetWebhookEndpointInput!) {
  setWebhookEndpoint(input: $input) {
    signingSecret
    endpoint {
      id
      url
      events
      enabled
    }
  }
}
    `) as unknown as TypedDocumentString<SetWebhookEndpointMutation, SetWebhookEndpointMutationVariables>;
export const SetWebhookEndpointEnabledDocument = new TypedDocumentString(`
    mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {
  setWebhookEndpointEnabled(id: $id, enabled: $enabled) {
    id
    enabled
  }
}
    `) as unknown as TypedDocumentString<SetWebhookEndpointEnabledMutation, SetWebhookEndpointEnabledMutationVariables>;
export const RotateWebhookSecretDocument = new TypedDocumentString(`
    mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {
  rotateWebhookSecret(id: $id, overlapHours: $overlapHours) {
    signingSecret
    endpoint {
      id
      previousSecretExpiresAt
    }
  }
}
    `) as unknown as TypedDocumentString<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const RevealWebhookSecretDocument = new TypedDocumentString(`
    mutation RevealWebhookSecret($id: ID!) {
  revealWebhookSecret(id: $id)
}
    `) as unknown as TypedDocumentString<RevealWebhookSecretMutation, RevealWebhookSecretMutationVariables>;
export const DeleteWebhookEndpointDocument = new TypedDocumentString(`
    mutation DeleteWebhookEndpoint($id: ID!) {
  deleteWebhookEndpoint(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteWebhookEndpointMutation, DeleteWebhookEndpointMutationVariables>;
export const SendTestWebhookDocument = new TypedDocumentString(`
    mutation SendTestWebhook($kind: WebhookEventKind!, $endpointId: ID) {
  sendTestWebhook(kind: $kind, endpointId: $endpointId) {
    eventId
    event
    endpointId
    delivered
    status
    error
  }
}
    `) as unknown as TypedDocumentString<SendTestWebhookMutation, SendTestWebhookMutationVariables>;
export const RedeliverWebhookEventDocument = new TypedDocumentString(`
    mutation RedeliverWebhookEvent($eventId: ID!, $endpointId: ID) {
  redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) {
    eventId
    endpointIds
  }
}
    `) as unknown as TypedDocumentString<RedeliverWebhookEventMutation, RedeliverWebhookEventMutationVariables>;
export const AuditLogDocument = new TypedDocumentString(`
    query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {
  auditLog(filter: $filter, page: $page, pageSize: $pageSize) {
    total
    page
    pageSize
    retentionDays
    items {
      id
      at
      surface
      actor
      clientId
      userEmail
      method
      path
      resourceType
      operation
      action
      status
      missingScope
      requestId
    }
  }
}
    `) as unknown as TypedDocumentString<AuditLogQuery, AuditLogQueryVariables>;
export const AuditFilterOptionsDocument = new TypedDocumentString(`
    query AuditFilterOptions {
  apiClients {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<AuditFilterOptionsQuery, AuditFilterOptionsQueryVariables>;
export const ConsoleUsersDocument = new TypedDocumentString(`
    query ConsoleUsers {
  consoleUsers {
    id
    email
    role
    createdAt
    lastSignInAt
  }
}
    `) as unknown as TypedDocumentString<ConsoleUsersQuery, ConsoleUsersQueryVariables>;
export const CreateConsoleUserDocument = new TypedDocumentString(`
    mutation CreateConsoleUser($email: String!, $role: ConsoleRole!) {
  createConsoleUser(email: $email, role: $role) {
    password
    user {
      id
      email
      role
    }
  }
}
    `) as unknown as TypedDocumentString<CreateConsoleUserMutation, CreateConsoleUserMutationVariables>;
export const SetConsoleUserRoleDocument = new TypedDocumentString(`
    mutation SetConsoleUserRole($id: ID!, $role: ConsoleRole!) {
  setConsoleUserRole(id: $id, role: $role) {
    id
    role
  }
}
    `) as unknown as TypedDocumentString<SetConsoleUserRoleMutation, SetConsoleUserRoleMutationVariables>;
export const ResetConsoleUserPasswordDocument = new TypedDocumentString(`
    mutation ResetConsoleUserPassword($id: ID!) {
  resetConsoleUserPassword(id: $id) {
    password
    user {
      id
      email
    }
  }
}
    `) as unknown as TypedDocumentString<ResetConsoleUserPasswordMutation, ResetConsoleUserPasswordMutationVariables>;
export const RemoveConsoleUserDocument = new TypedDocumentString(`
    mutation RemoveConsoleUser($id: ID!) {
  removeConsoleUser(id: $id)
}
    `) as unknown as TypedDocumentString<RemoveConsoleUserMutation, RemoveConsoleUserMutationVariables>;
export const CustomersDocument = new TypedDocumentString(`
    query Customers($search: String, $page: Int, $pageSize: Int) {
  customers(search: $search, page: $page, pageSize: $pageSize) {
    total
    page
    pageSize
    nodes {
      id
      firstName
      lastName
      email
      mobile
      archived
    }
  }
}
    `) as unknown as TypedDocumentString<CustomersQuery, CustomersQueryVariables>;
export const CustomerDocument = new TypedDocumentString(`
    query Customer($id: ID!) {
  customer(id: $id) {
    id
    firstName
    lastName
    email
    mobile
    archived
    createdAt
    transactions(pageSize: 20) {
      total
      nodes {
        id
        purchaseDate
        bookings {
          id
          spaces
          isCancelled
          event {
            name
          }
          eventDate {
            datetime
          }
        }
      }
    }
    passPurchases(pageSize: 20) {
      total
      nodes {
        id
        creditsAllocated
        creditsConsumed
        creditsRemaining
        starts
        expires
        status
        pass {
          name
        }
      }
    }
    appointments(pageSize: 20) {
      total
      nodes {
        id
        datetime
        status
        durationMinutes
        optionName
        service {
          name
        }
        facilitator {
          name
        }
      }
    }
    notes(pageSize: 20) {
      total
      nodes {
        id
        body
        author
        createdAt
      }
    }
  }
}
    `) as unknown as TypedDocumentString<CustomerQuery, CustomerQueryVariables>;
export const CalendarSetupDocument = new TypedDocumentString(`
    query CalendarSetup {
  facilitators {
    id
    name
    timezone
  }
  services {
    id
    name
    active
    options {
      name
      durationMinutes
      base100Price
      credits
      active
    }
  }
}
    `) as unknown as TypedDocumentString<CalendarSetupQuery, CalendarSetupQueryVariables>;
export const AvailabilityDocument = new TypedDocumentString(`
    query Availability($facilitatorId: ID!, $serviceId: ID, $startDate: Date!, $endDate: Date!) {
  availability(
    facilitatorId: $facilitatorId
    serviceId: $serviceId
    startDate: $startDate
    endDate: $endDate
  ) {
    dates {
      date
      windows {
        startTime
        endTime
        slots {
          start
          end
          available
        }
      }
    }
  }
  appointments(
    facilitatorId: $facilitatorId
    startDate: $startDate
    endDate: $endDate
    pageSize: 100
  ) {
    nodes {
      id
      datetime
      status
      durationMinutes
      optionName
      customer {
        id
        firstName
        lastName
      }
      service {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AvailabilityQuery, AvailabilityQueryVariables>;
export const CustomerPickerDocument = new TypedDocumentString(`
    query CustomerPicker($search: String) {
  customers(search: $search, pageSize: 8) {
    nodes {
      id
      firstName
      lastName
      email
    }
  }
}
    `) as unknown as TypedDocumentString<CustomerPickerQuery, CustomerPickerQueryVariables>;
export const BookAppointmentDocument = new TypedDocumentString(`
    mutation BookAppointment($input: BookAppointmentInput!) {
  bookAppointment(input: $input) {
    id
    datetime
    status
  }
}
    `) as unknown as TypedDocumentString<BookAppointmentMutation, BookAppointmentMutationVariables>;
export const CancelAppointmentDocument = new TypedDocumentString(`
    mutation CancelAppointment($id: ID!) {
  cancelAppointment(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CancelAppointmentMutation, CancelAppointmentMutationVariables>;
export const RescheduleAppointmentDocument = new TypedDocumentString(`
    mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!) {
  rescheduleAppointment(id: $id, datetime: $datetime) {
    id
    datetime
    status
  }
}
    `) as unknown as TypedDocumentString<RescheduleAppointmentMutation, RescheduleAppointmentMutationVariables>;
export const EventsDocument = new TypedDocumentString(`
    query Events($page: Int, $from: Date) {
  events(page: $page, pageSize: 20) {
    total
    page
    pageSize
    nodes {
      id
      name
      kind
      timezone
      pricingOptions {
        id
        name
        base100Price
        credits
        currency
      }
      dates(from: $from) {
        id
        datetime
        duration
        capacity
        spacesBooked
        spacesLeft
      }
    }
  }
}
    `) as unknown as TypedDocumentString<EventsQuery, EventsQueryVariables>;
export const EventRegisterDocument = new TypedDocumentString(`
    query EventRegister($eventId: ID!, $dateId: ID!) {
  event(id: $eventId) {
    id
    name
    date(id: $dateId) {
      id
      datetime
      capacity
      spacesBooked
      spacesLeft
      register(pageSize: 100) {
        total
        nodes {
          id
          spaces
          isCancelled
          purchasedBy {
            id
            firstName
            lastName
            email
          }
          boughtFor {
            firstName
            lastName
          }
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<EventRegisterQuery, EventRegisterQueryVariables>;
export const BookEventDocument = new TypedDocumentString(`
    mutation BookEvent($input: BookEventInput!) {
  bookEvent(input: $input) {
    id
    bookings {
      id
      spaces
    }
  }
}
    `) as unknown as TypedDocumentString<BookEventMutation, BookEventMutationVariables>;