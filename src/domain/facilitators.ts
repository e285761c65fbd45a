/**
 * Facilitators and their working time: weekly windows, and date overrides that replace a date's weekly
 * windows (none means unavailable all day). Windows are `HH:MM` local to the facilitator and never overlap.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company, Facilitator, FacilitatorDateOverride, FacilitatorWindow, key, type IFacilitator } from '../db/entities/index.ts';
import type { Clock } from './clock.ts';
import { Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checkFields, FACILITATOR_FIELDS } from './input-rules.ts';
import { DATE_RULE, isLocalDate } from './time.ts';
import { inTransaction } from './transactions.ts';

export interface WindowInput {
  start: string;
  end: string;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Checks a day's windows: well-formed, start before end, no two overlapping. */
function checkWindows(windows: WindowInput[], field: string): void {
  windows.forEach((w, i) => {
    if (!HHMM.test(w.start)) throw new Invalid(`${field}[${i}].start`, 'format', 'must be a time HH:MM');
    if (!HHMM.test(w.end)) throw new Invalid(`${field}[${i}].end`, 'format', 'must be a time HH:MM');
    if (w.start >= w.end) throw new Invalid(`${field}[${i}].end`, 'min', 'must be after start');
  });
  const sorted = [...windows].sort((a, b) => a.start.localeCompare(b.start));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end) throw new Invalid(field, 'format', `windows ${sorted[i - 1]!.start}-${sorted[i - 1]!.end} and ${sorted[i]!.start}-${sorted[i]!.end} overlap`);
  }
}

async function facilitatorOf(tx: EntityManager, id: string): Promise<IFacilitator> {
  const facilitator = await tx.findOne(Facilitator, { id });
  if (!facilitator) throw new NotFound('Facilitator');
  return facilitator;
}

type WeeklyWindowInput = WindowInput & { weekday: number };

/** Checks a week's windows (`field` names the list): ISO weekdays, and each weekday's windows as checkWindows does. */
function checkWeek(windows: WeeklyWindowInput[], field: string): void {
  windows.forEach((w, i) => {
    if (!Number.isInteger(w.weekday) || w.weekday < 1 || w.weekday > 7) throw new Invalid(`${field}[${i}].weekday`, 'enum', 'must be an ISO weekday, 1 (Monday) to 7 (Sunday)');
  });
  for (let weekday = 1; weekday <= 7; weekday++) checkWindows(windows.filter((w) => w.weekday === weekday), field);
}

function addWeek(tx: EntityManager, companyId: string, facilitatorId: string, windows: WeeklyWindowInput[]): void {
  for (const w of windows) {
    tx.create(FacilitatorWindow, { company: companyId, facilitator: key(companyId, facilitatorId), weekday: w.weekday, startTime: `${w.start}:00`, endTime: `${w.end}:00` });
  }
}

/** Adds a facilitator, in the company's timezone unless given one, with weekly windows when given. */
export async function createFacilitator(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  input: { name: string; timezone?: string | null; weeklyWindows?: WeeklyWindowInput[] | null },
): Promise<IFacilitator> {
  const { weeklyWindows, name, timezone } = input;
  const checked = checkFields({ name, timezone: timezone ?? undefined }, FACILITATOR_FIELDS);
  checkWeek(weeklyWindows ?? [], 'weeklyWindows');
  return inTransaction(em, companyId, async (tx) => {
    const company = (await tx.findOne(Company, { id: companyId }))!;
    const facilitator = tx.create(Facilitator, {
      id: newId('facilitator', clock.now().getTime()),
      company: companyId,
      name: checked.name as string,
      timezone: (checked.timezone as string | undefined) ?? company.timezone,
    });
    addWeek(tx, companyId, facilitator.id, weeklyWindows ?? []);
    await tx.flush();
    return facilitator;
  });
}

/** Replaces all weekly windows of a facilitator. */
export async function setWeeklyWindows(em: EntityManager, companyId: string, facilitatorId: string, windows: WeeklyWindowInput[]): Promise<IFacilitator> {
  checkWeek(windows, 'windows');
  return inTransaction(em, companyId, async (tx) => {
    const facilitator = await facilitatorOf(tx, facilitatorId);
    await tx.nativeDelete(FacilitatorWindow, { facilitator: key(companyId, facilitator.id) });
    addWeek(tx, companyId, facilitator.id, windows);
    await tx.flush();
    return facilitator;
  });
}

/** Sets the windows of one date (an empty list: unavailable all day), or with `windows: null` removes the override. */
export async function setDateOverride(
  em: EntityManager,
  companyId: string,
  facilitatorId: string,
  date: string,
  windows: WindowInput[] | null,
): Promise<IFacilitator> {
  if (!isLocalDate(date)) throw new Invalid('date', 'format', DATE_RULE);
  if (windows) checkWindows(windows, 'windows');
  return inTransaction(em, companyId, async (tx) => {
    const facilitator = await facilitatorOf(tx, facilitatorId);
    await tx.nativeDelete(FacilitatorDateOverride, { facilitator: key(companyId, facilitator.id), date });
    if (windows) tx.create(FacilitatorDateOverride, { company: companyId, facilitator: key(companyId, facilitator.id), date, windows });
    await tx.flush();
    return facilitator;
  });
}
