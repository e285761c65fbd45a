/**
 * The v1 surface at /api/v1: `POST /auth/token` and the OpenAPI document, then every route of document 2
 * behind authentication, the per-key rate limit and idempotent POSTs. Every call is audited; errors,
 * malformed bodies included, take the v1 shape.
 */
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { Pipeline } from '../../src/pipeline/index.ts';
import { compileRoutes, openEndpoints, resourceOfPath, restEndpoints, type EndpointSpec, type RestSurface, type Route } from '../route.ts';
import { v1Errors } from './errors.ts';
import { v1OpenApi } from './openapi.ts';
import { v1Routes } from './routes.ts';
import { v1TokenEndpoint } from './token.ts';

export const V1_BASE_PATH = '/api/v1';

export function compileV1Routes(schema: GraphQLSchema): Route[] {
  return compileRoutes(schema, v1Routes);
}

/** The audit log's resource type of a path no route serves: its first segment. */
const firstSegment = (path: string) => path.split('/').filter(Boolean)[0] ?? 'unknown';

export function v1Surface(pipeline: Pipeline, routes: Route[], logger: Logger): { surface: RestSurface; endpoints: EndpointSpec[] } {
  const surface: RestSurface = {
    name: 'v1',
    base: V1_BASE_PATH,
    errors: v1Errors,
    limits: pipeline.limits.v1,
    routes,
    idempotentPosts: true,
    resourceOf: resourceOfPath(routes, firstSegment),
  };
  const options = { pipeline, surface, logger };
  const endpoints: EndpointSpec[] = [
    { methods: ['POST'], path: `${V1_BASE_PATH}/auth/token`, endpoint: v1TokenEndpoint(pipeline, logger) },
    ...openEndpoints(options, { '/openapi.json': v1OpenApi(routes, V1_BASE_PATH) }, '/auth/token'),
    ...restEndpoints(options),
  ];
  return { surface, endpoints };
}
