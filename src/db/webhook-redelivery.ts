/**
 * What the operator's webhook commands do to delivery jobs (src/domain/webhook-endpoints.ts): lock an
 * endpoint's jobs before it goes, and send an event again as a new round.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder } from 'kysely';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';
import type { Database } from './schema.ts';

const LOCK_OF_ENDPOINT = statement('webhookRedelivery.lockOfEndpoint', (p: { endpointId: string }) =>
  db.selectFrom('webhook_job').select('id').where('endpoint_id', '=', p.endpointId).orderBy('id').forUpdate(),
);

/** Locks the endpoint's jobs in the order the worker takes locks (a job, then its endpoint). */
export async function lockJobsOfEndpoint(em: EntityManager, endpointId: string): Promise<void> {
  await LOCK_OF_ENDPOINT.rows(new EntityManagerRunner(em), { endpointId });
}

interface Chosen {
  companyId: string;
  eventId: string;
  endpointId: string;
}

/** The event's job for one endpoint. */
const forEndpoint = (p: Chosen) => (eb: ExpressionBuilder<Database, 'webhook_job'>) =>
  eb.and([eb('company_id', '=', p.companyId), eb('event_id', '=', p.eventId), eb('endpoint_id', '=', p.endpointId)]);
/** Every job of the event that failed or waits for a retry. */
const failedOrWaiting = (p: Omit<Chosen, 'endpointId'>) => (eb: ExpressionBuilder<Database, 'webhook_job'>) =>
  eb.and([
    eb('company_id', '=', p.companyId),
    eb('event_id', '=', p.eventId),
    eb.or([eb('state', '=', 'failed'), eb.and([eb('state', '=', 'pending'), eb('attempts', '>', 0)])]),
  ]);

const lockedJobs = db
  .selectFrom('webhook_job')
  .select(['endpoint_id', 'state', 'attempts', sql<boolean>`state = 'pending' and locked_until > now()`.as('in_flight')])
  .orderBy('endpoint_id')
  .forUpdate();
const newRound = (retriesLeft: number) =>
  db.updateTable('webhook_job').set({ state: 'pending', retries_left: retriesLeft, next_attempt_at: sql`now()`, locked_until: null });

const LOCK = {
  one: statement('webhookRedelivery.lockOne', (p: Chosen) => lockedJobs.where(forEndpoint(p))),
  failed: statement('webhookRedelivery.lockFailed', (p: Omit<Chosen, 'endpointId'>) => lockedJobs.where(failedOrWaiting(p))),
};
const AGAIN = {
  one: statement('webhookRedelivery.againOne', (p: Chosen & { retriesLeft: number }) => newRound(p.retriesLeft).where(forEndpoint(p))),
  failed: statement('webhookRedelivery.againFailed', (p: Omit<Chosen, 'endpointId'> & { retriesLeft: number }) => newRound(p.retriesLeft).where(failedOrWaiting(p))),
};

/** The jobs to send again, locked: the endpoint's, or (endpointId null) every one that failed or waits for a retry. */
export function lockJobsToSendAgain(em: EntityManager, chosen: Omit<Chosen, 'endpointId'> & { endpointId: string | null }) {
  const runner = new EntityManagerRunner(em);
  const { endpointId } = chosen;
  return endpointId === null ? LOCK.failed.rows(runner, chosen) : LOCK.one.rows(runner, { ...chosen, endpointId });
}

/** Puts the jobs chosen as `lockJobsToSendAgain` chose them back to pending now, with `retriesLeft` retries. */
export async function sendJobsAgain(em: EntityManager, chosen: Omit<Chosen, 'endpointId'> & { endpointId: string | null; retriesLeft: number }): Promise<void> {
  const runner = new EntityManagerRunner(em);
  const { endpointId } = chosen;
  await (endpointId === null ? AGAIN.failed.rows(runner, chosen) : AGAIN.one.rows(runner, { ...chosen, endpointId }));
}
