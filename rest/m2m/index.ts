/**
 * The M2M surface at M2M_BASE_PATH: `POST /token`, the OpenAPI document, then every route of
 * document 1 behind authentication and the client's rate limits. Every call is audited.
 */
import { Router } from 'express';
import type { GraphQLSchema } from 'graphql';
import { MethodNotAllowed, NotFound } from '../../src/domain/errors.ts';
import { admit, auditCalls, authenticate, jsonBodies } from '../../src/pipeline/http.ts';
import type { Pipeline } from '../../src/pipeline/index.ts';
import type { Executor } from '../../src/pipeline/operations.ts';
import { admitByAddress } from '../../src/pipeline/anonymous-limits.ts';
import { refuseUnstorableInput } from '../../src/pipeline/input-guards.ts';
import type { Services } from '../../src/services.ts';
import { compileRoutes, resourceOfPath, routeTable, type Route } from '../route.ts';
import { presentM2mError } from './errors.ts';
import { m2mRoutes } from './routes.ts';
import { tokenEndpoint } from './token.ts';

/** The audit log's resource type of a path no route serves: its first segment. */
const firstSegment = (path: string) => path.split('/').filter(Boolean)[0] ?? 'unknown';

export function compileM2mRoutes(schema: GraphQLSchema): Route[] {
  return compileRoutes(schema, m2mRoutes);
}

export function m2mSurface(services: Services, pipeline: Pipeline, executor: Executor, routes: Route[], openapi: unknown): Router {
  const router = Router();
  const resourceOf = resourceOfPath(routes, firstSegment);
  router.use(auditCalls(pipeline, 'm2m', (req) => resourceOf(req.path), presentM2mError));
  router.use(jsonBodies);
  router.post('/token', admitByAddress(pipeline.addressLimits.m2mToken, presentM2mError), ...tokenEndpoint(services, pipeline));
  router.all('/token', (_req, res) => presentM2mError(res, new MethodNotAllowed(['POST'])));
  router.get('/openapi.json', (_req, res) => res.json(openapi));
  router.use(refuseUnstorableInput(routes.map((route) => route.path), presentM2mError));
  router.use(authenticate(pipeline, 'm2m', presentM2mError));
  router.use(admit(pipeline.limits.m2m, presentM2mError));
  router.use(routeTable(routes, { pipeline, executor, present: presentM2mError }));
  router.use((_req, res) => presentM2mError(res, new NotFound('Resource')));
  return router;
}
