/** Customers and what hangs off them: transactions, passes, videos, mandates, appointments, notes, answers. */
import { customersPage, type CustomerSearch } from '../../src/db/lists.ts';
import { ROW_COLUMNS } from '../../src/db/loaders.ts';
import { createCustomer, deleteCustomer, updateCustomer, updateProfile } from '../../src/domain/customers.ts';
import { Invalid } from '../../src/domain/errors.ts';
import { addNote, deleteNote } from '../../src/domain/notes.ts';
import { phoneDigitsOf, phoneKeyPrefix } from '../../src/domain/phones.ts';
import { recordQuestionnaireAnswers } from '../../src/domain/questionnaire-answers.ts';
import { addDays, localDate, localToInstant, threeMonthsBefore } from '../../src/domain/time.ts';
import type { GraphQLResolveInfo } from 'graphql';
import { authorOf } from '../authors.ts';
import type { GraphqlContext } from '../context.ts';
import type { Resolvers } from '../generated.ts';
import { written } from '../rows.ts';
import { childPage, listPage } from '../paging.ts';
import { columnsFor, selectionAt } from '../selection.ts';

/** `startDate` defaults to 3 months before today in the company's timezone; both bounds are inclusive days. */
async function transactionFilterOf(ctx: GraphqlContext, args: { futureOnly?: boolean | null; startDate?: string | null; endDate?: string | null }) {
  const { timezone } = await ctx.company();
  const now = ctx.services.clock.now();
  const startDate = args.startDate ?? threeMonthsBefore(localDate(now, timezone));
  if (args.endDate && args.endDate < startDate) throw new Invalid('endDate', 'min', 'must not be before startDate');
  return {
    from: localToInstant(`${startDate}T00:00:00`, timezone).toISOString(),
    until: args.endDate ? localToInstant(`${addDays(args.endDate, 1)}T00:00:00`, timezone).toISOString() : null,
    futureOnlyAfter: args.futureOnly ? now.toISOString() : null,
  };
}

const filters = new WeakMap<GraphqlContext, WeakMap<GraphQLResolveInfo['fieldNodes'], ReturnType<typeof transactionFilterOf>>>();

/**
 * The filter of a `transactions` field, made once per request and field of the document: its arguments are
 * the same for every customer of a page, and one filter object makes one group of keys for the loader.
 */
function transactionFilter(ctx: GraphqlContext, args: Parameters<typeof transactionFilterOf>[1], info: GraphQLResolveInfo) {
  let byField = filters.get(ctx);
  if (!byField) filters.set(ctx, (byField = new WeakMap()));
  let filter = byField.get(info.fieldNodes);
  if (!filter) byField.set(info.fieldNodes, (filter = transactionFilterOf(ctx, args)));
  return filter;
}

/** A search as typed: text for names and emails, and, when it looks like a phone number, the digits a mobile ends with. */
async function customerSearch(ctx: GraphqlContext, search: string | null | undefined): Promise<CustomerSearch | undefined> {
  const text = search?.trim();
  if (!text) return undefined;
  const digits = phoneDigitsOf(text, (await ctx.company()).timezone);
  return { text, phoneKeyPrefix: digits && phoneKeyPrefix(digits) };
}

/** The rows a loader found (an id read a moment ago is there), failures thrown. */
function present<T>(rows: readonly (T | null | Error)[]): T[] {
  return rows.map((row) => {
    if (row instanceof Error) throw row;
    return row;
  }).filter((row): row is T => row !== null);
}

const customer = (ctx: GraphqlContext, id: string) => written(ctx.loaders.customer, id, 'Customer');

