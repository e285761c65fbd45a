/**
 * Subscriptions: plans made, mandates started, paused, resumed and cancelled, and their charges marked
 * (src/domain/subscriptions.ts); a mandate's customer, plan and charges. New charges go to the payment
 * provider once the command's transaction has committed (src/domain/subscription-payments.ts).
 */
import {
  cancelSubscription, createSubscriptionPlan, pauseSubscription, resumeSubscription, setSubscriptionChargeStatus, startSubscription,
  type MandateChange,
} from '../../src/domain/subscriptions.ts';
import { chargeToCollect, collectCharges, noPaymentProvider } from '../../src/domain/subscription-payments.ts';
import type { GraphqlContext } from '../context.ts';
import type { Resolvers } from '../generated.ts';
import { written } from '../rows.ts';
import { childPage } from '../paging.ts';
import { referenced } from '../selection.ts';

/** The mandate a command changed, as the read path serves it, once its new charges went to the provider. */
async function changed(ctx: GraphqlContext, change: Promise<MandateChange>) {
  const { mandate, charges } = await change;
  const { services } = ctx;
  await collectCharges(ctx.em, services.clock, services.logger, services.payments ?? noPaymentProvider, charges.map(chargeToCollect));
  return written(ctx.loaders.mandate, mandate.id, 'Subscription mandate');
}

export const subscriptionResolvers: Resolvers = {
  Query: {
    mandate: (_root, { id }, ctx) => ctx.loaders.mandate.load(id),
  },
  Mutation: {
    createSubscriptionPlan: async (_root, { input }, ctx) =>
      written(ctx.loaders.plan, (await createSubscriptionPlan(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)).id, 'Subscription plan'),
    startSubscription: (_root, { input }, ctx) => changed(ctx, startSubscription(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)),
    pauseSubscription: (_root, { id }, ctx) => changed(ctx, pauseSubscription(ctx.em, ctx.services.clock, ctx.caller!.companyId, id)),
    resumeSubscription: (_root, { id }, ctx) => changed(ctx, resumeSubscription(ctx.em, ctx.services.clock, ctx.caller!.companyId, id)),
    cancelSubscription: (_root, { id }, ctx) => changed(ctx, cancelSubscription(ctx.em, ctx.services.clock, ctx.caller!.companyId, id)),
    setSubscriptionChargeStatus: async (_root, { id, status, method }, ctx) =>
      written(ctx.loaders.charge, (await setSubscriptionChargeStatus(ctx.em, ctx.services.clock, ctx.caller!.companyId, id, status, method ?? null)).id, 'Subscription charge'),
  },
  Mandate: {
    plan: (m, _args, ctx, info) => referenced(ctx.loaders.plan, m.planId, info),
    customer: (m, _args, ctx, info) => referenced(ctx.loaders.customer, m.customerId, info),
    charges: (m, args, ctx, info) => childPage(m.id, args, info, ctx, ctx.loaders.chargesOfMandate),
  },
  SubscriptionCharge: {
    mandate: (c, _args, ctx, info) => referenced(ctx.loaders.mandate, c.mandateId, info),
  },
};
