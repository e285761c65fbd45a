/**
 * Probes for orchestrators: `/healthz` says the process is up; `/readyz` says it can serve, that is,
 * the database answers and every migration this build knows is applied, and what the operator should know
 * about the configuration (`warnings`).
 */
import { Router } from 'express';
import type { Logger } from 'pino';
import type { MikroORM } from '@mikro-orm/postgresql';
import { pingDatabase } from '../db/transactions.ts';

/** A probe must answer even when the database hangs, so the load balancer can take this instance out. */
const READINESS_TIMEOUT_MS = 3_000;

export function healthRoutes(orm: MikroORM, logger: Logger, warnings: readonly string[] = []): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const problem = await withTimeout(unreadiness(orm), READINESS_TIMEOUT_MS, {
      reason: 'database unreachable',
      detail: `no answer within ${READINESS_TIMEOUT_MS} ms`,
    });
    if (!problem) {
      res.json({ status: 'ready', ...(warnings.length && { warnings }) });
      return;
    }
    logger.warn({ reason: problem.reason, detail: problem.detail }, 'not ready');
    res.status(503).json({ status: 'not ready', reason: problem.reason });
  });
  return router;
}

interface Unreadiness {
  /** Safe to show to anyone who can reach the probe. */
  reason: string;
  /** For the log only: may name hosts, databases or users. */
  detail: string;
}

async function unreadiness(orm: MikroORM): Promise<Unreadiness | undefined> {
  try {
    await pingDatabase(orm);
  } catch (error) {
    return { reason: 'database unreachable', detail: (error as Error).message };
  }
  let pending: Array<{ name: string }>;
  try {
    pending = await orm.migrator.getPending();
  } catch (error) {
    return { reason: 'migration state unknown', detail: (error as Error).message };
  }
  if (pending.length > 0) {
    const names = pending.map((migration) => migration.name).join(', ');
    return { reason: `migrations pending: ${names}`, detail: names };
  }
  return undefined;
}

async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
