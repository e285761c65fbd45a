/**
 * What this service serves over HTTP: the GraphQL schema and the pipeline, and the doors over them: the two
 * REST surfaces, /graphql (and its SDL), the console's export, and the background webhook worker.
 */
import type { ApolloServer } from '@apollo/server';
import { printApiSchema } from '../../resolvers/federation.ts';
import { buildSchema } from '../../resolvers/index.ts';
import { compileM2mRoutes, m2mSurface } from '../../rest/m2m/index.ts';
import { m2mErrors } from '../../rest/m2m/errors.ts';
import { unknownPaths, type RestSurface } from '../../rest/route.ts';
import { v1Errors } from '../../rest/v1/errors.ts';
import { compileV1Routes, V1_BASE_PATH, v1Surface } from '../../rest/v1/index.ts';
import { authenticateBearer } from '../pipeline/authenticate.ts';
import type { GraphqlContext } from '../pipeline/context.ts';
import { admitToGraphql, graphqlEndpoint, graphqlErrors, graphqlPipeline } from '../pipeline/graphql.ts';
import { DocumentLimits } from '../pipeline/document-limits.ts';
import { graphqlErrorFormatter } from '../pipeline/graphql-errors.ts';
import { createPipeline, type Pipeline } from '../pipeline/index.ts';
import { door } from '../pipeline/run.ts';
import type { Services } from '../services.ts';
import { startSubscriptionRenewals, type RenewalWorker } from '../subscriptions/worker.ts';
import { createWebhookWorker } from '../webhooks/worker.ts';
import type { AppOptions, EndpointSpec } from './app.ts';
import { auditExportEndpoint, graphqlExplorerPage, mountConsole } from './console-routes.ts';

export interface Surfaces extends AppOptions<GraphqlContext> {
  pipeline: Pipeline;
  /** The REST surfaces, whose doors further endpoints (tests' own) can take. */
  rest: { m2m: RestSurface; v1: RestSurface };
}

export async function serviceSurfaces(services: Services): Promise<Surfaces> {
  const { config, logger } = services;
  const schema = buildSchema({ federationAuthorization: config.GRAPHQL_FEDERATION_AUTHORIZATION });
  const pipeline = await createPipeline(services, schema);
  const m2m = m2mSurface(pipeline, compileM2mRoutes(schema), logger);
  const v1 = v1Surface(pipeline, compileV1Routes(schema), logger);
  const graphql = graphqlPipeline({
    pipeline,
    schema,
    production: config.production,
    limits: {
      maxDepth: config.GRAPHQL_MAX_DEPTH,
      maxAliases: config.GRAPHQL_MAX_ALIASES,
      maxCost: config.GRAPHQL_MAX_COST,
      maxTokens: config.GRAPHQL_MAX_TOKENS,
    },
  });
  const webhooks = await createWebhookWorker(services);
  let renewals: RenewalWorker | undefined;
  const sdl = printApiSchema(schema);
  const documents = new DocumentLimits({ maxTokens: config.GRAPHQL_MAX_TOKENS });
  const endpoints = (apollo: ApolloServer<GraphqlContext>): EndpointSpec[] => [
    ...m2m.endpoints,
    ...v1.endpoints,
    { methods: ['GET', 'POST'], path: '/graphql', endpoint: graphqlEndpoint({ pipeline, apollo, logger, documents, explorer: graphqlExplorerPage(services) }) },
    { methods: ['GET', 'HEAD'], path: '/graphql/schema.graphql', endpoint: schemaEndpoint(pipeline, sdl) },
    auditExportEndpoint(pipeline, logger),
  ];
  return {
    pipeline,
    rest: { m2m: m2m.surface, v1: v1.surface },
    graphql: {
      schema,
      gateway: graphql.gateway,
      plugins: [graphql.plugin],
      maxTokens: config.GRAPHQL_MAX_TOKENS,
      formatError: graphqlErrorFormatter(logger.child({ component: 'graphql' })),
    },
    endpoints,
    surfaces: [
      { prefix: config.M2M_BASE_PATH, errors: m2mErrors, unknown: unknownPaths({ pipeline, surface: m2m.surface, logger }) },
      { prefix: V1_BASE_PATH, errors: v1Errors, unknown: unknownPaths({ pipeline, surface: v1.surface, logger }) },
      { prefix: '/graphql', errors: graphqlErrors },
    ],
    mount: (app) => {
      mountConsole(app, services);
      webhooks.start();
      renewals = startSubscriptionRenewals(services);
    },
    onClose: async () => {
      await Promise.all([webhooks.stop(), renewals?.stop()]);
      await pipeline.close();
    },
  };

  /** The API schema, for client tooling (the subgraph's SDL is `_service { sdl }`): in production, for callers with a token only. */
  function schemaEndpoint(p: Pipeline, text: string): EndpointSpec['endpoint'] {
    return door(p, { surface: 'graphql', resource: 'schema', errors: graphqlErrors, logger }, async (call, req) => {
      await authenticateBearer(p, call, 'm2m', req.headers.authorization, !config.production);
      await admitToGraphql(p, call);
      return { status: 200, body: text, type: 'text/plain; charset=utf-8' };
    });
  }
}
