/**
 * The runner: every call to an API door (M2M and v1 routes, /graphql, both token endpoints, the console's
 * CSV export, the SDL download) runs through `door`, one function, in this order:
 *
 *   1 authenticate  who is calling                      the door's `authenticate` (src/pipeline/authenticate.ts, console.ts)
 *   2 admit         under which limits                  the door's `admit` (src/pipeline/admit.ts)
 *   3 read          the request's input                 the door's `read` (src/pipeline/http.ts readBody)
 *   4 prepare       the document, parsed, validated and analysed once per document (a route's at mount,
 *                   a client's by its hash: src/pipeline/graphql.ts), its limits and cost
 *   5 authorise     every scope of the whole operation, and its cost spent     `operate`: src/pipeline/authorise.ts, admit.ts
 *   6 cache         a stored answer, if one is current                         `operate`: src/pipeline/cache.ts
 *   7 execute       a read, or a write inside one unit of work (its commit raises the cache versions it
 *                   changed and writes the audit entry)                        `operate`: execute.ts, commit.ts
 *   8 audit         the call's entry, unless its write or cache hit committed it   `door`: src/pipeline/audit.ts
 *   9 answer        status, headers, bytes                                     `door`: src/pipeline/http.ts
 *
 * A door is an adapter: how it authenticates and admits, how it reads its input, and `serve`, which for an
 * operation prepares it (step 4) and hands it to `operate` (steps 5 to 7), and presents the result in the
 * surface's shape. A door without an operation (a token endpoint, the export) does its own work in `serve`.
 * A refusal or failure at any step becomes the surface's error answer, audited like any other. A cache hit is
 * the path cut short: its audit entry is committed in a statement that also confirms the versions its answer
 * was keyed by, and a hit that a write has overtaken is served as a miss.
 */
import type { DocumentNode, ExecutionResult } from 'graphql';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { AuditRecord } from '../domain/audit-log.ts';
import { DomainError, Unavailable } from '../domain/errors.ts';
import type { OperationAnalysis, ScopeRequirement } from './analysis.ts';
import { spend } from './admit.ts';
import { authorise } from './authorise.ts';
import type { Lookup } from './cache.ts';
import type { Call, ErrorShape, Reply, Surface } from './call.ts';
import { inWriteTransaction, type WriteTransaction } from './commit.ts';
import { databaseUnavailable } from './database.ts';
import { answer, startCall, type Endpoint, type Request } from './http.ts';
import type { Pipeline } from './index.ts';
import { unstorableTextAsInvalid } from './input-guards.ts';
import { httpStatus } from './status.ts';

/** Seconds a caller is asked to wait when its call could not be recorded. */
const AUDIT_RETRY_AFTER_SECONDS = 2;

/** The audit entry of a call that ended with `status`, timed now. */
export function auditEntry(pipeline: Pipeline, call: Call, status: number): AuditRecord {
  const { caller } = call;
  const user = caller?.kind === 'console' ? caller : undefined;
  return pipeline.audit.entry({
    companyId: caller?.companyId ?? null,
    client: user ? null : (caller?.id ?? null),
    userId: user?.id ?? null,
    userEmail: user?.user?.email ?? null,
    requestId: call.requestId,
    surface: call.surface,
    method: call.method,
    path: call.path,
    resourceType: call.resource,
    operation: call.operationName,
    action: call.action,
    status: call.refusal?.status ?? (call.deniedScope && status < 400 ? 403 : status),
    errorCode: call.refusal?.code ?? (call.deniedScope ? 'FORBIDDEN' : null),
    missingScope: call.deniedScope,
    targets: call.targets,
  });
}

/** Records how the call was refused (the first refusal stands): the audit log's status and code. */
export function refuse(call: Call, code: string, status: number): void {
  call.refusal ??= { code, status };
}

/** An error of the vocabulary behind any error: its own, a database that went away, text PostgreSQL cannot store. */
export function knownError(error: unknown): DomainError | undefined {
  const known = error instanceof DomainError ? error : (databaseUnavailable(error) ?? unstorableTextAsInvalid(error));
  return known instanceof DomainError ? known : undefined;
}

/** Any error, as an answer in the surface's shape: the vocabulary's own, or a bare 500 (logged) for the unexpected. */
export function errorReply(error: unknown, errors: ErrorShape, log: Logger, call?: Call): Reply {
  const known = knownError(error);
  if (known) return presentRefusal(call, known, errors);
  log.error({ err: error }, 'request failed');
  if (call) refuse(call, 'INTERNAL_SERVER_ERROR', 500);
  return errors.internal();
}

/** A refusal of the vocabulary in the surface's shape, recorded on the call for its audit entry. */
export function presentRefusal(call: Call | undefined, error: DomainError, errors: ErrorShape): Reply {
  if (call) refuse(call, error.code, httpStatus(error.code));
  return errors.present(error);
}

/**
 * A door onto the runner: the surface it opens, the audit log's resource of its calls, its error shape, and
 * the steps that are its own. Steps it leaves out are not taken (an open document has no caller to
 * authenticate; a token endpoint's credentials are its input).
 */
