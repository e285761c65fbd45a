/**
 * A background worker's rounds while its database is away (a failover, a restart, a full disk). The first
 * failed round is logged at error level with its cause. While rounds keep failing, one warning a minute
 * says how many have failed and for how long, and the worker waits longer between rounds: its interval,
 * doubled for each failure in a row, up to 10 s. An outage then costs a few log lines and a connection
 * attempt every few seconds, not a stack trace and an attempt every poll. The first round that succeeds
 * again is logged once, at info level; a round that succeeds within SETTLE_MS of a failure does not end the
 * outage (a failover cuts a pool's connections one by one, and one not cut yet still answers), so one
 * outage is one error line.
 */
import type { Logger } from 'pino';

/** The longest wait between failing rounds (a worker whose interval is longer keeps its interval). */
export const MAX_BACKOFF_MS = 10_000;
/** While rounds keep failing, a warning this often. */
export const REPEAT_WARNING_MS = 60_000;
/** A success this soon after a failure is not yet a recovery. */
export const SETTLE_MS = 200;

export interface WorkerRounds {
  failed: (error: unknown) => void;
  succeeded: () => void;
  /** Milliseconds until the next round: `intervalMs`, or longer while rounds fail. */
  delay: (intervalMs: number) => number;
}

/** `what` names the worker's rounds in its log lines: `webhook worker round`. */
export function workerRounds(logger: Logger, what: string, now: () => number = Date.now): WorkerRounds {
  let failures = 0;
  let since = 0;
  let warned = 0;
  let lastFailure = 0;
  const seconds = (at: number) => Math.round((at - since) / 1000);
  return {
    failed(error) {
      const at = now();
      lastFailure = at;
      failures++;
      if (failures === 1) {
        since = warned = at;
        logger.error({ err: error }, `${what} failed`);
      } else if (at - warned >= REPEAT_WARNING_MS) {
        warned = at;
        logger.warn({ err: error, failures, seconds: seconds(at) }, `${what}s still failing`);
      }
    },
    succeeded() {
      if (failures === 0) return;
      const at = now();
      if (at - lastFailure < SETTLE_MS) return;
      logger.info({ failures, seconds: seconds(at) }, `${what}s succeed again`);
      failures = 0;
    },
    delay(intervalMs) {
      if (failures === 0 || intervalMs >= MAX_BACKOFF_MS) return intervalMs;
      return Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.min(failures, 16));
    },
  };
}
