/**
 * What a webhook request carries: the envelope `{event, timestamp, data}` and, kind by kind, the fields of
 * `data` in the order they are sent, each with its JSON type. WEBHOOK_EVENTS is the one definition: the
 * service builds every payload from it (only these fields, in this order), its v1 OpenAPI document
 * describes each kind from it (`webhooks`), and the TypeScript types below are derived from it, so a
 * receiver compiles against exactly what is sent. The first three kinds are those of document 2, section 6.
 */

/** One field of a kind's `data`. `prefix`: an id's prefix; `nullable`: null is sent when there is none. */
export interface WebhookField {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  description: string;
  nullable?: boolean;
  format?: 'date-time' | 'date';
  prefix?: string;
  enum?: readonly string[];
  /** For an array: the values its items take. */
  items?: readonly string[];
}

export interface WebhookEventDefinition {
  /** When the event is sent, in a sentence. */
  sentWhen: string;
  fields: Readonly<Record<string, WebhookField>>;
}

const text = (description: string) => ({ type: 'string', description }) as const;
const id = <const P extends string>(prefix: P, description: string) => ({ type: 'string', prefix, description: `${description} (\`${prefix}\` id).` }) as const;
const optionalId = <const P extends string>(prefix: P, description: string) => ({ ...id(prefix, description), nullable: true }) as const;
const instant = (description: string) => ({ type: 'string', format: 'date-time', description: `${description}, ISO 8601 UTC.` }) as const;
const date = (description: string) => ({ type: 'string', format: 'date', description: `${description}, \`YYYY-MM-DD\`.` }) as const;
const whole = (description: string) => ({ type: 'integer', description }) as const;
const amount = (description: string) => ({ type: 'number', description }) as const;
const flag = (description: string) => ({ type: 'boolean', description }) as const;
const oneOf = <const E extends readonly string[]>(values: E, description: string) => ({ type: 'string', enum: values, description }) as const;

const customer = {
  customerId: id('cust_', 'The customer'),
  customerEmail: text('The customer\'s email.'),
  customerName: text('The customer\'s first and last name.'),
} as const;

const CURRENCY_OR_CREDITS = 'The company\'s currency (ISO 4217), or `CR` when paid with pass credits.';

const appointment = {
  appointmentId: id('appt_', 'The appointment'),
  ...customer,
  serviceId: id('svc_', 'The service booked'),
  serviceName: text('The service\'s name.'),
  optionName: text('The option of the service booked (its length and price).'),
  facilitatorId: id('fac_', 'Who gives it'),
  facilitatorName: text('The facilitator\'s name.'),
  startsAt: instant('Start'),
  durationMinutes: whole('Length in minutes.'),
  status: oneOf(['SCHEDULED', 'CANCELLED', 'COMPLETED', 'NO_SHOW'], 'The appointment\'s status after this change.'),
  price: amount('Its price: a decimal amount in `currency`, or the credits drawn when `currency` is `CR` (paid with a pass).'),
  currency: text(CURRENCY_OR_CREDITS),
  paymentMethod: oneOf(['CARD', 'PASS'], '`CARD` (the money is recorded when it arrives) or `PASS` (credits drawn at booking).'),
  paymentStatus: oneOf(['PAID', 'PENDING', 'FAILED'], 'Whether the money arrived; always `PAID` for a pass.'),
  passUsed: optionalId('cp_', 'The customer pass the credits came from; null when paid by card'),
} as const;

const subscription = {
  subscriptionId: id('mandate_', 'The subscription (mandate)'),
  ...customer,
  planId: id('plan_', 'The plan'),
  planName: text('The plan\'s name.'),
  state: oneOf(['ACTIVE', 'PAUSED', 'SUSPENDED', 'CANCELLED'], 'The subscription\'s state after this change.'),
  price: amount('The plan\'s price per period, a decimal amount in `currency`.'),
  currency: oneOf(['GBP', 'EUR', 'USD'], 'The plan\'s currency.'),
  interval: oneOf(['WEEK', 'MONTH', 'YEAR'], 'The length of a period.'),
  renewalDate: date('The start of the next period'),
  endsOn: { ...date('The day it ends, once cancelled; null while it is not cancelled'), nullable: true },
} as const;

