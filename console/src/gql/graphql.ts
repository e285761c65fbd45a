/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** Where an appointment stands: SCHEDULED, then COMPLETED or NO_SHOW once it has started, or CANCELLED. */
export type AppointmentStatus =
  /** Cancelled: it no longer blocks its time. */
  | 'CANCELLED'
  /** It took place. */
  | 'COMPLETED'
  /** The customer did not come. */
  | 'NO_SHOW'
  /** Booked and not recorded yet (`CONFIRMED` in customer-scoped REST lists). */
  | 'SCHEDULED';

/** Who acts in an audit entry: an API client or a console user. */
export type AuditActorKind =
  /** An API client (`m2m_`). */
  | 'API_CLIENT'
  /** A console user (`cu_`). */
  | 'CONSOLE_USER';

/** Which audit entries to list; every given condition must hold. */
export type AuditFilter = {
  /** Only changes (action UPDATE) and denials (401, 403): the reads that were let through are left out. */
  changesAndDenials: boolean | null | undefined;
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
  /**
   * Start, local to the facilitator, on any whole minute; at least MIN_BOOKING_NOTICE_MINUTES from now, or, for a
   * walk-in, no earlier than WALK_IN_WINDOW_HOURS ago.
   */
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
  /**
   * A walk-in at the desk: the start may be now or already past, up to WALK_IN_WINDOW_HOURS (12 by default) ago,
   * and the minimum notice does not apply. Console users book as walk-ins unless they say false; API clients book
   * ahead (start after now plus the notice) unless they say true.
   */
  walkIn: boolean | null | undefined;
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

/** What a console user may do: owner everything, admin everything but users, staff the desk (customers, bookings, appointments). */
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

/** A new customer. */
export type CreateCustomerInput = {
  /** An email address, at most 254 characters. */
  email: string;
  /** 1 to 100 characters. */
  firstName: string;
  /** 1 to 100 characters. */
  lastName: string;
  /** A phone number such as +447700900001. */
  mobile: string | null | undefined;
};

/** A new event with its dates and pricing options. */
export type CreateEventInput = {
  /** Its dates. */
  dates: Array<EventDateInput> | null | undefined;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** One-off or part of a schedule; by default ONE_OFF with one date (or none) and SCHEDULE with more. */
  kind: EventKind | null | undefined;
  /** 1 to 200 characters. */
  name: string;
  /** Its pricing options. */
  pricingOptions: Array<PricingOptionInput> | null | undefined;
  /** IANA timezone of its dates; the company's by default. */
  timezone: string | null | undefined;
};

/** A new facilitator. */
export type CreateFacilitatorInput = {
  /** 1 to 200 characters. */
  name: string;
  /** IANA timezone of their windows; the company's by default. */
  timezone: string | null | undefined;
  /** Weekly working windows (as setWeeklyWindows sets them); none by default. */
  weeklyWindows: Array<WeeklyWindowInput> | null | undefined;
};

/** A new pass template. */
export type CreatePassInput = {
  /** Whether it is on sale; true by default. */
  active: boolean | null | undefined;
  /** Price in minor units of the company's currency, 0 or more. */
  base100Price: number;
  /** Credits a purchase starts with, 1 to 1000. */
  credits: number;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** 1 to 200 characters. */
  name: string;
  /** Days a purchase stays valid, 1 to 3650. */
  validityDays: number;
};

/** A new subscription plan. */
export type CreateSubscriptionPlanInput = {
  /** Whether customers can subscribe to it; true by default. */
  active: boolean | null | undefined;
  /** Price of each period in minor units of `currency`, 0 or more. */
  base100Price: number;
  /** ISO 4217 code: GBP, EUR or USD. */
  currency: string;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** Days a failed charge may stay unpaid, from its period's start, before the mandate is suspended; 0 to 365, 7 by default. */
  graceDays: number | null | undefined;
  /** How often it renews. */
  interval: PlanInterval;
  /** Periods a mandate runs at least before it can end, 1 to 120; 1 by default (it can end at its first renewal). */
  minimumTermPeriods: number | null | undefined;
  /** 1 to 200 characters. */
  name: string;
};

/** A new video of the library. */
export type CreateVideoInput = {
  /** Days of access after purchase, 1 to 36500; null: no expiry. */
  accessDays: number | null | undefined;
  /** Whether it is on sale; true by default. */
  active: boolean | null | undefined;
  /** Price in minor units of the company's currency, 0 or more. */
  base100Price: number;
  /** Credits when paid with a pass, 0 to 1000; 0: not payable with credits. */
  credits: number;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** 1 to 200 characters. */
  name: string;
};

/** A new voucher: exactly one of `percentOff` and `base100AmountOff`. */
export type CreateVoucherInput = {
  /** Whether it can be redeemed; true by default. */
  active: boolean | null | undefined;
  /** Amount off in minor units, 0 or more. */
  base100AmountOff: number | null | undefined;
  /** 1 to 64 characters, unique within the company. */
  code: string;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** How many times it can be redeemed; unlimited by default. */
  maxRedemptions: number | null | undefined;
  /** Percentage off, 1 to 100. */
  percentOff: number | null | undefined;
  /** First day it can be redeemed; none by default. */
  validFrom: string | null | undefined;
  /** Last day it can be redeemed, not before `validFrom`; none by default. */
  validUntil: string | null | undefined;
};

/** A date of a new event. */
export type EventDateInput = {
  /** Spaces on sale, 1 to 100000. */
  capacity: number;
  /** Minutes. */
  duration: number;
  /** Start, an instant with offset. */
  startsAt: string;
};

/** Whether an event stands alone or repeats. */
export type EventKind =
  /** A one-off event or workshop: each booking is a ticket purchase (`registration.created` and `event.purchased`). */
  | 'ONE_OFF'
  /** A date of a schedule, such as a weekly class: each booking is a registration (`registration.created` only). */
  | 'SCHEDULE';

/** A place in line on a full event date. */
export type JoinWaitlistInput = {
  /** `cust_` id of the customer who waits, pays and attends. */
  customerId: string | number;
  /** `date_` id of a date with no room for `spaces`, not started nor cancelled. */
  eventDateId: string | number;
  /** The pass purchase to draw credits from when payWith is PASS; by default the usable one that expires first at promotion. */
  packageId: string | number | null | undefined;
  /** How the booking will be paid when promoted: CARD, or PASS (credits drawn at promotion). */
  payWith: PaymentChoice;
  /** `po-` id of a pricing option of the same event. */
  pricingOptionId: string | number;
  /** Spaces wanted, 1 to 100. */
  spaces: number;
};

/** Where a subscription mandate stands: ACTIVE, PAUSED or SUSPENDED while it runs, CANCELLED once it has ended. */
export type MandateState =
  /** Running: each period is charged on its first day. */
  | 'ACTIVE'
  /** Ended on `endsOn`, after it was cancelled. */
  | 'CANCELLED'
  /** Paused: periods that start meanwhile are not charged. */
  | 'PAUSED'
  /** A charge failed and stayed unpaid past the grace days; paying it makes the mandate ACTIVE again. */
  | 'SUSPENDED';

/** Fields of a video to change; those left out stay as they are (at least one is needed). */
export type MediaUpdate = {
  /** Days of access after purchase, 1 to 36500; null: no expiry. */
  accessDays: number | null | undefined;
  /** Whether it is on sale. */
  active: boolean | null | undefined;
  /** Price in minor units, 0 or more. */
  base100Price: number | null | undefined;
  /** Credits when paid with a pass, 0 or more. */
  credits: number | null | undefined;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** 1 to 200 characters. */
  name: string | null | undefined;
};

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

/** Fields of a pass template to change; those left out stay as they are (at least one is needed). */
export type PassUpdate = {
  /** Whether it is on sale. */
  active: boolean | null | undefined;
  /** Price in minor units, 0 or more. */
  base100Price: number | null | undefined;
  /** Credits a purchase starts with, 1 or more. */
  credits: number | null | undefined;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** 1 to 200 characters. */
  name: string | null | undefined;
  /** Days a purchase stays valid, 1 to 3650. */
  validityDays: number | null | undefined;
};

/** How a booking is paid. */
export type PaymentChoice =
  /** Pay with money by card. */
  | 'CARD'
  /** Pay with credits from a pass purchase. */
  | 'PASS';

/** How a payment was made. */
export type PaymentMethod =
  /** Paid with money by card. */
  | 'CARD'
  /** Paid with credits from a pass purchase. */
  | 'PASS';

/** Whether the money of a payment arrived. */
export type PaymentStatus =
  /** The payment failed. */
  | 'FAILED'
  /** The money arrived. */
  | 'PAID'
  /** The money has not arrived yet. */
  | 'PENDING';

/** How often a subscription plan renews. */
export type PlanInterval =
  /** Every month. */
  | 'MONTH'
  /** Every week. */
  | 'WEEK'
  /** Every year. */
  | 'YEAR';

/** A pricing option of a new or changed event. */
export type PricingOptionInput = {
  /** Price in minor units of the company's currency, 0 or more. */
  base100Price: number;
  /** Credits per space when paid with a pass; 0: not payable with credits. */
  credits: number;
  /** 1 to 200 characters. */
  name: string;
};

/** A pass sold to a customer. */
export type PurchasePassInput = {
  /** `cust_` id of the customer. */
  customerId: string | number;
  /** `pass_` id of an active pass template. */
  passId: string | number;
  /** First day its credits can be used: today in the company's timezone (the default) or later. */
  startDate: string | null | undefined;
  /** Code of a voucher that discounts the price. */
  voucherCode: string | null | undefined;
};

/** A video sold to a customer. */
export type PurchaseVideoInput = {
  /** `cust_` id of the customer. */
  customerId: string | number;
  /** `media_` id of an active video. */
  mediaId: string | number;
  /** The pass purchase to draw credits from when payWith is PASS; by default the valid one that expires first. */
  packageId: string | number | null | undefined;
  /** CARD, or PASS to pay with credits. */
  payWith: PaymentChoice;
  /** Code of a voucher that discounts a card payment. */
  voucherCode: string | null | undefined;
};

/** A weekly rule of an event's dates. */
export type RecurrenceInput = {
  /** Spaces on sale on each date, 1 to 100000. */
  capacity: number;
  /** Length in minutes, 1 to 1440. */
  duration: number;
  /** First day, not before today in the event's timezone. */
  from: string;
  /** Days left out, such as bank holidays; days outside `from`..`until` are ignored. */
  skip: Array<string> | null | undefined;
  /** Start, `HH:MM`, local to the event's timezone. */
  time: string;
  /** Last day (inclusive), less than 366 days after `from`. */
  until: string;
  /** ISO weekdays, 1 (Monday) to 7 (Sunday), each at most once. */
  weekdays: Array<number>;
};

/** The length of a report's periods. */
export type ReportInterval =
  /** Calendar days. */
  | 'DAY'
  /** Calendar months. */
  | 'MONTH'
  /** ISO weeks, Monday to Sunday. */
  | 'WEEK';

/** A new appointment service. */
export type ServiceInput = {
  /** Whether it can be booked. */
  active: boolean | null | undefined;
  /** Minutes kept free after each appointment, 0 to 1440. */
  bufferMinutes: number | null | undefined;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** 1 to 200 characters. */
  name: string;
  /** Its options, with names that differ. */
  options: Array<ServiceOptionInput> | null | undefined;
};

/** An option of a service, known by its name within the service. */
export type ServiceOptionInput = {
  /** Whether it can be booked. */
  active: boolean | null | undefined;
  /** Price in minor units, 0 or more. */
  base100Price: number;
  /** Credits when paid with a pass, 0 to 1000; 0: not payable with credits. */
  credits: number;
  /** 5 to 1440 minutes. */
  durationMinutes: number;
  /** 1 to 100 characters; the live option of this name is changed, if there is one. */
  name: string;
};

/** Fields of a service to change; those left out stay as they are (at least one is needed). */
export type ServiceUpdate = {
  /** Whether it can be booked. */
  active: boolean | null | undefined;
  /** Minutes kept free after each appointment, 0 to 1440. */
  bufferMinutes: number | null | undefined;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** 1 to 200 characters. */
  name: string | null | undefined;
};

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

/** How money owed was taken at the desk (or, for a FAILED payment, what was tried). */
export type SettlementMethod =
  /** By card (a terminal, a link, an online checkout). */
  | 'CARD'
  /** In cash. */
  | 'CASH'
  /** Otherwise: a bank transfer, a gift card, ... */
  | 'OTHER';

/** A customer subscribing to a plan. */
export type StartSubscriptionInput = {
  /** `cust_` id of the customer. */
  customerId: string | number;
  /** `plan_` id of an active plan. */
  planId: string | number;
  /** The first day of the first period: today in the company's timezone (the default) or later. */
  startDate: string | null | undefined;
};

/** Fields of a subscription plan to change; those left out stay as they are (at least one is needed). */
export type SubscriptionPlanUpdate = {
  /** Whether customers can subscribe to it. */
  active: boolean | null | undefined;
  /** Recurring price in minor units, 0 or more. */
  base100Price: number | null | undefined;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** Grace days of mandates started from now on, 0 to 365. */
  graceDays: number | null | undefined;
  /** How often it renews. */
  interval: PlanInterval | null | undefined;
  /** Minimum term, in periods, of mandates started from now on, 1 to 120. */
  minimumTermPeriods: number | null | undefined;
  /** 1 to 200 characters. */
  name: string | null | undefined;
};

/** A window of one date: `HH:MM` times local to the facilitator. */
export type TimeWindowInput = {
  /** `HH:MM` after `start` (24:00 allowed); the windows of the date must not overlap. */
  end: string;
  /** `HH:MM`, 00:00 to 23:59. */
  start: string;
};

/** Fields of a customer to change; those left out stay as they are (at least one is needed). */
export type UpdateCustomerInput = {
  /** True archives the customer; false restores them. */
  archived: boolean | null | undefined;
  /** An email address, at most 254 characters. */
  email: string | null | undefined;
  /** 1 to 100 characters. */
  firstName: string | null | undefined;
  /** 1 to 100 characters. */
  lastName: string | null | undefined;
  /** A phone number such as +447700900001; null or empty clears it. */
  mobile: string | null | undefined;
};

/** Changes to an event date: fields left out stay as they are. */
export type UpdateEventDateInput = {
  /** Spaces on sale, 1 to 100000, not below the spaces booked. */
  capacity: number | null | undefined;
  /** Length in minutes, 1 to 1440. */
  duration: number | null | undefined;
};

/** Fields of a voucher to change; those left out stay as they are (at least one is needed). A voucher has exactly one of `percentOff` and `base100AmountOff`. */
export type VoucherUpdate = {
  /** Whether it can be redeemed. */
  active: boolean | null | undefined;
  /** Amount off in minor units, 0 or more; null to use `percentOff` instead. */
  base100AmountOff: number | null | undefined;
  /** 1 to 64 characters, unique within the company. */
  code: string | null | undefined;
  /** At most 5000 characters. */
  description: string | null | undefined;
  /** At least the redemptions already made; null: unlimited. */
  maxRedemptions: number | null | undefined;
  /** Percentage off, 1 to 100; null to use `base100AmountOff` instead. */
  percentOff: number | null | undefined;
  /** First day it can be redeemed; null: no first day. */
  validFrom: string | null | undefined;
  /** Last day it can be redeemed, not before `validFrom`; null: no last day. */
  validUntil: string | null | undefined;
};

/** Where a waitlist entry stands: waiting in line, promoted to a booking, left, skipped (could not pay) or closed (its date was cancelled). */
export type WaitlistStatus =
  /** Its date was cancelled while it waited. */
  | 'CLOSED'
  /** Taken out of line by `leaveWaitlist`. */
  | 'LEFT'
  /** Booked when spaces freed up: see `booking`. */
  | 'PROMOTED'
  /** Passed over by a promotion because it could no longer pay or be booked: see `skippedReason`. */
  | 'SKIPPED'
  /** In line. */
  | 'WAITING';

/** Kinds of webhook events: a registration, a pass purchase and an event purchase, then the lifecycle of every product line (customers, bookings, appointments, passes, videos, subscriptions). */
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
  | 'VIDEO_PURCHASED'
  /** `waitlist.promoted`: a customer waiting on a full event date was booked when spaces freed up. */
  | 'WAITLIST_PROMOTED';

/** A weekly window: ISO weekday and `HH:MM` times local to the facilitator. */
export type WeeklyWindowInput = {
  /** `HH:MM` after `start` (24:00 allowed); the windows of one weekday must not overlap. */
  end: string;
  /** `HH:MM`, 00:00 to 23:59. */
  start: string;
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number;
};

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { me: { id: string, email: string, role: ConsoleRole, companyName: string, companyTimezone: string, companyCurrency: string, now: string, scopes: Array<string>, csrfToken: string } | null };

export type SignInMutationVariables = Exact<{
  email: string;
  password: string;
}>;


export type SignInMutation = { signIn: { id: string, email: string, role: ConsoleRole, companyName: string, companyTimezone: string, companyCurrency: string, now: string, scopes: Array<string>, csrfToken: string } };

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

export type V1KeysQueryVariables = Exact<{ [key: string]: never; }>;


export type V1KeysQuery = { v1Keys: Array<{ apiKey: string, name: string, createdAt: string, lastUsedAt: string | null, revoked: boolean }> };

export type CreateV1KeyMutationVariables = Exact<{
  name: string | null | undefined;
}>;


export type CreateV1KeyMutation = { createV1Key: { apiSecret: string, key: { apiKey: string, name: string } } };

export type RotateV1KeyMutationVariables = Exact<{
  apiKey: string | number;
}>;


export type RotateV1KeyMutation = { rotateV1Key: { apiSecret: string, previousSecretValidUntil: string | null } };

export type RevokeV1KeyMutationVariables = Exact<{
  apiKey: string | number;
}>;


export type RevokeV1KeyMutation = { revokeV1Key: { apiKey: string, revoked: boolean } };

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


export type AuditLogQuery = { auditLog: { total: number, page: number, pageSize: number, retentionDays: number, items: Array<{ id: string, at: string, surface: string, actor: string, clientId: string | null, clientName: string | null, userId: string | null, userEmail: string | null, method: string, path: string, resourceType: string | null, operation: string | null, action: string | null, status: number, errorCode: string | null, targets: Array<string>, missingScope: string | null, requestId: string | null }> } };

export type CreateCustomerMutationVariables = Exact<{
  input: CreateCustomerInput;
}>;


export type CreateCustomerMutation = { createCustomer: { id: string, firstName: string, lastName: string, email: string } };

export type AuditFilterOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type AuditFilterOptionsQuery = { auditActors: Array<{ id: string, kind: AuditActorKind, name: string }> };

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


export type CustomerQuery = { customer: { id: string, firstName: string, lastName: string, email: string, mobile: string | null, archived: boolean, createdAt: string, amountOwed: Array<{ currency: string, base100Amount: number, appointments: Array<{ id: string, datetime: string, service: { id: string, name: string }, facilitator: { id: string, name: string }, payment:
          | { method: PaymentMethod, base100NetPrice: number, currency: string, status: PaymentStatus, settlementMethod: SettlementMethod | null }
          | { method: PaymentMethod, creditsUsed: number, status: PaymentStatus }
         }>, charges: Array<{ id: string, periodStart: string, periodEnd: string, base100Amount: number, currency: string, status: PaymentStatus, mandate: { id: string, plan: { id: string, name: string } } }> }>, transactions: { total: number, nodes: Array<{ id: string, purchaseDate: string, bookings: Array<{ id: string, spaces: number, isCancelled: boolean, isRefunded: boolean, attended: boolean | null, event: { id: string, name: string }, eventDate: { id: string, datetime: string, startsAt: string }, boughtFor: { id: string, firstName: string, lastName: string } | null, payment:
            | { method: PaymentMethod, base100NetPrice: number, currency: string }
            | { method: PaymentMethod, creditsUsed: number }
           }> }> }, passPurchases: { total: number, nodes: Array<{ id: string, creditsAllocated: number, creditsRemaining: number, starts: string, expires: string, status: PassStatus, pass: { id: string, name: string } }> }, videoPurchases: { total: number, nodes: Array<{ id: string, createdAt: string, expiresOn: string | null, isExpired: boolean, isCancelled: boolean, isRefunded: boolean, media: { id: string, name: string }, payment:
          | { method: PaymentMethod, base100NetPrice: number, currency: string }
          | { method: PaymentMethod, creditsUsed: number }
         }> } | null, mandates: { total: number, nodes: Array<{ id: string, state: MandateState, createdAt: string, renewalDate: string, earliestCancellationDate: string, endsOn: string | null, pausedAt: string | null, plan: { id: string, name: string, base100Price: number, currency: string, interval: PlanInterval }, charges: { total: number, nodes: Array<{ id: string, periodStart: string, periodEnd: string, base100Amount: number, currency: string, status: PaymentStatus, settlementMethod: SettlementMethod | null }> } }> } | null, appointments: { total: number, nodes: Array<{ id: string, datetime: string, startsAt: string, tz: string, status: string, durationMinutes: number, optionName: string, notes: string, customer: { id: string, firstName: string, lastName: string }, service: { id: string, name: string }, facilitator: { id: string, name: string }, payment:
          | { method: PaymentMethod, base100NetPrice: number, currency: string, status: PaymentStatus, settlementMethod: SettlementMethod | null }
          | { method: PaymentMethod, creditsUsed: number, status: PaymentStatus }
         }> }, notes: { total: number, nodes: Array<{ id: string, body: string, author: string | null, createdAt: string, appointment: { id: string, datetime: string, service: { name: string } } | null }> } | null } | null };

type PaymentDetails_CardPayment_Fragment = { method: PaymentMethod, base100NetPrice: number, currency: string, status: PaymentStatus, settlementMethod: SettlementMethod | null };

type PaymentDetails_PassPayment_Fragment = { method: PaymentMethod, creditsUsed: number, status: PaymentStatus };

export type PaymentDetailsFragment =
  | PaymentDetails_CardPayment_Fragment
  | PaymentDetails_PassPayment_Fragment
;

export type AppointmentDetailsFragment = { id: string, datetime: string, startsAt: string, tz: string, status: string, durationMinutes: number, optionName: string, notes: string, customer: { id: string, firstName: string, lastName: string }, service: { id: string, name: string }, facilitator: { id: string, name: string }, payment:
    | { method: PaymentMethod, base100NetPrice: number, currency: string, status: PaymentStatus, settlementMethod: SettlementMethod | null }
    | { method: PaymentMethod, creditsUsed: number, status: PaymentStatus }
   };

export type UpdateCustomerMutationVariables = Exact<{
  id: string | number;
  input: UpdateCustomerInput;
}>;


export type UpdateCustomerMutation = { updateCustomer: { id: string, firstName: string, lastName: string, email: string, mobile: string | null, archived: boolean } };

export type AddNoteMutationVariables = Exact<{
  customerId: string | number;
  body: string;
}>;


export type AddNoteMutation = { addNote: { id: string } };

export type DeleteNoteMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteNoteMutation = { deleteNote: string | null };

export type SaleOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type SaleOptionsQuery = { passes: { nodes: Array<{ id: string, name: string, credits: number, validityDays: number, base100Price: number, currency: string, active: boolean }> } | null, videos: { nodes: Array<{ id: string, name: string, base100Price: number, credits: number, accessDays: number | null, active: boolean }> } | null, subscriptionPlans: { nodes: Array<{ id: string, name: string, base100Price: number, currency: string, interval: PlanInterval, active: boolean, minimumTermPeriods: number }> } | null };

export type PurchasePassMutationVariables = Exact<{
  input: PurchasePassInput;
}>;


export type PurchasePassMutation = { purchasePass: { id: string, creditsRemaining: number, expires: string, pass: { name: string } } };

export type PurchaseVideoMutationVariables = Exact<{
  input: PurchaseVideoInput;
}>;


export type PurchaseVideoMutation = { purchaseVideo: { id: string, expiresOn: string | null, media: { name: string } } };

export type CancelVideoPurchaseMutationVariables = Exact<{
  id: string | number;
  refund: boolean | null | undefined;
}>;


export type CancelVideoPurchaseMutation = { cancelVideoPurchase: { id: string, isCancelled: boolean, isRefunded: boolean } };

export type StartSubscriptionMutationVariables = Exact<{
  input: StartSubscriptionInput;
}>;


export type StartSubscriptionMutation = { startSubscription: { id: string, state: MandateState, renewalDate: string, plan: { name: string } } };

export type PauseSubscriptionMutationVariables = Exact<{
  id: string | number;
}>;


export type PauseSubscriptionMutation = { pauseSubscription: { id: string, state: MandateState } };

export type ResumeSubscriptionMutationVariables = Exact<{
  id: string | number;
}>;


export type ResumeSubscriptionMutation = { resumeSubscription: { id: string, state: MandateState } };

export type CancelSubscriptionMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelSubscriptionMutation = { cancelSubscription: { id: string, state: MandateState, endsOn: string | null } };

export type CancelBookingMutationVariables = Exact<{
  id: string | number;
  refund: boolean | null | undefined;
}>;


export type CancelBookingMutation = { cancelBooking: { id: string, isCancelled: boolean, isRefunded: boolean } };

export type SetBookingAttendanceMutationVariables = Exact<{
  id: string | number;
  attended: boolean | null | undefined;
}>;


export type SetBookingAttendanceMutation = { setBookingAttendance: { id: string, attended: boolean | null } };

export type TodayQueryVariables = Exact<{
  date: string;
}>;


export type TodayQuery = { appointments: { total: number, nodes: Array<{ id: string, datetime: string, startsAt: string, tz: string, status: string, durationMinutes: number, optionName: string, notes: string, customer: { id: string, firstName: string, lastName: string }, service: { id: string, name: string }, facilitator: { id: string, name: string }, payment:
        | { method: PaymentMethod, base100NetPrice: number, currency: string, status: PaymentStatus, settlementMethod: SettlementMethod | null }
        | { method: PaymentMethod, creditsUsed: number, status: PaymentStatus }
       }> } | null, eventDates: { total: number, nodes: Array<{ id: string, datetime: string, startsAt: string, tz: string, duration: number, capacity: number, spacesBooked: number, cancelled: boolean, event: { id: string, name: string } }> } | null };

export type SetAppointmentStatusMutationVariables = Exact<{
  id: string | number;
  status: AppointmentStatus;
}>;


export type SetAppointmentStatusMutation = { setAppointmentStatus: { id: string, status: string } };

export type SetAppointmentPaymentStatusMutationVariables = Exact<{
  id: string | number;
  status: PaymentStatus;
  method: SettlementMethod | null | undefined;
}>;


export type SetAppointmentPaymentStatusMutation = { setAppointmentPaymentStatus: { id: string, payment:
      | { method: PaymentMethod, base100NetPrice: number, currency: string, status: PaymentStatus, settlementMethod: SettlementMethod | null }
      | { method: PaymentMethod, creditsUsed: number, status: PaymentStatus }
     } };

export type SetSubscriptionChargeStatusMutationVariables = Exact<{
  id: string | number;
  status: PaymentStatus;
  method: SettlementMethod | null | undefined;
}>;


export type SetSubscriptionChargeStatusMutation = { setSubscriptionChargeStatus: { id: string, status: PaymentStatus, settlementMethod: SettlementMethod | null } };

export type CalendarSetupQueryVariables = Exact<{ [key: string]: never; }>;


export type CalendarSetupQuery = { facilitators: Array<{ id: string, name: string, timezone: string }> | null, services: Array<{ id: string, name: string, bufferMinutes: number, active: boolean, options: Array<{ name: string, durationMinutes: number, base100Price: number, credits: number, active: boolean }> }> | null };

export type AvailabilityQueryVariables = Exact<{
  facilitatorId: string | number;
  serviceId: string | number | null | undefined;
  date: string;
}>;


export type AvailabilityQuery = { availability: { facilitatorId: string, dates: Array<{ date: string, windows: Array<{ startTime: string, endTime: string, slots: Array<{ start: string, end: string, available: boolean }> }> }> }, appointments: { nodes: Array<{ id: string, datetime: string, startsAt: string, tz: string, status: string, durationMinutes: number, optionName: string, notes: string, customer: { id: string, firstName: string, lastName: string }, service: { id: string, name: string }, facilitator: { id: string, name: string }, payment:
        | { method: PaymentMethod, base100NetPrice: number, currency: string, status: PaymentStatus, settlementMethod: SettlementMethod | null }
        | { method: PaymentMethod, creditsUsed: number, status: PaymentStatus }
       }> } | null };

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
  facilitatorId: string | number | null | undefined;
}>;


