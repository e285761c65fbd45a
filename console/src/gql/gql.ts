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
    "\n  query Me {\n    me { id email role companyName scopes csrfToken }\n  }\n": typeof types.MeDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) { id email role companyName scopes csrfToken }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignOut { signOut }\n": typeof types.SignOutDocument,
    "\n  query ApiClients {\n    apiClients { id name description scopes createdAt expiresAt lastUsedAt revoked previousSecretValidUntil }\n    scopeCatalogue { name group description }\n  }\n": typeof types.ApiClientsDocument,
    "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) { secret client { id name } }\n  }\n": typeof types.CreateApiClientDocument,
    "\n  mutation SetApiClientScopes($id: ID!, $scopes: [String!]!) {\n    setApiClientScopes(id: $id, scopes: $scopes) { id scopes }\n  }\n": typeof types.SetApiClientScopesDocument,
    "\n  mutation RotateApiClientSecret($id: ID!) {\n    rotateApiClientSecret(id: $id) { secret client { id name previousSecretValidUntil } }\n  }\n": typeof types.RotateApiClientSecretDocument,
    "\n  mutation RevokeApiClient($id: ID!) {\n    revokeApiClient(id: $id) { id revoked }\n  }\n": typeof types.RevokeApiClientDocument,
    "\n  query Webhooks($limit: Int) {\n    webhookEndpoints { id url events enabled previousSecretExpiresAt createdAt }\n    webhookDeliveries(limit: $limit) { eventId event test endpointId url attempt status error durationMs at }\n  }\n": typeof types.WebhooksDocument,
    "\n  mutation SetWebhookEndpoint($input: SetWebhookEndpointInput!) {\n    setWebhookEndpoint(input: $input) { signingSecret endpoint { id url events enabled } }\n  }\n": typeof types.SetWebhookEndpointDocument,
    "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) { id enabled }\n  }\n": typeof types.SetWebhookEndpointEnabledDocument,
    "\n  mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {\n    rotateWebhookSecret(id: $id, overlapHours: $overlapHours) { signingSecret endpoint { id previousSecretExpiresAt } }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  mutation RevealWebhookSecret($id: ID!) {\n    revealWebhookSecret(id: $id)\n  }\n": typeof types.RevealWebhookSecretDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($kind: WebhookEventKind!, $endpointId: ID) {\n    sendTestWebhook(kind: $kind, endpointId: $endpointId) { eventId event endpointId delivered status error }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  mutation RedeliverWebhookEvent($eventId: ID!, $endpointId: ID) {\n    redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) { eventId endpointIds }\n  }\n": typeof types.RedeliverWebhookEventDocument,
    "\n  query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {\n    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {\n      total page pageSize retentionDays\n      items { id at surface actor clientId userEmail method path resourceType operation action status missingScope requestId }\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  query AuditFilterOptions {\n    apiClients { id name }\n  }\n": typeof types.AuditFilterOptionsDocument,
    "\n  query ConsoleUsers {\n    consoleUsers { id email role createdAt lastSignInAt }\n  }\n": typeof types.ConsoleUsersDocument,
    "\n  mutation CreateConsoleUser($email: String!, $role: ConsoleRole!) {\n    createConsoleUser(email: $email, role: $role) { password user { id email role } }\n  }\n": typeof types.CreateConsoleUserDocument,
    "\n  mutation SetConsoleUserRole($id: ID!, $role: ConsoleRole!) {\n    setConsoleUserRole(id: $id, role: $role) { id role }\n  }\n": typeof types.SetConsoleUserRoleDocument,
    "\n  mutation ResetConsoleUserPassword($id: ID!) {\n    resetConsoleUserPassword(id: $id) { password user { id email } }\n  }\n": typeof types.ResetConsoleUserPasswordDocument,
    "\n  mutation RemoveConsoleUser($id: ID!) {\n    removeConsoleUser(id: $id)\n  }\n": typeof types.RemoveConsoleUserDocument,
    "\n  query Customers($search: String, $page: Int, $pageSize: Int) {\n    customers(search: $search, page: $page, pageSize: $pageSize) {\n      total page pageSize\n      nodes { id firstName lastName email mobile archived }\n    }\n  }\n": typeof types.CustomersDocument,
    "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      id firstName lastName email mobile archived createdAt\n      transactions(pageSize: 20) {\n        total\n        nodes {\n          id purchaseDate\n          bookings { id spaces isCancelled event { name } eventDate { datetime } }\n        }\n      }\n      passPurchases(pageSize: 20) {\n        total\n        nodes { id creditsAllocated creditsConsumed creditsRemaining starts expires status pass { name } }\n      }\n      appointments(pageSize: 20) {\n        total\n        nodes { id datetime status durationMinutes optionName service { name } facilitator { name } }\n      }\n      notes(pageSize: 20) {\n        total\n        nodes { id body author createdAt }\n      }\n    }\n  }\n": typeof types.CustomerDocument,
    "\n  query CalendarSetup {\n    facilitators { id name timezone }\n    services { id name active options { name durationMinutes base100Price credits active } }\n  }\n": typeof types.CalendarSetupDocument,
    "\n  query Availability($facilitatorId: ID!, $serviceId: ID, $startDate: Date!, $endDate: Date!) {\n    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, startDate: $startDate, endDate: $endDate) {\n      dates { date windows { startTime endTime slots { start end available } } }\n    }\n    appointments(facilitatorId: $facilitatorId, startDate: $startDate, endDate: $endDate, pageSize: 100) {\n      nodes {\n        id datetime status durationMinutes optionName\n        customer { id firstName lastName }\n        service { id name }\n      }\n    }\n  }\n": typeof types.AvailabilityDocument,
    "\n  query CustomerPicker($search: String) {\n    customers(search: $search, pageSize: 8) { nodes { id firstName lastName email } }\n  }\n": typeof types.CustomerPickerDocument,
    "\n  mutation BookAppointment($input: BookAppointmentInput!) {\n    bookAppointment(input: $input) { id datetime status }\n  }\n": typeof types.BookAppointmentDocument,
    "\n  mutation CancelAppointment($id: ID!) {\n    cancelAppointment(id: $id) { id status }\n  }\n": typeof types.CancelAppointmentDocument,
    "\n  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!) {\n    rescheduleAppointment(id: $id, datetime: $datetime) { id datetime status }\n  }\n": typeof types.RescheduleAppointmentDocument,
    "\n  query Events($page: Int, $from: Date) {\n    events(page: $page, pageSize: 20) {\n      total page pageSize\n      nodes {\n        id name kind timezone\n        pricingOptions { id name base100Price credits currency }\n        dates(from: $from) { id datetime duration capacity spacesBooked spacesLeft }\n      }\n    }\n  }\n": typeof types.EventsDocument,
    "\n  query EventRegister($eventId: ID!, $dateId: ID!) {\n    event(id: $eventId) {\n      id name\n      date(id: $dateId) {\n        id datetime capacity spacesBooked spacesLeft\n        register(pageSize: 100) {\n          total\n          nodes { id spaces isCancelled purchasedBy { id firstName lastName email } boughtFor { firstName lastName } }\n        }\n      }\n    }\n  }\n": typeof types.EventRegisterDocument,
    "\n  mutation BookEvent($input: BookEventInput!) {\n    bookEvent(input: $input) { id bookings { id spaces } }\n  }\n": typeof types.BookEventDocument,
};
const documents: Documents = {
    "\n  query Me {\n    me { id email role companyName scopes csrfToken }\n  }\n": types.MeDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) { id email role companyName scopes csrfToken }\n  }\n": types.SignInDocument,
    "\n  mutation SignOut { signOut }\n": types.SignOutDocument,
    "\n  query ApiClients {\n    apiClients { id name description scopes createdAt expiresAt lastUsedAt revoked previousSecretValidUntil }\n    scopeCatalogue { name group description }\n  }\n": types.ApiClientsDocument,
    "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) { secret client { id name } }\n  }\n": types.CreateApiClientDocument,
    "\n  mutation SetApiClientScopes($id: ID!, $scopes: [String!]!) {\n    setApiClientScopes(id: $id, scopes: $scopes) { id scopes }\n  }\n": types.SetApiClientScopesDocument,
    "\n  mutation RotateApiClientSecret($id: ID!) {\n    rotateApiClientSecret(id: $id) { secret client { id name previousSecretValidUntil } }\n  }\n": types.RotateApiClientSecretDocument,
    "\n  mutation RevokeApiClient($id: ID!) {\n    revokeApiClient(id: $id) { id revoked }\n  }\n": types.RevokeApiClientDocument,
    "\n  query Webhooks($limit: Int) {\n    webhookEndpoints { id url events enabled previousSecretExpiresAt createdAt }\n    webhookDeliveries(limit: $limit) { eventId event test endpointId url attempt status error durationMs at }\n  }\n": types.WebhooksDocument,
    "\n  mutation SetWebhookEndpoint($input: SetWebhookEndpointInput!) {\n    setWebhookEndpoint(input: $input) { signingSecret endpoint { id url events enabled } }\n  }\n": types.SetWebhookEndpointDocument,
    "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) { id enabled }\n  }\n": types.SetWebhookEndpointEnabledDocument,
    "\n  mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {\n    rotateWebhookSecret(id: $id, overlapHours: $overlapHours) { signingSecret endpoint { id previousSecretExpiresAt } }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  mutation RevealWebhookSecret($id: ID!) {\n    revealWebhookSecret(id: $id)\n  }\n": types.RevealWebhookSecretDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($kind: WebhookEventKind!, $endpointId: ID) {\n    sendTestWebhook(kind: $kind, endpointId: $endpointId) { eventId event endpointId delivered status error }\n  }\n": types.SendTestWebhookDocument,
    "\n  mutation RedeliverWebhookEvent($eventId: ID!, $endpointId: ID) {\n    redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) { eventId endpointIds }\n  }\n": types.RedeliverWebhookEventDocument,
    "\n  query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {\n    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {\n      total page pageSize retentionDays\n      items { id at surface actor clientId userEmail method path resourceType operation action status missingScope requestId }\n    }\n  }\n": types.AuditLogDocument,
    "\n  query AuditFilterOptions {\n    apiClients { id name }\n  }\n": types.AuditFilterOptionsDocument,
    "\n  query ConsoleUsers {\n    consoleUsers { id email role createdAt lastSignInAt }\n  }\n": types.ConsoleUsersDocument,
    "\n  mutation CreateConsoleUser($email: String!, $role: ConsoleRole!) {\n    createConsoleUser(email: $email, role: $role) { password user { id email role } }\n  }\n": types.CreateConsoleUserDocument,
    "\n  mutation SetConsoleUserRole($id: ID!, $role: ConsoleRole!) {\n    setConsoleUserRole(id: $id, role: $role) { id role }\n  }\n": types.SetConsoleUserRoleDocument,
    "\n  mutation ResetConsoleUserPassword($id: ID!) {\n    resetConsoleUserPassword(id: $id) { password user { id email } }\n  }\n": types.ResetConsoleUserPasswordDocument,
    "\n  mutation RemoveConsoleUser($id: ID!) {\n    removeConsoleUser(id: $id)\n  }\n": types.RemoveConsoleUserDocument,
    "\n  query Customers($search: String, $page: Int, $pageSize: Int) {\n    customers(search: $search, page: $page, pageSize: $pageSize) {\n      total page pageSize\n      nodes { id firstName lastName email mobile archived }\n    }\n  }\n": types.CustomersDocument,
    "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      id firstName lastName email mobile archived createdAt\n      transactions(pageSize: 20) {\n        total\n        nodes {\n          id purchaseDate\n          bookings { id spaces isCancelled event { name } eventDate { datetime } }\n        }\n      }\n      passPurchases(pageSize: 20) {\n        total\n        nodes { id creditsAllocated creditsConsumed creditsRemaining starts expires status pass { name } }\n      }\n      appointments(pageSize: 20) {\n        total\n        nodes { id datetime status durationMinutes optionName service { name } facilitator { name } }\n      }\n      notes(pageSize: 20) {\n        total\n        nodes { id body author createdAt }\n      }\n    }\n  }\n": types.CustomerDocument,
    "\n  query CalendarSetup {\n    facilitators { id name timezone }\n    services { id name active options { name durationMinutes base100Price credits active } }\n  }\n": types.CalendarSetupDocument,
    "\n  query Availability($facilitatorId: ID!, $serviceId: ID, $startDate: Date!, $endDate: Date!) {\n    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, startDate: $startDate, endDate: $endDate) {\n      dates { date windows { startTime endTime slots { start end available } } }\n    }\n    appointments(facilitatorId: $facilitatorId, startDate: $startDate, endDate: $endDate, pageSize: 100) {\n      nodes {\n        id datetime status durationMinutes optionName\n        customer { id firstName lastName }\n        service { id name }\n      }\n    }\n  }\n": types.AvailabilityDocument,
    "\n  query CustomerPicker($search: String) {\n    customers(search: $search, pageSize: 8) { nodes { id firstName lastName email } }\n  }\n": types.CustomerPickerDocument,
    "\n  mutation BookAppointment($input: BookAppointmentInput!) {\n    bookAppointment(input: $input) { id datetime status }\n  }\n": types.BookAppointmentDocument,
    "\n  mutation CancelAppointment($id: ID!) {\n    cancelAppointment(id: $id) { id status }\n  }\n": types.CancelAppointmentDocument,
    "\n  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!) {\n    rescheduleAppointment(id: $id, datetime: $datetime) { id datetime status }\n  }\n": types.RescheduleAppointmentDocument,
    "\n  query Events($page: Int, $from: Date) {\n    events(page: $page, pageSize: 20) {\n      total page pageSize\n      nodes {\n        id name kind timezone\n        pricingOptions { id name base100Price credits currency }\n        dates(from: $from) { id datetime duration capacity spacesBooked spacesLeft }\n      }\n    }\n  }\n": types.EventsDocument,
    "\n  query EventRegister($eventId: ID!, $dateId: ID!) {\n    event(id: $eventId) {\n      id name\n      date(id: $dateId) {\n        id datetime capacity spacesBooked spacesLeft\n        register(pageSize: 100) {\n          total\n          nodes { id spaces isCancelled purchasedBy { id firstName lastName email } boughtFor { firstName lastName } }\n        }\n      }\n    }\n  }\n": types.EventRegisterDocument,
    "\n  mutation BookEvent($input: BookEventInput!) {\n    bookEvent(input: $input) { id bookings { id spaces } }\n  }\n": types.BookEventDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me { id email role companyName scopes csrfToken }\n  }\n"): typeof import('./graphql').MeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) { id email role companyName scopes csrfToken }\n  }\n"): typeof import('./graphql').SignInDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut { signOut }\n"): typeof import('./graphql').SignOutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiClients {\n    apiClients { id name description scopes createdAt expiresAt lastUsedAt revoked previousSecretValidUntil }\n    scopeCatalogue { name group description }\n  }\n"): typeof import('./graphql').ApiClientsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) { secret client { id name } }\n  }\n"): typeof import('./graphql').CreateApiClientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetApiClientScopes($id: ID!, $scopes: [String!]!) {\n    setApiClientScopes(id: $id, scopes: $scopes) { id scopes }\n  }\n"): typeof import('./graphql').SetApiClientScopesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateApiClientSecret($id: ID!) {\n    rotateApiClientSecret(id: $id) { secret client { id name previousSecretValidUntil } }\n  }\n"): typeof import('./graphql').RotateApiClientSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiClient($id: ID!) {\n    revokeApiClient(id: $id) { id revoked }\n  }\n"): typeof import('./graphql').RevokeApiClientDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Webhooks($limit: Int) {\n    webhookEndpoints { id url events enabled previousSecretExpiresAt createdAt }\n    webhookDeliveries(limit: $limit) { eventId event test endpointId url attempt status error durationMs at }\n  }\n"): typeof import('./graphql').WebhooksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetWebhookEndpoint($input: SetWebhookEndpointInput!) {\n    setWebhookEndpoint(input: $input) { signingSecret endpoint { id url events enabled } }\n  }\n"): typeof import('./graphql').SetWebhookEndpointDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) { id enabled }\n  }\n"): typeof import('./graphql').SetWebhookEndpointEnabledDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {\n    rotateWebhookSecret(id: $id, overlapHours: $overlapHours) { signingSecret endpoint { id previousSecretExpiresAt } }\n  }\n"): typeof import('./graphql').RotateWebhookSecretDocument;
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
export function graphql(source: "\n  mutation SendTestWebhook($kind: WebhookEventKind!, $endpointId: ID) {\n    sendTestWebhook(kind: $kind, endpointId: $endpointId) { eventId event endpointId delivered status error }\n  }\n"): typeof import('./graphql').SendTestWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverWebhookEvent($eventId: ID!, $endpointId: ID) {\n    redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) { eventId endpointIds }\n  }\n"): typeof import('./graphql').RedeliverWebhookEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {\n    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {\n      total page pageSize retentionDays\n      items { id at surface actor clientId userEmail method path resourceType operation action status missingScope requestId }\n    }\n  }\n"): typeof import('./graphql').AuditLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditFilterOptions {\n    apiClients { id name }\n  }\n"): typeof import('./graphql').AuditFilterOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleUsers {\n    consoleUsers { id email role createdAt lastSignInAt }\n  }\n"): typeof import('./graphql').ConsoleUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateConsoleUser($email: String!, $role: ConsoleRole!) {\n    createConsoleUser(email: $email, role: $role) { password user { id email role } }\n  }\n"): typeof import('./graphql').CreateConsoleUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetConsoleUserRole($id: ID!, $role: ConsoleRole!) {\n    setConsoleUserRole(id: $id, role: $role) { id role }\n  }\n"): typeof import('./graphql').SetConsoleUserRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetConsoleUserPassword($id: ID!) {\n    resetConsoleUserPassword(id: $id) { password user { id email } }\n  }\n"): typeof import('./graphql').ResetConsoleUserPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveConsoleUser($id: ID!) {\n    removeConsoleUser(id: $id)\n  }\n"): typeof import('./graphql').RemoveConsoleUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Customers($search: String, $page: Int, $pageSize: Int) {\n    customers(search: $search, page: $page, pageSize: $pageSize) {\n      total page pageSize\n      nodes { id firstName lastName email mobile archived }\n    }\n  }\n"): typeof import('./graphql').CustomersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      id firstName lastName email mobile archived createdAt\n      transactions(pageSize: 20) {\n        total\n        nodes {\n          id purchaseDate\n          bookings { id spaces isCancelled event { name } eventDate { datetime } }\n        }\n      }\n      passPurchases(pageSize: 20) {\n        total\n        nodes { id creditsAllocated creditsConsumed creditsRemaining starts expires status pass { name } }\n      }\n      appointments(pageSize: 20) {\n        total\n        nodes { id datetime status durationMinutes optionName service { name } facilitator { name } }\n      }\n      notes(pageSize: 20) {\n        total\n        nodes { id body author createdAt }\n      }\n    }\n  }\n"): typeof import('./graphql').CustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CalendarSetup {\n    facilitators { id name timezone }\n    services { id name active options { name durationMinutes base100Price credits active } }\n  }\n"): typeof import('./graphql').CalendarSetupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Availability($facilitatorId: ID!, $serviceId: ID, $startDate: Date!, $endDate: Date!) {\n    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, startDate: $startDate, endDate: $endDate) {\n      dates { date windows { startTime endTime slots { start end available } } }\n    }\n    appointments(facilitatorId: $facilitatorId, startDate: $startDate, endDate: $endDate, pageSize: 100) {\n      nodes {\n        id datetime status durationMinutes optionName\n        customer { id firstName lastName }\n        service { id name }\n      }\n    }\n  }\n"): typeof import('./graphql').AvailabilityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CustomerPicker($search: String) {\n    customers(search: $search, pageSize: 8) { nodes { id firstName lastName email } }\n  }\n"): typeof import('./graphql').CustomerPickerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BookAppointment($input: BookAppointmentInput!) {\n    bookAppointment(input: $input) { id datetime status }\n  }\n"): typeof import('./graphql').BookAppointmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelAppointment($id: ID!) {\n    cancelAppointment(id: $id) { id status }\n  }\n"): typeof import('./graphql').CancelAppointmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!) {\n    rescheduleAppointment(id: $id, datetime: $datetime) { id datetime status }\n  }\n"): typeof import('./graphql').RescheduleAppointmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Events($page: Int, $from: Date) {\n    events(page: $page, pageSize: 20) {\n      total page pageSize\n      nodes {\n        id name kind timezone\n        pricingOptions { id name base100Price credits currency }\n        dates(from: $from) { id datetime duration capacity spacesBooked spacesLeft }\n      }\n    }\n  }\n"): typeof import('./graphql').EventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventRegister($eventId: ID!, $dateId: ID!) {\n    event(id: $eventId) {\n      id name\n      date(id: $dateId) {\n        id datetime capacity spacesBooked spacesLeft\n        register(pageSize: 100) {\n          total\n          nodes { id spaces isCancelled purchasedBy { id firstName lastName email } boughtFor { firstName lastName } }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').EventRegisterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BookEvent($input: BookEventInput!) {\n    bookEvent(input: $input) { id bookings { id spaces } }\n  }\n"): typeof import('./graphql').BookEventDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
