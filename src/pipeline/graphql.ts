/**
 * The /graphql door: clients' documents, through Apollo Server 5 and the runner (src/pipeline/run.ts). The
 * door authenticates (a bearer token, or the console's session), admits (the caller's budget of points or the
 * address's limit) and reads the request; Apollo Server then does what the protocol asks of it (the request's
 * shape, CSRF prevention, the landing page, parsing and validating the document, the answer's JSON) and
 * executes through its gateway's executor, which is the runner's: step 4 finishes preparing the document
 * (its analysis remembered by the document's hash, its limits and cost), and `operate` authorises and spends,
 * looks in the cache, and executes it (a mutation in its unit of work: src/pipeline/commit.ts). The audit
 * entry and the answer follow in the door's frame. Apollo Server's context holds the call and nothing else.
 */
import { HeaderMap, type ApolloServer, type ApolloServerOptionsWithGateway } from '@apollo/server';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { GraphQLError, Kind, type ASTNode, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { DomainError, Forbidden, Invalid, Unauthenticated, Unavailable } from '../domain/errors.ts';
import { admit, admitToBudget } from './admit.ts';
import { analyseOperation, requirementsFor, type OperationAnalysis } from './analysis.ts';
import { authenticateBearer, MISSING_TOKEN } from './authenticate.ts';
import { json, type Call, type ErrorShape, type Reply } from './call.ts';
import { authenticateConsole, consoleExchange, isConsoleRequest } from './console.ts';
import type { DocumentLimits } from './document-limits.ts';
import { checkLimits, type QueryLimits } from './execute.ts';
import { readBody, type Endpoint, type Request } from './http.ts';
import type { Pipeline } from './index.ts';
import { inputProblem, literalProblem } from './input-guards.ts';
import { inputTooLong } from './input-lengths.ts';
import { door, knownError, operate, refuse, type Operation } from './run.ts';
import { errorHeaders, httpStatus, statusOfCode } from './status.ts';

/** Apollo Server's context of a request: the call, whose typed state is all there is (src/pipeline/call.ts). */
export interface ApolloContext {
  call: Call;
}

type GatewayInterface = ApolloServerOptionsWithGateway<ApolloContext>['gateway'];

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

const unavailableIn = (result: ExecutionResult) => result.errors?.find((error) => error.originalError instanceof Unavailable)?.originalError as Unavailable | undefined;

/** A result whose database was away answers 503 with `Retry-After`, as the REST surfaces do; any other, 200. */
const statusOf = (result: ExecutionResult): number => (unavailableIn(result) ? 503 : 200);

/** Apollo Server's and graphql-js's own codes for a document refused before it ran. */
const REQUEST_ERRORS = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND', 'PERSISTED_QUERY_NOT_SUPPORTED', 'OPERATION_RESOLUTION_FAILURE', 'QUERY_TOO_COMPLEX']);

interface AnyError {
  extensions?: Record<string, unknown>;
  originalError?: unknown;
  nodes?: readonly ASTNode[] | undefined;
}

/** A variable's value its type refuses (graphql-js names no code: Apollo Server says BAD_USER_INPUT). */
const isVariableError = (error: AnyError) => !error.originalError && error.nodes?.length === 1 && error.nodes[0]!.kind === Kind.VARIABLE_DEFINITION;

/**
 * The audit log's outcome of a GraphQL answer: its first error's code, at the HTTP status the same refusal
 * has on REST (a CONFLICT is 409 though the answer is a 200 with `errors`).
 */
function refuseFor(call: Call, result: { errors?: readonly AnyError[] | undefined }): void {
  const first = result.errors?.[0];
  if (!first) return;
  const named = knownError(first.originalError)?.code ?? (isVariableError(first) ? 'BAD_USER_INPUT' : first.extensions?.code);
  const code = typeof named === 'string' ? named : 'INTERNAL_SERVER_ERROR';
  refuse(call, code, REQUEST_ERRORS.has(code) ? 400 : (statusOfCode(code) ?? 500));
}

/**
 * The outcome of a result, recorded on the call before its audit entry is written (a write's commits with
 * it): its first error's code, the database's absence first. A field a resolver refused for a scope the
 * caller lacks (beyond the whole operation's, which authorise checks first: the console's catalogue role)
 * makes the call a denial, as a refused operation is.
 */
function outcomeOf(call: Call, result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  refuseFor(call, statusOf(result) >= 500 ? rolledBack(result) : result);
  const forbidden = result.errors.map((error) => error.originalError).find((error) => error instanceof Forbidden);
  if (forbidden && !call.deniedScope) call.deniedScope = forbidden.scope;
  return result;
}

/** A mutation's answer once its document was rolled back: nothing of it stands, the answer says only why. */
function rolledBack(result: ExecutionResult): ExecutionResult {
  if (statusOf(result) >= 500) return { errors: result.errors!.filter((error) => error.originalError instanceof Unavailable) };
  return result.data !== undefined ? { data: null, errors: result.errors } : result;
}

/** Step 4's analyses of client documents, remembered by the document's hash (Apollo Server's) and operation. */
class Analyses {
  readonly #kept = new Map<string, OperationAnalysis | null>();
  readonly #schema: GraphQLSchema;
  readonly #maxCost: number;

  constructor(schema: GraphQLSchema, maxCost: number) {
    this.#schema = schema;
    this.#maxCost = maxCost;
  }

  of(queryHash: string, document: DocumentNode, operationName: string | null): OperationAnalysis | null {
    const key = operationName === null ? queryHash : `${queryHash}:${operationName}`;
    let analysis = this.#kept.get(key);
    if (analysis === undefined) {
      analysis = analyseOperation(this.#schema, document, operationName, this.#maxCost) ?? null;
      if (this.#kept.size >= ANALYSES_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
      this.#kept.set(key, analysis);
    }
    return analysis;
  }
}

export interface GraphqlDoorOptions {
  pipeline: Pipeline;
  schema: GraphQLSchema;
  limits: QueryLimits;
  /** In production, `_service { sdl }` needs a token like everything else. */
  production: boolean;
  logger: Logger;
  /** Refuses a costly document before Apollo Server validates it. */
  documents: DocumentLimits;
  /** Answers a browser's visit to /graphql with an explorer page instead, when it returns true. */
  explorer?: (req: Request, res: ServerResponse) => boolean;
}

export interface GraphqlDoor {
  /** Apollo Server's gateway: it executes every operation through the runner. */
  gateway: GatewayInterface;
  /** The /graphql endpoint, given the started Apollo Server. */
  endpoint(apollo: ApolloServer<ApolloContext>): Endpoint;
}

/** The /graphql door: its adapter of the runner's steps, and the executor Apollo Server calls back. */
export function graphqlDoor({ pipeline, schema, limits, production, logger, documents, explorer }: GraphqlDoorOptions): GraphqlDoor {
  const { executor, services } = pipeline;
  const analyses = new Analyses(schema, limits.maxCost);

  /** Step 4, the rest of prepare: the analysis, the input no operation can store, the limits and the cost. */
  const prepare = (call: Call, request: GatewayGraphQLRequestContext, analysis: OperationAnalysis): Operation<ExecutionResult> => {
    const { document, operationName, queryHash } = request;
    const variables = request.request.variables ?? {};
    // Subscriptions are served over WebSocket (src/live), never as an HTTP request.
    if (analysis.kind === 'subscription') throw new Invalid('query', 'format', 'subscriptions are served over WebSocket (graphql-transport-ws) on /graphql');
    call.action = analysis.kind === 'mutation' ? 'UPDATE' : 'READ';
    call.resource = analysis.rootFields;
    call.operationName = analysis.name;
    const unstorable = inputProblem(variables) ?? literalProblem(document) ?? inputTooLong(schema, document, analysis.operation, variables);
    if (unstorable) throw unstorable;
    const cost = checkLimits(schema, document, analysis, variables, limits);
    if (production && !call.caller && SERVICE_FIELDS.test(analysis.rootFields)) throw new Unauthenticated(MISSING_TOKEN);
    // A console user's answers are their own (`me`) or must be live (the audit log): not cached.
    const cached = analysis.kind === 'query' && call.caller && call.caller.kind !== 'console';
    return {
      document,
      operationName,
      analysis,
      requirements: requirementsFor(schema, document, analysis, variables),
      cost,
      variables: () => variables,
      present: (result) => outcomeOf(call, result),
      failed: (result) => !!result.errors?.length,
      status: statusOf,
      rolledBack,
      ...(cached && {
        cache: {
          operation: `graphql:${queryHash}:${operationName ?? ''}`,
          keep: (result: ExecutionResult) => result.data ?? undefined,
          replay: (data: Record<string, unknown>) => ({ data }),
          status: () => 200,
        },
      }),
    };
  };

  /** The result as Apollo Server answers it: the budget's figures, 503 for a database away. */
  const answered = (call: Call, request: GatewayGraphQLRequestContext, result: ExecutionResult): ExecutionResult => {
    const unavailable = unavailableIn(result);
    if (unavailable) {
      request.response!.http!.status = 503;
      call.headers.set('Retry-After', String(unavailable.retryAfterSeconds));
    }
    if (!call.spent) return result;
    const { cost, remaining, resetSeconds } = call.spent;
    return { ...result, extensions: { ...result.extensions, cost: { requested: cost, remaining, limit: call.budget!.points.perMinute, resetSeconds } } };
  };

  /** A refusal before the operation ran, recorded for the audit log, as Apollo Server answers it (with its status). */
  const refused = (call: Call, error: unknown): unknown => {
    const known = knownError(error);
    if (known) {
      refuse(call, known.code, httpStatus(known.code));
      for (const [name, value] of Object.entries(errorHeaders(known))) call.headers.set(name, value);
      return beforeExecution(known);
    }
    if (error instanceof GraphQLError) refuseFor(call, { errors: [error] });
    else refuse(call, 'INTERNAL_SERVER_ERROR', 500);
    return error;
  };

  const execute = async (request: GatewayGraphQLRequestContext): Promise<ExecutionResult> => {
    const { call } = request.context as ApolloContext;
    try {
      const analysis = analyses.of(request.queryHash, request.document, request.operationName);
      // No operation to run (several, none named): graphql-js says so, and Apollo Server answers it.
      if (!analysis) return await executor.execute(request.document, pipeline.context(call), request.request.variables ?? {}, request.operationName);
      return answered(call, request, await operate(pipeline, call, prepare(call, request, analysis)));
    } catch (error) {
      throw refused(call, error);
    }
  };

  const gateway: GatewayInterface = {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    load: () => Promise.resolve({ executor: execute }),
    stop: () => Promise.resolve(),
  };

  const endpoint = (apollo: ApolloServer<ApolloContext>): Endpoint => {
    const serve = door<GraphqlInput>(pipeline, {
      surface: (req) => (isConsoleRequest(req) ? 'console' : 'graphql'),
      resource: 'graphql',
      errors: graphqlErrors,
      logger,
      authenticate: async (call, req) => {
        await authenticateBearer(pipeline, call, 'm2m', req.headers.authorization, true);
        const session = call.surface === 'console' ? await authenticateConsole(services, call, req) : null;
        call.console = consoleExchange(pipeline, call, req, session);
      },
      admit: (call) => admitToGraphql(pipeline, call),
      read: async (call, req, res) => {
        const body = req.method === 'POST' ? await readBody(req, res).catch((error: unknown) => {
          // A body the service cannot read is no one's to complain about: without a caller, who it is comes first.
          throw call.caller || !(error instanceof Invalid) ? error : new Unauthenticated(MISSING_TOKEN);
        }) : undefined;
        const url = req.url ?? '';
        const mark = url.indexOf('?');
        const search = mark < 0 ? '' : url.slice(mark);
        const source = req.method === 'POST' ? (body as { query?: unknown } | undefined)?.query : new URLSearchParams(search).get('query');
        const costly = documents.problem(source);
        if (costly) throw costly;
        return { body, search };
      },
      serve: async (call, { body, search }, req) => {
        const headers = new HeaderMap();
        for (const name in req.headers) {
          const value = req.headers[name];
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const response = await apollo.executeHTTPGraphQLRequest({
          httpGraphQLRequest: { method: req.method ?? 'GET', headers, search, body },
          context: () => Promise.resolve({ call }),
        });
        if (response.body.kind !== 'complete') throw new Error('incremental delivery is not enabled');
        const reply = replyOf(response.status, response.headers, response.body.string);
        if (reply.status >= 400 && !call.refusal) refusedByApollo(call, response.body.string, reply.status);
        return reply;
      },
    });
    // A browser's visit is answered with an explorer page instead, outside the pipeline (a page, not a call).
    return (req, res, params) => {
      if (!explorer?.(req, res)) serve(req, res, params);
    };
  };

  return { gateway, endpoint };
}

/** What the /graphql door reads of a request: its JSON body (a POST's) and its query string, for Apollo Server. */
interface GraphqlInput {
  body: unknown;
  search: string;
}

/** A request Apollo Server refused before the runner saw its operation (a syntax error, an invalid document, CSRF): its code for the audit log. */
function refusedByApollo(call: Call, text: string, status: number): void {
  try {
    refuseFor(call, JSON.parse(text) as { errors?: AnyError[] });
  } catch {
    // Not JSON (a refusal in plain text): the status says it.
  }
  refuse(call, 'BAD_REQUEST', status);
}

/**
 * Step 2 for the graph's doors (/graphql, its SDL download, the console's export): an API client against its
 * budget of points, anyone else (a console session, no caller) against its source address's limit.
 */
export async function admitToGraphql(pipeline: Pipeline, call: Call): Promise<void> {
  if (call.caller?.kind === 'm2m') await admitToBudget(call, pipeline.limits.graphql, call.caller.id);
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
