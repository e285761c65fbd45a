/**
 * Appointments and their two state machines (docs/lifecycles.md). Booking one checks that the whole
 * appointment lies inside one of the facilitator's windows on its date, starts no earlier than the minimum
 * notice allows, and keeps the gap of `gapAround` from the facilitator's other appointments; bookings of one
 * facilitator take a lock on its row, so two of them at once are judged one after the other, and the
 * database's exclusion constraint backs the part it can state (no appointment overlaps another's buffer).
 * Each move of an appointment's status (booked, moved, cancelled, completed, no-show) writes its
 * `appointment.*` event to the outbox in the same transaction.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import {
  Appointment,
  Company,
  Facilitator,
  FacilitatorDateOverride,
  FacilitatorWindow,
  key,
  Note,
  Service,
  ServiceOption,
  type APPOINTMENT_STATUSES,
  type IAppointment,
  type IFacilitator,
  type PAYMENT_STATUSES,
  type SETTLEMENT_METHODS,
} from '../db/entities/index.ts';
import { earliestStart, windowsOn } from './availability.ts';
import { liveCustomer } from './booking.ts';
import type { Clock } from './clock.ts';
import { drawCredits, returnCredits } from './credits.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checked, RULES } from './input-rules.ts';
import { currencyUnits, customerPassId, emit, fullName, type WebhookPayloads } from './outbox.ts';
import { addDays, instantToLocal, localDate, localToInstant } from './time.ts';
import { conflictOn, EXCLUSION_VIOLATION, inTransaction } from './transactions.ts';
import { cancelScheduledAppointment, clashingAppointment, lockFacilitator as lockFacilitatorRow } from '../db/appointments.ts';

const MINUTE = 60_000;
const SLOT_TAKEN = 'That time is not available: the facilitator has another appointment then';

export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** How money owed was taken at the desk: by card, in cash, or otherwise (a bank transfer, a gift card). */
export type SettlementMethod = (typeof SETTLEMENT_METHODS)[number];

/** setAppointmentStatus: the statuses each status may be marked. CANCELLED is cancelAppointment's. */
export const STATUS_MOVES: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  SCHEDULED: ['COMPLETED', 'NO_SHOW'],
  COMPLETED: ['NO_SHOW'],
  NO_SHOW: ['COMPLETED'],
  CANCELLED: [],
};

/** setAppointmentPaymentStatus: the statuses a card payment in each status may be marked. */
export const PAYMENT_MOVES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  PENDING: ['PAID', 'FAILED'],
  FAILED: ['PAID'],
  PAID: [],
};

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

/** The rules of the deployment a booking follows, and who makes it. */
export interface BookingOptions {
  /** MIN_BOOKING_NOTICE_MINUTES: how long before its start an appointment may be booked at the latest. */
  minNoticeMinutes?: number;
  /**
   * A walk-in (WALK_IN_WINDOW_HOURS): the start may lie this many hours in the past, and no notice applies.
   * Without it, a booking starts in the future, after the notice.
   */
  walkInWindowHours?: number;
  /** Who books: the author of the note its booking notes become. */
  author?: string | null;
}

type AppointmentEvent = 'appointment.booked' | 'appointment.cancelled' | 'appointment.completed' | 'appointment.no_show';

/** The `data` of an `appointment.*` event: the appointment as it is now, with its customer, service and facilitator. */
async function appointmentData(tx: EntityManager, appointment: IAppointment): Promise<WebhookPayloads['appointment.booked']> {
  await tx.populate(appointment, ['customer', 'service', 'facilitator']);
  const { customer, service, facilitator } = appointment;
  const pass = appointment.paymentMethod === 'PASS';
  return {
    appointmentId: appointment.id,
    customerId: customer.id,
    customerEmail: customer.email,
    customerName: fullName(customer),
    serviceId: service.id,
    serviceName: service.name,
    optionName: appointment.optionName,
    facilitatorId: facilitator.id,
    facilitatorName: facilitator.name,
    startsAt: appointment.startsAt.toISOString(),
    durationMinutes: appointment.durationMinutes,
    status: appointment.status,
    price: pass ? (appointment.creditsUsed ?? 0) : currencyUnits(appointment.base100PricePaid ?? 0),
    currency: appointment.currency,
    paymentMethod: appointment.paymentMethod,
    paymentStatus: appointment.paymentStatus,
    passUsed: appointment.passPurchase ? customerPassId(appointment.passPurchase.id) : null,
  };
}

