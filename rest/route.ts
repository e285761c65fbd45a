/**
 * A REST route is a declaration: method, path, the GraphQL document it runs, how the request becomes
 * variables and how the result becomes the documented response. Documents are prepared when the surface
 * is mounted (parsed, validated, analysed: a bad one stops the start), and each route's required scope is
 * derived from its document. Per request the prepared document runs through the pipeline's steps
 * (src/pipeline/run.ts): the surface's door reads the request, then authenticate, admit, and the operation.
 */
import { coerceInputValue, typeFromAST, type GraphQLError, type GraphQLInputType, type GraphQLSchema } from 'graphql';
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
import { idempotentRequest } from '../src/pipeline/idempotency.ts';
import type { Pipeline } from '../src/pipeline/index.ts';
import { inputProblem, pathProblem, unstorableTextAsInvalid } from '../src/pipeline/input-guards.ts';
import { inputTooLong } from '../src/pipeline/input-lengths.ts';
import type { ClientLimits } from '../src/pipeline/limits.ts';
import { door, runOperation } from '../src/pipeline/run.ts';
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
}

/** GraphQL's argument of a whole request body, as REST names it. */
const BODY_NAMES = { input: 'body' };

/** Prepares every document; throws (and so stops the start) on the first bad one. */
export function compileRoutes(schema: GraphQLSchema, declarations: RouteDeclaration[]): Route[] {
  return declarations.map((declaration) => {
    const operation = prepareOperation(schema, declaration.document, `${declaration.method} ${declaration.path}`);
    return { ...declaration, operation, scopes: operation.scopes };
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

/** Express's entity tags: weak, of the body's bytes. */
const tagOf = (body: string) => etag(body, { weak: true });

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
 * A call to one of the surface's paths: the door reads the request (body, then NUL and nesting checks on
 * path, query and body), authenticates the bearer token, admits the caller under the surface's limits, and
 * hands over to `steps` (the operation, or a refusal of a method or path no route serves).
 */
export function surfaceDoor(
  { pipeline, surface, logger }: RestDoorOptions,
  resource: string,
  steps: (call: Call, input: RouteInput, req: Request) => Promise<Reply>,
  { open = false, raw = false }: { open?: boolean; raw?: boolean } = {},
): Endpoint {
  const routePaths = surface.routes.map((route) => route.path);
  return door(pipeline, { surface: surface.name, resource, errors: surface.errors, logger }, async (call, req, res, params) => {
    // `raw`: a request refused as it came, without reading it.
    if (raw) return steps(call, { query: {}, params, body: undefined }, req);
    // Who is calling, and whether it may, before anything it sent is read: a malformed body of no one is 401.
    if (!open) {
      await authenticateBearer(pipeline, call, surface.name, req.headers.authorization);
      await admit(call, surface.limits, call.caller!.id);
    }
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req, res);
    const query = parseQuery((req.url ?? '').slice(pathOf(req.url).length + 1));
    const problem = pathProblem(call.path.slice(surface.base.length), routePaths) ?? inputProblem(query) ?? inputProblem(body);
    if (problem) throw problem;
    return steps(call, { query, params, body }, req);
  });
}

/** The endpoints of a surface's routes, 405 for their paths' other methods, and 404 for paths no route serves. */
export function restEndpoints(options: RestDoorOptions): EndpointSpec[] {
  const { pipeline, surface } = options;
  const schema = pipeline.executor.schema;
  const specs: EndpointSpec[] = [];
  const methods = new Map<string, Set<Method>>();
  for (const route of surface.routes) {
    methods.set(route.path, (methods.get(route.path) ?? new Set()).add(route.method));
    const names = { ...BODY_NAMES, ...route.parameterNames };
    const reading = route.method === 'GET';
    const cacheAs = reading && route.operation.analysis.kind === 'query' ? `${route.method} ${route.path}` : undefined;
    const endpoint = surfaceDoor(options, route.resource, (call, input, req) => {
      const idempotencyKey = req.headers['idempotency-key'];
      const idempotency =
        surface.idempotentPosts && route.method === 'POST' && typeof idempotencyKey === 'string'
          ? idempotentRequest(idempotencyKey, call.caller!.id, call.caller!.companyId, { method: route.method, path: route.path, body: input.body ?? null })
          : undefined;
      return runOperation(pipeline, call, {
        operation: route.operation,
        variables: () => route.variables?.(input) ?? {},
        check: (variables) => {
          try {
            coerced(schema, route.operation, variables);
            const long = inputTooLong(schema, route.operation.document, route.operation.analysis.operation, variables);
            if (long) throw long;
          } catch (error) {
            throw error instanceof Invalid ? renamed(error, names) : error;
          }
        },
        respond: (data) => {
          const reply = route.respond(data);
          const { status = 200, body } = isReply(reply) ? reply : { status: 200, body: reply };
          return { status, body: body === null || body === undefined ? null : JSON.stringify(body) };
        },
        errorOf: (error) => errorOf(error, names),
        errors: surface.errors,
        ...(cacheAs && { cacheAs, etag: tagOf }),
        ...(idempotency && { idempotency }),
      });
    });
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
