/**
 * A REST route is a declaration: method, path, the GraphQL document it runs, how the request becomes
 * variables and how the result becomes the documented response. Documents are prepared when the surface
 * is mounted (parsed, validated, analysed: a bad one stops the start), and each route's required scope is
 * derived from its document. Per request the prepared document runs through the pipeline's steps
 * (src/pipeline/run.ts): the surface's door reads the request, then authenticate, admit, and the operation.
 */
import { coerceInputValue, typeFromAST, type ExecutionResult, type GraphQLError, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { parse as parseQuery } from 'node:querystring';
import etag from 'etag';
import type { Logger } from 'pino';
import { DomainError, Invalid, MethodNotAllowed, NotFound, type Rule } from '../src/domain/errors.ts';
import { admit } from '../src/pipeline/admit.ts';
import { authenticateBearer } from '../src/pipeline/authenticate.ts';
import type { Call, ErrorShape, Reply } from '../src/pipeline/call.ts';
import { databaseUnavailable } from '../src/pipeline/database.ts';
import { domainErrorOf, prepareOperation, type PreparedOperation } from '../src/pipeline/execute.ts';
import { pathOf, readBody, type Endpoint, type Request } from '../src/pipeline/http.ts';
import { claim, idempotentRequest, keep } from '../src/pipeline/idempotency.ts';
import type { Pipeline } from '../src/pipeline/index.ts';
import { inputProblem, pathProblem, unstorableTextAsInvalid } from '../src/pipeline/input-guards.ts';
import { inputTooLong } from '../src/pipeline/input-lengths.ts';
import type { ClientLimits } from '../src/pipeline/limits.ts';
import { door, operate, presentRefusal, type CachedAs, type Operation } from '../src/pipeline/run.ts';
import type { Surface } from '../src/pipeline/tokens.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RestReply {
  status?: number;
  body: unknown;
}

/** What a route reads of a request to make its variables. */
export interface RouteInput {
  query: Record<string, string | string[] | undefined>;
  params: Record<string, string | undefined>;
  body: unknown;
}

export interface RouteDeclaration<Data = any> {
  method: Method;
  /** Path with `:name` parameters: `/customer/:id/profile`. */
  path: string;
  /** What the audit log calls the resource. */
  resource: string;
  document: string;
  /** Request -> variables; throws Invalid naming the parameter for bad input. */
  variables?: (req: RouteInput) => Record<string, unknown>;
  /** Result -> documented response (its body, or a RestReply); throws NotFound when the resource is missing. */
  respond: (data: Data) => unknown;
  /** GraphQL argument names that the surface spells differently, for error messages: `{ startDate: 'start_date' }`. */
  parameterNames?: Record<string, string>;
}

export interface Route extends RouteDeclaration {
  operation: PreparedOperation;
  /** Derived from the document: the scopes of the fields it selects. */
  scopes: string[];
  /** A GET of a query: its answers are cached (src/pipeline/cache.ts) under `GET /path`. */
  cached?: CachedAs<Reply, StoredReply>;
}

/** GraphQL's argument of a whole request body, as REST names it. */
const BODY_NAMES = { input: 'body' };

/** Prepares every document; throws (and so stops the start) on the first bad one. */
export function compileRoutes(schema: GraphQLSchema, declarations: RouteDeclaration[]): Route[] {
  return declarations.map((declaration) => {
    const operation = prepareOperation(schema, declaration.document, `${declaration.method} ${declaration.path}`);
    const cached = declaration.method === 'GET' && operation.analysis.kind === 'query' ? cachedAs(`GET ${declaration.path}`) : undefined;
    return { ...declaration, operation, scopes: operation.scopes, ...(cached && { cached }) };
  });
}

const isReply = (value: unknown): value is RestReply =>
  !!value && typeof value === 'object' && 'body' in value && Object.keys(value).every((k) => k === 'body' || k === 'status');

/** An Invalid in a surface's parameter names (`startDate` -> `start_date`). */
function renamed(error: Invalid, names: Record<string, string>): Invalid {
  const rename = (text: string) => Object.entries(names).reduce((t, [name, surfaceName]) => t.replace(new RegExp(`\\b${name}\\b`, 'g'), surfaceName), text);
  const field = rename(error.field);
  const detail = rename(error.detail);
  return field === error.field && detail === error.detail ? error : new Invalid(field, error.rule, detail);
}

/**
 * A route's variables, coerced by the schema's own rules (its scalars, enums and input types) before the
 * operation runs; a value they refuse is an Invalid naming the variable (and the place inside it).
 */
