/**
 * The M2M interface (document 1, section 4), one row per endpoint: method, path, the GraphQL document it
 * runs, its variables and its response. Each route's scope is derived from its document (rest/route.ts).
 */
import type { RouteInput as Request } from '../route.ts';
import type { z } from 'zod';
import { parseBody } from '../body.ts';
import { param, query } from '../params.ts';
import type { RouteDeclaration } from '../route.ts';
import { M2M_BODIES as body } from './bodies.ts';
import * as present from './presenters.ts';

const PAGE = 'page: $page, pageSize: $pageSize';
const paging = (req: Request) => ({ page: query.int(req, 'page'), pageSize: query.int(req, 'pageSize') });
const PAGE_FIELDS = 'total page pageSize';

const CUSTOMER = 'id firstname: firstName lastname: lastName email';
const PAYMENT = `payment {
  ... on CardPayment { method currency gross: base100GrossPrice net: base100NetPrice status settlement_method: settlementMethod }
  ... on PassPayment { method currency credits_used: creditsUsed status }
}`;
const TRANSACTION = `id purchase_date: purchaseDate
  bookings(futureOnly: $futureOnly) {
    id is_cancelled: isCancelled is_refunded: isRefunded spaces
    purchased_by: purchasedBy { ${CUSTOMER} }
    bought_for: boughtFor { ${CUSTOMER} }
    event { id name }
    date: eventDate { id datetime tz duration }
    pricing_option: pricingOption { id }
    ${PAYMENT}
  }`;
const CUSTOMER_APPOINTMENT = `id status notes created_at: createdAt datetime tz duration_minutes: durationMinutes
  service { id name } facilitator { id name } ${PAYMENT}`;
const APPOINTMENT = `id status datetime tz duration_minutes: durationMinutes option_name: optionName notes created_at: createdAt
  customer { id firstname: firstName lastname: lastName }
  service { id name } facilitator { id name } ${PAYMENT}`;
const SERVICE = `id name description buffer_minutes: bufferMinutes active
  options { name duration_minutes: durationMinutes base100_price: base100Price credits active }`;
const PASS_PURCHASE = `id pass { id name } allocated: creditsAllocated consumed: creditsConsumed created: createdAt starts expires
  is_cancelled: isCancelled is_refunded: isRefunded
  payment_details: paymentDetails { currency base100gross_price: base100GrossPrice base100_discount: base100Discount base100net_price: base100NetPrice }`;
const VIDEO_PURCHASE = `id media { id name } created: createdAt expires_on: expiresOn is_cancelled: isCancelled is_refunded: isRefunded
  is_expired: isExpired ${PAYMENT}`;
const MANDATE = `id state created: createdAt grace earliest_cancellation_date: earliestCancellationDate renewal_date: renewalDate
  plan { id name base100_price: base100Price currency }`;
const EVENT = `id name description kind tz: timezone archived
  dates { id datetime tz duration capacity spaces_booked: spacesBooked spaces_left: spacesLeft cancelled }
  pricing_options: pricingOptions { id name base100_price: base100Price credits currency }`;
const PLAN = 'id name description base100_price: base100Price currency interval active';
const PASS = 'id name description credits validity_days: validityDays base100_price: base100Price currency active';
const VIDEO = 'id name description base100_price: base100Price credits access_days: accessDays active';
const VOUCHER = `id code description percent_off: percentOff base100_amount_off: base100AmountOff valid_from: validFrom
  valid_until: validUntil max_redemptions: maxRedemptions redemptions active`;

/** A paged list of one customer's records: 404 when the customer does not exist. */
function customerPage(path: string, resource: string, field: string, fields: string, item: (row: any) => unknown): RouteDeclaration {
  return {
    method: 'GET',
    path,
    resource,
    document: `query ($id: ID!, $page: Int, $pageSize: Int) { customer(id: $id) { page: ${field}(${PAGE}) { nodes { ${fields} } ${PAGE_FIELDS} } } }`,
    variables: (req) => ({ id: param(req, 'id'), ...paging(req) }),
    respond: (data) => present.paged(present.found(data.customer, 'Customer').page, item),
  };
}

