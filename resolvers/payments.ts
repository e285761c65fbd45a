/** One view of a payment, whatever record it was made on (booking, appointment, video purchase). */
import { refId } from '../src/db/loaders.ts';
import type { Resolvers } from './generated.ts';

export interface PaymentView {
  method: 'CARD' | 'PASS';
  currency: string;
  base100GrossPrice: number;
  base100NetPrice: number;
  creditsUsed: number;
  status: 'PAID' | 'PENDING' | 'FAILED';
  passPurchaseId: string | null;
}

interface PaymentColumns {
  paymentMethod: string;
  currency: string;
  creditsUsed?: number | null;
  passPurchase?: unknown;
}

export function paymentView(
  row: PaymentColumns,
  gross: number | null | undefined,
  net: number | null | undefined,
  status: PaymentView['status'] = 'PAID',
): PaymentView {
  return {
    method: row.paymentMethod as PaymentView['method'],
    currency: row.currency,
    base100GrossPrice: gross ?? 0,
    base100NetPrice: net ?? gross ?? 0,
    creditsUsed: row.creditsUsed ?? 0,
    status,
    passPurchaseId: row.passPurchase ? refId(row.passPurchase) : null,
  };
}

export const paymentResolvers: Resolvers = {
  Payment: {
    __resolveType: (payment) => (payment.method === 'PASS' ? 'PassPayment' : 'CardPayment'),
  },
  PassPayment: {
    passPurchase: (payment, _args, ctx) => (payment.passPurchaseId ? ctx.loaders.passPurchase.load(payment.passPurchaseId) : null),
  },
};
