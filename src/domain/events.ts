/**
 * The event catalogue: events with their dates (capacity) and pricing options. An event that has
 * bookings is never destroyed: deleting it archives it, so its registrations keep their history.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Booking, Company, Event, EventDate, PricingOption, type IEvent } from '../db/entities/index.ts';
import type { Clock } from './clock.ts';
import { Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checkFields, text, wholeNumber, type FieldRule } from './input-rules.ts';
import { isTimeZone } from './time.ts';
import { inTransaction } from './transactions.ts';

export interface EventDateInput {
  startsAt: Date;
  duration: number;
  capacity: number;
}

export interface PricingOptionInput {
  name: string;
  base100Price: number;
  credits: number;
}

export interface NewEvent {
  name: string;
  description?: string | null;
  timezone?: string | null;
  dates?: EventDateInput[] | null;
  pricingOptions?: PricingOptionInput[] | null;
}

const timezone: FieldRule = (value, field) => {
  if (typeof value !== 'string' || !isTimeZone(value) || /^[+-]/.test(value)) throw new Invalid(field, 'format', 'must be an IANA timezone such as Europe/London');
};
const eventRules = { name: text(1, 200), description: text(0, 5000), timezone };

function checkNested(list: object[] | null | undefined, field: string, rules: Record<string, FieldRule>): void {
  (list ?? []).forEach((item, i) => {
    for (const [key, rule] of Object.entries(rules)) {
      const value = (item as Record<string, unknown>)[key];
      if (value === undefined || value === null) throw new Invalid(`${field}[${i}].${key}`, 'required', 'is required');
      rule(value, `${field}[${i}].${key}`);
    }
  });
}

const dateRules: Record<string, FieldRule> = {
  startsAt: (value, field) => {
    if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new Invalid(field, 'format', 'must be an ISO 8601 instant');
  },
  duration: wholeNumber(1, 24 * 60),
  capacity: wholeNumber(1, 100_000),
};
const optionRules = { name: text(1, 200), base100Price: wholeNumber(0), credits: wholeNumber(0, 1000) };

function addChildren(tx: EntityManager, companyId: string, eventId: string, input: Pick<NewEvent, 'dates' | 'pricingOptions'>, now: number): void {
  for (const date of input.dates ?? []) {
    tx.create(EventDate, { id: newId('eventDate', now), company: companyId, event: eventId, startsAt: date.startsAt, duration: date.duration, capacity: date.capacity, spacesBooked: 0 });
  }
  for (const option of input.pricingOptions ?? []) {
    tx.create(PricingOption, { id: newId('pricingOption', now), company: companyId, event: eventId, name: option.name.trim(), base100Price: option.base100Price, credits: option.credits });
  }
}

export async function createEvent(em: EntityManager, clock: Clock, companyId: string, input: NewEvent): Promise<IEvent> {
  checkFields({ name: input.name, description: input.description, timezone: input.timezone }, eventRules);
  checkNested(input.dates, 'dates', dateRules);
  checkNested(input.pricingOptions, 'pricingOptions', optionRules);
  return inTransaction(em, companyId, async (tx) => {
    const now = clock.now();
    const company = (await tx.findOne(Company, { id: companyId }))!;
    const event = tx.create(Event, {
      id: newId('event', now.getTime()),
      company: companyId,
      name: input.name.trim(),
      description: input.description ?? '',
      timezone: input.timezone ?? company.timezone,
      createdAt: now,
      updatedAt: now,
    });
    addChildren(tx, companyId, event.id, input, now.getTime());
    await tx.flush();
    return event;
  });
}

/** Changes the given fields; new dates and pricing options are added to those the event has. */
export async function updateEvent(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  id: string,
  input: { name?: string | null; description?: string | null; timezone?: string | null; archived?: boolean | null; addDates?: EventDateInput[] | null; addPricingOptions?: PricingOptionInput[] | null },
): Promise<IEvent> {
  const { addDates, addPricingOptions, archived, ...fields } = input;
  const changes = checkFields(fields, eventRules);
  checkNested(addDates, 'addDates', dateRules);
  checkNested(addPricingOptions, 'addPricingOptions', optionRules);
  if (!Object.keys(changes).length && archived == null && !addDates?.length && !addPricingOptions?.length) {
    throw new Invalid('input', 'required', 'give at least one field to change');
  }
  return inTransaction(em, companyId, async (tx) => {
    const event = await tx.findOne(Event, { id });
    if (!event) throw new NotFound('Event');
    tx.assign(event, { ...changes, ...(archived != null && { archivedAt: archived ? (event.archivedAt ?? clock.now()) : null }) });
    addChildren(tx, companyId, event.id, { dates: addDates, pricingOptions: addPricingOptions }, clock.now().getTime());
    await tx.flush();
    return event;
  });
}

/** Deletes an event without bookings; archives one with bookings. Returns whether it was archived. */
export async function deleteEvent(em: EntityManager, clock: Clock, companyId: string, id: string): Promise<{ event: IEvent; archived: boolean }> {
  return inTransaction(em, companyId, async (tx) => {
    const event = await tx.findOne(Event, { id });
    if (!event) throw new NotFound('Event');
    const booked = await tx.count(Booking, { eventDate: { event: event.id } });
    if (booked) {
      event.archivedAt ??= clock.now();
      await tx.flush();
      return { event, archived: true };
    }
    await tx.nativeDelete(PricingOption, { event: event.id });
    await tx.nativeDelete(EventDate, { event: event.id });
    await tx.nativeDelete(Event, { id: event.id });
    return { event, archived: false };
  });
}