async function emitAppointment(tx: EntityManager, companyId: string, kind: AppointmentEvent, appointment: IAppointment): Promise<void> {
  emit(tx, companyId, kind, await appointmentData(tx, appointment));
}

/** A window of a date as the instants it runs between (`24:00` is the next midnight). */
function windowInstants(date: string, window: { start: string; end: string }, timezone: string): [number, number] {
  const at = (time: string) =>
    time.startsWith('24:') ? localToInstant(`${addDays(date, 1)}T00:00:00`, timezone) : localToInstant(`${date}T${time.slice(0, 5)}:00`, timezone);
  return [at(window.start).getTime(), at(window.end).getTime()];
}

/** The earliest start a booking may have now, and what a start before it is told. */
interface Earliest {
  at: number;
  rule: string;
}

function earliestOf(now: Date, options: BookingOptions): Earliest {
  const hours = options.walkInWindowHours;
  if (hours !== undefined) return { at: now.getTime() - hours * 60 * MINUTE, rule: `must be no earlier than ${hours} hours ago (a walk-in)` };
  const notice = options.minNoticeMinutes ?? 0;
  return { at: earliestStart(now, notice), rule: notice ? `must be at least ${notice} minutes from now` : 'must be in the future' };
}

/**
 * The start of an appointment of `durationMinutes` at local `datetime`: on a whole minute (any minute: a
 * walk-in at 10:07 starts at 10:07), no earlier than `earliest`, and lying inside one window of its date.
 */
async function checkFits(tx: EntityManager, facilitator: IFacilitator, datetime: string, durationMinutes: number, earliest: Earliest): Promise<Date> {
  if (!datetime.endsWith(':00')) throw new Invalid('datetime', 'format', 'must start on a whole minute (seconds 00)');
  const startsAt = localToInstant(datetime, facilitator.timezone);
  if (startsAt.getTime() < earliest.at) throw new Invalid('datetime', 'min', earliest.rule);
  const date = datetime.slice(0, 10);
  const [weekly, override] = await Promise.all([
    tx.find(FacilitatorWindow, { facilitator }),
    tx.findOne(FacilitatorDateOverride, { facilitator, date }),
  ]);
  const windows = windowsOn(
    date,
    weekly.map((w) => ({ weekday: w.weekday, start: w.startTime, end: w.endTime })),
    new Map(override ? [[date, override.windows]] : []),
  );
  const start = startsAt.getTime();
  const end = start + durationMinutes * MINUTE;
  const fits = windows.some((w) => {
    const [from, until] = windowInstants(date, w, facilitator.timezone);
    return from <= start && end <= until;
  });
  if (!fits) throw new Invalid('datetime', 'format', "is outside the facilitator's working windows on that date");
  return startsAt;
}

/**
 * Refuses an appointment of a service with `bufferMinutes` over [startsAt, +durationMinutes) that comes
 * closer to another live appointment of the facilitator than `gapAround` allows. The caller holds the
 * facilitator's lock (`lockFacilitator`).
 */
async function checkClear(
  tx: EntityManager,
  companyId: string,
  facilitatorId: string,
  startsAt: Date,
  durationMinutes: number,
  bufferMinutes: number,
  movingId: string | null,
): Promise<void> {
  // An appointment's own buffer is what it holds past its end (blocked_until); gapAround in SQL.
  if (await clashingAppointment(tx, { companyId, facilitatorId, movingId, startsAt, durationMinutes, bufferMinutes })) throw new Conflict(SLOT_TAKEN);
}

/** Bookings and moves of one facilitator's appointments wait for each other. */
async function lockFacilitator(tx: EntityManager, companyId: string, facilitatorId: string): Promise<IFacilitator> {
  if (!(await lockFacilitatorRow(tx, companyId, facilitatorId))) throw new NotFound('Facilitator');
  return (await tx.findOne(Facilitator, { id: facilitatorId }))!;
}

/**
 * Books an appointment. Paid with a pass, its credits are drawn at once and its payment is PAID. Paid by
 * card, its payment starts PENDING: the service takes no card payments itself, so the money is recorded
 * when it arrives (setAppointmentPaymentStatus). Notes given become a note on the customer too.
 */
