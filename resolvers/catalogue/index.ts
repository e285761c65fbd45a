/** Pass templates and purchases, the video library and purchases, subscription plans (their mandates: resolvers/subscriptions), vouchers. */
import { mediaPage, passesPage, passPurchasesPage, plansPage, vouchersPage } from '../../src/db/lists.ts';
import { createVideo, createVoucher, updatePass, updateSubscriptionPlan, updateVideo, updateVoucher } from '../../src/domain/catalogue.ts';
import { passStatus } from '../../src/domain/pass-status.ts';
import { createPass, purchasePass, updatePassPurchase } from '../../src/domain/passes.ts';
import { localDate } from '../../src/domain/time.ts';
import { cancelVideoPurchase, purchaseVideo } from '../../src/domain/videos.ts';
import type { GraphqlContext } from '../context.ts';
import type { Resolvers } from '../generated.ts';
import { written } from '../rows.ts';
import { childPage, listPage } from '../paging.ts';
import { referenced } from '../selection.ts';

/** The company's date today, on which pass and video validity are judged. */
const today = async (ctx: GraphqlContext) => localDate(ctx.services.clock.now(), (await ctx.company()).timezone);

const purchase = (ctx: GraphqlContext, id: string) => written(ctx.loaders.passPurchase, id, 'Pass purchase');

export const catalogueResolvers: Resolvers = {
  Query: {
    passes: (_root, args, ctx, info) => listPage(args, info, ctx, (request) => passesPage(ctx.reads, request)),
    pass: (_root, { id }, ctx) => ctx.loaders.pass.load(id),
    videos: (_root, args, ctx, info) => listPage(args, info, ctx, (request) => mediaPage(ctx.reads, request)),
    video: (_root, { id }, ctx) => ctx.loaders.media.load(id),
    subscriptionPlans: (_root, args, ctx, info) => listPage(args, info, ctx, (request) => plansPage(ctx.reads, request)),
    subscriptionPlan: (_root, { id }, ctx) => ctx.loaders.plan.load(id),
    vouchers: (_root, args, ctx, info) => listPage(args, info, ctx, (request) => vouchersPage(ctx.reads, request)),
    voucher: (_root, { id }, ctx) => ctx.loaders.voucher.load(id),
    passPurchases: (_root, args, ctx, info) =>
      listPage(args, info, ctx, (request) => passPurchasesPage(ctx.reads, request, { customerId: args.customerId, passId: args.passId })),
    passPurchase: (_root, { id }, ctx) => ctx.loaders.passPurchase.load(id),
  },
  Mutation: {
    updateSubscriptionPlan: async (_root, { id, input }, ctx) => written(ctx.loaders.plan, (await updateSubscriptionPlan(ctx.em, id, input)).id),
    updatePass: async (_root, { id, input }, ctx) => written(ctx.loaders.pass, (await updatePass(ctx.em, id, input)).id),
    updateVideo: async (_root, { id, input }, ctx) => written(ctx.loaders.media, (await updateVideo(ctx.em, id, input)).id),
    updateVoucher: async (_root, { id, input }, ctx) => written(ctx.loaders.voucher, (await updateVoucher(ctx.em, id, input)).id),
    purchasePass: async (_root, { input }, ctx) => purchase(ctx, (await purchasePass(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)).id),
    createPass: async (_root, { input }, ctx) => written(ctx.loaders.pass, (await createPass(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)).id),
    assignPass: async (_root, { input }, ctx) =>
      purchase(ctx, (await purchasePass(ctx.em, ctx.services.clock, ctx.caller!.companyId, input, { assigned: true })).id),
    updatePassPurchase: async (_root, { id, input }, ctx) => purchase(ctx, (await updatePassPurchase(ctx.em, ctx.caller!.companyId, id, input)).id),
    createVideo: async (_root, { input }, ctx) => written(ctx.loaders.media, (await createVideo(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)).id),
    createVoucher: async (_root, { input }, ctx) => written(ctx.loaders.voucher, (await createVoucher(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)).id),
    purchaseVideo: async (_root, { input }, ctx) =>
      written(ctx.loaders.videoPurchase, (await purchaseVideo(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)).id, 'Video purchase'),
    cancelVideoPurchase: async (_root, { id, refund }, ctx) =>
      written(ctx.loaders.videoPurchase, (await cancelVideoPurchase(ctx.em, ctx.caller!.companyId, id, refund ?? false)).id, 'Video purchase'),
  },
  Pass: {
    currency: async (_p, _args, ctx) => (await ctx.company()).currency,
    purchases: (p, args, ctx, info) => childPage(p.id, args, info, ctx, ctx.loaders.purchasesOfPass),
  },
  PassPurchase: {
    pass: (p, _args, ctx, info) => referenced(ctx.loaders.pass, p.passId, info),
    customer: (p, _args, ctx, info) => referenced(ctx.loaders.customer, p.customerId, info),
    status: async (p, _args, ctx) => passStatus(p, await today(ctx)),
  },
  VideoPurchase: {
    media: (v, _args, ctx, info) => referenced(ctx.loaders.media, v.mediaId, info),
    customer: (v, _args, ctx, info) => referenced(ctx.loaders.customer, v.customerId, info),
    isExpired: async (v, _args, ctx) => v.expiresOn != null && v.expiresOn < (await today(ctx)),
  },
};