function coerced(schema: GraphQLSchema, operation: PreparedOperation, variables: Record<string, unknown>): void {
  for (const definition of operation.analysis.operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const value = variables[name];
    if (value === undefined) continue;
    const type = typeFromAST(schema, definition.type as never) as GraphQLInputType;
    coerceInputValue(value, type, (path, _invalid, error) => {
      const original = error.originalError;
      if (original instanceof Invalid) throw original;
      const field = [name, ...path].map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').slice(1);
      const rule = ((error.extensions?.rule as Rule | undefined) ?? 'format');
      throw new Invalid(field, rule, (original ?? error).message);
    });
  }
}

/** The first error of a route's result as the vocabulary, in the surface's parameter names. */
function errorOf(error: GraphQLError, names: Record<string, string>): DomainError {
  const original = domainErrorOf(error) ?? databaseUnavailable(error.originalError) ?? unstorableTextAsInvalid(error.originalError);
  if (original instanceof Invalid) return renamed(original, names);
  if (original instanceof DomainError) return original;
  throw Object.assign(new Error(`operation failed: ${error.message}`), { cause: error.originalError ?? error });
}

/** A stored REST answer: the bytes sent the first time, and their entity tag (Express's: weak, of the bytes). */
interface StoredReply {
  status: number;
  body: Buffer;
  etag: string;
}

/** A cached route's answers are kept as bytes with their entity tag, and replayed as such. */
function cachedAs(operation: string): CachedAs<Reply, StoredReply> {
  return {
    operation,
    ordered: true,
    keep: (reply) => {
      if (reply.body === null) return undefined;
      const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
      return { status: reply.status, body, etag: etag(body, { weak: true }) };
    },
    replay: (stored) => ({ status: stored.status, body: stored.body, headers: { ETag: stored.etag } }),
    status: (stored) => stored.status,
  };
}

/** What a REST surface is: its mount path, error shape, token audience and limits. */
export interface RestSurface {
  name: Surface;
  base: string;
  errors: ErrorShape;
  limits: ClientLimits;
  routes: readonly Route[];
  /** POSTs that send `Idempotency-Key` are idempotent (v1). */
  idempotentPosts?: boolean;
  /** The audit log's resource of a path no route serves. */
  resourceOf(path: string): string;
}

/** An endpoint of the HTTP server: method, full path (`/m2m/customer/:id`) and what serves it. */
export interface EndpointSpec {
  methods: string[];
  path: string;
  endpoint: Endpoint;
}

export interface RestDoorOptions {
  pipeline: Pipeline;
  surface: RestSurface;
  logger: Logger;
}

/**
 * The door of one of the surface's paths: the bearer token (step 1), the surface's limits for its client or
 * key (2), then the request (3: its body, then NUL and nesting checks on path, query and body), and `steps`
 * (the route's operation, or a refusal of a method or path no route serves). `open`: anyone's, no token
 * read; `raw`: refused as it came, nothing read.
 */
export function surfaceDoor(
  { pipeline, surface, logger }: RestDoorOptions,
  resource: string,
  steps: (call: Call, input: RouteInput, req: Request) => Promise<Reply>,
  { open = false, raw = false }: { open?: boolean; raw?: boolean } = {},
): Endpoint {
  const routePaths = surface.routes.map((route) => route.path);
  const known = !open && !raw;
  return door<RouteInput>(pipeline, {
    surface: surface.name,
    resource,
    errors: surface.errors,
    logger,
    // Who is calling, and whether it may, before anything it sent is read: a malformed body of no one is 401.
    ...(known && {
      authenticate: (call, req) => authenticateBearer(pipeline, call, surface.name, req.headers.authorization),
      admit: (call) => admit(call, surface.limits, call.caller!.id),
    }),
    read: async (call, req, res, params) => {
      if (raw) return { query: {}, params, body: undefined };
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req, res);
      const query = parseQuery((req.url ?? '').slice(pathOf(req.url).length + 1));
      const problem = pathProblem(call.path.slice(surface.base.length), routePaths) ?? inputProblem(query) ?? inputProblem(body);
      if (problem) throw problem;
      return { query, params, body };
    },
    serve: steps,
  });
}

/**
 * A route's prepared operation as the runner takes it, for one call: its variables and their checks, its
 * reply in the surface's shape. What does not depend on the call is made once per route.
 */