export type RescheduleAppointmentMutation = { rescheduleAppointment: { id: string, datetime: string, status: string, facilitator: { name: string } } };

export type EventsQueryVariables = Exact<{
  page: number | null | undefined;
  from: string | null | undefined;
}>;


export type EventsQuery = { events: { total: number, page: number, pageSize: number, nodes: Array<{ id: string, name: string, kind: EventKind, timezone: string, dates: Array<{ id: string, datetime: string, duration: number, capacity: number, spacesBooked: number, spacesLeft: number, cancelled: boolean }> }> } | null };

export type EventRegisterQueryVariables = Exact<{
  eventId: string | number;
  dateId: string | number;
}>;


export type EventRegisterQuery = { event: { id: string, name: string, pricingOptions: Array<{ id: string, name: string, base100Price: number, credits: number, currency: string }>, date: { id: string, datetime: string, startsAt: string, duration: number, capacity: number, spacesBooked: number, spacesLeft: number, cancelled: boolean, waitlist: Array<{ id: string, position: number | null, status: WaitlistStatus, spaces: number, payWith: PaymentChoice, skippedReason: string | null, customer: { id: string, firstName: string, lastName: string }, booking: { id: string } | null }>, register: { total: number, nodes: Array<{ id: string, spaces: number, isCancelled: boolean, isRefunded: boolean, attended: boolean | null, purchasedBy: { id: string, firstName: string, lastName: string }, boughtFor: { id: string, firstName: string, lastName: string } | null }> } | null } | null } | null };

