/**
 * The webhook tasks of the job queue (src/jobs.ts):
 *
 * - `webhook:deliver` makes one attempt of one webhook job. The database put it on the queue in the
 *   transaction of the write that emitted the event (fan-out), of the attempt that scheduled its retry, or
 *   of its redelivery (src/db/webhook-queue-triggers.ts), in its endpoint's named queue, so one endpoint
 *   gets one attempt at a time. The attempt is counted before the request and recorded after it
 *   (src/db/webhook-jobs.ts); a failure with retries left goes back on the queue at its retry's time in the
 *   statement that records it. A job that is no longer pending (delivered, failed, deleted with its
 *   endpoint) is skipped.
 * - `webhook:retention` prunes old history (retention.ts) once a day, and graphile-worker's queue rows of
 *   endpoints that have no job left.
 */
import { makeWorkerUtils, type TaskList } from 'graphile-worker';
import type { Pool } from 'pg';
import { claimJob } from '../db/webhook-jobs.ts';
import type { Services } from '../services.ts';
import { leaseSeconds, webhookDelivery } from './delivery.ts';
import { pruneWebhookHistory } from '../db/webhook-retention.ts';

const DAY_MS = 86_400_000;

export interface WebhookTasks {
  tasks: TaskList;
  close(): void;
}

/**
 * The tasks, delivering through one HTTP client; `wakeIn(ms)` is told when a retry this instance scheduled
 * falls due, so that it is taken then rather than at the next poll.
 */
export async function webhookTasks(services: Services, { wakeIn, queuePool }: { wakeIn: (ms: number) => void; queuePool: () => Pool }): Promise<WebhookTasks> {
  const { config, clock } = services;
  const { deliver, http, pool } = await webhookDelivery(services);
  const lease = leaseSeconds(config.WEBHOOK_TIMEOUT_MS);
  const tasks: TaskList = {
    'webhook:deliver': async (payload) => {
      const delivery = await claimJob(pool, (payload as { id: string }).id, lease);
      if (!delivery) return;
      const { result } = await deliver(delivery);
      if (result.state === 'pending') wakeIn(result.retryInSeconds * 1000);
    },
    'webhook:retention': async () => {
      await pruneWebhookHistory(pool, new Date(clock.now().getTime() - config.WEBHOOK_RETENTION_DAYS * DAY_MS));
      const utils = await makeWorkerUtils({ pgPool: queuePool() });
      try {
        await utils.cleanup({ tasks: ['GC_JOB_QUEUES'] });
      } finally {
        await utils.release();
      }
    },
  };
  return { tasks, close: () => http.close() };
}

/** How often `webhook:retention` runs. */
export const RETENTION_EVERY_MS = DAY_MS;
