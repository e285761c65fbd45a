/**
 * v1 shapes (document 2): camelCase, `createdAt`/`updatedAt` UTC, amounts as decimal currency units,
 * customer passes as `cp_` and registrations as `reg_` over the same stored records as the other surfaces;
 * webhook event kinds by their names (`registration.created`), as the events carry them.
 */
import { NotFound } from '../../src/domain/errors.ts';
import { currencyUnits, customerPassId, kindOfEnum, registrationId } from '../../src/domain/outbox.ts';

type Row = Record<string, any>;

export function found<T>(value: T | null | undefined, what: string): T {
  if (value == null) throw new NotFound(what);
  return value;
}

/** `{<name>: [...], total, page, perPage}`, with v1's first page 1. */
export function envelope<T>(name: string, page: { nodes: Row[]; total: number; page: number; pageSize: number }, item: (row: Row) => T) {
  return { [name]: page.nodes.map(item), total: page.total, page: page.page + 1, perPage: page.pageSize };
}

export const customerItem = (c: Row) => ({ id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, createdAt: c.createdAt });

export const customer = (c: Row) => ({
  ...customerItem(c),
  mobile: c.mobile ?? null,
  archived: c.archived,
  updatedAt: c.updatedAt,
});

export const event = (e: Row) => ({
  id: e.id,
  name: e.name,
  description: e.description,
  kind: e.kind,
  timezone: e.timezone,
  archived: e.archived,
  dates: e.dates.map((d: Row) => ({
    id: d.id,
    startsAt: d.startsAt,
    durationMinutes: d.duration,
    capacity: d.capacity,
    spacesBooked: d.spacesBooked,
    spacesLeft: d.spacesLeft,
    cancelled: d.cancelled,
  })),
  pricingOptions: e.pricingOptions.map((p: Row) => ({ id: p.id, name: p.name, price: currencyUnits(p.base100Price), credits: p.credits, currency: p.currency })),
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
});

export const registration = (b: Row) => {
  const attendee = b.boughtFor ?? b.purchasedBy;
  const card = b.payment.method === 'CARD';
  return {
    id: registrationId(b.id),
    eventId: b.event.id,
    eventDateId: b.eventDate.id,
    eventDate: b.eventDate.startsAt,
    customerId: attendee.id,
    customerName: `${attendee.firstName} ${attendee.lastName}`.trim(),
    customerEmail: attendee.email,
    spots: b.spaces,
    status: b.isCancelled ? 'cancelled' : 'confirmed',
    refunded: b.isRefunded,
    totalPaid: card ? currencyUnits(b.payment.net) : b.payment.creditsUsed,
    currency: b.payment.currency,
    paymentMethod: b.payment.method,
    passUsed: b.payment.passPurchase ? customerPassId(b.payment.passPurchase.id) : null,
    createdAt: b.transaction.purchasedAt,
  };
};

export const pass = (p: Row) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  credits: p.credits,
  validityDays: p.validityDays,
  price: currencyUnits(p.base100Price),
  currency: p.currency,
  active: p.active,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

/** Document 2's statuses, derived from the data: active, pending (starts later), expired, used, cancelled. */
export const customerPass = (p: Row) => ({
  id: customerPassId(p.id),
  customerId: p.customer.id,
  passId: p.pass.id,
  remainingUses: p.creditsRemaining,
  startDate: p.starts,
  expiryDate: p.expires,
  status: String(p.status).toLowerCase(),
});

export const webhook = (w: Row) => ({
  id: w.id,
  url: w.url,
  events: w.events.map(kindOfEnum),
  enabled: w.enabled,
  previousSecretExpiresAt: w.previousSecretExpiresAt ?? null,
  createdAt: w.createdAt,
});

/** A new endpoint, with the signing secret this answer alone shows. */
export const newWebhook = (created: Row) => ({ ...webhook(created.endpoint), signingSecret: created.signingSecret });

export const webhookDelivery = (d: Row) => ({
  eventId: d.eventId,
  event: kindOfEnum(d.event),
  test: d.test,
  attempt: d.attempt,
  status: d.status ?? null,
  error: d.error ?? null,
  at: d.at,
  durationMs: d.durationMs,
});

/** An event of the catch-up list: its id beside the envelope its deliveries carry. */
export const webhookEvent = (e: Row) => ({ id: e.id, event: kindOfEnum(e.event), timestamp: e.timestamp, data: e.data });