export type BookEventMutationVariables = Exact<{
  input: BookEventInput;
}>;


export type BookEventMutation = { bookEvent: { id: string, bookings: Array<{ id: string, spaces: number }> } };

export type CatalogueServicesQueryVariables = Exact<{ [key: string]: never; }>;


export type CatalogueServicesQuery = { services: Array<{ id: string, name: string, description: string, bufferMinutes: number, active: boolean, options: Array<{ name: string, durationMinutes: number, base100Price: number, credits: number, active: boolean }> }> | null };

export type CreateServiceMutationVariables = Exact<{
  input: ServiceInput;
}>;


export type CreateServiceMutation = { createService: { id: string, name: string } };

export type UpdateServiceMutationVariables = Exact<{
  id: string | number;
  input: ServiceUpdate;
}>;


export type UpdateServiceMutation = { updateService: { id: string, name: string } };

export type DeleteServiceMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteServiceMutation = { deleteService: { id: string, deleted: boolean } };

export type SetServiceOptionMutationVariables = Exact<{
  serviceId: string | number;
  option: ServiceOptionInput;
}>;


export type SetServiceOptionMutation = { setServiceOption: { id: string } };

export type DeleteServiceOptionMutationVariables = Exact<{
  serviceId: string | number;
  name: string;
}>;


