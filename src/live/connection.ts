/**
 * One authenticated WebSocket of live changes: who it speaks for, how to learn whether that still stands,
 * and its subscriptions. A subscription (the `changes` field's source stream) receives the changes of the
 * caller's company of the types it chose, each one only while the caller's scopes read its type. Each
 * subscription started or refused is audited like a read of /graphql.
 */
import { MANY_CHANGES, type LiveChange } from '../db/live-changes.ts';
import { DomainError } from '../domain/errors.ts';
import type { Call } from '../pipeline/call.ts';
import type { Caller } from '../pipeline/caller.ts';
import type { Pipeline } from '../pipeline/index.ts';
import { auditEntry, refuse } from '../pipeline/run.ts';
import { httpStatus } from '../pipeline/status.ts';
import { ChangeQueue } from './change-queue.ts';
import type { LiveHub } from './hub.ts';
import type { ReadableTypes } from './readable-types.ts';

/** Close codes of the graphql-transport-ws protocol and of WebSocket (RFC 6455) this service uses. */
export const CLOSE = {
  /** No valid credential, or it was revoked or ended: the client should not retry with it (fatal in graphql-ws's client). */
  unauthorized: 4401,
  /** The credential expired or what it may read changed: reconnect (graphql-ws's client retries). */
  forbidden: 4403,
  /** Too many connections of the client, or its source address past its limit. */
  tooMany: 4429,
  /** The server is stopping. */
  goingAway: 1001,
  /** The database could not be asked: retry later. */
  tryAgainLater: 1013,
} as const;

/** What a connection's caller is now: still the same, changed (its scopes or role), or gone (revoked, ended). */
export type Standing = { caller: Caller } | { gone: string };

export interface LiveConnectionParts {
  pipeline: Pipeline;
  hub: LiveHub;
  types: ReadableTypes;
  caller: Caller;
  /** Reads the caller's standing afresh. */
  standing: () => Promise<Standing>;
  /** Closes the socket. */
  close: (code: number, reason: string) => void;
  /** Takes a place among the client's subscriptions (throws when none is left); the returned function gives it back. */
  takeSubscription: (connection: LiveConnection) => () => void;
}

const scopesText = (caller: Caller) => [...caller.scopes].sort().join(' ');

export class LiveConnection {
  #caller: Caller;
  readonly #parts: LiveConnectionParts;
  readonly #subscriptions = new Set<ChangeQueue>();
  #closed = false;

  constructor(parts: LiveConnectionParts) {
    this.#parts = parts;
    this.#caller = parts.caller;
  }

  get caller(): Caller {
    return this.#caller;
  }

  /** The client it counts against: an API client, or a console user. */
  get subject(): string {
    return `${this.#caller.kind} ${this.#caller.id}`;
  }

  /**
   * Starts a subscription of `call` to the changes of `requested` types (null: every type the caller reads),
   * or refuses it (an unknown type, a scope missing, the client's subscriptions all taken), audited either way.
   */
  async changes(call: Call, requested: readonly string[] | null): Promise<AsyncIterableIterator<LiveChange>> {
    const { pipeline } = this.#parts;
    try {
      const queue = this.#subscribe(requested);
      await pipeline.audit.record(auditEntry(pipeline, call, 200));
      return queue;
    } catch (error) {
      if (error instanceof DomainError) {
        refuse(call, error.code, httpStatus(error.code));
        if (error.code === 'FORBIDDEN') call.deniedScope = String(error.details.scope);
        await pipeline.audit.record(auditEntry(pipeline, call, httpStatus(error.code)));
      }
      throw error;
    }
  }

  #subscribe(requested: readonly string[] | null): ChangeQueue {
    const { hub, types } = this.#parts;
    const chosen = types.chosen(this.#caller.scopes, requested);
    const giveBack = this.#parts.takeSubscription(this);
    const companyId = this.#caller.companyId;
    const queue: ChangeQueue = new ChangeQueue(() => {
      stop();
      giveBack();
      this.#subscriptions.delete(queue);
    });
    const stop = hub.listen({
      companyId,
      receive: (change) => {
        if ((chosen.has(change.type) || change.type === MANY_CHANGES) && types.mayRead(this.#caller.scopes, change.type)) queue.push(change);
      },
    });
    this.#subscriptions.add(queue);
    return queue;
  }

  /**
   * Reads the caller's standing again (its access changed, or a session's periodic check): a caller gone closes
   * the socket for good; one whose scopes changed closes it so that the client reconnects under its new scopes.
   */
  async recheck(): Promise<void> {
    if (this.#closed) return;
    let standing: Standing;
    try {
      standing = await this.#parts.standing();
    } catch {
      // The database did not answer: the next notice or check asks again.
      return;
    }
    if ('gone' in standing) this.close(CLOSE.unauthorized, `Unauthorized: ${standing.gone}`);
    else if (scopesText(standing.caller) !== scopesText(this.#caller)) this.close(CLOSE.forbidden, 'Forbidden: what this client may read changed; reconnect');
  }

  close(code: number, reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#parts.close(code, reason);
    this.ended();
  }

  /** The socket closed: every subscription ends. */
  ended(): void {
    this.#closed = true;
    for (const queue of [...this.#subscriptions]) queue.end();
  }
}
