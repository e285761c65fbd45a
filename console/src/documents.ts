/**
 * Every GraphQL operation of the console. `npm run codegen` turns them into typed documents under ./gql
 * (client preset, string documents: nothing of graphql-js is bundled).
 */
import { graphql } from './gql/index.ts';

export const MeQuery = graphql(`
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
`);

export const SignInMutation = graphql(`
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
`);

export const SignOutMutation = graphql(`
  mutation SignOut {
    signOut
  }
`);

export const ApiClientsQuery = graphql(`
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
`);

export const CreateApiClientMutation = graphql(`
  mutation CreateApiClient($input: CreateApiClientInput!) {
    createApiClient(input: $input) {
      secret
      client {
        id
        name
      }
    }
  }
`);

export const SetApiClientScopesMutation = graphql(`
  mutation SetApiClientScopes($id: ID!, $scopes: [String!]!) {
    setApiClientScopes(id: $id, scopes: $scopes) {
      id
      scopes
    }
  }
`);

export const RotateApiClientSecretMutation = graphql(`
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
`);

export const RevokeApiClientMutation = graphql(`
  mutation RevokeApiClient($id: ID!) {
    revokeApiClient(id: $id) {
      id
      revoked
    }
  }
`);

export const WebhooksQuery = graphql(`
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
`);

export const SetWebhookEndpointMutation = graphql(`
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
`);

export const SetWebhookEndpointEnabledMutation = graphql(`
  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {
    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {
      id
      enabled
    }
  }
`);

export const RotateWebhookSecretMutation = graphql(`
  mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {
    rotateWebhookSecret(id: $id, overlapHours: $overlapHours) {
      signingSecret
      endpoint {
        id
        previousSecretExpiresAt
      }
    }
  }
`);

export const RevealWebhookSecretMutation = graphql(`
  mutation RevealWebhookSecret($id: ID!) {
    revealWebhookSecret(id: $id)
  }
`);

export const DeleteWebhookEndpointMutation = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id)
  }
`);

export const SendTestWebhookMutation = graphql(`
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
`);

export const RedeliverWebhookEventMutation = graphql(`
  mutation RedeliverWebhookEvent($eventId: ID!, $endpointId: ID) {
    redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) {
      eventId
      endpointIds
    }
  }
`);

export const AuditLogQuery = graphql(`
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
`);

export const AuditFilterOptionsQuery = graphql(`
  query AuditFilterOptions {
    apiClients {
      id
      name
    }
  }
`);

export const ConsoleUsersQuery = graphql(`
  query ConsoleUsers {
    consoleUsers {
      id
      email
      role
      createdAt
      lastSignInAt
    }
  }
`);

export const CreateConsoleUserMutation = graphql(`
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
`);

export const SetConsoleUserRoleMutation = graphql(`
  mutation SetConsoleUserRole($id: ID!, $role: ConsoleRole!) {
    setConsoleUserRole(id: $id, role: $role) {
      id
      role
    }
  }
`);

export const ResetConsoleUserPasswordMutation = graphql(`
  mutation ResetConsoleUserPassword($id: ID!) {
    resetConsoleUserPassword(id: $id) {
      password
      user {
        id
        email
      }
    }
  }
`);

export const RemoveConsoleUserMutation = graphql(`
  mutation RemoveConsoleUser($id: ID!) {
    removeConsoleUser(id: $id)
  }
`);

export const CustomersQuery = graphql(`
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
`);

export const CustomerQuery = graphql(`
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
`);

export const CalendarSetupQuery = graphql(`
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
`);

export const AvailabilityQuery = graphql(`
  query Availability($facilitatorId: ID!, $serviceId: ID, $startDate: Date!, $endDate: Date!) {
    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, startDate: $startDate, endDate: $endDate) {
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
    appointments(facilitatorId: $facilitatorId, startDate: $startDate, endDate: $endDate, pageSize: 100) {
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
`);

export const CustomerPickerQuery = graphql(`
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
`);

export const BookAppointmentMutation = graphql(`
  mutation BookAppointment($input: BookAppointmentInput!) {
    bookAppointment(input: $input) {
      id
      datetime
      status
    }
  }
`);

export const CancelAppointmentMutation = graphql(`
  mutation CancelAppointment($id: ID!) {
    cancelAppointment(id: $id) {
      id
      status
    }
  }
`);

export const RescheduleAppointmentMutation = graphql(`
  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!) {
    rescheduleAppointment(id: $id, datetime: $datetime) {
      id
      datetime
      status
    }
  }
`);

export const EventsQuery = graphql(`
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
`);

export const EventRegisterQuery = graphql(`
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
`);

export const BookEventMutation = graphql(`
  mutation BookEvent($input: BookEventInput!) {
    bookEvent(input: $input) {
      id
      bookings {
        id
        spaces
      }
    }
  }
`);
