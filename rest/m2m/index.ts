/**
 * The M2M surface at M2M_BASE_PATH: `POST /token`, the OpenAPI document and the OAuth metadata, then every
 * route of document 1 behind authentication and the client's rate limits. Every call is audited.
 */
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { Pipeline } from '../../src/pipeline/index.ts';
import { compileRoutes, openEndpoints, resourceOfPath, restEndpoints, type EndpointSpec, type RestSurface, type Route } from '../route.ts';
import { m2mErrors } from './errors.ts';
import { oauthMetadataEndpoints } from './oauth-metadata.ts';
import { m2mOpenApi } from './openapi.ts';
import { m2mRoutes } from './routes.ts';
import { tokenEndpoint } from './token.ts';

/** The audit log's resource type of a path no route serves: its first segment. */
const firstSegment = (path: string) => path.split('/').filter(Boolean)[0] ?? 'unknown';

export function compileM2mRoutes(schema: GraphQLSchema): Route[] {
  return compileRoutes(schema, m2mRoutes);
}

export function m2mSurface(pipeline: Pipeline, routes: Route[], logger: Logger): { surface: RestSurface; endpoints: EndpointSpec[] } {
  const base = pipeline.services.config.M2M_BASE_PATH;
  const surface: RestSurface = {
    name: 'm2m',
    base,
    errors: m2mErrors,
    limits: pipeline.limits.m2m,
    routes,
    resourceOf: resourceOfPath(routes, firstSegment),
  };
  const options = { pipeline, surface, logger };
  const endpoints: EndpointSpec[] = [
    { methods: ['POST'], path: `${base}/token`, endpoint: tokenEndpoint(pipeline, logger) },
    ...openEndpoints(options, { '/openapi.json': m2mOpenApi(routes, base) }, '/token'),
    ...oauthMetadataEndpoints(pipeline, base),
    ...restEndpoints(options),
  ];
  return { surface, endpoints };
}
