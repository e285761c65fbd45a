/**
 * The `fetch` under openapi-fetch: it adds the bearer token, renews it once when the service answers 401,
 * waits and retries after 429 (and 503 with `Retry-After`), and gives a v1 `POST` an `Idempotency-Key`
 * (a random UUID unless the caller set one) before the first attempt, so every retry carries the same key
 * and the service answers a repeated create with the first answer instead of creating twice.
 */
import { mayRepeat, retryDelayMs, type RetryNotice, type RetryPolicy } from './retry.ts';
import type { Timing } from './timing.ts';
import type { TokenSource } from './tokens.ts';

export type Fetch = (request: Request) => Promise<Response>;

export interface TransportOptions {
  fetch: Fetch;
  timing: Timing;
  retry: RetryPolicy;
  onRetry?: (notice: RetryNotice) => void;
  /** Where the bearer token comes from; none for the token request itself. */
  tokens?: TokenSource;
  /** Gives every `POST` an `Idempotency-Key` (v1). */
  idempotencyKeys?: boolean;
  /** Retries even non-idempotent requests: a token request creates nothing a repeat could duplicate. */
  alwaysRepeatable?: boolean;
}

export function transport(options: TransportOptions): Fetch {
  const { fetch, timing, retry: policy, onRetry, tokens } = options;
  return async (request) => {
    const headers = new Headers(request.headers);
    if (options.idempotencyKeys && request.method === 'POST' && !headers.has('idempotency-key')) headers.set('idempotency-key', crypto.randomUUID());
    const repeatable = options.alwaysRepeatable || mayRepeat(request.method, headers);
    // Read once so that each attempt can send it again.
    const body = request.body ? await request.arrayBuffer() : undefined;
    let renewed = false;
    for (let retry = 1; ; ) {
      const token = tokens && (await tokens.get());
      if (token) headers.set('authorization', `Bearer ${token}`);
      const response = await fetch(new Request(request, { headers, body }));
      if (response.status === 401 && token && !renewed && repeatable) {
        renewed = true;
        tokens.invalidate(token);
        await response.body?.cancel();
        continue;
      }
      const delayMs = repeatable ? retryDelayMs(response, retry, policy, timing.now()) : undefined;
      if (delayMs === undefined) return response;
      onRetry?.({ method: request.method, url: request.url, status: response.status, retry, delayMs });
      await response.body?.cancel();
      await timing.sleep(delayMs);
      retry += 1;
    }
  };
}
