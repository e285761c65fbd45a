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
      companyTimezone
      companyCurrency
      now
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
      companyTimezone
      companyCurrency
      now
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

export const V1KeysQuery = graphql(`
  query V1Keys {
    v1Keys {
      apiKey
      name
      createdAt
      lastUsedAt
      revoked
    }
  }
`);

export const CreateV1KeyMutation = graphql(`
  mutation CreateV1Key($name: String) {
    createV1Key(name: $name) {
      apiSecret
      key {
        apiKey
        name
      }
    }
  }
`);

export const RotateV1KeyMutation = graphql(`
  mutation RotateV1Key($apiKey: ID!) {
    rotateV1Key(apiKey: $apiKey) {
      apiSecret
      previousSecretValidUntil
    }
  }
`);

export const RevokeV1KeyMutation = graphql(`
  mutation RevokeV1Key($apiKey: ID!) {
    revokeV1Key(apiKey: $apiKey) {
      apiKey
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
        clientName
        userId
        userEmail
        method
        path
        resourceType
        operation
        action
        status
        errorCode
        targets
        missingScope
        requestId
      }
    }
  }
`);

export const CreateCustomerMutation = graphql(`
  mutation CreateCustomer($input: CreateCustomerInput!) {
    createCustomer(input: $input) {
      id
      firstName
      lastName
      email
    }
  }
`);

export const AuditFilterOptionsQuery = graphql(`
  query AuditFilterOptions {
    auditActors {
      id
      kind
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
      amountOwed {
        currency
        base100Amount
        appointments {
          id
          datetime
          service {
            id
            name
          }
          facilitator {
            id
            name
          }
          payment {
            ...PaymentDetails
          }
        }
        charges {
          id
          periodStart
          periodEnd
          base100Amount
          currency
          status
          mandate {
            id
            plan {
              id
              name
            }
          }
        }
      }
      transactions(pageSize: 30) {
        total
        nodes {
          id
          purchaseDate
          bookings {
            id
            spaces
            isCancelled
            isRefunded
            attended
            event {
              id
              name
            }
            eventDate {
              id
              datetime
              startsAt
            }
            boughtFor {
              id
              firstName
              lastName
            }
            payment {
              ... on CardPayment {
                method
                base100NetPrice
                currency
              }
              ... on PassPayment {
                method
                creditsUsed
              }
            }
          }
        }
      }
      passPurchases(pageSize: 30) {
        total
        nodes {
          id
          creditsAllocated
          creditsRemaining
          starts
          expires
          status
          pass {
            id
            name
          }
        }
      }
      videoPurchases(pageSize: 30) {
        total
        nodes {
          id
          createdAt
          expiresOn
          isExpired
          isCancelled
          isRefunded
          media {
            id
            name
          }
          payment {
            ... on CardPayment {
              method
              base100NetPrice
              currency
            }
            ... on PassPayment {
              method
              creditsUsed
            }
          }
        }
      }
      mandates(pageSize: 20) {
        total
        nodes {
          id
          state
          createdAt
          renewalDate
          earliestCancellationDate
          endsOn
          pausedAt
          plan {
            id
            name
            base100Price
            currency
            interval
          }
          charges(pageSize: 3) {
            total
            nodes {
              id
              periodStart
              periodEnd
              base100Amount
              currency
              status
              settlementMethod
            }
          }
        }
      }
      appointments(pageSize: 30) {
        total
        nodes {
          ...AppointmentDetails
        }
      }
      notes(pageSize: 50) {
        total
        nodes {
          id
          body
          author
          createdAt
          appointment {
            id
            datetime
            service {
              name
            }
          }
        }
      }
    }
  }
`);

/** How an appointment is paid, as the desk shows it and marks it (Payments.tsx). */
export const PaymentDetailsFragment = graphql(`
  fragment PaymentDetails on Payment {
    ... on CardPayment {
      method
      base100NetPrice
      currency
      status
      settlementMethod
    }
    ... on PassPayment {
      method
      creditsUsed
      status
    }
  }
`);

export const AppointmentDetailsFragment = graphql(`
  fragment AppointmentDetails on Appointment {
    id
    datetime
    startsAt
    tz
    status
    durationMinutes
    optionName
    notes
    customer {
      id
      firstName
      lastName
    }
    service {
      id
      name
    }
    facilitator {
      id
      name
    }
    payment {
      ...PaymentDetails
    }
  }
`);