function catalogueList(path: string, resource: string, field: string, fields: string, item: (row: any) => unknown): RouteDeclaration {
  return {
    method: 'GET',
    path,
    resource,
    document: `query ($page: Int, $pageSize: Int) { page: ${field}(${PAGE}) { nodes { ${fields} } ${PAGE_FIELDS} } }`,
    variables: paging,
    respond: (data) => present.paged(data.page, item),
  };
}

function catalogueItem(path: string, resource: string, field: string, fields: string, item: (row: any) => unknown, what: string): RouteDeclaration {
  return {
    method: 'GET',
    path,
    resource,
    document: `query ($id: ID!) { item: ${field}(id: $id) { ${fields} } }`,
    variables: (req) => ({ id: param(req, 'id') }),
    respond: (data) => ({ data: item(present.found(data.item, what)) }),
  };
}

function catalogueUpdate<B extends z.ZodType>(
  path: string,
  resource: string,
  mutation: string,
  inputType: string,
  fields: string,
  schema: B,
  toInput: (changes: z.infer<B>) => Record<string, unknown>,
  item: (row: any) => unknown,
): RouteDeclaration {
  return {
    method: 'PUT',
    path,
    resource,
    document: `mutation ($id: ID!, $input: ${inputType}!) { item: ${mutation}(id: $id, input: $input) { ${fields} } }`,
    variables: (req) => ({ id: param(req, 'id'), input: toInput(parseBody(schema, req.body)) }),
    respond: (data) => ({ data: item(data.item) }),
  };
}

