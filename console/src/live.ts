/**
 * Live changes: the pages that show what the studio is doing (Today, the calendar, a register, the schedule)
 * learn of every change committed anywhere (another desk, the booking widget, an API client, the waitlist's
 * promotions) through the `changes` subscription, and read again what a change concerns. One WebSocket for
 * the whole console (graphql-ws's client, the graphql-transport-ws protocol on /graphql of the same origin):
 * the session cookie goes with its upgrade request, which the service accepts from its own origin only, so
 * nothing is sent at `connection_init`. A change carries no record, and none is replayed after a reconnection,
 * so a page reads again on every reconnection too.
 */
import { useEffect, useRef } from 'react';
import { createClient, type Client } from 'graphql-ws/client';
import { ChangesSubscription } from './documents.ts';
import type { ChangesSubscription as Data } from './gql/graphql.ts';

export type Change = Data['changes'];

/** The type of a change that stands for many records at once (an import, changes this instance may have missed). */
export const MANY = '*';

/** A burst of changes (a booking writes its transaction, its booking and its date) is read once, this long after its first. */
const SETTLE_MS = 150;
/** The least time between two reads of one page for changes. */
const MIN_GAP_MS = 1_000;

let client: Client | null = null;
const reconnected = new Set<() => void>();

function liveClient(): Client {
  client ??= createClient({
    url: `${window.location.origin.replace(/^http/, 'ws')}/graphql`,
    lazy: true,
    // Moving between pages drops one page's subscription and starts the next's: the socket stays for that.
    lazyCloseTimeout: 5_000,
    // Keep trying while the console is open (a restart, a dropped network); 4401 (the session ended) and
    // 4429 (too many connections) are final in graphql-ws itself.
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1_000 * 2 ** retries) + Math.random() * 1_000)),
    on: {
      connected: (_socket, _payload, wasRetry) => {
        if (wasRetry) for (const listener of reconnected) listener();
      },
    },
  });
  return client;
}

/** The read scope each type of change a page asks for needs (as the schema's `@scope` on the type says). */
const READ_SCOPES: Record<string, string> = {
  Appointment: 'appointments:read',
  Facilitator: 'appointments:read',
  Booking: 'bookings:read',
  Transaction: 'bookings:read',
  WaitlistEntry: 'bookings:read',
  Event: 'events:read',
  EventDate: 'events:read',
  Customer: 'customers:read',
  Note: 'notes:read',
  QuestionnaireAnswer: 'questionnaire-answers:read',
  PassPurchase: 'packages:read',
  VideoPurchase: 'videos:read',
  Mandate: 'subscription-mandates:read',
};

/** Of `types`, those `scopes` can read: a type asked for without its scope would refuse the whole subscription. */
export const readableTypes = (scopes: readonly string[], types: readonly string[]): string[] => types.filter((type) => scopes.includes(READ_SCOPES[type] ?? ''));

/** Closes the console's live connection: at sign-out, or when the session has ended. */
export function closeLive(): void {
  void client?.dispose();
  client = null;
}

/**
 * Calls `onChange` (once per burst, with the burst's changes) when changes of `types` arrive that `concern`
 * the page; with `'all'` when many records changed at once, and after a reconnection (changes may have been
 * missed). At most once a second: however busy the studio, a page reads again within the 2 s the desk is
 * promised and its user's budget lasts. While the console's tab is hidden, nothing is read; one read follows
 * when it is shown again. `types` need their read scopes (`readableTypes`). `skip` holds the subscription back.
 */
export function useLiveChanges(
  types: readonly string[],
  concerns: (change: Change) => boolean,
  onChange: (changes: readonly Change[] | 'all') => void,
  options: { skip?: boolean } = {},
): void {
  const latest = useRef({ concerns, onChange });
  latest.current = { concerns, onChange };
  const key = [...types].sort().join(',');
  useEffect(() => {
    if (options.skip || !key) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: Change[] | 'all' = [];
    let last = 0;
    let missed = false;
    const run = () => {
      timer = undefined;
      if (document.hidden) {
        missed = true;
        return;
      }
      const changes = pending;
      pending = [];
      last = Date.now();
      latest.current.onChange(changes);
    };
    const soon = (change: Change | 'all') => {
      if (change === 'all' || pending === 'all') pending = 'all';
      else pending.push(change);
      timer ??= setTimeout(run, Math.max(SETTLE_MS, last + MIN_GAP_MS - Date.now()));
    };
    const shownAgain = () => {
      if (document.hidden || !missed) return;
      missed = false;
      timer ??= setTimeout(run, SETTLE_MS);
    };
    const everything = () => soon('all');
    const unsubscribe = liveClient().subscribe<Data>(
      { query: ChangesSubscription.toString(), variables: { types: key.split(',') } },
      {
        next: ({ data }) => {
          const change = data?.changes;
          if (!change) return;
          if (change.type === MANY) soon('all');
          else if (latest.current.concerns(change)) soon(change);
        },
        // The page keeps working without live changes (it reads on its own actions); nothing to show here.
        error: () => {},
        complete: () => {},
      },
    );
    reconnected.add(everything);
    document.addEventListener('visibilitychange', shownAgain);
    return () => {
      reconnected.delete(everything);
      document.removeEventListener('visibilitychange', shownAgain);
      clearTimeout(timer);
      unsubscribe();
    };
  }, [key, options.skip]);
}
