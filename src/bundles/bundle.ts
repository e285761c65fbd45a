/**
 * Import bundle, format 1 (docs/import.md): one JSON document with a company's data,
 * read by import and written by export. Every collection and every id is optional; fields left out
 * take the defaults below (currency and time zone default to the company's at import).
 */
import { z } from 'zod';
import { CURRENCIES } from '../db/entities/access.ts';
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from '../db/entities/appointments.ts';
import { EVENT_KINDS, PAYMENT_METHODS } from '../db/entities/events.ts';
import { MANDATE_STATES, PLAN_INTERVALS } from '../db/entities/subscriptions.ts';
import { WAITLIST_STATUSES } from '../db/entities/waitlists.ts';
import { DATE_RANGE_TEXT, DATE_RULE, isInstantInDateRange, isLocalDate, isLocalDateTime, isTimeZone } from '../domain/time.ts';

const escaped = (text: string) => text.replace(/[-]/g, '\\-');

const PREFIXES = {
  customer: 'cust_', event: 'evt_', eventDate: 'date_', pricingOption: 'po-', transaction: 'txn_', booking: 'booking_',
  facilitator: 'fac_', service: 'svc_', appointment: 'appt_', pass: 'pass_', passPurchase: 'package_', media: 'media_',
  mandate: 'mandate_', plan: 'plan_', voucher: 'vch_', charge: 'chg_', waitlistEntry: 'wait_',
} as const;
type Kind = keyof typeof PREFIXES;

/** An id of one kind: its prefix and 1-64 characters of `[A-Za-z0-9_-]`. */
const ID_PATTERNS = Object.fromEntries(
  Object.entries(PREFIXES).map(([kind, prefix]) => [kind, new RegExp(`^${escaped(prefix)}[A-Za-z0-9_-]{1,64}$`)]),
) as Record<Kind, RegExp>;

const ids = Object.fromEntries(
  Object.entries(PREFIXES).map(([kind, prefix]) => [
    kind,
    z.string().regex(ID_PATTERNS[kind as Kind], `must be ${prefix} followed by 1-64 characters of [A-Za-z0-9_-]`),
  ]),
) as Record<Kind, z.ZodString>;

const localDateTime = z.string().refine(isLocalDateTime, `must be a local datetime YYYY-MM-DDTHH:MM:SS ${DATE_RANGE_TEXT}`);
const instant = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 instant with an offset (2026-01-02T10:00:00Z)' })
  .refine((value) => isInstantInDateRange(new Date(value)), `must be an instant ${DATE_RANGE_TEXT}`);
const date = z.string().refine(isLocalDate, DATE_RULE);
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');
const timeZone = z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/London');
const money = z.number().int('must be a whole number of base-100 units').min(0, 'must be >= 0');
const count = (min: number) => z.number().int('must be a whole number').min(min, `must be >= ${min}`);
const text = z.string();
const name = z.string().min(1, 'must not be empty');
const cardCurrency = z.enum(CURRENCIES).optional();

const cardPayment = <T extends z.ZodRawShape>(prices: T) => z.strictObject({ method: z.literal('CARD'), currency: cardCurrency, ...prices });
const passPayment = z.strictObject({
  method: z.literal('PASS'),
  currency: z.literal('CR').optional(),
  creditsUsed: count(0),
  packageId: ids.passPurchase.nullable().optional(),
});
const paymentOf = <C extends z.ZodRawShape, P extends z.ZodRawShape>(card: C, pass: P) =>
  z.discriminatedUnion('method', [cardPayment(card), passPayment.extend(pass)]);

export const customerSchema = z.strictObject({
  id: ids.customer.optional(),
  firstname: name,
  lastname: text,
  email: name,
  mobile: text.nullable().optional(),
  archived: z.boolean().optional(),
  deleted: z.boolean().optional(),
  createdAt: instant.optional(),
});