export const m2mRoutes: RouteDeclaration[] = [
  // Customers
  {
    method: 'GET',
    path: '/customers',
    resource: 'customer',
    document: `query ($page: Int, $pageSize: Int) { customers(${PAGE}) { nodes { id firstname: firstName lastname: lastName email mobile archived } ${PAGE_FIELDS} } }`,
    variables: paging,
    respond: (data) => present.paged(data.customers, present.customerItem),
  },
  {
    method: 'GET',
    path: '/customer/:id/profile',
    resource: 'profile',
    document: 'query ($id: ID!) { customer(id: $id) { id firstname: firstName lastname: lastName email mobile } }',
    variables: (req) => ({ id: param(req, 'id') }),
    respond: (data) => ({ data: present.profile(present.found(data.customer, 'Customer')) }),
  },
  {
    method: 'PUT',
    path: '/customer/:id/profile',
    resource: 'profile',
    document: 'mutation ($id: ID!, $input: CustomerProfileInput!) { updateCustomerProfile(id: $id, input: $input) { id } }',
    variables: (req) => {
      const profile = parseBody(body.ProfileUpdate, req.body);
      return { id: param(req, 'id'), input: { firstName: profile.firstname, lastName: profile.lastname, email: profile.email, mobile: profile.mobile } };
    },
    respond: () => ({ message: 'Profile updated' }),
    parameterNames: { firstName: 'firstname', lastName: 'lastname' },
  },
  {
    method: 'GET',
    path: '/customer/:id/bookings',
    resource: 'booking',
    document: `query ($id: ID!, $page: Int, $pageSize: Int, $futureOnly: Boolean, $startDate: Date, $endDate: Date) {
      customer(id: $id) {
        transactions(${PAGE}, futureOnly: $futureOnly, startDate: $startDate, endDate: $endDate) { nodes { ${TRANSACTION} } ${PAGE_FIELDS} }
      }
    }`,
    variables: (req) => ({
      id: param(req, 'id'),
      ...paging(req),
      futureOnly: query.bool(req, 'future_only') ?? false,
      startDate: query.date(req, 'startDate'),
      endDate: query.date(req, 'endDate'),
    }),
    respond: (data) => present.paged(present.found(data.customer, 'Customer').transactions, present.transaction),
    parameterNames: { futureOnly: 'future_only' },
  },
  {
    method: 'GET',
    path: '/customer/:id/booking/:bookingId',
    resource: 'booking',
    document: `query ($id: ID!, $bookingId: ID!, $futureOnly: Boolean = false) {
      customer(id: $id) { transaction(id: $bookingId) { ${TRANSACTION} } }
    }`,
    variables: (req) => ({ id: param(req, 'id'), bookingId: param(req, 'bookingId') }),
    respond: (data) => ({ data: present.transaction(present.found(present.found(data.customer, 'Customer').transaction, 'Booking')) }),
  },
  customerPage('/customer/:id/packages', 'package', 'passPurchases', PASS_PURCHASE, present.passPurchase),
  customerPage('/customer/:id/videos', 'video_purchase', 'videoPurchases', VIDEO_PURCHASE, present.videoPurchase),
  customerPage('/customer/:id/subscription-mandates', 'subscription_mandate', 'mandates', MANDATE, present.mandate),
  customerPage('/customer/:id/appointments', 'appointment', 'appointments', CUSTOMER_APPOINTMENT, present.customerAppointment),
  customerPage('/customer/:id/notes', 'note', 'notes', 'id body author created: createdAt', present.note),
  customerPage(
    '/customer/:id/questionnaire-answers',
    'questionnaire_answer',
    'questionnaireAnswers',
    'id questionnaire question answer answered_at: answeredAt',
    present.answer,
  ),

  // Company-wide appointments
  {
    method: 'GET',
    path: '/appointments/bookings',
    resource: 'appointment',
    document: `query ($facilitatorId: ID, $customerId: ID, $startDate: Date, $endDate: Date, $status: AppointmentStatus, $page: Int, $pageSize: Int) {
      appointments(facilitatorId: $facilitatorId, customerId: $customerId, startDate: $startDate, endDate: $endDate, status: $status, ${PAGE}) {
        nodes { ${APPOINTMENT} } ${PAGE_FIELDS}
      }
    }`,
    variables: (req) => ({
      facilitatorId: query.string(req, 'facilitator_id'),
      customerId: query.string(req, 'customer_id'),
      startDate: query.date(req, 'start_date'),
      endDate: query.date(req, 'end_date'),
      status: query.oneOf(req, 'status', ['SCHEDULED', 'COMPLETED', 'NO_SHOW', 'CANCELLED']),
      ...paging(req),
    }),
    respond: (data) => present.paged(data.appointments, present.appointment),
    parameterNames: { facilitatorId: 'facilitator_id', customerId: 'customer_id', startDate: 'start_date', endDate: 'end_date' },
  },
  {
    method: 'GET',
    path: '/appointments/bookings/:id',
    resource: 'appointment',
    document: `query ($id: ID!) { appointment(id: $id) { ${APPOINTMENT} } }`,
    variables: (req) => ({ id: param(req, 'id') }),
    respond: (data) => ({ data: present.appointment(present.found(data.appointment, 'Appointment')) }),
  },
  {
    method: 'GET',
    path: '/appointments/services',
    resource: 'service',
    document: `query { services { ${SERVICE} } }`,
    respond: (data) => ({ data: data.services.map(present.service) }),
  },
  {
    method: 'GET',
    path: '/appointments/services/:id',
    resource: 'service',
    document: `query ($id: ID!) { service(id: $id) { ${SERVICE} } }`,
    variables: (req) => ({ id: param(req, 'id') }),
    respond: (data) => ({ data: present.service(present.found(data.service, 'Service')) }),
  },
  {
    method: 'GET',
    path: '/appointments/availability/:id',
    resource: 'availability',
    document: `query ($id: ID!, $serviceId: ID, $date: Date, $startDate: Date, $endDate: Date) {
      availability(facilitatorId: $id, serviceId: $serviceId, date: $date, startDate: $startDate, endDate: $endDate) {
        facilitator_id: facilitatorId
        dates { date windows { start_time: startTime end_time: endTime slots { start end available } available_slots: availableSlots total_slots: totalSlots } }
      }
    }`,
    variables: (req) => ({
      id: param(req, 'id'),
      serviceId: query.string(req, 'service_id'),
      date: query.date(req, 'date'),
      startDate: query.date(req, 'start_date'),
      endDate: query.date(req, 'end_date'),
    }),
    respond: (data) => ({ data: data.availability }),
    parameterNames: { serviceId: 'service_id', startDate: 'start_date', endDate: 'end_date' },
  },

  // Catalogue
  catalogueList('/events', 'event', 'events', EVENT, present.event),
  catalogueItem('/event/:id', 'event', 'event', EVENT, present.event, 'Event'),
  {
    method: 'GET',
    path: '/event/:id/dates/:dateId/register',
    resource: 'event_register',
    document: `query ($id: ID!, $dateId: ID!, $page: Int, $pageSize: Int) {
      event(id: $id) { date(id: $dateId) { register(${PAGE}) {
        nodes { id spaces is_cancelled: isCancelled is_refunded: isRefunded attended purchased_by: purchasedBy { ${CUSTOMER} } bought_for: boughtFor { ${CUSTOMER} } }
        ${PAGE_FIELDS}
      } } }
    }`,
    variables: (req) => ({ id: param(req, 'id'), dateId: param(req, 'dateId'), ...paging(req) }),
    respond: (data) => present.paged(present.found(present.found(data.event, 'Event').date, 'Event date').register, present.registration),
  },
  catalogueList('/subscription-plans', 'subscription_plan', 'subscriptionPlans', PLAN, present.plan),
  catalogueItem('/subscription-plan/:id', 'subscription_plan', 'subscriptionPlan', PLAN, present.plan, 'Subscription plan'),
  catalogueUpdate(
    '/subscription-plan/:id',
    'subscription_plan',
    'updateSubscriptionPlan',
    'SubscriptionPlanUpdate',
    PLAN,
    body.SubscriptionPlanUpdate,
    (b) => ({ name: b.name, description: b.description, base100Price: b.base100_price, interval: b.interval, active: b.active }),
    present.plan,
  ),
  catalogueList('/passes', 'pass', 'passes', PASS, present.pass),
  catalogueItem('/pass/:id', 'pass', 'pass', PASS, present.pass, 'Pass'),
  {
    method: 'GET',
    path: '/pass/:id/packages',
    resource: 'package',
    document: `query ($id: ID!, $page: Int, $pageSize: Int) { pass(id: $id) { purchases(${PAGE}) { nodes { ${PASS_PURCHASE} } ${PAGE_FIELDS} } } }`,
    variables: (req) => ({ id: param(req, 'id'), ...paging(req) }),
    respond: (data) => present.paged(present.found(data.pass, 'Pass').purchases, present.passPurchase),
  },
  catalogueUpdate(
    '/pass/:id',
    'pass',
    'updatePass',
    'PassUpdate',
    PASS,
    body.PassUpdate,
    (b) => ({ name: b.name, description: b.description, credits: b.credits, validityDays: b.validity_days, base100Price: b.base100_price, active: b.active }),
    present.pass,
  ),
  catalogueList('/videos', 'media', 'videos', VIDEO, present.video),
  catalogueItem('/video/:id', 'media', 'video', VIDEO, present.video, 'Video'),
  catalogueUpdate(
    '/video/:id',
    'media',
    'updateVideo',
    'MediaUpdate',
    VIDEO,
    body.VideoUpdate,
    (b) => ({ name: b.name, description: b.description, base100Price: b.base100_price, credits: b.credits, accessDays: b.access_days, active: b.active }),
    present.video,
  ),
  catalogueList('/vouchers', 'voucher', 'vouchers', VOUCHER, present.voucher),
  catalogueItem('/voucher/:id', 'voucher', 'voucher', VOUCHER, present.voucher, 'Voucher'),
  catalogueUpdate(
    '/voucher/:id',
    'voucher',
    'updateVoucher',
    'VoucherUpdate',
    VOUCHER,
    body.VoucherUpdate,
    (b) => ({
      code: b.code,
      description: b.description,
      percentOff: b.percent_off,
      base100AmountOff: b.base100_amount_off,
      validFrom: b.valid_from,
      validUntil: b.valid_until,
      maxRedemptions: b.max_redemptions,
      active: b.active,
    }),
    present.voucher,
  ),
];
