/** The timetable of events (weekly rules, a date's capacity, cancelled dates) and the waitlists of full dates. */
import { addRecurringDates, cancelEventDate, updateEventDate } from '../../src/domain/schedule.ts';
import { joinWaitlist, leaveWaitlist } from '../../src/domain/waitlist.ts';
import type { GraphqlContext } from '../context.ts';
import type { Resolvers } from '../generated.ts';
import { written } from '../rows.ts';
import { referenced } from '../selection.ts';

const eventDate = (ctx: GraphqlContext, id: string) => written(ctx.loaders.eventDate, id, 'Event date');
const waitlistEntry = (ctx: GraphqlContext, id: string) => written(ctx.loaders.waitlistEntry, id, 'Waitlist entry');

export const scheduleResolvers: Resolvers = {
  Query: {
    waitlistEntry: (_root, { id }, ctx) => ctx.loaders.waitlistEntry.load(id),
  },
  Mutation: {
    addRecurringDates: async (_root, { eventId, rule }, ctx) => {
      const ids = await addRecurringDates(ctx.em, ctx.services.clock, ctx.caller!.companyId, eventId, rule);
      return Promise.all(ids.map((id) => eventDate(ctx, id)));
    },
    updateEventDate: async (_root, { id, input }, ctx) => eventDate(ctx, await updateEventDate(ctx.em, ctx.services.clock, ctx.caller!.companyId, id, input)),
    cancelEventDate: async (_root, { id, refund }, ctx) => eventDate(ctx, await cancelEventDate(ctx.em, ctx.services.clock, ctx.caller!.companyId, id, refund ?? false)),
    joinWaitlist: async (_root, { input }, ctx) =>
      waitlistEntry(ctx, await joinWaitlist(ctx.em, ctx.services.clock, ctx.caller!.companyId, { ...input, spaces: input.spaces ?? 1 })),
    leaveWaitlist: async (_root, { id }, ctx) => waitlistEntry(ctx, await leaveWaitlist(ctx.em, ctx.services.clock, ctx.caller!.companyId, id)),
  },
  EventDate: {
    waitlist: async (d, { status }, ctx) => {
      const entries = await ctx.loaders.waitlistOfEventDate.load(d.id);
      return status?.length ? entries.filter((entry) => status.includes(entry.status)) : entries;
    },
  },
  WaitlistEntry: {
    customer: (w, _args, ctx, info) => referenced(ctx.loaders.customer, w.customerId, info),
    booking: (w, _args, ctx) => (w.bookingId ? ctx.loaders.booking.load(w.bookingId) : null),
    eventDate: (w, _args, ctx, info) => referenced(ctx.loaders.eventDate, w.eventDateId, info),
    pricingOption: (w, _args, ctx, info) => referenced(ctx.loaders.pricingOption, w.pricingOptionId, info),
    packageId: (w) => w.passPurchaseId,
  },
};
