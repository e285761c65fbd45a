/**
 * What this service serves over HTTP: the GraphQL schema with its per-request context and the pipeline's
 * plugin and executor, and the REST surfaces over the same schema, executor and pipeline.
 */
import { printSubgraphSchema } from '@apollo/subgraph';
import type { Request, Response } from 'express';
import type { GraphqlContext } from '../../resolvers/context.ts';
import { DELIVERY_LOG_TYPE } from '../../resolvers/admin/index.ts';
import { buildSchema } from '../../resolvers/index.ts';
import { presentM2mError } from '../../rest/m2m/errors.ts';
import { compileM2mRoutes, m2mSurface } from '../../rest/m2m/index.ts';
import { serveOauthMetadata } from '../../rest/m2m/oauth-metadata.ts';
import { m2mOpenApi } from '../../rest/m2m/openapi.ts';
import { cacheHits } from '../../rest/hits.ts';
import { presentV1Error } from '../../rest/v1/errors.ts';
import { compileV1Routes, V1_BASE_PATH, v1Errors, v1Surface } from '../../rest/v1/index.ts';
import { v1OpenApi } from '../../rest/v1/openapi.ts';
import { graphqlErrorFormatter } from '../pipeline/graphql-errors.ts';
import { graphqlPipeline } from '../pipeline/graphql-plugin.ts';
import { admit, auditCalls, authenticate, callerOf, type ErrorPresenter } from '../pipeline/http.ts';
import { createPipeline, type Pipeline } from '../pipeline/index.ts';
import { Executor } from '../pipeline/operations.ts';
import { admitAnonymousByAddress, isApiCaller } from '../pipeline/anonymous-limits.ts';
import { authenticateConsole, consoleExchange } from '../pipeline/console.ts';
import { unstorableInputPlugin } from '../pipeline/input-guards.ts';
import type { Services } from '../services.ts';
import { createWebhookWorker } from '../webhooks/worker.ts';
import type { AppOptions } from './app.ts';
import { graphqlExplorerPage, mountConsole } from './console-routes.ts';

/** GraphQL errors outside an operation (bad token, rate limit) in the GraphQL response shape. */
export const presentGraphqlError: ErrorPresenter = (res, error) => {
  const status = error.code === 'UNAUTHENTICATED' ? 401 : error.code === 'RATE_LIMITED' ? 429 : error.code === 'SERVICE_UNAVAILABLE' ? 503 : 400;
  if (error.code === 'RATE_LIMITED' || error.code === 'SERVICE_UNAVAILABLE') res.setHeader('Retry-After', String(error.details.retryAfter));
  res.status(status).json({ errors: [{ message: error.message, extensions: { code: error.code } }] });
};

export interface Surfaces extends AppOptions<GraphqlContext> {
  pipeline: Pipeline;
}

export async function serviceSurfaces(services: Services): Promise<Surfaces> {
  const { config } = services;
  const schema = buildSchema();
  const executor = new Executor(schema);
  const pipeline = await createPipeline(services);
  const m2mRoutes = compileM2mRoutes(schema);
  const v1Routes = compileV1Routes(schema);
  const graphql = graphqlPipeline({
    schema,
    executor,
    cache: pipeline.cache,
    production: config.production,
    limits: {
      maxDepth: config.GRAPHQL_MAX_DEPTH,
      maxAliases: config.GRAPHQL_MAX_ALIASES,
      maxCost: config.GRAPHQL_MAX_COST,
      maxTokens: config.GRAPHQL_MAX_TOKENS,
    },
  });
  // A delivery writes to the log that `webhookDeliveries` reads: cached reads of it are dropped.
  const webhooks = await createWebhookWorker(services, (companyId) => pipeline.cache.invalidate(companyId, [DELIVERY_LOG_TYPE]));
  const sdlReaders = [authenticate(pipeline, 'm2m', presentGraphqlError, { optional: !config.production })];
  return {
    pipeline,
    errorPresenters: { '/graphql': presentGraphqlError, [config.M2M_BASE_PATH]: presentM2mError, [V1_BASE_PATH]: presentV1Error },
    graphql: {
      schema,
      gateway: graphql.gateway,
      context: async (req: Request, res: Response) => {
        const context = pipeline.context(callerOf(res), String(req.id ?? ''));
        context.console = consoleExchange(services, pipeline, req, res);
        // The plugin fills in the operation's action, root fields and denials before the audit entry is written.
        res.locals.audit = context.outcome;
        return context;
      },
      plugins: [unstorableInputPlugin(), graphql.plugin],
      maxTokens: config.GRAPHQL_MAX_TOKENS,
      formatError: graphqlErrorFormatter(services.logger.child({ component: 'graphql' })),
      before: [
        graphqlExplorerPage(services),
        auditCalls(pipeline, 'graphql', () => 'graphql', presentGraphqlError),
        authenticate(pipeline, 'm2m', presentGraphqlError, { optional: true }),
        authenticateConsole(services),
        admit(pipeline.limits.m2m, presentGraphqlError, (_req, res) => (isApiCaller(res) ? callerOf(res)!.id : undefined)),
        admitAnonymousByAddress(pipeline.addressLimits.anonymousGraphql, presentGraphqlError),
      ],
    },
    frontDoor: (tools) =>
      cacheHits(
        pipeline,
        [
          { base: config.M2M_BASE_PATH, surface: 'm2m', routes: m2mRoutes, limits: pipeline.limits.m2m },
          { base: V1_BASE_PATH, surface: 'v1', routes: v1Routes, limits: pipeline.limits.v1 },
        ],
        tools,
      ),
    mount: (app) => {
      const sdl = printSubgraphSchema(schema);
      // In production the schema is not for anyone who asks: it needs a token, as `_service { sdl }` does.
      app.get('/graphql/schema.graphql', auditCalls(pipeline, 'graphql', () => 'schema', presentGraphqlError), ...sdlReaders, (_req, res) => {
        res.type('text/plain; charset=utf-8').send(sdl);
      });
      mountConsole(app, services, pipeline, presentGraphqlError);
      serveOauthMetadata(app, config.M2M_BASE_PATH);
      app.use(config.M2M_BASE_PATH, m2mSurface(services, pipeline, executor, m2mRoutes, m2mOpenApi(m2mRoutes, config.M2M_BASE_PATH)));
      app.use(V1_BASE_PATH, v1Surface(services, pipeline, executor, v1Routes, v1OpenApi(v1Routes, V1_BASE_PATH)), v1Errors);
      webhooks.start();
    },
    onClose: async () => {
      await webhooks.stop();
      await pipeline.close();
    },
  };
}
