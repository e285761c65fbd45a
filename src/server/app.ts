/**
 * The HTTP application. Every request gets an id, a log line and a duration in the metrics; a stopping
 * server refuses new ones. The API doors (the REST surfaces, /graphql, the token endpoints, the console's
 * export) are found by one router (find-my-way) and served through the operation pipeline; a path under a
 * surface that no door serves, or that cannot be decoded, is answered in that surface's shape. Everything
 * else (probes, metrics, the console's pages) is Express's, which ends in a JSON 404 and never shows a stack.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import FindMyWay from 'find-my-way';
import type { GraphQLFormattedError, GraphQLSchema } from 'graphql';
import { pinoHttp } from 'pino-http';
import { ApolloServer, type ApolloServerOptionsWithGateway, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginLandingPageLocalDefault,
  ApolloServerPluginLandingPageProductionDefault,
} from '@apollo/server/plugin/landingPage/default';
import { operatorWarnings } from '../config.ts';
import { Invalid } from '../domain/errors.ts';
import { createMetrics, type Metrics } from '../metrics.ts';
import type { ErrorShape } from '../pipeline/call.ts';
import { pathOf, REQUEST_ID_HEADER, type Endpoint, type Request } from '../pipeline/http.ts';
import type { Services } from '../services.ts';
import { corsFor, parseOrigins } from './cors.ts';
import { handleErrors, notFound, plainErrors } from './errors.ts';
import { healthRoutes } from './health.ts';
import { metricsOnMainPort, serveMetrics } from './metrics-endpoint.ts';
import { requestIdOf } from './request-id.ts';
import { stopGate } from './stop-gate.ts';

/** An endpoint of the router: its methods, its path (find-my-way syntax: `/m2m/customer/:id`) and its door. */
export interface EndpointSpec {
  methods: string[];
  path: string;
  endpoint: Endpoint;
}

/** A mount of API doors (`/m2m`): its error shape, and the door of the paths under it that no endpoint serves. */
export interface MountedSurface {
  prefix: string;
  errors: ErrorShape;
  unknown?: Endpoint;
}

export interface AppOptions<Context extends BaseContext = BaseContext> {
  graphql: {
    schema: GraphQLSchema;
    /** Executes operations in place of Apollo Server's own execution (the pipeline's executor). */
    gateway?: ApolloServerOptionsWithGateway<Context>['gateway'];
    /** The operation pipeline's Apollo plugins (limits, scopes, cache). */
    plugins?: ApolloServerPlugin<Context>[];
    formatError?: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
    /** Lexical tokens a document may have: longer documents are refused while they are parsed. */
    maxTokens?: number;
  };
  /** The API doors, given the started Apollo Server. */
  endpoints: (apollo: ApolloServer<Context>) => EndpointSpec[];
  /** Each surface's mount: the shape of its errors when no door answers (a stopping server, an undecodable path). */
  surfaces: MountedSurface[];
  /** Further Express routes (the console's pages), before the JSON 404. */
  mount?: (app: Express) => void;
  /** Runs once the HTTP server has drained (flushes the audit log, closes shared stores). */
  onClose?: () => Promise<void>;
  /** Serves the HTTP server's upgrade requests (live changes over WebSocket: src/live); closed first when the server stops. */
  upgrades?: (httpServer: Server) => Promise<{ close(): Promise<void> }>;
}

export interface App<Context extends BaseContext = BaseContext> {
  app: Express;
  apollo: ApolloServer<Context>;
  /** Not yet listening. Apollo's stop() drains it: see startServer. */
  httpServer: Server;
  metrics: Metrics;
  /** From now on, new requests are refused and running ones close their connection when answered. */
  refuseNewRequests: () => void;
  /** Closes the upgraded connections (WebSockets), which the HTTP server's drain does not end. */
  closeUpgrades: () => Promise<void>;
}