const customerRecord = {
  customerId: id('cust_', 'The customer'),
  firstName: text('First name.'),
  lastName: text('Last name.'),
  email: text('Email.'),
  mobile: { ...text('Mobile phone number; null when unknown.'), nullable: true },
  archived: flag('Archived customers stay listed and can be restored.'),
  createdAt: instant('When the customer was created'),
  updatedAt: instant('When the customer last changed'),
} as const;

const CUSTOMER_FIELDS = ['firstName', 'lastName', 'email', 'mobile', 'archived'] as const;

export const WEBHOOK_EVENTS = {
  'registration.created': {
    sentWhen: 'A customer is booked onto an event date, after the booking is committed.',
    fields: {
      registrationId: id('reg_', 'The registration'),
      customerId: id('cust_', 'Who attends (the payer, unless the spaces were bought for someone else)'),
      customerEmail: text('The attendee\'s email.'),
      customerName: text('The attendee\'s first and last name.'),
      eventId: id('evt_', 'The event'),
      eventTitle: text('The event\'s name.'),
      eventDate: instant('Start of the event date'),
      spots: whole('Spaces booked.'),
      totalPaid: amount('By card, a decimal amount in `currency`; with a pass, the credits used.'),
      currency: text(CURRENCY_OR_CREDITS),
      paymentMethod: text('`CARD` or `PASS`.'),
      passUsed: optionalId('cp_', 'The customer pass the credits came from; null when no pass was used'),
    },
  },
  'pass.purchased': {
    sentWhen: 'A pass is sold to a customer, or given to one by staff or through v1 `POST /customer-passes`.',
    fields: {
      customerPassId: id('cp_', 'The customer pass'),
      ...customer,
      passId: id('pass_', 'The pass type'),
      passTitle: text('The pass type\'s name.'),
      totalUses: whole('Uses the customer pass started with.'),
      remainingUses: whole('Uses left.'),
      startDate: date('First day of validity'),
      expiryDate: date('Expiry date'),
      totalPaid: amount('A decimal amount in `currency`; 0 for a pass given (`MANUAL`).'),
      currency: text('The company\'s currency (ISO 4217).'),
      paymentMethod: text('`CARD` for a sale; `MANUAL` for a pass given by staff or through v1.'),
    },
  },
  'event.purchased': {
    sentWhen: 'A booking onto a one-off event (kind `ONE_OFF`) is committed: a ticket was bought.',
    fields: {
      purchaseId: id('pur_', 'The purchase'),
      ...customer,
      eventId: id('evt_', 'The event'),
      eventTitle: text('The event\'s name.'),
      eventDate: instant('Start of the event date'),
      tickets: whole('Spaces bought.'),
      totalPaid: amount('By card, a decimal amount in `currency`; with a pass, the credits used.'),
      currency: text(CURRENCY_OR_CREDITS),
      paymentMethod: text('`CARD` or `PASS`.'),
      discountCode: { ...text('The voucher code used; null when none was.'), nullable: true },
    },
  },
  'registration.cancelled': {
    sentWhen: 'A registration (event booking) is cancelled: its spaces go back on sale and its credits back to the pass.',
    fields: {
      registrationId: id('reg_', 'The registration'),
      customerId: id('cust_', 'Who was to attend'),
      customerEmail: text('The attendee\'s email.'),
      customerName: text('The attendee\'s first and last name.'),
      eventId: id('evt_', 'The event'),
      eventTitle: text('The event\'s name.'),
      eventDate: instant('Start of the event date'),
      spots: whole('Spaces freed.'),
      paymentMethod: oneOf(['CARD', 'PASS'], 'How it was paid.'),
      passUsed: optionalId('cp_', 'The customer pass the credits went back to; null when paid by card'),
      creditsReturned: whole('Credits given back to `passUsed`; 0 when paid by card.'),
      refunded: flag('Whether a refund was recorded (the studio returns card payments itself).'),
    },
  },
  'appointment.booked': {
    sentWhen: 'An appointment is booked.',
    fields: appointment,
  },
  'appointment.rescheduled': {
    sentWhen: 'A scheduled appointment is moved to another time or facilitator.',
    fields: {
      ...appointment,
      previousStartsAt: instant('Its start before the move'),
      previousFacilitatorId: id('fac_', 'Who was to give it before the move'),
    },
  },
  'appointment.cancelled': {
    sentWhen: 'A scheduled appointment is cancelled; credits it was paid with go back to the pass.',
    fields: appointment,
  },
  'appointment.completed': {
    sentWhen: 'An appointment that has started is marked completed (also when a no-show is corrected to completed).',
    fields: appointment,
  },
  'appointment.no_show': {
    sentWhen: 'An appointment that has started is marked a no-show (also when a completed one is corrected to a no-show).',
    fields: appointment,
  },
  'subscription.started': {
    sentWhen: 'A customer starts a subscription to a plan (ACTIVE at once; its first period is charged the day it starts).',
    fields: subscription,
  },
  'subscription.paused': {
    sentWhen: 'An active subscription is paused: periods that start while it is paused are not charged.',
    fields: subscription,
  },
  'subscription.resumed': {
    sentWhen: 'A paused subscription is resumed.',
    fields: subscription,
  },
  'subscription.suspended': {
    sentWhen: 'An active subscription is suspended because a failed charge is still unpaid past its grace days.',
    fields: subscription,
  },
  'subscription.reactivated': {
    sentWhen: 'A suspended subscription becomes active again because its failed charges were paid.',
    fields: subscription,
  },
  'subscription.renewed': {
    sentWhen: 'A new period of an active subscription starts and is charged (not its first period: that is `subscription.started`).',
    fields: {
      ...subscription,
      chargeId: id('chg_', 'The charge of the new period'),
      periodStart: date('First day of the period charged'),
      periodEnd: date('Last day of the period charged'),
      amount: amount('The amount charged, a decimal amount in `currency`.'),
    },
  },
  'subscription.cancelled': {
    sentWhen: 'A subscription is cancelled: it keeps its state until `endsOn`, and ends then (`subscription.ended`).',
    fields: subscription,
  },
  'subscription.ended': {
    sentWhen: 'A cancelled subscription reaches its end date and becomes CANCELLED: no period starts on or after it.',
    fields: subscription,
  },
  'video.purchased': {
    sentWhen: 'A customer buys access to a video.',
    fields: {
      videoPurchaseId: id('media_', 'The video purchase'),
      ...customer,
      videoId: id('media_', 'The video'),
      videoTitle: text('The video\'s name.'),
      expiresOn: { ...date('Last day of access; null when access does not expire'), nullable: true },
      totalPaid: amount('By card, a decimal amount in `currency`; with a pass, the credits used.'),
      currency: text(CURRENCY_OR_CREDITS),
      paymentMethod: oneOf(['CARD', 'PASS'], 'How it was paid.'),
      passUsed: optionalId('cp_', 'The customer pass the credits came from; null when paid by card'),
      discountCode: { ...text('The voucher code used; null when none was.'), nullable: true },
    },
  },
  'customer.created': {
    sentWhen: 'A customer is created (v1 `POST /customers`, GraphQL `createCustomer`, the console).',
    fields: customerRecord,
  },
  'customer.updated': {
    sentWhen: 'A customer\'s name, email, mobile or archived flag changes (a change to the same values sends nothing).',
    fields: {
      ...customerRecord,
      changedFields: { type: 'array', items: CUSTOMER_FIELDS, description: 'The fields this change gave a new value, in this order: `firstName`, `lastName`, `email`, `mobile`, `archived`.' },
    },
  },
  'customer.deleted': {
    sentWhen: 'A customer is deleted: they leave every list, while their past bookings keep them. The record as it was is sent.',
    fields: customerRecord,
  },
  'waitlist.promoted': {
    sentWhen: 'A customer waiting on a full event date is booked because spaces freed up (a cancellation, more capacity); `registration.created` is sent for the booking too.',
    fields: {
      waitlistEntryId: id('wait_', 'The waitlist entry'),
      registrationId: id('reg_', 'The registration (booking) the promotion made'),
      ...customer,
      eventId: id('evt_', 'The event'),
      eventTitle: text('The event\'s name.'),
      eventDate: instant('Start of the event date'),
      spots: whole('Spaces booked.'),
      totalPaid: amount('By card, a decimal amount in `currency`; with a pass, the credits used.'),
      currency: text(CURRENCY_OR_CREDITS),
      paymentMethod: oneOf(['CARD', 'PASS'], 'How it was paid, as the customer chose when joining the waitlist.'),
      passUsed: optionalId('cp_', 'The customer pass the credits came from; null when paid by card'),
    },
  },
} as const satisfies Record<string, WebhookEventDefinition>;

