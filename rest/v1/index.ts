/**
 * The v1 surface at /api/v1: `POST /auth/token`, the OpenAPI document, then every route of document 2
 * behind authentication, the per-key rate limit and idempotent POSTs. Every call is audited; errors,
 * malformed bodies included, take the v1 shape.
 */
import type { ApolloServer } from '@apollo/server';
import { Router, type ErrorRequestHandler } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { GraphqlContext } from '../../resolvers/context.ts';
import { Invalid, MethodNotAllowed, NotFound } from '../../src/domain/errors.ts';
import { admit, auditCalls, authenticate, jsonBodies } from '../../src/pipeline/http.ts';
import type { Pipeline } from '../../src/pipeline/index.ts';
import type { Services } from '../../src/services.ts';
import { compileRoutes, routeTable, type Route } from '../route.ts';
import { presentV1Error, presentV1InternalError } from './errors.ts';
import { idempotentPosts } from './idempotency.ts';
import { v1Routes } from './routes.ts';
import { v1TokenEndpoint } from './token.ts';

export const V1_BASE_PATH = '/api/v1';

export function compileV1Routes(schema: GraphQLSchema): Route[] {
  return compileRoutes(schema, v1Routes);
}

const resourceOfPath = (path: string) => path.split('/').filter(Boolean)[0] ?? 'unknown';

/** Body parsing and unexpected errors in the v1 shape. */
export const v1Errors: ErrorRequestHandler = (error: { status?: number; type?: string; expose?: boolean }, req, res, next) => {
  if (res.headersSent) return next(error);
  if (error.type === 'entity.parse.failed') return presentV1Error(res, new Invalid('body', 'format', 'is not valid JSON'));
  if (error.type === 'entity.too.large') {
    return res.status(413).json({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 100 kB', details: {} } });
  }
  req.log?.error({ err: error }, 'request failed');
  presentV1InternalError(res);
};

export function v1Surface(services: Services, pipeline: Pipeline, apollo: ApolloServer<GraphqlContext>, routes: Route[], openapi: unknown): Router {
  const router = Router();
  router.use(auditCalls(pipeline, 'v1', (req) => resourceOfPath(req.path)));
  router.use(jsonBodies);
  router.post('/auth/token', v1TokenEndpoint(services, pipeline));
  router.all('/auth/token', (_req, res) => presentV1Error(res, new MethodNotAllowed(['POST'])));
  router.get('/openapi.json', (_req, res) => res.json(openapi));
  router.use(authenticate(pipeline, 'v1', presentV1Error));
  router.use(admit(pipeline.limits.v1, presentV1Error));
  router.use(idempotentPosts(services.orm, services.clock, presentV1Error));
  router.use(routeTable(routes, { services, apollo, present: presentV1Error }));
  router.use((_req, res) => presentV1Error(res, new NotFound('Resource')));
  return router;
}