export type DeleteServiceOptionMutation = { deleteServiceOption: { id: string } };

export type CatalogueFacilitatorsQueryVariables = Exact<{
  from: string | null | undefined;
}>;


export type CatalogueFacilitatorsQuery = { facilitators: Array<{ id: string, name: string, timezone: string, weeklyWindows: Array<{ weekday: number, start: string, end: string }>, dateOverrides: Array<{ date: string, windows: Array<{ start: string, end: string }> }> }> | null };

export type CreateFacilitatorMutationVariables = Exact<{
  input: CreateFacilitatorInput;
}>;


export type CreateFacilitatorMutation = { createFacilitator: { id: string, name: string } };

export type SetWeeklyWindowsMutationVariables = Exact<{
  facilitatorId: string | number;
  windows: Array<WeeklyWindowInput> | WeeklyWindowInput;
}>;


export type SetWeeklyWindowsMutation = { setWeeklyWindows: { id: string } };

export type SetDateOverrideMutationVariables = Exact<{
  facilitatorId: string | number;
  date: string;
  windows: Array<TimeWindowInput> | TimeWindowInput | null | undefined;
}>;


export type SetDateOverrideMutation = { setDateOverride: { id: string } };

export type CataloguePassesQueryVariables = Exact<{ [key: string]: never; }>;


