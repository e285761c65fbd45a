/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Me {\n    me {\n      id\n      email\n      role\n      companyName\n      scopes\n      csrfToken\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      id\n      email\n      role\n      companyName\n      scopes\n      csrfToken\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": typeof types.SignOutDocument,
    "\n  query ApiClients {\n    apiClients {\n      id\n      name\n      description\n      scopes\n      createdAt\n      expiresAt\n      lastUsedAt\n      revoked\n      previousSecretValidUntil\n    }\n    scopeCatalogue {\n      name\n      group\n      description\n    }\n  }\n": typeof types.ApiClientsDocument,
    "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      secret\n      client {\n        id\n        name\n      }\n    }\n  }\n": typeof types.CreateApiClientDocument,
    "\n  mutation SetApiClientScopes($id: ID!, $scopes: [String!]!) {\n    setApiClientScopes(id: $id, scopes: $scopes) {\n      id\n      scopes\n    }\n  }\n": typeof types.SetApiClientScopesDocument,
    "\n  mutation RotateApiClientSecret($id: ID!) {\n    rotateApiClientSecret(id: $id) {\n      secret\n      client {\n        id\n        name\n        previousSecretValidUntil\n      }\n    }\n  }\n": typeof types.RotateApiClientSecretDocument,
    "\n  mutation RevokeApiClient($id: ID!) {\n    revokeApiClient(id: $id) {\n      id\n      revoked\n    }\n  }\n": typeof types.RevokeApiClientDocument,
    "\n  query Webhooks($limit: Int) {\n    webhookEndpoints {\n      id\n      url\n      events\n      enabled\n      previousSecretExpiresAt\n      createdAt\n    }\n    webhookDeliveries(limit: $limit) {\n      eventId\n      event\n      test\n      endpointId\n      url\n      attempt\n      status\n      error\n      durationMs\n      at\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  mutation SetWebhookEndpoint($input: SetWebhookEndpointInput!) {\n    setWebhookEndpoint(input: $input) {\n      signingSecret\n      endpoint {\n        id\n        url\n        events\n        enabled\n      }\n    }\n  }\n": typeof types.SetWebhookEndpointDocument,
    "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {\n      id\n      enabled\n    }\n  }\n": typeof types.SetWebhookEndpointEnabledDocument,
    "\n  mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {\n    rotateWebhookSecret(id: $id, overlapHours: $overlapHours) {\n      signingSecret\n      endpoint {\n        id\n        previousSecretExpiresAt\n      }\n    }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  mutation RevealWebhookSecret($id: ID!) {\n    revealWebhookSecret(id: $id)\n  }\n": typeof types.RevealWebhookSecretDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($kind: WebhookEventKind!, $endpointId: ID) {\n    sendTestWebhook(kind: $kind, endpointId: $endpointId) {\n      eventId\n      event\n      endpointId\n      delivered\n      status\n      error\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  mutation RedeliverWebhookEvent($eventId: ID!, $endpointId: ID) {\n    redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      endpointIds\n    }\n  }\n": typeof types.RedeliverWebhookEventDocument,
    "\n  query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {\n    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      retentionDays\n      items {\n        id\n        at\n        surface\n        actor\n        clientId\n        userEmail\n        method\n        path\n        resourceType\n        operation\n        action\n        status\n        missingScope\n        requestId\n      }\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  query AuditFilterOptions {\n    apiClients {\n      id\n      name\n    }\n  }\n": typeof types.AuditFilterOptionsDocument,
    "\n  query ConsoleUsers {\n    consoleUsers {\n      id\n      email\n      role\n      createdAt\n      lastSignInAt\n    }\n  }\n": typeof types.ConsoleUsersDocument,
    "\n  mutation CreateConsoleUser($email: String!, $role: ConsoleRole!) {\n    createConsoleUser(email: $email, role: $role) {\n      password\n      user {\n        id\n        email\n        role\n      }\n    }\n  }\n": typeof types.CreateConsoleUserDocument,
    "\n  mutation SetConsoleUserRole($id: ID!, $role: ConsoleRole!) {\n    setConsoleUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n": typeof types.SetConsoleUserRoleDocument,
    "\n  mutation ResetConsoleUserPassword($id: ID!) {\n    resetConsoleUserPassword(id: $id) {\n      password\n      user {\n        id\n        email\n      }\n    }\n  }\n": typeof types.ResetConsoleUserPasswordDocument,
    "\n  mutation RemoveConsoleUser($id: ID!) {\n    removeConsoleUser(id: $id)\n  }\n": typeof types.RemoveConsoleUserDocument,
    "\n  query Customers($search: String, $page: Int, $pageSize: Int) {\n    customers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        firstName\n        lastName\n        email\n        mobile\n        archived\n      }\n    }\n  }\n": typeof types.CustomersDocument,
    "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      id\n      firstName\n      lastName\n      email\n      mobile\n      archived\n      createdAt\n      transactions(pageSize: 20) {\n        total\n        nodes {\n          id\n          purchaseDate\n          bookings {\n            id\n            spaces\n            isCancelled\n            event {\n              name\n            }\n            eventDate {\n              datetime\n            }\n          }\n        }\n      }\n      passPurchases(pageSize: 20) {\n        total\n        nodes {\n          id\n          creditsAllocated\n          creditsConsumed\n          creditsRemaining\n          starts\n          expires\n          status\n          pass {\n            name\n          }\n        }\n      }\n      appointments(pageSize: 20) {\n        total\n        nodes {\n          id\n          datetime\n          status\n          durationMinutes\n          optionName\n          service {\n            name\n          }\n          facilitator {\n            name\n          }\n        }\n      }\n      notes(pageSize: 20) {\n        total\n        nodes {\n          id\n          body\n          author\n          createdAt\n        }\n      }\n    }\n  }\n": typeof types.CustomerDocument,
    "\n  query CalendarSetup {\n    facilitators {\n      id\n      name\n      timezone\n    }\n    services {\n      id\n      name\n      active\n      options {\n        name\n        durationMinutes\n        base100Price\n        credits\n        active\n      }\n    }\n  }\n": typeof types.CalendarSetupDocument,
    "\n  query Availability($facilitatorId: ID!, $serviceId: ID, $startDate: Date!, $endDate: Date!) {\n    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, startDate: $startDate, endDate: $endDate) {\n      dates {\n        date\n        windows {\n          startTime\n          endTime\n          slots {\n            start\n            end\n            available\n          }\n        }\n      }\n    }\n    appointments(facilitatorId: $facilitatorId, startDate: $startDate, endDate: $endDate, pageSize: 100) {\n      nodes {\n        id\n        datetime\n        status\n        durationMinutes\n        optionName\n        customer {\n          id\n          firstName\n          lastName\n        }\n        service {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.AvailabilityDocument,
    "\n  query CustomerPicker($search: String) {\n    customers(search: $search, pageSize: 8) {\n      nodes {\n        id\n        firstName\n        lastName\n        email\n      }\n    }\n  }\n": typeof types.CustomerPickerDocument,
    "\n  mutation BookAppointment($input: BookAppointmentInput!) {\n    bookAppointment(input: $input) {\n      id\n      datetime\n      status\n    }\n  }\n": typeof types.BookAppointmentDocument,
    "\n  mutation CancelAppointment($id: ID!) {\n    cancelAppointment(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.CancelAppointmentDocument,
    "\n  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!) {\n    rescheduleAppointment(id: $id, datetime: $datetime) {\n      id\n      datetime\n      status\n    }\n  }\n": typeof types.RescheduleAppointmentDocument,
    "\n  query Events($page: Int, $from: Date) {\n    events(page: $page, pageSize: 20) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        name\n        kind\n        timezone\n        pricingOptions {\n          id\n          name\n          base100Price\n          credits\n          currency\n        }\n        dates(from: $from) {\n          id\n          datetime\n          duration\n          capacity\n          spacesBooked\n          spacesLeft\n        }\n      }\n    }\n  }\n": typeof types.EventsDocument,
    "\n  query EventRegister($eventId: ID!, $dateId: ID!) {\n    event(id: $eventId) {\n      id\n      name\n      date(id: $dateId) {\n        id\n        datetime\n        capacity\n        spacesBooked\n        spacesLeft\n        register(pageSize: 100) {\n          total\n          nodes {\n            id\n            spaces\n            isCancelled\n            purchasedBy {\n              id\n              firstName\n              lastName\n              email\n            }\n            boughtFor {\n              firstName\n              lastName\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.EventRegisterDocument,
    "\n  mutation BookEvent($input: BookEventInput!) {\n    bookEvent(input: $input) {\n      id\n      bookings {\n        id\n        spaces\n      }\n    }\n  }\n": typeof types.BookEventDocument,
};
const documents: Documents = {
    "\n  query Me {\n    me {\n      id\n      email\n      role\n      companyName\n      scopes\n      csrfToken\n    }\n  }\n": types.MeDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      id\n      email\n      role\n      companyName\n      scopes\n      csrfToken\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": types.SignOutDocument,
    "\n  query ApiClients {\n    apiClients {\n      id\n      name\n      description\n      scopes\n      createdAt\n      expiresAt\n      lastUsedAt\n      revoked\n      previousSecretValidUntil\n    }\n    scopeCatalogue {\n      name\n      group\n      description\n    }\n  }\n": types.ApiClientsDocument,
    "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      secret\n      client {\n        id\n        name\n      }\n    }\n  }\n": types.CreateApiClientDocument,
    "\n  mutation SetApiClientScopes($id: ID!, $scopes: [String!]!) {\n    setApiClientScopes(id: $id, scopes: $scopes) {\n      id\n      scopes\n    }\n  }\n": types.SetApiClientScopesDocument,
    "\n  mutation RotateApiClientSecret($id: ID!) {\n    rotateApiClientSecret(id: $id) {\n      secret\n      client {\n        id\n        name\n        previousSecretValidUntil\n      }\n    }\n  }\n": types.RotateApiClientSecretDocument,
    "\n  mutation RevokeApiClient($id: ID!) {\n    revokeApiClient(id: $id) {\n      id\n      revoked\n    }\n  }\n": types.RevokeApiClientDocument,
    "\n  query Webhooks($limit: Int) {\n    webhookEndpoints {\n      id\n      url\n      events\n      enabled\n      previousSecretExpiresAt\n      createdAt\n    }\n    webhookDeliveries(limit: $limit) {\n      eventId\n      event\n      test\n      endpointId\n      url\n      attempt\n      status\n      error\n      durationMs\n      at\n    }\n  }\n": types.WebhooksDocument,
    "\n  mutation SetWebhookEndpoint($input: SetWebhookEndpointInput!) {\n    setWebhookEndpoint(input: $input) {\n      signingSecret\n      endpoint {\n        id\n        url\n        events\n        enabled\n      }\n    }\n  }\n": types.SetWebhookEndpointDocument,
    "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {\n      id\n      enabled\n    }\n  }\n": types.SetWebhookEndpointEnabledDocument,
    "\n  mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {\n    rotateWebhookSecret(id: $id, overlapHours: $overlapHours) {\n      signingSecret\n      endpoint {\n        id\n        previousSecretExpiresAt\n      }\n    }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  mutation RevealWebhookSecret($id: ID!) {\n    revealWebhookSecret(id: $id)\n  }\n": types.RevealWebhookSecretDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($kind: WebhookEventKind!, $endpointId: ID) {\n    sendTestWebhook(kind: $kind, endpointId: $endpointId) {\n      eventId\n      event\n      endpointId\n      delivered\n      status\n      error\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n  mutation RedeliverWebhookEvent($eventId: ID!, $endpointId: ID) {\n    redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      endpointIds\n    }\n  }\n": types.RedeliverWebhookEventDocument,
    "\n  query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {\n    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      retentionDays\n      items {\n        id\n        at\n        surface\n        actor\n        clientId\n        userEmail\n        method\n        path\n        resourceType\n        operation\n        action\n        status\n        missingScope\n        requestId\n      }\n    }\n  }\n": types.AuditLogDocument,
    "\n  query AuditFilterOptions {\n    apiClients {\n      id\n      name\n    }\n  }\n": types.AuditFilterOptionsDocument,
    "\n  query ConsoleUsers {\n    consoleUsers {\n      id\n      email\n      role\n      createdAt\n      lastSignInAt\n    }\n  }\n": types.ConsoleUsersDocument,
    "\n  mutation CreateConsoleUser($email: String!, $role: ConsoleRole!) {\n    createConsoleUser(email: $email, role: $role) {\n      password\n      user {\n        id\n        email\n        role\n      }\n    }\n  }\n": types.CreateConsoleUserDocument,
    "\n  mutation SetConsoleUserRole($id: ID!, $role: ConsoleRole!) {\n    setConsoleUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n": types.SetConsoleUserRoleDocument,
    "\n  mutation ResetConsoleUserPassword($id: ID!) {\n    resetConsoleUserPassword(id: $id) {\n      password\n      user {\n        id\n        email\n      }\n    }\n  }\n": types.ResetConsoleUserPasswordDocument,
    "\n  mutation RemoveConsoleUser($id: ID!) {\n    removeConsoleUser(id: $id)\n  }\n": types.RemoveConsoleUserDocument,
    "\n  query Customers($search: String, $page: Int, $pageSize: Int) {\n    customers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        firstName\n        lastName\n        email\n        mobile\n        archived\n      }\n    }\n  }\n": types.CustomersDocument,
    "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      id\n      firstName\n      lastName\n      email\n      mobile\n      archived\n      createdAt\n      transactions(pageSize: 20) {\n        total\n        nodes {\n          id\n          purchaseDate\n          bookings {\n            id\n            spaces\n            isCancelled\n            event {\n              name\n            }\n            eventDate {\n              datetime\n            }\n          }\n        }\n      }\n      passPurchases(pageSize: 20) {\n        total\n        nodes {\n          id\n          creditsAllocated\n          creditsConsumed\n          creditsRemaining\n          starts\n          expires\n          status\n          pass {\n            name\n          }\n        }\n      }\n      appointments(pageSize: 20) {\n        total\n        nodes {\n          id\n          datetime\n          status\n          durationMinutes\n          optionName\n          service {\n            name\n          }\n          facilitator {\n            name\n          }\n        }\n      }\n      notes(pageSize: 20) {\n        total\n        nodes {\n          id\n          body\n          author\n          createdAt\n        }\n      }\n    }\n  }\n": types.CustomerDocument,
    "\n  query CalendarSetup {\n    facilitators {\n      id\n      name\n      timezone\n    }\n    services {\n      id\n      name\n      active\n      options {\n        name\n        durationMinutes\n        base100Price\n        credits\n        active\n      }\n    }\n  }\n": types.CalendarSetupDocument,
    "\n  query Availability($facilitatorId: ID!, $serviceId: ID, $startDate: Date!, $endDate: Date!) {\n    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, startDate: $startDate, endDate: $endDate) {\n      dates {\n        date\n        windows {\n          startTime\n          endTime\n          slots {\n            start\n            end\n            available\n          }\n        }\n      }\n    }\n    appointments(facilitatorId: $facilitatorId, startDate: $startDate, endDate: $endDate, pageSize: 100) {\n      nodes {\n        id\n        datetime\n        status\n        durationMinutes\n        optionName\n        customer {\n          id\n          firstName\n          lastName\n        }\n        service {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.AvailabilityDocument,
    "\n  query CustomerPicker($search: String) {\n    customers(search: $search, pageSize: 8) {\n      nodes {\n        id\n        firstName\n        lastName\n        email\n      }\n    }\n  }\n": types.CustomerPickerDocument,
    "\n  mutation BookAppointment($input: BookAppointmentInput!) {\n    bookAppointment(input: $input) {\n      id\n      datetime\n      status\n    }\n  }\n": types.BookAppointmentDocument,
    "\n  mutation CancelAppointment($id: ID!) {\n    cancelAppointment(id: $id) {\n      id\n      status\n    }\n  }\n": types.CancelAppointmentDocument,
    "\n  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!) {\n    rescheduleAppointment(id: $id, datetime: $datetime) {\n      id\n      datetime\n      status\n    }\n  }\n": types.RescheduleAppointmentDocument,
    "\n  query Events($page: Int, $from: Date) {\n    events(page: $page, pageSize: 20) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        name\n        kind\n        timezone\n        pricingOptions {\n          id\n          name\n          base100Price\n          credits\n          currency\n        }\n        dates(from: $from) {\n          id\n          datetime\n          duration\n          capacity\n          spacesBooked\n          spacesLeft\n        }\n      }\n    }\n  }\n": types.EventsDocument,
    "\n  query EventRegister($eventId: ID!, $dateId: ID!) {\n    event(id: $eventId) {\n      id\n      name\n      date(id: $dateId) {\n        id\n        datetime\n        capacity\n        spacesBooked\n        spacesLeft\n        register(pageSize: 100) {\n          total\n          nodes {\n            id\n            spaces\n            isCancelled\n            purchasedBy {\n              id\n              firstName\n              lastName\n              email\n            }\n            boughtFor {\n              firstName\n              lastName\n            }\n          }\n        }\n      }\n    }\n  }\n": types.EventRegisterDocument,
    "\n  mutation BookEvent($input: BookEventInput!) {\n    bookEvent(input: $input) {\n      id\n      bookings {\n        id\n        spaces\n      }\n    }\n  }\n": types.BookEventDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      email\n      role\n      companyName\n      scopes\n      csrfToken\n    }\n  }\n"): typeof import('./graphql').MeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      id\n      email\n      role\n      companyName\n      scopes\n      csrfToken\n    }\n  }\n"): typeof import('./graphql').SignInDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    signOut\n  }\n"): typeof import('./graphql').SignOutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiClients {\n    apiClients {\n      id\n      name\n      description\n      scopes\n      createdAt\n      expiresAt\n      lastUsedAt\n      revoked\n      previousSecretValidUntil\n    }\n    scopeCatalogue {\n      name\n      group\n      description\n    }\n  }\n"): typeof import('./graphql').ApiClientsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      secret\n      client {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').CreateApiClientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetApiClientScopes($id: ID!, $scopes: [String!]!) {\n    setApiClientScopes(id: $id, scopes: $scopes) {\n      id\n      scopes\n    }\n  }\n"): typeof import('./graphql').SetApiClientScopesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateApiClientSecret($id: ID!) {\n    rotateApiClientSecret(id: $id) {\n      secret\n      client {\n        id\n        name\n        previousSecretValidUntil\n      }\n    }\n  }\n"): typeof import('./graphql').RotateApiClientSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiClient($id: ID!) {\n    revokeApiClient(id: $id) {\n      id\n      revoked\n    }\n  }\n"): typeof import('./graphql').RevokeApiClientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks($limit: Int) {\n    webhookEndpoints {\n      id\n      url\n      events\n      enabled\n      previousSecretExpiresAt\n      createdAt\n    }\n    webhookDeliveries(limit: $limit) {\n      eventId\n      event\n      test\n      endpointId\n      url\n      attempt\n      status\n      error\n      durationMs\n      at\n    }\n  }\n"): typeof import('./graphql').WebhooksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetWebhookEndpoint($input: SetWebhookEndpointInput!) {\n    setWebhookEndpoint(input: $input) {\n      signingSecret\n      endpoint {\n        id\n        url\n        events\n        enabled\n      }\n    }\n  }\n"): typeof import('./graphql').SetWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {\n      id\n      enabled\n    }\n  }\n"): typeof import('./graphql').SetWebhookEndpointEnabledDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {\n    rotateWebhookSecret(id: $id, overlapHours: $overlapHours) {\n      signingSecret\n      endpoint {\n        id\n        previousSecretExpiresAt\n      }\n    }\n  }\n"): typeof import('./graphql').RotateWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevealWebhookSecret($id: ID!) {\n    revealWebhookSecret(id: $id)\n  }\n"): typeof import('./graphql').RevealWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"): typeof import('./graphql').DeleteWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestWebhook($kind: WebhookEventKind!, $endpointId: ID) {\n    sendTestWebhook(kind: $kind, endpointId: $endpointId) {\n      eventId\n      event\n      endpointId\n      delivered\n      status\n      error\n    }\n  }\n"): typeof import('./graphql').SendTestWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhookEvent($eventId: ID!, $endpointId: ID) {\n    redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      endpointIds\n    }\n  }\n"): typeof import('./graphql').RedeliverWebhookEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {\n    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      retentionDays\n      items {\n        id\n        at\n        surface\n        actor\n        clientId\n        userEmail\n        method\n        path\n        resourceType\n        operation\n        action\n        status\n        missingScope\n        requestId\n      }\n    }\n  }\n"): typeof import('./graphql').AuditLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditFilterOptions {\n    apiClients {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').AuditFilterOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleUsers {\n    consoleUsers {\n      id\n      email\n      role\n      createdAt\n      lastSignInAt\n    }\n  }\n"): typeof import('./graphql').ConsoleUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateConsoleUser($email: String!, $role: ConsoleRole!) {\n    createConsoleUser(email: $email, role: $role) {\n      password\n      user {\n        id\n        email\n        role\n      }\n    }\n  }\n"): typeof import('./graphql').CreateConsoleUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetConsoleUserRole($id: ID!, $role: ConsoleRole!) {\n    setConsoleUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n"): typeof import('./graphql').SetConsoleUserRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetConsoleUserPassword($id: ID!) {\n    resetConsoleUserPassword(id: $id) {\n      password\n      user {\n        id\n        email\n      }\n    }\n  }\n"): typeof import('./graphql').ResetConsoleUserPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveConsoleUser($id: ID!) {\n    removeConsoleUser(id: $id)\n  }\n"): typeof import('./graphql').RemoveConsoleUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Customers($search: String, $page: Int, $pageSize: Int) {\n    customers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        firstName\n        lastName\n        email\n        mobile\n        archived\n      }\n    }\n  }\n"): typeof import('./graphql').CustomersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      id\n      firstName\n      lastName\n      email\n      mobile\n      archived\n      createdAt\n      transactions(pageSize: 20) {\n        total\n        nodes {\n          id\n          purchaseDate\n          bookings {\n            id\n            spaces\n            isCancelled\n            event {\n              name\n            }\n            eventDate {\n              datetime\n            }\n          }\n        }\n      }\n      passPurchases(pageSize: 20) {\n        total\n        nodes {\n          id\n          creditsAllocated\n          creditsConsumed\n          creditsRemaining\n          starts\n          expires\n          status\n          pass {\n            name\n          }\n        }\n      }\n      appointments(pageSize: 20) {\n        total\n        nodes {\n          id\n          datetime\n          status\n          durationMinutes\n          optionName\n          service {\n            name\n          }\n          facilitator {\n            name\n          }\n        }\n      }\n      notes(pageSize: 20) {\n        total\n        nodes {\n          id\n          body\n          author\n          createdAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').CustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CalendarSetup {\n    facilitators {\n      id\n      name\n      timezone\n    }\n    services {\n      id\n      name\n      active\n      options {\n        name\n        durationMinutes\n        base100Price\n        credits\n        active\n      }\n    }\n  }\n"): typeof import('./graphql').CalendarSetupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Availability($facilitatorId: ID!, $serviceId: ID, $startDate: Date!, $endDate: Date!) {\n    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, startDate: $startDate, endDate: $endDate) {\n      dates {\n        date\n        windows {\n          startTime\n          endTime\n          slots {\n            start\n            end\n            available\n          }\n        }\n      }\n    }\n    appointments(facilitatorId: $facilitatorId, startDate: $startDate, endDate: $endDate, pageSize: 100) {\n      nodes {\n        id\n        datetime\n        status\n        durationMinutes\n        optionName\n        customer {\n          id\n          firstName\n          lastName\n        }\n        service {\n          id\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').AvailabilityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CustomerPicker($search: String) {\n    customers(search: $search, pageSize: 8) {\n      nodes {\n        id\n        firstName\n        lastName\n        email\n      }\n    }\n  }\n"): typeof import('./graphql').CustomerPickerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BookAppointment($input: BookAppointmentInput!) {\n    bookAppointment(input: $input) {\n      id\n      datetime\n      status\n    }\n  }\n"): typeof import('./graphql').BookAppointmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelAppointment($id: ID!) {\n    cancelAppointment(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CancelAppointmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!) {\n    rescheduleAppointment(id: $id, datetime: $datetime) {\n      id\n      datetime\n      status\n    }\n  }\n"): typeof import('./graphql').RescheduleAppointmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Events($page: Int, $from: Date) {\n    events(page: $page, pageSize: 20) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        name\n        kind\n        timezone\n        pricingOptions {\n          id\n          name\n          base100Price\n          credits\n          currency\n        }\n        dates(from: $from) {\n          id\n          datetime\n          duration\n          capacity\n          spacesBooked\n          spacesLeft\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').EventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventRegister($eventId: ID!, $dateId: ID!) {\n    event(id: $eventId) {\n      id\n      name\n      date(id: $dateId) {\n        id\n        datetime\n        capacity\n        spacesBooked\n        spacesLeft\n        register(pageSize: 100) {\n          total\n          nodes {\n            id\n            spaces\n            isCancelled\n            purchasedBy {\n              id\n              firstName\n              lastName\n              email\n            }\n            boughtFor {\n              firstName\n              lastName\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').EventRegisterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BookEvent($input: BookEventInput!) {\n    bookEvent(input: $input) {\n      id\n      bookings {\n        id\n        spaces\n      }\n    }\n  }\n"): typeof import('./graphql').BookEventDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
