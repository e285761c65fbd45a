/**
 * The real server, in process, on a fresh database of its own and any free port: what HTTP suites
 * call. Configuration comes from the defaults plus `env` (and the run's REDIS_URL); logs are silent
 * unless a logger is given; the server key is random.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { Express } from 'express';
import pino, { type Logger } from 'pino';
import { loadConfig } from '../../src/config.ts';
import { openOrm, poolSettings } from '../../src/db/orm.ts';
import { systemClock, type Clock } from '../../src/domain/clock.ts';
import type { AppOptions } from '../../src/server/app.ts';
import { startServer } from '../../src/server/server.ts';
import { serviceSurfaces, type Surfaces } from '../../src/server/surfaces.ts';
import { DocumentLimits } from '../../src/pipeline/document-limits.ts';
import { graphqlDoor, graphqlErrors } from '../../src/pipeline/graphql.ts';
import { graphqlErrorFormatter } from '../../src/pipeline/graphql-errors.ts';
import { createPipeline, type Pipeline } from '../../src/pipeline/index.ts';
import type { Services } from '../../src/services.ts';
import { freshDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  /** Base URL, such as http://127.0.0.1:41234 */
  url: string;
  /** Where /metrics is served, if it is. */
  metricsUrl?: string;
  services: Services;
  /** Every SQL statement the service's ORM has run; tests count them (clear it with `length = 0`). */
  statements: string[];
  /** The pipeline of the service's own surfaces (absent with custom `surfaces`). */
  pipeline?: Pipeline;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Silent unless given. */
  logger?: Logger;
  /** What to serve instead of the service's own GraphQL schema and REST surfaces. */
  surfaces?: (services: Services) => AppOptions<any> | Promise<AppOptions<any>>;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'studio-app-'));
  const config = loadConfig({
    // CI's second pass sets REDIS_URL so that the suites run the shared cache and counters.
    REDIS_URL: process.env.REDIS_URL,
    // Under test the executor checks every compiled answer's built-in leaves (src/pipeline/leaf-audit.ts).
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SHUTDOWN_TIMEOUT_MS: '2000',
    // Every suite calls from 127.0.0.1, and with REDIS_URL they share its per-address counters.
    ANONYMOUS_RATE_PER_MINUTE: '1000000',
    TOKEN_RATE_PER_MINUTE: '1000000',
    DB_POOL_MAX: '4',
    // Suites share a slow machine: a burst of 50 requests on 4 connections may wait longer than the default.
    DB_ACQUIRE_TIMEOUT_MS: '30000',
    ...options.env,
  });
  const database = await freshDatabase();
  const statements: string[] = [];
  const orm = await openOrm({ url: database.url, ...poolSettings(config), onQuery: (sql) => statements.push(sql) });
  const services: Services = {
    config,
    orm,
    clock: options.clock ?? systemClock,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    serverKey: randomBytes(32),
  };
  const close = async () => {
    await orm.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  let server;
  let surfaces: AppOptions<any> | undefined;
  try {
    surfaces = await (options.surfaces ?? serviceSurfaces)(services);
    server = await startServer(services, surfaces);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url: server.url,
    metricsUrl: server.metricsUrl,
    services,
    pipeline: (surfaces as Partial<Surfaces>).pipeline,
    statements,
    database,
    close: async () => {
      await server.close();
      await close();
    },
  };
}

/**
 * A server of the service's shell around a tiny schema (`{ hello }`), through the same pipeline and /graphql
 * door as the service's own: for suites that test the shell (probes, ids, metrics, shutdown) rather than the
 * product. `mount` adds Express routes beside the console's.
 */
export function tinySurfaces(mount?: (app: Express) => void) {
  return async (services: Services): Promise<AppOptions<any>> => {
    const schema = makeExecutableSchema({ typeDefs: 'type Query { hello: String! }', resolvers: { Query: { hello: () => 'world' } } });
    const pipeline = await createPipeline(services, schema);
    const { config } = services;
    const graphql = graphqlDoor({
      pipeline,
      schema,
      production: config.production,
      limits: { maxDepth: config.GRAPHQL_MAX_DEPTH, maxAliases: config.GRAPHQL_MAX_ALIASES, maxCost: config.GRAPHQL_MAX_COST, maxTokens: config.GRAPHQL_MAX_TOKENS },
      logger: services.logger,
      documents: new DocumentLimits({ maxTokens: config.GRAPHQL_MAX_TOKENS }),
    });
    return {
      graphql: { schema, gateway: graphql.gateway, formatError: graphqlErrorFormatter(services.logger) },
      endpoints: (apollo) => [{ methods: ['GET', 'POST'], path: '/graphql', endpoint: graphql.endpoint(apollo) }],
      surfaces: [{ prefix: '/graphql', errors: graphqlErrors }],
      ...(mount && { mount }),
      onClose: () => pipeline.close(),
    };
  };
}
