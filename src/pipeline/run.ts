/**
 * The one request path. Every call to an API door (a REST route, /graphql, a token endpoint, the console's
 * export) passes once through the same steps, in this order:
 *
 *   1 authenticate  who is calling                          src/pipeline/authenticate.ts (console.ts)
 *   2 admit         under which limits                      src/pipeline/admit.ts
 *   3 authorise     every scope of the whole operation      src/pipeline/authorise.ts
 *   4 cache         a stored answer, if one is current      src/pipeline/cache.ts
 *   5 execute       the operation                           src/pipeline/execute.ts
 *   6 commit        a write's transaction, with its audit   src/pipeline/commit.ts
 *   7 invalidate    the versions the commit raised          src/pipeline/cache-versions.ts
 *   8 audit         the call's entry, committed             src/pipeline/audit.ts
 *   9 answer        status, headers, bytes                  src/pipeline/http.ts
 *
 * A cache hit is this path cut short: its audit entry is committed in a statement that also confirms the
 * versions its answer was keyed by, and a hit that a write has overtaken is served as a miss. A refusal or a
 * failure at any step becomes the surface's error answer, audited like any other. `serve` is the frame every
 * door runs its steps in; `runOperation` is steps 3 to 7 for an operation the server prepared (a REST route).
 */
import type { GraphQLError } from 'graphql';
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { AuditRecord } from '../domain/audit-log.ts';
import { DomainError, Unavailable } from '../domain/errors.ts';
import { authorise } from './authorise.ts';
import type { Lookup } from './cache.ts';
import type { Call, ErrorShape, Reply, Surface } from './call.ts';
import { inWriteTransaction } from './commit.ts';
import { databaseUnavailable } from './database.ts';
import { answer, startCall, type Endpoint, type Request } from './http.ts';
import type { PreparedOperation } from './execute.ts';
import { claim, keep, type IdempotentRequest } from './idempotency.ts';
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

