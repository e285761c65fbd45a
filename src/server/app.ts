/**
 * The HTTP application: request ids and logs, probes, metrics, GraphQL at /graphql, the REST surfaces
 * (mounted by the caller), a JSON 404, and an error handler that never shows a stack trace.
 */
import { createServer, type Server } from 'node:http';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { pinoHttp } from 'pino-http';
import { ApolloServer, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginLandingPageLocalDefault,
  ApolloServerPluginLandingPageProductionDefault,
} from '@apollo/server/plugin/landingPage/default';
import { expressMiddleware } from '@as-integrations/express5';
import { createMetrics, type Metrics } from '../metrics.ts';
import type { Services } from '../services.ts';
import { jsonBodies } from '../pipeline/http.ts';
import { handleErrors, notFound } from './errors.ts';
import { healthRoutes } from './health.ts';
import { assignRequestId } from './request-id.ts';
import { recordRequestDurations } from './request-metrics.ts';



type ApolloServerOptionsRules = NonNullable<ConstructorParameters<typeof ApolloServer>[0]['validationRules']>;

export interface AppOptions<Context extends BaseContext = BaseContext> {
  graphql: {
    schema: GraphQLSchema;
    context: (req: Request, res: express.Response) => Promise<Context>;
    /** The operation pipeline's Apollo plugins (scopes, cache, audit details). */
    plugins?: ApolloServerPlugin<Context>[];
    formatError?: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
    /** Extra validation rules (depth and alias limits). */
    validationRules?: ApolloServerOptionsRules;
    /** HTTP steps run before /graphql (authentication, rate limits, audit). */
    before?: RequestHandler[];
  };
  /** Mounts further routes (the REST surfaces) after /graphql and before the 404 handler. */
  mount?: (app: Express, apollo: ApolloServer<Context>) => void;
  /** Runs once the HTTP server has drained (flushes the audit log, closes shared stores). */
  onClose?: () => Promise<void>;
}

export interface App<Context extends BaseContext = BaseContext> {
  app: Express;
  apollo: ApolloServer<Context>;
  /** Not yet listening. Apollo's stop() drains it: see startServer. */
  httpServer: Server;
  metrics: Metrics;
}

/** Builds the application and starts Apollo (which must run before its middleware is mounted). */
export async function createApp<Context extends BaseContext>(services: Services, options: AppOptions<Context>): Promise<App<Context>> {
  const { config, logger, orm } = services;
  const app = express();
  const httpServer = createServer(app);
  const metrics = createMetrics(orm);

  const apollo = new ApolloServer<Context>({
    schema: options.graphql.schema,
    logger: logger.child({ component: 'graphql' }),
    nodeEnv: config.NODE_ENV,
    csrfPrevention: true,
    introspection: config.GRAPHQL_INTROSPECTION,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    validationRules: options.graphql.validationRules ?? [],
    ...(options.graphql.formatError && { formatError: options.graphql.formatError }),
    // main.ts owns the signals: it drains HTTP first, then stops the database.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: config.SHUTDOWN_TIMEOUT_MS }),
      config.production
        ? ApolloServerPluginLandingPageProductionDefault()
        : ApolloServerPluginLandingPageLocalDefault({ embed: true }),
      // Per-field cache hints are not used (the pipeline caches whole operations); skip their per-field cost.
      ApolloServerPluginCacheControlDisabled(),
      // No Apollo usage reporting here: a federation router's trace requests need not cost per-field hooks.
      ApolloServerPluginInlineTraceDisabled(),
      ...(options.graphql.plugins ?? []),
    ],
  });
  await apollo.start();

  app.disable('x-powered-by');
  app.use(assignRequestId());
  app.use(
    pinoHttp({
      logger,
      quietReqLogger: true,
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      autoLogging: { ignore: (req) => PROBES.has(req.url ?? '') },
    }),
  );
  app.use(recordRequestDurations(metrics));

  app.use(healthRoutes(orm, logger));
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.all('/graphql', ...(options.graphql.before ?? []), jsonBodies, expressMiddleware(apollo, { context: ({ req, res }) => options.graphql.context(req, res) }));
  options.mount?.(app, apollo);

  app.use(notFound);
  app.use(handleErrors);
  return { app, apollo, httpServer, metrics };
}

/** Polled every few seconds by orchestrators and scrapers: logging each would drown the real traffic. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);
