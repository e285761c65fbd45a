/**
 * The request bodies of the M2M interface under its own (snake_case) field names, made of the domain's
 * rules (src/domain/input-rules.ts): the routes parse requests with them and the OpenAPI document
 * describes them with z.toJSONSchema. Amounts are base-100 minor units, as everywhere in document 1.
 */
import { z } from 'zod';
import {
  CUSTOMER_FIELDS as customer, PASS_FIELDS as pass, PLAN_FIELDS as plan, VIDEO_FIELDS as video, VOUCHER_FIELDS as voucher,
} from '../../src/domain/input-rules.ts';

const CHANGES = 'The fields to change (at least one); the others stay as they are. Unknown fields are refused.';
/** At least one field: an empty change is refused by the domain, this tells the document. */
const changes = <T extends z.ZodRawShape>(shape: T, description = CHANGES) => z.strictObject(shape).partial().meta({ description, minProperties: 1 });

/** Keyed by the name of each body's component schema in the OpenAPI document. */
export const M2M_BODIES = {
  ProfileUpdate: z
    .strictObject({ firstname: customer.firstName, lastname: customer.lastName, email: customer.email, mobile: customer.mobile.describe('Unchanged when omitted.').optional() })
    .meta({ description: 'The new name, email and (optionally) mobile. Password and avatar cannot be changed here; unknown fields are refused.' }),
  SubscriptionPlanUpdate: changes({
    name: plan.name,
    description: plan.description,
    base100_price: plan.base100Price,
    interval: plan.interval,
    active: plan.active,
  }),
  PassUpdate: changes(
    { name: pass.name, description: pass.description, credits: pass.credits, validity_days: pass.validityDays, base100_price: pass.base100Price, active: pass.active },
    'The fields to change (at least one); the others stay as they are (purchases already made keep their credits and dates). Unknown fields are refused.',
  ),
  VideoUpdate: changes({
    name: video.name,
    description: video.description,
    base100_price: video.base100Price,
    credits: video.credits,
    access_days: video.accessDays.nullable().describe('Days of access after purchase, 1 to 36500; null means no expiry.'),
    active: video.active,
  }),
  VoucherUpdate: changes({
    code: voucher.code,
    description: voucher.description,
    percent_off: voucher.percentOff.nullable(),
    base100_amount_off: voucher.base100AmountOff.nullable().describe('Fixed amount off in minor units; null for a percentage.'),
    valid_from: voucher.validFrom.nullable(),
    valid_until: voucher.validUntil.nullable(),
    max_redemptions: voucher.maxRedemptions.nullable().describe('How many times it can be redeemed; null means unlimited.'),
    active: voucher.active,
  }),
};