/** Any error, as an answer in the surface's shape: the vocabulary's own, or a bare 500 (logged) for the unexpected. */
export function errorReply(error: unknown, errors: ErrorShape, log: Logger, call?: Call): Reply {
  const known = error instanceof DomainError ? error : (databaseUnavailable(error) ?? unstorableTextAsInvalid(error));
  if (known instanceof DomainError) return presentRefusal(call, known, errors);
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
 * The frame of every call: `steps` runs steps 1 to 7 and answers; whatever it throws is answered in the
 * surface's shape; then step 8, the audit entry, unless a write committed it already. If the entry cannot be
 * written, the caller is told to retry (503) rather than given an answer the log would not show.
 */
export async function serve(pipeline: Pipeline, call: Call, errors: ErrorShape, log: Logger, steps: () => Promise<Reply>): Promise<Reply> {
  let reply: Reply;
  try {
    reply = await steps();
  } catch (error) {
    reply = errorReply(error, errors, log, call);
  }
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

/** What a door is: the surface it opens, the audit log's resource of its calls, its error shape. */
export interface DoorShape {
  /** The surface, or how a request names it (/graphql serves the console too). */
  surface: Surface | ((req: Request) => Surface);
  resource: string;
  errors: ErrorShape;
  logger: Logger;
  /** Headers every answer of the door carries (`Cache-Control: no-store` of a token endpoint). */
  headers?: Record<string, string>;
}

/** The steps a door runs for a call: its own reading of the input and presenting of the answer, around the pipeline's steps. */
export type DoorSteps = (call: Call, req: Request, res: ServerResponse, params: Record<string, string | undefined>) => Promise<Reply>;

/**
 * A door onto the pipeline (a REST route, /graphql, a token endpoint, the SDL download, the console's export):
 * the endpoint that makes the call, releases its admission when the response closes, runs the door's steps in
 * the frame every call runs in (`serve`: refusals in the surface's shape, the audit entry) and answers.
 */
export function door(pipeline: Pipeline, shape: DoorShape, steps: DoorSteps): Endpoint {
  return (req, res, params) => {
    const call = startCall(req, typeof shape.surface === 'function' ? shape.surface(req) : shape.surface, shape.resource, pipeline.trust);
    res.once('close', () => void call.admission?.release());
    for (const [name, value] of Object.entries(shape.headers ?? {})) call.headers.set(name, value);
    const log = (req as Request & { log?: Logger }).log ?? shape.logger;
    void serve(pipeline, call, shape.errors, log, () => steps(call, req, res, params)).then(
      (reply) => answer(req, res, call, reply),
      (error: unknown) => {
        log.error({ err: error }, 'request failed');
        answer(req, res, call, shape.errors.internal());
      },
    );
  };
}

/**
 * Step 4 for a stored answer: it is served only once its audit entry is committed with its versions still
 * current. False: a write overtook it (this instance had not heard of it yet); the versions are read again.
 */
export async function servedFromCache(pipeline: Pipeline, call: Call, lookup: Lookup<unknown>, status: number): Promise<boolean> {
  if (await pipeline.audit.recordHit(auditEntry(pipeline, call, status), lookup.versions)) {
    call.audited = true;
    call.cache = { hit: true, ageSeconds: pipeline.cache.ageSeconds(lookup.entry!) };
    return true;
  }
  pipeline.cache.behind(lookup.companyId);
  return false;
}

/** A stored REST answer: the bytes sent the first time, and their entity tag. */
export interface StoredReply {
  status: number;
  body: Buffer | string;
  etag?: string;
}

/** An operation the server prepared (a REST route's document), with how its request and result map. */
export interface PreparedCall<Data> {
  operation: PreparedOperation;
  /** The operation's variables; throws Invalid naming the parameter. Read after the scopes are checked. */
  variables(): Record<string, unknown>;
  /** Checks the variables by the schema's rules before the operation runs (a cache hit needs no check: its key's variables were). */
  check(variables: Record<string, unknown>): void;
  /** The result's data as the answer; throws the vocabulary (NotFound) when the result says so. */
  respond(data: Data): Reply;
  /** The first error of a result, as the vocabulary. */
  errorOf(error: GraphQLError): DomainError;
  errors: ErrorShape;
  /** A cached read: the name its entries are kept under (`GET /customers`). */
  cacheAs?: string;
  /** A write with `Idempotency-Key`. */
  idempotency?: IdempotentRequest;
  /** An entity tag of a read's answer. */
  etag?(body: string): string;
}

/** Steps 3 to 7 of a prepared operation. */
export async function runOperation<Data>(pipeline: Pipeline, call: Call, prepared: PreparedCall<Data>): Promise<Reply> {
  const { analysis, document } = prepared.operation;
  authorise(call, analysis.requirements);
  const variables = prepared.variables();
  if (analysis.kind === 'mutation') return runWrite(pipeline, call, prepared, variables);

  const { cache } = pipeline;
  let lookup: Lookup<StoredReply> | undefined;
  if (prepared.cacheAs && cache.enabled) {
    // A route's variables come in a fixed order: their JSON is their key as it is.
    const read = { operation: prepared.cacheAs, companyId: call.caller!.companyId, scopes: call.caller!.scopes, variables, types: analysis.typesRead, ordered: true };
    lookup = await cache.lookup<StoredReply>(read);
    if (lookup.entry && (await servedFromCache(pipeline, call, lookup, lookup.entry.value.status))) return storedReply(lookup.entry.value);
    if (lookup.entry) lookup = await cache.lookup<StoredReply>(read);
  }
  prepared.check(variables);
  const result = await pipeline.executor.execute(document, pipeline.context(call), variables);
  if (result.errors?.length) throw prepared.errorOf(result.errors[0]!);
  const reply = prepared.respond(result.data as Data);
  if (lookup && reply.body !== null) {
    const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
    const etag = prepared.etag?.(body.toString('utf8'));
    cache.store<StoredReply>(lookup, { status: reply.status, body, ...(etag && { etag }) });
    call.cache = { hit: false, ageSeconds: 0 };
    return { ...reply, body, headers: { ...reply.headers, ...(etag && { ETag: etag }) } };
  }
  return reply;
}

function storedReply(stored: StoredReply): Reply {
  return { status: stored.status, body: stored.body, ...(stored.etag && { headers: { ETag: stored.etag } }) };
}

/** Steps 5 to 7 of a prepared write, in its transaction; its failure is an answer like any other, committed with its audit entry. */
function runWrite<Data>(pipeline: Pipeline, call: Call, prepared: PreparedCall<Data>, variables: Record<string, unknown>): Promise<Reply> {
  prepared.check(variables);
  return inWriteTransaction(pipeline, call, async (tx) => {
    const replayed = prepared.idempotency && (await claim(tx, pipeline.services.clock, prepared.idempotency));
    if (replayed) return { status: replayed.status, changed: [], value: replayed };
    const context = pipeline.context(call, tx.em);
    const { value: reply, undone } = await tx.allOrNothing(async () => {
      const result = await pipeline.executor.execute(prepared.operation.document, context, variables);
      try {
        if (result.errors?.length) throw prepared.errorOf(result.errors[0]!);
        return prepared.respond(result.data as Data);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return presentRefusal(call, error, prepared.errors);
      }
    }, (answer) => answer.status >= 400);
    if (prepared.idempotency && reply.status < 500) await keep(tx, prepared.idempotency, reply);
    return { status: reply.status, changed: undone ? [] : pipeline.executor.invalidatedBy(context.committed), value: reply };
  });
}
