/**
 * A REST route is a declaration: method, path, the GraphQL document it runs, how the request becomes
 * variables and how the result becomes the documented response. Documents are prepared when the surface
 * is mounted (parsed, validated, analysed: a bad one stops the start), and each route's required scope is
 * derived from its document. Per request the prepared document is executed directly, through the same
 * pipeline parts as /graphql: scopes, the cache (which keeps the bytes a route sent), invalidation, audit.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Router, type Request, type Response } from 'express';
import type { GraphQLError, GraphQLSchema } from 'graphql';
import { DomainError, Forbidden, Invalid, MethodNotAllowed, type ErrorCode, type Rule } from '../src/domain/errors.ts';
import { callerOf, noteAudit, type ErrorPresenter } from '../src/pipeline/http.ts';
import type { Pipeline } from '../src/pipeline/index.ts';
import { prepareOperation, type Executor, type PreparedOperation } from '../src/pipeline/operations.ts';
import type { ResponseCache } from '../src/pipeline/cache.ts';
import type { Caller } from '../src/pipeline/caller.ts';
import { missingScope } from '../src/pipeline/scopes.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RestReply {
  status?: number;
  body: unknown;
}

/** What a route reads of a request to make its variables. */
export type RouteInput = Pick<Request, 'query' | 'params' | 'body'>;

