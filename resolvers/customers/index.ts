/** Customers and what hangs off them: transactions, passes, videos, mandates, appointments, notes, answers. */
import { Customer } from '../../src/db/entities/index.ts';
import { pageRequest } from '../../src/domain/paging.ts';
import { addDays, localDate, localToInstant } from '../../src/domain/time.ts';
import { Invalid } from '../../src/domain/errors.ts';
import { createCustomer, deleteCustomer, updateCustomer, updateProfile } from '../../src/domain/customers.ts';
import { callerCompany } from '../company.ts';
import type { GraphqlContext } from '../context.ts';
import type { Resolvers } from '../generated.ts';

const childPage = (parentId: string, args: { page?: number | null; pageSize?: number | null }) => ({
  parentId,
  ...pageRequest(args.page, args.pageSize),
});

/** `startDate` defaults to 3 months before today in the company's timezone; both bounds are inclusive days. */
async function transactionFilter(ctx: GraphqlContext, args: { futureOnly?: boolean | null; startDate?: string | null; endDate?: string | null }) {
  const company = await callerCompany(ctx);
  const now = ctx.services.clock.now();
  const today = localDate(now, company.timezone);
  const startDate = args.startDate ?? threeMonthsBefore(today);
  if (args.endDate && args.endDate < startDate) throw new Invalid('endDate', 'min', 'must not be before startDate');
  return {
    from: localToInstant(`${startDate}T00:00:00`, company.timezone).toISOString(),
    until: args.endDate ? localToInstant(`${addDays(args.endDate, 1)}T00:00:00`, company.timezone).toISOString() : null,
    futureOnlyAfter: args.futureOnly ? now.toISOString() : null,
  };
}

/** The same day three calendar months earlier, clamped to the month's end (2026-05-31 -> 2026-02-28). */
export function threeMonthsBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - 3, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export const customerResolvers: Resolvers = {
  Query: {
    customer: async (_root, { id }, ctx) => {
      const customer = await ctx.loaders.customer.load(id);
      return customer && !customer.deletedAt ? customer : null;
    },
    customers: async (_root, args, ctx) => {
      const { page, pageSize } = pageRequest(args.page, args.pageSize);
      const search = args.search?.trim();
      const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = {
        deletedAt: null,
        ...(pattern && { $or: [{ firstname: { $ilike: pattern } }, { lastname: { $ilike: pattern } }, { email: { $ilike: pattern } }] }),
      };
      const [nodes, total] = await ctx.em.findAndCount(Customer, where, {
        orderBy: { lastname: 'asc', firstname: 'asc', id: 'asc' },
        limit: pageSize,
        offset: page * pageSize,
      });
      for (const customer of nodes) ctx.loaders.customer.prime(customer.id, customer);
      return { nodes, total, page, pageSize };
    },
  },
  Mutation: {
    updateCustomerProfile: (_root, { id, input }, ctx) => updateProfile(ctx.em, id, input),
    createCustomer: (_root, { input }, ctx) => createCustomer(ctx.em, ctx.services.clock, ctx.caller!.companyId, input),
    updateCustomer: (_root, { id, input }, ctx) => updateCustomer(ctx.em, id, input),
    deleteCustomer: (_root, { id }, ctx) => deleteCustomer(ctx.em, ctx.services.clock, id),
  },
  Customer: {
    firstName: (c) => c.firstname,
    lastName: (c) => c.lastname,
    transactions: async (c, args, ctx) =>
      ctx.loaders.transactionsOfCustomer.load({ ...childPage(c.id, args), filter: await transactionFilter(ctx, args) }),
    transaction: async (c, { id }, ctx) => {
      const transaction = await ctx.loaders.transaction.load(id);
      return transaction && transaction.customer.id === c.id ? transaction : null;
    },
    passPurchases: (c, args, ctx) => ctx.loaders.passPurchasesOfCustomer.load(childPage(c.id, args)),
    videoPurchases: (c, args, ctx) => ctx.loaders.videoPurchasesOfCustomer.load(childPage(c.id, args)),
    mandates: (c, args, ctx) => ctx.loaders.mandatesOfCustomer.load(childPage(c.id, args)),
    appointments: (c, args, ctx) => ctx.loaders.appointmentsOfCustomer.load(childPage(c.id, args)),
    notes: (c, args, ctx) => ctx.loaders.notesOfCustomer.load(childPage(c.id, args)),
    questionnaireAnswers: (c, args, ctx) => ctx.loaders.answersOfCustomer.load(childPage(c.id, args)),
  },
};