export type CataloguePassesQuery = { passes: { total: number, nodes: Array<{ id: string, name: string, description: string, credits: number, validityDays: number, base100Price: number, currency: string, active: boolean }> } | null };

export type CreatePassMutationVariables = Exact<{
  input: CreatePassInput;
}>;


export type CreatePassMutation = { createPass: { id: string, name: string } };

export type UpdatePassMutationVariables = Exact<{
  id: string | number;
  input: PassUpdate;
}>;


export type UpdatePassMutation = { updatePass: { id: string, name: string } };

export type CatalogueVideosQueryVariables = Exact<{ [key: string]: never; }>;


export type CatalogueVideosQuery = { videos: { total: number, nodes: Array<{ id: string, name: string, description: string, base100Price: number, credits: number, accessDays: number | null, active: boolean }> } | null };

export type CreateVideoMutationVariables = Exact<{
  input: CreateVideoInput;
}>;


export type CreateVideoMutation = { createVideo: { id: string, name: string } };

export type UpdateVideoMutationVariables = Exact<{
  id: string | number;
  input: MediaUpdate;
}>;


export type UpdateVideoMutation = { updateVideo: { id: string, name: string } };

export type CataloguePlansQueryVariables = Exact<{ [key: string]: never; }>;


export type CataloguePlansQuery = { subscriptionPlans: { total: number, nodes: Array<{ id: string, name: string, description: string, base100Price: number, currency: string, interval: PlanInterval, active: boolean, graceDays: number, minimumTermPeriods: number }> } | null };

