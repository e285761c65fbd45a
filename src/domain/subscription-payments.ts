/**
 * Where a card processor would plug in. This service has none: it records what each period of a mandate
 * costs (a PENDING charge), and the studio, or an integration of its own, reports the outcome with
 * setSubscriptionChargeStatus. A provider is handed each new charge once the transaction that recorded it
 * has committed; it answers the outcome it knows at once, or PENDING and reports later through the same
 * mutation (as a processor's webhook would). The default provider knows nothing, so charges stay PENDING.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { ISubscriptionCharge } from '../db/entities/index.ts';
import type { Clock } from './clock.ts';
import { setSubscriptionChargeStatus } from './subscriptions.ts';

/** What a provider needs to collect one charge. */
export interface ChargeToCollect {
  id: string;
  companyId: string;
  mandateId: string;
  periodStart: string;
  periodEnd: string;
  base100Amount: number;
  currency: string;
}

export type CollectionOutcome = 'PAID' | 'FAILED' | 'PENDING';

export interface PaymentProvider {
  collect(charge: ChargeToCollect): Promise<CollectionOutcome>;
}

/** No processor: every charge waits for someone to mark it. */
export const noPaymentProvider: PaymentProvider = { collect: () => Promise.resolve('PENDING') };

export const chargeToCollect = (charge: ISubscriptionCharge): ChargeToCollect => ({
  id: charge.id,
  companyId: charge.company.id,
  mandateId: charge.mandate.id,
  periodStart: charge.periodStart,
  periodEnd: charge.periodEnd,
  base100Amount: charge.base100Amount,
  currency: charge.currency,
});

/**
 * Hands committed charges to the provider and records each outcome it gives at once, as the mutation would
 * (a FAILED one past its grace suspends the mandate). A provider that throws leaves its charge PENDING.
 */
export async function collectCharges(
  em: EntityManager,
  clock: Clock,
  logger: Logger,
  provider: PaymentProvider,
  charges: readonly ChargeToCollect[],
): Promise<void> {
  for (const charge of charges) {
    try {
      const outcome = await provider.collect(charge);
      if (outcome !== 'PENDING') await setSubscriptionChargeStatus(em, clock, charge.companyId, charge.id, outcome);
    } catch (error) {
      logger.error({ err: error, chargeId: charge.id }, 'subscription charge could not be collected');
    }
  }
}
