/**
 * The v1 surface at /api/v1: `POST /auth/token`, the OpenAPI document, then every route of document 2
 * behind authentication, the per-key rate limit and idempotent POSTs. Every call is audited; errors,
 * malformed bodies included, take the v1 shape.
 */
import { Router, type ErrorRequestHandler } from 'express';
import type { GraphQLSchema } from 'graphql';
import { databaseUnavailable } from '../../src/db/pool.ts';
import { DomainError, Invalid, MethodNotAllowed, NotFound } from '../../src/domain/errors.ts';
import { admit, auditCalls, authenticate, jsonBodies } from '../../src/pipeline/http.ts';
import type { Pipeline } from '../../src/pipeline/index.ts';
import type { Executor } from '../../src/pipeline/operations.ts';
import { admitByAddress } from '../../src/pipeline/anonymous-limits.ts';
import { JsonTooDeep, refuseUnstorableInput, unstorableTextAsInvalid } from '../../src/pipeline/input-guards.ts';
import type { Services } from '../../src/services.ts';
import { compileRoutes, resourceOfPath, routeTable, type Route } from '../route.ts';
import { presentV1Error, presentV1InternalError } from './errors.ts';
import { idempotentPosts } from './idempotency.ts';
import { v1Routes } from './routes.ts';
import { v1TokenEndpoint } from './token.ts';

export const V1_BASE_PATH = '/api/v1';

export function compileV1Routes(schema: GraphQLSchema): Route[] {
  return compileRoutes(schema, v1Routes);
}

/** The audit log's resource type of a path no route serves: its first segment. */
const firstSegment = (path: string) => path.split('/').filter(Boolean)[0] ?? 'unknown';

/** Body parsing, the database being away and unexpected errors in the v1 shape. */
export const v1Errors: ErrorRequestHandler = (error: { status?: number; type?: string; expose?: boolean }, req, res, next) => {
  if (res.headersSent) return next(error);
  const known = error instanceof DomainError ? error : databaseUnavailable(error);
  if (known) return presentV1Error(res, known);
  if (error.type === 'entity.parse.failed') return presentV1Error(res, new Invalid('body', 'format', 'is not valid JSON'));
  if (error instanceof JsonTooDeep) return presentV1Error(res, error.invalid);
  if (error.type === 'entity.too.large') {
    return res.status(413).json({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 100 kB', details: {} } });
  }
  const invalid = unstorableTextAsInvalid(error);
  if (invalid instanceof Invalid) return presentV1Error(res, invalid);
  req.log?.error({ err: error }, 'request failed');
  presentV1InternalError(res);
};

export function v1Surface(services: Services, pipeline: Pipeline, executor: Executor, routes: Route[], openapi: unknown): Router {
  const router = Router();
  const resourceOf = resourceOfPath(routes, firstSegment);
  router.use(auditCalls(pipeline, 'v1', (req) => resourceOf(req.path), presentV1Error));
  router.use(jsonBodies);
  router.use(refuseUnstorableInput(routes.map((route) => route.path), presentV1Error));
  router.post('/auth/token', admitByAddress(pipeline.addressLimits.v1Token, presentV1Error), v1TokenEndpoint(services, pipeline));
  router.all('/auth/token', (_req, res) => presentV1Error(res, new MethodNotAllowed(['POST'])));
  router.get('/openapi.json', (_req, res) => res.json(openapi));
  router.use(authenticate(pipeline, 'v1', presentV1Error));
  router.use(admit(pipeline.limits.v1, presentV1Error));
  router.use(routeTable(routes, { pipeline, executor, present: presentV1Error, write: idempotentPosts(services.orm, services.clock, presentV1Error) }));
  router.use((_req, res) => presentV1Error(res, new NotFound('Resource')));
  return router;
}