export const eventSchema = z.strictObject({
  id: ids.event.optional(),
  name,
  description: text.optional(),
  /** Optional: by default ONE_OFF with one date (or none), SCHEDULE with more. */
  kind: z.enum(EVENT_KINDS).optional(),
  timezone: timeZone.optional(),
  dates: z
    .array(
      z.strictObject({
        id: ids.eventDate.optional(),
        datetime: localDateTime,
        duration: count(1),
        capacity: count(1),
        /** When the date was cancelled (it holds no live bookings then); left out or null: not cancelled. */
        cancelledAt: instant.nullable().optional(),
      }),
    )
    .optional(),
  pricingOptions: z
    .array(z.strictObject({ id: ids.pricingOption.optional(), name, base100Price: money, credits: count(0) }))
    .optional(),
});

export const transactionSchema = z.strictObject({
  id: ids.transaction.optional(),
  customerId: ids.customer,
  purchaseDate: localDateTime,
  bookings: z
    .array(
      z.strictObject({
        id: ids.booking.optional(),
        eventDateId: ids.eventDate,
        pricingOptionId: ids.pricingOption,
        spaces: count(1).optional(),
        boughtForId: ids.customer.nullable().optional(),
        isCancelled: z.boolean().optional(),
        isRefunded: z.boolean().optional(),
        /** Whether the attendee came; null (the default): attendance not taken. */
        attended: z.boolean().nullable().optional(),
        payment: paymentOf({ base100GrossPrice: money, base100NetPrice: money }, {}),
      }),
    )
    .optional(),
});

/**
 * A place in line on a full event date (docs/import.md, "Waitlists"), in the words of `joinWaitlist`: the
 * status defaults to WAITING, `place` to the next of the date's line, and a PROMOTED entry names its booking.
 */
export const waitlistEntrySchema = z.strictObject({
  id: ids.waitlistEntry.optional(),
  eventDateId: ids.eventDate,
  customerId: ids.customer,
  pricingOptionId: ids.pricingOption,
  spaces: count(1).optional(),
  payWith: z.enum(PAYMENT_METHODS),
  /** With PASS, the pass purchase to draw on; null: the usable one that expires first, at promotion. */
  packageId: ids.passPurchase.nullable().optional(),
  place: count(1).optional(),
  status: z.enum(WAITLIST_STATUSES).optional(),
  bookingId: ids.booking.nullable().optional(),
  skippedReason: text.nullable().optional(),
  createdAt: instant.optional(),
  /** When its status last changed; defaults to `createdAt`. */
  updatedAt: instant.optional(),
});

const window = z.strictObject({ start: timeOfDay, end: timeOfDay });

export const facilitatorSchema = z.strictObject({
  id: ids.facilitator.optional(),
  name,
  timezone: timeZone.optional(),
  weeklyWindows: z
    .array(z.strictObject({ weekday: z.number().int().min(1, 'must be 1 (Monday) to 7 (Sunday)').max(7, 'must be 1 (Monday) to 7 (Sunday)'), start: timeOfDay, end: timeOfDay }))
    .optional(),
  dateOverrides: z.array(z.strictObject({ date, windows: z.array(window) })).optional(),
});

export const serviceSchema = z.strictObject({
  id: ids.service.optional(),
  name,
  description: text.optional(),
  bufferMinutes: count(0).optional(),
  active: z.boolean().optional(),
  deleted: z.boolean().optional(),
  options: z
    .array(
      z.strictObject({
        name,
        durationMinutes: count(1),
        base100Price: money,
        credits: count(0),
        active: z.boolean().optional(),
        deleted: z.boolean().optional(),
      }),
    )
    .optional(),
});

const paymentStatus = { status: z.enum(PAYMENT_STATUSES).optional() };

export const appointmentSchema = z.strictObject({
  id: ids.appointment.optional(),
  customerId: ids.customer,
  serviceId: ids.service,
  optionName: name,
  facilitatorId: ids.facilitator,
  datetime: localDateTime,
  status: z.enum(APPOINTMENT_STATUSES).optional(),
  notes: text.optional(),
  createdAt: instant.optional(),
  payment: paymentOf({ base100PricePaid: money, ...paymentStatus }, paymentStatus),
});

