/**
 * The live connections of this instance, by the client they count against (an API client, or a console
 * user): at most LIVE_MAX_CONNECTIONS_PER_CLIENT connections and LIVE_MAX_SUBSCRIPTIONS_PER_CLIENT
 * subscriptions each, on this instance. An API client whose access changes (revoked, its secret rotated,
 * its scopes replaced: the access notice of src/db/notices.ts, on every instance) has its connections'
 * standing read again at once; console sessions, which announce nothing, are read again every
 * LIVE_SESSION_CHECK_SECONDS.
 */
import { ACCESS_CHANNEL } from '../db/notices.ts';
import { RateLimited } from '../domain/errors.ts';
import type { Notices } from '../pipeline/notices.ts';
import type { LiveConnection } from './connection.ts';

export interface LiveLimits {
  connectionsPerClient: number;
  subscriptionsPerClient: number;
  sessionCheckMs: number;
}

export class LiveClients {
  readonly #limits: LiveLimits;
  readonly #connections = new Map<string, Set<LiveConnection>>();
  readonly #subscriptions = new Map<string, number>();
  readonly #sessionChecks: NodeJS.Timeout;

  constructor(limits: LiveLimits, notices: Notices) {
    this.#limits = limits;
    notices.on(ACCESS_CHANNEL, (id) => this.#recheck((caller) => caller.kind !== 'console' && caller.id === id));
    this.#sessionChecks = setInterval(() => this.#recheck((caller) => caller.kind === 'console'), limits.sessionCheckMs).unref();
  }

  /** Counts a connection against its client; false, counting nothing, when the client holds as many as it may. */
  add(connection: LiveConnection): boolean {
    const connections = this.#connections.get(connection.subject) ?? new Set();
    if (connections.size >= this.#limits.connectionsPerClient) return false;
    connections.add(connection);
    this.#connections.set(connection.subject, connections);
    return true;
  }

  remove(connection: LiveConnection): void {
    const connections = this.#connections.get(connection.subject);
    if (!connections?.delete(connection)) return;
    if (!connections.size) this.#connections.delete(connection.subject);
  }

  /** Takes a place among the client's subscriptions, or refuses with RATE_LIMITED; the returned function gives it back once. */
  takeSubscription(connection: LiveConnection): () => void {
    const { subject } = connection;
    const taken = this.#subscriptions.get(subject) ?? 0;
    const most = this.#limits.subscriptionsPerClient;
    if (taken >= most) throw new RateLimited(`Too many live subscriptions: at most ${most} per client (LIVE_MAX_SUBSCRIPTIONS_PER_CLIENT)`, 1);
    this.#subscriptions.set(subject, taken + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.#subscriptions.get(subject) ?? 1) - 1;
      if (left > 0) this.#subscriptions.set(subject, left);
      else this.#subscriptions.delete(subject);
    };
  }

  /** Every connection, for the server to close when it stops. */
  get all(): LiveConnection[] {
    return [...this.#connections.values()].flatMap((connections) => [...connections]);
  }

  stop(): void {
    clearInterval(this.#sessionChecks);
  }

  #recheck(which: (caller: LiveConnection['caller']) => boolean): void {
    for (const connection of this.all) if (which(connection.caller)) void connection.recheck();
  }
}
