/**
 * The /graphql door: clients' documents, through Apollo Server 5, on the pipeline's steps. The door makes
 * the call and runs steps 1 and 2 (a bearer token, or the console's session; the caller's or the address's
 * limits); Apollo Server then parses and validates the document, and this plugin runs steps 3 to 7 inside
 * its request: limits of the document (depth, aliases, cost), authorise the whole operation, the cache (a
 * hit is confirmed by its audit entry), and the pipeline's own executor (a mutation in a write's
 * transaction: src/pipeline/commit.ts). Step 8, the audit entry, and the answer follow in the frame.
 */
import type { ApolloServer, ApolloServerOptionsWithGateway, ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { HeaderMap } from '@apollo/server';
import { GraphQLError, OperationTypeNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { DomainError, Forbidden, Invalid, Unauthenticated } from '../domain/errors.ts';
import { admit, admitToBudget, spend } from './admit.ts';
import { analyseOperation, requirementsFor, type OperationAnalysis } from './analysis.ts';
import { authenticateBearer, MISSING_TOKEN } from './authenticate.ts';
import { authorise } from './authorise.ts';
import type { Lookup } from './cache.ts';
import { json, type Call, type ErrorShape, type Reply } from './call.ts';
import { inWriteTransaction } from './commit.ts';
import { authenticateConsole, consoleExchange, isConsoleRequest } from './console.ts';
import type { GraphqlContext } from './context.ts';
import type { DocumentLimits } from './document-limits.ts';
import { documentPoints } from './cost.ts';
import { checkLimits, type QueryLimits } from './execute.ts';
import { refusalInMediaType } from './graphql-media.ts';
import { readBody, type Endpoint, type Request } from './http.ts';
import type { Pipeline } from './index.ts';
import { inputProblem, literalProblem } from './input-guards.ts';
import { inputTooLong } from './input-lengths.ts';
import { door, refuse, servedFromCache } from './run.ts';
import { errorHeaders, httpStatus, statusOfCode } from './status.ts';

type GatewayInterface = ApolloServerOptionsWithGateway<GraphqlContext>['gateway'];

/** Distinct documents remembered with their analysis; past it, the oldest is forgotten. */
const ANALYSES_KEPT = 2_000;

/** The root fields that describe the service itself: in production only a caller with a token may ask for them. */
const SERVICE_FIELDS = /(^|,)_service(,|$)/;

/** GraphQL's shape of the vocabulary: `{"errors": [{message, extensions: {code, ...details}}]}`. */
export const graphqlErrors: ErrorShape = {
  present: (error) => json(httpStatus(error.code), { errors: [{ message: error.message, extensions: { ...error.details, code: error.code } }] }, errorHeaders(error)),
  internal: () => json(500, { errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
};

/** An error of the vocabulary raised before execution, with the HTTP status Apollo Server answers it with. */
const beforeExecution = (error: DomainError) =>
  new GraphQLError(error.message, { originalError: error, extensions: { ...error.details, code: error.code, http: { status: httpStatus(error.code) } } });

/** A result whose database was away answers 503 with `Retry-After`, as the REST surfaces do; any other, 200. */
function statusOf(result: ExecutionResult): number {
  return result.errors?.some((error) => (error.originalError as DomainError | undefined)?.code === 'SERVICE_UNAVAILABLE') ? 503 : 200;
}

/** Apollo Server's and graphql-js's own codes for a document refused before it ran. */
const REQUEST_ERRORS = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED', 'OPERATION_RESOLUTION_FAILURE', 'QUERY_TOO_COMPLEX']);

/**
 * The audit log's outcome of a GraphQL answer: its first error's code, at the HTTP status the same refusal
 * has on REST (a CONFLICT is 409 though the answer is a 200 with `errors`).
 */
function refuseFor(call: Call, result: { errors?: readonly { extensions?: Record<string, unknown> }[] }): void {
  const first = result.errors?.[0];
  if (!first) return;
  const original = (first as { originalError?: unknown }).originalError;
  const named = original instanceof DomainError ? original.code : first.extensions?.code;
  const code = typeof named === 'string' ? named : 'INTERNAL_SERVER_ERROR';
  refuse(call, code, REQUEST_ERRORS.has(code) ? 400 : (statusOfCode(code) ?? 500));
}


/**
 * A field a resolver refused for a scope the caller lacks (beyond the whole operation's, which authorise
 * checks first: the console's catalogue role) makes the call a denial in the audit log, as a refused
 * operation is.
 */
function deniedIn(call: Call, result: ExecutionResult): ExecutionResult {
  const forbidden = result.errors?.map((error) => error.originalError).find((error) => error instanceof Forbidden);
  if (forbidden && !call.deniedScope) call.deniedScope = forbidden.scope;
  return result;
}

export interface GraphqlPipelineOptions {
  pipeline: Pipeline;
  schema: GraphQLSchema;
  limits: QueryLimits;
  /** In production, `_service { sdl }` needs a token like everything else. */
  production: boolean;
}

/** Steps 3 to 7 inside Apollo Server: its plugin, and the gateway through which it executes with the pipeline's executor. */
export function graphqlPipeline({ pipeline, schema, limits, production }: GraphqlPipelineOptions): { plugin: ApolloServerPlugin<GraphqlContext>; gateway: GatewayInterface } {
  const { cache, executor } = pipeline;
  const analyses = new Map<string, OperationAnalysis>();
  const analysisOf = (key: string, make: () => OperationAnalysis | undefined) => {
    let analysis = analyses.get(key);
    if (!analysis) {
      analysis = make();
      if (!analysis) return undefined;
      if (analyses.size >= ANALYSES_KEPT) analyses.delete(analyses.keys().next().value!);
      analyses.set(key, analysis);
    }
    return analysis;
  };
  /** Each request's analysis, and the cache entry it looked up and missed (to be filled once it succeeds). */
  const analysed = new WeakMap<GraphqlContext, OperationAnalysis>();
  const misses = new WeakMap<GraphqlContext, Lookup<Record<string, unknown>>>();

  const plugin: ApolloServerPlugin<GraphqlContext> = {
    requestDidStart() {
      return Promise.resolve<GraphQLRequestListener<GraphqlContext>>({
        async didResolveOperation({ document, operationName, request, contextValue, queryHash }) {
          const analysis = analysisOf(`${queryHash}:${operationName ?? ''}`, () => analyseOperation(schema, document, operationName, limits.maxCost));
          if (!analysis) return;
          const { call } = contextValue;
          call.action = analysis.kind === 'mutation' ? 'UPDATE' : 'READ';
          call.resource = analysis.rootFields;
          call.operationName = analysis.name;
          const unstorable = inputProblem(request.variables ?? {}) ?? literalProblem(document) ?? inputTooLong(schema, document, analysis.operation, request.variables ?? {});
          if (unstorable) throw beforeExecution(unstorable);
          const cost = checkLimits(schema, document, analysis, request.variables ?? {}, limits);
          try {
            if (production && !call.caller && SERVICE_FIELDS.test(analysis.rootFields)) throw new Unauthenticated(MISSING_TOKEN);
            authorise(call, requirementsFor(schema, document, analysis, request.variables ?? {}));
            await spend(call, cost);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            for (const [name, value] of Object.entries(errorHeaders(error))) call.headers.set(name, value);
            throw beforeExecution(error);
          }
          analysed.set(contextValue, analysis);
        },

        async responseForOperation({ request, contextValue, queryHash, operationName, response }) {
          const { call } = contextValue;
          const analysis = analysed.get(contextValue);
          // A console user's answers are their own (`me`) or must be live (the audit log): not cached.
          if (analysis?.kind !== 'query' || !cache.enabled || !call.caller || call.caller.kind === 'console') return null;
          const read = {
            operation: `graphql:${queryHash}:${operationName ?? ''}`,
            companyId: call.caller.companyId,
            scopes: call.caller.scopes,
            variables: request.variables ?? {},
            types: analysis.typesRead,
          };
          let lookup = await cache.lookup<Record<string, unknown>>(read);
          if (lookup.entry && (await servedFromCache(pipeline, call, lookup, 200))) {
            return { http: response.http, body: { kind: 'single', singleResult: { data: lookup.entry.value } } };
          }
          if (lookup.entry) lookup = await cache.lookup<Record<string, unknown>>(read);
          misses.set(contextValue, lookup);
          call.cache = { hit: false, ageSeconds: 0 };
          return null;
        },

        willSendResponse({ response, contextValue }) {
          const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
          const lookup = misses.get(contextValue);
          if (lookup && result && !result.errors?.length && result.data) cache.store(lookup, result.data);
          const { call } = contextValue;
          if (result && call.spent) {
            const { cost, remaining, resetSeconds } = call.spent;
            result.extensions = { ...result.extensions, cost: { requested: cost, remaining, limit: call.budget!.points.perMinute, resetSeconds } };
          }
          if (result) refuseFor(call, result);
          const unavailable = result?.errors?.find((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE');
          if (unavailable) {
            response.http.status = 503;
            // set by the error's presenter from Unavailable's retryAfterSeconds
            call.headers.set('Retry-After', String((unavailable.extensions?.retryAfter as number | undefined) ?? 1));
          }
          return Promise.resolve();
        },
      });
    },
  };

  const execute = async (requestContext: GatewayGraphQLRequestContext): Promise<ExecutionResult> => {
    const { document, request, operationName, operation } = requestContext;
    const context = requestContext.context as GraphqlContext;
    const variables = request.variables ?? undefined;
    // Writes of a company run in a transaction of the pipeline's; signing in and out have no company yet.
    if (operation?.operation !== OperationTypeNode.MUTATION || !context.call.caller) return deniedIn(context.call, await executor.execute(document, context, variables, operationName));
    return inWriteTransaction(pipeline, context.call, async (tx) => {
      const write = pipeline.context(context.call, tx.em);
      write.console = context.console;
      // An error anywhere in the answer undoes every write of the document: never `data: null` over a commit.
      const { value: result, undone } = await tx.allOrNothing(
        async () => deniedIn(context.call, await executor.execute(document, write, variables, operationName)),
        (executed) => !!executed.errors?.length,
      );
      const status = statusOf(result);
      // Rolled back, nothing of it stands: the answer says only why.
      const value = status >= 500
        ? { errors: result.errors!.filter((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE' || (e.originalError as DomainError | undefined)?.code === 'SERVICE_UNAVAILABLE') }
        : undone && result.data !== undefined ? { data: null, errors: result.errors } : result;
      refuseFor(context.call, value);
      return { status, changed: undone ? [] : executor.invalidatedBy(write.committed), value };
    });
  };

  // Apollo Server executes through a gateway's executor when it has one: here, the pipeline's own.
  const gateway: GatewayInterface = {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    load() {
      return Promise.resolve({ executor: execute });
    },
    async stop() {},
  };
  return { plugin, gateway };
}

export interface GraphqlDoorOptions {
  pipeline: Pipeline;
  apollo: ApolloServer<GraphqlContext>;
  logger: Logger;
  /** Refuses a costly document before Apollo Server validates it. */
  documents: DocumentLimits;
  /** Answers a browser's visit to /graphql with an explorer page instead, when it returns true. */
  explorer?: (req: Request, res: ServerResponse) => boolean;
}

/**
 * Step 2 for the graph's doors (/graphql, its SDL download, the console's export): an API client against its
 * budget of points and its company's, a console user against the console's budget, anyone else against its
 * source address's limit.
 */
export async function admitToGraphql(pipeline: Pipeline, call: Call): Promise<void> {
  const { caller } = call;
  if (caller?.kind === 'm2m') await admitToBudget(call, pipeline.limits.graphql, caller.id, caller.companyId);
  else if (caller?.kind === 'console') await admitToBudget(call, pipeline.limits.console, caller.id);
  else await admit(call, pipeline.addressLimits.anonymousGraphql, call.address);
}

/** Apollo Server's answer as a reply. */
function replyOf(status: number | undefined, headers: HeaderMap, body: string): Reply {
  const named: Record<string, string> = {};
  let type: string | undefined;
  for (const [name, value] of headers) {
    if (name === 'content-type') type = value;
    else named[name] = value;
  }
  return { status: status ?? 200, body, ...(type && { type }), headers: named };
}

/** The /graphql endpoint: steps 1 and 2 here, 3 to 7 inside Apollo Server, 8 and 9 in the frame. */
export function graphqlEndpoint({ pipeline, apollo, logger, documents, explorer }: GraphqlDoorOptions): Endpoint {
  const { services } = pipeline;
  const surface = (req: Request) => (isConsoleRequest(req) ? 'console' : 'graphql');
  const endpoint = door(pipeline, { surface, resource: 'graphql', errors: graphqlErrors, logger }, (call, req, res) => refusalInMediaType(req, call, graphqlErrors, async () => {
    await authenticateBearer(pipeline, call, 'm2m', req.headers.authorization, true);
    const session = call.surface === 'console' ? await authenticateConsole(services, call, req) : null;
    await admitToGraphql(pipeline, call);
    const body = req.method === 'POST' ? await readBody(req, res).catch((error: unknown) => {
      // A body the service cannot read is no one's to complain about: without a caller, who it is comes first.
      throw call.caller || !(error instanceof Invalid) ? error : new Unauthenticated(MISSING_TOKEN);
    }) : undefined;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const source = req.method === 'POST' ? (body as { query?: unknown } | undefined)?.query : new URLSearchParams(mark < 0 ? '' : url.slice(mark)).get('query');
    await spend(call, documentPoints(source), 'document');
    const costly = documents.problem(source);
    if (costly) throw costly;
    const context = pipeline.context(call);
    context.console = consoleExchange(pipeline, call, req, session);
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method ?? 'GET', headers, search: mark < 0 ? '' : url.slice(mark), body },
      context: () => Promise.resolve(context),
    });
    if (response.body.kind !== 'complete') throw new Error('incremental delivery is not enabled');
    return replyOf(response.status, response.headers, response.body.string);
  }));
  // A browser's visit is answered with an explorer page instead, outside the pipeline (a page, not a call).
  return (req, res, params) => {
    if (!explorer?.(req, res)) endpoint(req, res, params);
  };
}
