/** Events, their dates and pricing options, and the transactions and bookings made on them. */
import { Event } from '../../src/db/entities/index.ts';
import { bookEvent, cancelBooking } from '../../src/domain/booking.ts';
import { createEvent, deleteEvent, updateEvent } from '../../src/domain/events.ts';
import { pageRequest } from '../../src/domain/paging.ts';
import { instantToLocal } from '../../src/domain/time.ts';
import { callerCompany } from '../company.ts';
import type { GraphqlContext } from '../context.ts';
import type { Resolvers } from '../generated.ts';
import { paymentView } from '../payments.ts';

const eventOfDate = async (ctx: GraphqlContext, eventId: string) => (await ctx.loaders.event.load(eventId))!;

export const bookingResolvers: Resolvers = {
  Query: {
    events: async (_root, args, ctx) => {
      const { page, pageSize } = pageRequest(args.page, args.pageSize);
      const where = args.includeArchived ? {} : { archivedAt: null };
      const [nodes, total] = await ctx.em.findAndCount(Event, where, {
        orderBy: { name: 'asc', id: 'asc' },
        limit: pageSize,
        offset: page * pageSize,
      });
      return { nodes, total, page, pageSize };
    },
    event: (_root, { id }, ctx) => ctx.loaders.event.load(id),
  },
  Mutation: {
    bookEvent: (_root, { input }, ctx) => bookEvent(ctx.em, ctx.services.clock, ctx.caller!.companyId, { ...input, spaces: input.spaces ?? 1 }),
    cancelBooking: (_root, { id, refund }, ctx) => cancelBooking(ctx.em, ctx.caller!.companyId, id, refund ?? false),
    createEvent: (_root, { input }, ctx) => createEvent(ctx.em, ctx.services.clock, ctx.caller!.companyId, input),
    updateEvent: (_root, { id, input }, ctx) => updateEvent(ctx.em, ctx.services.clock, ctx.caller!.companyId, id, input),
    deleteEvent: (_root, { id }, ctx) => deleteEvent(ctx.em, ctx.services.clock, ctx.caller!.companyId, id),
  },
  Transaction: {
    purchaseDate: async (t, _args, ctx) => instantToLocal(t.purchasedAt, (await callerCompany(ctx)).timezone),
    tz: async (_t, _args, ctx) => (await callerCompany(ctx)).timezone,
    purchasedBy: async (t, _args, ctx) => (await ctx.loaders.customer.load(t.customer.id))!,
    bookings: async (t, { futureOnly }, ctx) => {
      const bookings = await ctx.loaders.bookingsOfTransaction.load(t.id);
      if (!futureOnly) return bookings;
      const now = ctx.services.clock.now().getTime();
      const dates = await ctx.loaders.eventDate.loadMany(bookings.map((b) => b.eventDate.id));
      return bookings.filter((_b, i) => {
        const date = dates[i];
        return date && !(date instanceof Error) && date.startsAt.getTime() > now;
      });
    },
  },
  Booking: {
    purchasedBy: async (b, _args, ctx) => {
      const transaction = (await ctx.loaders.transaction.load(b.transaction.id))!;
      return (await ctx.loaders.customer.load(transaction.customer.id))!;
    },
    transaction: async (b, _args, ctx) => (await ctx.loaders.transaction.load(b.transaction.id))!,
    boughtFor: (b, _args, ctx) => (b.boughtFor ? ctx.loaders.customer.load(b.boughtFor.id) : null),
    event: async (b, _args, ctx) => {
      const date = (await ctx.loaders.eventDate.load(b.eventDate.id))!;
      return eventOfDate(ctx, date.event.id);
    },
    eventDate: async (b, _args, ctx) => (await ctx.loaders.eventDate.load(b.eventDate.id))!,
    pricingOption: async (b, _args, ctx) => (await ctx.loaders.pricingOption.load(b.pricingOption.id))!,
    payment: (b) => paymentView(b, b.base100GrossPrice, b.base100NetPrice),
  },
  Event: {
    archived: (e) => e.archivedAt != null,
    dates: async (e, { from }, ctx) => {
      const dates = await ctx.loaders.datesOfEvent.load(e.id);
      return from ? dates.filter((d) => instantToLocal(d.startsAt, e.timezone).slice(0, 10) >= from) : dates;
    },
    date: async (e, { id }, ctx) => {
      const date = await ctx.loaders.eventDate.load(id);
      return date && date.event.id === e.id ? date : null;
    },
    pricingOptions: (e, _args, ctx) => ctx.loaders.pricingOptionsOfEvent.load(e.id),
    registrations: (e, args, ctx) => ctx.loaders.registrationsOfEvent.load({ parentId: e.id, ...pageRequest(args.page, args.pageSize) }),
  },
  EventDate: {
    datetime: async (d, _args, ctx) => instantToLocal(d.startsAt, (await eventOfDate(ctx, d.event.id)).timezone),
    tz: async (d, _args, ctx) => (await eventOfDate(ctx, d.event.id)).timezone,
    spacesLeft: (d) => d.capacity - d.spacesBooked,
    event: (d, _args, ctx) => eventOfDate(ctx, d.event.id),
    register: (d, args, ctx) => ctx.loaders.registerOfEventDate.load({ parentId: d.id, ...pageRequest(args.page, args.pageSize) }),
  },
  PricingOption: {
    currency: async (_p, _args, ctx) => (await callerCompany(ctx)).currency,
  },
};
