/**
 * Every root field of the schema through /graphql over HTTP, one row each: the request that succeeds and
 * what the queries after it show, then its failures: NOT_FOUND for ids that are not the company's (unknown
 * ones and another company's alike), BAD_USER_INPUT naming the field, CONFLICT, and FORBIDDEN without the
 * field's scope. Queries by id answer null, as the contract's nullable fields do, for an id that is not
 * the company's. A root field added to the schema without a row here fails the suite.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import { buildSchema } from '../resolvers/index.ts';
import { companyEm } from '../src/db/scope.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { addNote } from '../src/domain/notes.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { setWebhook } from '../src/domain/webhook-endpoints.ts';
import { sendTestWebhook } from '../src/webhooks/send-test.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';
import { waitUntil, webhookEnv } from './support/webhooks.ts';

type Vars = Record<string, unknown>;
type Code = 'NOT_FOUND' | 'BAD_USER_INPUT' | 'CONFLICT';

interface Failure {
  case: string;
  variables: Vars | (() => Vars);
  code: Code;
  /** The input field the error names, when the domain names one. */
  field?: string;
}

interface Operation {
  /** What the field does, as the test's name. */
  does: string;
  scope: string;
  query: string;
  variables: Vars | (() => Vars);
  /** Read before the request that succeeds; handed to `succeeds`. */
  before?: () => Promise<any>;
  /** What the result, and the queries after it, show. */
  succeeds: (data: any, before: any) => void | Promise<void>;
  failures?: Failure[];
  /** Ids for which a query by id answers null. */
  absent?: { case: string; variables: Vars | (() => Vars) }[];
}

const NOW = '2026-11-21T12:00:00Z';

const card = (base100PricePaid: number) => ({ method: 'CARD', currency: 'GBP', base100PricePaid, status: 'PAID' });
const person = (id: string, firstname: string, lastname: string, mobile: string | null = null, deleted = false) => ({
  id, firstname, lastname, email: `${firstname.toLowerCase()}@example.com`, mobile, archived: false, deleted, createdAt: '2026-01-02T10:00:00Z',
});
const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));
const purchasePayment = { currency: 'GBP', base100GrossPrice: 4000, base100Discount: 0, base100NetPrice: 4000 };
/** A mandate whose first period started on `anchor`, renewing on `renewal` and free to end from then. */
const mandate = (id: string, customerId: string, planId: string, state: string, anchor: string, renewal: string, charges: object[] = []) => ({
  id, customerId, planId, state, createdAt: `${anchor}T09:00:00Z`, grace: 7, anchorDate: anchor, renewalDate: renewal,
  earliestCancellationDate: renewal, pausedAt: state === 'PAUSED' ? '2026-11-18T09:00:00Z' : null, charges,
});