export interface Door<Input> {
  /** The surface, or how a request names it (/graphql serves the console too). */
  surface: Surface | ((req: Request) => Surface);
  resource: string;
  errors: ErrorShape;
  logger: Logger;
  /** Headers every answer of the door carries (`Cache-Control: no-store` of a token endpoint). */
  headers?: Record<string, string>;
  /** Step 1: sets `call.caller`, or refuses. */
  authenticate?(call: Call, req: Request): void | Promise<void>;
  /** Step 2: counts the call against its subject's limits, or refuses. */
  admit?(call: Call, req: Request): void | Promise<void>;
  /** Step 3: the request's input, read and checked for what no operation can store (NUL, nesting, size). */
  read(call: Call, req: Request, res: ServerResponse, params: Record<string, string | undefined>): Input | Promise<Input>;
  /** Steps 4 to 7, and the result in the surface's shape: usually `operate` on the door's prepared operation. */
  serve(call: Call, input: Input, req: Request): Promise<Reply>;
  /** The answer, refusals included, in the media type the request asked for (GraphQL over HTTP's 429 in JSON is 200). */
  present?(req: Request, reply: Reply): Reply;
}

/** A door that reads nothing: its input is the route's path parameters. */
export const readParams = (_call: Call, _req: Request, _res: ServerResponse, params: Record<string, string | undefined>) => params;

/**
 * Every call, through one door: the endpoint makes the call, runs steps 1 to 7 as the door supplies them,
 * answers any refusal or failure in the surface's shape, writes the audit entry (step 8) unless a write or a
 * cache hit committed it already, and answers (step 9). Its admission is released when the response closes.
 */
export function door<Input>(pipeline: Pipeline, shape: Door<Input>): Endpoint {
  return (req, res, params) => {
    const call = startCall(req, typeof shape.surface === 'function' ? shape.surface(req) : shape.surface, shape.resource, pipeline.trust);
    res.once('close', () => void call.admission?.release());
    if (shape.headers) for (const name in shape.headers) call.headers.set(name, shape.headers[name]!);
    const log = (req as Request & { log?: Logger }).log ?? shape.logger;
    const steps = async () => {
      await shape.authenticate?.(call, req);
      await shape.admit?.(call, req);
      return shape.serve(call, await shape.read(call, req, res, params), req);
    };
    void audited(pipeline, call, shape.errors, log, steps).then(
      (reply) => answer(req, res, call, shape.present ? shape.present(req, reply) : reply),
      (error: unknown) => {
        log.error({ err: error }, 'request failed');
        answer(req, res, call, shape.errors.internal());
      },
    );
  };
}

/**
 * Steps 1 to 7 as `steps` runs them, whatever they throw answered in the surface's shape, then step 8: the
 * audit entry, unless a write committed it already. If the entry cannot be written, the caller is told to
 * retry (503) rather than given an answer the log would not show.
 */
async function audited(pipeline: Pipeline, call: Call, errors: ErrorShape, log: Logger, steps: () => Promise<Reply>): Promise<Reply> {
  let reply: Reply;
  try {
    reply = await steps();
  } catch (error) {
    reply = errorReply(error, errors, log, call);
  }
  // A caller that keeps sending after a 429 waits for each further one (src/pipeline/refusal-pacing.ts).
  const retryAfter = rateLimitedFor(call, reply);
  if (retryAfter !== undefined) await pipeline.refusalPacing.hold(call.caller?.id ?? call.address, retryAfter);
  // The answer becomes bytes before it waits on its audit entry: a large text (a page of customers is a
  // quarter of a megabyte) would otherwise sit on the JavaScript heap through the wait, and be copied to the
  // old generation by any collection meanwhile; bytes sit outside the heap.
  if (typeof reply.body === 'string') reply = { ...reply, body: Buffer.from(reply.body) };
  if (call.audited) return reply;
  try {
    await pipeline.audit.record(auditEntry(pipeline, call, reply.status));
  } catch (error) {
    log.error({ err: error }, 'audit entry could not be written');
    return errors.present(new Unavailable('The service is temporarily unavailable: it cannot record this call, retry shortly', AUDIT_RETRY_AFTER_SECONDS));
  }
  return reply;
}

/** The seconds a refusal for too many calls asks its caller to wait (whatever the door's shape of it); undefined for any other answer. */
function rateLimitedFor(call: Call, reply: Reply): number | undefined {
  if (reply.status !== 429 && call.refusal?.code !== 'RATE_LIMITED') return undefined;
  const given = reply.headers?.['Retry-After'] ?? reply.headers?.['retry-after'] ?? call.headers.get('Retry-After');
  const seconds = Number(given);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 1;
}

/**
 * An operation as a door prepared it (step 4), and how its result becomes the door's answer (`Out`: a REST
 * reply, a GraphQL result).
 */