export const UpdateCustomerMutation = graphql(`
  mutation UpdateCustomer($id: ID!, $input: UpdateCustomerInput!) {
    updateCustomer(id: $id, input: $input) {
      id
      firstName
      lastName
      email
      mobile
      archived
    }
  }
`);

export const AddNoteMutation = graphql(`
  mutation AddNote($customerId: ID!, $body: String!) {
    addNote(customerId: $customerId, body: $body) {
      id
    }
  }
`);

export const DeleteNoteMutation = graphql(`
  mutation DeleteNote($id: ID!) {
    deleteNote(id: $id)
  }
`);

export const SaleOptionsQuery = graphql(`
  query SaleOptions {
    passes(pageSize: 100) {
      nodes {
        id
        name
        credits
        validityDays
        base100Price
        currency
        active
      }
    }
    videos(pageSize: 100) {
      nodes {
        id
        name
        base100Price
        credits
        accessDays
        active
      }
    }
    subscriptionPlans(pageSize: 100) {
      nodes {
        id
        name
        base100Price
        currency
        interval
        active
        minimumTermPeriods
      }
    }
  }
`);

export const PurchasePassMutation = graphql(`
  mutation PurchasePass($input: PurchasePassInput!) {
    purchasePass(input: $input) {
      id
      creditsRemaining
      expires
      pass {
        name
      }
    }
  }
`);

export const PurchaseVideoMutation = graphql(`
  mutation PurchaseVideo($input: PurchaseVideoInput!) {
    purchaseVideo(input: $input) {
      id
      expiresOn
      media {
        name
      }
    }
  }
`);

export const CancelVideoPurchaseMutation = graphql(`
  mutation CancelVideoPurchase($id: ID!, $refund: Boolean) {
    cancelVideoPurchase(id: $id, refund: $refund) {
      id
      isCancelled
      isRefunded
    }
  }
`);

export const StartSubscriptionMutation = graphql(`
  mutation StartSubscription($input: StartSubscriptionInput!) {
    startSubscription(input: $input) {
      id
      state
      renewalDate
      plan {
        name
      }
    }
  }
`);

export const PauseSubscriptionMutation = graphql(`
  mutation PauseSubscription($id: ID!) {
    pauseSubscription(id: $id) {
      id
      state
    }
  }
`);

export const ResumeSubscriptionMutation = graphql(`
  mutation ResumeSubscription($id: ID!) {
    resumeSubscription(id: $id) {
      id
      state
    }
  }
`);

export const CancelSubscriptionMutation = graphql(`
  mutation CancelSubscription($id: ID!) {
    cancelSubscription(id: $id) {
      id
      state
      endsOn
    }
  }
`);

export const CancelBookingMutation = graphql(`
  mutation CancelBooking($id: ID!, $refund: Boolean) {
    cancelBooking(id: $id, refund: $refund) {
      id
      isCancelled
      isRefunded
    }
  }
`);

export const SetBookingAttendanceMutation = graphql(`
  mutation SetBookingAttendance($id: ID!, $attended: Boolean) {
    setBookingAttendance(id: $id, attended: $attended) {
      id
      attended
    }
  }
`);

export const TodayQuery = graphql(`
  query Today($date: Date!) {
    appointments(startDate: $date, endDate: $date, pageSize: 100) {
      total
      nodes {
        ...AppointmentDetails
      }
    }
    eventDates(startDate: $date, endDate: $date, pageSize: 100) {
      total
      nodes {
        id
        datetime
        startsAt
        tz
        duration
        capacity
        spacesBooked
        cancelled
        event {
          id
          name
        }
      }
    }
  }
`);

export const SetAppointmentStatusMutation = graphql(`
  mutation SetAppointmentStatus($id: ID!, $status: AppointmentStatus!) {
    setAppointmentStatus(id: $id, status: $status) {
      id
      status
    }
  }
`);

export const SetAppointmentPaymentStatusMutation = graphql(`
  mutation SetAppointmentPaymentStatus($id: ID!, $status: PaymentStatus!, $method: SettlementMethod) {
    setAppointmentPaymentStatus(id: $id, status: $status, method: $method) {
      id
      payment {
        ...PaymentDetails
      }
    }
  }
`);

