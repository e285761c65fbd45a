/**
 * Renewals: the job queue's task `subscriptions:renew` (src/jobs.ts) runs a round every SUBSCRIPTION_POLL_MS
 * on one instance of the cluster at a time: it reads the mandates with a step due on their company's today by
 * the injected clock (src/db/due-mandates.ts) and brings each up to date in a transaction of its own
 * (src/domain/renewals.ts). Nothing lives in memory: what is due is read from the mandates each round, so a
 * process that dies loses nothing (its round's job is run again by another instance within seconds), and
 * rounds that meet anyway (a round started by hand, an instance's first) never charge a period twice.
 *
 * Each renewal raises the cache versions of what it changed in its own transaction (src/db/cache-versions.ts),
 * and after the commit hands its new charges to the payment provider (src/domain/subscription-payments.ts).
 */
import type { Pool } from 'pg';
import { raiseCacheVersions } from '../db/cache-versions.ts';
import { PoolRunner, TransactionRunner } from '../db/reads.ts';
import { companyEm } from '../db/scope.ts';
import { bringUpToDate, companyToday, lockMandate } from '../domain/renewals.ts';
import { chargeToCollect, collectCharges, noPaymentProvider, type ChargeToCollect } from '../domain/subscription-payments.ts';
import { inTransaction } from '../domain/transactions.ts';
import type { Services } from '../services.ts';
import { dueMandates, type DueMandate } from '../db/due-mandates.ts';

/** The types whose cached reads a renewal changes (a mandate's dates and state, its charges). */
export const RENEWAL_TYPES = ['Mandate', 'SubscriptionCharge'];

/** Mandates read per list; a round reads lists until one comes back short. */
const BATCH = 200;

export interface RenewalWorker {
  /** One round now: every mandate due is brought up to date. Resolves with how many changed. */
  runDue(): Promise<number>;
  /** Ends the round in flight after its current mandate, and waits for it. */
  stop(): Promise<void>;
}

export function createRenewalWorker(services: Services): RenewalWorker {
  const { orm, clock } = services;
  const reads = new PoolRunner(orm);
  const logger = services.logger.child({ component: 'renewals' });
  let pool: Pool | undefined;
  let closing = false;
  let current: Promise<number> | undefined;

  /** Brings one mandate up to date, unless another instance holds it; the charges it recorded, or null when nothing changed. */
  const renew = async ({ id, companyId }: DueMandate): Promise<ChargeToCollect[] | null> =>
    inTransaction(companyEm(orm, companyId), companyId, async (tx) => {
      const held = await lockMandate(tx, id, { skipLocked: true });
      if (!held) return null;
      const { state, renewalDate } = held.mandate;
      const now = clock.now();
      const charges = bringUpToDate(tx, held, await companyToday(tx, companyId, now), now);
      if (held.mandate.state === state && held.mandate.renewalDate === renewalDate) return null;
      await tx.flush();
      await raiseCacheVersions(new TransactionRunner(tx, reads), companyId, RENEWAL_TYPES);
      return charges.map(chargeToCollect);
    });

  const round = async (): Promise<number> => {
    pool ??= await orm.em.getConnection().getNativeClient();
    let changed = 0;
    for (;;) {
      const due = await dueMandates(pool, clock.now(), BATCH);
      let changedNow = 0;
      for (const mandate of due) {
        if (closing) return changed + changedNow;
        const charges = await renew(mandate).catch((error: unknown) => {
          logger.error({ err: error, mandateId: mandate.id }, 'mandate could not be renewed');
          return null;
        });
        if (!charges) continue;
        changedNow++;
        await collectCharges(companyEm(orm, mandate.companyId), clock, logger, services.payments ?? noPaymentProvider, charges);
      }
      changed += changedNow;
      // A short list was all there was; a full one where nothing changed is held by other instances.
      if (due.length < BATCH || changedNow === 0) return changed;
    }
  };

  const runDue = (): Promise<number> => {
    current ??= round().finally(() => {
      current = undefined;
    });
    return current;
  };

  return {
    runDue,
    stop: async () => {
      closing = true;
      // The round in flight ends first; had it failed, its failure is its own (already reported), not the stop's.
      await current?.catch(() => undefined);
    },
  };
}
