/** Facilitators, services, appointments and availability. */
import { appointmentsPage, facilitatorSchedule, facilitators, liveServices } from '../../src/db/lists.ts';
import {
  bookAppointment, cancelAppointment, rescheduleAppointment, setAppointmentPaymentStatus, setAppointmentStatus, type BookingOptions,
} from '../../src/domain/appointments.ts';
import { availability, earliestStart, requestedDates } from '../../src/domain/availability.ts';
import { Invalid, NotFound } from '../../src/domain/errors.ts';
import { createFacilitator, setDateOverride, setWeeklyWindows } from '../../src/domain/facilitators.ts';
import { createService, deleteService, deleteServiceOption, setServiceOption, updateService } from '../../src/domain/services.ts';
import { addDays, localToInstant } from '../../src/domain/time.ts';
import { authorOf } from '../authors.ts';
import { requireCatalogueRole } from '../catalogue-role.ts';
import type { GraphqlContext } from '../context.ts';
import type { Resolvers } from '../generated.ts';
import { written } from '../rows.ts';
import { listPage } from '../paging.ts';
import { referenced } from '../selection.ts';

const appointment = (ctx: GraphqlContext, id: string) => written(ctx.loaders.appointment, id, 'Appointment');
const service = (ctx: GraphqlContext, id: string) => written(ctx.loaders.service, id, 'Service');
const facilitator = async (ctx: GraphqlContext, id: string) => {
  ctx.loaders.windowsOfFacilitator.clear(id);
  ctx.loaders.overridesOfFacilitator.clear(id);
  return written(ctx.loaders.facilitator, id, 'Facilitator');
};

/**
 * When a booking may start: after the minimum notice, or, for a walk-in, from WALK_IN_WINDOW_HOURS ago. Console
 * users are at the desk, so their bookings are walk-ins unless they say otherwise; API clients book ahead
 * unless they ask for a walk-in.
 */
function startRule(ctx: GraphqlContext, walkIn: boolean | null | undefined): BookingOptions {
  const { MIN_BOOKING_NOTICE_MINUTES, WALK_IN_WINDOW_HOURS } = ctx.services.config;
  const asWalkIn = walkIn ?? ctx.caller?.kind === 'console';
  return asWalkIn ? { walkInWindowHours: WALK_IN_WINDOW_HOURS } : { minNoticeMinutes: MIN_BOOKING_NOTICE_MINUTES };
}