export type WebhookKind = keyof typeof WEBHOOK_EVENTS;

/** The JSON value of a field, as its definition says. */
type ValueOf<F> = F extends { type: 'array'; items: readonly (infer E)[] }
  ? E[]
  : F extends { enum: readonly (infer E)[] }
    ? E
    : F extends { type: 'string' }
      ? string
      : F extends { type: 'number' | 'integer' }
        ? number
        : F extends { type: 'boolean' }
          ? boolean
          : never;
type FieldValue<F> = F extends { nullable: true } ? ValueOf<F> | null : ValueOf<F>;
type FieldsOf<K extends WebhookKind> = (typeof WEBHOOK_EVENTS)[K]['fields'];

/** The `data` of a kind: its fields with their JSON types. */
export type WebhookPayload<K extends WebhookKind> = { -readonly [P in keyof FieldsOf<K>]: FieldValue<FieldsOf<K>[P]> };

export type WebhookPayloads = { [K in WebhookKind]: WebhookPayload<K> };

export type RegistrationCreated = WebhookPayload<'registration.created'>;
export type PassPurchased = WebhookPayload<'pass.purchased'>;
export type EventPurchased = WebhookPayload<'event.purchased'>;
export type RegistrationCancelled = WebhookPayload<'registration.cancelled'>;
/** The `data` of every `appointment.*` kind; `appointment.rescheduled` adds where it was before. */
export type AppointmentChanged = WebhookPayload<'appointment.booked'>;
export type AppointmentRescheduled = WebhookPayload<'appointment.rescheduled'>;
/** The `data` of every `subscription.*` kind; `subscription.renewed` adds the period's charge. */
export type SubscriptionChanged = WebhookPayload<'subscription.started'>;
export type SubscriptionRenewed = WebhookPayload<'subscription.renewed'>;
export type VideoPurchased = WebhookPayload<'video.purchased'>;
/** The `data` of `customer.created` and `customer.deleted`; `customer.updated` adds `changedFields`. */
export type CustomerChanged = WebhookPayload<'customer.created'>;
export type CustomerUpdated = WebhookPayload<'customer.updated'>;
export type WaitlistPromoted = WebhookPayload<'waitlist.promoted'>;

/** The body of a webhook request; `test: true` marks a sample sent with "Send Test". */
export type WebhookEnvelope = {
  [K in WebhookKind]: { event: K; timestamp: string; data: WebhookPayloads[K]; test?: true };
}[WebhookKind];
