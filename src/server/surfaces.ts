/**
 * What this service serves over HTTP: the GraphQL schema with its per-request context and the pipeline's
 * plugins, and the REST surfaces mounted over the same Apollo server.
 */
import { printSubgraphSchema } from '@apollo/subgraph';
import type { Request, Response } from 'express';
import type { GraphqlContext } from '../../resolvers/context.ts';
import { DELIVERY_LOG_TYPE } from '../../resolvers/admin/index.ts';
import { buildSchema, graphqlContext } from '../../resolvers/index.ts';
import { compileM2mRoutes, m2mSurface } from '../../rest/m2m/index.ts';
import { m2mOpenApi } from '../../rest/m2m/openapi.ts';
import { compileV1Routes, V1_BASE_PATH, v1Errors, v1Surface } from '../../rest/v1/index.ts';
import { v1OpenApi } from '../../rest/v1/openapi.ts';
import { graphqlErrorFormatter } from '../pipeline/graphql-errors.ts';
import { pipelinePlugin } from '../pipeline/graphql-plugin.ts';
import { costLimitPlugin, limitRules } from '../pipeline/query-limits.ts';
import { admit, auditCalls, authenticate, callerOf, type ErrorPresenter } from '../pipeline/http.ts';
import { createPipeline, type Pipeline } from '../pipeline/index.ts';
import type { Services } from '../services.ts';
import { createWebhookWorker } from '../webhooks/worker.ts';
import type { AppOptions } from './app.ts';

/** GraphQL errors outside an operation (bad token, rate limit) in the GraphQL response shape. */
const presentGraphqlError: ErrorPresenter = (res, error) => {
  const status = error.code === 'UNAUTHENTICATED' ? 401 : error.code === 'RATE_LIMITED' ? 429 : 400;
  if (error.code === 'RATE_LIMITED') res.setHeader('Retry-After', String(error.details.retryAfter));
  res.status(status).json({ errors: [{ message: error.message, extensions: { code: error.code } }] });
};

export interface Surfaces extends AppOptions<GraphqlContext> {
  pipeline: Pipeline;
}

export async function serviceSurfaces(services: Services): Promise<Surfaces> {
  const { config } = services;
  const schema = buildSchema();
  const pipeline = await createPipeline(services);
  const m2mRoutes = compileM2mRoutes(schema);
  const v1Routes = compileV1Routes(schema);
  // A delivery writes to the log that `webhookDeliveries` reads: cached reads of it are dropped.
  const webhooks = await createWebhookWorker(services, (companyId) => pipeline.cache.invalidate(companyId, [DELIVERY_LOG_TYPE]));
  return {
    pipeline,
    graphql: {
      schema,
      context: async (req: Request, res: Response) => {
        const context = graphqlContext(services, callerOf(res), String(req.id ?? ''));
        // The plugin fills in the operation's action and root fields before the audit entry is written.
        res.locals.audit = context.outcome;
        return context;
      },
      plugins: [costLimitPlugin(schema, config.GRAPHQL_MAX_COST), pipelinePlugin(schema, pipeline.cache)],
      validationRules: limitRules({ maxDepth: config.GRAPHQL_MAX_DEPTH, maxAliases: config.GRAPHQL_MAX_ALIASES, maxCost: config.GRAPHQL_MAX_COST }),
      formatError: graphqlErrorFormatter(services.logger.child({ component: 'graphql' })),
      before: [
        auditCalls(pipeline, 'graphql', () => 'graphql'),
        authenticate(pipeline, 'm2m', presentGraphqlError, { optional: true }),
        admit(pipeline.limits.m2m, presentGraphqlError),
      ],
    },
    mount: (app, apollo) => {
      const sdl = printSubgraphSchema(schema);
      app.get('/graphql/schema.graphql', (_req, res) => res.type('text/plain; charset=utf-8').send(sdl));
      app.use(services.config.M2M_BASE_PATH, m2mSurface(services, pipeline, apollo, m2mRoutes, m2mOpenApi(m2mRoutes, services.config.M2M_BASE_PATH)));
      app.use(V1_BASE_PATH, v1Surface(services, pipeline, apollo, v1Routes, v1OpenApi(v1Routes, V1_BASE_PATH)), v1Errors);
      webhooks.start();
    },
    onClose: async () => {
      await webhooks.stop();
      await pipeline.close();
    },
  };
}