export interface RouteDeclaration<Data = any> {
  method: Method;
  /** Express path, `/customer/:id/profile`. */
  path: string;
  /** What the audit log calls the resource. */
  resource: string;
  document: string;
  /** Request -> variables; throws Invalid naming the parameter for bad input. */
  variables?: (req: RouteInput) => Record<string, unknown>;
  /** Result -> documented response; throws NotFound when the resource is missing. */
  respond: (data: Data, req: Request) => RestReply | unknown;
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

/** `text` with GraphQL argument names replaced by the surface's parameter names. */
const renamed = (text: string, names: Record<string, string>) =>
  Object.entries(names).reduce((t, [name, surfaceName]) => t.replace(new RegExp(`\\b${name}\\b`, 'g'), surfaceName), text);

/**
 * The error of a result as a DomainError of the vocabulary: the one a resolver threw, as itself (an invalid
 * input renamed to the surface's parameter names); or, for variables the schema refused, a BAD_USER_INPUT.
 */
export function domainErrorOf(error: GraphQLError, names: Record<string, string> = {}): DomainError {
  const original = error.originalError;
  if (original instanceof Invalid) {
    const field = renamed(original.field, names);
    return field === original.field && renamed(original.detail, names) === original.detail
      ? original
      : new Invalid(field, original.rule, renamed(original.detail, names));
  }
  if (original instanceof DomainError) return original;
  const code = (error.extensions?.code ?? (original as GraphQLError | undefined)?.extensions?.code) as ErrorCode | undefined;
  if (code === 'BAD_USER_INPUT' || /^Variable "\$\w+"/.test(error.message)) {
    const variable = /^Variable "\$(\w+)"/.exec(error.message)?.[1];
    const field = String(error.extensions?.field ?? variable ?? '');
    return Object.assign(new Invalid(names[field] ?? (field || 'input'), (error.extensions?.rule as Rule) ?? 'format', ''), {
      message: renamed(error.message, names),
    });
  }
  throw Object.assign(new Error(`operation failed: ${error.message}`), { cause: original ?? error });
}

export interface MountOptions {
  pipeline: Pipeline;
  executor: Executor;
  present: ErrorPresenter;
  /** Runs a write route's work; the v1 surface makes POSTs with an Idempotency-Key idempotent here. */
  write?: (req: Request, res: Response, work: (em?: EntityManager) => Promise<void>) => Promise<void>;
}

/**
 * The stored answer of a cached GET: the bytes sent the first time, and their entity tag (when tags are on).
 * Bytes, so a hit writes them as they are; a string is an entry stored by an earlier version (same bytes).
 */
export interface StoredReply {
  status: number;
  body: Buffer | string;
  etag?: string;
}

/** Whether a route's answers are kept in the read cache. */
export const isCached = (route: Route, cache: ResponseCache) => route.method === 'GET' && cache.enabled && route.operation.analysis.kind === 'query';

/** The cache entry of a route's read by this caller with these variables; throws when the store cannot answer. */
export function readKey(cache: ResponseCache, route: Route, caller: Caller, variables: Record<string, unknown>): Promise<string> {
  return cache.key({
    operation: `${route.method} ${route.path}`,
    companyId: caller.companyId,
    scopes: caller.scopes,
    variables,
    types: route.operation.analysis.typesRead,
  });
}

/**
 * A router serving the routes: for each request, the scope check, the cache, the operation, and the
 * response mapping; for a path's other methods, 405 with `Allow`.
 */
export function routeTable(routes: Route[], { pipeline, executor, present, write }: MountOptions): Router {
  const router = Router();
  const methods = new Map<string, Set<Method>>();
  const { cache } = pipeline;
  for (const route of routes) {
    methods.set(route.path, (methods.get(route.path) ?? new Set()).add(route.method));
    const { analysis, document } = route.operation;
    const reading = route.method === 'GET';
    const cacheable = isCached(route, cache);
    const names = { ...BODY_NAMES, ...route.parameterNames };

    const run = async (req: Request, res: Response, variables: Record<string, unknown>, em?: EntityManager) => {
      const caller = callerOf(res)!;
      const context = pipeline.context(caller, String(req.id ?? ''), em);
      const result = await executor.execute(document, context, variables);
      if (result.errors?.length) return present(res, domainErrorOf(result.errors[0]!, names));
      const reply = route.respond(result.data, req);
      const { status = 200, body } = isReply(reply) ? reply : { status: 200, body: reply };
      const text = body === null || body === undefined ? null : JSON.stringify(body);
      if (analysis.typesInvalidated.length) {
        await cache.invalidate(caller.companyId, analysis.typesInvalidated).catch((error: unknown) => req.log?.warn({ err: error }, 'cache invalidation failed'));
      }
      return { status, text };
    };

    router[route.method.toLowerCase() as 'get'](route.path, async (req: Request, res: Response, next) => {
      noteAudit(res, { resourceType: route.resource, action: reading ? 'READ' : 'UPDATE' });
      try {
        const caller = callerOf(res);
        const missing = missingScope(analysis.requirements, caller?.scopes ?? new Set());
        if (missing) {
          noteAudit(res, { resourceType: route.resource, action: reading ? 'READ' : 'UPDATE', deniedScope: missing });
          return present(res, new Forbidden(missing));
        }
        const variables = route.variables?.(req) ?? {};
        if (!reading) {
          const respond = async (em?: EntityManager) => {
            const reply = await run(req, res, variables, em);
            if (reply) send(res, reply.status, reply.text);
          };
          return write ? await write(req, res, respond) : await respond();
        }
        let key: string | undefined;
        if (cacheable) {
          try {
            key = await readKey(cache, route, caller!, variables);
            const hit = await cache.get<StoredReply>(key);
            if (hit) {
              res.setHeader('X-Cache', 'HIT').setHeader('Age', String(cache.ageSeconds(hit)));
              return send(res, hit.value.status, hit.value.body);
            }
          } catch (error) {
            req.log?.warn({ err: error }, 'cache unavailable, serving uncached');
            key = undefined;
          }
        }
        const reply = await run(req, res, variables);
        if (!reply) return;
        if (cacheable) res.setHeader('X-Cache', 'MISS').setHeader('Age', '0');
        if (key && reply.text !== null) {
          // Express's own tag function, so an answer served from the cache (rest/hits.ts) carries the same tag.
          const etag = (req.app.get('etag fn') as ((body: string, encoding: string) => string) | undefined)?.(reply.text, 'utf8');
          await cache.set<StoredReply>(key, { status: reply.status, body: Buffer.from(reply.text), ...(etag && { etag }) }).catch((error: unknown) => req.log?.warn({ err: error }, 'cache unavailable'));
        }
        send(res, reply.status, reply.text);
      } catch (error) {
        if (error instanceof DomainError) return present(res, error);
        next(error);
      }
    });
  }
  for (const [path, allowed] of methods) {
    router.all(path, (_req, res) => present(res, new MethodNotAllowed([...allowed])));
  }
  return router;
}

function send(res: Response, status: number, text: Buffer | string | null): void {
  res.status(status);
  if (text === null) res.end();
  else res.type('application/json').send(text);
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