export async function bookAppointment(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  input: BookAppointmentInput,
  options: BookingOptions = {},
): Promise<IAppointment> {
  const notes = input.notes == null ? '' : checked(RULES.notes, input.notes, 'notes').trim();
  if (input.payWith === 'CARD' && input.packageId) throw new Invalid('packageId', 'unknown', 'is only for payWith PASS');
  return inTransaction(em, companyId, async (tx) => {
    const now = clock.now();
    const company = (await tx.findOne(Company, { id: companyId }))!;
    const customer = await liveCustomer(tx, input.customerId);
    const service = await tx.findOne(Service, { id: input.serviceId, deletedAt: null });
    if (!service) throw new NotFound('Service');
    if (!service.active) throw new Invalid('serviceId', 'enum', 'the service is not bookable (inactive)');
    const option = await tx.findOne(ServiceOption, { service: key(companyId, service.id), name: input.optionName, deletedAt: null, active: true });
    if (!option) throw new Invalid('optionName', 'unknown', 'is not a bookable option of this service');
    const facilitator = await lockFacilitator(tx, companyId, input.facilitatorId);
    const startsAt = await checkFits(tx, facilitator, input.datetime, option.durationMinutes, earliestOf(now, options));
    await checkClear(tx, companyId, facilitator.id, startsAt, option.durationMinutes, service.bufferMinutes, null);

    let payment: Pick<IAppointment, 'paymentMethod' | 'currency' | 'base100PricePaid' | 'creditsUsed' | 'paymentStatus'> & { passPurchase?: string };
    if (input.payWith === 'PASS') {
      if (option.credits < 1) throw new Invalid('payWith', 'enum', 'this option cannot be paid with credits');
      const today = localDate(now, company.timezone);
      const passPurchase = await drawCredits(tx, companyId, customer.id, option.credits, today, input.packageId);
      payment = { paymentMethod: 'PASS', currency: 'CR', base100PricePaid: null, creditsUsed: option.credits, paymentStatus: 'PAID', passPurchase };
    } else {
      payment = { paymentMethod: 'CARD', currency: company.currency, base100PricePaid: option.base100Price, creditsUsed: null, paymentStatus: 'PENDING' };
    }
    const appointment = tx.create(Appointment, {
      id: newId('appointment', now.getTime()),
      company: companyId,
      customer: key(companyId, customer.id),
      service: key(companyId, service.id),
      optionName: option.name,
      facilitator: key(companyId, facilitator.id),
      startsAt,
      durationMinutes: option.durationMinutes,
      blockedUntil: new Date(startsAt.getTime() + (option.durationMinutes + service.bufferMinutes) * MINUTE),
      tz: facilitator.timezone,
      status: 'SCHEDULED',
      notes,
      createdAt: now,
      ...payment,
      passPurchase: payment.passPurchase ? key(companyId, payment.passPurchase) : null,
    });
    if (notes) {
      tx.create(Note, { id: newId('note', now.getTime()), company: companyId, customer: key(companyId, customer.id), body: notes, author: options.author ?? null, createdAt: now, appointment: key(companyId, appointment.id) });
    }
    await emitAppointment(tx, companyId, 'appointment.booked', appointment);
    await conflictOn([EXCLUSION_VIOLATION], SLOT_TAKEN, () => tx.flush());
    return appointment;
  });
}

/** Cancels a scheduled appointment; credits it was paid with go back to the pass. */
export async function cancelAppointment(em: EntityManager, companyId: string, id: string): Promise<IAppointment> {
  return inTransaction(em, companyId, async (tx) => {
    const cancelled = await cancelScheduledAppointment(tx, companyId, id);
    if (!cancelled) {
      const existing = await tx.findOne(Appointment, { id });
      if (!existing) throw new NotFound('Appointment');
      throw new Conflict(`The appointment is ${existing.status}: only a SCHEDULED appointment can be cancelled`);
    }
    if (cancelled.pass_purchase_id && cancelled.credits_used) await returnCredits(tx, companyId, cancelled.pass_purchase_id, cancelled.credits_used);
    const appointment = (await tx.findOne(Appointment, { id }, { refresh: true }))!;
    await emitAppointment(tx, companyId, 'appointment.cancelled', appointment);
    await tx.flush();
    return appointment;
  });
}