export type CreateSubscriptionPlanMutationVariables = Exact<{
  input: CreateSubscriptionPlanInput;
}>;


export type CreateSubscriptionPlanMutation = { createSubscriptionPlan: { id: string, name: string } };

export type UpdateSubscriptionPlanMutationVariables = Exact<{
  id: string | number;
  input: SubscriptionPlanUpdate;
}>;


export type UpdateSubscriptionPlanMutation = { updateSubscriptionPlan: { id: string, name: string } };

export type CatalogueVouchersQueryVariables = Exact<{ [key: string]: never; }>;


export type CatalogueVouchersQuery = { vouchers: { total: number, nodes: Array<{ id: string, code: string, description: string, percentOff: number | null, base100AmountOff: number | null, validFrom: string | null, validUntil: string | null, maxRedemptions: number | null, redemptions: number, active: boolean }> } | null };

export type CreateVoucherMutationVariables = Exact<{
  input: CreateVoucherInput;
}>;


export type CreateVoucherMutation = { createVoucher: { id: string, code: string } };

export type UpdateVoucherMutationVariables = Exact<{
  id: string | number;
  input: VoucherUpdate;
}>;


export type UpdateVoucherMutation = { updateVoucher: { id: string, code: string } };

export type ScheduleQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type ScheduleQuery = { eventDates: { total: number, nodes: Array<{ id: string, datetime: string, startsAt: string, tz: string, duration: number, capacity: number, spacesBooked: number, cancelled: boolean, event: { id: string, name: string, kind: EventKind } }> } | null };

export type ClassesQueryVariables = Exact<{ [key: string]: never; }>;


export type ClassesQuery = { events: { total: number, nodes: Array<{ id: string, name: string, kind: EventKind }> } | null };

export type CreateClassMutationVariables = Exact<{
  input: CreateEventInput;
}>;


export type CreateClassMutation = { createEvent: { id: string, name: string } };

export type AddRecurringDatesMutationVariables = Exact<{
  eventId: string | number;
  rule: RecurrenceInput;
}>;


export type AddRecurringDatesMutation = { addRecurringDates: Array<{ id: string, datetime: string }> };

export type UpdateEventDateMutationVariables = Exact<{
  id: string | number;
  input: UpdateEventDateInput;
}>;


export type UpdateEventDateMutation = { updateEventDate: { id: string, capacity: number, duration: number, spacesBooked: number } };

export type CancelEventDateMutationVariables = Exact<{
  id: string | number;
  refund: boolean | null | undefined;
}>;


export type CancelEventDateMutation = { cancelEventDate: { id: string, cancelled: boolean, spacesBooked: number } };

export type JoinWaitlistMutationVariables = Exact<{
  input: JoinWaitlistInput;
}>;


export type JoinWaitlistMutation = { joinWaitlist: { id: string, position: number | null } };

export type LeaveWaitlistMutationVariables = Exact<{
  id: string | number;
}>;


export type LeaveWaitlistMutation = { leaveWaitlist: { id: string, status: WaitlistStatus } };

export type ReportFiguresFieldsFragment = { eventBookings: number, attended: number, noShows: number, spacesBooked: number, spacesOffered: number, appointments: number, appointmentsCompleted: number, appointmentsNoShow: number, newCustomers: number, revenue: Array<{ currency: string, base100Amount: number }> };

export type ReportQueryVariables = Exact<{
  from: string;
  to: string;
  by: ReportInterval | null | undefined;
}>;


export type ReportQuery = { report: { csv: string, periods: Array<{ start: string, end: string, figures: { eventBookings: number, attended: number, noShows: number, spacesBooked: number, spacesOffered: number, appointments: number, appointmentsCompleted: number, appointmentsNoShow: number, newCustomers: number, revenue: Array<{ currency: string, base100Amount: number }> } }>, totals: { eventBookings: number, attended: number, noShows: number, spacesBooked: number, spacesOffered: number, appointments: number, appointmentsCompleted: number, appointmentsNoShow: number, newCustomers: number, revenue: Array<{ currency: string, base100Amount: number }> } } };

export type ChangesSubscriptionVariables = Exact<{
  types: Array<string> | string | null | undefined;
}>;


export type ChangesSubscription = { changes: { type: string, id: string, action: string, related: Array<string> } };

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
export const PaymentDetailsFragmentDoc = new TypedDocumentString(`
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
    `, {"fragmentName":"PaymentDetails"}) as unknown as TypedDocumentString<PaymentDetailsFragment, unknown>;
export const AppointmentDetailsFragmentDoc = new TypedDocumentString(`
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
}`, {"fragmentName":"AppointmentDetails"}) as unknown as TypedDocumentString<AppointmentDetailsFragment, unknown>;
export const ReportFiguresFieldsFragmentDoc = new TypedDocumentString(`
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
    `, {"fragmentName":"ReportFiguresFields"}) as unknown as TypedDocumentString<ReportFiguresFieldsFragment, unknown>;
export const MeDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<MeQuery, MeQueryVariables>;
export const SignInDocument = new TypedDocumentString(`
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
export const V1KeysDocument = new TypedDocumentString(`
    query V1Keys {
  v1Keys {
    apiKey
    name
    createdAt
    lastUsedAt
    revoked
  }
}
    `) as unknown as TypedDocumentString<V1KeysQuery, V1KeysQueryVariables>;
export const CreateV1KeyDocument = new TypedDocumentString(`
    mutation CreateV1Key($name: String) {
  createV1Key(name: $name) {
    apiSecret
    key {
      apiKey
      name
    }
  }
}
    `) as unknown as TypedDocumentString<CreateV1KeyMutation, CreateV1KeyMutationVariables>;
export const RotateV1KeyDocument = new TypedDocumentString(`
    mutation RotateV1Key($apiKey: ID!) {
  rotateV1Key(apiKey: $apiKey) {
    apiSecret
    previousSecretValidUntil
  }
}
    `) as unknown as TypedDocumentString<RotateV1KeyMutation, RotateV1KeyMutationVariables>;
export const RevokeV1KeyDocument = new TypedDocumentString(`
    mutation RevokeV1Key($apiKey: ID!) {
  revokeV1Key(apiKey: $apiKey) {
    apiKey
    revoked
  }
}
    `) as unknown as TypedDocumentString<RevokeV1KeyMutation, RevokeV1KeyMutationVariables>;
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
    `) as unknown as TypedDocumentString<AuditLogQuery, AuditLogQueryVariables>;
