/**
 * Apollo Federation 2: every entity (`@key(fields: "id")`) resolves by reference through the request's
 * loaders, so a router asking for a hundred customers costs one batched statement.
 */
import type { Loaders } from '../src/db/loaders.ts';
import type { GraphqlContext } from './context.ts';

const entities: Record<string, keyof Loaders> = {
  Customer: 'customer',
  Note: 'note',
  QuestionnaireAnswer: 'answer',
  Transaction: 'transaction',
  Booking: 'booking',
  Event: 'event',
  EventDate: 'eventDate',
  PricingOption: 'pricingOption',
  Appointment: 'appointment',
  Facilitator: 'facilitator',
  Service: 'service',
  Pass: 'pass',
  PassPurchase: 'passPurchase',
  Media: 'media',
  VideoPurchase: 'videoPurchase',
  SubscriptionPlan: 'plan',
  Mandate: 'mandate',
  SubscriptionCharge: 'charge',
  Voucher: 'voucher',
};

export const referenceResolvers = Object.fromEntries(
  Object.entries(entities).map(([type, loader]) => [
    type,
    {
      __resolveReference: async (reference: { id: string }, ctx: GraphqlContext) => {
        const record = (await (ctx.loaders[loader] as { load(id: string): Promise<unknown> }).load(reference.id)) as { deleted?: boolean } | null;
        return record && !record.deleted ? record : null;
      },
    },
  ]),
);
