/**
 * Background work on graphile-worker, a PostgreSQL job queue (docs/dependencies.md): every instance runs a
 * worker pool of WEBHOOK_CONCURRENCY workers over the one queue in the database, so instances share the work
 * and a job runs on one of them at a time. A job added in a transaction is seen when it commits: the pool
 * LISTENs for the queue's notification and takes it at once; an idle worker also looks every JOB_POLL_MS for
 * jobs that fell due (retries at their time, anything a lost notification left).
 *
 * The tasks: webhook deliveries and retention (src/webhooks/worker.ts), and renewal rounds
 * (src/subscriptions/worker.ts). The periodic ones (`subscriptions:renew` every SUBSCRIPTION_POLL_MS,
 * `webhook:retention` daily) are one keyed job each, which reschedules itself when it ends and which an
 * instance's start moves to now.
 *
 * A killed process leaves its jobs locked. Each pool beats a heartbeat every JOB_WORKER_DEAD_MS / 5, and
 * every beat releases the jobs of pools without one for JOB_WORKER_DEAD_MS (src/db/job-queue.ts), so another
 * instance runs them again within seconds; a webhook attempt run again keeps its event id (`webhook-id`).
 */
import { EventEmitter } from 'node:events';
import { Logger as QueueLogger, run, type LogLevel, type Runner, type TaskList, type WorkerEvents, type WorkerPool } from 'graphile-worker';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { beat, forgetWorker, jobQueuePool, scheduleKeyed } from './db/job-queue.ts';
import type { Services } from './services.ts';
import { createRenewalWorker } from './subscriptions/worker.ts';
import { RETENTION_EVERY_MS, webhookTasks } from './webhooks/worker.ts';
import { workerRounds } from './worker-rounds.ts';

export interface JobRunner {
  /** Starts this instance's worker pool (unless JOBS is false); a failed start is logged and tried again. */
  start(): void;
  /** Lets the jobs in flight finish (each webhook attempt ends within WEBHOOK_TIMEOUT_MS), then stops. */
  stop(): Promise<void>;
}

/**
 * graphile-worker's log lines into the service's log: its `info` is routine, so it goes to debug, and so does
 * its warning about a pool smaller than the concurrency (JOB_POOL_MAX is small on purpose: a worker holds no
 * connection while its job runs).
 */
function queueLogger(logger: Logger): QueueLogger {
  const levels: Record<LogLevel, 'error' | 'warn' | 'debug' | 'trace'> = { error: 'error', warning: 'warn', info: 'debug', debug: 'trace' };
  const routine = (message: string) => message.startsWith('WARNING: having maxPoolSize');
  return new QueueLogger((scope) => (level, message, meta) => logger[routine(message) ? 'debug' : levels[level]]({ ...scope, ...meta }, message));
}

/**
 * A task that runs every `everyMs` on one instance of the cluster: when it ends, it moves its keyed job to
 * `everyMs` later (and wakes this instance then). A failed round is logged and the next one comes all the same.
 */
function periodic(name: string, everyMs: number, queue: { pool: () => Pool; wakeIn: (ms: number) => void }, logger: Logger, round: () => Promise<unknown>) {
  return async () => {
    try {
      await round();
    } catch (error) {
      logger.error({ err: error }, `${name} failed`);
    }
    await scheduleKeyed(queue.pool(), name, name, new Date(Date.now() + everyMs));
    queue.wakeIn(everyMs);
  };
}