export const passSchema = z.strictObject({
  id: ids.pass.optional(),
  name,
  credits: count(1),
  validityDays: count(1),
  base100Price: money,
  active: z.boolean().optional(),
});

export const passPurchaseSchema = z.strictObject({
  id: ids.passPurchase.optional(),
  customerId: ids.customer,
  passId: ids.pass,
  creditsAllocated: count(0),
  creditsConsumed: count(0).optional(),
  createdAt: instant.optional(),
  starts: date,
  expires: date,
  isCancelled: z.boolean().optional(),
  isRefunded: z.boolean().optional(),
  payment: z.strictObject({
    currency: cardCurrency,
    base100GrossPrice: money,
    base100Discount: money.optional(),
    base100NetPrice: money,
  }),
});

export const mediaSchema = z.strictObject({
  id: ids.media.optional(),
  name,
  description: text.optional(),
  base100Price: money,
  credits: count(0),
  accessDays: count(1).nullable().optional(),
  active: z.boolean().optional(),
});

export const videoPurchaseSchema = z.strictObject({
  id: ids.media.optional(),
  customerId: ids.customer,
  mediaId: ids.media,
  createdAt: instant.optional(),
  expiresOn: date.nullable().optional(),
  isCancelled: z.boolean().optional(),
  isRefunded: z.boolean().optional(),
  payment: paymentOf({ base100Price: money }, {}),
});

export const subscriptionPlanSchema = z.strictObject({
  id: ids.plan.optional(),
  name,
  base100Price: money,
  interval: z.enum(PLAN_INTERVALS),
  active: z.boolean().optional(),
  currency: cardCurrency,
  graceDays: count(0).optional(),
  minimumTermPeriods: count(1).optional(),
});

/** One period's charge of a mandate (docs/subscriptions.md); `settledAt` defaults to `createdAt` unless PENDING. */
export const chargeSchema = z.strictObject({
  id: ids.charge.optional(),
  periodStart: date,
  periodEnd: date,
  base100Amount: money,
  currency: cardCurrency,
  status: z.enum(PAYMENT_STATUSES),
  createdAt: instant.optional(),
  settledAt: instant.nullable().optional(),
});

export const mandateSchema = z.strictObject({
  id: ids.mandate.optional(),
  customerId: ids.customer,
  planId: ids.plan,
  state: z.enum(MANDATE_STATES),
  createdAt: instant.optional(),
  grace: count(0).optional(),
  earliestCancellationDate: date,
  renewalDate: date,
  /** Defaults to `renewalDate`: the day of the month (or year) its renewals keep from then on. */
  anchorDate: date.optional(),
  endsOn: date.nullable().optional(),
  cancelledAt: instant.nullable().optional(),
  pausedAt: instant.nullable().optional(),
  charges: z.array(chargeSchema).optional(),
});

export const voucherSchema = z.strictObject({
  id: ids.voucher.optional(),
  code: name,
  description: text.optional(),
  percentOff: z.number().int().min(1, 'must be 1 to 100').max(100, 'must be 1 to 100').nullable().optional(),
  base100AmountOff: money.nullable().optional(),
  validFrom: date.nullable().optional(),
  validUntil: date.nullable().optional(),
  maxRedemptions: count(0).nullable().optional(),
  active: z.boolean().optional(),
});

export const bundleSchema = z.strictObject({
  format: z.literal(1),
  customers: z.array(customerSchema).optional(),
  events: z.array(eventSchema).optional(),
  transactions: z.array(transactionSchema).optional(),
  waitlistEntries: z.array(waitlistEntrySchema).optional(),
  facilitators: z.array(facilitatorSchema).optional(),
  services: z.array(serviceSchema).optional(),
  appointments: z.array(appointmentSchema).optional(),
  passes: z.array(passSchema).optional(),
  passPurchases: z.array(passPurchaseSchema).optional(),
  media: z.array(mediaSchema).optional(),
  videoPurchases: z.array(videoPurchaseSchema).optional(),
  subscriptionPlans: z.array(subscriptionPlanSchema).optional(),
  mandates: z.array(mandateSchema).optional(),
  vouchers: z.array(voucherSchema).optional(),
});

