/** Events, their dates and pricing options, and the transactions and bookings made on them. */
import type { IEvent } from '../../src/db/entities/index.ts';
import { eventDatesPage, eventsPage } from '../../src/db/lists.ts';
import { COLUMNS, ROW_COLUMNS } from '../../src/db/loaders.ts';
import type { EventRow } from '../../src/db/rows.ts';
import { bookEvent, cancelBooking, setBookingAttendance } from '../../src/domain/booking.ts';
import { Invalid } from '../../src/domain/errors.ts';
import { createEvent, deleteEvent, updateEvent } from '../../src/domain/events.ts';
import { addDays, localDate, localToInstant } from '../../src/domain/time.ts';
import type { GraphqlContext } from '../context.ts';
import type { Resolvers } from '../generated.ts';
import { written } from '../rows.ts';
import { childPage, listPage } from '../paging.ts';
import { columnsFor, referenced } from '../selection.ts';

const event = (ctx: GraphqlContext, id: string) => written(ctx.loaders.event, id, 'Event');

/** An event that no longer exists (deleted just now), as the row it was. */
const deletedEvent = (e: IEvent): EventRow => ({
  id: e.id,
  name: e.name,
  description: e.description,
  kind: e.kind,
  timezone: e.timezone,
  archived: e.archivedAt != null,
  createdAt: e.createdAt.toISOString(),
  updatedAt: e.updatedAt.toISOString(),
});

/** A transaction's bookings still to come; the filter reads each booking's start, so the rare filtered read takes whole rows. */
async function futureBookings(ctx: GraphqlContext, transactionId: string) {
  const bookings = await ctx.loaders.bookingsOfTransaction(COLUMNS.booking).load(transactionId);
  const now = ctx.services.clock.now().toISOString();
  return bookings.filter((b) => b.eventDate.startsAt > now);
}

export const bookingResolvers: Resolvers = {
  Query: {
    events: (_root, args, ctx, info) => listPage(args, info, ctx, (request) => eventsPage(ctx.reads, request, args.includeArchived ?? false)),
    event: (_root, { id }, ctx) => ctx.loaders.event.load(id),
    eventDates: (_root, args, ctx, info) =>
      listPage(args, info, ctx, async (request) => {
        const { timezone } = await ctx.company();
        const startDate = args.startDate ?? localDate(ctx.services.clock.now(), timezone);
        const endDate = args.endDate ?? startDate;
        if (endDate < startDate) throw new Invalid('endDate', 'min', 'must not be before startDate');
        return eventDatesPage(ctx.reads, request, {
          from: localToInstant(`${startDate}T00:00:00`, timezone).toISOString(),
          until: localToInstant(`${addDays(endDate, 1)}T00:00:00`, timezone).toISOString(),
        });
      }),
  },
  Mutation: {
    bookEvent: async (_root, { input }, ctx) => {
      const transaction = await bookEvent(ctx.em, ctx.services.clock, ctx.caller!.companyId, { ...input, spaces: input.spaces ?? 1 });
      return written(ctx.loaders.transaction, transaction.id, 'Transaction');
    },
    cancelBooking: async (_root, { id, refund }, ctx) =>
      written(ctx.loaders.booking, (await cancelBooking(ctx.em, ctx.services.clock, ctx.caller!.companyId, id, refund ?? false)).id, 'Booking'),
    setBookingAttendance: async (_root, { id, attended }, ctx) =>
      written(ctx.loaders.booking, (await setBookingAttendance(ctx.em, ctx.services.clock, ctx.caller!.companyId, id, attended ?? null)).id, 'Booking'),
    createEvent: async (_root, { input }, ctx) => event(ctx, (await createEvent(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)).id),
    updateEvent: async (_root, { id, input }, ctx) => event(ctx, (await updateEvent(ctx.em, ctx.services.clock, ctx.caller!.companyId, id, input)).id),
    deleteEvent: async (_root, { id }, ctx) => {
      const deletion = await deleteEvent(ctx.em, ctx.services.clock, ctx.caller!.companyId, id);
      return { archived: deletion.archived, event: deletion.archived ? await event(ctx, id) : deletedEvent(deletion.event) };
    },
  },
  Transaction: {
    purchasedBy: (t, _args, ctx, info) => referenced(ctx.loaders.customer, t.customerId, info),
    // Not async: a page's transactions each ask for their bookings, and the loader's own promise is all they need.
    bookings: (t, { futureOnly }, ctx, info) =>
      futureOnly ? futureBookings(ctx, t.id) : ctx.loaders.bookingsOfTransaction(columnsFor(info, ROW_COLUMNS.booking)).load(t.id),
  },
  Booking: {
    purchasedBy: (b, _args, ctx, info) => referenced(ctx.loaders.customer, b.purchasedById, info),
    transaction: (b, _args, ctx, info) => referenced(ctx.loaders.transaction, b.transactionId, info),
    boughtFor: (b, _args, ctx) => (b.boughtForId ? ctx.loaders.customer.load(b.boughtForId) : null),
    pricingOption: (b, _args, ctx, info) => referenced(ctx.loaders.pricingOption, b.pricingOptionId, info),
  },
  Event: {
    dates: async (e, { from }, ctx) => {
      const dates = await ctx.loaders.datesOfEvent.load(e.id);
      return from ? dates.filter((d) => d.datetime.slice(0, 10) >= from) : dates;
    },
    date: async (e, { id }, ctx) => {
      const date = await ctx.loaders.eventDate.load(id);
      return date && date.eventId === e.id ? date : null;
    },
    pricingOptions: (e, _args, ctx) => ctx.loaders.pricingOptionsOfEvent.load(e.id),
    registrations: (e, args, ctx, info) => childPage(e.id, args, info, ctx, ctx.loaders.registrationsOfEvent),
  },
  EventDate: {
    event: (d, _args, ctx, info) => referenced(ctx.loaders.event, d.eventId, info),
    register: (d, args, ctx, info) => childPage(d.id, args, info, ctx, ctx.loaders.registerOfEventDate),
  },
  PricingOption: {
    currency: async (_p, _args, ctx) => (await ctx.company()).currency,
  },
};