function routeOperation(pipeline: Pipeline, surface: RestSurface, route: Route): (call: Call, input: RouteInput, req: Request) => Operation<Reply> {
  const schema = pipeline.executor.schema;
  const names = { ...BODY_NAMES, ...route.parameterNames };
  const { operation } = route;
  const check = (variables: Record<string, unknown>) => {
    try {
      coerced(schema, operation, variables);
      const long = inputTooLong(schema, operation.document, operation.analysis.operation, variables);
      if (long) throw long;
    } catch (error) {
      throw error instanceof Invalid ? renamed(error, names) : error;
    }
  };
  const answerOf = (result: ExecutionResult): Reply => {
    if (result.errors?.length) throw errorOf(result.errors[0]!, names);
    const reply = route.respond(result.data);
    const { status = 200, body } = isReply(reply) ? reply : { status: 200, body: reply };
    return { status, body: body === null || body === undefined ? null : JSON.stringify(body) };
  };
  const failed = (reply: Reply) => reply.status >= 400;
  const status = (reply: Reply) => reply.status;
  const idempotent = surface.idempotentPosts && route.method === 'POST';
  return (call, input, req) => {
    const prepared: Operation<Reply> = {
      document: operation.document,
      analysis: operation.analysis,
      requirements: operation.analysis.requirements,
      variables: () => route.variables?.(input) ?? {},
      check,
      present: (result) => {
        try {
          return answerOf(result);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return presentRefusal(call, error, surface.errors);
        }
      },
      failed,
      status,
    };
    if (route.cached) prepared.cache = route.cached;
    const key = idempotent ? req.headers['idempotency-key'] : undefined;
    if (typeof key === 'string') {
      const idempotency = idempotentRequest(key, call.caller!.id, call.caller!.companyId, { method: route.method, path: route.path, body: input.body ?? null });
      prepared.inWrite = { replay: (tx) => claim(tx, pipeline.services.clock, idempotency), keep: (tx, reply) => keep(tx, idempotency, reply) };
    }
    return prepared;
  };
}

/** The endpoints of a surface's routes, 405 for their paths' other methods, and 404 for paths no route serves. */
export function restEndpoints(options: RestDoorOptions): EndpointSpec[] {
  const { pipeline, surface } = options;
  const specs: EndpointSpec[] = [];
  const methods = new Map<string, Set<Method>>();
  for (const route of surface.routes) {
    methods.set(route.path, (methods.get(route.path) ?? new Set()).add(route.method));
    const operationOf = routeOperation(pipeline, surface, route);
    const endpoint = surfaceDoor(options, route.resource, (call, input, req) => operate(pipeline, call, operationOf(call, input, req)));
    specs.push({ methods: route.method === 'GET' ? ['GET', 'HEAD'] : [route.method], path: `${surface.base}${route.path}`, endpoint });
  }
  for (const [path, allowed] of methods) {
    const others = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => !allowed.has(m as Method) && !(m === 'HEAD' && allowed.has('GET')));
    const refuse = surfaceDoor(options, surface.resourceOf(path), () => {
      return Promise.reject(new MethodNotAllowed([...allowed]));
    });
    specs.push({ methods: others, path: `${surface.base}${path}`, endpoint: refuse });
  }
  return specs;
}

/** A surface's document for anyone (its OpenAPI description), and the methods its token endpoint refuses. */
export function openEndpoints(options: RestDoorOptions, documents: Record<string, unknown>, tokenPath: string): EndpointSpec[] {
  const { base } = options.surface;
  const served = Object.entries(documents).map(([path, document]): EndpointSpec => {
    const text = JSON.stringify(document);
    return { methods: ['GET', 'HEAD'], path: `${base}${path}`, endpoint: surfaceDoor(options, 'openapi', () => Promise.resolve({ status: 200, body: text }), { open: true }) };
  });
  const refuse = surfaceDoor(options, 'token', () => {
    return Promise.reject(new MethodNotAllowed(['POST']));
  }, { open: true });
  return [...served, { methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], path: `${base}${tokenPath}`, endpoint: refuse }];
}

/**
 * Any other path under the surface: refused when unauthenticated, else 404 in the surface's shape. A path
 * whose percent-encoding does not decode (the router says so with `undecodable`) is 400 before anything else.
 */
export function unknownPaths(options: RestDoorOptions): Endpoint {
  const undecodable = surfaceDoor(options, 'undecodable', () => {
    return Promise.reject(new Invalid('path', 'format', 'is not a valid URL: a percent-encoded sequence does not decode to UTF-8'));
  }, { open: true, raw: true });
  return (req, res, params) => {
    if (params.undecodable) return undecodable(req, res, {});
    surfaceDoor(options, options.surface.resourceOf(pathOf(req.url).slice(options.surface.base.length)), () => {
      return Promise.reject(new NotFound('Resource'));
    })(req, res, params);
  };
}

/** The resource a path names, as the route serving it calls it (whatever method was used or refused). */
export function resourceOfPath(routes: readonly Route[], fallback: (path: string) => string) {
  const patterns = routes.map((route) => ({ resource: route.resource, pattern: pathPattern(route.path) }));
  return (path: string): string => patterns.find((p) => p.pattern.test(path))?.resource ?? fallback(path);
}

/** `/customer/:id/profile` as a regular expression matching `/customer/cust_1/profile`. */
function pathPattern(path: string): RegExp {
  const escaped = path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${escaped}/?$`);
}
