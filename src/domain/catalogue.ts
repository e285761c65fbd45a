/**
 * Changes to catalogue records (subscription plans, pass templates, videos, vouchers), as the M2M PUTs
 * and the GraphQL mutations make them: only the given fields change, each checked by its rule.
 */
import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Media, PassTemplate, PLAN_INTERVALS, SubscriptionPlan, Voucher, type IVoucher } from '../db/entities/index.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { boolean, checkFields, oneOf, text, wholeNumber, type FieldRule } from './input-rules.ts';
import { isLocalDate } from './time.ts';

const date: FieldRule = (value, field) => {
  if (typeof value !== 'string' || !isLocalDate(value)) throw new Invalid(field, 'format', 'must be a date YYYY-MM-DD');
};

const common = { name: text(1, 200), description: text(0, 5000), base100Price: wholeNumber(0), active: boolean };

async function update<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  what: string,
  id: string,
  input: Record<string, unknown>,
  rules: Record<string, FieldRule>,
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
  update(em, SubscriptionPlan, 'Subscription plan', id, input, { ...common, interval: oneOf(PLAN_INTERVALS) });

export const updatePass = (em: EntityManager, id: string, input: Record<string, unknown>) =>
  update(em, PassTemplate, 'Pass', id, input, { ...common, credits: wholeNumber(1), validityDays: wholeNumber(1, 3650) });

export const updateVideo = (em: EntityManager, id: string, input: Record<string, unknown>) =>
  update(em, Media, 'Video', id, input, { ...common, credits: wholeNumber(0), accessDays: wholeNumber(1, 36500) }, ['accessDays']);

export async function updateVoucher(em: EntityManager, id: string, input: Record<string, unknown>): Promise<IVoucher> {
  try {
    return await update(
      em,
      Voucher,
      'Voucher',
      id,
      input,
      {
        code: text(1, 64),
        description: text(0, 5000),
        percentOff: wholeNumber(1, 100),
        base100AmountOff: wholeNumber(0),
        validFrom: date,
        validUntil: date,
        maxRedemptions: wholeNumber(0),
        active: boolean,
      },
      ['percentOff', 'base100AmountOff', 'validFrom', 'validUntil', 'maxRedemptions'],
      (voucher) => {
        if ((voucher.percentOff == null) === (voucher.base100AmountOff == null)) {
          throw new Invalid(input.percentOff !== undefined ? 'percentOff' : 'base100AmountOff', 'required', 'a voucher takes exactly one of percentOff and base100AmountOff');
        }
        if (voucher.validFrom && voucher.validUntil && voucher.validUntil < voucher.validFrom) {
          throw new Invalid('validUntil', 'min', 'must not be before validFrom');
        }
        if (voucher.maxRedemptions != null && voucher.maxRedemptions < voucher.redemptions) {
          throw new Invalid('maxRedemptions', 'min', `must be at least the ${voucher.redemptions} redemptions already made`);
        }
      },
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new Conflict('Another voucher has this code');
    throw error;
  }
}
