/**
 * A REST route is a declaration: method, path, the GraphQL document it runs, how the request becomes
 * variables and how the result becomes the documented response. Documents are parsed and validated
 * against the schema when the surface is mounted (a bad one stops the start), and each route's required
 * scope is derived from its document. Execution goes through Apollo's own pipeline (`executeOperation`),
 * so scope checks, cache and audit apply exactly as they do on /graphql.
 */
import type { ApolloServer } from '@apollo/server';
import { Router, type Request, type Response } from 'express';
import { parse, validate, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { GraphqlContext } from '../resolvers/context.ts';
import { graphqlContext } from '../resolvers/index.ts';
import { DomainError, Forbidden, Invalid, MethodNotAllowed, NotFound, type ErrorCode, type Rule } from '../src/domain/errors.ts';
import { callerOf, noteAudit, type ErrorPresenter } from '../src/pipeline/http.ts';
import { requiredScopes } from '../src/pipeline/scopes.ts';
import type { Services } from '../src/services.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RestReply {
  status?: number;
  body: unknown;
}

export interface RouteDeclaration<Data = any> {
  method: Method;
  /** Express path, `/customer/:id/profile`. */
  path: string;
  /** What the audit log calls the resource. */
  resource: string;
  document: string;
  /** Request -> variables; throws Invalid naming the parameter for bad input. */
  variables?: (req: Request) => Record<string, unknown>;
  /** Result -> documented response; throws NotFound when the resource is missing. */
  respond: (data: Data, req: Request) => RestReply | unknown;
  /** GraphQL argument names that the surface spells differently, for error messages: `{ startDate: 'start_date' }`. */
  parameterNames?: Record<string, string>;
}

export interface Route extends RouteDeclaration {
  /** Derived from the document: the scopes of the fields it selects. */
  scopes: string[];
}

/** GraphQL's argument of a whole request body, as REST names it. */
const BODY_NAMES = { input: 'body' };

/** Parses and validates every document; throws (and so stops the start) on the first bad one. */
export function compileRoutes(schema: GraphQLSchema, declarations: RouteDeclaration[]): Route[] {
  return declarations.map((declaration) => {
    const document = parse(declaration.document);
    const errors = validate(schema, document);
    if (errors.length) throw new Error(`${declaration.method} ${declaration.path}: invalid document: ${errors.map((e) => e.message).join('; ')}`);
    return { ...declaration, scopes: requiredScopes(schema, document) };
  });
}

const isReply = (value: unknown): value is RestReply =>
  !!value && typeof value === 'object' && 'body' in value && Object.keys(value).every((k) => k === 'body' || k === 'status');

/** The first GraphQL error of a result as a DomainError, renaming arguments to the surface's parameter names. */
export function domainErrorOf(error: GraphQLFormattedError, names: Record<string, string> = {}): DomainError {
  const code = error.extensions?.code as ErrorCode | 'GRAPHQL_VALIDATION_FAILED' | undefined;
  switch (code) {
    case 'BAD_USER_INPUT': {
      const field = String(error.extensions?.field ?? '');
      const message = Object.entries(names).reduce((text, [name, surfaceName]) => text.replace(new RegExp(`\\b${name}\\b`, 'g'), surfaceName), error.message);
      return Object.assign(new Invalid(names[field] ?? (field || 'input'), (error.extensions?.rule as Rule) ?? 'format', ''), { message });
    }
    case 'NOT_FOUND':
      return new NotFound(error.message.replace(/ not found$/, ''));
    case 'FORBIDDEN':
      return new Forbidden(String(error.extensions?.scope ?? ''));
    case 'CONFLICT':
    case 'RATE_LIMITED':
    case 'UNAUTHENTICATED':
      return new DomainError(code, error.message, (error.extensions ?? {}) as Record<string, unknown>);
    default:
      throw Object.assign(new Error(`operation failed: ${error.message}`), { graphqlError: error });
  }
}

export interface MountOptions {
  services: Services;
  apollo: ApolloServer<GraphqlContext>;
  present: ErrorPresenter;
}

/**
 * A router serving the routes: for each request, the scope check, the operation through Apollo, and the
 * response mapping; for a path's other methods, 405 with `Allow`.
 */
export function routeTable(routes: Route[], { services, apollo, present }: MountOptions): Router {
  const router = Router();
  const methods = new Map<string, Set<Method>>();
  for (const route of routes) {
    methods.set(route.path, (methods.get(route.path) ?? new Set()).add(route.method));
    router[route.method.toLowerCase() as 'get'](route.path, async (req: Request, res: Response, next) => {
      noteAudit(res, { resourceType: route.resource, action: route.method === 'GET' ? 'READ' : 'UPDATE' });
      try {
        const caller = callerOf(res);
        const missing = route.scopes.find((scope) => !caller?.scopes.has(scope));
        if (missing) return present(res, new Forbidden(missing));
        const variables = route.variables?.(req) ?? {};
        const contextValue = graphqlContext(services, caller, String(req.id ?? ''));
        const response = await apollo.executeOperation({ query: route.document, variables }, { contextValue });
        if (response.body.kind !== 'single') throw new Error('incremental delivery is not used by REST routes');
        const { data, errors } = response.body.singleResult;
        if (errors?.length) return present(res, domainErrorOf(errors[0]!, { ...BODY_NAMES, ...route.parameterNames }));
        const cache = contextValue.outcome.cache;
        if (cache) res.setHeader('X-Cache', cache.hit ? 'HIT' : 'MISS').setHeader('Age', String(cache.ageSeconds));
        const reply = route.respond(data, req);
        const { status, body } = isReply(reply) ? reply : { status: 200, body: reply };
        res.status(status ?? 200).json(body);
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
