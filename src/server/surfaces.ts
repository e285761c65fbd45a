/**
 * What this service serves over HTTP: the GraphQL schema and the pipeline, and the doors over them: the two
 * REST surfaces, /graphql (and its SDL, and its live changes over WebSocket), the console's export, and the
 * background job worker (src/jobs.ts).
 */
import { printSubgraphSchema } from '@apollo/subgraph';
import type { ApolloServer } from '@apollo/server';
import { buildSchema } from '../../resolvers/index.ts';
import { compileM2mRoutes, m2mSurface } from '../../rest/m2m/index.ts';
import { m2mErrors } from '../../rest/m2m/errors.ts';
import { unknownPaths, type RestSurface } from '../../rest/route.ts';
import { v1Errors } from '../../rest/v1/errors.ts';
import { compileV1Routes, V1_BASE_PATH, v1Surface } from '../../rest/v1/index.ts';
import { authenticateBearer } from '../pipeline/authenticate.ts';
import { admitToGraphql, graphqlDoor, graphqlErrors, type ApolloContext } from '../pipeline/graphql.ts';
import { attachLive } from '../live/server.ts';
import { DocumentLimits } from '../pipeline/document-limits.ts';
import { graphqlErrorFormatter } from '../pipeline/graphql-errors.ts';
import { createPipeline, type Pipeline } from '../pipeline/index.ts';
import { door, readParams } from '../pipeline/run.ts';
import { createJobRunner } from '../jobs.ts';
import type { Services } from '../services.ts';
import type { AppOptions, EndpointSpec } from './app.ts';
import { auditExportEndpoint, graphqlExplorerPage, mountConsole } from './console-routes.ts';

export interface Surfaces extends AppOptions<ApolloContext> {
  pipeline: Pipeline;
  /** The REST surfaces, whose doors further endpoints (tests' own) can take. */
  rest: { m2m: RestSurface; v1: RestSurface };
}

export async function serviceSurfaces(services: Services): Promise<Surfaces> {
  const { config, logger } = services;
  const schema = buildSchema();
  const pipeline = await createPipeline(services, schema);
  const m2m = m2mSurface(pipeline, compileM2mRoutes(schema), logger);
  const v1 = v1Surface(pipeline, compileV1Routes(schema), logger);
  const jobs = await createJobRunner(services);
  const sdl = printSubgraphSchema(schema);
  const documents = new DocumentLimits({ maxTokens: config.GRAPHQL_MAX_TOKENS });
  const graphql = graphqlDoor({
    pipeline,
    schema,
    production: config.production,
    limits: {
      maxDepth: config.GRAPHQL_MAX_DEPTH,
      maxAliases: config.GRAPHQL_MAX_ALIASES,
      maxCost: config.GRAPHQL_MAX_COST,
      maxTokens: config.GRAPHQL_MAX_TOKENS,
    },
    logger,
    documents,
    explorer: graphqlExplorerPage(services),
  });
  const endpoints = (apollo: ApolloServer<ApolloContext>): EndpointSpec[] => [
    ...m2m.endpoints,
    ...v1.endpoints,
    { methods: ['GET', 'POST'], path: '/graphql', endpoint: graphql.endpoint(apollo) },
    { methods: ['GET', 'HEAD'], path: '/graphql/schema.graphql', endpoint: schemaEndpoint(pipeline, sdl) },
    auditExportEndpoint(pipeline, logger),
  ];
  return {
    pipeline,
    rest: { m2m: m2m.surface, v1: v1.surface },
    graphql: {
      schema,
      gateway: graphql.gateway,
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
      jobs.start();
    },
    upgrades: (httpServer) => attachLive(httpServer, { pipeline, schema, documents, logger }),
    onClose: async () => {
      await jobs.stop();
      await pipeline.close();
    },
  };

  /** The subgraph's SDL, for federation tooling: in production, for callers with a token only, as `_service { sdl }`. */
  function schemaEndpoint(p: Pipeline, text: string): EndpointSpec['endpoint'] {
    return door(p, {
      surface: 'graphql',
      resource: 'schema',
      errors: graphqlErrors,
      logger,
      authenticate: (call, req) => authenticateBearer(p, call, 'm2m', req.headers.authorization, !config.production),
      admit: (call) => admitToGraphql(p, call),
      read: readParams,
      serve: () => Promise.resolve({ status: 200, body: text, type: 'text/plain; charset=utf-8' }),
    });
  }
}
