/**
 * Rate limits per source address, for the requests that have no caller to count against: /graphql
 * requests without a token (ANONYMOUS_RATE_PER_MINUTE) and token requests (TOKEN_RATE_PER_MINUTE, each
 * token endpoint on its own). They answer as the callers' limits do: `RateLimit-Policy` and `RateLimit`
 * on every answer, 429 with `Retry-After` past the limit. The address is the call's (src/pipeline/http.ts):
 * the client's own behind the proxies that TRUST_PROXY trusts.
 */
import type { Clock } from '../domain/clock.ts';
import type { Config } from '../config.ts';
import { ClientLimits } from './limits.ts';
import type { SharedState } from './shared-state.ts';

export interface AddressLimits {
  anonymousGraphql: ClientLimits;
  m2mToken: ClientLimits;
  v1Token: ClientLimits;
}

export function addressLimits(shared: SharedState, config: Pick<Config, 'ANONYMOUS_RATE_PER_MINUTE' | 'TOKEN_RATE_PER_MINUTE'>, clock: Clock): AddressLimits {
  return {
    anonymousGraphql: new ClientLimits(shared, 'anonymous-graphql', { perMinute: config.ANONYMOUS_RATE_PER_MINUTE }, clock),
    m2mToken: new ClientLimits(shared, 'token-m2m', { perMinute: config.TOKEN_RATE_PER_MINUTE }, clock),
    v1Token: new ClientLimits(shared, 'token-v1', { perMinute: config.TOKEN_RATE_PER_MINUTE }, clock),
  };
}