export async function createJobRunner(services: Services): Promise<JobRunner> {
  const { config } = services;
  const logger = services.logger.child({ component: 'jobs' });
  // The pool's rounds while the database is away, as webhook operators know them (src/worker-rounds.ts).
  const rounds = workerRounds(services.logger.child({ component: 'webhooks' }), 'webhook worker round');
  let pool: Pool | undefined;
  let runner: Runner | undefined;
  let workerPool: WorkerPool | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const wakes = new Set<NodeJS.Timeout>();
  let starting: Promise<void> | undefined;
  let stopping = false;

  const queuePool = () => pool!;
  const wakeIn = (ms: number) => {
    if (stopping || ms > 2_147_483_647) return;
    const timer = setTimeout(() => {
      wakes.delete(timer);
      workerPool?.nudge(1);
    }, ms);
    timer.unref();
    wakes.add(timer);
  };
  const webhooks = await webhookTasks(services, { wakeIn, queuePool });
  const renewals = createRenewalWorker(services);
  const tasks: TaskList = {
    ...webhooks.tasks,
    'webhook:retention': periodic('webhook:retention', RETENTION_EVERY_MS, { pool: queuePool, wakeIn }, logger, webhooks.tasks['webhook:retention'] as () => Promise<void>),
    'subscriptions:renew': periodic('subscriptions:renew', config.SUBSCRIPTION_POLL_MS, { pool: queuePool, wakeIn }, services.logger.child({ component: 'renewals' }), () => renewals.runDue()),
  };

  const beatNow = async () => {
    if (!workerPool || !pool) return;
    try {
      const released = await beat(pool, workerPool.id, config.JOB_WORKER_DEAD_MS);
      if (released) logger.warn({ pools: released }, 'jobs of a stopped instance released to the queue');
    } catch (error) {
      logger.debug({ err: error }, 'job worker heartbeat failed');
    }
  };

  const open = async () => {
    pool = await jobQueuePool(services.orm, config.JOB_POOL_MAX);
    // A connection that dies while idle or in use is reported to the round that used it, not thrown.
    const lost = (error: Error) => logger.debug({ err: error }, 'job queue connection lost');
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const events = new EventEmitter() as WorkerEvents;
    events.on('pool:create', ({ workerPool: created }) => {
      workerPool = created;
      void beatNow();
    });
    events.on('worker:getJob:error', ({ error }) => rounds.failed(error));
    events.on('pool:listen:error', ({ error }) => rounds.failed(error));
    events.on('pool:listen:success', () => rounds.succeeded());
    events.on('worker:getJob:empty', () => rounds.succeeded());
    events.on('job:start', () => rounds.succeeded());
    const started = await run({
      pgPool: pool,
      concurrency: config.WEBHOOK_CONCURRENCY,
      pollInterval: config.JOB_POLL_MS,
      noHandleSignals: true,
      logger: queueLogger(logger),
      events,
      taskList: tasks,
      crontab: '',
      // A job's end is recorded through graphile-worker's batcher, which retries while the database is away and
      // stops the pool if it stays away (the pool is then started again, below). Unbatched (its default), a
      // failed record is a promise nobody awaits, and its rejection ends the process.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    runner = started;
    // graphile-worker stops its whole pool when a worker cannot record a job's end (the database went away
    // just then): the pool is started again, so the instance never goes on without its worker.
    void started.promise
      .catch(() => undefined)
      .then(() => {
        if (stopping || runner !== started) return;
        logger.warn('the job worker stopped: starting it again');
        starting = close().then(begin);
      });
    heartbeat = setInterval(() => void beatNow(), Math.max(100, Math.floor(config.JOB_WORKER_DEAD_MS / 5)));
    const now = new Date();
    await scheduleKeyed(pool, 'subscriptions:renew', 'subscriptions:renew', now);
    await scheduleKeyed(pool, 'webhook:retention', 'webhook:retention', now);
  };

  /** Whatever a failed start left open, closed, so the next try starts clean. */
  const close = async () => {
    clearInterval(heartbeat);
    await runner?.stop().catch(() => undefined);
    await pool?.end().catch(() => undefined);
    [runner, pool, workerPool] = [undefined, undefined, undefined];
  };

  // A start that fails (the database is away) is tried again, less often while it keeps failing, until it
  // succeeds or the instance stops: an instance never runs without its worker.
  let retry: { timer: NodeJS.Timeout; wake: () => void } | undefined;
  const begin = async () => {
    while (!stopping) {
      try {
        await open();
        rounds.succeeded();
        logger.info({ concurrency: config.WEBHOOK_CONCURRENCY }, 'job worker started');
        return;
      } catch (error) {
        rounds.failed(error);
        await close();
      }
      await new Promise<void>((wake) => (retry = { timer: setTimeout(wake, rounds.delay(config.JOB_POLL_MS)), wake }));
    }
  };

  return {
    start: () => {
      if (!config.JOBS || starting) return;
      starting = begin();
    },
    stop: async () => {
      if (stopping) return;
      stopping = true;
      if (retry) {
        clearTimeout(retry.timer);
        retry.wake();
      }
      await starting;
      for (const timer of wakes) clearTimeout(timer);
      clearInterval(heartbeat);
      await renewals.stop();
      await runner?.stop();
      if (pool && workerPool) await forgetWorker(pool, workerPool.id).catch(() => undefined);
      await pool?.end();
      webhooks.close();
    },
  };
}
