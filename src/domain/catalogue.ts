/**
 * Catalogue records (subscription plans, pass templates, videos, vouchers) as the M2M PUTs and the GraphQL
 * mutations make and change them: each given field checked by its rule; a change touches only the given fields.
 */
import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Media, PassTemplate, SubscriptionPlan, Voucher, type IMedia, type IVoucher } from '../db/entities/index.ts';
import type { Clock } from './clock.ts';
import { Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checkFields, PASS_FIELDS, PLAN_FIELDS, VIDEO_FIELDS, VOUCHER_FIELDS, type Fields } from './input-rules.ts';
import { conflictOn, inTransaction, UNIQUE_VIOLATION } from './transactions.ts';

async function update<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  what: string,
  id: string,
  input: Record<string, unknown>,
  rules: Fields,
  nullable: readonly string[] = [],
  check?: (item: T) => void,
): Promise<T> {
  const changes = checkFields(input, rules, nullable);
  if (!Object.keys(changes).length) throw new Invalid('input', 'required', 'give at least one field to change');
  const item = (await em.findOne(entity, { id } as never)) as T | null;
  if (!item) throw new NotFound(what);
  em.assign(item, changes as never);
  check?.(item);
  await em.flush();
  return item;
}

export const updateSubscriptionPlan = (em: EntityManager, id: string, input: Record<string, unknown>) =>
  update(em, SubscriptionPlan, 'Subscription plan', id, input, PLAN_FIELDS);

export const updatePass = (em: EntityManager, id: string, input: Record<string, unknown>) =>
  update(em, PassTemplate, 'Pass', id, input, PASS_FIELDS);

export const updateVideo = (em: EntityManager, id: string, input: Record<string, unknown>) =>
  update(em, Media, 'Video', id, input, VIDEO_FIELDS, ['accessDays']);

const VOUCHER_NULLABLE = ['percentOff', 'base100AmountOff', 'validFrom', 'validUntil', 'maxRedemptions'];
const CODE_TAKEN = 'Another voucher has this code';

/** The rules across a voucher's fields; `given` says which fields the caller gave, to name the one at fault. */
function checkVoucher(voucher: Pick<IVoucher, 'percentOff' | 'base100AmountOff' | 'validFrom' | 'validUntil' | 'maxRedemptions' | 'redemptions'>, given: Record<string, unknown>): void {
  if ((voucher.percentOff == null) === (voucher.base100AmountOff == null)) {
    throw new Invalid(given.percentOff !== undefined ? 'percentOff' : 'base100AmountOff', 'required', 'a voucher takes exactly one of percentOff and base100AmountOff');
  }
  if (voucher.validFrom && voucher.validUntil && voucher.validUntil < voucher.validFrom) {
    throw new Invalid('validUntil', 'min', 'must not be before validFrom');
  }
  if (voucher.maxRedemptions != null && voucher.maxRedemptions < voucher.redemptions) {
    throw new Invalid('maxRedemptions', 'min', `must be at least the ${voucher.redemptions} redemptions already made`);
  }
}

export async function updateVoucher(em: EntityManager, id: string, input: Record<string, unknown>): Promise<IVoucher> {
  return conflictOn([UNIQUE_VIOLATION], CODE_TAKEN, () =>
    update(em, Voucher, 'Voucher', id, input, VOUCHER_FIELDS, VOUCHER_NULLABLE, (voucher) => checkVoucher(voucher, input)),
  );
}

export interface NewVoucher {
  code: string;
  description?: string | null;
  percentOff?: number | null;
  base100AmountOff?: number | null;
  validFrom?: string | null;
  validUntil?: string | null;
  maxRedemptions?: number | null;
  active?: boolean | null;
}

/** Adds a voucher: a percentage or an amount off, optional dates and limit; its code is unique in the company. */
export async function createVoucher(em: EntityManager, clock: Clock, companyId: string, input: NewVoucher): Promise<IVoucher> {
  const given = { ...input, description: input.description ?? undefined, active: input.active ?? undefined };
  const fields = checkFields(given, VOUCHER_FIELDS, VOUCHER_NULLABLE);
  const voucher = {
    code: fields.code as string,
    description: (fields.description as string | undefined) ?? '',
    percentOff: (fields.percentOff as number | null | undefined) ?? null,
    base100AmountOff: (fields.base100AmountOff as number | null | undefined) ?? null,
    validFrom: (fields.validFrom as string | null | undefined) ?? null,
    validUntil: (fields.validUntil as string | null | undefined) ?? null,
    maxRedemptions: (fields.maxRedemptions as number | null | undefined) ?? null,
    redemptions: 0,
    active: (fields.active as boolean | undefined) ?? true,
  };
  checkVoucher(voucher, given);
  return inTransaction(em, companyId, async (tx) => {
    const created = tx.create(Voucher, { id: newId('voucher', clock.now().getTime()), company: companyId, ...voucher });
    await conflictOn([UNIQUE_VIOLATION], CODE_TAKEN, () => tx.flush());
    return created;
  });
}

export interface NewVideo {
  name: string;
  description?: string | null;
  base100Price: number;
  credits: number;
  accessDays?: number | null;
  active?: boolean | null;
}

/** Adds a video to the library; without `accessDays`, its purchases never expire. */
export async function createVideo(em: EntityManager, clock: Clock, companyId: string, input: NewVideo): Promise<IMedia> {
  const fields = checkFields(
    { ...input, description: input.description ?? undefined, active: input.active ?? undefined },
    VIDEO_FIELDS,
    ['accessDays'],
  );
  return inTransaction(em, companyId, async (tx) => {
    const video = tx.create(Media, {
      id: newId('media', clock.now().getTime()),
      company: companyId,
      name: fields.name as string,
      description: (fields.description as string | undefined) ?? '',
      base100Price: fields.base100Price as number,
      credits: fields.credits as number,
      accessDays: (fields.accessDays as number | null | undefined) ?? null,
      active: (fields.active as boolean | undefined) ?? true,
    });
    await tx.flush();
    return video;
  });
}
