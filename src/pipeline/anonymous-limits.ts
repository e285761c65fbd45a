/**
 * Rate limits per source address, for the requests that have no caller to count against: /graphql
 * requests without a token (ANONYMOUS_RATE_PER_MINUTE) and token requests (TOKEN_RATE_PER_MINUTE, each
 * token endpoint on its own). They answer as the callers' limits do: `RateLimit-Policy` and `RateLimit`
 * on every answer, 429 with `Retry-After` past the limit. The address is Express's `req.ip`: the
 * client's own behind the proxies that TRUST_PROXY trusts.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Clock } from '../domain/clock.ts';
import type { Config } from '../config.ts';
import { admit, callerOf, type ErrorPresenter } from './http.ts';
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

/** The request's source address. */
export const sourceAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Counts every request against its source address. */
export function admitByAddress(limits: ClientLimits, present: ErrorPresenter): RequestHandler {
  return admit(limits, present, sourceAddress);
}

/**
 * Counts a request without an API caller against its source address; an API client's request is counted by
 * the client's limits. Console users are people at a browser: counted per address, as anonymous requests are.
 */
export function admitAnonymousByAddress(limits: ClientLimits, present: ErrorPresenter): RequestHandler {
  return admit(limits, present, (req, res) => (isApiCaller(res) ? undefined : sourceAddress(req)));
}

/** Whether the request's caller is an API client or key (not a console user). */
export const isApiCaller = (res: Response) => {
  const kind = callerOf(res)?.kind;
  return kind === 'm2m' || kind === 'v1';
};