const bundle = {
  format: 1,
  customers: [
    person('cust_ada', 'Ada', 'Lovelace', '+447700900001'),
    person('cust_bob', 'Bob', 'Hope'),
    person('cust_cy', 'Cy', 'Young', '+447700900003'),
    person('cust_dee', 'Dee', 'Dee'),
    person('cust_eve', 'Eve', 'Moneypenny', '+447700900005'),
    person('cust_gone', 'Gone', 'Away', null, true),
  ],
  facilitators: [
    { id: 'fac_jo', name: 'Jo Bloggs', timezone: 'Europe/London', weeklyWindows: weekdays('09:00', '17:00'), dateOverrides: [] },
    { id: 'fac_max', name: 'Max Power', timezone: 'Europe/London', weeklyWindows: weekdays('09:00', '17:00'), dateOverrides: [{ date: '2026-12-24', windows: [] }] },
  ],
  services: [
    {
      id: 'svc_massage', name: 'Massage', description: 'Deep tissue', bufferMinutes: 15, active: true, deleted: false,
      options: [
        { name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 2, active: true, deleted: false },
        { name: '30 min', durationMinutes: 30, base100Price: 3000, credits: 0, active: true, deleted: false },
      ],
    },
    { id: 'svc_reiki', name: 'Reiki', bufferMinutes: 0, options: [{ name: '45 min', durationMinutes: 45, base100Price: 4000, credits: 1 }] },
    { id: 'svc_closed', name: 'Closed', active: false, options: [{ name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 1 }] },
    {
      id: 'svc_edit', name: 'Stretching',
      options: [{ name: 'Short', durationMinutes: 20, base100Price: 2000, credits: 1 }, { name: 'Long', durationMinutes: 40, base100Price: 3500, credits: 2 }],
    },
    { id: 'svc_old', name: 'Old', deleted: true, options: [{ name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 1 }] },
  ],
  appointments: [
    { id: 'appt_booked', customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-12-07T10:00:00', status: 'SCHEDULED', notes: 'Left shoulder', createdAt: '2026-11-01T09:00:00Z', payment: card(5000) },
    { id: 'appt_cancelled', customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-12-07T09:00:00', status: 'CANCELLED', payment: card(5000) },
    { id: 'appt_pass', customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-12-08T10:00:00', status: 'SCHEDULED', payment: { method: 'PASS', creditsUsed: 2, packageId: 'package_ada' } },
    { id: 'appt_move', customerId: 'cust_bob', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-12-09T10:00:00', status: 'SCHEDULED', payment: card(5000) },
    { id: 'appt_done', customerId: 'cust_bob', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-11-16T10:00:00', status: 'COMPLETED', payment: card(5000) },
    { id: 'appt_past', customerId: 'cust_eve', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_max', datetime: '2026-11-20T10:00:00', status: 'SCHEDULED', payment: { ...card(5000), status: 'PENDING' } },
  ],
  events: [
    {
      id: 'evt_yoga', name: 'Morning Yoga', description: 'Gentle flow', timezone: 'Europe/London',
      dates: [
        { id: 'date_open', datetime: '2026-12-01T09:00:00', duration: 60, capacity: 20 },
        { id: 'date_full', datetime: '2026-12-02T09:00:00', duration: 60, capacity: 1 },
        { id: 'date_past', datetime: '2026-11-14T09:00:00', duration: 60, capacity: 20 },
      ],
      pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1000, credits: 1 }, { id: 'po-card', name: 'Card only', base100Price: 1500, credits: 0 }],
    },
    { id: 'evt_spare', name: 'Spare Event', dates: [{ id: 'date_spare', datetime: '2026-12-05T10:00:00', duration: 60, capacity: 10 }], pricingOptions: [{ id: 'po-spare', name: 'Standard', base100Price: 1000, credits: 1 }] },
    { id: 'evt_edit', name: 'Edit Event', dates: [{ id: 'date_edit', datetime: '2026-12-06T10:00:00', duration: 60, capacity: 10 }], pricingOptions: [{ id: 'po-edit', name: 'Standard', base100Price: 1000, credits: 1 }] },
    { id: 'evt_old', name: 'Past Workshop', dates: [{ id: 'date_old', datetime: '2026-11-10T10:00:00', duration: 60, capacity: 10 }], pricingOptions: [{ id: 'po-old', name: 'Standard', base100Price: 2000, credits: 1 }] },
  ],
  transactions: [
    { id: 'txn_card', customerId: 'cust_ada', purchaseDate: '2026-11-10T10:00:00', bookings: [{ id: 'booking_card', eventDateId: 'date_open', pricingOptionId: 'po-dropin', payment: { method: 'CARD', base100GrossPrice: 1000, base100NetPrice: 1000 } }] },
    { id: 'txn_pass', customerId: 'cust_ada', purchaseDate: '2026-11-11T10:00:00', bookings: [{ id: 'booking_pass', eventDateId: 'date_open', pricingOptionId: 'po-dropin', boughtForId: 'cust_cy', payment: { method: 'PASS', creditsUsed: 1, packageId: 'package_ada' } }] },
    { id: 'txn_full', customerId: 'cust_bob', purchaseDate: '2026-11-12T10:00:00', bookings: [{ id: 'booking_full', eventDateId: 'date_full', pricingOptionId: 'po-dropin', payment: { method: 'CARD', base100GrossPrice: 1000, base100NetPrice: 1000 } }] },
    { id: 'txn_cancelled', customerId: 'cust_bob', purchaseDate: '2026-11-12T11:00:00', bookings: [{ id: 'booking_cancelled', eventDateId: 'date_open', pricingOptionId: 'po-dropin', isCancelled: true, payment: { method: 'CARD', base100GrossPrice: 1000, base100NetPrice: 1000 } }] },
    { id: 'txn_old', customerId: 'cust_bob', purchaseDate: '2026-11-01T10:00:00', bookings: [{ id: 'booking_old', eventDateId: 'date_old', pricingOptionId: 'po-old', payment: { method: 'CARD', base100GrossPrice: 2000, base100NetPrice: 2000 } }] },
    { id: 'txn_came', customerId: 'cust_eve', purchaseDate: '2026-11-10T10:00:00', bookings: [{ id: 'booking_came', eventDateId: 'date_past', pricingOptionId: 'po-dropin', attended: true, payment: { method: 'CARD', base100GrossPrice: 1000, base100NetPrice: 1000 } }] },
  ],
  passes: [
    { id: 'pass_5', name: '5 classes', credits: 5, validityDays: 90, base100Price: 4000, active: true },
    { id: 'pass_10', name: '10 classes', credits: 10, validityDays: 180, base100Price: 7000, active: true },
    { id: 'pass_retired', name: 'Retired', credits: 3, validityDays: 30, base100Price: 2000, active: false },
  ],
  passPurchases: [
    { id: 'package_ada', customerId: 'cust_ada', passId: 'pass_10', creditsAllocated: 10, createdAt: '2026-11-01T10:00:00Z', starts: '2026-11-01', expires: '2027-01-30', payment: purchasePayment },
    { id: 'package_bob', customerId: 'cust_bob', passId: 'pass_5', creditsAllocated: 5, creditsConsumed: 5, createdAt: '2026-11-01T10:00:00Z', starts: '2026-11-01', expires: '2027-01-30', payment: purchasePayment },
    { id: 'package_edit', customerId: 'cust_cy', passId: 'pass_5', creditsAllocated: 5, createdAt: '2026-11-01T10:00:00Z', starts: '2026-11-01', expires: '2027-01-30', payment: purchasePayment },
    { id: 'package_eve', customerId: 'cust_eve', passId: 'pass_5', creditsAllocated: 5, createdAt: '2026-11-01T10:00:00Z', starts: '2026-11-01', expires: '2027-01-30', payment: purchasePayment },
  ],
  media: [
    { id: 'media_intro', name: 'Intro to Yoga', description: 'Start here', base100Price: 1000, credits: 1, accessDays: 30, active: true },
    { id: 'media_yin', name: 'Yin for runners', base100Price: 800, credits: 2, accessDays: 30, active: true },
    { id: 'media_retired', name: 'Retired flow', base100Price: 500, credits: 1, accessDays: 30, active: false },
    { id: 'media_cardonly', name: 'Card only', base100Price: 700, credits: 0, accessDays: null, active: true },
  ],
  videoPurchases: [
    { id: 'media_evebought', customerId: 'cust_eve', mediaId: 'media_yin', createdAt: '2026-11-15T10:00:00Z', expiresOn: '2026-12-15', payment: { method: 'PASS', creditsUsed: 2, packageId: 'package_eve' } },
    { id: 'media_gone', customerId: 'cust_eve', mediaId: 'media_yin', createdAt: '2026-11-01T10:00:00Z', expiresOn: '2026-12-01', isCancelled: true, payment: { method: 'CARD', base100Price: 800 } },
  ],
  subscriptionPlans: [
    { id: 'plan_monthly', name: 'Monthly unlimited', base100Price: 6000, interval: 'MONTH', active: true },
    { id: 'plan_weekly', name: 'Weekly flex', base100Price: 1800, interval: 'WEEK', active: true },
  ],
  mandates: [
    mandate('mandate_read', 'cust_bob', 'plan_monthly', 'ACTIVE', '2026-11-01', '2026-12-01', [
      { id: 'chg_ops', periodStart: '2026-11-01', periodEnd: '2026-11-30', base100Amount: 6000, status: 'PENDING' },
    ]),
    mandate('mandate_pause', 'cust_ada', 'plan_monthly', 'ACTIVE', '2026-11-01', '2026-12-01'),
    mandate('mandate_resume', 'cust_cy', 'plan_weekly', 'PAUSED', '2026-11-16', '2026-11-23'),
    mandate('mandate_cancel', 'cust_ada', 'plan_weekly', 'ACTIVE', '2026-11-16', '2026-11-23'),
  ],
  vouchers: [
    { id: 'vch_ten', code: 'TENOFF', description: '10% off', percentOff: 10, active: true },
    { id: 'vch_used', code: 'USEDUP', base100AmountOff: 500, maxRedemptions: 0, active: true },
    { id: 'vch_later', code: 'LATER', percentOff: 50, validFrom: '2027-01-01', active: true },
    { id: 'vch_edit', code: 'EDITME', percentOff: 20, active: true },
  ],
} as unknown as Bundle;

/** Another company: each of its ids must behave exactly like an id that does not exist. */
const otherBundle = {
  format: 1,
  customers: [person('cust_other', 'Olive', 'Other')],
  facilitators: [{ id: 'fac_other', name: 'Other', weeklyWindows: weekdays('09:00', '17:00') }],
  services: [{ id: 'svc_other', name: 'Other', options: [{ name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 1 }] }],
  appointments: [{ id: 'appt_other', customerId: 'cust_other', serviceId: 'svc_other', optionName: '60 min', facilitatorId: 'fac_other', datetime: '2026-12-07T10:00:00', payment: card(5000) }],
  events: [{ id: 'evt_other', name: 'Other', dates: [{ id: 'date_other', datetime: '2026-12-01T09:00:00', duration: 60, capacity: 10 }], pricingOptions: [{ id: 'po-other', name: 'Other', base100Price: 1000, credits: 1 }] }],
  transactions: [{ id: 'txn_other', customerId: 'cust_other', purchaseDate: '2026-11-10T10:00:00', bookings: [{ id: 'booking_other', eventDateId: 'date_other', pricingOptionId: 'po-other', payment: { method: 'CARD', base100GrossPrice: 1000, base100NetPrice: 1000 } }] }],
  passes: [{ id: 'pass_other', name: 'Other', credits: 5, validityDays: 90, base100Price: 4000 }],
  passPurchases: [{ id: 'package_other', customerId: 'cust_other', passId: 'pass_other', creditsAllocated: 5, starts: '2026-11-01', expires: '2027-01-30', payment: purchasePayment }],
  media: [{ id: 'media_other', name: 'Other', base100Price: 1000, credits: 1 }],
  videoPurchases: [{ id: 'media_otherbuy', customerId: 'cust_other', mediaId: 'media_other', payment: { method: 'CARD', base100Price: 1000 } }],
  subscriptionPlans: [{ id: 'plan_other', name: 'Other', base100Price: 1000, interval: 'MONTH' }],
  mandates: [
    mandate('mandate_other', 'cust_other', 'plan_other', 'ACTIVE', '2026-11-01', '2026-12-01', [
      { id: 'chg_other', periodStart: '2026-11-01', periodEnd: '2026-11-30', base100Amount: 1000, status: 'PENDING' },
    ]),
  ],
  vouchers: [{ id: 'vch_other', code: 'OTHERS', percentOff: 10 }],
} as unknown as Bundle;

let studio: Studio;
let receiver: Receiver;
let everything: string;
const withoutScope = new Map<string, string>();
/**
 * Webhook records made for the suite: `endpoint` receives everything, `quiet` is switched off, `doomed`
 * deleted, `foreign` belongs to another company; `testEvent` was sent to `endpoint`.
 */
const webhook = { endpoint: '', quiet: '', doomed: '', foreign: '', testEvent: '' };

async function graphql(query: string, variables: Vars = {}, token = everything): Promise<{ status: number; body: any }> {
  return call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } });
}

/** The data of a query that must succeed. */
async function read(query: string, variables: Vars = {}): Promise<any> {
  const { body } = await graphql(query, variables);
  expect(body.errors).toBeUndefined();
  return body.data;
}

const resolve = (variables: Vars | (() => Vars)) => (typeof variables === 'function' ? variables() : variables);
const notFound = (what: string, variables: Vars | (() => Vars)): Failure => ({ case: what, variables, code: 'NOT_FOUND' });
const invalid = (what: string, field: string | undefined, variables: Vars | (() => Vars)): Failure => ({ case: what, variables, code: 'BAD_USER_INPUT', field });
const conflict = (what: string, variables: Vars | (() => Vars)): Failure => ({ case: what, variables, code: 'CONFLICT' });
const unavailableSlots = (window: { slots: { start: string; available: boolean }[] }) => window.slots.filter((s) => !s.available).map((s) => s.start);

const PASS_PURCHASE = 'query ($id: ID!) { passPurchase(id: $id) { creditsConsumed creditsRemaining status } }';
const creditsConsumed = async (id: string) => (await read(PASS_PURCHASE, { id })).passPurchase.creditsConsumed as number;
const AVAILABILITY = `query ($facilitatorId: ID!, $date: Date) {
  availability(facilitatorId: $facilitatorId, date: $date) { dates { windows { startTime endTime slots { start available } } } }
}`;
const windowsOn = async (facilitatorId: string, date: string) => (await read(AVAILABILITY, { facilitatorId, date })).availability.dates[0].windows;
const EVENT_DATE = 'query ($event: ID!, $date: ID!) { event(id: $event) { date(id: $date) { spacesBooked spacesLeft } } }';
const CUSTOMER = 'query ($id: ID!) { customer(id: $id) { id firstName lastName email mobile archived } }';
const SERVICE = 'query ($id: ID!) { service(id: $id) { id name description bufferMinutes active deleted options { name durationMinutes base100Price credits active } } }';
const SERVICE_IDS = '{ services { id } }';
const EVENTS = 'query ($includeArchived: Boolean) { events(includeArchived: $includeArchived, pageSize: 100) { nodes { id archived } } }';
const CUSTOMER_MANDATES = 'query ($id: ID!) { customer(id: $id) { mandates { nodes { id state } } } }';
const ENDPOINTS = '{ webhookEndpoints { id url events enabled previousSecretExpiresAt } }';
const EVENTS_AFTER = `query ($after: String, $first: Int, $kinds: [WebhookEventKind!]) {
  webhookEvents(after: $after, first: $first, kinds: $kinds) { nodes { id event timestamp data } endCursor hasMore }
}`;
const DELIVERIES = 'query ($eventId: ID) { webhookDeliveries(eventId: $eventId) { eventId event test endpointId attempt status error } }';
const lastAttempt = async (eventId: string) =>
  Math.max(0, ...(await read(DELIVERIES, { eventId })).webhookDeliveries.map((d: { attempt: number }) => d.attempt));

const appointmentInput = (change: Vars = {}) => ({
  input: { customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-12-11T09:00:00', payWith: 'CARD', ...change },
});
const bookingInput = (change: Vars = {}) => ({
  input: { customerId: 'cust_ada', eventDateId: 'date_open', pricingOptionId: 'po-dropin', payWith: 'CARD', ...change },
});
const option = (change: Vars = {}) => ({ name: '50 min', durationMinutes: 50, base100Price: 5500, credits: 2, ...change });
const serviceInput = (change: Vars = {}) => ({ input: { name: 'Yoga therapy', bufferMinutes: 10, options: [option()], ...change } });
const eventDate = (change: Vars = {}) => ({ startsAt: '2026-12-12T18:00:00Z', duration: 60, capacity: 12, ...change });
const pricing = (change: Vars = {}) => ({ name: 'Standard', base100Price: 1800, credits: 2, ...change });
const eventInput = (change: Vars = {}) => ({ input: { name: 'Sound Bath', dates: [eventDate()], pricingOptions: [pricing()], ...change } });
const passInput = (change: Vars = {}) => ({ input: { name: '20 classes', credits: 20, validityDays: 365, base100Price: 12000, ...change } });
const saleInput = (change: Vars = {}) => ({ input: { customerId: 'cust_eve', passId: 'pass_5', ...change } });
const update = (id: string, input: Vars) => ({ id, input });
const videoSale = (change: Vars = {}) => ({ input: { customerId: 'cust_eve', mediaId: 'media_yin', payWith: 'CARD', ...change } });
const voucherInput = (change: Vars = {}) => ({ input: { code: 'WINTER', percentOff: 25, validFrom: '2026-12-01', validUntil: '2027-02-28', maxRedemptions: 50, ...change } });
const videoInput = (change: Vars = {}) => ({ input: { name: 'Breath of fire', base100Price: 900, credits: 1, accessDays: 14, ...change } });
const facilitatorInput = (change: Vars = {}) => ({ input: { name: 'Sam Stretch', weeklyWindows: [{ weekday: 2, start: '10:00', end: '12:00' }], ...change } });
const answersInput = (change: Vars = {}) => ({
  customerId: 'cust_ada', questionnaire: 'Health check',
  answers: [{ question: 'Any injuries?', answer: 'Left shoulder' }, { question: 'Pregnant?', answer: 'No' }], ...change,
});
const NOTES = 'query ($id: ID!) { customer(id: $id) { notes { total nodes { id body author appointment { id } } } } }';
const VIDEO_PURCHASE = 'isCancelled isRefunded isExpired expiresOn customer { id } media { id } payment { __typename ... on CardPayment { base100NetPrice } ... on PassPayment { creditsUsed passPurchase { id } } }';
/** Notes made for deleteNote: one of this company's, one of another company's. */
const notes = { doomed: '', foreign: '' };

/** The waitlist entry the joinWaitlist row made, for the rows after it. */
const waitlisted = { id: '' };

const operations: Record<string, Operation> = {
  // Customers
  customer: {
    does: 'reads one customer by id',
    scope: 'profile:read',
    query: CUSTOMER,
    variables: { id: 'cust_ada' },
    succeeds: (data) => {
      expect(data.customer).toEqual({ id: 'cust_ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', mobile: '+447700900001', archived: false });
    },
    absent: [
      { case: 'an unknown id', variables: { id: 'cust_nobody' } },
      { case: "another company's customer", variables: { id: 'cust_other' } },
      { case: 'a deleted customer', variables: { id: 'cust_gone' } },
    ],
  },
  customers: {
    does: 'lists customers that are not deleted, by last name, matching search on names and email',
    scope: 'customers:read',
    query: 'query ($search: String, $page: Int, $pageSize: Int) { customers(search: $search, page: $page, pageSize: $pageSize) { total page pageSize nodes { id lastName } } }',
    variables: { search: 'LOVELACE' },
    succeeds: async (data) => {
      expect(data.customers).toEqual({ total: 1, page: 0, pageSize: 30, nodes: [{ id: 'cust_ada', lastName: 'Lovelace' }] });
      const all = (await read('{ customers(pageSize: 100) { nodes { id lastName } } }')).customers.nodes;
      expect(all.map((c: { id: string }) => c.id)).not.toContain('cust_gone');
      expect(all.map((c: { id: string }) => c.id)).not.toContain('cust_other');
      const names = all.map((c: { lastName: string }) => c.lastName);
      expect(names).toEqual([...names].sort());
      expect((await read('{ customers(search: "bob@example") { nodes { id } } }')).customers.nodes).toEqual([{ id: 'cust_bob' }]);
    },
    failures: [
      invalid('pageSize 101', 'pageSize', { pageSize: 101 }),
      invalid('pageSize 0', 'pageSize', { pageSize: 0 }),
      invalid('a negative page', 'page', { page: -1 }),
    ],
  },
  createCustomer: {
    does: 'adds a customer that customers then lists',
    scope: 'customers:write',
    query: 'mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id firstName lastName email mobile archived } }',
    variables: { input: { firstName: ' Grace ', lastName: 'Hopper', email: 'grace@example.com', mobile: '+447700900009' } },
    succeeds: async (data) => {
      const created = data.createCustomer;
      expect(created).toEqual({ id: expect.stringMatching(/^cust_/), firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobile: '+447700900009', archived: false });
      expect((await read('{ customers(search: "Hopper") { nodes { id } } }')).customers.nodes).toEqual([{ id: created.id }]);
      expect((await read(CUSTOMER, { id: created.id })).customer).toEqual(created);
    },
    failures: [
      invalid('an empty first name', 'firstName', { input: { firstName: '  ', lastName: 'Hopper', email: 'g@example.com' } }),
      invalid('a last name of 101 characters', 'lastName', { input: { firstName: 'Grace', lastName: 'x'.repeat(101), email: 'g@example.com' } }),
      invalid('an email that is not one', 'email', { input: { firstName: 'Grace', lastName: 'Hopper', email: 'not-an-email' } }),
      invalid('a mobile that is not a phone number', 'mobile', { input: { firstName: 'Grace', lastName: 'Hopper', email: 'g@example.com', mobile: 'call me' } }),
    ],
  },
  updateCustomer: {
    does: 'changes the given fields of a customer; mobile null clears it',
    scope: 'customers:write',
    query: 'mutation ($id: ID!, $input: UpdateCustomerInput!) { updateCustomer(id: $id, input: $input) { id firstName lastName email mobile archived } }',
    variables: update('cust_cy', { email: 'cy@example.org', mobile: null, archived: true }),
    succeeds: async (data) => {
      const changed = { id: 'cust_cy', firstName: 'Cy', lastName: 'Young', email: 'cy@example.org', mobile: null, archived: true };
      expect(data.updateCustomer).toEqual(changed);
      expect((await read(CUSTOMER, { id: 'cust_cy' })).customer).toEqual(changed);
    },
    failures: [
      notFound('an unknown customer', update('cust_nobody', { firstName: 'X' })),
      notFound("another company's customer", update('cust_other', { firstName: 'X' })),
      notFound('a deleted customer', update('cust_gone', { firstName: 'X' })),
      invalid('no field to change', 'input', update('cust_cy', {})),
      invalid('an empty first name', 'firstName', update('cust_cy', { firstName: '' })),
      invalid('a null first name', 'firstName', update('cust_cy', { firstName: null })),
      invalid('an email that is not one', 'email', update('cust_cy', { email: 'cy@' })),
    ],
  },
  deleteCustomer: {
    does: 'deletes a customer: they leave the list and customer(id) answers null',
    scope: 'customers:write',
    query: 'mutation ($id: ID!) { deleteCustomer(id: $id) { id lastName } }',
    variables: { id: 'cust_dee' },
    succeeds: async (data) => {
      expect(data.deleteCustomer).toEqual({ id: 'cust_dee', lastName: 'Dee' });
      expect((await read(CUSTOMER, { id: 'cust_dee' })).customer).toBeNull();
      expect((await read('{ customers(search: "dee@") { total } }')).customers.total).toBe(0);
    },
    failures: [
      notFound('an unknown customer', { id: 'cust_nobody' }),
      notFound("another company's customer", { id: 'cust_other' }),
      notFound('a customer already deleted', { id: 'cust_gone' }),
    ],
  },
  updateCustomerProfile: {
    does: "changes a customer's name and email, keeping the mobile when none is given",
    scope: 'profile:write',
    query: 'mutation ($id: ID!, $input: CustomerProfileInput!) { updateCustomerProfile(id: $id, input: $input) { id firstName lastName email mobile } }',
    variables: update('cust_eve', { firstName: 'Eve', lastName: 'Polastri', email: 'eve@example.org' }),
    succeeds: async (data) => {
      const changed = { id: 'cust_eve', firstName: 'Eve', lastName: 'Polastri', email: 'eve@example.org', mobile: '+447700900005' };
      expect(data.updateCustomerProfile).toEqual(changed);
      expect((await read(CUSTOMER, { id: 'cust_eve' })).customer).toMatchObject(changed);
    },
    failures: [
      notFound('an unknown customer', update('cust_nobody', { firstName: 'X', lastName: 'Y', email: 'x@example.com' })),
      notFound("another company's customer", update('cust_other', { firstName: 'X', lastName: 'Y', email: 'x@example.com' })),
      invalid('an empty last name', 'lastName', update('cust_eve', { firstName: 'Eve', lastName: ' ', email: 'eve@example.org' })),
      invalid('an email that is not one', 'email', update('cust_eve', { firstName: 'Eve', lastName: 'P', email: 'eve at example' })),
    ],
  },

  addNote: {
    does: 'adds a note about a customer, written by the caller, which the customer then shows',
    scope: 'notes:write',
    query: 'mutation ($customerId: ID!, $body: String!) { addNote(customerId: $customerId, body: $body) { id body author createdAt appointment { id } } }',
    variables: { customerId: 'cust_bob', body: ' Prefers the front row ' },
    succeeds: async (data) => {
      const note = data.addNote;
      expect(note).toEqual({ id: expect.stringMatching(/^note_/), body: 'Prefers the front row', author: 'test client', createdAt: '2026-11-21T12:00:00.000Z', appointment: null });
      expect((await read(NOTES, { id: 'cust_bob' })).customer.notes.nodes).toContainEqual({ id: note.id, body: 'Prefers the front row', author: 'test client', appointment: null });
    },
    failures: [
      notFound('an unknown customer', { customerId: 'cust_nobody', body: 'x' }),
      notFound("another company's customer", { customerId: 'cust_other', body: 'x' }),
      notFound('a deleted customer', { customerId: 'cust_gone', body: 'x' }),
      invalid('a blank body', 'body', { customerId: 'cust_bob', body: '  ' }),
      invalid('a body of 5001 characters', 'body', { customerId: 'cust_bob', body: 'x'.repeat(5001) }),
    ],
  },
  deleteNote: {
    does: 'deletes a note, which the customer then no longer shows',
    scope: 'notes:write',
    query: 'mutation ($id: ID!) { deleteNote(id: $id) }',
    variables: () => ({ id: notes.doomed }),
    succeeds: async (data) => {
      expect(data.deleteNote).toBe(notes.doomed);
      expect((await read(NOTES, { id: 'cust_bob' })).customer.notes.nodes.map((n: { id: string }) => n.id)).not.toContain(notes.doomed);
    },
    failures: [
      notFound('an unknown note', { id: 'note_nobody' }),
      notFound("another company's note", () => ({ id: notes.foreign })),
      notFound('a note deleted already', () => ({ id: notes.doomed })),
    ],
  },
  recordQuestionnaireAnswers: {
    does: "records a customer's answers to a questionnaire, which the customer then shows",
    scope: 'questionnaire-answers:write',
    query: `mutation ($customerId: ID!, $questionnaire: String!, $answers: [QuestionAnswerInput!]!) {
      recordQuestionnaireAnswers(customerId: $customerId, questionnaire: $questionnaire, answers: $answers) { id questionnaire question answer answeredAt }
    }`,
    variables: answersInput(),
    succeeds: async (data) => {
      const answered = { questionnaire: 'Health check', answeredAt: '2026-11-21T12:00:00.000Z' };
      expect(data.recordQuestionnaireAnswers).toEqual([
        { id: expect.stringMatching(/^qa_/), question: 'Any injuries?', answer: 'Left shoulder', ...answered },
        { id: expect.stringMatching(/^qa_/), question: 'Pregnant?', answer: 'No', ...answered },
      ]);
      const listed = (await read('{ customer(id: "cust_ada") { questionnaireAnswers { nodes { id } } } }')).customer.questionnaireAnswers.nodes;
      expect(listed).toEqual(expect.arrayContaining(data.recordQuestionnaireAnswers.map((a: { id: string }) => ({ id: a.id }))));
    },
    failures: [
      notFound('an unknown customer', answersInput({ customerId: 'cust_nobody' })),
      notFound("another company's customer", answersInput({ customerId: 'cust_other' })),
      invalid('no answers', 'answers', answersInput({ answers: [] })),
      invalid('a blank question', 'answers[1].question', answersInput({ answers: [{ question: 'Fine?', answer: 'Yes' }, { question: ' ', answer: 'x' }] })),
      invalid('a blank questionnaire', 'questionnaire', answersInput({ questionnaire: '' })),
    ],
  },

  // Reports
  report: {
    does: 'cuts a range of days into periods in the company\'s timezone, with the figures of each and the totals',
    scope: 'reports:read',
    query: `query ($from: Date!, $to: Date!, $by: ReportInterval) {
      report(from: $from, to: $to, by: $by) { periods { start end figures { newCustomers } } totals { newCustomers revenue { currency base100Amount } } }
    }`,
    variables: { from: '2026-11-01', to: '2026-11-30', by: 'WEEK' },
    succeeds: (data) => {
      expect(data.report.periods.map((p: { start: string; end: string }) => [p.start, p.end])).toEqual([
        ['2026-11-01', '2026-11-01'], ['2026-11-02', '2026-11-08'], ['2026-11-09', '2026-11-15'], ['2026-11-16', '2026-11-22'], ['2026-11-23', '2026-11-29'],
        ['2026-11-30', '2026-11-30'],
      ]);
      const sum = data.report.periods.reduce((total: number, p: { figures: { newCustomers: number } }) => total + p.figures.newCustomers, 0);
      expect(data.report.totals.newCustomers).toBe(sum);
    },
    failures: [
      invalid('a range that ends before it starts', 'to', { from: '2026-11-02', to: '2026-11-01' }),
      invalid('367 days by day', 'to', { from: '2026-01-01', to: '2027-01-02', by: 'DAY' }),
    ],
  },

  // Appointments
  availability: {
    does: "gives a facilitator's 15-minute slots, taken ones (plus the service's buffer) unavailable",
    scope: 'appointments:read',
    query: `query ($facilitatorId: ID!, $serviceId: ID, $date: Date, $startDate: Date, $endDate: Date) {
      availability(facilitatorId: $facilitatorId, serviceId: $serviceId, date: $date, startDate: $startDate, endDate: $endDate) {
        facilitatorId dates { date windows { startTime endTime availableSlots totalSlots slots { start available } } }
      }
    }`,
    variables: { facilitatorId: 'fac_jo', serviceId: 'svc_massage', date: '2026-12-07' },
    succeeds: async (data) => {
      const { facilitatorId, dates } = data.availability;
      expect(facilitatorId).toBe('fac_jo');
      expect(dates).toHaveLength(1);
      const [window] = dates[0].windows;
      expect(window).toMatchObject({ startTime: '09:00', endTime: '17:00', totalSlots: 32, availableSlots: 27 });
      expect(unavailableSlots(window)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
      const week = (await read('{ availability(facilitatorId: "fac_jo", startDate: "2026-12-07", endDate: "2026-12-13") { dates { date windows { startTime } } } }')).availability.dates;
      expect(week.map((d: { windows: unknown[] }) => d.windows.length)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    },
    failures: [
      notFound('an unknown facilitator', { facilitatorId: 'fac_nobody', date: '2026-12-07' }),
      notFound("another company's facilitator", { facilitatorId: 'fac_other', date: '2026-12-07' }),
      notFound('an unknown service', { facilitatorId: 'fac_jo', serviceId: 'svc_nothing', date: '2026-12-07' }),
      notFound("another company's service", { facilitatorId: 'fac_jo', serviceId: 'svc_other', date: '2026-12-07' }),
      invalid('neither a date nor a range', 'date', { facilitatorId: 'fac_jo' }),
      invalid('a date with a range', 'date', { facilitatorId: 'fac_jo', date: '2026-12-07', startDate: '2026-12-07', endDate: '2026-12-08' }),
      invalid('a start date alone', 'endDate', { facilitatorId: 'fac_jo', startDate: '2026-12-07' }),
      invalid('an end before the start', 'endDate', { facilitatorId: 'fac_jo', startDate: '2026-12-08', endDate: '2026-12-07' }),
      invalid('a range of 94 days', 'endDate', { facilitatorId: 'fac_jo', startDate: '2026-12-01', endDate: '2027-03-04' }),
      invalid('an impossible date', undefined, { facilitatorId: 'fac_jo', date: '2026-02-30' }),
    ],
  },
  appointments: {
    does: 'lists appointments earliest first, leaving out cancelled ones unless asked by status',
    scope: 'appointments:read',
    query: `query ($facilitatorId: ID, $customerId: ID, $startDate: Date, $endDate: Date, $status: AppointmentStatus, $page: Int, $pageSize: Int) {
      appointments(facilitatorId: $facilitatorId, customerId: $customerId, startDate: $startDate, endDate: $endDate, status: $status, page: $page, pageSize: $pageSize) {
        total page pageSize nodes { id status datetime }
      }
    }`,
    variables: { facilitatorId: 'fac_jo', startDate: '2026-12-07', endDate: '2026-12-07' },
    succeeds: async (data) => {
      expect(data.appointments).toEqual({ total: 1, page: 0, pageSize: 30, nodes: [{ id: 'appt_booked', status: 'SCHEDULED', datetime: '2026-12-07T10:00:00' }] });
      const ids = async (variables: Vars) => (await read('query ($status: AppointmentStatus, $customerId: ID, $startDate: Date, $endDate: Date) { appointments(status: $status, customerId: $customerId, startDate: $startDate, endDate: $endDate) { nodes { id } } }', variables)).appointments.nodes.map((a: { id: string }) => a.id);
      expect(await ids({ status: 'CANCELLED', startDate: '2026-12-07', endDate: '2026-12-07' })).toEqual(['appt_cancelled']);
      expect(await ids({ status: 'COMPLETED', customerId: 'cust_bob' })).toEqual(['appt_done']);
      expect(await ids({ customerId: 'cust_other' })).toEqual([]);
    },
    failures: [
      invalid('pageSize 101', 'pageSize', { pageSize: 101 }),
      invalid('a malformed start date', undefined, { startDate: '07/12/2026' }),
    ],
  },
  appointment: {
    does: 'reads one appointment with its customer, service, facilitator and payment',
    scope: 'appointments:read',
    query: `query ($id: ID!) {
      appointment(id: $id) {
        id status datetime startsAt tz durationMinutes optionName notes createdAt customer { id } service { id } facilitator { id }
        payment { ... on CardPayment { method base100NetPrice status } }
      }
    }`,
    variables: { id: 'appt_booked' },
    succeeds: (data) => {
      expect(data.appointment).toEqual({
        id: 'appt_booked', status: 'SCHEDULED', datetime: '2026-12-07T10:00:00', startsAt: '2026-12-07T10:00:00.000Z', tz: 'Europe/London', durationMinutes: 60, optionName: '60 min',
        notes: 'Left shoulder', createdAt: '2026-11-01T09:00:00', customer: { id: 'cust_ada' }, service: { id: 'svc_massage' }, facilitator: { id: 'fac_jo' },
        payment: { method: 'CARD', base100NetPrice: 5000, status: 'PAID' },
      });
    },
    absent: [
      { case: 'an unknown id', variables: { id: 'appt_nobody' } },
      { case: "another company's appointment", variables: { id: 'appt_other' } },
    ],
  },
  services: {
    does: 'lists the services that are not deleted, by name, with their live options',
    scope: 'appointments:read',
    query: '{ services { id name deleted options { name } } }',
    variables: {},
    succeeds: (data) => {
      const ids = data.services.map((s: { id: string }) => s.id);
      expect(ids).toEqual(expect.arrayContaining(['svc_massage', 'svc_closed', 'svc_edit']));
      expect(ids).not.toContain('svc_old');
      expect(ids).not.toContain('svc_other');
      const names = data.services.map((s: { name: string }) => s.name);
      expect(names).toEqual([...names].sort());
      expect(data.services.find((s: { id: string }) => s.id === 'svc_massage').options.map((o: { name: string }) => o.name)).toEqual(['30 min', '60 min']);
    },
  },
  service: {
    does: 'reads one service by id, a deleted one included',
    scope: 'appointments:read',
    query: SERVICE,
    variables: { id: 'svc_old' },
    succeeds: async (data) => {
      expect(data.service).toMatchObject({ id: 'svc_old', name: 'Old', deleted: true });
      expect((await read(SERVICE, { id: 'svc_massage' })).service).toEqual({
        id: 'svc_massage', name: 'Massage', description: 'Deep tissue', bufferMinutes: 15, active: true, deleted: false,
        options: [
          { name: '30 min', durationMinutes: 30, base100Price: 3000, credits: 0, active: true },
          { name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 2, active: true },
        ],
      });
    },
    absent: [
      { case: 'an unknown id', variables: { id: 'svc_nobody' } },
      { case: "another company's service", variables: { id: 'svc_other' } },
    ],
  },
  facilitators: {
    does: 'lists the facilitators by name',
    scope: 'appointments:read',
    query: '{ facilitators { id name timezone } }',
    variables: {},
    succeeds: (data) => {
      expect(data.facilitators).toEqual([
        { id: 'fac_jo', name: 'Jo Bloggs', timezone: 'Europe/London' },
        { id: 'fac_max', name: 'Max Power', timezone: 'Europe/London' },
      ]);
    },
  },
  facilitator: {
    does: 'reads one facilitator with weekly windows and date overrides',
    scope: 'appointments:read',
    query: 'query ($id: ID!, $from: Date) { facilitator(id: $id) { id name weeklyWindows { weekday start end } dateOverrides(from: $from) { date windows { start end } } } }',
    variables: { id: 'fac_jo' },
    succeeds: (data) => {
      expect(data.facilitator).toEqual({ id: 'fac_jo', name: 'Jo Bloggs', weeklyWindows: weekdays('09:00', '17:00'), dateOverrides: [] });
    },
    failures: [invalid('a malformed from date', undefined, { id: 'fac_jo', from: '2026-13-01' })],
    absent: [
      { case: 'an unknown id', variables: { id: 'fac_nobody' } },
      { case: "another company's facilitator", variables: { id: 'fac_other' } },
    ],
  },
  bookAppointment: {
    does: 'books an appointment inside a window; the slot becomes unavailable and pass credits are drawn',
    scope: 'appointments:write',
    query: `mutation ($input: BookAppointmentInput!) {
      bookAppointment(input: $input) {
        id status datetime tz durationMinutes optionName notes customer { id }
        payment { __typename ... on PassPayment { creditsUsed passPurchase { id } } }
      }
    }`,
    variables: appointmentInput({ datetime: '2026-12-10T11:00:00', payWith: 'PASS', packageId: 'package_ada', notes: ' Stiff neck ' }),
    before: () => creditsConsumed('package_ada'),
    succeeds: async (data, consumedBefore) => {
      expect(data.bookAppointment).toEqual({
        id: expect.stringMatching(/^appt_/), status: 'SCHEDULED', datetime: '2026-12-10T11:00:00', tz: 'Europe/London', durationMinutes: 60,
        optionName: '60 min', notes: 'Stiff neck', customer: { id: 'cust_ada' },
        payment: { __typename: 'PassPayment', creditsUsed: 2, passPurchase: { id: 'package_ada' } },
      });
      expect(unavailableSlots((await windowsOn('fac_jo', '2026-12-10'))[0])).toEqual(['11:00', '11:15', '11:30', '11:45']);
      expect(await creditsConsumed('package_ada')).toBe(consumedBefore + 2);
      expect((await read(NOTES, { id: 'cust_ada' })).customer.notes.nodes).toContainEqual({
        id: expect.stringMatching(/^note_/), body: 'Stiff neck', author: 'test client', appointment: { id: data.bookAppointment.id },
      });
    },
    failures: [
      conflict('a slot taken by another appointment', appointmentInput({ datetime: '2026-12-07T10:30:00' })),
      conflict('a pass without enough credits', appointmentInput({ customerId: 'cust_bob', payWith: 'PASS' })),
      invalid('a time outside the windows', 'datetime', appointmentInput({ datetime: '2026-12-07T16:30:00' })),
      invalid('a time in the past', 'datetime', appointmentInput({ datetime: '2026-11-16T13:00:00' })),
      invalid('a malformed datetime', undefined, appointmentInput({ datetime: '2026-12-11 09:00' })),
      invalid('an inactive service', 'serviceId', appointmentInput({ serviceId: 'svc_closed' })),
      invalid('an option the service does not have', 'optionName', appointmentInput({ optionName: 'Forever' })),
      invalid('PASS for an option without credits', 'payWith', appointmentInput({ optionName: '30 min', payWith: 'PASS' })),
      invalid('a pass purchase with a card payment', 'packageId', appointmentInput({ packageId: 'package_ada' })),
      invalid('notes of 5001 characters', 'notes', appointmentInput({ notes: 'x'.repeat(5001) })),
      notFound('an unknown customer', appointmentInput({ customerId: 'cust_nobody' })),
      notFound("another company's customer", appointmentInput({ customerId: 'cust_other' })),
      notFound('an unknown service', appointmentInput({ serviceId: 'svc_nobody' })),
      notFound("another company's service", appointmentInput({ serviceId: 'svc_other' })),
      notFound('a deleted service', appointmentInput({ serviceId: 'svc_old' })),
      notFound('an unknown facilitator', appointmentInput({ facilitatorId: 'fac_nobody' })),
      notFound("another company's facilitator", appointmentInput({ facilitatorId: 'fac_other' })),
      notFound("another customer's pass purchase", appointmentInput({ payWith: 'PASS', packageId: 'package_bob' })),
      notFound("another company's pass purchase", appointmentInput({ payWith: 'PASS', packageId: 'package_other' })),
    ],
  },
  cancelAppointment: {
    does: 'cancels a scheduled appointment: its slot is free again and its credits go back to the pass',
    scope: 'appointments:write',
    query: 'mutation ($id: ID!) { cancelAppointment(id: $id) { id status } }',
    variables: { id: 'appt_pass' },
    before: () => creditsConsumed('package_ada'),
    succeeds: async (data, consumedBefore) => {
      expect(data.cancelAppointment).toEqual({ id: 'appt_pass', status: 'CANCELLED' });
      expect(unavailableSlots((await windowsOn('fac_jo', '2026-12-08'))[0])).toEqual([]);
      expect(await creditsConsumed('package_ada')).toBe(consumedBefore - 2);
    },
    failures: [
      notFound('an unknown appointment', { id: 'appt_nobody' }),
      notFound("another company's appointment", { id: 'appt_other' }),
      conflict('an appointment already cancelled', { id: 'appt_cancelled' }),
      conflict('a completed appointment', { id: 'appt_done' }),
    ],
  },
  rescheduleAppointment: {
    does: 'moves a scheduled appointment: the old slot is freed and the new one taken',
    scope: 'appointments:write',
    query: 'mutation ($id: ID!, $datetime: LocalDateTime!, $facilitatorId: ID) { rescheduleAppointment(id: $id, datetime: $datetime, facilitatorId: $facilitatorId) { id datetime status facilitator { id } } }',
    variables: { id: 'appt_move', datetime: '2026-12-09T14:00:00' },
    succeeds: async (data) => {
      expect(data.rescheduleAppointment).toEqual({ id: 'appt_move', datetime: '2026-12-09T14:00:00', status: 'SCHEDULED', facilitator: { id: 'fac_jo' } });
      expect(unavailableSlots((await windowsOn('fac_jo', '2026-12-09'))[0])).toEqual(['14:00', '14:15', '14:30', '14:45']);
    },
    failures: [
      notFound('an unknown appointment', { id: 'appt_nobody', datetime: '2026-12-11T09:00:00' }),
      notFound("another company's appointment", { id: 'appt_other', datetime: '2026-12-11T09:00:00' }),
      notFound('an unknown facilitator', { id: 'appt_move', datetime: '2026-12-11T09:00:00', facilitatorId: 'fac_nobody' }),
      notFound("another company's facilitator", { id: 'appt_move', datetime: '2026-12-11T09:00:00', facilitatorId: 'fac_other' }),
      conflict('a cancelled appointment', { id: 'appt_cancelled', datetime: '2026-12-11T09:00:00' }),
      conflict('a slot taken by another appointment', { id: 'appt_move', datetime: '2026-12-07T10:30:00' }),
      invalid('a time outside the windows', 'datetime', { id: 'appt_move', datetime: '2026-12-12T10:00:00' }),
      invalid('a time in the past', 'datetime', { id: 'appt_move', datetime: '2026-11-20T10:00:00' }),
    ],
  },
  setAppointmentStatus: {
    does: 'records how a started appointment went, and corrects COMPLETED and NO_SHOW into each other',
    scope: 'appointments:write',
    query: 'mutation ($id: ID!, $status: AppointmentStatus!) { setAppointmentStatus(id: $id, status: $status) { id status } }',
    variables: { id: 'appt_past', status: 'COMPLETED' },
    succeeds: async (data) => {
      expect(data.setAppointmentStatus).toEqual({ id: 'appt_past', status: 'COMPLETED' });
      const completed = '{ appointments(status: COMPLETED, customerId: "cust_eve") { nodes { id } } }';
      expect((await read(completed)).appointments.nodes).toEqual([{ id: 'appt_past' }]);
      expect((await read(operations.setAppointmentStatus!.query, { id: 'appt_past', status: 'NO_SHOW' })).setAppointmentStatus.status).toBe('NO_SHOW');
      expect((await read(completed)).appointments.nodes).toEqual([]);
    },
    failures: [
      notFound('an unknown appointment', { id: 'appt_nobody', status: 'COMPLETED' }),
      notFound("another company's appointment", { id: 'appt_other', status: 'COMPLETED' }),
      conflict('an appointment that has not started', { id: 'appt_booked', status: 'COMPLETED' }),
      conflict('a cancelled appointment', { id: 'appt_cancelled', status: 'NO_SHOW' }),
      conflict('a completed appointment back to SCHEDULED', { id: 'appt_done', status: 'SCHEDULED' }),
      invalid('CANCELLED, which is cancelAppointment\'s', 'status', { id: 'appt_booked', status: 'CANCELLED' }),
    ],
  },
  setAppointmentPaymentStatus: {
    does: 'records that the money of a card payment failed to arrive, then arrived',
    scope: 'appointments:write',
    query: 'mutation ($id: ID!, $status: PaymentStatus!) { setAppointmentPaymentStatus(id: $id, status: $status) { id payment { ... on CardPayment { status } } } }',
    variables: { id: 'appt_past', status: 'FAILED' },
    succeeds: async (data) => {
      expect(data.setAppointmentPaymentStatus).toEqual({ id: 'appt_past', payment: { status: 'FAILED' } });
      const paid = await read(operations.setAppointmentPaymentStatus!.query, { id: 'appt_past', status: 'PAID' });
      expect(paid.setAppointmentPaymentStatus.payment).toEqual({ status: 'PAID' });
      expect((await read('{ appointment(id: "appt_past") { payment { ... on CardPayment { status } } } }')).appointment.payment).toEqual({ status: 'PAID' });
    },
    failures: [
      notFound('an unknown appointment', { id: 'appt_nobody', status: 'PAID' }),
      notFound("another company's appointment", { id: 'appt_other', status: 'PAID' }),
      conflict('a paid payment marked failed', { id: 'appt_booked', status: 'FAILED' }),
      conflict('a paid payment marked pending', { id: 'appt_booked', status: 'PENDING' }),
      conflict('a pass payment', { id: 'appt_pass', status: 'FAILED' }),
      conflict("a cancelled appointment's payment", { id: 'appt_cancelled', status: 'FAILED' }),
    ],
  },
  setWeeklyWindows: {
    does: "replaces a facilitator's weekly windows, and availability follows them",
    scope: 'appointments:write',
    query: 'mutation ($facilitatorId: ID!, $windows: [WeeklyWindowInput!]!) { setWeeklyWindows(facilitatorId: $facilitatorId, windows: $windows) { id weeklyWindows { weekday start end } } }',
    variables: { facilitatorId: 'fac_max', windows: [{ weekday: 6, start: '13:00', end: '14:00' }, { weekday: 6, start: '10:00', end: '12:00' }] },
    succeeds: async (data) => {
      expect(data.setWeeklyWindows.weeklyWindows).toEqual(expect.arrayContaining([{ weekday: 6, start: '10:00', end: '12:00' }, { weekday: 6, start: '13:00', end: '14:00' }]));
      expect(data.setWeeklyWindows.weeklyWindows).toHaveLength(2);
      const saturday = await windowsOn('fac_max', '2026-12-12');
      expect(saturday.map((w: { startTime: string; endTime: string }) => [w.startTime, w.endTime])).toEqual([['10:00', '12:00'], ['13:00', '14:00']]);
      expect(await windowsOn('fac_max', '2026-12-14')).toEqual([]);
    },
    failures: [
      notFound('an unknown facilitator', { facilitatorId: 'fac_nobody', windows: [] }),
      notFound("another company's facilitator", { facilitatorId: 'fac_other', windows: [] }),
      invalid('weekday 8', 'windows[0].weekday', { facilitatorId: 'fac_max', windows: [{ weekday: 8, start: '09:00', end: '10:00' }] }),
      invalid('a malformed start', 'windows[0].start', { facilitatorId: 'fac_max', windows: [{ weekday: 1, start: '9:00', end: '10:00' }] }),
      invalid('an end before the start', 'windows[0].end', { facilitatorId: 'fac_max', windows: [{ weekday: 1, start: '12:00', end: '10:00' }] }),
      invalid('an end past midnight', 'windows[0].end', { facilitatorId: 'fac_max', windows: [{ weekday: 1, start: '12:00', end: '24:30' }] }),
      invalid('windows overlapping on one weekday', 'windows', { facilitatorId: 'fac_max', windows: [{ weekday: 2, start: '09:00', end: '12:00' }, { weekday: 2, start: '11:00', end: '13:00' }] }),
    ],
  },
  setDateOverride: {
    does: "sets one date's windows instead of the weekly ones; windows null removes the override",
    scope: 'appointments:write',
    query: 'mutation ($facilitatorId: ID!, $date: Date!, $windows: [TimeWindowInput!]) { setDateOverride(facilitatorId: $facilitatorId, date: $date, windows: $windows) { id dateOverrides(from: "2026-12-01") { date windows { start end } } } }',
    variables: { facilitatorId: 'fac_max', date: '2026-12-19', windows: [{ start: '15:00', end: '16:00' }] },
    succeeds: async (data) => {
      expect(data.setDateOverride.dateOverrides).toEqual([
        { date: '2026-12-19', windows: [{ start: '15:00', end: '16:00' }] },
        { date: '2026-12-24', windows: [] },
      ]);
      const startAndEnd = (windows: { startTime: string; endTime: string }[]) => windows.map((w) => [w.startTime, w.endTime]);
      expect(startAndEnd(await windowsOn('fac_max', '2026-12-19'))).toEqual([['15:00', '16:00']]);
      const sameWeekday = startAndEnd(await windowsOn('fac_max', '2026-12-12'));
      await read('mutation { setDateOverride(facilitatorId: "fac_max", date: "2026-12-19", windows: []) { id } }');
      expect(await windowsOn('fac_max', '2026-12-19')).toEqual([]);
      await read('mutation { setDateOverride(facilitatorId: "fac_max", date: "2026-12-19", windows: null) { id } }');
      expect(startAndEnd(await windowsOn('fac_max', '2026-12-19'))).toEqual(sameWeekday);
    },
    failures: [
      notFound('an unknown facilitator', { facilitatorId: 'fac_nobody', date: '2026-12-15', windows: [] }),
      notFound("another company's facilitator", { facilitatorId: 'fac_other', date: '2026-12-15', windows: [] }),
      invalid('windows overlapping', 'windows', { facilitatorId: 'fac_max', date: '2026-12-15', windows: [{ start: '09:00', end: '12:00' }, { start: '11:30', end: '13:00' }] }),
      invalid('an end before the start', 'windows[0].end', { facilitatorId: 'fac_max', date: '2026-12-15', windows: [{ start: '12:00', end: '11:00' }] }),
      invalid('an impossible date', undefined, { facilitatorId: 'fac_max', date: '2026-02-30', windows: [] }),
    ],
  },
  createService: {
    does: 'adds a service with its options, which services then lists',
    scope: 'appointments:write',
    query: 'mutation ($input: ServiceInput!) { createService(input: $input) { id name description bufferMinutes active deleted options { name durationMinutes base100Price credits active } } }',
    variables: serviceInput(),
    succeeds: async (data) => {
      const created = data.createService;
      expect(created).toEqual({
        id: expect.stringMatching(/^svc_/), name: 'Yoga therapy', description: '', bufferMinutes: 10, active: true, deleted: false,
        options: [{ name: '50 min', durationMinutes: 50, base100Price: 5500, credits: 2, active: true }],
      });
      expect((await read(SERVICE_IDS)).services.map((s: { id: string }) => s.id)).toContain(created.id);
      expect((await read(SERVICE, { id: created.id })).service).toEqual(created);
    },
    failures: [
      invalid('an empty name', 'name', serviceInput({ name: '' })),
      invalid('a negative buffer', 'bufferMinutes', serviceInput({ bufferMinutes: -5 })),
      invalid('a negative option price', 'options[0].base100Price', serviceInput({ options: [option({ base100Price: -1 })] })),
      invalid('an option of 0 minutes', 'options[0].durationMinutes', serviceInput({ options: [option({ durationMinutes: 0 })] })),
      invalid('two options of one name', 'options', serviceInput({ options: [option(), option()] })),
    ],
  },
  updateService: {
    does: 'changes the given fields of a service',
    scope: 'appointments:write',
    query: 'mutation ($id: ID!, $input: ServiceUpdate!) { updateService(id: $id, input: $input) { id name bufferMinutes active } }',
    variables: update('svc_edit', { name: 'Stretch', bufferMinutes: 5 }),
    succeeds: async (data) => {
      expect(data.updateService).toEqual({ id: 'svc_edit', name: 'Stretch', bufferMinutes: 5, active: true });
      expect((await read(SERVICE, { id: 'svc_edit' })).service).toMatchObject({ name: 'Stretch', bufferMinutes: 5 });
    },
    failures: [
      notFound('an unknown service', update('svc_nobody', { name: 'X' })),
      notFound("another company's service", update('svc_other', { name: 'X' })),
      notFound('a deleted service', update('svc_old', { name: 'X' })),
      invalid('no field to change', 'input', update('svc_edit', {})),
      invalid('an empty name', 'name', update('svc_edit', { name: ' ' })),
      invalid('a buffer over a day', 'bufferMinutes', update('svc_edit', { bufferMinutes: 2000 })),
    ],
  },
  deleteService: {
    does: 'deletes a service: services leaves it out, service(id) still returns it, and it cannot be booked',
    scope: 'appointments:write',
    query: 'mutation ($id: ID!) { deleteService(id: $id) { id deleted } }',
    variables: { id: 'svc_reiki' },
    succeeds: async (data) => {
      expect(data.deleteService).toEqual({ id: 'svc_reiki', deleted: true });
      expect((await read(SERVICE_IDS)).services.map((s: { id: string }) => s.id)).not.toContain('svc_reiki');
      expect((await read(SERVICE, { id: 'svc_reiki' })).service).toMatchObject({ id: 'svc_reiki', name: 'Reiki', deleted: true });
      const { body } = await graphql(operations.bookAppointment!.query, appointmentInput({ serviceId: 'svc_reiki', optionName: '45 min' }));
      expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
    },
    failures: [
      notFound('an unknown service', { id: 'svc_nobody' }),
      notFound("another company's service", { id: 'svc_other' }),
      notFound('a service already deleted', { id: 'svc_old' }),
    ],
  },
  setServiceOption: {
    does: 'changes the option of that name, or adds one',
    scope: 'appointments:write',
    query: 'mutation ($serviceId: ID!, $option: ServiceOptionInput!) { setServiceOption(serviceId: $serviceId, option: $option) { id options { name durationMinutes base100Price credits active } } }',
    variables: { serviceId: 'svc_edit', option: { name: 'Long', durationMinutes: 45, base100Price: 4000, credits: 3 } },
    succeeds: async (data) => {
      const options = data.setServiceOption.options;
      expect(options.filter((o: { name: string }) => o.name === 'Long')).toEqual([{ name: 'Long', durationMinutes: 45, base100Price: 4000, credits: 3, active: true }]);
      await read('mutation { setServiceOption(serviceId: "svc_edit", option: { name: "Extra", durationMinutes: 90, base100Price: 8000, credits: 4, active: false }) { id } }');
      expect((await read(SERVICE, { id: 'svc_edit' })).service.options).toContainEqual({ name: 'Extra', durationMinutes: 90, base100Price: 8000, credits: 4, active: false });
    },
    failures: [
      notFound('an unknown service', { serviceId: 'svc_nobody', option: option() }),
      notFound("another company's service", { serviceId: 'svc_other', option: option() }),
      notFound('a deleted service', { serviceId: 'svc_old', option: option() }),
      invalid('a negative price', 'option.base100Price', { serviceId: 'svc_edit', option: option({ base100Price: -100 }) }),
      invalid('a duration under 5 minutes', 'option.durationMinutes', { serviceId: 'svc_edit', option: option({ durationMinutes: 4 }) }),
      invalid('an empty name', 'option.name', { serviceId: 'svc_edit', option: option({ name: '' }) }),
      invalid('1001 credits', 'option.credits', { serviceId: 'svc_edit', option: option({ credits: 1001 }) }),
    ],
  },
  deleteServiceOption: {
    does: 'deletes an option of a service, which can then not be booked',
    scope: 'appointments:write',
    query: 'mutation ($serviceId: ID!, $name: String!) { deleteServiceOption(serviceId: $serviceId, name: $name) { id options { name } } }',
    variables: { serviceId: 'svc_edit', name: 'Short' },
    succeeds: async (data) => {
      expect(data.deleteServiceOption.options.map((o: { name: string }) => o.name)).not.toContain('Short');
      const { body } = await graphql(operations.bookAppointment!.query, appointmentInput({ serviceId: 'svc_edit', optionName: 'Short' }));
      expect(body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'optionName' });
    },
    failures: [
      notFound('an unknown service', { serviceId: 'svc_nobody', name: 'Short' }),
      notFound("another company's service", { serviceId: 'svc_other', name: '60 min' }),
      notFound('an option the service does not have', { serviceId: 'svc_massage', name: 'Forever' }),
    ],
  },

  createFacilitator: {
    does: "adds a facilitator in the company's timezone with weekly windows, which availability then cuts into slots",
    scope: 'appointments:write',
    query: 'mutation ($input: CreateFacilitatorInput!) { createFacilitator(input: $input) { id name timezone weeklyWindows { weekday start end } } }',
    variables: facilitatorInput(),
    succeeds: async (data) => {
      const created = data.createFacilitator;
      expect(created).toEqual({ id: expect.stringMatching(/^fac_/), name: 'Sam Stretch', timezone: 'Europe/London', weeklyWindows: [{ weekday: 2, start: '10:00', end: '12:00' }] });
      expect((await read('{ facilitators { id } }')).facilitators).toContainEqual({ id: created.id });
      const [window] = await windowsOn(created.id, '2026-12-08');
      expect(window).toMatchObject({ startTime: '10:00', endTime: '12:00' });
      expect(window.slots).toHaveLength(8);
    },
    failures: [
      invalid('an empty name', 'name', facilitatorInput({ name: ' ' })),
      invalid('a timezone that does not exist', 'timezone', facilitatorInput({ timezone: 'Mars/Olympus' })),
      invalid('weekday 8', 'weeklyWindows[0].weekday', facilitatorInput({ weeklyWindows: [{ weekday: 8, start: '10:00', end: '11:00' }] })),
      invalid('windows overlapping', 'weeklyWindows', facilitatorInput({ weeklyWindows: [{ weekday: 1, start: '10:00', end: '12:00' }, { weekday: 1, start: '11:00', end: '13:00' }] })),
    ],
  },

  // Events and bookings
  events: {
    does: 'lists events by name, archived ones only when asked',
    scope: 'events:read',
    query: 'query ($page: Int, $pageSize: Int, $includeArchived: Boolean) { events(page: $page, pageSize: $pageSize, includeArchived: $includeArchived) { total page pageSize nodes { id name archived } } }',
    variables: {},
    succeeds: (data) => {
      const { nodes, total, page, pageSize } = data.events;
      expect({ page, pageSize }).toEqual({ page: 0, pageSize: 30 });
      expect(nodes).toHaveLength(total);
      expect(nodes.map((e: { id: string }) => e.id)).toContain('evt_yoga');
      expect(nodes.map((e: { id: string }) => e.id)).not.toContain('evt_other');
      expect(nodes.every((e: { archived: boolean }) => !e.archived)).toBe(true);
      const names = nodes.map((e: { name: string }) => e.name);
      expect(names).toEqual([...names].sort());
    },
    failures: [invalid('pageSize 101', 'pageSize', { pageSize: 101 }), invalid('a negative page', 'page', { page: -1 })],
  },
  event: {
    does: 'reads one event with its dates and pricing options',
    scope: 'events:read',
    query: `query ($id: ID!) {
      event(id: $id) {
        id name description timezone archived
        dates { id datetime tz duration capacity spacesBooked spacesLeft }
        pricingOptions { id name base100Price credits currency }
      }
    }`,
    variables: { id: 'evt_yoga' },
    succeeds: (data) => {
      const { dates, pricingOptions, ...event } = data.event;
      expect(event).toEqual({ id: 'evt_yoga', name: 'Morning Yoga', description: 'Gentle flow', timezone: 'Europe/London', archived: false });
      expect(dates.map((d: { id: string }) => d.id)).toEqual(['date_past', 'date_open', 'date_full']);
      expect(dates[2]).toEqual({ id: 'date_full', datetime: '2026-12-02T09:00:00', tz: 'Europe/London', duration: 60, capacity: 1, spacesBooked: 1, spacesLeft: 0 });
      expect(pricingOptions).toEqual(expect.arrayContaining([{ id: 'po-dropin', name: 'Drop-in', base100Price: 1000, credits: 1, currency: 'GBP' }]));
    },
    absent: [
      { case: 'an unknown id', variables: { id: 'evt_nobody' } },
      { case: "another company's event", variables: { id: 'evt_other' } },
    ],
  },
  eventDates: {
    does: "lists the dates of every event starting on the days asked for (today by default, in the company's timezone), in time order",
    scope: 'events:read',
    query: `query ($startDate: Date, $endDate: Date, $page: Int, $pageSize: Int) {
      eventDates(startDate: $startDate, endDate: $endDate, page: $page, pageSize: $pageSize) {
        total page pageSize nodes { id datetime startsAt duration capacity spacesBooked event { id name } }
      }
    }`,
    variables: { startDate: '2026-12-01', endDate: '2026-12-02' },
    succeeds: async (data) => {
      expect(data.eventDates).toEqual({
        total: 2, page: 0, pageSize: 30,
        nodes: [
          { id: 'date_open', datetime: '2026-12-01T09:00:00', startsAt: '2026-12-01T09:00:00.000Z', duration: 60, capacity: 20, spacesBooked: 2, event: { id: 'evt_yoga', name: 'Morning Yoga' } },
          { id: 'date_full', datetime: '2026-12-02T09:00:00', startsAt: '2026-12-02T09:00:00.000Z', duration: 60, capacity: 1, spacesBooked: 1, event: { id: 'evt_yoga', name: 'Morning Yoga' } },
        ],
      });
      // One day: today (2026-11-21) has none; 2026-11-14 has the past class.
      expect((await read('{ eventDates { total nodes { id } } }')).eventDates).toEqual({ total: 0, nodes: [] });
      expect((await read('{ eventDates(startDate: "2026-11-14") { nodes { id } } }')).eventDates.nodes).toEqual([{ id: 'date_past' }]);
      const second = await read(operations.eventDates!.query, { startDate: '2026-12-01', endDate: '2026-12-31', page: 1, pageSize: 2 });
      expect(second.eventDates.nodes.map((d: { id: string }) => d.id)).toEqual(['date_spare', 'date_edit']);
    },
    failures: [
      invalid('an end before the start', 'endDate', { startDate: '2026-12-02', endDate: '2026-12-01' }),
      invalid('pageSize 101', 'pageSize', { pageSize: 101 }),
    ],
  },
  bookEvent: {
    does: 'books spaces on an event date, by card with a voucher: spaces are held and the voucher redeemed',
    scope: 'bookings:write',
    query: `mutation ($input: BookEventInput!) {
      bookEvent(input: $input) {
        id purchaseDate purchasedBy { id }
        bookings { spaces isCancelled boughtFor { id } eventDate { id } payment { __typename ... on CardPayment { base100GrossPrice base100NetPrice } } }
      }
    }`,
    variables: bookingInput({ spaces: 2, boughtForId: 'cust_bob', voucherCode: 'TENOFF' }),
    before: async () => ({
      date: (await read(EVENT_DATE, { event: 'evt_yoga', date: 'date_open' })).event.date,
      redemptions: (await read('{ voucher(id: "vch_ten") { redemptions } }')).voucher.redemptions,
    }),
    succeeds: async (data, before) => {
      const transaction = data.bookEvent;
      expect(transaction).toEqual({
        id: expect.stringMatching(/^txn_/), purchaseDate: '2026-11-21T12:00:00', purchasedBy: { id: 'cust_ada' },
        bookings: [{ spaces: 2, isCancelled: false, boughtFor: { id: 'cust_bob' }, eventDate: { id: 'date_open' }, payment: { __typename: 'CardPayment', base100GrossPrice: 2000, base100NetPrice: 1800 } }],
      });
      expect((await read(EVENT_DATE, { event: 'evt_yoga', date: 'date_open' })).event.date).toEqual({
        spacesBooked: before.date.spacesBooked + 2, spacesLeft: before.date.spacesLeft - 2,
      });
      expect((await read('{ voucher(id: "vch_ten") { redemptions } }')).voucher.redemptions).toBe(before.redemptions + 1);
      const mine = (await read('{ customer(id: "cust_ada") { transactions { nodes { id } } } }')).customer.transactions.nodes;
      expect(mine.map((t: { id: string }) => t.id)).toContain(transaction.id);
    },
    failures: [
      conflict('a date at capacity', bookingInput({ eventDateId: 'date_full' })),
      conflict('an attendee who holds a live booking on the date already', bookingInput()),
      conflict('a customer without a pass with enough credits', bookingInput({ customerId: 'cust_bob', payWith: 'PASS' })),
      conflict('a named pass purchase without enough credits', bookingInput({ customerId: 'cust_bob', payWith: 'PASS', packageId: 'package_bob' })),
      conflict('a voucher redeemed as often as it allows', bookingInput({ voucherCode: 'USEDUP' })),
      invalid('a voucher not valid yet', 'voucherCode', bookingInput({ voucherCode: 'LATER' })),
      invalid('a voucher code that does not exist', 'voucherCode', bookingInput({ voucherCode: 'NOPE' })),
      invalid("another company's voucher code", 'voucherCode', bookingInput({ voucherCode: 'OTHERS' })),
      invalid('a voucher with a pass payment', 'voucherCode', bookingInput({ payWith: 'PASS', voucherCode: 'TENOFF' })),
      invalid('a pass purchase with a card payment', 'packageId', bookingInput({ packageId: 'package_ada' })),
      invalid('PASS for a pricing option without credits', 'payWith', bookingInput({ pricingOptionId: 'po-card', payWith: 'PASS' })),
      invalid('0 spaces', 'spaces', bookingInput({ spaces: 0 })),
      invalid('101 spaces', 'spaces', bookingInput({ spaces: 101 })),
      invalid('a date that has started', 'eventDateId', bookingInput({ eventDateId: 'date_past' })),
      notFound('an unknown customer', bookingInput({ customerId: 'cust_nobody' })),
      notFound("another company's customer", bookingInput({ customerId: 'cust_other' })),
      notFound('a deleted customer', bookingInput({ customerId: 'cust_gone' })),
      notFound('an unknown customer to book for', bookingInput({ boughtForId: 'cust_nobody' })),
      notFound('an unknown event date', bookingInput({ eventDateId: 'date_nobody' })),
      notFound("another company's event date", bookingInput({ eventDateId: 'date_other', pricingOptionId: 'po-other' })),
      notFound('a pricing option of another event', bookingInput({ pricingOptionId: 'po-spare' })),
      notFound("another company's pricing option", bookingInput({ pricingOptionId: 'po-other' })),
    ],
  },
  cancelBooking: {
    does: 'cancels a booking: its spaces are freed, its credits go back to the pass, and refund marks it refunded',
    scope: 'bookings:write',
    query: 'mutation ($id: ID!, $refund: Boolean) { cancelBooking(id: $id, refund: $refund) { id isCancelled isRefunded spaces } }',
    variables: { id: 'booking_pass', refund: true },
    before: async () => ({
      consumed: await creditsConsumed('package_ada'),
      date: (await read(EVENT_DATE, { event: 'evt_yoga', date: 'date_open' })).event.date,
    }),
    succeeds: async (data, before) => {
      expect(data.cancelBooking).toEqual({ id: 'booking_pass', isCancelled: true, isRefunded: true, spaces: 1 });
      expect(await creditsConsumed('package_ada')).toBe(before.consumed - 1);
      expect((await read(EVENT_DATE, { event: 'evt_yoga', date: 'date_open' })).event.date.spacesBooked).toBe(before.date.spacesBooked - 1);
      const booking = await read('{ customer(id: "cust_ada") { transaction(id: "txn_pass") { bookings { isCancelled isRefunded } } } }');
      expect(booking.customer.transaction.bookings).toEqual([{ isCancelled: true, isRefunded: true }]);
      const unrefunded = await read('mutation { cancelBooking(id: "booking_card") { isCancelled isRefunded } }');
      expect(unrefunded.cancelBooking).toEqual({ isCancelled: true, isRefunded: false });
    },
    failures: [
      notFound('an unknown booking', { id: 'booking_nobody' }),
      notFound("another company's booking", { id: 'booking_other' }),
      conflict('a booking already cancelled', { id: 'booking_cancelled' }),
      conflict('a booking whose attendance is taken', { id: 'booking_came' }),
    ],
  },
  setBookingAttendance: {
    does: 'takes attendance of a booking whose date has started, in the register too; null clears it',
    scope: 'bookings:write',
    query: 'mutation ($id: ID!, $attended: Boolean) { setBookingAttendance(id: $id, attended: $attended) { id attended } }',
    variables: { id: 'booking_old', attended: false },
    succeeds: async (data) => {
      expect(data.setBookingAttendance).toEqual({ id: 'booking_old', attended: false });
      const register = async () => (await read('{ event(id: "evt_old") { date(id: "date_old") { register { nodes { id attended } } } } }')).event.date.register.nodes;
      expect(await register()).toEqual([{ id: 'booking_old', attended: false }]);
      await read(operations.setBookingAttendance!.query, { id: 'booking_old', attended: null });
      expect(await register()).toEqual([{ id: 'booking_old', attended: null }]);
    },
    failures: [
      notFound('an unknown booking', { id: 'booking_nobody', attended: true }),
      notFound("another company's booking", { id: 'booking_other', attended: true }),
      conflict('a booking whose date has not started', { id: 'booking_full', attended: true }),
      conflict('a cancelled booking', { id: 'booking_cancelled', attended: true }),
    ],
  },
  createEvent: {
    does: "adds an event with dates and pricing options, in the company's timezone by default",
    scope: 'events:write',
    query: `mutation ($input: CreateEventInput!) {
      createEvent(input: $input) {
        id name description timezone archived dates { datetime tz duration capacity spacesBooked } pricingOptions { name base100Price credits currency }
      }
    }`,
    variables: eventInput(),
    succeeds: async (data) => {
      const created = data.createEvent;
      expect(created).toEqual({
        id: expect.stringMatching(/^evt_/), name: 'Sound Bath', description: '', timezone: 'Europe/London', archived: false,
        dates: [{ datetime: '2026-12-12T18:00:00', tz: 'Europe/London', duration: 60, capacity: 12, spacesBooked: 0 }],
        pricingOptions: [{ name: 'Standard', base100Price: 1800, credits: 2, currency: 'GBP' }],
      });
      expect((await read(operations.event!.query, { id: created.id })).event).toMatchObject({ id: created.id, name: 'Sound Bath' });
      expect((await read(EVENTS, {})).events.nodes.map((e: { id: string }) => e.id)).toContain(created.id);
    },
    failures: [
      invalid('an empty name', 'name', eventInput({ name: '' })),
      invalid('a timezone that does not exist', 'timezone', eventInput({ timezone: 'Mars/Olympus' })),
      invalid('an offset instead of a timezone', 'timezone', eventInput({ timezone: '+01:00' })),
      invalid('a date of capacity 0', 'dates[0].capacity', eventInput({ dates: [eventDate({ capacity: 0 })] })),
      invalid('a date of negative duration', 'dates[0].duration', eventInput({ dates: [eventDate({ duration: -5 })] })),
      invalid('a negative price', 'pricingOptions[0].base100Price', eventInput({ pricingOptions: [pricing({ base100Price: -1 })] })),
      invalid('a start without offset', undefined, eventInput({ dates: [eventDate({ startsAt: '2026-12-12T18:00:00' })] })),
    ],
  },
  updateEvent: {
    does: 'changes an event and adds dates and pricing options; an archived event is no longer on sale',
    scope: 'events:write',
    query: 'mutation ($id: ID!, $input: UpdateEventInput!) { updateEvent(id: $id, input: $input) { id name archived dates { id datetime } pricingOptions { name } } }',
    variables: update('evt_edit', {
      name: 'Edited Event', archived: true, addDates: [eventDate({ startsAt: '2026-12-20T10:00:00Z' })], addPricingOptions: [pricing({ name: 'Late' })],
    }),
    succeeds: async (data) => {
      const { dates, pricingOptions, ...event } = data.updateEvent;
      expect(event).toEqual({ id: 'evt_edit', name: 'Edited Event', archived: true });
      expect(dates.map((d: { datetime: string }) => d.datetime)).toEqual(['2026-12-06T10:00:00', '2026-12-20T10:00:00']);
      expect(pricingOptions.map((p: { name: string }) => p.name).sort()).toEqual(['Late', 'Standard']);
      expect((await read(EVENTS, {})).events.nodes.map((e: { id: string }) => e.id)).not.toContain('evt_edit');
      expect((await read(EVENTS, { includeArchived: true })).events.nodes.map((e: { id: string }) => e.id)).toContain('evt_edit');
      const { body } = await graphql(operations.bookEvent!.query, bookingInput({ eventDateId: 'date_edit', pricingOptionId: 'po-edit' }));
      expect(body.errors[0].extensions.code).toBe('CONFLICT');
    },
    failures: [
      notFound('an unknown event', update('evt_nobody', { name: 'X' })),
      notFound("another company's event", update('evt_other', { name: 'X' })),
      invalid('no field to change', 'input', update('evt_edit', {})),
      invalid('an empty name', 'name', update('evt_edit', { name: '' })),
      invalid('a timezone that does not exist', 'timezone', update('evt_edit', { timezone: 'Europe/Atlantis' })),
      invalid('a date of capacity 0', 'addDates[0].capacity', update('evt_edit', { addDates: [eventDate({ capacity: 0 })] })),
      invalid('negative credits', 'addPricingOptions[0].credits', update('evt_edit', { addPricingOptions: [pricing({ credits: -1 })] })),
    ],
  },
  deleteEvent: {
    does: 'deletes an event without bookings, and archives one with bookings',
    scope: 'events:write',
    query: 'mutation ($id: ID!) { deleteEvent(id: $id) { archived event { id name } } }',
    variables: { id: 'evt_spare' },
    succeeds: async (data) => {
      expect(data.deleteEvent).toEqual({ archived: false, event: { id: 'evt_spare', name: 'Spare Event' } });
      expect((await read('{ event(id: "evt_spare") { id } }')).event).toBeNull();
      expect((await read(EVENTS, { includeArchived: true })).events.nodes.map((e: { id: string }) => e.id)).not.toContain('evt_spare');
      const booked = await read('mutation { deleteEvent(id: "evt_old") { archived event { id archived } } }');
      expect(booked.deleteEvent).toEqual({ archived: true, event: { id: 'evt_old', archived: true } });
      expect((await read('{ event(id: "evt_old") { archived } }')).event).toEqual({ archived: true });
    },
    failures: [notFound('an unknown event', { id: 'evt_nobody' }), notFound("another company's event", { id: 'evt_other' })],
  },

  // Catalogue
  passes: {
    does: 'lists pass templates by name',
    scope: 'passes:read',
    query: 'query ($page: Int, $pageSize: Int) { passes(page: $page, pageSize: $pageSize) { total nodes { id name credits validityDays base100Price currency active } } }',
    variables: {},
    succeeds: (data) => {
      expect(data.passes.nodes).toContainEqual({ id: 'pass_5', name: '5 classes', credits: 5, validityDays: 90, base100Price: 4000, currency: 'GBP', active: true });
      expect(data.passes.nodes).toContainEqual(expect.objectContaining({ id: 'pass_retired', active: false }));
      expect(data.passes.nodes.map((p: { id: string }) => p.id)).not.toContain('pass_other');
    },
    failures: [invalid('pageSize 101', 'pageSize', { pageSize: 101 })],
  },
  pass: {
    does: 'reads one pass template with its purchases',
    scope: 'passes:read',
    query: 'query ($id: ID!) { pass(id: $id) { id name credits purchases { nodes { id } } } }',
    variables: { id: 'pass_10' },
    succeeds: (data) => {
      expect(data.pass).toEqual({ id: 'pass_10', name: '10 classes', credits: 10, purchases: { nodes: [{ id: 'package_ada' }] } });
    },
    absent: [
      { case: 'an unknown id', variables: { id: 'pass_nobody' } },
      { case: "another company's pass", variables: { id: 'pass_other' } },
    ],
  },
  videos: {
    does: 'lists the videos of the library',
    scope: 'media:read',
    query: 'query ($pageSize: Int) { videos(pageSize: $pageSize) { total nodes { id name credits } } }',
    variables: {},
    succeeds: (data) => {
      expect(data.videos.total).toBe(4);
      expect(data.videos.nodes.map((v: { id: string }) => v.id)).toEqual(['media_cardonly', 'media_intro', 'media_retired', 'media_yin']);
      expect(data.videos.nodes).toContainEqual({ id: 'media_intro', name: 'Intro to Yoga', credits: 1 });
    },
    failures: [invalid('pageSize 101', 'pageSize', { pageSize: 101 })],
  },
  video: {
    does: 'reads one video',
    scope: 'media:read',
    query: 'query ($id: ID!) { video(id: $id) { id description base100Price } }',
    variables: { id: 'media_intro' },
    succeeds: (data) => {
      expect(data.video).toEqual({ id: 'media_intro', description: 'Start here', base100Price: 1000 });
    },
    absent: [
      { case: 'an unknown id', variables: { id: 'media_nobody' } },
      { case: "another company's video", variables: { id: 'media_other' } },
    ],
  },
  subscriptionPlans: {
    does: 'lists subscription plans by name',
    scope: 'subscription-plans:read',
    query: 'query ($pageSize: Int) { subscriptionPlans(pageSize: $pageSize) { total nodes { id } } }',
    variables: {},
    succeeds: (data) => {
      expect(data.subscriptionPlans).toEqual({ total: 2, nodes: [{ id: 'plan_monthly' }, { id: 'plan_weekly' }] });
    },
    failures: [invalid('pageSize 101', 'pageSize', { pageSize: 101 })],
  },
  subscriptionPlan: {
    does: 'reads one subscription plan',
    scope: 'subscription-plans:read',
    query: 'query ($id: ID!) { subscriptionPlan(id: $id) { id name base100Price currency interval active } }',
    variables: { id: 'plan_monthly' },
    succeeds: (data) => {
      expect(data.subscriptionPlan).toEqual({ id: 'plan_monthly', name: 'Monthly unlimited', base100Price: 6000, currency: 'GBP', interval: 'MONTH', active: true });
    },
    absent: [
      { case: 'an unknown id', variables: { id: 'plan_nobody' } },
      { case: "another company's plan", variables: { id: 'plan_other' } },
    ],
  },
  mandate: {
    does: 'reads one subscription mandate with its customer, plan and charges',
    scope: 'subscription-mandates:read',
    query: `query ($id: ID!) {
      mandate(id: $id) { id state renewalDate anchorDate endsOn customer { id } plan { id } charges { total nodes { id periodStart status } } }
    }`,
    variables: { id: 'mandate_read' },
    succeeds: (data) => {
      expect(data.mandate).toEqual({
        id: 'mandate_read', state: 'ACTIVE', renewalDate: '2026-12-01', anchorDate: '2026-11-01', endsOn: null, customer: { id: 'cust_bob' },
        plan: { id: 'plan_monthly' }, charges: { total: 1, nodes: [{ id: 'chg_ops', periodStart: '2026-11-01', status: 'PENDING' }] },
      });
    },
    absent: [
      { case: 'an unknown id', variables: { id: 'mandate_nobody' } },
      { case: "another company's mandate", variables: { id: 'mandate_other' } },
    ],
  },
  vouchers: {
    does: 'lists vouchers by code',
    scope: 'vouchers:read',
    query: 'query ($pageSize: Int) { vouchers(pageSize: $pageSize) { total nodes { id code } } }',
    variables: {},
    succeeds: (data) => {
      expect(data.vouchers.total).toBe(4);
      const codes = data.vouchers.nodes.map((v: { code: string }) => v.code);
      expect(codes).toEqual([...codes].sort());
      expect(codes).not.toContain('OTHERS');
    },
    failures: [invalid('pageSize 101', 'pageSize', { pageSize: 101 })],
  },
  voucher: {
    does: 'reads one voucher',
    scope: 'vouchers:read',
    query: 'query ($id: ID!) { voucher(id: $id) { id code description percentOff base100AmountOff validFrom validUntil maxRedemptions active } }',
    variables: { id: 'vch_later' },
    succeeds: (data) => {
      expect(data.voucher).toEqual({
        id: 'vch_later', code: 'LATER', description: '', percentOff: 50, base100AmountOff: null, validFrom: '2027-01-01', validUntil: null, maxRedemptions: null, active: true,
      });
    },
    absent: [
      { case: 'an unknown id', variables: { id: 'vch_nobody' } },
      { case: "another company's voucher", variables: { id: 'vch_other' } },
    ],
  },
  passPurchases: {
    does: 'lists pass purchases, of one customer or one pass when asked',
    scope: 'packages:read',
    query: 'query ($customerId: ID, $passId: ID, $pageSize: Int) { passPurchases(customerId: $customerId, passId: $passId, pageSize: $pageSize) { total nodes { id creditsRemaining status } } }',
    variables: { customerId: 'cust_bob' },
    succeeds: async (data) => {
      expect(data.passPurchases).toEqual({ total: 1, nodes: [{ id: 'package_bob', creditsRemaining: 0, status: 'USED' }] });
      const ofPass = (await read('{ passPurchases(passId: "pass_10") { nodes { id } } }')).passPurchases.nodes;
      expect(ofPass).toEqual([{ id: 'package_ada' }]);
    },
    failures: [invalid('pageSize 101', 'pageSize', { pageSize: 101 })],
  },
  passPurchase: {
    does: 'reads one pass purchase',
    scope: 'packages:read',
    query: 'query ($id: ID!) { passPurchase(id: $id) { id pass { id } customer { id } creditsAllocated starts expires isCancelled isRefunded status paymentDetails { currency base100NetPrice } } }',
    variables: { id: 'package_edit' },
    succeeds: (data) => {
      expect(data.passPurchase).toMatchObject({
        id: 'package_edit', pass: { id: 'pass_5' }, customer: { id: 'cust_cy' }, creditsAllocated: 5, starts: '2026-11-01', isRefunded: false,
        paymentDetails: { currency: 'GBP', base100NetPrice: 4000 },
      });
    },
    absent: [
      { case: 'an unknown id', variables: { id: 'package_nobody' } },
      { case: "another company's pass purchase", variables: { id: 'package_other' } },
    ],
  },
  updateSubscriptionPlan: {
    does: 'changes the given fields of a subscription plan',
    scope: 'subscription-plans:write',
    query: 'mutation ($id: ID!, $input: SubscriptionPlanUpdate!) { updateSubscriptionPlan(id: $id, input: $input) { id name base100Price interval active } }',
    variables: update('plan_weekly', { base100Price: 1500, interval: 'MONTH' }),
    succeeds: async (data) => {
      const changed = { id: 'plan_weekly', name: 'Weekly flex', base100Price: 1500, interval: 'MONTH', active: true };
      expect(data.updateSubscriptionPlan).toEqual(changed);
      expect((await read('{ subscriptionPlan(id: "plan_weekly") { id name base100Price interval active } }')).subscriptionPlan).toEqual(changed);
    },
    failures: [
      notFound('an unknown plan', update('plan_nobody', { name: 'X' })),
      notFound("another company's plan", update('plan_other', { name: 'X' })),
      invalid('no field to change', 'input', update('plan_weekly', {})),
      invalid('a negative price', 'base100Price', update('plan_weekly', { base100Price: -1 })),
      invalid('an empty name', 'name', update('plan_weekly', { name: '' })),
    ],
  },
  createSubscriptionPlan: {
    does: 'adds a subscription plan that subscriptionPlans then lists',
    scope: 'subscription-plans:write',
    query: `mutation ($input: CreateSubscriptionPlanInput!) {
      createSubscriptionPlan(input: $input) { id name base100Price currency interval active graceDays minimumTermPeriods }
    }`,
    variables: { input: { name: 'Annual', base100Price: 60000, currency: 'GBP', interval: 'YEAR', minimumTermPeriods: 1 } },
    succeeds: async (data) => {
      const created = data.createSubscriptionPlan;
      expect(created).toEqual({
        id: expect.stringMatching(/^plan_/), name: 'Annual', base100Price: 60000, currency: 'GBP', interval: 'YEAR', active: true, graceDays: 7,
        minimumTermPeriods: 1,
      });
      expect((await read('{ subscriptionPlans { nodes { id } } }')).subscriptionPlans.nodes).toContainEqual({ id: created.id });
    },
    failures: [
      invalid('an empty name', 'name', { input: { name: '', base100Price: 100, currency: 'GBP', interval: 'WEEK' } }),
      invalid('a negative price', 'base100Price', { input: { name: 'X', base100Price: -1, currency: 'GBP', interval: 'WEEK' } }),
      invalid('a currency it does not take', 'currency', { input: { name: 'X', base100Price: 100, currency: 'XYZ', interval: 'WEEK' } }),
    ],
  },
  startSubscription: {
    does: 'subscribes a customer to an active plan, the first period charged at once, which the customer\'s mandates then list',
    scope: 'subscription-mandates:write',
    query: `mutation ($input: StartSubscriptionInput!) {
      startSubscription(input: $input) { id state renewalDate customer { id } plan { id } charges { nodes { periodStart status } } }
    }`,
    variables: { input: { customerId: 'cust_eve', planId: 'plan_monthly' } },
    succeeds: async (data) => {
      const started = data.startSubscription;
      expect(started).toEqual({
        id: expect.stringMatching(/^mandate_/), state: 'ACTIVE', renewalDate: '2026-12-21', customer: { id: 'cust_eve' }, plan: { id: 'plan_monthly' },
        charges: { nodes: [{ periodStart: '2026-11-21', status: 'PENDING' }] },
      });
      expect((await read(CUSTOMER_MANDATES, { id: 'cust_eve' })).customer.mandates.nodes).toEqual([{ id: started.id, state: 'ACTIVE' }]);
    },
    failures: [
      notFound('an unknown customer', { input: { customerId: 'cust_nobody', planId: 'plan_monthly' } }),
      notFound("another company's plan", { input: { customerId: 'cust_eve', planId: 'plan_other' } }),
      invalid('a start in the past', 'startDate', { input: { customerId: 'cust_eve', planId: 'plan_weekly', startDate: '2026-11-20' } }),
      conflict('a second live mandate on one plan', { input: { customerId: 'cust_bob', planId: 'plan_monthly' } }),
    ],
  },
  pauseSubscription: {
    does: 'pauses an ACTIVE mandate',
    scope: 'subscription-mandates:write',
    query: 'mutation ($id: ID!) { pauseSubscription(id: $id) { id state pausedAt } }',
    variables: { id: 'mandate_pause' },
    succeeds: async (data) => {
      expect(data.pauseSubscription).toEqual({ id: 'mandate_pause', state: 'PAUSED', pausedAt: '2026-11-21T12:00:00.000Z' });
      expect((await read(CUSTOMER_MANDATES, { id: 'cust_ada' })).customer.mandates.nodes).toContainEqual({ id: 'mandate_pause', state: 'PAUSED' });
    },
    failures: [
      notFound('an unknown mandate', { id: 'mandate_nobody' }),
      notFound("another company's mandate", { id: 'mandate_other' }),
      conflict('a PAUSED mandate', { id: 'mandate_resume' }),
    ],
  },
  resumeSubscription: {
    does: 'resumes a PAUSED mandate',
    scope: 'subscription-mandates:write',
    query: 'mutation ($id: ID!) { resumeSubscription(id: $id) { id state pausedAt renewalDate } }',
    variables: { id: 'mandate_resume' },
    succeeds: async (data) => {
      expect(data.resumeSubscription).toEqual({ id: 'mandate_resume', state: 'ACTIVE', pausedAt: null, renewalDate: '2026-11-23' });
      expect((await read(CUSTOMER_MANDATES, { id: 'cust_cy' })).customer.mandates.nodes).toEqual([{ id: 'mandate_resume', state: 'ACTIVE' }]);
    },
    failures: [
      notFound('an unknown mandate', { id: 'mandate_nobody' }),
      notFound("another company's mandate", { id: 'mandate_other' }),
      conflict('an ACTIVE mandate', { id: 'mandate_read' }),
    ],
  },
  cancelSubscription: {
    does: 'ends a mandate at the later of its next renewal and its earliest cancellation date',
    scope: 'subscription-mandates:write',
    query: 'mutation ($id: ID!) { cancelSubscription(id: $id) { id state endsOn cancelledAt } }',
    variables: { id: 'mandate_cancel' },
    succeeds: async (data) => {
      expect(data.cancelSubscription).toEqual({ id: 'mandate_cancel', state: 'ACTIVE', endsOn: '2026-11-23', cancelledAt: '2026-11-21T12:00:00.000Z' });
      expect((await read('query ($id: ID!) { mandate(id: $id) { endsOn } }', { id: 'mandate_cancel' })).mandate.endsOn).toBe('2026-11-23');
    },
    failures: [
      notFound('an unknown mandate', { id: 'mandate_nobody' }),
      notFound("another company's mandate", { id: 'mandate_other' }),
      conflict('a mandate cancelled already', { id: 'mandate_cancel' }),
    ],
  },
  setSubscriptionChargeStatus: {
    does: 'marks a PENDING charge PAID',
    scope: 'subscription-mandates:write',
    query: 'mutation ($id: ID!, $status: PaymentStatus!) { setSubscriptionChargeStatus(id: $id, status: $status) { id status settledAt mandate { id state } } }',
    variables: { id: 'chg_ops', status: 'PAID' },
    succeeds: async (data) => {
      expect(data.setSubscriptionChargeStatus).toEqual({ id: 'chg_ops', status: 'PAID', settledAt: '2026-11-21T12:00:00.000Z', mandate: { id: 'mandate_read', state: 'ACTIVE' } });
      const { mandate: marked } = await read('query ($id: ID!) { mandate(id: $id) { charges { nodes { id status } } } }', { id: 'mandate_read' });
      expect(marked.charges.nodes).toEqual([{ id: 'chg_ops', status: 'PAID' }]);
    },
    failures: [
      notFound('an unknown charge', { id: 'chg_nobody', status: 'PAID' }),
      notFound("another company's charge", { id: 'chg_other', status: 'PAID' }),
      conflict('a charge PAID already', { id: 'chg_ops', status: 'FAILED' }),
    ],
  },
  updatePass: {
    does: 'changes the given fields of a pass template',
    scope: 'passes:write',
    query: 'mutation ($id: ID!, $input: PassUpdate!) { updatePass(id: $id, input: $input) { id validityDays base100Price active } }',
    variables: update('pass_retired', { validityDays: 60, base100Price: 2500 }),
    succeeds: async (data) => {
      expect(data.updatePass).toEqual({ id: 'pass_retired', validityDays: 60, base100Price: 2500, active: false });
      expect((await read('{ pass(id: "pass_retired") { validityDays base100Price } }')).pass).toEqual({ validityDays: 60, base100Price: 2500 });
    },
    failures: [
      notFound('an unknown pass', update('pass_nobody', { name: 'X' })),
      notFound("another company's pass", update('pass_other', { name: 'X' })),
      invalid('no field to change', 'input', update('pass_retired', {})),
      invalid('0 credits', 'credits', update('pass_retired', { credits: 0 })),
      invalid('a validity over ten years', 'validityDays', update('pass_retired', { validityDays: 4000 })),
      invalid('a negative price', 'base100Price', update('pass_retired', { base100Price: -1 })),
    ],
  },
  updateVideo: {
    does: 'changes the given fields of a video; accessDays null means no expiry',
    scope: 'media:write',
    query: 'mutation ($id: ID!, $input: MediaUpdate!) { updateVideo(id: $id, input: $input) { id name accessDays } }',
    variables: update('media_intro', { name: 'Intro', accessDays: null }),
    succeeds: async (data) => {
      expect(data.updateVideo).toEqual({ id: 'media_intro', name: 'Intro', accessDays: null });
      expect((await read('{ video(id: "media_intro") { name accessDays } }')).video).toEqual({ name: 'Intro', accessDays: null });
    },
    failures: [
      notFound('an unknown video', update('media_nobody', { name: 'X' })),
      notFound("another company's video", update('media_other', { name: 'X' })),
      invalid('0 days of access', 'accessDays', update('media_intro', { accessDays: 0 })),
      invalid('negative credits', 'credits', update('media_intro', { credits: -1 })),
      invalid('a null name', 'name', update('media_intro', { name: null })),
    ],
  },
  updateVoucher: {
    does: 'changes the given fields of a voucher',
    scope: 'vouchers:write',
    query: 'mutation ($id: ID!, $input: VoucherUpdate!) { updateVoucher(id: $id, input: $input) { id code percentOff base100AmountOff validFrom validUntil maxRedemptions } }',
    variables: update('vch_edit', { code: 'SPRING', percentOff: null, base100AmountOff: 500, validFrom: '2026-12-01', validUntil: '2026-12-31', maxRedemptions: 10 }),
    succeeds: async (data) => {
      const changed = { id: 'vch_edit', code: 'SPRING', percentOff: null, base100AmountOff: 500, validFrom: '2026-12-01', validUntil: '2026-12-31', maxRedemptions: 10 };
      expect(data.updateVoucher).toEqual(changed);
      expect((await read('{ voucher(id: "vch_edit") { id code percentOff base100AmountOff validFrom validUntil maxRedemptions } }')).voucher).toEqual(changed);
    },
    failures: [
      notFound('an unknown voucher', update('vch_nobody', { description: 'X' })),
      notFound("another company's voucher", update('vch_other', { description: 'X' })),
      conflict('a code another voucher has', update('vch_ten', { code: 'USEDUP' })),
      invalid('101 percent off', 'percentOff', update('vch_ten', { percentOff: 101 })),
      invalid('both a percentage and an amount', 'base100AmountOff', update('vch_ten', { base100AmountOff: 100 })),
      invalid('an end before the start', 'validUntil', update('vch_ten', { validFrom: '2027-01-01', validUntil: '2026-01-01' })),
      invalid('a negative limit', 'maxRedemptions', update('vch_ten', { maxRedemptions: -1 })),
      invalid('an impossible date', undefined, update('vch_ten', { validFrom: '2026-02-30' })),
    ],
  },
  purchasePass: {
    does: 'sells a pass starting today, discounted by a voucher; the customer then has it',
    scope: 'packages:write',
    query: `mutation ($input: PurchasePassInput!) {
      purchasePass(input: $input) {
        id customer { id } pass { id } creditsAllocated creditsConsumed starts expires status
        paymentDetails { currency base100GrossPrice base100Discount base100NetPrice }
      }
    }`,
    variables: saleInput({ voucherCode: 'TENOFF' }),
    succeeds: async (data) => {
      const sold = data.purchasePass;
      expect(sold).toEqual({
        id: expect.stringMatching(/^package_/), customer: { id: 'cust_eve' }, pass: { id: 'pass_5' }, creditsAllocated: 5, creditsConsumed: 0,
        starts: '2026-11-21', expires: '2027-02-19', status: 'ACTIVE',
        paymentDetails: { currency: 'GBP', base100GrossPrice: 4000, base100Discount: 400, base100NetPrice: 3600 },
      });
      const owned = (await read('{ customer(id: "cust_eve") { passPurchases { nodes { id } } } }')).customer.passPurchases.nodes;
      expect(owned).toContainEqual({ id: sold.id });
      const later = await read(operations.purchasePass!.query, saleInput({ startDate: '2026-12-01' }));
      expect(later.purchasePass).toMatchObject({ starts: '2026-12-01', status: 'PENDING' });
    },
    failures: [
      notFound('an unknown customer', saleInput({ customerId: 'cust_nobody' })),
      notFound("another company's customer", saleInput({ customerId: 'cust_other' })),
      notFound('an unknown pass', saleInput({ passId: 'pass_nobody' })),
      notFound("another company's pass", saleInput({ passId: 'pass_other' })),
      invalid('a pass not on sale', 'passId', saleInput({ passId: 'pass_retired' })),
      invalid('a start in the past', 'startDate', saleInput({ startDate: '2026-11-20' })),
      invalid('an impossible start date', undefined, saleInput({ startDate: '2026-02-30' })),
      invalid('a voucher code that does not exist', 'voucherCode', saleInput({ voucherCode: 'NOPE' })),
      conflict('a voucher redeemed as often as it allows', saleInput({ voucherCode: 'USEDUP' })),
    ],
  },
  createPass: {
    does: 'adds a pass template, which pass(id) then returns',
    scope: 'passes:write',
    query: 'mutation ($input: CreatePassInput!) { createPass(input: $input) { id name description credits validityDays base100Price currency active } }',
    variables: passInput(),
    succeeds: async (data) => {
      const created = data.createPass;
      expect(created).toEqual({ id: expect.stringMatching(/^pass_/), name: '20 classes', description: '', credits: 20, validityDays: 365, base100Price: 12000, currency: 'GBP', active: true });
      expect((await read('query ($id: ID!) { pass(id: $id) { id name credits } }', { id: created.id })).pass).toEqual({ id: created.id, name: '20 classes', credits: 20 });
    },
    failures: [
      invalid('an empty name', 'name', passInput({ name: '' })),
      invalid('0 credits', 'credits', passInput({ credits: 0 })),
      invalid('1001 credits', 'credits', passInput({ credits: 1001 })),
      invalid('0 days of validity', 'validityDays', passInput({ validityDays: 0 })),
      invalid('a negative price', 'base100Price', passInput({ base100Price: -1 })),
    ],
  },
  assignPass: {
    does: 'gives a customer a pass that may have started already, not a sale: its price is fully discounted',
    scope: 'packages:write',
    query: `mutation ($input: AssignPassInput!) {
      assignPass(input: $input) { id customer { id } starts expires status paymentDetails { base100GrossPrice base100Discount base100NetPrice } }
    }`,
    variables: { input: { customerId: 'cust_cy', passId: 'pass_5', startDate: '2026-10-01' } },
    succeeds: async (data) => {
      const assigned = data.assignPass;
      expect(assigned).toEqual({
        id: expect.stringMatching(/^package_/), customer: { id: 'cust_cy' }, starts: '2026-10-01', expires: '2026-12-30', status: 'ACTIVE',
        paymentDetails: { base100GrossPrice: 4000, base100Discount: 4000, base100NetPrice: 0 },
      });
      expect((await read('{ passPurchases(customerId: "cust_cy") { nodes { id } } }')).passPurchases.nodes).toContainEqual({ id: assigned.id });
    },
    failures: [
      notFound('an unknown customer', { input: { customerId: 'cust_nobody', passId: 'pass_5' } }),
      notFound("another company's customer", { input: { customerId: 'cust_other', passId: 'pass_5' } }),
      notFound('an unknown pass', { input: { customerId: 'cust_cy', passId: 'pass_nobody' } }),
      notFound("another company's pass", { input: { customerId: 'cust_cy', passId: 'pass_other' } }),
      invalid('a pass not on sale', 'passId', { input: { customerId: 'cust_cy', passId: 'pass_retired' } }),
      invalid('an impossible start date', undefined, { input: { customerId: 'cust_cy', passId: 'pass_5', startDate: '2026-13-01' } }),
    ],
  },
  updatePassPurchase: {
    does: 'changes the credits left and expiry of a pass purchase, and cancels it',
    scope: 'packages:write',
    query: 'mutation ($id: ID!, $input: PassPurchaseUpdate!) { updatePassPurchase(id: $id, input: $input) { id creditsConsumed creditsRemaining expires isCancelled status } }',
    variables: update('package_edit', { creditsRemaining: 2, expires: '2027-03-01' }),
    succeeds: async (data) => {
      expect(data.updatePassPurchase).toEqual({ id: 'package_edit', creditsConsumed: 3, creditsRemaining: 2, expires: '2027-03-01', isCancelled: false, status: 'ACTIVE' });
      await read('mutation { updatePassPurchase(id: "package_edit", input: { isCancelled: true }) { id } }');
      expect((await read(PASS_PURCHASE, { id: 'package_edit' })).passPurchase).toEqual({ creditsConsumed: 3, creditsRemaining: 2, status: 'CANCELLED' });
    },
    failures: [
      notFound('an unknown pass purchase', update('package_nobody', { creditsRemaining: 1 })),
      notFound("another company's pass purchase", update('package_other', { creditsRemaining: 1 })),
      invalid('no field to change', 'input', update('package_edit', {})),
      invalid('more credits left than allocated', 'creditsRemaining', update('package_edit', { creditsRemaining: 6 })),
      invalid('negative credits left', 'creditsRemaining', update('package_edit', { creditsRemaining: -1 })),
      invalid('an expiry before the start', 'expires', update('package_edit', { expires: '2026-01-01' })),
    ],
  },

  createVideo: {
    does: 'adds a video to the library, which videos then lists',
    scope: 'media:write',
    query: 'mutation ($input: CreateVideoInput!) { createVideo(input: $input) { id name description base100Price credits accessDays active } }',
    variables: videoInput(),
    succeeds: async (data) => {
      const created = data.createVideo;
      expect(created).toEqual({ id: expect.stringMatching(/^media_/), name: 'Breath of fire', description: '', base100Price: 900, credits: 1, accessDays: 14, active: true });
      expect((await read('{ videos(pageSize: 100) { nodes { id } } }')).videos.nodes).toContainEqual({ id: created.id });
    },
    failures: [
      invalid('an empty name', 'name', videoInput({ name: '' })),
      invalid('a negative price', 'base100Price', videoInput({ base100Price: -1 })),
      invalid('negative credits', 'credits', videoInput({ credits: -1 })),
      invalid('0 days of access', 'accessDays', videoInput({ accessDays: 0 })),
    ],
  },
  createVoucher: {
    does: 'adds a voucher, which vouchers then lists and a purchase can redeem',
    scope: 'vouchers:write',
    query: 'mutation ($input: CreateVoucherInput!) { createVoucher(input: $input) { id code description percentOff base100AmountOff validFrom validUntil maxRedemptions redemptions active } }',
    variables: voucherInput(),
    succeeds: async (data) => {
      const created = data.createVoucher;
      expect(created).toEqual({
        id: expect.stringMatching(/^vch_/), code: 'WINTER', description: '', percentOff: 25, base100AmountOff: null, validFrom: '2026-12-01',
        validUntil: '2027-02-28', maxRedemptions: 50, redemptions: 0, active: true,
      });
      expect((await read('{ vouchers(pageSize: 100) { nodes { code } } }')).vouchers.nodes).toContainEqual({ code: 'WINTER' });
      const amount = await read(operations.createVoucher!.query, voucherInput({ code: 'FIVER', percentOff: null, base100AmountOff: 500, validFrom: null, validUntil: null, maxRedemptions: null }));
      expect(amount.createVoucher).toMatchObject({ code: 'FIVER', percentOff: null, base100AmountOff: 500, maxRedemptions: null });
    },
    failures: [
      conflict('a code another voucher has', voucherInput({ code: 'TENOFF' })),
      invalid('an empty code', 'code', voucherInput({ code: ' ' })),
      invalid('both a percentage and an amount', 'percentOff', voucherInput({ base100AmountOff: 100 })),
      invalid('neither a percentage nor an amount', 'percentOff', voucherInput({ percentOff: null })),
      invalid('101 percent off', 'percentOff', voucherInput({ percentOff: 101 })),
      invalid('an end before the start', 'validUntil', voucherInput({ validUntil: '2026-11-30' })),
      invalid('a negative limit', 'maxRedemptions', voucherInput({ maxRedemptions: -1 })),
    ],
  },
  purchaseVideo: {
    does: "sells a video by card with a voucher, and with pass credits; access runs accessDays from today",
    scope: 'videos:write',
    query: `mutation ($input: PurchaseVideoInput!) { purchaseVideo(input: $input) { id ${VIDEO_PURCHASE} } }`,
    variables: videoSale({ voucherCode: 'TENOFF' }),
    before: () => creditsConsumed('package_eve'),
    succeeds: async (data, consumedBefore) => {
      const sold = data.purchaseVideo;
      expect(sold).toEqual({
        id: expect.stringMatching(/^media_/), isCancelled: false, isRefunded: false, isExpired: false, expiresOn: '2026-12-21',
        customer: { id: 'cust_eve' }, media: { id: 'media_yin' }, payment: { __typename: 'CardPayment', base100NetPrice: 720 },
      });
      const withCredits = await read(operations.purchaseVideo!.query, videoSale({ payWith: 'PASS', packageId: 'package_eve' }));
      expect(withCredits.purchaseVideo.payment).toEqual({ __typename: 'PassPayment', creditsUsed: 2, passPurchase: { id: 'package_eve' } });
      expect(await creditsConsumed('package_eve')).toBe(consumedBefore + 2);
      const owned = (await read('{ customer(id: "cust_eve") { videoPurchases { nodes { id } } } }')).customer.videoPurchases.nodes;
      expect(owned).toEqual(expect.arrayContaining([{ id: sold.id }, { id: withCredits.purchaseVideo.id }]));
    },
    failures: [
      notFound('an unknown customer', videoSale({ customerId: 'cust_nobody' })),
      notFound("another company's customer", videoSale({ customerId: 'cust_other' })),
      notFound('an unknown video', videoSale({ mediaId: 'media_nobody' })),
      notFound("another company's video", videoSale({ mediaId: 'media_other' })),
      notFound("another customer's pass purchase", videoSale({ payWith: 'PASS', packageId: 'package_ada' })),
      invalid('a video not on sale', 'mediaId', videoSale({ mediaId: 'media_retired' })),
      invalid('PASS for a video without credits', 'payWith', videoSale({ mediaId: 'media_cardonly', payWith: 'PASS' })),
      invalid('a pass purchase with a card payment', 'packageId', videoSale({ packageId: 'package_eve' })),
      invalid('a voucher with a pass payment', 'voucherCode', videoSale({ payWith: 'PASS', voucherCode: 'TENOFF' })),
      invalid('a voucher code that does not exist', 'voucherCode', videoSale({ voucherCode: 'NOPE' })),
      conflict('a voucher redeemed as often as it allows', videoSale({ voucherCode: 'USEDUP' })),
      conflict('a pass without enough credits', videoSale({ customerId: 'cust_bob', payWith: 'PASS' })),
    ],
  },
  cancelVideoPurchase: {
    does: 'cancels a video purchase: credits paid with go back to the pass, and refund marks it refunded',
    scope: 'videos:write',
    query: `mutation ($id: ID!, $refund: Boolean) { cancelVideoPurchase(id: $id, refund: $refund) { id ${VIDEO_PURCHASE} } }`,
    variables: { id: 'media_evebought', refund: true },
    before: () => creditsConsumed('package_eve'),
    succeeds: async (data, consumedBefore) => {
      expect(data.cancelVideoPurchase).toMatchObject({ id: 'media_evebought', isCancelled: true, isRefunded: true });
      expect(await creditsConsumed('package_eve')).toBe(consumedBefore - 2);
    },
    failures: [
      notFound('an unknown video purchase', { id: 'media_nobody' }),
      notFound("another company's video purchase", { id: 'media_otherbuy' }),
      conflict('a video purchase already cancelled', { id: 'media_gone' }),
    ],
  },

  // Webhook administration
  webhookEndpoints: {
    does: "lists the company's webhook endpoints, oldest first",
    scope: 'webhooks:write',
    query: ENDPOINTS,
    variables: {},
    succeeds: (data) => {
      const ids = data.webhookEndpoints.map((e: { id: string }) => e.id);
      expect(ids.slice(0, 2)).toEqual([webhook.endpoint, webhook.quiet]);
      expect(ids).not.toContain(webhook.foreign);
      expect(data.webhookEndpoints[0]).toEqual({
        id: webhook.endpoint, url: receiver.url, events: ['REGISTRATION_CREATED', 'PASS_PURCHASED', 'EVENT_PURCHASED'], enabled: true, previousSecretExpiresAt: null,
      });
    },
  },
  webhookEndpoint: {
    does: 'reads one endpoint of the company',
    scope: 'webhooks:write',
    query: 'query ($id: ID!) { webhookEndpoint(id: $id) { id url events enabled } }',
    variables: () => ({ id: webhook.endpoint }),
    succeeds: (data) => {
      expect(data.webhookEndpoint).toEqual({ id: webhook.endpoint, url: receiver.url, events: ['REGISTRATION_CREATED', 'PASS_PURCHASED', 'EVENT_PURCHASED'], enabled: true });
    },
    absent: [
      { case: 'an unknown endpoint', variables: { id: 'whk_nobody' } },
      { case: "another company's endpoint", variables: () => ({ id: webhook.foreign }) },
    ],
  },
  webhookEvents: {
    does: "lists the company's events in commit order, page after page from each endCursor, each once, tests left out",
    scope: 'webhooks:write',
    query: EVENTS_AFTER,
    variables: { first: 2 },
    succeeds: async (data) => {
      const seen = [...data.webhookEvents.nodes];
      let page = data.webhookEvents;
      while (page.hasMore) {
        page = (await read(EVENTS_AFTER, { first: 2, after: page.endCursor })).webhookEvents;
        seen.push(...page.nodes);
      }
      const rows = await studio.app.services.orm.em
        .getConnection()
        .execute<{ id: string; kind: string }[]>('select id, kind from webhook_event where company_id = ? and not is_test order by seq', [studio.companyId]);
      expect(seen.map((e: { id: string; event: string }) => [e.id, e.event])).toEqual(rows.map((r) => [r.id, r.kind.toUpperCase().replace('.', '_')]));
      expect(rows.length).toBeGreaterThan(5);
      expect(seen.map((e: { id: string }) => e.id)).not.toContain(webhook.testEvent);
      const customers = await read(EVENTS_AFTER, { first: 100, kinds: ['CUSTOMER_CREATED', 'CUSTOMER_UPDATED'] });
      expect(customers.webhookEvents.nodes.map((e: { event: string }) => e.event)).toEqual(
        rows.filter((r) => r.kind === 'customer.created' || r.kind === 'customer.updated').map((r) => r.kind.toUpperCase().replace('.', '_')),
      );
    },
    failures: [
      invalid('a cursor the list did not give', 'after', { after: 'bm90LWEtY3Vyc29y' }),
      invalid('no events asked for', 'first', { first: 0 }),
      invalid('more than 100', 'first', { first: 101 }),
    ],
  },
  webhookDeliveries: {
    does: 'lists delivery attempts of one event',
    scope: 'webhooks:write',
    query: 'query ($eventId: ID, $limit: Int) { webhookDeliveries(eventId: $eventId, limit: $limit) { eventId event test endpointId attempt status error } }',
    variables: () => ({ eventId: webhook.testEvent }),
    succeeds: (data) => {
      expect(data.webhookDeliveries).toContainEqual({
        eventId: webhook.testEvent, event: 'REGISTRATION_CREATED', test: true, endpointId: webhook.endpoint, attempt: expect.any(Number), status: 204, error: null,
      });
    },
    failures: [invalid('limit 0', 'limit', { limit: 0 }), invalid('limit 1001', 'limit', { limit: 1001 })],
  },
  webhookDeliveryLog: {
    does: 'pages through the delivery log of one event, newest first, by cursor',
    scope: 'webhooks:write',
    query: 'query ($eventId: ID, $after: String) { webhookDeliveryLog(eventId: $eventId, first: 1, after: $after) { total nodes { eventId test status } pageInfo { endCursor hasNextPage } } }',
    variables: () => ({ eventId: webhook.testEvent }),
    succeeds: async (data) => {
      const page = data.webhookDeliveryLog;
      expect(page.nodes).toEqual([{ eventId: webhook.testEvent, test: true, status: 204 }]);
      expect(page.pageInfo.hasNextPage).toBe(page.total > 1);
      const next = await read(operations.webhookDeliveryLog!.query, { eventId: webhook.testEvent, after: page.pageInfo.endCursor });
      expect(next.webhookDeliveryLog.nodes).toHaveLength(Math.min(1, page.total - 1));
    },
    failures: [invalid('after a cursor of another list', 'after', { eventId: webhook.testEvent, after: 'eyJ4Ijp9.AAAAAAAAAAAAAAAAAAAAAA' })],
  },
  setWebhookEndpoint: {
    does: 'adds an endpoint with a new signing secret, and changes one at the same URL keeping its secret',
    scope: 'webhooks:write',
    query: 'mutation ($input: SetWebhookEndpointInput!) { setWebhookEndpoint(input: $input) { signingSecret endpoint { id url events enabled } } }',
    variables: () => ({ input: { url: `${receiver.url}/new`, events: ['PASS_PURCHASED'] } }),
    succeeds: async (data) => {
      const { signingSecret, endpoint } = data.setWebhookEndpoint;
      expect(signingSecret).toMatch(/^whsec_/);
      expect(endpoint).toEqual({ id: expect.stringMatching(/^whk_/), url: `${receiver.url}/new`, events: ['PASS_PURCHASED'], enabled: true });
      const changed = await read(operations.setWebhookEndpoint!.query, { input: { url: `${receiver.url}/new`, events: ['EVENT_PURCHASED'], enabled: false } });
      expect(changed.setWebhookEndpoint).toEqual({ signingSecret: null, endpoint: { ...endpoint, events: ['EVENT_PURCHASED'], enabled: false } });
      expect((await read(ENDPOINTS)).webhookEndpoints).toContainEqual({ ...endpoint, events: ['EVENT_PURCHASED'], enabled: false, previousSecretExpiresAt: null });
    },
    failures: [
      invalid('a URL that is not one', 'url', { input: { url: 'not a url', events: ['PASS_PURCHASED'] } }),
      invalid('no events', 'events', () => ({ input: { url: `${receiver.url}/none`, events: [] } })),
      invalid("another endpoint's URL", 'url', () => ({ input: { id: webhook.quiet, url: receiver.url, events: ['PASS_PURCHASED'] } })),
      notFound('an unknown endpoint', () => ({ input: { id: 'whk_nobody', url: `${receiver.url}/x`, events: ['PASS_PURCHASED'] } })),
      notFound("another company's endpoint", () => ({ input: { id: webhook.foreign, url: `${receiver.url}/x`, events: ['PASS_PURCHASED'] } })),
    ],
  },
  createWebhookEndpoint: {
    does: 'adds an endpoint with a new signing secret, shown in this answer only',
    scope: 'webhooks:write',
    query: 'mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { signingSecret endpoint { id url events enabled } } }',
    variables: () => ({ input: { url: `${receiver.url}/created`, events: ['APPOINTMENT_NO_SHOW', 'CUSTOMER_DELETED'], enabled: false } }),
    succeeds: async (data) => {
      const { signingSecret, endpoint } = data.createWebhookEndpoint;
      expect(signingSecret).toMatch(/^whsec_/);
      expect(endpoint).toEqual({ id: expect.stringMatching(/^whk_/), url: `${receiver.url}/created`, events: ['APPOINTMENT_NO_SHOW', 'CUSTOMER_DELETED'], enabled: false });
      expect((await read(ENDPOINTS)).webhookEndpoints).toContainEqual({ ...endpoint, previousSecretExpiresAt: null });
    },
    failures: [
      invalid('a URL that is not one', 'url', { input: { url: 'not a url', events: ['PASS_PURCHASED'] } }),
      invalid('no events', 'events', () => ({ input: { url: `${receiver.url}/none`, events: [] } })),
      conflict("another endpoint's URL", () => ({ input: { url: receiver.url, events: ['PASS_PURCHASED'] } })),
    ],
  },
  updateWebhookEndpoint: {
    does: 'changes the given fields of an endpoint, keeping the others and its secret',
    scope: 'webhooks:write',
    query: 'mutation ($id: ID!, $input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { id url events enabled } }',
    variables: () => ({ id: webhook.quiet, input: { events: ['SUBSCRIPTION_RENEWED', 'VIDEO_PURCHASED'] } }),
    before: async () => read('mutation ($id: ID!) { revealWebhookSecret(id: $id) }', { id: webhook.quiet }),
    succeeds: async (data, before) => {
      expect(data.updateWebhookEndpoint).toMatchObject({ id: webhook.quiet, url: `${receiver.url}/quiet`, events: ['SUBSCRIPTION_RENEWED', 'VIDEO_PURCHASED'] });
      expect(await read('mutation ($id: ID!) { revealWebhookSecret(id: $id) }', { id: webhook.quiet })).toEqual(before);
    },
    failures: [
      invalid('no change', 'input', () => ({ id: webhook.quiet, input: {} })),
      invalid('a URL that is not http(s)', 'url', () => ({ id: webhook.quiet, input: { url: 'ftp://example.com/x' } })),
      conflict("another endpoint's URL", () => ({ id: webhook.quiet, input: { url: receiver.url } })),
      notFound('an unknown endpoint', { id: 'whk_nobody', input: { enabled: true } }),
      notFound("another company's endpoint", () => ({ id: webhook.foreign, input: { enabled: true } })),
    ],
  },
  rotateWebhookSecret: {
    does: 'gives an endpoint a new secret, the previous one signing on for the overlap',
    scope: 'webhooks:write',
    query: 'mutation ($id: ID!, $overlapHours: Int) { rotateWebhookSecret(id: $id, overlapHours: $overlapHours) { signingSecret endpoint { id previousSecretExpiresAt } } }',
    variables: () => ({ id: webhook.endpoint, overlapHours: 2 }),
    succeeds: async (data) => {
      expect(data.rotateWebhookSecret).toEqual({ signingSecret: expect.stringMatching(/^whsec_/), endpoint: { id: webhook.endpoint, previousSecretExpiresAt: '2026-11-21T14:00:00.000Z' } });
      const endpoints = (await read(ENDPOINTS)).webhookEndpoints;
      expect(endpoints.find((e: { id: string }) => e.id === webhook.endpoint).previousSecretExpiresAt).toBe('2026-11-21T14:00:00.000Z');
    },
    failures: [
      notFound('an unknown endpoint', { id: 'whk_nobody' }),
      notFound("another company's endpoint", () => ({ id: webhook.foreign })),
      invalid('a negative overlap', 'overlapHours', () => ({ id: webhook.endpoint, overlapHours: -1 })),
      invalid('an overlap over 30 days', 'overlapHours', () => ({ id: webhook.endpoint, overlapHours: 721 })),
    ],
  },
  revealWebhookSecret: {
    does: "shows an endpoint's current signing secret",
    scope: 'webhooks:write',
    query: 'mutation ($id: ID!) { revealWebhookSecret(id: $id) }',
    variables: () => ({ id: webhook.quiet }),
    succeeds: (data) => {
      expect(data.revealWebhookSecret).toMatch(/^whsec_/);
    },
    failures: [notFound('an unknown endpoint', { id: 'whk_nobody' }), notFound("another company's endpoint", () => ({ id: webhook.foreign }))],
  },
  setWebhookEndpointEnabled: {
    does: 'turns deliveries to an endpoint off',
    scope: 'webhooks:write',
    query: 'mutation ($id: ID!, $enabled: Boolean!) { setWebhookEndpointEnabled(id: $id, enabled: $enabled) { id enabled } }',
    variables: () => ({ id: webhook.quiet, enabled: false }),
    succeeds: async (data) => {
      expect(data.setWebhookEndpointEnabled).toEqual({ id: webhook.quiet, enabled: false });
      const endpoints = (await read(ENDPOINTS)).webhookEndpoints;
      expect(endpoints.find((e: { id: string }) => e.id === webhook.quiet).enabled).toBe(false);
    },
    failures: [
      notFound('an unknown endpoint', { id: 'whk_nobody', enabled: true }),
      notFound("another company's endpoint", () => ({ id: webhook.foreign, enabled: true })),
    ],
  },
  deleteWebhookEndpoint: {
    does: 'removes an endpoint and answers its id',
    scope: 'webhooks:write',
    query: 'mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }',
    variables: () => ({ id: webhook.doomed }),
    succeeds: async (data) => {
      expect(data.deleteWebhookEndpoint).toBe(webhook.doomed);
      expect((await read(ENDPOINTS)).webhookEndpoints.map((e: { id: string }) => e.id)).not.toContain(webhook.doomed);
    },
    failures: [
      notFound('an unknown endpoint', { id: 'whk_nobody' }),
      notFound("another company's endpoint", () => ({ id: webhook.foreign })),
    ],
  },
  sendTestWebhook: {
    does: 'sends a sample event marked as a test and reports the answer, which the delivery log then shows',
    scope: 'webhooks:write',
    query: 'mutation ($kind: WebhookEventKind!, $endpointId: ID) { sendTestWebhook(kind: $kind, endpointId: $endpointId) { eventId event delivered status error } }',
    variables: () => ({ kind: 'EVENT_PURCHASED', endpointId: webhook.endpoint }),
    succeeds: async (data) => {
      const sent = data.sendTestWebhook;
      expect(sent).toEqual({ eventId: expect.stringMatching(/^whe_/), event: 'EVENT_PURCHASED', delivered: true, status: 204, error: null });
      expect(receiver.hits.map((hit) => hit.id)).toContain(sent.eventId);
      const logged = await waitUntil(async () => (await read(DELIVERIES, { eventId: sent.eventId })).webhookDeliveries[0], { what: 'the test in the delivery log' });
      expect(logged).toEqual({ eventId: sent.eventId, event: 'EVENT_PURCHASED', test: true, endpointId: webhook.endpoint, attempt: expect.any(Number), status: 204, error: null });
    },
    failures: [
      notFound('an unknown endpoint', { kind: 'PASS_PURCHASED', endpointId: 'whk_nobody' }),
      notFound("another company's endpoint", () => ({ kind: 'PASS_PURCHASED', endpointId: webhook.foreign })),
    ],
  },
  redeliverWebhookEvent: {
    does: 'sends an event again to an endpoint, as its next attempt',
    scope: 'webhooks:write',
    query: 'mutation ($eventId: ID!, $endpointId: ID) { redeliverWebhookEvent(eventId: $eventId, endpointId: $endpointId) { eventId endpointIds } }',
    variables: () => ({ eventId: webhook.testEvent, endpointId: webhook.endpoint }),
    before: async () => lastAttempt(webhook.testEvent),
    succeeds: async (data, attemptsBefore) => {
      expect(data.redeliverWebhookEvent).toEqual({ eventId: webhook.testEvent, endpointIds: [webhook.endpoint] });
      await waitUntil(async () => (await lastAttempt(webhook.testEvent)) > attemptsBefore, { what: 'a new attempt in the delivery log' });
    },
    failures: [
      notFound('an unknown event', { eventId: 'whe_nobody' }),
      notFound('an unknown endpoint', () => ({ eventId: webhook.testEvent, endpointId: 'whk_nobody' })),
      invalid('an event without a failed delivery, and no endpoint', 'eventId', () => ({ eventId: webhook.testEvent })),
    ],
  },

  // Schedule and waitlists (last: they add and cancel dates that the rows above list).
  addRecurringDates: {
    does: "adds a weekly rule's dates at local time, leaving out the skipped ones",
    scope: 'events:write',
    query: 'mutation ($eventId: ID!, $rule: RecurrenceInput!) { addRecurringDates(eventId: $eventId, rule: $rule) { datetime capacity duration } }',
    variables: { eventId: 'evt_yoga', rule: { weekdays: [1], time: '18:00', duration: 45, capacity: 8, from: '2026-12-07', until: '2026-12-21', skip: ['2026-12-14'] } },
    succeeds: (data) => {
      expect(data.addRecurringDates).toEqual([
        { datetime: '2026-12-07T18:00:00', capacity: 8, duration: 45 },
        { datetime: '2026-12-21T18:00:00', capacity: 8, duration: 45 },
      ]);
    },
    failures: [
      notFound('an unknown event', { eventId: 'evt_nobody', rule: { weekdays: [1], time: '18:00', duration: 45, capacity: 8, from: '2026-12-07', until: '2026-12-21' } }),
      notFound("another company's event", { eventId: 'evt_other', rule: { weekdays: [1], time: '18:00', duration: 45, capacity: 8, from: '2026-12-07', until: '2026-12-21' } }),
      invalid('an until before from', 'rule.until', { eventId: 'evt_yoga', rule: { weekdays: [1], time: '18:00', duration: 45, capacity: 8, from: '2026-12-07', until: '2026-12-01' } }),
    ],
  },
  updateEventDate: {
    does: "changes a date's capacity",
    scope: 'events:write',
    query: 'mutation ($id: ID!, $input: UpdateEventDateInput!) { updateEventDate(id: $id, input: $input) { id capacity } }',
    variables: { id: 'date_edit', input: { capacity: 12 } },
    succeeds: (data) => {
      expect(data.updateEventDate).toEqual({ id: 'date_edit', capacity: 12 });
    },
    failures: [
      notFound('an unknown date', { id: 'date_nobody', input: { capacity: 12 } }),
      notFound("another company's date", { id: 'date_other', input: { capacity: 12 } }),
      invalid('no change', 'input', { id: 'date_edit', input: {} }),
    ],
  },
  joinWaitlist: {
    does: 'puts a customer in line for a full date',
    scope: 'bookings:write',
    query: 'mutation ($input: JoinWaitlistInput!) { joinWaitlist(input: $input) { id status position spaces payWith } }',
    variables: { input: { customerId: 'cust_ada', eventDateId: 'date_full', pricingOptionId: 'po-dropin', spaces: 1, payWith: 'CARD' } },
    succeeds: (data) => {
      expect(data.joinWaitlist).toEqual({ id: expect.stringMatching(/^wait_/), status: 'WAITING', position: 1, spaces: 1, payWith: 'CARD' });
      waitlisted.id = data.joinWaitlist.id as string;
    },
    failures: [
      notFound('an unknown date', { input: { customerId: 'cust_ada', eventDateId: 'date_nobody', pricingOptionId: 'po-dropin', spaces: 1, payWith: 'CARD' } }),
      notFound("another company's date", { input: { customerId: 'cust_ada', eventDateId: 'date_other', pricingOptionId: 'po-other', spaces: 1, payWith: 'CARD' } }),
      conflict('a date with room', { input: { customerId: 'cust_ada', eventDateId: 'date_open', pricingOptionId: 'po-dropin', spaces: 1, payWith: 'CARD' } }),
    ],
  },
  waitlistEntry: {
    does: 'reads one waitlist entry by id',
    scope: 'bookings:read',
    query: 'query ($id: ID!) { waitlistEntry(id: $id) { id status customer { id } eventDate { id } } }',
    variables: () => ({ id: waitlisted.id }),
    succeeds: (data) => {
      expect(data.waitlistEntry).toEqual({ id: waitlisted.id, status: 'WAITING', customer: { id: 'cust_ada' }, eventDate: { id: 'date_full' } });
    },
    absent: [{ case: 'an unknown entry', variables: { id: 'wait_nobody' } }],
  },
  leaveWaitlist: {
    does: 'takes a customer out of line',
    scope: 'bookings:write',
    query: 'mutation ($id: ID!) { leaveWaitlist(id: $id) { id status } }',
    variables: () => ({ id: waitlisted.id }),
    succeeds: (data) => {
      expect(data.leaveWaitlist).toEqual({ id: waitlisted.id, status: 'LEFT' });
    },
    failures: [notFound('an unknown entry', { id: 'wait_nobody' })],
  },
  cancelEventDate: {
    does: 'cancels a date: it stays listed, cancelled, and takes no bookings',
    scope: 'events:write',
    query: 'mutation ($id: ID!, $refund: Boolean) { cancelEventDate(id: $id, refund: $refund) { id cancelled spacesBooked } }',
    variables: { id: 'date_edit', refund: true },
    succeeds: (data) => {
      expect(data.cancelEventDate).toEqual({ id: 'date_edit', cancelled: true, spacesBooked: 0 });
    },
    failures: [
      notFound('an unknown date', { id: 'date_nobody' }),
      notFound("another company's date", { id: 'date_other' }),
    ],
  },
};

beforeAll(async () => {
  receiver = await startReceiver();
  studio = await startStudio({ bundle, clock: new FixedClock(NOW), env: webhookEnv(receiver.caFile, { CACHE_TTL_SECONDS: '0' }) });
  const other = await studio.otherCompany(otherBundle);
  everything = await studio.token();
  for (const scope of new Set(Object.values(operations).map((o) => o.scope))) {
    withoutScope.set(scope, await studio.token(ALL_SCOPES.filter((s) => s !== scope)));
  }
  const { orm, serverKey } = studio.app.services;
  const endpoint = async (companyId: string, url: string) =>
    (await setWebhook(companyEm(orm, companyId), serverKey, { companyId, url, events: ['registration.created', 'pass.purchased', 'event.purchased'] }, { allowInsecure: true })).id;
  webhook.endpoint = await endpoint(studio.companyId, receiver.url);
  webhook.quiet = await endpoint(studio.companyId, `${receiver.url}/quiet`);
  webhook.doomed = await endpoint(studio.companyId, `${receiver.url}/doomed`);
  webhook.foreign = await endpoint(other, `${receiver.url}/other`);
  webhook.testEvent = (await sendTestWebhook(studio.app.services, studio.companyId, { kind: 'registration.created', endpointId: webhook.endpoint })).eventId;
  notes.doomed = (await addNote(companyEm(orm, studio.companyId), studio.app.services.clock, studio.companyId, { customerId: 'cust_bob', body: 'Paid cash' })).id;
  notes.foreign = (await addNote(companyEm(orm, other), studio.app.services.clock, other, { customerId: 'cust_other', body: 'Theirs' })).id;
});
afterAll(async () => {
  await studio?.close();
  await receiver?.close();
});

/**
 * The admin console's own fields: their scopes are held by console users only, never by an API client, or
 * they need no scope (`me`, sign-in). test/console.graph.test.ts and test/console.session.test.ts cover them.
 */
const CONSOLE_ONLY = [
  'me', 'scopeCatalogue', 'apiClients', 'auditLog', 'auditActors', 'consoleUsers', 'signIn', 'signOut', 'createApiClient', 'setApiClientScopes',
  'rotateApiClientSecret', 'revokeApiClient', 'v1Keys', 'createV1Key', 'rotateV1Key', 'revokeV1Key', 'createConsoleUser', 'setConsoleUserRole', 'resetConsoleUserPassword', 'removeConsoleUser',
];

describe('the table', () => {
  it('has a row for every Query and Mutation field of the schema, and none for a field it lacks', () => {
    const schema = buildSchema();
    const federation = new Set(['_entities', '_service', ...CONSOLE_ONLY]);
    const rootFields = [schema.getQueryType()!, schema.getMutationType()!]
      .flatMap((type) => Object.keys(type.getFields()))
      .filter((field) => !federation.has(field));
    expect(rootFields.filter((field) => !(field in operations))).toEqual([]);
    expect(Object.keys(operations).filter((field) => !rootFields.includes(field))).toEqual([]);
  });

  it("names each field's scope as its @scope directive does", () => {
    const schema = buildSchema();
    const fields = { ...schema.getQueryType()!.getFields(), ...schema.getMutationType()!.getFields() };
    for (const [name, operation] of Object.entries(operations)) {
      const directive = fields[name]!.astNode!.directives!.find((d) => d.name.value === 'scope')!;
      const scope = directive.arguments!.find((a) => a.name.value === 'name')!.value;
      expect([name, 'value' in scope ? scope.value : null]).toEqual([name, operation.scope]);
    }
  });
});

describe.each(Object.entries(operations))('%s', (field, operation) => {
  it(operation.does, async () => {
    const before = await operation.before?.();
    const { body } = await graphql(operation.query, resolve(operation.variables));
    expect(body.errors).toBeUndefined();
    await operation.succeeds(body.data, before);
  });

  if (operation.failures?.length) {
    it.each(operation.failures)('answers $code for $case', async (failure) => {
      const { body } = await graphql(operation.query, resolve(failure.variables));
      expect(body.errors).toHaveLength(1);
      const [error] = body.errors;
      expect(error.extensions.code).toBe(failure.code);
      if (failure.field) {
        expect(error.extensions.field).toBe(failure.field);
        expect(error.message.startsWith(`${failure.field}: `)).toBe(true);
      }
      expect(body.data?.[field] ?? null).toBeNull();
    });
  }

  if (operation.absent?.length) {
    it.each(operation.absent)('answers null for $case', async ({ variables }) => {
      const { body } = await graphql(operation.query, resolve(variables));
      expect(body.errors).toBeUndefined();
      expect(body.data[field]).toBeNull();
    });
  }

  it(`answers FORBIDDEN "Missing required scope: ${operation.scope}" without ${operation.scope}`, async () => {
    const { body } = await graphql(operation.query, resolve(operation.variables), withoutScope.get(operation.scope));
    expect(body.errors).toContainEqual(
      expect.objectContaining({ message: `Missing required scope: ${operation.scope}`, extensions: expect.objectContaining({ code: 'FORBIDDEN' }) }),
    );
    expect(body.data?.[field] ?? null).toBeNull();
  });
});

/** A variable of a built-in type (enum, Int) that does not coerce is the caller's mistake, not a 500. */
describe('a variable of the wrong type', () => {
  it.each([
    ['a status that does not exist', operations.appointments!.query, { status: 'LATER' }],
    ['a pageSize that is not a number', operations.customers!.query, { pageSize: 'ten' }],
  ])('answers BAD_USER_INPUT for %s', async (_case, query, variables) => {
    const { status, body } = await graphql(query, variables);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(status).toBe(400);
  });
});

describe('a mutation refused for its scope', () => {
  it('changes nothing', async () => {
    const { body } = await graphql(operations.createCustomer!.query, { input: { firstName: 'Not', lastName: 'Created', email: 'not@example.com' } }, withoutScope.get('customers:write'));
    expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await read('{ customers(search: "not@example.com") { total } }')).customers.total).toBe(0);
  });
});