export const customerResolvers: Resolvers = {
  Query: {
    customer: async (_root, { id }, ctx) => {
      const row = await ctx.loaders.customer.load(id);
      return row && !row.deleted ? row : null;
    },
    customers: (_root, args, ctx, info) =>
      // Rows cut to the page's selection: they do not prime the loader of whole customers.
      listPage(args, info, ctx, async (request) => customersPage(ctx.reads, request, await customerSearch(ctx, args.search), columnsFor(info, ROW_COLUMNS.customer, 'nodes'))),
  },
  Mutation: {
    updateCustomerProfile: async (_root, { id, input }, ctx) => customer(ctx, (await updateProfile(ctx.em, id, input)).id),
    createCustomer: async (_root, { input }, ctx) => customer(ctx, (await createCustomer(ctx.em, ctx.services.clock, ctx.caller!.companyId, input)).id),
    updateCustomer: async (_root, { id, input }, ctx) => customer(ctx, (await updateCustomer(ctx.em, id, input)).id),
    deleteCustomer: async (_root, { id }, ctx) => customer(ctx, (await deleteCustomer(ctx.em, ctx.services.clock, id)).id),
    addNote: async (_root, { customerId, body }, ctx) => {
      const note = await addNote(ctx.em, ctx.services.clock, ctx.caller!.companyId, { customerId, body, author: await authorOf(ctx) });
      return written(ctx.loaders.note, note.id, 'Note');
    },
    deleteNote: (_root, { id }, ctx) => deleteNote(ctx.em, ctx.caller!.companyId, id),
    recordQuestionnaireAnswers: async (_root, args, ctx) => {
      const answers = await recordQuestionnaireAnswers(ctx.em, ctx.services.clock, ctx.caller!.companyId, args);
      return Promise.all(answers.map((answer) => written(ctx.loaders.answer, answer.id, 'Questionnaire answer')));
    },
  },
  Note: {
    appointment: (n, _args, ctx) => (n.appointmentId ? ctx.loaders.appointment.load(n.appointmentId) : null),
  },
  Customer: {
    transactions: async (c, args, ctx, info) => {
      const page = await childPage(c.id, args, info, ctx, ctx.loaders.transactionsOfCustomer(columnsFor(info, ROW_COLUMNS.transaction, 'nodes')), await transactionFilter(ctx, args, info));
      // The operation reads the bookings as each transaction's property (schema `@readWithParent`): read them
      // here, with the other customers' pages, in one statement.
      if (ctx.listsWithParents && selectionAt(info, 'nodes.bookings')) {
        await ctx.loaders.bookingsOntoTransactions(columnsFor(info, ROW_COLUMNS.booking, 'nodes.bookings')).load(page.nodes);
      }
      return page;
    },
    transaction: async (c, { id }, ctx) => {
      const transaction = await ctx.loaders.transaction.load(id);
      return transaction && transaction.customerId === c.id ? transaction : null;
    },
    passPurchases: (c, args, ctx, info) => childPage(c.id, args, info, ctx, ctx.loaders.passPurchasesOfCustomer),
    videoPurchases: (c, args, ctx, info) => childPage(c.id, args, info, ctx, ctx.loaders.videoPurchasesOfCustomer),
    mandates: (c, args, ctx, info) => childPage(c.id, args, info, ctx, ctx.loaders.mandatesOfCustomer),
    appointments: (c, args, ctx, info) => childPage(c.id, args, info, ctx, ctx.loaders.appointmentsOfCustomer),
    notes: (c, args, ctx, info) => childPage(c.id, args, info, ctx, ctx.loaders.notesOfCustomer),
    questionnaireAnswers: (c, args, ctx, info) => childPage(c.id, args, info, ctx, ctx.loaders.answersOfCustomer),
    amountOwed: (c, _args, ctx) => ctx.loaders.amountOwedOfCustomer.load(c.id),
  },
  AmountOwed: {
    appointments: async (owed, _args, ctx) => present(await ctx.loaders.appointment.loadMany(owed.appointmentIds)),
    charges: async (owed, _args, ctx) => present(await ctx.loaders.charge.loadMany(owed.chargeIds)),
  },
};
