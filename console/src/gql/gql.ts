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
    "\n  query Me {\n    me {\n      id\n      email\n      role\n      companyName\n      companyTimezone\n      companyCurrency\n      now\n      scopes\n      csrfToken\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      id\n      email\n      role\n      companyName\n      companyTimezone\n      companyCurrency\n      now\n      scopes\n      csrfToken\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": typeof types.SignOutDocument,
    "\n  query ApiClients {\n    apiClients {\n      id\n      name\n      description\n      scopes\n      createdAt\n      expiresAt\n      lastUsedAt\n      revoked\n      previousSecretValidUntil\n    }\n    scopeCatalogue {\n      name\n      group\n      description\n    }\n  }\n": typeof types.ApiClientsDocument,
    "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      secret\n      client {\n        id\n        name\n      }\n    }\n  }\n": typeof types.CreateApiClientDocument,
    "\n  mutation SetApiClientScopes($id: ID!, $scopes: [String!]!) {\n    setApiClientScopes(id: $id, scopes: $scopes) {\n      id\n      scopes\n    }\n  }\n": typeof types.SetApiClientScopesDocument,
    "\n  mutation RotateApiClientSecret($id: ID!) {\n    rotateApiClientSecret(id: $id) {\n      secret\n      client {\n        id\n        name\n        previousSecretValidUntil\n      }\n    }\n  }\n": typeof types.RotateApiClientSecretDocument,
    "\n  mutation RevokeApiClient($id: ID!) {\n    revokeApiClient(id: $id) {\n      id\n      revoked\n    }\n  }\n": typeof types.RevokeApiClientDocument,
    "\n  query V1Keys {\n    v1Keys {\n      apiKey\n      name\n      createdAt\n      lastUsedAt\n      revoked\n    }\n  }\n": typeof types.V1KeysDocument,
    "\n  mutation CreateV1Key($name: String) {\n    createV1Key(name: $name) {\n      apiSecret\n      key {\n        apiKey\n        name\n      }\n    }\n  }\n": typeof types.CreateV1KeyDocument,
    "\n  mutation RotateV1Key($apiKey: ID!) {\n    rotateV1Key(apiKey: $apiKey) {\n      apiSecret\n      previousSecretValidUntil\n    }\n  }\n": typeof types.RotateV1KeyDocument,
    "\n  mutation RevokeV1Key($apiKey: ID!) {\n    revokeV1Key(apiKey: $apiKey) {\n      apiKey\n      revoked\n    }\n  }\n": typeof types.RevokeV1KeyDocument,
    "\n  query Webhooks($limit: Int) {\n    webhookEndpoints {\n      id\n      url\n      events\n      enabled\n      previousSecretExpiresAt\n      createdAt\n    }\n    webhookDeliveries(limit: $limit) {\n      eventId\n      event\n      test\n      endpointId\n      url\n      attempt\n      status\n      error\n      durationMs\n      at\n    }\n  }\n": typeof types.WebhooksDocument,
    "\n  mutation SetWebhookEndpoint($input: SetWebhookEndpointInput!) {\n    setWebhookEndpoint(input: $input) {\n      signingSecret\n      endpoint {\n        id\n        url\n        events\n        enabled\n      }\n    }\n  }\n": typeof types.SetWebhookEndpointDocument,
    "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {\n      id\n      enabled\n    }\n  }\n": typeof types.SetWebhookEndpointEnabledDocument,
    "\n  mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {\n    rotateWebhookSecret(id: $id, overlapHours: $overlapHours) {\n      signingSecret\n      endpoint {\n        id\n        previousSecretExpiresAt\n      }\n    }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  mutation RevealWebhookSecret($id: ID!) {\n    revealWebhookSecret(id: $id)\n  }\n": typeof types.RevealWebhookSecretDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($kind: WebhookEventKind!, $endpointId: ID) {\n    sendTestWebhook(kind: $kind, endpointId: $endpointId) {\n      eventId\n      event\n      endpointId\n      delivered\n      status\n      error\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  mutation RedeliverWebhookEvent($eventId: ID!, $endpointId: ID) {\n    redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      endpointIds\n    }\n  }\n": typeof types.RedeliverWebhookEventDocument,
    "\n  query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {\n    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      retentionDays\n      items {\n        id\n        at\n        surface\n        actor\n        clientId\n        clientName\n        userId\n        userEmail\n        method\n        path\n        resourceType\n        operation\n        action\n        status\n        errorCode\n        targets\n        missingScope\n        requestId\n      }\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  mutation CreateCustomer($input: CreateCustomerInput!) {\n    createCustomer(input: $input) {\n      id\n      firstName\n      lastName\n      email\n    }\n  }\n": typeof types.CreateCustomerDocument,
    "\n  query AuditFilterOptions {\n    auditActors {\n      id\n      kind\n      name\n    }\n  }\n": typeof types.AuditFilterOptionsDocument,
    "\n  query ConsoleUsers {\n    consoleUsers {\n      id\n      email\n      role\n      createdAt\n      lastSignInAt\n    }\n  }\n": typeof types.ConsoleUsersDocument,
    "\n  mutation CreateConsoleUser($email: String!, $role: ConsoleRole!) {\n    createConsoleUser(email: $email, role: $role) {\n      password\n      user {\n        id\n        email\n        role\n      }\n    }\n  }\n": typeof types.CreateConsoleUserDocument,
    "\n  mutation SetConsoleUserRole($id: ID!, $role: ConsoleRole!) {\n    setConsoleUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n": typeof types.SetConsoleUserRoleDocument,
    "\n  mutation ResetConsoleUserPassword($id: ID!) {\n    resetConsoleUserPassword(id: $id) {\n      password\n      user {\n        id\n        email\n      }\n    }\n  }\n": typeof types.ResetConsoleUserPasswordDocument,
    "\n  mutation RemoveConsoleUser($id: ID!) {\n    removeConsoleUser(id: $id)\n  }\n": typeof types.RemoveConsoleUserDocument,
    "\n  query Customers($search: String, $page: Int, $pageSize: Int) {\n    customers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        firstName\n        lastName\n        email\n        mobile\n        archived\n      }\n    }\n  }\n": typeof types.CustomersDocument,
    "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      id\n      firstName\n      lastName\n      email\n      mobile\n      archived\n      createdAt\n      amountOwed {\n        currency\n        base100Amount\n        appointments {\n          id\n          datetime\n          service {\n            id\n            name\n          }\n          facilitator {\n            id\n            name\n          }\n          payment {\n            ...PaymentDetails\n          }\n        }\n        charges {\n          id\n          periodStart\n          periodEnd\n          base100Amount\n          currency\n          status\n          mandate {\n            id\n            plan {\n              id\n              name\n            }\n          }\n        }\n      }\n      transactions(pageSize: 30) {\n        total\n        nodes {\n          id\n          purchaseDate\n          bookings {\n            id\n            spaces\n            isCancelled\n            isRefunded\n            attended\n            event {\n              id\n              name\n            }\n            eventDate {\n              id\n              datetime\n              startsAt\n            }\n            boughtFor {\n              id\n              firstName\n              lastName\n            }\n            payment {\n              ... on CardPayment {\n                method\n                base100NetPrice\n                currency\n              }\n              ... on PassPayment {\n                method\n                creditsUsed\n              }\n            }\n          }\n        }\n      }\n      passPurchases(pageSize: 30) {\n        total\n        nodes {\n          id\n          creditsAllocated\n          creditsRemaining\n          starts\n          expires\n          status\n          pass {\n            id\n            name\n          }\n        }\n      }\n      videoPurchases(pageSize: 30) {\n        total\n        nodes {\n          id\n          createdAt\n          expiresOn\n          isExpired\n          isCancelled\n          isRefunded\n          media {\n            id\n            name\n          }\n          payment {\n            ... on CardPayment {\n              method\n              base100NetPrice\n              currency\n            }\n            ... on PassPayment {\n              method\n              creditsUsed\n            }\n          }\n        }\n      }\n      mandates(pageSize: 20) {\n        total\n        nodes {\n          id\n          state\n          createdAt\n          renewalDate\n          earliestCancellationDate\n          endsOn\n          pausedAt\n          plan {\n            id\n            name\n            base100Price\n            currency\n            interval\n          }\n          charges(pageSize: 3) {\n            total\n            nodes {\n              id\n              periodStart\n              periodEnd\n              base100Amount\n              currency\n              status\n              settlementMethod\n            }\n          }\n        }\n      }\n      appointments(pageSize: 30) {\n        total\n        nodes {\n          ...AppointmentDetails\n        }\n      }\n      notes(pageSize: 50) {\n        total\n        nodes {\n          id\n          body\n          author\n          createdAt\n          appointment {\n            id\n            datetime\n            service {\n              name\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.CustomerDocument,
    "\n  fragment PaymentDetails on Payment {\n    ... on CardPayment {\n      method\n      base100NetPrice\n      currency\n      status\n      settlementMethod\n    }\n    ... on PassPayment {\n      method\n      creditsUsed\n      status\n    }\n  }\n": typeof types.PaymentDetailsFragmentDoc,
    "\n  fragment AppointmentDetails on Appointment {\n    id\n    datetime\n    startsAt\n    tz\n    status\n    durationMinutes\n    optionName\n    notes\n    customer {\n      id\n      firstName\n      lastName\n    }\n    service {\n      id\n      name\n    }\n    facilitator {\n      id\n      name\n    }\n    payment {\n      ...PaymentDetails\n    }\n  }\n": typeof types.AppointmentDetailsFragmentDoc,
    "\n  mutation UpdateCustomer($id: ID!, $input: UpdateCustomerInput!) {\n    updateCustomer(id: $id, input: $input) {\n      id\n      firstName\n      lastName\n      email\n      mobile\n      archived\n    }\n  }\n": typeof types.UpdateCustomerDocument,
    "\n  mutation AddNote($customerId: ID!, $body: String!) {\n    addNote(customerId: $customerId, body: $body) {\n      id\n    }\n  }\n": typeof types.AddNoteDocument,
    "\n  mutation DeleteNote($id: ID!) {\n    deleteNote(id: $id)\n  }\n": typeof types.DeleteNoteDocument,
    "\n  query SaleOptions {\n    passes(pageSize: 100) {\n      nodes {\n        id\n        name\n        credits\n        validityDays\n        base100Price\n        currency\n        active\n      }\n    }\n    videos(pageSize: 100) {\n      nodes {\n        id\n        name\n        base100Price\n        credits\n        accessDays\n        active\n      }\n    }\n    subscriptionPlans(pageSize: 100) {\n      nodes {\n        id\n        name\n        base100Price\n        currency\n        interval\n        active\n        minimumTermPeriods\n      }\n    }\n  }\n": typeof types.SaleOptionsDocument,
    "\n  mutation PurchasePass($input: PurchasePassInput!) {\n    purchasePass(input: $input) {\n      id\n      creditsRemaining\n      expires\n      pass {\n        name\n      }\n    }\n  }\n": typeof types.PurchasePassDocument,
    "\n  mutation PurchaseVideo($input: PurchaseVideoInput!) {\n    purchaseVideo(input: $input) {\n      id\n      expiresOn\n      media {\n        name\n      }\n    }\n  }\n": typeof types.PurchaseVideoDocument,
    "\n  mutation CancelVideoPurchase($id: ID!, $refund: Boolean) {\n    cancelVideoPurchase(id: $id, refund: $refund) {\n      id\n      isCancelled\n      isRefunded\n    }\n  }\n": typeof types.CancelVideoPurchaseDocument,
    "\n  mutation StartSubscription($input: StartSubscriptionInput!) {\n    startSubscription(input: $input) {\n      id\n      state\n      renewalDate\n      plan {\n        name\n      }\n    }\n  }\n": typeof types.StartSubscriptionDocument,
    "\n  mutation PauseSubscription($id: ID!) {\n    pauseSubscription(id: $id) {\n      id\n      state\n    }\n  }\n": typeof types.PauseSubscriptionDocument,
    "\n  mutation ResumeSubscription($id: ID!) {\n    resumeSubscription(id: $id) {\n      id\n      state\n    }\n  }\n": typeof types.ResumeSubscriptionDocument,
    "\n  mutation CancelSubscription($id: ID!) {\n    cancelSubscription(id: $id) {\n      id\n      state\n      endsOn\n    }\n  }\n": typeof types.CancelSubscriptionDocument,
    "\n  mutation CancelBooking($id: ID!, $refund: Boolean) {\n    cancelBooking(id: $id, refund: $refund) {\n      id\n      isCancelled\n      isRefunded\n    }\n  }\n": typeof types.CancelBookingDocument,
    "\n  mutation SetBookingAttendance($id: ID!, $attended: Boolean) {\n    setBookingAttendance(id: $id, attended: $attended) {\n      id\n      attended\n    }\n  }\n": typeof types.SetBookingAttendanceDocument,
    "\n  query Today($date: Date!) {\n    appointments(startDate: $date, endDate: $date, pageSize: 100) {\n      total\n      nodes {\n        ...AppointmentDetails\n      }\n    }\n    eventDates(startDate: $date, endDate: $date, pageSize: 100) {\n      total\n      nodes {\n        id\n        datetime\n        startsAt\n        tz\n        duration\n        capacity\n        spacesBooked\n        cancelled\n        event {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.TodayDocument,
    "\n  mutation SetAppointmentStatus($id: ID!, $status: AppointmentStatus!) {\n    setAppointmentStatus(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n": typeof types.SetAppointmentStatusDocument,
    "\n  mutation SetAppointmentPaymentStatus($id: ID!, $status: PaymentStatus!, $method: SettlementMethod) {\n    setAppointmentPaymentStatus(id: $id, status: $status, method: $method) {\n      id\n      payment {\n        ...PaymentDetails\n      }\n    }\n  }\n": typeof types.SetAppointmentPaymentStatusDocument,
    "\n  mutation SetSubscriptionChargeStatus($id: ID!, $status: PaymentStatus!, $method: SettlementMethod) {\n    setSubscriptionChargeStatus(id: $id, status: $status, method: $method) {\n      id\n      status\n      settlementMethod\n    }\n  }\n": typeof types.SetSubscriptionChargeStatusDocument,
    "\n  query CalendarSetup {\n    facilitators {\n      id\n      name\n      timezone\n    }\n    services {\n      id\n      name\n      bufferMinutes\n      active\n      options {\n        name\n        durationMinutes\n        base100Price\n        credits\n        active\n      }\n    }\n  }\n": typeof types.CalendarSetupDocument,
    "\n  query Availability($facilitatorId: ID!, $serviceId: ID, $date: Date!) {\n    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, date: $date) {\n      facilitatorId\n      dates {\n        date\n        windows {\n          startTime\n          endTime\n          slots {\n            start\n            end\n            available\n          }\n        }\n      }\n    }\n    appointments(facilitatorId: $facilitatorId, startDate: $date, endDate: $date, pageSize: 100) {\n      nodes {\n        ...AppointmentDetails\n      }\n    }\n  }\n": typeof types.AvailabilityDocument,
    "\n  query CustomerPicker($search: String) {\n    customers(search: $search, pageSize: 8) {\n      nodes {\n        id\n        firstName\n        lastName\n        email\n      }\n    }\n  }\n": typeof types.CustomerPickerDocument,
    "\n  mutation BookAppointment($input: BookAppointmentInput!) {\n    bookAppointment(input: $input) {\n      id\n      datetime\n      status\n    }\n  }\n": typeof types.BookAppointmentDocument,
    "\n  mutation CancelAppointment($id: ID!) {\n    cancelAppointment(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.CancelAppointmentDocument,
    "\n  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!, $facilitatorId: ID) {\n    rescheduleAppointment(id: $id, datetime: $datetime, facilitatorId: $facilitatorId) {\n      id\n      datetime\n      status\n      facilitator {\n        name\n      }\n    }\n  }\n": typeof types.RescheduleAppointmentDocument,
    "\n  query Events($page: Int, $from: Date) {\n    events(page: $page, pageSize: 20) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        name\n        kind\n        timezone\n        dates(from: $from) {\n          id\n          datetime\n          duration\n          capacity\n          spacesBooked\n          spacesLeft\n          cancelled\n        }\n      }\n    }\n  }\n": typeof types.EventsDocument,
    "\n  query EventRegister($eventId: ID!, $dateId: ID!) {\n    event(id: $eventId) {\n      id\n      name\n      pricingOptions {\n        id\n        name\n        base100Price\n        credits\n        currency\n      }\n      date(id: $dateId) {\n        id\n        datetime\n        startsAt\n        duration\n        capacity\n        spacesBooked\n        spacesLeft\n        cancelled\n        waitlist {\n          id\n          position\n          status\n          spaces\n          payWith\n          skippedReason\n          customer {\n            id\n            firstName\n            lastName\n          }\n          booking {\n            id\n          }\n        }\n        register(pageSize: 100) {\n          total\n          nodes {\n            id\n            spaces\n            isCancelled\n            isRefunded\n            attended\n            purchasedBy {\n              id\n              firstName\n              lastName\n            }\n            boughtFor {\n              id\n              firstName\n              lastName\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.EventRegisterDocument,
    "\n  mutation BookEvent($input: BookEventInput!) {\n    bookEvent(input: $input) {\n      id\n      bookings {\n        id\n        spaces\n      }\n    }\n  }\n": typeof types.BookEventDocument,
    "\n  query CatalogueServices {\n    services {\n      id\n      name\n      description\n      bufferMinutes\n      active\n      options {\n        name\n        durationMinutes\n        base100Price\n        credits\n        active\n      }\n    }\n  }\n": typeof types.CatalogueServicesDocument,
    "\n  mutation CreateService($input: ServiceInput!) {\n    createService(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateServiceDocument,
    "\n  mutation UpdateService($id: ID!, $input: ServiceUpdate!) {\n    updateService(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateServiceDocument,
    "\n  mutation DeleteService($id: ID!) {\n    deleteService(id: $id) {\n      id\n      deleted\n    }\n  }\n": typeof types.DeleteServiceDocument,
    "\n  mutation SetServiceOption($serviceId: ID!, $option: ServiceOptionInput!) {\n    setServiceOption(serviceId: $serviceId, option: $option) {\n      id\n    }\n  }\n": typeof types.SetServiceOptionDocument,
    "\n  mutation DeleteServiceOption($serviceId: ID!, $name: String!) {\n    deleteServiceOption(serviceId: $serviceId, name: $name) {\n      id\n    }\n  }\n": typeof types.DeleteServiceOptionDocument,
    "\n  query CatalogueFacilitators($from: Date) {\n    facilitators {\n      id\n      name\n      timezone\n      weeklyWindows {\n        weekday\n        start\n        end\n      }\n      dateOverrides(from: $from) {\n        date\n        windows {\n          start\n          end\n        }\n      }\n    }\n  }\n": typeof types.CatalogueFacilitatorsDocument,
    "\n  mutation CreateFacilitator($input: CreateFacilitatorInput!) {\n    createFacilitator(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateFacilitatorDocument,
    "\n  mutation SetWeeklyWindows($facilitatorId: ID!, $windows: [WeeklyWindowInput!]!) {\n    setWeeklyWindows(facilitatorId: $facilitatorId, windows: $windows) {\n      id\n    }\n  }\n": typeof types.SetWeeklyWindowsDocument,
    "\n  mutation SetDateOverride($facilitatorId: ID!, $date: Date!, $windows: [TimeWindowInput!]) {\n    setDateOverride(facilitatorId: $facilitatorId, date: $date, windows: $windows) {\n      id\n    }\n  }\n": typeof types.SetDateOverrideDocument,
    "\n  query CataloguePasses {\n    passes(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        description\n        credits\n        validityDays\n        base100Price\n        currency\n        active\n      }\n    }\n  }\n": typeof types.CataloguePassesDocument,
    "\n  mutation CreatePass($input: CreatePassInput!) {\n    createPass(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreatePassDocument,
    "\n  mutation UpdatePass($id: ID!, $input: PassUpdate!) {\n    updatePass(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.UpdatePassDocument,
    "\n  query CatalogueVideos {\n    videos(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        description\n        base100Price\n        credits\n        accessDays\n        active\n      }\n    }\n  }\n": typeof types.CatalogueVideosDocument,
    "\n  mutation CreateVideo($input: CreateVideoInput!) {\n    createVideo(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateVideoDocument,
    "\n  mutation UpdateVideo($id: ID!, $input: MediaUpdate!) {\n    updateVideo(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateVideoDocument,
    "\n  query CataloguePlans {\n    subscriptionPlans(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        description\n        base100Price\n        currency\n        interval\n        active\n        graceDays\n        minimumTermPeriods\n      }\n    }\n  }\n": typeof types.CataloguePlansDocument,
    "\n  mutation CreateSubscriptionPlan($input: CreateSubscriptionPlanInput!) {\n    createSubscriptionPlan(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateSubscriptionPlanDocument,
    "\n  mutation UpdateSubscriptionPlan($id: ID!, $input: SubscriptionPlanUpdate!) {\n    updateSubscriptionPlan(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateSubscriptionPlanDocument,
    "\n  query CatalogueVouchers {\n    vouchers(pageSize: 100) {\n      total\n      nodes {\n        id\n        code\n        description\n        percentOff\n        base100AmountOff\n        validFrom\n        validUntil\n        maxRedemptions\n        redemptions\n        active\n      }\n    }\n  }\n": typeof types.CatalogueVouchersDocument,
    "\n  mutation CreateVoucher($input: CreateVoucherInput!) {\n    createVoucher(input: $input) {\n      id\n      code\n    }\n  }\n": typeof types.CreateVoucherDocument,
    "\n  mutation UpdateVoucher($id: ID!, $input: VoucherUpdate!) {\n    updateVoucher(id: $id, input: $input) {\n      id\n      code\n    }\n  }\n": typeof types.UpdateVoucherDocument,
    "\n  query Schedule($from: Date!, $to: Date!) {\n    eventDates(startDate: $from, endDate: $to, pageSize: 100) {\n      total\n      nodes {\n        id\n        datetime\n        startsAt\n        tz\n        duration\n        capacity\n        spacesBooked\n        cancelled\n        event {\n          id\n          name\n          kind\n        }\n      }\n    }\n  }\n": typeof types.ScheduleDocument,
    "\n  query Classes {\n    events(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        kind\n      }\n    }\n  }\n": typeof types.ClassesDocument,
    "\n  mutation CreateClass($input: CreateEventInput!) {\n    createEvent(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateClassDocument,
    "\n  mutation AddRecurringDates($eventId: ID!, $rule: RecurrenceInput!) {\n    addRecurringDates(eventId: $eventId, rule: $rule) {\n      id\n      datetime\n    }\n  }\n": typeof types.AddRecurringDatesDocument,
    "\n  mutation UpdateEventDate($id: ID!, $input: UpdateEventDateInput!) {\n    updateEventDate(id: $id, input: $input) {\n      id\n      capacity\n      duration\n      spacesBooked\n    }\n  }\n": typeof types.UpdateEventDateDocument,
    "\n  mutation CancelEventDate($id: ID!, $refund: Boolean) {\n    cancelEventDate(id: $id, refund: $refund) {\n      id\n      cancelled\n      spacesBooked\n    }\n  }\n": typeof types.CancelEventDateDocument,
    "\n  mutation JoinWaitlist($input: JoinWaitlistInput!) {\n    joinWaitlist(input: $input) {\n      id\n      position\n    }\n  }\n": typeof types.JoinWaitlistDocument,
    "\n  mutation LeaveWaitlist($id: ID!) {\n    leaveWaitlist(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.LeaveWaitlistDocument,
    "\n  fragment ReportFiguresFields on ReportFigures {\n    revenue {\n      currency\n      base100Amount\n    }\n    eventBookings\n    attended\n    noShows\n    spacesBooked\n    spacesOffered\n    appointments\n    appointmentsCompleted\n    appointmentsNoShow\n    newCustomers\n  }\n": typeof types.ReportFiguresFieldsFragmentDoc,
    "\n  query Report($from: Date!, $to: Date!, $by: ReportInterval) {\n    report(from: $from, to: $to, by: $by) {\n      periods {\n        start\n        end\n        figures {\n          ...ReportFiguresFields\n        }\n      }\n      totals {\n        ...ReportFiguresFields\n      }\n      csv\n    }\n  }\n": typeof types.ReportDocument,
    "\n  subscription Changes($types: [String!]) {\n    changes(types: $types) {\n      type\n      id\n      action\n      related\n    }\n  }\n": typeof types.ChangesDocument,
};
const documents: Documents = {
    "\n  query Me {\n    me {\n      id\n      email\n      role\n      companyName\n      companyTimezone\n      companyCurrency\n      now\n      scopes\n      csrfToken\n    }\n  }\n": types.MeDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      id\n      email\n      role\n      companyName\n      companyTimezone\n      companyCurrency\n      now\n      scopes\n      csrfToken\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": types.SignOutDocument,
    "\n  query ApiClients {\n    apiClients {\n      id\n      name\n      description\n      scopes\n      createdAt\n      expiresAt\n      lastUsedAt\n      revoked\n      previousSecretValidUntil\n    }\n    scopeCatalogue {\n      name\n      group\n      description\n    }\n  }\n": types.ApiClientsDocument,
    "\n  mutation CreateApiClient($input: CreateApiClientInput!) {\n    createApiClient(input: $input) {\n      secret\n      client {\n        id\n        name\n      }\n    }\n  }\n": types.CreateApiClientDocument,
    "\n  mutation SetApiClientScopes($id: ID!, $scopes: [String!]!) {\n    setApiClientScopes(id: $id, scopes: $scopes) {\n      id\n      scopes\n    }\n  }\n": types.SetApiClientScopesDocument,
    "\n  mutation RotateApiClientSecret($id: ID!) {\n    rotateApiClientSecret(id: $id) {\n      secret\n      client {\n        id\n        name\n        previousSecretValidUntil\n      }\n    }\n  }\n": types.RotateApiClientSecretDocument,
    "\n  mutation RevokeApiClient($id: ID!) {\n    revokeApiClient(id: $id) {\n      id\n      revoked\n    }\n  }\n": types.RevokeApiClientDocument,
    "\n  query V1Keys {\n    v1Keys {\n      apiKey\n      name\n      createdAt\n      lastUsedAt\n      revoked\n    }\n  }\n": types.V1KeysDocument,
    "\n  mutation CreateV1Key($name: String) {\n    createV1Key(name: $name) {\n      apiSecret\n      key {\n        apiKey\n        name\n      }\n    }\n  }\n": types.CreateV1KeyDocument,
    "\n  mutation RotateV1Key($apiKey: ID!) {\n    rotateV1Key(apiKey: $apiKey) {\n      apiSecret\n      previousSecretValidUntil\n    }\n  }\n": types.RotateV1KeyDocument,
    "\n  mutation RevokeV1Key($apiKey: ID!) {\n    revokeV1Key(apiKey: $apiKey) {\n      apiKey\n      revoked\n    }\n  }\n": types.RevokeV1KeyDocument,
    "\n  query Webhooks($limit: Int) {\n    webhookEndpoints {\n      id\n      url\n      events\n      enabled\n      previousSecretExpiresAt\n      createdAt\n    }\n    webhookDeliveries(limit: $limit) {\n      eventId\n      event\n      test\n      endpointId\n      url\n      attempt\n      status\n      error\n      durationMs\n      at\n    }\n  }\n": types.WebhooksDocument,
    "\n  mutation SetWebhookEndpoint($input: SetWebhookEndpointInput!) {\n    setWebhookEndpoint(input: $input) {\n      signingSecret\n      endpoint {\n        id\n        url\n        events\n        enabled\n      }\n    }\n  }\n": types.SetWebhookEndpointDocument,
    "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {\n      id\n      enabled\n    }\n  }\n": types.SetWebhookEndpointEnabledDocument,
    "\n  mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {\n    rotateWebhookSecret(id: $id, overlapHours: $overlapHours) {\n      signingSecret\n      endpoint {\n        id\n        previousSecretExpiresAt\n      }\n    }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  mutation RevealWebhookSecret($id: ID!) {\n    revealWebhookSecret(id: $id)\n  }\n": types.RevealWebhookSecretDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  mutation SendTestWebhook($kind: WebhookEventKind!, $endpointId: ID) {\n    sendTestWebhook(kind: $kind, endpointId: $endpointId) {\n      eventId\n      event\n      endpointId\n      delivered\n      status\n      error\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n  mutation RedeliverWebhookEvent($eventId: ID!, $endpointId: ID) {\n    redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) {\n      eventId\n      endpointIds\n    }\n  }\n": types.RedeliverWebhookEventDocument,
    "\n  query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {\n    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      retentionDays\n      items {\n        id\n        at\n        surface\n        actor\n        clientId\n        clientName\n        userId\n        userEmail\n        method\n        path\n        resourceType\n        operation\n        action\n        status\n        errorCode\n        targets\n        missingScope\n        requestId\n      }\n    }\n  }\n": types.AuditLogDocument,
    "\n  mutation CreateCustomer($input: CreateCustomerInput!) {\n    createCustomer(input: $input) {\n      id\n      firstName\n      lastName\n      email\n    }\n  }\n": types.CreateCustomerDocument,
    "\n  query AuditFilterOptions {\n    auditActors {\n      id\n      kind\n      name\n    }\n  }\n": types.AuditFilterOptionsDocument,
    "\n  query ConsoleUsers {\n    consoleUsers {\n      id\n      email\n      role\n      createdAt\n      lastSignInAt\n    }\n  }\n": types.ConsoleUsersDocument,
    "\n  mutation CreateConsoleUser($email: String!, $role: ConsoleRole!) {\n    createConsoleUser(email: $email, role: $role) {\n      password\n      user {\n        id\n        email\n        role\n      }\n    }\n  }\n": types.CreateConsoleUserDocument,
    "\n  mutation SetConsoleUserRole($id: ID!, $role: ConsoleRole!) {\n    setConsoleUserRole(id: $id, role: $role) {\n      id\n      role\n    }\n  }\n": types.SetConsoleUserRoleDocument,
    "\n  mutation ResetConsoleUserPassword($id: ID!) {\n    resetConsoleUserPassword(id: $id) {\n      password\n      user {\n        id\n        email\n      }\n    }\n  }\n": types.ResetConsoleUserPasswordDocument,
    "\n  mutation RemoveConsoleUser($id: ID!) {\n    removeConsoleUser(id: $id)\n  }\n": types.RemoveConsoleUserDocument,
    "\n  query Customers($search: String, $page: Int, $pageSize: Int) {\n    customers(search: $search, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        firstName\n        lastName\n        email\n        mobile\n        archived\n      }\n    }\n  }\n": types.CustomersDocument,
    "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      id\n      firstName\n      lastName\n      email\n      mobile\n      archived\n      createdAt\n      amountOwed {\n        currency\n        base100Amount\n        appointments {\n          id\n          datetime\n          service {\n            id\n            name\n          }\n          facilitator {\n            id\n            name\n          }\n          payment {\n            ...PaymentDetails\n          }\n        }\n        charges {\n          id\n          periodStart\n          periodEnd\n          base100Amount\n          currency\n          status\n          mandate {\n            id\n            plan {\n              id\n              name\n            }\n          }\n        }\n      }\n      transactions(pageSize: 30) {\n        total\n        nodes {\n          id\n          purchaseDate\n          bookings {\n            id\n            spaces\n            isCancelled\n            isRefunded\n            attended\n            event {\n              id\n              name\n            }\n            eventDate {\n              id\n              datetime\n              startsAt\n            }\n            boughtFor {\n              id\n              firstName\n              lastName\n            }\n            payment {\n              ... on CardPayment {\n                method\n                base100NetPrice\n                currency\n              }\n              ... on PassPayment {\n                method\n                creditsUsed\n              }\n            }\n          }\n        }\n      }\n      passPurchases(pageSize: 30) {\n        total\n        nodes {\n          id\n          creditsAllocated\n          creditsRemaining\n          starts\n          expires\n          status\n          pass {\n            id\n            name\n          }\n        }\n      }\n      videoPurchases(pageSize: 30) {\n        total\n        nodes {\n          id\n          createdAt\n          expiresOn\n          isExpired\n          isCancelled\n          isRefunded\n          media {\n            id\n            name\n          }\n          payment {\n            ... on CardPayment {\n              method\n              base100NetPrice\n              currency\n            }\n            ... on PassPayment {\n              method\n              creditsUsed\n            }\n          }\n        }\n      }\n      mandates(pageSize: 20) {\n        total\n        nodes {\n          id\n          state\n          createdAt\n          renewalDate\n          earliestCancellationDate\n          endsOn\n          pausedAt\n          plan {\n            id\n            name\n            base100Price\n            currency\n            interval\n          }\n          charges(pageSize: 3) {\n            total\n            nodes {\n              id\n              periodStart\n              periodEnd\n              base100Amount\n              currency\n              status\n              settlementMethod\n            }\n          }\n        }\n      }\n      appointments(pageSize: 30) {\n        total\n        nodes {\n          ...AppointmentDetails\n        }\n      }\n      notes(pageSize: 50) {\n        total\n        nodes {\n          id\n          body\n          author\n          createdAt\n          appointment {\n            id\n            datetime\n            service {\n              name\n            }\n          }\n        }\n      }\n    }\n  }\n": types.CustomerDocument,
    "\n  fragment PaymentDetails on Payment {\n    ... on CardPayment {\n      method\n      base100NetPrice\n      currency\n      status\n      settlementMethod\n    }\n    ... on PassPayment {\n      method\n      creditsUsed\n      status\n    }\n  }\n": types.PaymentDetailsFragmentDoc,
    "\n  fragment AppointmentDetails on Appointment {\n    id\n    datetime\n    startsAt\n    tz\n    status\n    durationMinutes\n    optionName\n    notes\n    customer {\n      id\n      firstName\n      lastName\n    }\n    service {\n      id\n      name\n    }\n    facilitator {\n      id\n      name\n    }\n    payment {\n      ...PaymentDetails\n    }\n  }\n": types.AppointmentDetailsFragmentDoc,
    "\n  mutation UpdateCustomer($id: ID!, $input: UpdateCustomerInput!) {\n    updateCustomer(id: $id, input: $input) {\n      id\n      firstName\n      lastName\n      email\n      mobile\n      archived\n    }\n  }\n": types.UpdateCustomerDocument,
    "\n  mutation AddNote($customerId: ID!, $body: String!) {\n    addNote(customerId: $customerId, body: $body) {\n      id\n    }\n  }\n": types.AddNoteDocument,
    "\n  mutation DeleteNote($id: ID!) {\n    deleteNote(id: $id)\n  }\n": types.DeleteNoteDocument,
    "\n  query SaleOptions {\n    passes(pageSize: 100) {\n      nodes {\n        id\n        name\n        credits\n        validityDays\n        base100Price\n        currency\n        active\n      }\n    }\n    videos(pageSize: 100) {\n      nodes {\n        id\n        name\n        base100Price\n        credits\n        accessDays\n        active\n      }\n    }\n    subscriptionPlans(pageSize: 100) {\n      nodes {\n        id\n        name\n        base100Price\n        currency\n        interval\n        active\n        minimumTermPeriods\n      }\n    }\n  }\n": types.SaleOptionsDocument,
    "\n  mutation PurchasePass($input: PurchasePassInput!) {\n    purchasePass(input: $input) {\n      id\n      creditsRemaining\n      expires\n      pass {\n        name\n      }\n    }\n  }\n": types.PurchasePassDocument,
    "\n  mutation PurchaseVideo($input: PurchaseVideoInput!) {\n    purchaseVideo(input: $input) {\n      id\n      expiresOn\n      media {\n        name\n      }\n    }\n  }\n": types.PurchaseVideoDocument,
    "\n  mutation CancelVideoPurchase($id: ID!, $refund: Boolean) {\n    cancelVideoPurchase(id: $id, refund: $refund) {\n      id\n      isCancelled\n      isRefunded\n    }\n  }\n": types.CancelVideoPurchaseDocument,
    "\n  mutation StartSubscription($input: StartSubscriptionInput!) {\n    startSubscription(input: $input) {\n      id\n      state\n      renewalDate\n      plan {\n        name\n      }\n    }\n  }\n": types.StartSubscriptionDocument,
    "\n  mutation PauseSubscription($id: ID!) {\n    pauseSubscription(id: $id) {\n      id\n      state\n    }\n  }\n": types.PauseSubscriptionDocument,
    "\n  mutation ResumeSubscription($id: ID!) {\n    resumeSubscription(id: $id) {\n      id\n      state\n    }\n  }\n": types.ResumeSubscriptionDocument,
    "\n  mutation CancelSubscription($id: ID!) {\n    cancelSubscription(id: $id) {\n      id\n      state\n      endsOn\n    }\n  }\n": types.CancelSubscriptionDocument,
    "\n  mutation CancelBooking($id: ID!, $refund: Boolean) {\n    cancelBooking(id: $id, refund: $refund) {\n      id\n      isCancelled\n      isRefunded\n    }\n  }\n": types.CancelBookingDocument,
    "\n  mutation SetBookingAttendance($id: ID!, $attended: Boolean) {\n    setBookingAttendance(id: $id, attended: $attended) {\n      id\n      attended\n    }\n  }\n": types.SetBookingAttendanceDocument,
    "\n  query Today($date: Date!) {\n    appointments(startDate: $date, endDate: $date, pageSize: 100) {\n      total\n      nodes {\n        ...AppointmentDetails\n      }\n    }\n    eventDates(startDate: $date, endDate: $date, pageSize: 100) {\n      total\n      nodes {\n        id\n        datetime\n        startsAt\n        tz\n        duration\n        capacity\n        spacesBooked\n        cancelled\n        event {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.TodayDocument,
    "\n  mutation SetAppointmentStatus($id: ID!, $status: AppointmentStatus!) {\n    setAppointmentStatus(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n": types.SetAppointmentStatusDocument,
    "\n  mutation SetAppointmentPaymentStatus($id: ID!, $status: PaymentStatus!, $method: SettlementMethod) {\n    setAppointmentPaymentStatus(id: $id, status: $status, method: $method) {\n      id\n      payment {\n        ...PaymentDetails\n      }\n    }\n  }\n": types.SetAppointmentPaymentStatusDocument,
    "\n  mutation SetSubscriptionChargeStatus($id: ID!, $status: PaymentStatus!, $method: SettlementMethod) {\n    setSubscriptionChargeStatus(id: $id, status: $status, method: $method) {\n      id\n      status\n      settlementMethod\n    }\n  }\n": types.SetSubscriptionChargeStatusDocument,
    "\n  query CalendarSetup {\n    facilitators {\n      id\n      name\n      timezone\n    }\n    services {\n      id\n      name\n      bufferMinutes\n      active\n      options {\n        name\n        durationMinutes\n        base100Price\n        credits\n        active\n      }\n    }\n  }\n": types.CalendarSetupDocument,
    "\n  query Availability($facilitatorId: ID!, $serviceId: ID, $date: Date!) {\n    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, date: $date) {\n      facilitatorId\n      dates {\n        date\n        windows {\n          startTime\n          endTime\n          slots {\n            start\n            end\n            available\n          }\n        }\n      }\n    }\n    appointments(facilitatorId: $facilitatorId, startDate: $date, endDate: $date, pageSize: 100) {\n      nodes {\n        ...AppointmentDetails\n      }\n    }\n  }\n": types.AvailabilityDocument,
    "\n  query CustomerPicker($search: String) {\n    customers(search: $search, pageSize: 8) {\n      nodes {\n        id\n        firstName\n        lastName\n        email\n      }\n    }\n  }\n": types.CustomerPickerDocument,
    "\n  mutation BookAppointment($input: BookAppointmentInput!) {\n    bookAppointment(input: $input) {\n      id\n      datetime\n      status\n    }\n  }\n": types.BookAppointmentDocument,
    "\n  mutation CancelAppointment($id: ID!) {\n    cancelAppointment(id: $id) {\n      id\n      status\n    }\n  }\n": types.CancelAppointmentDocument,
    "\n  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!, $facilitatorId: ID) {\n    rescheduleAppointment(id: $id, datetime: $datetime, facilitatorId: $facilitatorId) {\n      id\n      datetime\n      status\n      facilitator {\n        name\n      }\n    }\n  }\n": types.RescheduleAppointmentDocument,
    "\n  query Events($page: Int, $from: Date) {\n    events(page: $page, pageSize: 20) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        name\n        kind\n        timezone\n        dates(from: $from) {\n          id\n          datetime\n          duration\n          capacity\n          spacesBooked\n          spacesLeft\n          cancelled\n        }\n      }\n    }\n  }\n": types.EventsDocument,
    "\n  query EventRegister($eventId: ID!, $dateId: ID!) {\n    event(id: $eventId) {\n      id\n      name\n      pricingOptions {\n        id\n        name\n        base100Price\n        credits\n        currency\n      }\n      date(id: $dateId) {\n        id\n        datetime\n        startsAt\n        duration\n        capacity\n        spacesBooked\n        spacesLeft\n        cancelled\n        waitlist {\n          id\n          position\n          status\n          spaces\n          payWith\n          skippedReason\n          customer {\n            id\n            firstName\n            lastName\n          }\n          booking {\n            id\n          }\n        }\n        register(pageSize: 100) {\n          total\n          nodes {\n            id\n            spaces\n            isCancelled\n            isRefunded\n            attended\n            purchasedBy {\n              id\n              firstName\n              lastName\n            }\n            boughtFor {\n              id\n              firstName\n              lastName\n            }\n          }\n        }\n      }\n    }\n  }\n": types.EventRegisterDocument,
    "\n  mutation BookEvent($input: BookEventInput!) {\n    bookEvent(input: $input) {\n      id\n      bookings {\n        id\n        spaces\n      }\n    }\n  }\n": types.BookEventDocument,
    "\n  query CatalogueServices {\n    services {\n      id\n      name\n      description\n      bufferMinutes\n      active\n      options {\n        name\n        durationMinutes\n        base100Price\n        credits\n        active\n      }\n    }\n  }\n": types.CatalogueServicesDocument,
    "\n  mutation CreateService($input: ServiceInput!) {\n    createService(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateServiceDocument,
    "\n  mutation UpdateService($id: ID!, $input: ServiceUpdate!) {\n    updateService(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": types.UpdateServiceDocument,
    "\n  mutation DeleteService($id: ID!) {\n    deleteService(id: $id) {\n      id\n      deleted\n    }\n  }\n": types.DeleteServiceDocument,
    "\n  mutation SetServiceOption($serviceId: ID!, $option: ServiceOptionInput!) {\n    setServiceOption(serviceId: $serviceId, option: $option) {\n      id\n    }\n  }\n": types.SetServiceOptionDocument,
    "\n  mutation DeleteServiceOption($serviceId: ID!, $name: String!) {\n    deleteServiceOption(serviceId: $serviceId, name: $name) {\n      id\n    }\n  }\n": types.DeleteServiceOptionDocument,
    "\n  query CatalogueFacilitators($from: Date) {\n    facilitators {\n      id\n      name\n      timezone\n      weeklyWindows {\n        weekday\n        start\n        end\n      }\n      dateOverrides(from: $from) {\n        date\n        windows {\n          start\n          end\n        }\n      }\n    }\n  }\n": types.CatalogueFacilitatorsDocument,
    "\n  mutation CreateFacilitator($input: CreateFacilitatorInput!) {\n    createFacilitator(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateFacilitatorDocument,
    "\n  mutation SetWeeklyWindows($facilitatorId: ID!, $windows: [WeeklyWindowInput!]!) {\n    setWeeklyWindows(facilitatorId: $facilitatorId, windows: $windows) {\n      id\n    }\n  }\n": types.SetWeeklyWindowsDocument,
    "\n  mutation SetDateOverride($facilitatorId: ID!, $date: Date!, $windows: [TimeWindowInput!]) {\n    setDateOverride(facilitatorId: $facilitatorId, date: $date, windows: $windows) {\n      id\n    }\n  }\n": types.SetDateOverrideDocument,
    "\n  query CataloguePasses {\n    passes(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        description\n        credits\n        validityDays\n        base100Price\n        currency\n        active\n      }\n    }\n  }\n": types.CataloguePassesDocument,
    "\n  mutation CreatePass($input: CreatePassInput!) {\n    createPass(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreatePassDocument,
    "\n  mutation UpdatePass($id: ID!, $input: PassUpdate!) {\n    updatePass(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": types.UpdatePassDocument,
    "\n  query CatalogueVideos {\n    videos(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        description\n        base100Price\n        credits\n        accessDays\n        active\n      }\n    }\n  }\n": types.CatalogueVideosDocument,
    "\n  mutation CreateVideo($input: CreateVideoInput!) {\n    createVideo(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateVideoDocument,
    "\n  mutation UpdateVideo($id: ID!, $input: MediaUpdate!) {\n    updateVideo(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": types.UpdateVideoDocument,
    "\n  query CataloguePlans {\n    subscriptionPlans(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        description\n        base100Price\n        currency\n        interval\n        active\n        graceDays\n        minimumTermPeriods\n      }\n    }\n  }\n": types.CataloguePlansDocument,
    "\n  mutation CreateSubscriptionPlan($input: CreateSubscriptionPlanInput!) {\n    createSubscriptionPlan(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateSubscriptionPlanDocument,
    "\n  mutation UpdateSubscriptionPlan($id: ID!, $input: SubscriptionPlanUpdate!) {\n    updateSubscriptionPlan(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": types.UpdateSubscriptionPlanDocument,
    "\n  query CatalogueVouchers {\n    vouchers(pageSize: 100) {\n      total\n      nodes {\n        id\n        code\n        description\n        percentOff\n        base100AmountOff\n        validFrom\n        validUntil\n        maxRedemptions\n        redemptions\n        active\n      }\n    }\n  }\n": types.CatalogueVouchersDocument,
    "\n  mutation CreateVoucher($input: CreateVoucherInput!) {\n    createVoucher(input: $input) {\n      id\n      code\n    }\n  }\n": types.CreateVoucherDocument,
    "\n  mutation UpdateVoucher($id: ID!, $input: VoucherUpdate!) {\n    updateVoucher(id: $id, input: $input) {\n      id\n      code\n    }\n  }\n": types.UpdateVoucherDocument,
    "\n  query Schedule($from: Date!, $to: Date!) {\n    eventDates(startDate: $from, endDate: $to, pageSize: 100) {\n      total\n      nodes {\n        id\n        datetime\n        startsAt\n        tz\n        duration\n        capacity\n        spacesBooked\n        cancelled\n        event {\n          id\n          name\n          kind\n        }\n      }\n    }\n  }\n": types.ScheduleDocument,
    "\n  query Classes {\n    events(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        kind\n      }\n    }\n  }\n": types.ClassesDocument,
    "\n  mutation CreateClass($input: CreateEventInput!) {\n    createEvent(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateClassDocument,
    "\n  mutation AddRecurringDates($eventId: ID!, $rule: RecurrenceInput!) {\n    addRecurringDates(eventId: $eventId, rule: $rule) {\n      id\n      datetime\n    }\n  }\n": types.AddRecurringDatesDocument,
    "\n  mutation UpdateEventDate($id: ID!, $input: UpdateEventDateInput!) {\n    updateEventDate(id: $id, input: $input) {\n      id\n      capacity\n      duration\n      spacesBooked\n    }\n  }\n": types.UpdateEventDateDocument,
    "\n  mutation CancelEventDate($id: ID!, $refund: Boolean) {\n    cancelEventDate(id: $id, refund: $refund) {\n      id\n      cancelled\n      spacesBooked\n    }\n  }\n": types.CancelEventDateDocument,
    "\n  mutation JoinWaitlist($input: JoinWaitlistInput!) {\n    joinWaitlist(input: $input) {\n      id\n      position\n    }\n  }\n": types.JoinWaitlistDocument,
    "\n  mutation LeaveWaitlist($id: ID!) {\n    leaveWaitlist(id: $id) {\n      id\n      status\n    }\n  }\n": types.LeaveWaitlistDocument,
    "\n  fragment ReportFiguresFields on ReportFigures {\n    revenue {\n      currency\n      base100Amount\n    }\n    eventBookings\n    attended\n    noShows\n    spacesBooked\n    spacesOffered\n    appointments\n    appointmentsCompleted\n    appointmentsNoShow\n    newCustomers\n  }\n": types.ReportFiguresFieldsFragmentDoc,
    "\n  query Report($from: Date!, $to: Date!, $by: ReportInterval) {\n    report(from: $from, to: $to, by: $by) {\n      periods {\n        start\n        end\n        figures {\n          ...ReportFiguresFields\n        }\n      }\n      totals {\n        ...ReportFiguresFields\n      }\n      csv\n    }\n  }\n": types.ReportDocument,
    "\n  subscription Changes($types: [String!]) {\n    changes(types: $types) {\n      type\n      id\n      action\n      related\n    }\n  }\n": types.ChangesDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      email\n      role\n      companyName\n      companyTimezone\n      companyCurrency\n      now\n      scopes\n      csrfToken\n    }\n  }\n"): typeof import('./graphql').MeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      id\n      email\n      role\n      companyName\n      companyTimezone\n      companyCurrency\n      now\n      scopes\n      csrfToken\n    }\n  }\n"): typeof import('./graphql').SignInDocument;
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
export function graphql(source: "\n  query V1Keys {\n    v1Keys {\n      apiKey\n      name\n      createdAt\n      lastUsedAt\n      revoked\n    }\n  }\n"): typeof import('./graphql').V1KeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateV1Key($name: String) {\n    createV1Key(name: $name) {\n      apiSecret\n      key {\n        apiKey\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').CreateV1KeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateV1Key($apiKey: ID!) {\n    rotateV1Key(apiKey: $apiKey) {\n      apiSecret\n      previousSecretValidUntil\n    }\n  }\n"): typeof import('./graphql').RotateV1KeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeV1Key($apiKey: ID!) {\n    revokeV1Key(apiKey: $apiKey) {\n      apiKey\n      revoked\n    }\n  }\n"): typeof import('./graphql').RevokeV1KeyDocument;
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
export function graphql(source: "\n  query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {\n    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {\n      total\n      page\n      pageSize\n      retentionDays\n      items {\n        id\n        at\n        surface\n        actor\n        clientId\n        clientName\n        userId\n        userEmail\n        method\n        path\n        resourceType\n        operation\n        action\n        status\n        errorCode\n        targets\n        missingScope\n        requestId\n      }\n    }\n  }\n"): typeof import('./graphql').AuditLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCustomer($input: CreateCustomerInput!) {\n    createCustomer(input: $input) {\n      id\n      firstName\n      lastName\n      email\n    }\n  }\n"): typeof import('./graphql').CreateCustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditFilterOptions {\n    auditActors {\n      id\n      kind\n      name\n    }\n  }\n"): typeof import('./graphql').AuditFilterOptionsDocument;
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
export function graphql(source: "\n  query Customer($id: ID!) {\n    customer(id: $id) {\n      id\n      firstName\n      lastName\n      email\n      mobile\n      archived\n      createdAt\n      amountOwed {\n        currency\n        base100Amount\n        appointments {\n          id\n          datetime\n          service {\n            id\n            name\n          }\n          facilitator {\n            id\n            name\n          }\n          payment {\n            ...PaymentDetails\n          }\n        }\n        charges {\n          id\n          periodStart\n          periodEnd\n          base100Amount\n          currency\n          status\n          mandate {\n            id\n            plan {\n              id\n              name\n            }\n          }\n        }\n      }\n      transactions(pageSize: 30) {\n        total\n        nodes {\n          id\n          purchaseDate\n          bookings {\n            id\n            spaces\n            isCancelled\n            isRefunded\n            attended\n            event {\n              id\n              name\n            }\n            eventDate {\n              id\n              datetime\n              startsAt\n            }\n            boughtFor {\n              id\n              firstName\n              lastName\n            }\n            payment {\n              ... on CardPayment {\n                method\n                base100NetPrice\n                currency\n              }\n              ... on PassPayment {\n                method\n                creditsUsed\n              }\n            }\n          }\n        }\n      }\n      passPurchases(pageSize: 30) {\n        total\n        nodes {\n          id\n          creditsAllocated\n          creditsRemaining\n          starts\n          expires\n          status\n          pass {\n            id\n            name\n          }\n        }\n      }\n      videoPurchases(pageSize: 30) {\n        total\n        nodes {\n          id\n          createdAt\n          expiresOn\n          isExpired\n          isCancelled\n          isRefunded\n          media {\n            id\n            name\n          }\n          payment {\n            ... on CardPayment {\n              method\n              base100NetPrice\n              currency\n            }\n            ... on PassPayment {\n              method\n              creditsUsed\n            }\n          }\n        }\n      }\n      mandates(pageSize: 20) {\n        total\n        nodes {\n          id\n          state\n          createdAt\n          renewalDate\n          earliestCancellationDate\n          endsOn\n          pausedAt\n          plan {\n            id\n            name\n            base100Price\n            currency\n            interval\n          }\n          charges(pageSize: 3) {\n            total\n            nodes {\n              id\n              periodStart\n              periodEnd\n              base100Amount\n              currency\n              status\n              settlementMethod\n            }\n          }\n        }\n      }\n      appointments(pageSize: 30) {\n        total\n        nodes {\n          ...AppointmentDetails\n        }\n      }\n      notes(pageSize: 50) {\n        total\n        nodes {\n          id\n          body\n          author\n          createdAt\n          appointment {\n            id\n            datetime\n            service {\n              name\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').CustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PaymentDetails on Payment {\n    ... on CardPayment {\n      method\n      base100NetPrice\n      currency\n      status\n      settlementMethod\n    }\n    ... on PassPayment {\n      method\n      creditsUsed\n      status\n    }\n  }\n"): typeof import('./graphql').PaymentDetailsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AppointmentDetails on Appointment {\n    id\n    datetime\n    startsAt\n    tz\n    status\n    durationMinutes\n    optionName\n    notes\n    customer {\n      id\n      firstName\n      lastName\n    }\n    service {\n      id\n      name\n    }\n    facilitator {\n      id\n      name\n    }\n    payment {\n      ...PaymentDetails\n    }\n  }\n"): typeof import('./graphql').AppointmentDetailsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCustomer($id: ID!, $input: UpdateCustomerInput!) {\n    updateCustomer(id: $id, input: $input) {\n      id\n      firstName\n      lastName\n      email\n      mobile\n      archived\n    }\n  }\n"): typeof import('./graphql').UpdateCustomerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddNote($customerId: ID!, $body: String!) {\n    addNote(customerId: $customerId, body: $body) {\n      id\n    }\n  }\n"): typeof import('./graphql').AddNoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteNote($id: ID!) {\n    deleteNote(id: $id)\n  }\n"): typeof import('./graphql').DeleteNoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SaleOptions {\n    passes(pageSize: 100) {\n      nodes {\n        id\n        name\n        credits\n        validityDays\n        base100Price\n        currency\n        active\n      }\n    }\n    videos(pageSize: 100) {\n      nodes {\n        id\n        name\n        base100Price\n        credits\n        accessDays\n        active\n      }\n    }\n    subscriptionPlans(pageSize: 100) {\n      nodes {\n        id\n        name\n        base100Price\n        currency\n        interval\n        active\n        minimumTermPeriods\n      }\n    }\n  }\n"): typeof import('./graphql').SaleOptionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PurchasePass($input: PurchasePassInput!) {\n    purchasePass(input: $input) {\n      id\n      creditsRemaining\n      expires\n      pass {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').PurchasePassDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PurchaseVideo($input: PurchaseVideoInput!) {\n    purchaseVideo(input: $input) {\n      id\n      expiresOn\n      media {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').PurchaseVideoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelVideoPurchase($id: ID!, $refund: Boolean) {\n    cancelVideoPurchase(id: $id, refund: $refund) {\n      id\n      isCancelled\n      isRefunded\n    }\n  }\n"): typeof import('./graphql').CancelVideoPurchaseDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartSubscription($input: StartSubscriptionInput!) {\n    startSubscription(input: $input) {\n      id\n      state\n      renewalDate\n      plan {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').StartSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseSubscription($id: ID!) {\n    pauseSubscription(id: $id) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').PauseSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeSubscription($id: ID!) {\n    resumeSubscription(id: $id) {\n      id\n      state\n    }\n  }\n"): typeof import('./graphql').ResumeSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelSubscription($id: ID!) {\n    cancelSubscription(id: $id) {\n      id\n      state\n      endsOn\n    }\n  }\n"): typeof import('./graphql').CancelSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelBooking($id: ID!, $refund: Boolean) {\n    cancelBooking(id: $id, refund: $refund) {\n      id\n      isCancelled\n      isRefunded\n    }\n  }\n"): typeof import('./graphql').CancelBookingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetBookingAttendance($id: ID!, $attended: Boolean) {\n    setBookingAttendance(id: $id, attended: $attended) {\n      id\n      attended\n    }\n  }\n"): typeof import('./graphql').SetBookingAttendanceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Today($date: Date!) {\n    appointments(startDate: $date, endDate: $date, pageSize: 100) {\n      total\n      nodes {\n        ...AppointmentDetails\n      }\n    }\n    eventDates(startDate: $date, endDate: $date, pageSize: 100) {\n      total\n      nodes {\n        id\n        datetime\n        startsAt\n        tz\n        duration\n        capacity\n        spacesBooked\n        cancelled\n        event {\n          id\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').TodayDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAppointmentStatus($id: ID!, $status: AppointmentStatus!) {\n    setAppointmentStatus(id: $id, status: $status) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').SetAppointmentStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAppointmentPaymentStatus($id: ID!, $status: PaymentStatus!, $method: SettlementMethod) {\n    setAppointmentPaymentStatus(id: $id, status: $status, method: $method) {\n      id\n      payment {\n        ...PaymentDetails\n      }\n    }\n  }\n"): typeof import('./graphql').SetAppointmentPaymentStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetSubscriptionChargeStatus($id: ID!, $status: PaymentStatus!, $method: SettlementMethod) {\n    setSubscriptionChargeStatus(id: $id, status: $status, method: $method) {\n      id\n      status\n      settlementMethod\n    }\n  }\n"): typeof import('./graphql').SetSubscriptionChargeStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CalendarSetup {\n    facilitators {\n      id\n      name\n      timezone\n    }\n    services {\n      id\n      name\n      bufferMinutes\n      active\n      options {\n        name\n        durationMinutes\n        base100Price\n        credits\n        active\n      }\n    }\n  }\n"): typeof import('./graphql').CalendarSetupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Availability($facilitatorId: ID!, $serviceId: ID, $date: Date!) {\n    availability(facilitatorId: $facilitatorId, serviceId: $serviceId, date: $date) {\n      facilitatorId\n      dates {\n        date\n        windows {\n          startTime\n          endTime\n          slots {\n            start\n            end\n            available\n          }\n        }\n      }\n    }\n    appointments(facilitatorId: $facilitatorId, startDate: $date, endDate: $date, pageSize: 100) {\n      nodes {\n        ...AppointmentDetails\n      }\n    }\n  }\n"): typeof import('./graphql').AvailabilityDocument;
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
export function graphql(source: "\n  mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!, $facilitatorId: ID) {\n    rescheduleAppointment(id: $id, datetime: $datetime, facilitatorId: $facilitatorId) {\n      id\n      datetime\n      status\n      facilitator {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').RescheduleAppointmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Events($page: Int, $from: Date) {\n    events(page: $page, pageSize: 20) {\n      total\n      page\n      pageSize\n      nodes {\n        id\n        name\n        kind\n        timezone\n        dates(from: $from) {\n          id\n          datetime\n          duration\n          capacity\n          spacesBooked\n          spacesLeft\n          cancelled\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').EventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventRegister($eventId: ID!, $dateId: ID!) {\n    event(id: $eventId) {\n      id\n      name\n      pricingOptions {\n        id\n        name\n        base100Price\n        credits\n        currency\n      }\n      date(id: $dateId) {\n        id\n        datetime\n        startsAt\n        duration\n        capacity\n        spacesBooked\n        spacesLeft\n        cancelled\n        waitlist {\n          id\n          position\n          status\n          spaces\n          payWith\n          skippedReason\n          customer {\n            id\n            firstName\n            lastName\n          }\n          booking {\n            id\n          }\n        }\n        register(pageSize: 100) {\n          total\n          nodes {\n            id\n            spaces\n            isCancelled\n            isRefunded\n            attended\n            purchasedBy {\n              id\n              firstName\n              lastName\n            }\n            boughtFor {\n              id\n              firstName\n              lastName\n            }\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').EventRegisterDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BookEvent($input: BookEventInput!) {\n    bookEvent(input: $input) {\n      id\n      bookings {\n        id\n        spaces\n      }\n    }\n  }\n"): typeof import('./graphql').BookEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogueServices {\n    services {\n      id\n      name\n      description\n      bufferMinutes\n      active\n      options {\n        name\n        durationMinutes\n        base100Price\n        credits\n        active\n      }\n    }\n  }\n"): typeof import('./graphql').CatalogueServicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateService($input: ServiceInput!) {\n    createService(input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CreateServiceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateService($id: ID!, $input: ServiceUpdate!) {\n    updateService(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').UpdateServiceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteService($id: ID!) {\n    deleteService(id: $id) {\n      id\n      deleted\n    }\n  }\n"): typeof import('./graphql').DeleteServiceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetServiceOption($serviceId: ID!, $option: ServiceOptionInput!) {\n    setServiceOption(serviceId: $serviceId, option: $option) {\n      id\n    }\n  }\n"): typeof import('./graphql').SetServiceOptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteServiceOption($serviceId: ID!, $name: String!) {\n    deleteServiceOption(serviceId: $serviceId, name: $name) {\n      id\n    }\n  }\n"): typeof import('./graphql').DeleteServiceOptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogueFacilitators($from: Date) {\n    facilitators {\n      id\n      name\n      timezone\n      weeklyWindows {\n        weekday\n        start\n        end\n      }\n      dateOverrides(from: $from) {\n        date\n        windows {\n          start\n          end\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').CatalogueFacilitatorsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateFacilitator($input: CreateFacilitatorInput!) {\n    createFacilitator(input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CreateFacilitatorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetWeeklyWindows($facilitatorId: ID!, $windows: [WeeklyWindowInput!]!) {\n    setWeeklyWindows(facilitatorId: $facilitatorId, windows: $windows) {\n      id\n    }\n  }\n"): typeof import('./graphql').SetWeeklyWindowsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDateOverride($facilitatorId: ID!, $date: Date!, $windows: [TimeWindowInput!]) {\n    setDateOverride(facilitatorId: $facilitatorId, date: $date, windows: $windows) {\n      id\n    }\n  }\n"): typeof import('./graphql').SetDateOverrideDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CataloguePasses {\n    passes(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        description\n        credits\n        validityDays\n        base100Price\n        currency\n        active\n      }\n    }\n  }\n"): typeof import('./graphql').CataloguePassesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePass($input: CreatePassInput!) {\n    createPass(input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CreatePassDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePass($id: ID!, $input: PassUpdate!) {\n    updatePass(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').UpdatePassDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogueVideos {\n    videos(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        description\n        base100Price\n        credits\n        accessDays\n        active\n      }\n    }\n  }\n"): typeof import('./graphql').CatalogueVideosDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateVideo($input: CreateVideoInput!) {\n    createVideo(input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CreateVideoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateVideo($id: ID!, $input: MediaUpdate!) {\n    updateVideo(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').UpdateVideoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CataloguePlans {\n    subscriptionPlans(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        description\n        base100Price\n        currency\n        interval\n        active\n        graceDays\n        minimumTermPeriods\n      }\n    }\n  }\n"): typeof import('./graphql').CataloguePlansDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSubscriptionPlan($input: CreateSubscriptionPlanInput!) {\n    createSubscriptionPlan(input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CreateSubscriptionPlanDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateSubscriptionPlan($id: ID!, $input: SubscriptionPlanUpdate!) {\n    updateSubscriptionPlan(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').UpdateSubscriptionPlanDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogueVouchers {\n    vouchers(pageSize: 100) {\n      total\n      nodes {\n        id\n        code\n        description\n        percentOff\n        base100AmountOff\n        validFrom\n        validUntil\n        maxRedemptions\n        redemptions\n        active\n      }\n    }\n  }\n"): typeof import('./graphql').CatalogueVouchersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateVoucher($input: CreateVoucherInput!) {\n    createVoucher(input: $input) {\n      id\n      code\n    }\n  }\n"): typeof import('./graphql').CreateVoucherDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateVoucher($id: ID!, $input: VoucherUpdate!) {\n    updateVoucher(id: $id, input: $input) {\n      id\n      code\n    }\n  }\n"): typeof import('./graphql').UpdateVoucherDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Schedule($from: Date!, $to: Date!) {\n    eventDates(startDate: $from, endDate: $to, pageSize: 100) {\n      total\n      nodes {\n        id\n        datetime\n        startsAt\n        tz\n        duration\n        capacity\n        spacesBooked\n        cancelled\n        event {\n          id\n          name\n          kind\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').ScheduleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Classes {\n    events(pageSize: 100) {\n      total\n      nodes {\n        id\n        name\n        kind\n      }\n    }\n  }\n"): typeof import('./graphql').ClassesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateClass($input: CreateEventInput!) {\n    createEvent(input: $input) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').CreateClassDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddRecurringDates($eventId: ID!, $rule: RecurrenceInput!) {\n    addRecurringDates(eventId: $eventId, rule: $rule) {\n      id\n      datetime\n    }\n  }\n"): typeof import('./graphql').AddRecurringDatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateEventDate($id: ID!, $input: UpdateEventDateInput!) {\n    updateEventDate(id: $id, input: $input) {\n      id\n      capacity\n      duration\n      spacesBooked\n    }\n  }\n"): typeof import('./graphql').UpdateEventDateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelEventDate($id: ID!, $refund: Boolean) {\n    cancelEventDate(id: $id, refund: $refund) {\n      id\n      cancelled\n      spacesBooked\n    }\n  }\n"): typeof import('./graphql').CancelEventDateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation JoinWaitlist($input: JoinWaitlistInput!) {\n    joinWaitlist(input: $input) {\n      id\n      position\n    }\n  }\n"): typeof import('./graphql').JoinWaitlistDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeaveWaitlist($id: ID!) {\n    leaveWaitlist(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').LeaveWaitlistDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ReportFiguresFields on ReportFigures {\n    revenue {\n      currency\n      base100Amount\n    }\n    eventBookings\n    attended\n    noShows\n    spacesBooked\n    spacesOffered\n    appointments\n    appointmentsCompleted\n    appointmentsNoShow\n    newCustomers\n  }\n"): typeof import('./graphql').ReportFiguresFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Report($from: Date!, $to: Date!, $by: ReportInterval) {\n    report(from: $from, to: $to, by: $by) {\n      periods {\n        start\n        end\n        figures {\n          ...ReportFiguresFields\n        }\n      }\n      totals {\n        ...ReportFiguresFields\n      }\n      csv\n    }\n  }\n"): typeof import('./graphql').ReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription Changes($types: [String!]) {\n    changes(types: $types) {\n      type\n      id\n      action\n      related\n    }\n  }\n"): typeof import('./graphql').ChangesDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
