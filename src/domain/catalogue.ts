/**
 * Changes to catalogue records (subscription plans, pass templates, videos, vouchers), as the M2M PUTs
 * and the GraphQL mutations make them: only the given fields change, each checked by its rule.
 */
import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Media, PassTemplate, SubscriptionPlan, Voucher, type IVoucher } from '../db/entities/index.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { checkFields, PASS_FIELDS, PLAN_FIELDS, VIDEO_FIELDS, VOUCHER_FIELDS, type Fields } from './input-rules.ts';

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

export async function updateVoucher(em: EntityManager, id: string, input: Record<string, unknown>): Promise<IVoucher> {
  try {
    return await update(
      em,
      Voucher,
      'Voucher',
      id,
      input,
      VOUCHER_FIELDS,
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