export const CreateCustomerDocument = new TypedDocumentString(`
    mutation CreateCustomer($input: CreateCustomerInput!) {
  createCustomer(input: $input) {
    id
    firstName
    lastName
    email
  }
}
    `) as unknown as TypedDocumentString<CreateCustomerMutation, CreateCustomerMutationVariables>;
export const AuditFilterOptionsDocument = new TypedDocumentString(`
    query AuditFilterOptions {
  auditActors {
    id
    kind
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
}`) as unknown as TypedDocumentString<CustomerQuery, CustomerQueryVariables>;
export const UpdateCustomerDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<UpdateCustomerMutation, UpdateCustomerMutationVariables>;
export const AddNoteDocument = new TypedDocumentString(`
    mutation AddNote($customerId: ID!, $body: String!) {
  addNote(customerId: $customerId, body: $body) {
    id
  }
}
    `) as unknown as TypedDocumentString<AddNoteMutation, AddNoteMutationVariables>;
export const DeleteNoteDocument = new TypedDocumentString(`
    mutation DeleteNote($id: ID!) {
  deleteNote(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteNoteMutation, DeleteNoteMutationVariables>;
export const SaleOptionsDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<SaleOptionsQuery, SaleOptionsQueryVariables>;
export const PurchasePassDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<PurchasePassMutation, PurchasePassMutationVariables>;
export const PurchaseVideoDocument = new TypedDocumentString(`
    mutation PurchaseVideo($input: PurchaseVideoInput!) {
  purchaseVideo(input: $input) {
    id
    expiresOn
    media {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<PurchaseVideoMutation, PurchaseVideoMutationVariables>;
export const CancelVideoPurchaseDocument = new TypedDocumentString(`
    mutation CancelVideoPurchase($id: ID!, $refund: Boolean) {
  cancelVideoPurchase(id: $id, refund: $refund) {
    id
    isCancelled
    isRefunded
  }
}
    `) as unknown as TypedDocumentString<CancelVideoPurchaseMutation, CancelVideoPurchaseMutationVariables>;
export const StartSubscriptionDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<StartSubscriptionMutation, StartSubscriptionMutationVariables>;
export const PauseSubscriptionDocument = new TypedDocumentString(`
    mutation PauseSubscription($id: ID!) {
  pauseSubscription(id: $id) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<PauseSubscriptionMutation, PauseSubscriptionMutationVariables>;
export const ResumeSubscriptionDocument = new TypedDocumentString(`
    mutation ResumeSubscription($id: ID!) {
  resumeSubscription(id: $id) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<ResumeSubscriptionMutation, ResumeSubscriptionMutationVariables>;
export const CancelSubscriptionDocument = new TypedDocumentString(`
    mutation CancelSubscription($id: ID!) {
  cancelSubscription(id: $id) {
    id
    state
    endsOn
  }
}
    `) as unknown as TypedDocumentString<CancelSubscriptionMutation, CancelSubscriptionMutationVariables>;
export const CancelBookingDocument = new TypedDocumentString(`
    mutation CancelBooking($id: ID!, $refund: Boolean) {
  cancelBooking(id: $id, refund: $refund) {
    id
    isCancelled
    isRefunded
  }
}
    `) as unknown as TypedDocumentString<CancelBookingMutation, CancelBookingMutationVariables>;
export const SetBookingAttendanceDocument = new TypedDocumentString(`
    mutation SetBookingAttendance($id: ID!, $attended: Boolean) {
  setBookingAttendance(id: $id, attended: $attended) {
    id
    attended
  }
}
    `) as unknown as TypedDocumentString<SetBookingAttendanceMutation, SetBookingAttendanceMutationVariables>;
export const TodayDocument = new TypedDocumentString(`
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
}`) as unknown as TypedDocumentString<TodayQuery, TodayQueryVariables>;
export const SetAppointmentStatusDocument = new TypedDocumentString(`
    mutation SetAppointmentStatus($id: ID!, $status: AppointmentStatus!) {
  setAppointmentStatus(id: $id, status: $status) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<SetAppointmentStatusMutation, SetAppointmentStatusMutationVariables>;
export const SetAppointmentPaymentStatusDocument = new TypedDocumentString(`
    mutation SetAppointmentPaymentStatus($id: ID!, $status: PaymentStatus!, $method: SettlementMethod) {
  setAppointmentPaymentStatus(id: $id, status: $status, method: $method) {
    id
    payment {
      ...PaymentDetails
    }
  }
}
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
}`) as unknown as TypedDocumentString<SetAppointmentPaymentStatusMutation, SetAppointmentPaymentStatusMutationVariables>;
export const SetSubscriptionChargeStatusDocument = new TypedDocumentString(`
    mutation SetSubscriptionChargeStatus($id: ID!, $status: PaymentStatus!, $method: SettlementMethod) {
  setSubscriptionChargeStatus(id: $id, status: $status, method: $method) {
    id
    status
    settlementMethod
  }
}
    `) as unknown as TypedDocumentString<SetSubscriptionChargeStatusMutation, SetSubscriptionChargeStatusMutationVariables>;
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
    `) as unknown as TypedDocumentString<CalendarSetupQuery, CalendarSetupQueryVariables>;
export const AvailabilityDocument = new TypedDocumentString(`
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
  appointments(
    facilitatorId: $facilitatorId
    startDate: $date
    endDate: $date
    pageSize: 100
  ) {
    nodes {
      ...AppointmentDetails
    }
  }
}
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
}`) as unknown as TypedDocumentString<AvailabilityQuery, AvailabilityQueryVariables>;
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
    mutation RescheduleAppointment($id: ID!, $datetime: LocalDateTime!, $facilitatorId: ID) {
  rescheduleAppointment(
    id: $id
    datetime: $datetime
    facilitatorId: $facilitatorId
  ) {
    id
    datetime
    status
    facilitator {
      name
    }
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
    `) as unknown as TypedDocumentString<EventsQuery, EventsQueryVariables>;
export const EventRegisterDocument = new TypedDocumentString(`
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
export const CatalogueServicesDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<CatalogueServicesQuery, CatalogueServicesQueryVariables>;
export const CreateServiceDocument = new TypedDocumentString(`
    mutation CreateService($input: ServiceInput!) {
  createService(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateServiceMutation, CreateServiceMutationVariables>;
export const UpdateServiceDocument = new TypedDocumentString(`
    mutation UpdateService($id: ID!, $input: ServiceUpdate!) {
  updateService(id: $id, input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<UpdateServiceMutation, UpdateServiceMutationVariables>;
export const DeleteServiceDocument = new TypedDocumentString(`
    mutation DeleteService($id: ID!) {
  deleteService(id: $id) {
    id
    deleted
  }
}
    `) as unknown as TypedDocumentString<DeleteServiceMutation, DeleteServiceMutationVariables>;
export const SetServiceOptionDocument = new TypedDocumentString(`
    mutation SetServiceOption($serviceId: ID!, $option: ServiceOptionInput!) {
  setServiceOption(serviceId: $serviceId, option: $option) {
    id
  }
}
    `) as unknown as TypedDocumentString<SetServiceOptionMutation, SetServiceOptionMutationVariables>;
export const DeleteServiceOptionDocument = new TypedDocumentString(`
    mutation DeleteServiceOption($serviceId: ID!, $name: String!) {
  deleteServiceOption(serviceId: $serviceId, name: $name) {
    id
  }
}
    `) as unknown as TypedDocumentString<DeleteServiceOptionMutation, DeleteServiceOptionMutationVariables>;
export const CatalogueFacilitatorsDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<CatalogueFacilitatorsQuery, CatalogueFacilitatorsQueryVariables>;
export const CreateFacilitatorDocument = new TypedDocumentString(`
    mutation CreateFacilitator($input: CreateFacilitatorInput!) {
  createFacilitator(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateFacilitatorMutation, CreateFacilitatorMutationVariables>;
export const SetWeeklyWindowsDocument = new TypedDocumentString(`
    mutation SetWeeklyWindows($facilitatorId: ID!, $windows: [WeeklyWindowInput!]!) {
  setWeeklyWindows(facilitatorId: $facilitatorId, windows: $windows) {
    id
  }
}
    `) as unknown as TypedDocumentString<SetWeeklyWindowsMutation, SetWeeklyWindowsMutationVariables>;
export const SetDateOverrideDocument = new TypedDocumentString(`
    mutation SetDateOverride($facilitatorId: ID!, $date: Date!, $windows: [TimeWindowInput!]) {
  setDateOverride(facilitatorId: $facilitatorId, date: $date, windows: $windows) {
    id
  }
}
    `) as unknown as TypedDocumentString<SetDateOverrideMutation, SetDateOverrideMutationVariables>;
export const CataloguePassesDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<CataloguePassesQuery, CataloguePassesQueryVariables>;
export const CreatePassDocument = new TypedDocumentString(`
    mutation CreatePass($input: CreatePassInput!) {
  createPass(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreatePassMutation, CreatePassMutationVariables>;
export const UpdatePassDocument = new TypedDocumentString(`
    mutation UpdatePass($id: ID!, $input: PassUpdate!) {
  updatePass(id: $id, input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<UpdatePassMutation, UpdatePassMutationVariables>;
export const CatalogueVideosDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<CatalogueVideosQuery, CatalogueVideosQueryVariables>;
export const CreateVideoDocument = new TypedDocumentString(`
    mutation CreateVideo($input: CreateVideoInput!) {
  createVideo(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateVideoMutation, CreateVideoMutationVariables>;
export const UpdateVideoDocument = new TypedDocumentString(`
    mutation UpdateVideo($id: ID!, $input: MediaUpdate!) {
  updateVideo(id: $id, input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<UpdateVideoMutation, UpdateVideoMutationVariables>;
export const CataloguePlansDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<CataloguePlansQuery, CataloguePlansQueryVariables>;
export const CreateSubscriptionPlanDocument = new TypedDocumentString(`
    mutation CreateSubscriptionPlan($input: CreateSubscriptionPlanInput!) {
  createSubscriptionPlan(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateSubscriptionPlanMutation, CreateSubscriptionPlanMutationVariables>;
export const UpdateSubscriptionPlanDocument = new TypedDocumentString(`
    mutation UpdateSubscriptionPlan($id: ID!, $input: SubscriptionPlanUpdate!) {
  updateSubscriptionPlan(id: $id, input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<UpdateSubscriptionPlanMutation, UpdateSubscriptionPlanMutationVariables>;
export const CatalogueVouchersDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<CatalogueVouchersQuery, CatalogueVouchersQueryVariables>;
export const CreateVoucherDocument = new TypedDocumentString(`
    mutation CreateVoucher($input: CreateVoucherInput!) {
  createVoucher(input: $input) {
    id
    code
  }
}
    `) as unknown as TypedDocumentString<CreateVoucherMutation, CreateVoucherMutationVariables>;
export const UpdateVoucherDocument = new TypedDocumentString(`
    mutation UpdateVoucher($id: ID!, $input: VoucherUpdate!) {
  updateVoucher(id: $id, input: $input) {
    id
    code
  }
}
    `) as unknown as TypedDocumentString<UpdateVoucherMutation, UpdateVoucherMutationVariables>;
export const ScheduleDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<ScheduleQuery, ScheduleQueryVariables>;
export const ClassesDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<ClassesQuery, ClassesQueryVariables>;
export const CreateClassDocument = new TypedDocumentString(`
    mutation CreateClass($input: CreateEventInput!) {
  createEvent(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateClassMutation, CreateClassMutationVariables>;
export const AddRecurringDatesDocument = new TypedDocumentString(`
    mutation AddRecurringDates($eventId: ID!, $rule: RecurrenceInput!) {
  addRecurringDates(eventId: $eventId, rule: $rule) {
    id
    datetime
  }
}
    `) as unknown as TypedDocumentString<AddRecurringDatesMutation, AddRecurringDatesMutationVariables>;
export const UpdateEventDateDocument = new TypedDocumentString(`
    mutation UpdateEventDate($id: ID!, $input: UpdateEventDateInput!) {
  updateEventDate(id: $id, input: $input) {
    id
    capacity
    duration
    spacesBooked
  }
}
    `) as unknown as TypedDocumentString<UpdateEventDateMutation, UpdateEventDateMutationVariables>;
export const CancelEventDateDocument = new TypedDocumentString(`
    mutation CancelEventDate($id: ID!, $refund: Boolean) {
  cancelEventDate(id: $id, refund: $refund) {
    id
    cancelled
    spacesBooked
  }
}
    `) as unknown as TypedDocumentString<CancelEventDateMutation, CancelEventDateMutationVariables>;
export const JoinWaitlistDocument = new TypedDocumentString(`
    mutation JoinWaitlist($input: JoinWaitlistInput!) {
  joinWaitlist(input: $input) {
    id
    position
  }
}
    `) as unknown as TypedDocumentString<JoinWaitlistMutation, JoinWaitlistMutationVariables>;
export const LeaveWaitlistDocument = new TypedDocumentString(`
    mutation LeaveWaitlist($id: ID!) {
  leaveWaitlist(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<LeaveWaitlistMutation, LeaveWaitlistMutationVariables>;
export const ReportDocument = new TypedDocumentString(`
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
}`) as unknown as TypedDocumentString<ReportQuery, ReportQueryVariables>;
export const ChangesDocument = new TypedDocumentString(`
    subscription Changes($types: [String!]) {
  changes(types: $types) {
    type
    id
    action
    related
  }
}
    `) as unknown as TypedDocumentString<ChangesSubscription, ChangesSubscriptionVariables>;