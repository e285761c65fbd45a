/**
 * A live-changes subscriber as an integrator or the console makes one: the `graphql-ws` client over `ws`,
 * with a bearer token in `connection_init` or a session cookie on the upgrade request. It keeps what it
 * received and how its connection closed, and waits for a change (or a close) for a bounded time.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface Change {
  type: string;
  id: string;
  action: string;
  at: string;
  related: string[];
}

export interface Subscriber {
  client: Client;
  /** Every change received, with when it arrived (Date.now()). */
  received: Array<Change & { arrivedAt: number }>;
  /** The errors of a refused subscription. */
  errors: Array<{ message: string; extensions?: Record<string, unknown> }>;
  /** Set once the connection closed. */
  closed: { code: number; reason: string } | null;
  /** Starts a subscription; resolves once the server answered it with an error or completed it, else keeps receiving. */
  subscribe(query?: string, variables?: Record<string, unknown>): { done: Promise<void>; stop: () => void };
  /** The first change (received or arriving) that `match` accepts; rejects after `ms`. */
  next(match: (change: Change) => boolean, ms?: number): Promise<Change & { arrivedAt: number }>;
  /** Resolves once more than `count` changes that `match` accepts have arrived; rejects after `ms`. */
  more(match: (change: Change) => boolean, count: number, ms?: number): Promise<void>;
  /** Resolves with the close once the connection closed; rejects after `ms`. */
  whenClosed(ms?: number): Promise<{ code: number; reason: string }>;
  dispose(): Promise<void>;
}

export const CHANGES = 'subscription ($types: [String!]) { changes(types: $types) { type id action at related } }';

/**
 * How long a wait for a change or a close lasts by default. It only turns "never" into a failure: what is
 * waited for takes milliseconds on a quiet machine and never comes without its feature, so the wait is long,
 * for a loaded machine whose worker the other suites starve for seconds.
 */
export const WAIT_MS = 10_000;

export interface SubscriberOptions {
  token?: string;
  /** Headers of the upgrade request (a console's Cookie and Origin). */
  headers?: Record<string, string>;
}

async function within<T>(ms: number, what: string, check: () => T | undefined): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() - started > ms) throw new Error(`${what}: nothing after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export function liveSubscriber(baseUrl: string, { token, headers }: SubscriberOptions = {}): Subscriber {
  const received: Subscriber['received'] = [];
  const errors: Subscriber['errors'] = [];
  let closed: Subscriber['closed'] = null;
  class WithHeaders extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WithHeaders,
    ...(token && { connectionParams: { authorization: `Bearer ${token}` } }),
    retryAttempts: 0,
    // Connected at once and kept until disposed, as the console keeps its one connection.
    lazy: false,
    onNonLazyError: () => {},
    on: {
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        closed = { code, reason: String(reason) };
      },
    },
  });
  const subscriber: Subscriber = {
    client,
    received,
    errors,
    get closed() {
      return closed;
    },
    subscribe(query = CHANGES, variables = {}) {
      let stop = () => {};
      const done = new Promise<void>((resolve) => {
        stop = client.subscribe<{ changes: Change }>({ query, variables }, {
          next: (result) => {
            if (result.data?.changes) received.push({ ...result.data.changes, arrivedAt: Date.now() });
            if (result.errors) errors.push(...(result.errors as Subscriber['errors']));
          },
          error: (error) => {
            if (Array.isArray(error)) errors.push(...(error as Subscriber['errors']));
            resolve();
          },
          complete: () => resolve(),
        });
      });
      return { done, stop };
    },
    next: (match, ms = WAIT_MS) => within(ms, 'change', () => received.find(match)),
    more: async (match, count, ms = WAIT_MS) => {
      await within(ms, 'change', () => (received.filter(match).length > count ? true : undefined));
    },
    whenClosed: (ms = WAIT_MS) => within(ms, 'close', () => closed ?? undefined),
    dispose: async () => {
      await client.dispose();
    },
  };
  return subscriber;
}