export type Bundle = z.infer<typeof bundleSchema>;

/**
 * What import and export count: each collection of the bundle, and the records nested in them
 * (event dates and pricing options, bookings, service options, facilitators' windows and overrides,
 * mandates' charges).
 */
export const RECORD_KINDS = [
  'customers', 'events', 'eventDates', 'pricingOptions', 'transactions', 'bookings', 'waitlistEntries', 'facilitators',
  'weeklyWindows', 'dateOverrides', 'services', 'serviceOptions', 'appointments', 'passes', 'passPurchases',
  'media', 'videoPurchases', 'subscriptionPlans', 'mandates', 'subscriptionCharges', 'vouchers',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export type RecordCounts = Record<RecordKind, number>;

type Transaction = z.infer<typeof transactionSchema>;

const TRANSACTION_FIELDS = new Set(['id', 'customerId', 'purchaseDate', 'bookings']);
const BOOKING_FIELDS = new Set(['id', 'eventDateId', 'pricingOptionId', 'spaces', 'boughtForId', 'isCancelled', 'isRefunded', 'attended', 'payment']);
const CARD_FIELDS = new Set(['method', 'currency', 'base100GrossPrice', 'base100NetPrice']);
const PASS_FIELDS = new Set(['method', 'currency', 'creditsUsed', 'packageId']);

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const hasOnly = (record: Record<string, unknown>, fields: Set<string>) => Object.keys(record).every((key) => fields.has(key));
const isId = (kind: Kind, value: unknown) => typeof value === 'string' && ID_PATTERNS[kind].test(value);
const isWhole = (value: unknown, min: number) => Number.isSafeInteger(value) && (value as number) >= min;
const isFlag = (value: unknown) => value === undefined || typeof value === 'boolean';

function isPlainBooking(value: unknown): boolean {
  if (!isRecord(value) || !hasOnly(value, BOOKING_FIELDS)) return false;
  const p = value.payment;
  if (!isRecord(p)) return false;
  const payment =
    p.method === 'CARD'
      ? hasOnly(p, CARD_FIELDS) && (p.currency === undefined || CURRENCIES.includes(p.currency as never)) &&
        isWhole(p.base100GrossPrice, 0) && isWhole(p.base100NetPrice, 0)
      : p.method === 'PASS' &&
        hasOnly(p, PASS_FIELDS) && (p.currency === undefined || p.currency === 'CR') && isWhole(p.creditsUsed, 0) &&
        (p.packageId === undefined || p.packageId === null || isId('passPurchase', p.packageId));
  return payment &&
    (value.id === undefined || isId('booking', value.id)) && isId('eventDate', value.eventDateId) && isId('pricingOption', value.pricingOptionId) &&
    (value.spaces === undefined || isWhole(value.spaces, 1)) &&
    (value.boughtForId === undefined || value.boughtForId === null || isId('customer', value.boughtForId)) &&
    isFlag(value.isCancelled) && isFlag(value.isRefunded) && (value.attended === null || isFlag(value.attended));
}

/**
 * A quick check of a transaction in its common, valid shape, for bulk imports: true only for values
 * that transactionSchema accepts unchanged (test/db.bundle.test.ts holds it to that). Anything it
 * does not recognise goes through the schema, which also words the problems.
 */
export function isPlainTransaction(value: unknown): value is Transaction {
  return isRecord(value) && hasOnly(value, TRANSACTION_FIELDS) && (value.id === undefined || isId('transaction', value.id)) &&
    isId('customer', value.customerId) && typeof value.purchaseDate === 'string' && isLocalDateTime(value.purchaseDate) &&
    (value.bookings === undefined || (Array.isArray(value.bookings) && value.bookings.every(isPlainBooking)));
}