export const SetSubscriptionChargeStatusMutation = graphql(`
  mutation SetSubscriptionChargeStatus($id: ID!, $status: PaymentStatus!, $method: SettlementMethod) {
    setSubscriptionChargeStatus(id: $id, status: $status, method: $method) {
      id
      status
      settlementMethod
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
      bufferMinutes
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
  query Availability($facilitatorId: ID!, $serviceId: ID, $date: Date!) {
    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, date: $date) {
      facilitatorId
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
    appointments(facilitatorId: $facilitatorId, startDate: $date, endDate: $date, pageSize: 100) {
      nodes {
        ...AppointmentDetails
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
  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!, $facilitatorId: ID) {
    rescheduleAppointment(id: $id, datetime: $datetime, facilitatorId: $facilitatorId) {
      id
      datetime
      status
      facilitator {
        name
      }
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
        dates(from: $from) {
          id
          datetime
          duration
          capacity
          spacesBooked
          spacesLeft
          cancelled
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
      pricingOptions {
        id
        name
        base100Price
        credits
        currency
      }
      date(id: $dateId) {
        id
        datetime
        startsAt
        duration
        capacity
        spacesBooked
        spacesLeft
        cancelled
        waitlist {
          id
          position
          status
          spaces
          payWith
          skippedReason
          customer {
            id
            firstName
            lastName
          }
          booking {
            id
          }
        }
        register(pageSize: 100) {
          total
          nodes {
            id
            spaces
            isCancelled
            isRefunded
            attended
            purchasedBy {
              id
              firstName
              lastName
            }
            boughtFor {
              id
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

export const CatalogueServicesQuery = graphql(`
  query CatalogueServices {
    services {
      id
      name
      description
      bufferMinutes
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

export const CreateServiceMutation = graphql(`
  mutation CreateService($input: ServiceInput!) {
    createService(input: $input) {
      id
      name
    }
  }
`);

export const UpdateServiceMutation = graphql(`
  mutation UpdateService($id: ID!, $input: ServiceUpdate!) {
    updateService(id: $id, input: $input) {
      id
      name
    }
  }
`);

export const DeleteServiceMutation = graphql(`
  mutation DeleteService($id: ID!) {
    deleteService(id: $id) {
      id
      deleted
    }
  }
`);

export const SetServiceOptionMutation = graphql(`
  mutation SetServiceOption($serviceId: ID!, $option: ServiceOptionInput!) {
    setServiceOption(serviceId: $serviceId, option: $option) {
      id
    }
  }
`);

export const DeleteServiceOptionMutation = graphql(`
  mutation DeleteServiceOption($serviceId: ID!, $name: String!) {
    deleteServiceOption(serviceId: $serviceId, name: $name) {
      id
    }
  }
`);

export const CatalogueFacilitatorsQuery = graphql(`
  query CatalogueFacilitators($from: Date) {
    facilitators {
      id
      name
      timezone
      weeklyWindows {
        weekday
        start
        end
      }
      dateOverrides(from: $from) {
        date
        windows {
          start
          end
        }
      }
    }
  }
`);

export const CreateFacilitatorMutation = graphql(`
  mutation CreateFacilitator($input: CreateFacilitatorInput!) {
    createFacilitator(input: $input) {
      id
      name
    }
  }
`);

export const SetWeeklyWindowsMutation = graphql(`
  mutation SetWeeklyWindows($facilitatorId: ID!, $windows: [WeeklyWindowInput!]!) {
    setWeeklyWindows(facilitatorId: $facilitatorId, windows: $windows) {
      id
    }
  }
`);

export const SetDateOverrideMutation = graphql(`
  mutation SetDateOverride($facilitatorId: ID!, $date: Date!, $windows: [TimeWindowInput!]) {
    setDateOverride(facilitatorId: $facilitatorId, date: $date, windows: $windows) {
      id
    }
  }
`);

export const CataloguePassesQuery = graphql(`
  query CataloguePasses {
    passes(pageSize: 100) {
      total
      nodes {
        id
        name
        description
        credits
        validityDays
        base100Price
        currency
        active
      }
    }
  }
`);

export const CreatePassMutation = graphql(`
  mutation CreatePass($input: CreatePassInput!) {
    createPass(input: $input) {
      id
      name
    }
  }
`);

export const UpdatePassMutation = graphql(`
  mutation UpdatePass($id: ID!, $input: PassUpdate!) {
    updatePass(id: $id, input: $input) {
      id
      name
    }
  }
`);

export const CatalogueVideosQuery = graphql(`
  query CatalogueVideos {
    videos(pageSize: 100) {
      total
      nodes {
        id
        name
        description
        base100Price
        credits
        accessDays
        active
      }
    }
  }
`);

export const CreateVideoMutation = graphql(`
  mutation CreateVideo($input: CreateVideoInput!) {
    createVideo(input: $input) {
      id
      name
    }
  }
`);

export const UpdateVideoMutation = graphql(`
  mutation UpdateVideo($id: ID!, $input: MediaUpdate!) {
    updateVideo(id: $id, input: $input) {
      id
      name
    }
  }
`);

export const CataloguePlansQuery = graphql(`
  query CataloguePlans {
    subscriptionPlans(pageSize: 100) {
      total
      nodes {
        id
        name
        description
        base100Price
        currency
        interval
        active
        graceDays
        minimumTermPeriods
      }
    }
  }
`);

export const CreateSubscriptionPlanMutation = graphql(`
  mutation CreateSubscriptionPlan($input: CreateSubscriptionPlanInput!) {
    createSubscriptionPlan(input: $input) {
      id
      name
    }
  }
`);

export const UpdateSubscriptionPlanMutation = graphql(`
  mutation UpdateSubscriptionPlan($id: ID!, $input: SubscriptionPlanUpdate!) {
    updateSubscriptionPlan(id: $id, input: $input) {
      id
      name
    }
  }
`);

export const CatalogueVouchersQuery = graphql(`
  query CatalogueVouchers {
    vouchers(pageSize: 100) {
      total
      nodes {
        id
        code
        description
        percentOff
        base100AmountOff
        validFrom
        validUntil
        maxRedemptions
        redemptions
        active
      }
    }
  }
`);

export const CreateVoucherMutation = graphql(`
  mutation CreateVoucher($input: CreateVoucherInput!) {
    createVoucher(input: $input) {
      id
      code
    }
  }
`);

export const UpdateVoucherMutation = graphql(`
  mutation UpdateVoucher($id: ID!, $input: VoucherUpdate!) {
    updateVoucher(id: $id, input: $input) {
      id
      code
    }
  }
`);

export const ScheduleQuery = graphql(`
  query Schedule($from: Date!, $to: Date!) {
    eventDates(startDate: $from, endDate: $to, pageSize: 100) {
      total
      nodes {
        id
        datetime
        startsAt
        tz
        duration
        capacity
        spacesBooked
        cancelled
        event {
          id
          name
          kind
        }
      }
    }
  }
`);

export const ClassesQuery = graphql(`
  query Classes {
    events(pageSize: 100) {
      total
      nodes {
        id
        name
        kind
      }
    }
  }
`);

export const CreateClassMutation = graphql(`
  mutation CreateClass($input: CreateEventInput!) {
    createEvent(input: $input) {
      id
      name
    }
  }
`);

export const AddRecurringDatesMutation = graphql(`
  mutation AddRecurringDates($eventId: ID!, $rule: RecurrenceInput!) {
    addRecurringDates(eventId: $eventId, rule: $rule) {
      id
      datetime
    }
  }
`);

export const UpdateEventDateMutation = graphql(`
  mutation UpdateEventDate($id: ID!, $input: UpdateEventDateInput!) {
    updateEventDate(id: $id, input: $input) {
      id
      capacity
      duration
      spacesBooked
    }
  }
`);

export const CancelEventDateMutation = graphql(`
  mutation CancelEventDate($id: ID!, $refund: Boolean) {
    cancelEventDate(id: $id, refund: $refund) {
      id
      cancelled
      spacesBooked
    }
  }
`);

export const JoinWaitlistMutation = graphql(`
  mutation JoinWaitlist($input: JoinWaitlistInput!) {
    joinWaitlist(input: $input) {
      id
      position
    }
  }
`);

export const LeaveWaitlistMutation = graphql(`
  mutation LeaveWaitlist($id: ID!) {
    leaveWaitlist(id: $id) {
      id
      status
    }
  }
`);

export const ReportFiguresFragment = graphql(`
  fragment ReportFiguresFields on ReportFigures {
    revenue {
      currency
      base100Amount
    }
    eventBookings
    attended
    noShows
    spacesBooked
    spacesOffered
    appointments
    appointmentsCompleted
    appointmentsNoShow
    newCustomers
  }
`);

export const ReportQuery = graphql(`
  query Report($from: Date!, $to: Date!, $by: ReportInterval) {
    report(from: $from, to: $to, by: $by) {
      periods {
        start
        end
        figures {
          ...ReportFiguresFields
        }
      }
      totals {
        ...ReportFiguresFields
      }
      csv
    }
  }
`);

export const ChangesSubscription = graphql(`
  subscription Changes($types: [String!]) {
    changes(types: $types) {
      type
      id
      action
      related
    }
  }
`);
