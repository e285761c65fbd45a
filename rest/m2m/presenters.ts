/**
 * Response shapes of document 1, section 2. The route documents already spell most field names with
 * GraphQL aliases; these add the `type` fields and reshape the few places the two models differ.
 */
import { NotFound } from '../../src/domain/errors.ts';

type Row = Record<string, any>;

/** A record as the document selected it, with its `type` after the id. */
const typed = (type: string) => (row: Row) => ({ id: row.id, type, ...row });

/** The `{data, total, page, pageSize}` envelope of a page. */
export function paged<T>(page: { nodes: Row[]; total: number; page: number; pageSize: number }, item: (row: Row) => T) {
  return { data: page.nodes.map(item), total: page.total, page: page.page, pageSize: page.pageSize };
}

export function found<T>(value: T | null | undefined, what: string): T {
  if (value == null) throw new NotFound(what);
  return value;
}

export const customerItem = (c: Row) => ({
  id: c.id,
  type: 'customer',
  firstname: c.firstname,
  lastname: c.lastname,
  email: c.email,
  mobile: c.mobile ?? '',
  archived: c.archived,
});

export const profile = (c: Row) => ({
  id: c.id,
  type: 'customer',
  firstname: c.firstname,
  lastname: c.lastname,
  email: c.email,
  mobile: c.mobile ?? '',
});

const person = (c: Row) => ({ id: c.id, type: 'customer', firstname: c.firstname, lastname: c.lastname, email: c.email });

/** Event payments: CARD with gross and net prices, PASS with credits. */
const eventPayment = (p: Row) =>
  p.method === 'PASS'
    ? { method: 'PASS', currency: 'CR', credits_used: p.credits_used }
    : { method: 'CARD', currency: p.currency, base100gross_price: p.gross, base100net_price: p.net };

export const transaction = (t: Row) => ({
  id: t.id,
  type: 'event-booking',
  purchase_date: t.purchase_date,
  bookings: t.bookings.map((b: Row) => ({
    id: b.id,
    type: 'event-booking',
    is_cancelled: b.is_cancelled,
    is_refunded: b.is_refunded,
    spaces: b.spaces,
    purchased_by: person(b.purchased_by),
    ...(b.bought_for && b.bought_for.id !== b.purchased_by.id && { bought_for: person(b.bought_for) }),
    event: {
      id: b.event.id,
      type: 'event',
      name: b.event.name,
      date: { id: b.date.id, type: 'event_date', datetime: b.date.datetime, tz: b.date.tz, duration: b.date.duration },
    },
    pricing_option: { id: b.pricing_option.id },
    payment: eventPayment(b.payment),
  })),
});

/** Customer-scoped appointments show a booked appointment as CONFIRMED (document 1, section 2). */
const customerStatus = (status: string) => (status === 'SCHEDULED' ? 'CONFIRMED' : status);

export const customerAppointment = (a: Row) => ({
  id: a.id,
  type: 'appointment',
  status: customerStatus(a.status),
  notes: a.notes,
  created_at: a.created_at,
  service: {
    id: a.service.id,
    type: 'service',
    name: a.service.name,
    datetime: a.datetime,
    tz: a.tz,
    duration_minutes: a.duration_minutes,
    facilitator: { id: a.facilitator.id, type: 'facilitator', name: a.facilitator.name },
  },
  payment:
    a.payment.method === 'PASS'
      ? { method: 'PASS', currency: 'CR', credits_used: a.payment.credits_used, status: 'PAID' }
      : { method: 'CARD', currency: a.payment.currency, base100_price: a.payment.net, status: a.payment.status, settlement_method: a.payment.settlement_method },
});

export const appointment = (a: Row) => ({
  id: a.id,
  type: 'appointment',
  status: a.status,
  customer: { id: a.customer.id, type: 'customer', firstname: a.customer.firstname, lastname: a.customer.lastname },
  service: { id: a.service.id, type: 'service', name: a.service.name, option_name: a.option_name },
  facilitator: { id: a.facilitator.id, type: 'facilitator', name: a.facilitator.name },
  datetime: a.datetime,
  tz: a.tz,
  duration_minutes: a.duration_minutes,
  payment:
    a.payment.method === 'PASS'
      ? { method: 'PASS', currency: 'CR', credits_used: a.payment.credits_used, status: a.payment.status }
      : { method: 'CARD', currency: a.payment.currency, base100_price_paid: a.payment.net, status: a.payment.status, settlement_method: a.payment.settlement_method },
  notes: a.notes,
  created_at: a.created_at,
});

export const service = (s: Row) => ({
  id: s.id,
  type: 'service',
  name: s.name,
  description: s.description,
  buffer_minutes: s.buffer_minutes,
  active: s.active,
  options: s.options,
});

export const passPurchase = (p: Row) => ({
  id: p.id,
  type: 'package',
  template: { id: p.pass.id, type: 'pass_template', name: p.pass.name },
  credits: { allocated: p.allocated, consumed: p.consumed },
  created: p.created,
  starts: p.starts,
  expires: p.expires,
  is_cancelled: p.is_cancelled,
  is_refunded: p.is_refunded,
  payment_details: p.payment_details,
});

export const videoPurchase = (v: Row) => ({
  id: v.id,
  type: 'video_purchase',
  media: { id: v.media.id, type: 'media', name: v.media.name },
  created: v.created,
  expires_on: v.expires_on ?? null,
  is_cancelled: v.is_cancelled,
  is_refunded: v.is_refunded,
  is_expired: v.is_expired,
  payment:
    v.payment.method === 'PASS'
      ? { method: 'PASS', currency: 'CR', credits_used: v.payment.credits_used }
      : { method: 'CARD', currency: v.payment.currency, base100_price: v.payment.net },
});

export const mandate = (m: Row) => ({
  id: m.id,
  type: 'subscription_mandate',
  plan: { id: m.plan.id, type: 'subscription_plan', name: m.plan.name, base100_price: m.plan.base100_price, currency: m.plan.currency },
  state: m.state,
  created: m.created,
  grace: m.grace,
  earliest_cancellation_date: m.earliest_cancellation_date,
  renewal_date: m.renewal_date,
});

export const note = (n: Row) => ({ id: n.id, type: 'note', body: n.body, author: n.author ?? null, created: n.created });

export const answer = (a: Row) => ({
  id: a.id,
  type: 'questionnaire_answer',
  questionnaire: a.questionnaire,
  question: a.question,
  answer: a.answer,
  answered_at: a.answered_at,
});

export const event = (e: Row) => ({
  id: e.id,
  type: 'event',
  name: e.name,
  description: e.description,
  kind: e.kind,
  tz: e.tz,
  archived: e.archived,
  dates: e.dates.map(typed('event_date')),
  pricing_options: e.pricing_options.map(typed('pricing_option')),
});

export const registration = (b: Row) => {
  const attendee = b.bought_for ?? b.purchased_by;
  return {
    id: b.id,
    type: 'registration',
    customer: person(attendee),
    purchased_by: person(b.purchased_by),
    spaces: b.spaces,
    is_cancelled: b.is_cancelled,
    is_refunded: b.is_refunded,
    attended: b.attended,
  };
};

export const plan = typed('subscription_plan');
export const pass = typed('pass_template');
export const video = typed('media');
export const voucher = typed('voucher');
