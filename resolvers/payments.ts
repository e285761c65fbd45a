/** One view of a payment, whatever record it was made on (booking, appointment, video purchase): src/db/loaders.ts `payment`. */
import type { Resolvers } from './generated.ts';

export const paymentResolvers: Resolvers = {
  Payment: {
    __resolveType: (payment) => (payment.method === 'PASS' ? 'PassPayment' : 'CardPayment'),
  },
  PassPayment: {
    passPurchase: (payment, _args, ctx) => (payment.passPurchaseId ? ctx.loaders.passPurchase.load(payment.passPurchaseId) : null),
  },
};
