/**
 * The HTTP application: request ids and logs, probes, metrics, GraphQL at /graphql, the REST surfaces
 * (mounted by the caller), a JSON 404, and an error handler that never shows a stack trace. Once it
 * begins to stop, it refuses new requests with 503 and `Connection: close` in the surface's shape, and
 * asks the clients of requests still running not to send more on their connection.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { pinoHttp } from 'pino-http';
import { ApolloServer, type ApolloServerOptionsWithGateway, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
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
import { refusedGraphqlBodies } from '../pipeline/input-guards.ts';
import { handleErrors, notFound, type ErrorPresenters } from './errors.ts';
import { unavailableStatus } from './graphql-unavailable.ts';
import { healthRoutes } from './health.ts';
import { metricsOnMainPort, serveMetrics } from './metrics-endpoint.ts';
import { assignRequestId } from './request-id.ts';
import { recordRequestDurations } from './request-metrics.ts';
import { stopGate, type StopGate } from './stop-gate.ts';

/** What a front door (requests answered before Express) shares with the application. */
export interface FrontDoorTools {
  metrics: Metrics;
  gate: StopGate;
  /** Logs the request when it finishes, as every other request is logged; undefined while logs are off. */
  logRequest?: (req: IncomingMessage, res: ServerResponse) => void;
}

/** Answers a request itself, or calls `onward` to hand it to Express untouched. */
export type FrontDoor = (req: IncomingMessage, res: ServerResponse, onward: () => void) => void;

export interface AppOptions<Context extends BaseContext = BaseContext> {
  graphql: {
    schema: GraphQLSchema;
    /** Executes operations in place of Apollo Server's own execution (the pipeline's executor). */
    gateway?: ApolloServerOptionsWithGateway<Context>['gateway'];
    context: (req: Request, res: express.Response) => Promise<Context>;
    /** The operation pipeline's Apollo plugins (scopes, cache, audit details). */
    plugins?: ApolloServerPlugin<Context>[];
    formatError?: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
    /** Lexical tokens a document may have: longer documents are refused while they are parsed. */
    maxTokens?: number;
    /** HTTP steps run before /graphql (authentication, rate limits, audit). */
    before?: RequestHandler[];
  };
  /** Mounts further routes (the REST surfaces) after /graphql and before the 404 handler. */
  mount?: (app: Express) => void;
  /** Requests answered before Express sees them (the REST surfaces' cache hits, rest/hits.ts). */
  frontDoor?: (tools: FrontDoorTools) => FrontDoor;
  /** Runs once the HTTP server has drained (flushes the audit log, closes shared stores). */
  onClose?: () => Promise<void>;
  /** Each surface's error shape by mount path, for answers given outside the surface's own steps. */
  errorPresenters?: ErrorPresenters;
}

export interface App<Context extends BaseContext = BaseContext> {
  app: Express;
  apollo: ApolloServer<Context>;
  /** Not yet listening. Apollo's stop() drains it: see startServer. */
  httpServer: Server;
  metrics: Metrics;
  /** From now on, new requests are refused and running ones close their connection when answered. */
  refuseNewRequests(): void;
}

/** Builds the application and starts Apollo (which must run before its middleware is mounted). */
export async function createApp<Context extends BaseContext>(services: Services, options: AppOptions<Context>): Promise<App<Context>> {
  const { config, logger, orm } = services;
  const app = express();
  const metrics = createMetrics(orm);
  const presenters = options.errorPresenters ?? {};
  const gate = stopGate(presenters);
  // With logs off, a per-request child logger (bindings serialised, redaction prepared) is work for nothing.
  const logRequests = logger.isLevelEnabled('fatal')
    ? pinoHttp({
        logger,
        quietReqLogger: true,
        // A query string may carry a credential (the console's CSV export link carries its csrf token).
        serializers: { req: (req: { url?: string }) => ({ ...req, url: req.url?.replace(/([?&]csrf=)[^&]*/g, '$1[redacted]') }) },
        customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
        autoLogging: { ignore: (req) => PROBES.has(req.url ?? '') },
      })
    : undefined;
  const front = options.frontDoor?.({
    metrics,
    gate,
    ...(logRequests && { logRequest: (req: IncomingMessage, res: ServerResponse) => logRequests(req, res) }),
  });
  const httpServer = createServer(front ? (req, res) => front(req, res, () => app(req, res)) : app);

  const { gateway, schema } = options.graphql;
  const apollo = new ApolloServer<Context>({
    ...(gateway ? { gateway } : { schema }),
    logger: logger.child({ component: 'graphql' }),
    nodeEnv: config.NODE_ENV,
    csrfPrevention: true,
    introspection: config.GRAPHQL_INTROSPECTION,
    includeStacktraceInErrorResponses: false,
    // "Did you mean …" suggestions name types, fields and arguments: not for anyone in production.
    hideSchemaDetailsFromClientErrors: config.production,
    allowBatchedHttpRequests: false,
    ...(options.graphql.maxTokens && { parseOptions: { maxTokens: options.graphql.maxTokens } }),
    ...(options.graphql.formatError && { formatError: options.graphql.formatError }),
    // main.ts owns the signals: it drains HTTP first, then stops the database.
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: drainMs(config.SHUTDOWN_TIMEOUT_MS) }),
      config.production
        ? ApolloServerPluginLandingPageProductionDefault()
        : ApolloServerPluginLandingPageLocalDefault({ embed: true }),
      // Per-field cache hints are not used (the pipeline caches whole operations); skip their per-field cost.
      ApolloServerPluginCacheControlDisabled(),
      // No Apollo usage reporting here: a federation router's trace requests need not cost per-field hooks.
      ApolloServerPluginInlineTraceDisabled(),
      unavailableStatus(),
      ...(options.graphql.plugins ?? []),
    ],
  });
  await apollo.start();

  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(assignRequestId());
  app.use(
    logRequests ??
      ((req, _res, next) => {
        req.log = logger;
        next();
      }),
  );
  app.use(recordRequestDurations(metrics));
  app.use(gate.admit);
  app.use(healthRoutes(orm, logger));
  if (metricsOnMainPort(config)) app.get('/metrics', serveMetrics(metrics, config.METRICS_TOKEN));
  app.all(
    '/graphql',
    ...(options.graphql.before ?? []),
    jsonBodies,
    expressMiddleware(apollo, { context: ({ req, res }) => options.graphql.context(req, res) }),
    refusedGraphqlBodies,
  );
  options.mount?.(app);

  app.use(notFound);
  app.use(handleErrors(presenters));
  return { app, apollo, httpServer, metrics, refuseNewRequests: gate.shut };
}

/**
 * The part of SHUTDOWN_TIMEOUT_MS that in-flight requests may use; the rest (up to 2 s) is kept for
 * what stops after them: the webhook worker, the audit flush, the pool, the embedded database.
 */
export function drainMs(shutdownTimeoutMs: number): number {
  return shutdownTimeoutMs - Math.min(2_000, shutdownTimeoutMs / 4);
}

/** Polled every few seconds by orchestrators and scrapers: logging each would drown the real traffic. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);
