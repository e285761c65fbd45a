/** Pass templates and purchases, the video library and purchases, subscription plans and mandates, vouchers. */
import type { EntityName } from '@mikro-orm/core';
import { Media, PassPurchase, PassTemplate, SubscriptionPlan, Voucher } from '../../src/db/entities/index.ts';
import { updatePass, updateSubscriptionPlan, updateVideo, updateVoucher } from '../../src/domain/catalogue.ts';
import { pageRequest } from '../../src/domain/paging.ts';
import { createPass, purchasePass, updatePassPurchase } from '../../src/domain/passes.ts';
import { localDate } from '../../src/domain/time.ts';
import { callerCompany } from '../company.ts';
import type { GraphqlContext } from '../context.ts';
import type { PassStatus, Resolvers } from '../generated.ts';
import { paymentView } from '../payments.ts';

async function catalogPage<T extends object>(
  ctx: GraphqlContext,
  entity: EntityName<T>,
  args: { page?: number | null; pageSize?: number | null },
  orderBy: Record<string, 'asc' | 'desc'>,
) {
  const { page, pageSize } = pageRequest(args.page, args.pageSize);
  const [nodes, total] = await ctx.em.findAndCount(entity, {} as never, { orderBy, limit: pageSize, offset: page * pageSize } as never);
  return { nodes: nodes as T[], total, page, pageSize };
}

/** A pass purchase's status, derived from its data on the company's current date. */
export function passStatus(
  p: { isCancelled: boolean; creditsAllocated: number; creditsConsumed: number; starts: string; expires: string },
  today: string,
): PassStatus {
  if (p.isCancelled) return 'CANCELLED';
  if (p.expires < today) return 'EXPIRED';
  if (p.creditsConsumed >= p.creditsAllocated) return 'USED';
  if (p.starts > today) return 'PENDING';
  return 'ACTIVE';
}

export const catalogueResolvers: Resolvers = {
  Query: {
    passes: (_root, args, ctx) => catalogPage(ctx, PassTemplate, args, { name: 'asc', id: 'asc' }),
    pass: (_root, { id }, ctx) => ctx.loaders.pass.load(id),
    videos: (_root, args, ctx) => catalogPage(ctx, Media, args, { name: 'asc', id: 'asc' }),
    video: (_root, { id }, ctx) => ctx.loaders.media.load(id),
    subscriptionPlans: (_root, args, ctx) => catalogPage(ctx, SubscriptionPlan, args, { name: 'asc', id: 'asc' }),
    subscriptionPlan: (_root, { id }, ctx) => ctx.loaders.plan.load(id),
    vouchers: (_root, args, ctx) => catalogPage(ctx, Voucher, args, { code: 'asc', id: 'asc' }),
    voucher: (_root, { id }, ctx) => ctx.loaders.voucher.load(id),
    passPurchases: async (_root, args, ctx) => {
      const { page, pageSize } = pageRequest(args.page, args.pageSize);
      const where = { ...(args.customerId && { customer: args.customerId }), ...(args.passId && { template: args.passId }) };
      const [nodes, total] = await ctx.em.findAndCount(PassPurchase, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: pageSize, offset: page * pageSize });
      return { nodes, total, page, pageSize };
    },
    passPurchase: (_root, { id }, ctx) => ctx.loaders.passPurchase.load(id),
  },
  Mutation: {
    updateSubscriptionPlan: (_root, { id, input }, ctx) => updateSubscriptionPlan(ctx.em, id, input),
    updatePass: (_root, { id, input }, ctx) => updatePass(ctx.em, id, input),
    updateVideo: (_root, { id, input }, ctx) => updateVideo(ctx.em, id, input),
    updateVoucher: (_root, { id, input }, ctx) => updateVoucher(ctx.em, id, input),
    purchasePass: (_root, { input }, ctx) => purchasePass(ctx.em, ctx.services.clock, ctx.caller!.companyId, input),
    createPass: (_root, { input }, ctx) => createPass(ctx.em, ctx.services.clock, ctx.caller!.companyId, input),
    assignPass: (_root, { input }, ctx) => purchasePass(ctx.em, ctx.services.clock, ctx.caller!.companyId, input, { assigned: true }),
    updatePassPurchase: (_root, { id, input }, ctx) => updatePassPurchase(ctx.em, ctx.caller!.companyId, id, input),
  },
  Pass: {
    currency: async (_p, _args, ctx) => (await callerCompany(ctx)).currency,
    purchases: (p, args, ctx) => ctx.loaders.purchasesOfPass.load({ parentId: p.id, ...pageRequest(args.page, args.pageSize) }),
  },
  PassPurchase: {
    pass: async (p, _args, ctx) => (await ctx.loaders.pass.load(p.template.id))!,
    customer: async (p, _args, ctx) => (await ctx.loaders.customer.load(p.customer.id))!,
    creditsRemaining: (p) => p.creditsAllocated - p.creditsConsumed,
    status: async (p, _args, ctx) => passStatus(p, localDate(ctx.services.clock.now(), (await callerCompany(ctx)).timezone)),
    paymentDetails: (p) => ({
      currency: p.currency,
      base100GrossPrice: p.base100GrossPrice,
      base100Discount: p.base100Discount,
      base100NetPrice: p.base100NetPrice,
    }),
  },
  VideoPurchase: {
    media: async (v, _args, ctx) => (await ctx.loaders.media.load(v.media.id))!,
    isExpired: async (v, _args, ctx) =>
      v.expiresOn != null && v.expiresOn < localDate(ctx.services.clock.now(), (await callerCompany(ctx)).timezone),
    payment: (v) => paymentView(v, v.base100Price, v.base100Price),
  },
  Mandate: {
    plan: async (m, _args, ctx) => (await ctx.loaders.plan.load(m.plan.id))!,
  },
};