/** Polled every few seconds by orchestrators and scrapers: logging each would drown the real traffic. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/** Builds the application and starts Apollo (which must run before its doors serve). */
export async function createApp<Context extends BaseContext>(services: Services, options: AppOptions<Context>): Promise<App<Context>> {
  const { config, logger, orm } = services;
  const app = express();
  const metrics = createMetrics(orm);
  const surfaces = [...options.surfaces].sort((a, b) => b.prefix.length - a.prefix.length);
  const surfaceOf = (path: string) => surfaces.find((s) => path === s.prefix || path.startsWith(`${s.prefix}/`));
  const errorsOf = (path: string) => surfaceOf(path)?.errors ?? plainErrors;
  const gate = stopGate(errorsOf);
  const crossOrigin = corsFor(parseOrigins(config.CORS_ORIGINS));
  // With logs off, a per-request child logger (bindings serialised, redaction prepared) is work for nothing.
  const logRequests = logger.isLevelEnabled('fatal')
    ? pinoHttp({
        logger,
        quietReqLogger: true,
        genReqId: (req) => (req as Request).id,
        // A query string may carry a credential (the console's CSV export link carries its csrf token).
        serializers: { req: (req: { url?: string }) => ({ ...req, url: req.url?.replace(/([?&]csrf=)[^&]*/g, '$1[redacted]') }) },
        customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
        autoLogging: { ignore: (req) => PROBES.has(req.url ?? '') },
      })
    : undefined;

  const router = FindMyWay({
    ignoreTrailingSlash: true,
    maxParamLength: 1000,
    onBadUrl: (path, req, res) => {
      const surface = surfaceOf(pathOf(path));
      if (surface?.unknown) return surface.unknown(req as Request, res, { undecodable: 'true' });
      undecodable(req as Request, res, errorsOf(pathOf(path)));
    },
  });
  const labels = new Map<Endpoint, string>();
  const httpServer = createServer((incoming, res) => {
    const req = incoming as Request;
    const started = performance.now();
    req.id = requestIdOf(req.headers['x-request-id']);
    logRequests?.(req, res);
    if (!gate.enter(req, res)) return;
    const path = pathOf(req.url);
    // A browser's call from another origin: its preflight is answered before any door sees it.
    if (req.headers.origin !== undefined && surfaceOf(path) && crossOrigin(req, res)) return;
    const found = router.find(req.method as 'GET', path);
    const surface = found ? undefined : surfaceOf(path);
    // Series are labelled by route pattern, never by the raw URL, so they stay bounded.
    const route = found ? (labels.get(found.handler as Endpoint) ?? 'undecodable') : surface ? `${surface.prefix}/*` : undefined;
    res.once('finish', () => {
      const framework = req as Request & { route?: { path?: string | RegExp }; baseUrl?: string };
      const label = route ?? (framework.route?.path !== undefined ? `${framework.baseUrl ?? ''}${String(framework.route.path)}` : 'unmatched');
      metrics.observe(req.method ?? 'GET', label, res.statusCode, (performance.now() - started) / 1000);
    });
    // The doors echo the request id with their answer's other headers; the framework's answers, here.
    if (found) return (found.handler as Endpoint)(req, res, found.params);
    if (surface?.unknown) return surface.unknown(req, res, {});
    res.setHeader(REQUEST_ID_HEADER, req.id);
    app(req, res);
  });
  httpServer.keepAliveTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_MS;

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
      ...(options.graphql.plugins ?? []),
    ],
  });
  await apollo.start();
  const upgrades = await options.upgrades?.(httpServer);
  for (const { methods, path, endpoint } of options.endpoints(apollo)) {
    router.on(methods as never, path, endpoint as never);
    labels.set(endpoint, path);
  }

  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use((req, _res, next) => {
    req.log ??= logger;
    next();
  });
  app.use(healthRoutes(orm, logger, operatorWarnings(config)));
  if (metricsOnMainPort(config)) app.get('/metrics', serveMetrics(metrics, config.METRICS_TOKEN));
  options.mount?.(app);
  app.use(notFound);
  app.use(handleErrors);
  return { app, apollo, httpServer, metrics, refuseNewRequests: gate.shut, closeUpgrades: async () => upgrades?.close() };
}

/** A path whose percent-encoding does not decode, outside any door: 400, as plain JSON or the surface's shape. */
function undecodable(req: Request, res: ServerResponse, errors: ErrorShape): void {
  const reply = errors.present(new Invalid('path', 'format', 'is not a valid URL: a percent-encoded sequence does not decode to UTF-8'));
  res.writeHead(reply.status, { [REQUEST_ID_HEADER]: req.id, 'Content-Type': 'application/json; charset=utf-8', ...reply.headers });
  res.end(reply.body);
}

/**
 * The part of SHUTDOWN_TIMEOUT_MS that in-flight requests may use; the rest (up to 2 s) is kept for
 * what stops after them: the webhook worker, the audit flush, the pool, the embedded database.
 */
export function drainMs(shutdownTimeoutMs: number): number {
  return shutdownTimeoutMs - Math.min(2_000, shutdownTimeoutMs / 4);
}
