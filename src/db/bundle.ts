/**
 * Import bundle, format 1 (shared/contracts/IMPORT.md): one JSON document with a company's data,
 * read by import and written by export. Every collection and every id is optional; fields left out
 * take the defaults below (currency and time zone default to the company's at import).
 */
import { z } from 'zod';
import { CURRENCIES } from './entities/access.ts';
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from './entities/appointments.ts';
import { MANDATE_STATES, PLAN_INTERVALS } from './entities/subscriptions.ts';
import { isLocalDate, isLocalDateTime, isTimeZone } from '../domain/time.ts';

const escaped = (text: string) => text.replace(/[-]/g, '\\-');

/** An id of one kind: its prefix and 1-64 characters of `[A-Za-z0-9_-]`. */
const idOf = (prefix: string) =>
  z.string().regex(new RegExp(`^${escaped(prefix)}[A-Za-z0-9_-]{1,64}$`), `must be ${prefix} followed by 1-64 characters of [A-Za-z0-9_-]`);

const ids = {
  customer: idOf('cust_'),
  event: idOf('evt_'),
  eventDate: idOf('date_'),
  pricingOption: idOf('po-'),
  transaction: idOf('txn_'),
  booking: idOf('booking_'),
  facilitator: idOf('fac_'),
  service: idOf('svc_'),
  appointment: idOf('appt_'),
  pass: idOf('pass_'),
  passPurchase: idOf('package_'),
  media: idOf('media_'),
  mandate: idOf('mandate_'),
  plan: idOf('plan_'),
  voucher: idOf('vch_'),
};

const localDateTime = z.string().refine(isLocalDateTime, 'must be a local datetime YYYY-MM-DDTHH:MM:SS');
const instant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant with an offset (2026-01-02T10:00:00Z)' });
const date = z.string().refine(isLocalDate, 'must be a date YYYY-MM-DD');
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
  timezone: timeZone.optional(),
  dates: z
    .array(z.strictObject({ id: ids.eventDate.optional(), datetime: localDateTime, duration: count(1), capacity: count(1) }))
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
        payment: paymentOf({ base100GrossPrice: money, base100NetPrice: money }, {}),
      }),
    )
    .optional(),
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
 * (event dates and pricing options, bookings, service options, facilitators' windows and overrides).
 */
export const RECORD_KINDS = [
  'customers', 'events', 'eventDates', 'pricingOptions', 'transactions', 'bookings', 'facilitators',
  'weeklyWindows', 'dateOverrides', 'services', 'serviceOptions', 'appointments', 'passes', 'passPurchases',
  'media', 'videoPurchases', 'subscriptionPlans', 'mandates', 'vouchers',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export type RecordCounts = Record<RecordKind, number>;
