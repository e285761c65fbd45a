/**
 * The webhook delivery worker: runs in every instance of the server, polling the database every
 * WEBHOOK_POLL_MS. Each round it fans out committed events that have not been yet (one job per endpoint
 * subscribed at that moment: fan-out happens at first dispatch, not at emit, so the booking transaction
 * never reads endpoints), then claims due jobs up to WEBHOOK_CONCURRENCY in flight and delivers them.
 *
 * Nothing lives only in memory: events and jobs are rows, so a process that dies loses nothing (a job it
 * had claimed is taken again when its lease ends), and any number of instances share the work without
 * making an attempt twice (jobs.ts). A retry this instance schedules wakes it at the retry's time.
 */
import type { Services } from '../services.ts';
import { workerRounds } from '../worker-rounds.ts';
import { leaseSeconds, webhookDelivery, type Deliver } from './delivery.ts';
import { claimDue, fanOut } from './jobs.ts';
import { startWebhookRetention, type WebhookRetention } from './retention.ts';

export interface WebhookWorker {
  start(): void;
  /** Stops polling and waits for the attempts in flight (each ends within WEBHOOK_TIMEOUT_MS). */
  stop(): Promise<void>;
}

const FAN_OUT_BATCH = 500;

export async function createWebhookWorker(services: Services): Promise<WebhookWorker> {
  const { config } = services;
  const logger = services.logger.child({ component: 'webhooks' });
  const { deliver, http, pool } = await webhookDelivery(services);
  const inFlight = new Set<Promise<void>>();
  let stopped = true;
  let pollTimer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let wakeTimerAt = Infinity;
  /** One round at a time; a round asked for meanwhile runs right after it. */
  let current: Promise<void> | undefined;
  let queued: { fanOut: boolean } | undefined;
  /** The last claim filled every free slot, so more jobs may be due. */
  let more = false;
  let retention: WebhookRetention | undefined;
  const rounds = workerRounds(logger, 'webhook worker round');

  const claim = async () => {
    const room = config.WEBHOOK_CONCURRENCY - inFlight.size;
    if (room < 1) {
      more = true;
      return;
    }
    const claimed = await claimDue(pool, { limit: room, leaseSeconds: leaseSeconds(config.WEBHOOK_TIMEOUT_MS) });
    for (const delivery of claimed) attempt(delivery);
    more = claimed.length === room;
  };

  const fanOutAll = async () => {
    let expanded: number;
    do expanded = await fanOut(pool, { retries: config.WEBHOOK_RETRY_DELAYS.length, batch: FAN_OUT_BATCH });
    while (expanded === FAN_OUT_BATCH && !stopped);
  };

  const round = (fanOutFirst: boolean): void => {
    if (stopped) return;
    if (current) {
      queued = { fanOut: fanOutFirst || (queued?.fanOut ?? false) };
      return;
    }
    current = (async () => {
      if (fanOutFirst) await fanOutAll();
      if (!stopped) await claim();
    })()
      .then(rounds.succeeded, rounds.failed)
      .finally(() => {
        current = undefined;
        const next = queued;
        queued = undefined;
        if (next) round(next.fanOut);
      });
  };

  /** Polls now and every WEBHOOK_POLL_MS (less often while rounds fail): fan-out of new events, then due jobs. */
  const poll = () => {
    round(true);
    pollTimer = setTimeout(poll, rounds.delay(config.WEBHOOK_POLL_MS));
  };

  /** A retry this instance scheduled is claimed at its time, not at the next poll. */
  const wakeAt = (at: number) => {
    if (stopped || wakeTimerAt <= at) return;
    clearTimeout(wakeTimer);
    wakeTimerAt = at;
    wakeTimer = setTimeout(() => {
      wakeTimerAt = Infinity;
      round(false);
    }, Math.max(0, at - Date.now()));
  };

  const attempt = (delivery: Parameters<Deliver>[0]) => {
    const work = deliver(delivery)
      .then(({ result }) => {
        if (result.state === 'pending') wakeAt(Date.now() + result.retryInSeconds * 1000);
      })
      .catch((error: unknown) => logger.error({ err: error, eventId: delivery.eventId }, 'webhook attempt could not be recorded'))
      .finally(() => {
        inFlight.delete(work);
        if (more) round(false);
      });
    inFlight.add(work);
  };

  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      poll();
      retention = startWebhookRetention(pool, {
        days: config.WEBHOOK_RETENTION_DAYS,
        now: () => services.clock.now(),
        onError: (error) => logger.error({ err: error }, 'webhook history could not be pruned'),
      });
    },
    stop: async () => {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(wakeTimer);
      wakeTimerAt = Infinity;
      await current;
      await Promise.all(inFlight);
      await retention?.stop();
      http.close();
    },
  };
}