/** Moves a scheduled appointment to another time (and facilitator), under the same rules as booking it. */
export async function rescheduleAppointment(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  input: { id: string; datetime: string; facilitatorId?: string | null },
  options: BookingOptions = {},
): Promise<IAppointment> {
  return inTransaction(em, companyId, async (tx) => {
    const appointment = await tx.findOne(Appointment, { id: input.id });
    if (!appointment) throw new NotFound('Appointment');
    if (appointment.status !== 'SCHEDULED') throw new Conflict(`The appointment is ${appointment.status}: only a SCHEDULED appointment can be moved`);
    const facilitator = await lockFacilitator(tx, companyId, input.facilitatorId ?? appointment.facilitator.id);
    const service = (await tx.findOne(Service, { id: appointment.service.id }))!;
    const startsAt = await checkFits(tx, facilitator, input.datetime, appointment.durationMinutes, earliestOf(clock.now(), options));
    await checkClear(tx, companyId, facilitator.id, startsAt, appointment.durationMinutes, service.bufferMinutes, appointment.id);
    const before = { previousStartsAt: appointment.startsAt.toISOString(), previousFacilitatorId: appointment.facilitator.id };
    tx.assign(appointment, {
      facilitator: key(companyId, facilitator.id),
      startsAt,
      blockedUntil: new Date(startsAt.getTime() + (appointment.durationMinutes + service.bufferMinutes) * MINUTE),
      tz: facilitator.timezone,
    });
    emit(tx, companyId, 'appointment.rescheduled', { ...(await appointmentData(tx, appointment)), ...before });
    await conflictOn([EXCLUSION_VIOLATION], SLOT_TAKEN, () => tx.flush());
    return appointment;
  });
}

/**
 * Records how an appointment went (STATUS_MOVES): a SCHEDULED one becomes COMPLETED or NO_SHOW once its
 * start has passed, and COMPLETED and NO_SHOW correct each other. Credits and payment are left as they are.
 */
export async function setAppointmentStatus(em: EntityManager, clock: Clock, companyId: string, id: string, status: AppointmentStatus): Promise<IAppointment> {
  if (status === 'CANCELLED') throw new Invalid('status', 'enum', 'CANCELLED is set by cancelAppointment, which also frees the time and returns credits');
  return inTransaction(em, companyId, async (tx) => {
    const appointment = await tx.findOne(Appointment, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!appointment) throw new NotFound('Appointment');
    const current: AppointmentStatus = appointment.status;
    if (!STATUS_MOVES[current].includes(status)) throw new Conflict(`The appointment is ${current}: it cannot be marked ${status}`);
    if (current === 'SCHEDULED' && appointment.startsAt.getTime() > clock.now().getTime()) {
      throw new Conflict(`The appointment is SCHEDULED and starts at ${instantToLocal(appointment.startsAt, appointment.tz)}: it cannot be marked ${status} before it starts`);
    }
    appointment.status = status;
    await emitAppointment(tx, companyId, status === 'COMPLETED' ? 'appointment.completed' : 'appointment.no_show', appointment);
    await tx.flush();
    return appointment;
  });
}

/**
 * Records whether the money of a card payment arrived (PAYMENT_MOVES), and how it was taken (`method`:
 * card, cash or other; for FAILED, what was tried). A pass payment is PAID once its credits are drawn; a
 * cancelled appointment's payment stays as it was.
 */
export async function setAppointmentPaymentStatus(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  id: string,
  status: PaymentStatus,
  method: SettlementMethod | null = null,
): Promise<IAppointment> {
  return inTransaction(em, companyId, async (tx) => {
    const appointment = await tx.findOne(Appointment, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!appointment) throw new NotFound('Appointment');
    if (appointment.paymentMethod === 'PASS') throw new Conflict(`The appointment was paid with pass credits: its payment is always PAID`);
    if (appointment.status === 'CANCELLED') throw new Conflict(`The appointment is CANCELLED: its payment cannot be marked ${status}`);
    const current: PaymentStatus = appointment.paymentStatus;
    if (!PAYMENT_MOVES[current].includes(status)) throw new Conflict(`The appointment's card payment is ${current}: it cannot be marked ${status}`);
    appointment.paymentStatus = status;
    appointment.settlementMethod = method;
    appointment.settledAt = clock.now();
    await tx.flush();
    return appointment;
  });
}
