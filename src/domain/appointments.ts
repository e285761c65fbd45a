/**
 * Appointments. Booking one checks that the whole appointment lies inside one of the facilitator's
 * windows on that date; the exclusion constraint of the database keeps live appointments of one
 * facilitator (with the service's buffer after each) from overlapping, however many book at once.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Appointment, Company, Facilitator, FacilitatorDateOverride, FacilitatorWindow, Service, ServiceOption,
  type IAppointment, type IFacilitator,
} from '../db/entities/index.ts';
import { windowsOn } from './availability.ts';
import { liveCustomer } from './booking.ts';
import type { Clock } from './clock.ts';
import { drawCredits, returnCredits } from './credits.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checked, RULES } from './input-rules.ts';
import { instantToLocal, localDate, localToInstant } from './time.ts';
import { conflictOn, EXCLUSION_VIOLATION, inTransaction } from './transactions.ts';

const MINUTE = 60_000;
const SLOT_TAKEN = 'That time is not available: the facilitator has another appointment then';

export interface BookAppointmentInput {
  customerId: string;
  serviceId: string;
  optionName: string;
  facilitatorId: string;
  datetime: string;
  payWith: 'CARD' | 'PASS';
  packageId?: string | null;
  notes?: string | null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Refuses a start that is past, or an appointment that does not lie inside one window of its date. */
async function checkFits(tx: EntityManager, facilitator: IFacilitator, datetime: string, durationMinutes: number, now: Date): Promise<Date> {
  const startsAt = localToInstant(datetime, facilitator.timezone);
  if (startsAt.getTime() <= now.getTime()) throw new Invalid('datetime', 'min', 'must be in the future');
  const date = datetime.slice(0, 10);
  const [weekly, override] = await Promise.all([
    tx.find(FacilitatorWindow, { facilitator: facilitator.id }),
    tx.findOne(FacilitatorDateOverride, { facilitator: facilitator.id, date }),
  ]);
  const windows = windowsOn(
    date,
    weekly.map((w) => ({ weekday: w.weekday, start: w.startTime, end: w.endTime })),
    new Map(override ? [[date, override.windows]] : []),
  );
  const start = minutesOf(datetime.slice(11, 16));
  if (!windows.some((w) => minutesOf(w.start) <= start && start + durationMinutes <= minutesOf(w.end))) {
    throw new Invalid('datetime', 'format', "is outside the facilitator's working windows on that date");
  }
  return startsAt;
}

export async function bookAppointment(em: EntityManager, clock: Clock, companyId: string, input: BookAppointmentInput): Promise<IAppointment> {
  if (input.notes != null) checked(RULES.notes, input.notes, 'notes');
  if (input.payWith === 'CARD' && input.packageId) throw new Invalid('packageId', 'unknown', 'is only for payWith PASS');
  return inTransaction(em, companyId, async (tx) => {
    const now = clock.now();
    const company = (await tx.findOne(Company, { id: companyId }))!;
    const customer = await liveCustomer(tx, input.customerId);
    const service = await tx.findOne(Service, { id: input.serviceId, deletedAt: null });
    if (!service) throw new NotFound('Service');
    if (!service.active) throw new Invalid('serviceId', 'enum', 'the service is not bookable (inactive)');
    const option = await tx.findOne(ServiceOption, { service: service.id, name: input.optionName, deletedAt: null, active: true });
    if (!option) throw new Invalid('optionName', 'unknown', 'is not a bookable option of this service');
    const facilitator = await tx.findOne(Facilitator, { id: input.facilitatorId });
    if (!facilitator) throw new NotFound('Facilitator');
    const startsAt = await checkFits(tx, facilitator, input.datetime, option.durationMinutes, now);

    let payment: Pick<IAppointment, 'paymentMethod' | 'currency' | 'base100PricePaid' | 'creditsUsed'> & { passPurchase?: string };
    if (input.payWith === 'PASS') {
      if (option.credits < 1) throw new Invalid('payWith', 'enum', 'this option cannot be paid with credits');
      const today = localDate(now, company.timezone);
      const passPurchase = await drawCredits(tx, companyId, customer.id, option.credits, today, input.packageId);
      payment = { paymentMethod: 'PASS', currency: 'CR', base100PricePaid: null, creditsUsed: option.credits, passPurchase };
    } else {
      payment = { paymentMethod: 'CARD', currency: company.currency, base100PricePaid: option.base100Price, creditsUsed: null };
    }
    const appointment = tx.create(Appointment, {
      id: newId('appointment', now.getTime()),
      company: companyId,
      customer: customer.id,
      service: service.id,
      optionName: option.name,
      facilitator: facilitator.id,
      startsAt,
      durationMinutes: option.durationMinutes,
      blockedUntil: new Date(startsAt.getTime() + (option.durationMinutes + service.bufferMinutes) * MINUTE),
      tz: facilitator.timezone,
      status: 'SCHEDULED',
      notes: input.notes?.trim() ?? '',
      createdAt: now,
      paymentStatus: 'PAID',
      ...payment,
    });
    await conflictOn([EXCLUSION_VIOLATION], SLOT_TAKEN, () => tx.flush());
    return appointment;
  });
}

/** Cancels a scheduled appointment; credits it was paid with go back to the pass. */
export async function cancelAppointment(em: EntityManager, companyId: string, id: string): Promise<IAppointment> {
  return inTransaction(em, companyId, async (tx) => {
    const [cancelled] = await tx.execute<{ credits_used: number | null; pass_purchase_id: string | null }[]>(
      `update appointment set status = 'CANCELLED' where id = ? and company_id = ? and status = 'SCHEDULED'
        returning credits_used, pass_purchase_id`,
      [id, companyId],
    );
    if (!cancelled) {
      const existing = await tx.findOne(Appointment, { id });
      if (!existing) throw new NotFound('Appointment');
      throw new Conflict(`Only a SCHEDULED appointment can be cancelled; this one is ${existing.status}`);
    }
    if (cancelled.pass_purchase_id && cancelled.credits_used) await returnCredits(tx, companyId, cancelled.pass_purchase_id, cancelled.credits_used);
    return (await tx.findOne(Appointment, { id }, { refresh: true }))!;
  });
}

/** Moves a scheduled appointment to another time (and facilitator), under the same rules as booking it. */
export async function rescheduleAppointment(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  input: { id: string; datetime: string; facilitatorId?: string | null },
): Promise<IAppointment> {
  return inTransaction(em, companyId, async (tx) => {
    const appointment = await tx.findOne(Appointment, { id: input.id });
    if (!appointment) throw new NotFound('Appointment');
    if (appointment.status !== 'SCHEDULED') throw new Conflict(`Only a SCHEDULED appointment can be moved; this one is ${appointment.status}`);
    const facilitator = await tx.findOne(Facilitator, { id: input.facilitatorId ?? appointment.facilitator.id });
    if (!facilitator) throw new NotFound('Facilitator');
    const service = (await tx.findOne(Service, { id: appointment.service.id }))!;
    const startsAt = await checkFits(tx, facilitator, input.datetime, appointment.durationMinutes, clock.now());
    tx.assign(appointment, {
      facilitator: facilitator.id,
      startsAt,
      blockedUntil: new Date(startsAt.getTime() + (appointment.durationMinutes + service.bufferMinutes) * MINUTE),
      tz: facilitator.timezone,
    });
    await conflictOn([EXCLUSION_VIOLATION], SLOT_TAKEN, () => tx.flush());
    return appointment;
  });
}