export interface Operation<Out> {
  document: DocumentNode;
  operationName?: string | null;
  analysis: OperationAnalysis;
  /** Every scope the operation needs, its variables considered. */
  requirements: readonly ScopeRequirement[];
  /** Points it spends of a GraphQL client's budget. */
  cost?: number;
  /** Its variables; a door may read them only once the scopes are checked (a REST route throws Invalid here). */
  variables(): Record<string, unknown>;
  /** Checks the variables before the operation runs (a cache hit needs no check: its key's variables were). */
  check?(variables: Record<string, unknown>): void;
  /** The result as the door's answer; a refusal becomes the answer, recorded on the call. */
  present(result: ExecutionResult): Out;
  /** Whether the answer is a refusal or failure: a write's whole document is then rolled back; a read is not kept. */
  failed(out: Out): boolean;
  /** The answer's HTTP status. */
  status(out: Out): number;
  /** A write's answer once its work was rolled back (all or nothing, or a status of 500 or more). */
  rolledBack?(out: Out): Out;
  /** A cached read: the name its entries are kept under, and what of an answer is kept. */
  cache?: CachedAs<Out, unknown>;
  /** A write's own steps in its transaction: an earlier answer to give again (idempotency), and keeping this one. */
  inWrite?: {
    replay(tx: WriteTransaction): Promise<Out | null>;
    keep(tx: WriteTransaction, out: Out): Promise<void>;
  };
}

export interface CachedAs<Out, Stored> {
  /** `GET /customers`, or a GraphQL document's hash and operation. */
  operation: string;
  /** The variables' keys always come in one order (a REST route's): their JSON is their key as it is. */
  ordered?: boolean;
  keep(out: Out): Stored | undefined;
  replay(stored: Stored): Out;
  status(stored: Stored): number;
}

/** Steps 5 to 7 of a prepared operation: authorise and spend, the cache, and execute (a read, or a write in its unit of work). */
export async function operate<Out>(pipeline: Pipeline, call: Call, operation: Operation<Out>): Promise<Out> {
  authorise(call, operation.requirements);
  if (operation.cost !== undefined) await spend(call, operation.cost);
  const variables = operation.variables();
  // Writes of a company run in its unit of work; signing in and out have no company yet.
  if (operation.analysis.kind === 'mutation' && call.caller) return write(pipeline, call, operation, variables);

  const { cache } = pipeline;
  const cached = operation.cache;
  let lookup: Lookup<unknown> | undefined;
  if (cached && cache.enabled && call.caller) {
    const read = { operation: cached.operation, companyId: call.caller.companyId, scopes: call.caller.scopes, variables, types: operation.analysis.typesRead, ordered: cached.ordered ?? false };
    lookup = await cache.lookup(read);
    if (lookup.entry && (await servedFromCache(pipeline, call, lookup, cached.status(lookup.entry.value)))) return cached.replay(lookup.entry.value);
    if (lookup.entry) lookup = await cache.lookup(read);
    call.cache = { hit: false, ageSeconds: 0 };
  }
  operation.check?.(variables);
  const out = operation.present(await pipeline.executor.execute(operation.document, pipeline.context(call), variables, operation.operationName));
  if (!lookup || operation.failed(out)) return out;
  const stored = cached!.keep(out);
  if (stored === undefined) return out;
  cache.store(lookup, stored);
  return cached!.replay(stored);
}

/**
 * Step 4 for a stored answer: it is served only once its audit entry is committed with its versions still
 * current. False: a write overtook it (this instance had not heard of it yet); the versions are read again.
 */
async function servedFromCache(pipeline: Pipeline, call: Call, lookup: Lookup<unknown>, status: number): Promise<boolean> {
  if (await pipeline.audit.recordHit(auditEntry(pipeline, call, status), lookup.versions)) {
    call.audited = true;
    call.cache = { hit: true, ageSeconds: pipeline.cache.ageSeconds(lookup.entry!) };
    return true;
  }
  pipeline.cache.behind(lookup.companyId);
  return false;
}

/**
 * Step 7 of a write, in its unit of work (src/pipeline/commit.ts): the document commits all or nothing (any
 * error in its answer rolls back every write it made), and its answer, whatever it is, commits with the
 * audit entry and the cache versions of what its committed root fields changed.
 */
function write<Out>(pipeline: Pipeline, call: Call, operation: Operation<Out>, variables: Record<string, unknown>): Promise<Out> {
  operation.check?.(variables);
  const { executor } = pipeline;
  return inWriteTransaction(pipeline, call, async (tx) => {
    const replayed = await operation.inWrite?.replay(tx);
    if (replayed) return { status: operation.status(replayed), changed: [], value: replayed };
    const context = pipeline.context(call, tx.em);
    const { value, undone } = await tx.allOrNothing(
      async () => operation.present(await executor.execute(operation.document, context, variables, operation.operationName)),
      (answer) => operation.failed(answer),
    );
    const status = operation.status(value);
    const out = (undone || status >= 500) && operation.rolledBack ? operation.rolledBack(value) : value;
    if (status < 500) await operation.inWrite?.keep(tx, out);
    return { status, changed: undone ? [] : executor.invalidatedBy(context.committed), value: out };
  });
}
