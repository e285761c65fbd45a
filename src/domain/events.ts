/**
 * The event catalogue: events with their dates (capacity) and pricing options. An event is one-off (a
 * workshop) or part of a schedule (a weekly class), which decides what its bookings report. An event that
 * has bookings is never destroyed: deleting it archives it, so its registrations keep their history.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Booking, Company, Event, EventDate, key, PricingOption, type EventKind, type IEvent } from '../db/entities/index.ts';
import type { Clock } from './clock.ts';
import { Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { z } from 'zod';
import { checkEach, checkFields, EVENT_DATE_FIELDS, EVENT_FIELDS, PRICING_OPTION_FIELDS, nullIsNotGiven, RULES } from './input-rules.ts';
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
  /** By default from its dates: one (or none yet) is a one-off event, more are a schedule. */
  kind?: EventKind | null;
  timezone?: string | null;
  dates?: EventDateInput[] | null;
  pricingOptions?: PricingOptionInput[] | null;
}

const dateRecord = z.object(EVENT_DATE_FIELDS);
const optionRecord = z.object(PRICING_OPTION_FIELDS);

/** What an event is when nobody said: one date (or none yet) makes a one-off event, more a schedule. */
export const kindOfDates = (dates: number): EventKind => (dates > 1 ? 'SCHEDULE' : 'ONE_OFF');

function addChildren(tx: EntityManager, companyId: string, eventId: string, input: Pick<NewEvent, 'dates' | 'pricingOptions'>, now: number): void {
  for (const date of input.dates ?? []) {
    tx.create(EventDate, { id: newId('eventDate', now), company: companyId, event: key(companyId, eventId), startsAt: date.startsAt, duration: date.duration, capacity: date.capacity, spacesBooked: 0 });
  }
  for (const option of input.pricingOptions ?? []) {
    tx.create(PricingOption, { id: newId('pricingOption', now), company: companyId, event: key(companyId, eventId), name: option.name.trim(), base100Price: option.base100Price, credits: option.credits });
  }
}

export async function createEvent(em: EntityManager, clock: Clock, companyId: string, given: NewEvent): Promise<IEvent> {
  const input = nullIsNotGiven(given, ['description', 'kind', 'timezone', 'dates', 'pricingOptions']);
  checkFields({ name: input.name, description: input.description, kind: input.kind, timezone: input.timezone }, EVENT_FIELDS);
  checkEach(input.dates, 'dates', dateRecord, RULES.eventDates);
  checkEach(input.pricingOptions, 'pricingOptions', optionRecord, RULES.pricingOptions);
  return inTransaction(em, companyId, async (tx) => {
    const now = clock.now();
    const company = (await tx.findOne(Company, { id: companyId }))!;
    const event = tx.create(Event, {
      id: newId('event', now.getTime()),
      company: companyId,
      name: input.name.trim(),
      description: input.description ?? '',
      kind: input.kind ?? kindOfDates(input.dates?.length ?? 0),
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
  input: {
    name?: string | null;
    description?: string | null;
    kind?: EventKind | null;
    timezone?: string | null;
    archived?: boolean | null;
    addDates?: EventDateInput[] | null;
    addPricingOptions?: PricingOptionInput[] | null;
  },
): Promise<IEvent> {
  const { addDates, addPricingOptions, archived, ...fields } = input;
  const changes = checkFields(fields, EVENT_FIELDS);
  checkEach(addDates, 'addDates', dateRecord, RULES.eventDates);
  checkEach(addPricingOptions, 'addPricingOptions', optionRecord, RULES.pricingOptions);
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
    const booked = await tx.count(Booking, { eventDate: { event: key(companyId, event.id) } });
    if (booked) {
      event.archivedAt ??= clock.now();
      await tx.flush();
      return { event, archived: true };
    }
    await tx.nativeDelete(PricingOption, { event: key(companyId, event.id) });
    await tx.nativeDelete(EventDate, { event: key(companyId, event.id) });
    await tx.nativeDelete(Event, { id: event.id });
    return { event, archived: false };
  });
}