export const appointmentResolvers: Resolvers = {
  Query: {
    availability: async (_root, args, ctx) => {
      const dates = requestedDates(args);
      const schedule = await facilitatorSchedule(ctx.reads, args.facilitatorId, args.serviceId ?? null, dates[0]!, dates.at(-1)!);
      if (!schedule) throw new NotFound('Facilitator');
      if (args.serviceId && !schedule.serviceFound) throw new NotFound('Service');
      return {
        facilitatorId: schedule.id,
        dates: availability({
          dates,
          timezone: schedule.timezone,
          weekly: schedule.weekly,
          overrides: new Map(schedule.overrides.map((o) => [o.date, o.windows])),
          busy: schedule.busy,
          bufferMinutes: args.serviceId ? schedule.serviceBufferMinutes : null,
          earliest: earliestStart(ctx.services.clock.now(), ctx.services.config.MIN_BOOKING_NOTICE_MINUTES),
        }),
      };
    },
    appointments: (_root, args, ctx, info) =>
      listPage(args, info, ctx, async (request) => {
        if (args.startDate && args.endDate && args.endDate < args.startDate) throw new Invalid('endDate', 'min', 'must not be before startDate');
        const { timezone } = await ctx.company();
        return appointmentsPage(ctx.reads, request, {
          status: args.status,
          facilitatorId: args.facilitatorId,
          customerId: args.customerId,
          from: args.startDate ? localToInstant(`${args.startDate}T00:00:00`, timezone).toISOString() : null,
          until: args.endDate ? localToInstant(`${addDays(args.endDate, 1)}T00:00:00`, timezone).toISOString() : null,
        });
      }),
    appointment: (_root, { id }, ctx) => ctx.loaders.appointment.load(id),
    services: (_root, _args, ctx) => liveServices(ctx.reads),
    service: (_root, { id }, ctx) => ctx.loaders.service.load(id),
    facilitators: (_root, _args, ctx) => facilitators(ctx.reads),
    facilitator: (_root, { id }, ctx) => ctx.loaders.facilitator.load(id),
  },
  Mutation: {
    bookAppointment: async (_root, { input }, ctx) => {
      const options = { ...startRule(ctx, input.walkIn), author: input.notes?.trim() ? await authorOf(ctx) : null };
      return appointment(ctx, (await bookAppointment(ctx.em, ctx.services.clock, ctx.caller!.companyId, input, options)).id);
    },
    cancelAppointment: async (_root, { id }, ctx) => appointment(ctx, (await cancelAppointment(ctx.em, ctx.caller!.companyId, id)).id),
    rescheduleAppointment: async (_root, args, ctx) =>
      appointment(ctx, (await rescheduleAppointment(ctx.em, ctx.services.clock, ctx.caller!.companyId, args, startRule(ctx, args.walkIn))).id),
    setAppointmentStatus: async (_root, { id, status }, ctx) =>
      appointment(ctx, (await setAppointmentStatus(ctx.em, ctx.services.clock, ctx.caller!.companyId, id, status)).id),
    setAppointmentPaymentStatus: async (_root, { id, status, method }, ctx) =>
      appointment(ctx, (await setAppointmentPaymentStatus(ctx.em, ctx.services.clock, ctx.caller!.companyId, id, status, method ?? null)).id),
    createFacilitator: async (_root, { input }, ctx) => {
      requireCatalogueRole(ctx);
      return facilitator(ctx, (await createFacilitator(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)).id);
    },
    setWeeklyWindows: async (_root, { facilitatorId, windows }, ctx) => {
      requireCatalogueRole(ctx);
      return facilitator(ctx, (await setWeeklyWindows(ctx.em, ctx.caller!.companyId, facilitatorId, windows)).id);
    },
    setDateOverride: async (_root, { facilitatorId, date, windows }, ctx) => {
      requireCatalogueRole(ctx);
      return facilitator(ctx, (await setDateOverride(ctx.em, ctx.caller!.companyId, facilitatorId, date, windows ?? null)).id);
    },
    createService: async (_root, { input }, ctx) => {
      requireCatalogueRole(ctx);
      return service(ctx, (await createService(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)).id);
    },
    updateService: async (_root, { id, input }, ctx) => {
      requireCatalogueRole(ctx);
      return service(ctx, (await updateService(ctx.em, ctx.caller!.companyId, id, input)).id);
    },
    deleteService: async (_root, { id }, ctx) => {
      requireCatalogueRole(ctx);
      return service(ctx, (await deleteService(ctx.em, ctx.services.clock, ctx.caller!.companyId, id)).id);
    },
    setServiceOption: async (_root, { serviceId, option }, ctx) => {
      requireCatalogueRole(ctx);
      ctx.loaders.optionsOfService.clear(serviceId);
      return service(ctx, (await setServiceOption(ctx.em, ctx.caller!.companyId, serviceId, option)).id);
    },
    deleteServiceOption: async (_root, { serviceId, name }, ctx) => {
      requireCatalogueRole(ctx);
      ctx.loaders.optionsOfService.clear(serviceId);
      return service(ctx, (await deleteServiceOption(ctx.em, ctx.services.clock, ctx.caller!.companyId, serviceId, name)).id);
    },
  },
  Appointment: {
    customer: (a, _args, ctx, info) => referenced(ctx.loaders.customer, a.customerId, info),
    service: (a, _args, ctx, info) => referenced(ctx.loaders.service, a.serviceId, info),
    facilitator: (a, _args, ctx, info) => referenced(ctx.loaders.facilitator, a.facilitatorId, info),
  },
  Facilitator: {
    weeklyWindows: (f, _args, ctx) => ctx.loaders.windowsOfFacilitator.load(f.id),
    dateOverrides: async (f, { from, to }, ctx) =>
      (await ctx.loaders.overridesOfFacilitator.load(f.id)).filter((o) => (!from || o.date >= from) && (!to || o.date <= to)),
  },
  Service: {
    options: (s, _args, ctx) => ctx.loaders.optionsOfService.load(s.id),
  },
};
