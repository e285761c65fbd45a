/**
 * What the pipeline knows of one call, as a typed state its steps fill in (src/pipeline/run.ts lists them
 * in order): the door it came through, who is calling, what it was admitted under, what it touched and how
 * it ended. Every door makes one `Call` per request; nothing about a call travels anywhere else.
 */
import type { DomainError } from '../domain/errors.ts';
import type { Caller } from './caller.ts';
import type { ConsoleExchange } from './console.ts';
import type { Admitted, PointBudget } from './limits.ts';

/** The door a call came through, as the audit log names it. */
export type Surface = 'm2m' | 'v1' | 'graphql' | 'console';

/** An answer, as bytes and headers; the server writes it. */
export interface Reply {
  status: number;
  /** Null: no body. */
  body: Buffer | string | null;
  /** `application/json; charset=utf-8` unless given. */
  type?: string;
  headers?: Record<string, string>;
}

/** One surface's documented error shape: an error of the vocabulary, and the bare 500 of anything else. */
export interface ErrorShape {
  present(error: DomainError): Reply;
  internal(): Reply;
}

export interface CacheOutcome {
  hit: boolean;
  ageSeconds: number;
}

export interface Call {
  readonly surface: Surface;
  readonly method: string;
  /** The request's path, without its query. */
  readonly path: string;
  readonly requestId: string;
  /** The client's address: the socket's, or the one the proxies TRUST_PROXY trusts name. */
  readonly address: string;
  /** The audit log's resource type (a REST route's resource, or the root fields of a GraphQL operation). */
  resource: string;
  action: 'READ' | 'UPDATE';
  /** The GraphQL operation's name, when it has one. */
  operationName: string | null;
  /** Step 1, authenticate: null while anonymous. */
  caller: Caller | null;
  /** Step 1 on /graphql: the console's session and sign-in, for its operations (src/pipeline/console.ts). */
  console: ConsoleExchange | null;
  /** Step 2, admit: the limits the call was counted under (released when its response closes). */
  admission: Admitted | null;
  /** Step 2 on /graphql: the budget of points a client's document spends once its cost is known. */
  budget: { points: PointBudget; subject: string } | null;
  /** What the operation cost, of the budget, once spent. */
  spent: { cost: number; remaining: number; resetSeconds: number } | null;
  /** Step 3, authorise: the scope the caller lacked, when refused. */
  deniedScope: string | null;
  /** Step 4, cache: whether the answer came from the cache. */
  cache: CacheOutcome | null;
  /**
   * How the call was refused or failed, as the audit log records it on every door: the vocabulary's code and
   * its HTTP status (a GraphQL mutation refused with CONFLICT is 409 there, though its answer is a 200).
   */
  refusal: { code: string; status: number } | null;
  /** The ids of the records the call's write created, changed or deleted, once committed. */
  targets: readonly string[];
  /** True once the call's audit entry is committed (with a write's transaction, or with a cache hit). */
  audited: boolean;
  /** Headers the steps add to the answer (rate limits, cache, cookies, request id). */
  readonly headers: Map<string, string | string[]>;
}

export interface CallStart {
  surface: Surface;
  method: string;
  path: string;
  requestId: string;
  address: string;
  resource: string;
}

export function newCall(start: CallStart): Call {
  return {
    ...start,
    action: start.method === 'GET' || start.method === 'HEAD' ? 'READ' : 'UPDATE',
    operationName: null,
    caller: null,
    console: null,
    admission: null,
    budget: null,
    spent: null,
    deniedScope: null,
    cache: null,
    refusal: null,
    targets: [],
    audited: false,
    headers: new Map(),
  };
}

/** A JSON answer. */
export const json = (status: number, value: unknown, headers?: Record<string, string>): Reply => ({ status, body: JSON.stringify(value), ...(headers && { headers }) });
