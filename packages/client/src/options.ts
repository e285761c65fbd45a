/** What both clients take besides their credentials, and the `fetch` each builds from it. */
import { retryPolicy, type RetryNotice, type RetryOptions } from './retry.ts';
import { realTiming, type Timing } from './timing.ts';
import { TokenSource, type IssuedToken } from './tokens.ts';
import { transport, type Fetch } from './transport.ts';

export interface ClientOptions {
  /** The interface's base URL, its path included: `https://studio.example/m2m` or `https://studio.example/api/v1`. */
  baseUrl: string;
  /** The `fetch` to send requests with; the global one unless given. */
  fetch?: Fetch;
  retry?: RetryOptions;
  /** Told before each wait after a 429 or 503, for logs and metrics. */
  onRetry?: (notice: RetryNotice) => void;
  /** Seconds before a token's expiry at which it is renewed: 60 unless given, at most a tenth of its lifetime. */
  tokenMarginSeconds?: number;
  /** The time the client reads and waits on; the real one unless given (for tests). */
  timing?: Timing;
}

/**
 * The `fetch` of every call: authenticated by tokens that `requestToken` obtains through an unauthenticated
 * `fetch` of its own, both backing off alike.
 */
export function authenticatedFetch(options: ClientOptions, requestToken: (fetch: Fetch) => Promise<IssuedToken>, idempotencyKeys: boolean): Fetch {
  const common = {
    fetch: options.fetch ?? ((request: Request) => globalThis.fetch(request)),
    timing: options.timing ?? realTiming,
    retry: retryPolicy(options.retry),
    onRetry: options.onRetry,
  };
  const tokenFetch = transport({ ...common, alwaysRepeatable: true });
  const tokens = new TokenSource(() => requestToken(tokenFetch), common.timing, options.tokenMarginSeconds);
  return transport({ ...common, tokens, idempotencyKeys });
}
