/** Facilitators, services, appointments and availability. */
import { Appointment, Facilitator, Service } from '../../src/db/entities/index.ts';
import { bookAppointment, cancelAppointment, rescheduleAppointment } from '../../src/domain/appointments.ts';
import { availability, requestedDates } from '../../src/domain/availability.ts';
import { Invalid, NotFound } from '../../src/domain/errors.ts';
import { setDateOverride, setWeeklyWindows } from '../../src/domain/facilitators.ts';
import { createService, deleteService, deleteServiceOption, setServiceOption, updateService } from '../../src/domain/services.ts';
import { pageRequest } from '../../src/domain/paging.ts';
import { addDays, instantToLocal, localToInstant } from '../../src/domain/time.ts';
import type { Resolvers } from '../generated.ts';
import { paymentView } from '../payments.ts';

const hhmm = (time: string) => time.slice(0, 5);

export const appointmentResolvers: Resolvers = {
  Query: {
    availability: async (_root, args, ctx) => {
      const dates = requestedDates(args);
      const facilitator = await ctx.loaders.facilitator.load(args.facilitatorId);
      if (!facilitator) throw new NotFound('Facilitator');
      let bufferMinutes = 0;
      if (args.serviceId) {
        const service = await ctx.loaders.service.load(args.serviceId);
        if (!service) throw new NotFound('Service');
        bufferMinutes = service.bufferMinutes;
      }
      const tz = facilitator.timezone;
      const from = localToInstant(`${dates[0]}T00:00:00`, tz);
      const until = localToInstant(`${addDays(dates.at(-1)!, 1)}T00:00:00`, tz);
      const [weekly, overrides, busy] = await Promise.all([
        ctx.loaders.windowsOfFacilitator.load(facilitator.id),
        ctx.loaders.overridesOfFacilitator.load(facilitator.id),
        // Appointments up to a day long can reach into the range from the day before.
        ctx.em.find(Appointment, {
          facilitator: facilitator.id,
          status: { $ne: 'CANCELLED' },
          startsAt: { $gte: new Date(from.getTime() - 86_400_000), $lt: until },
        }),
      ]);
      return {
        facilitatorId: facilitator.id,
        dates: availability({
          dates,
          timezone: tz,
          weekly: weekly.map((w) => ({ weekday: w.weekday, start: w.startTime, end: w.endTime })),
          overrides: new Map(overrides.map((o) => [o.date, o.windows])),
          busy,
          bufferMinutes,
        }),
      };
    },
    appointments: async (_root, args, ctx) => {
      const { page, pageSize } = pageRequest(args.page, args.pageSize);
      if (args.startDate && args.endDate && args.endDate < args.startDate) throw new Invalid('endDate', 'min', 'must not be before startDate');
      const company = (await ctx.loaders.company.load(ctx.caller!.companyId))!;
      const where: Record<string, unknown> = { status: args.status ?? { $ne: 'CANCELLED' } };
      if (args.facilitatorId) where.facilitator = args.facilitatorId;
      if (args.customerId) where.customer = args.customerId;
      const startsAt: Record<string, Date> = {};
      if (args.startDate) startsAt.$gte = localToInstant(`${args.startDate}T00:00:00`, company.timezone);
      if (args.endDate) startsAt.$lt = localToInstant(`${addDays(args.endDate, 1)}T00:00:00`, company.timezone);
      if (args.startDate || args.endDate) where.startsAt = startsAt;
      const [nodes, total] = await ctx.em.findAndCount(Appointment, where, {
        orderBy: { startsAt: 'asc', id: 'asc' },
        limit: pageSize,
        offset: page * pageSize,
      });
      return { nodes, total, page, pageSize };
    },
    appointment: (_root, { id }, ctx) => ctx.loaders.appointment.load(id),
    services: (_root, _args, ctx) => ctx.em.find(Service, { deletedAt: null }, { orderBy: { name: 'asc', id: 'asc' } }),
    service: (_root, { id }, ctx) => ctx.loaders.service.load(id),
    facilitators: (_root, _args, ctx) => ctx.em.find(Facilitator, {}, { orderBy: { name: 'asc', id: 'asc' } }),
    facilitator: (_root, { id }, ctx) => ctx.loaders.facilitator.load(id),
  },
  Mutation: {
    bookAppointment: (_root, { input }, ctx) => bookAppointment(ctx.em, ctx.services.clock, ctx.caller!.companyId, input),
    cancelAppointment: (_root, { id }, ctx) => cancelAppointment(ctx.em, ctx.caller!.companyId, id),
    rescheduleAppointment: (_root, args, ctx) => rescheduleAppointment(ctx.em, ctx.services.clock, ctx.caller!.companyId, args),
    setWeeklyWindows: (_root, { facilitatorId, windows }, ctx) => setWeeklyWindows(ctx.em, ctx.caller!.companyId, facilitatorId, windows),
    setDateOverride: (_root, { facilitatorId, date, windows }, ctx) => setDateOverride(ctx.em, ctx.caller!.companyId, facilitatorId, date, windows ?? null),
    createService: (_root, { input }, ctx) => createService(ctx.em, ctx.services.clock, ctx.caller!.companyId, input),
    updateService: (_root, { id, input }, ctx) => updateService(ctx.em, ctx.caller!.companyId, id, input),
    deleteService: (_root, { id }, ctx) => deleteService(ctx.em, ctx.services.clock, ctx.caller!.companyId, id),
    setServiceOption: (_root, { serviceId, option }, ctx) => setServiceOption(ctx.em, ctx.caller!.companyId, serviceId, option),
    deleteServiceOption: (_root, { serviceId, name }, ctx) => deleteServiceOption(ctx.em, ctx.services.clock, ctx.caller!.companyId, serviceId, name),
  },
  Appointment: {
    datetime: (a) => instantToLocal(a.startsAt, a.tz),
    createdAt: (a) => instantToLocal(a.createdAt, a.tz),
    customer: async (a, _args, ctx) => (await ctx.loaders.customer.load(a.customer.id))!,
    service: async (a, _args, ctx) => (await ctx.loaders.service.load(a.service.id))!,
    facilitator: async (a, _args, ctx) => (await ctx.loaders.facilitator.load(a.facilitator.id))!,
    payment: (a) => paymentView(a, a.base100PricePaid, a.base100PricePaid, a.paymentStatus),
  },
  Facilitator: {
    weeklyWindows: (f, _args, ctx) => ctx.loaders.windowsOfFacilitator.load(f.id),
    dateOverrides: async (f, { from, to }, ctx) =>
      (await ctx.loaders.overridesOfFacilitator.load(f.id)).filter((o) => (!from || o.date >= from) && (!to || o.date <= to)),
  },
  WeeklyWindow: {
    start: (w) => hhmm(w.startTime),
    end: (w) => hhmm(w.endTime),
  },
  Service: {
    deleted: (s) => s.deletedAt != null,
    options: (s, _args, ctx) => ctx.loaders.optionsOfService.load(s.id),
  },
};
