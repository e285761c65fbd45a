/**
 * Step 2, admit: the call counts against the limits of its subject (an API client or key, or a source
 * address for calls without one). Every answer carries the IETF `RateLimit-Policy` and `RateLimit` fields;
 * past a limit the call is refused with RATE_LIMITED (429, `Retry-After`). An admitted call holds its place
 * among the subject's calls in flight until its response closes (`call.admission.release()`). A GraphQL
 * client counts against a budget of points a minute instead: admitted while it has points left, it spends
 * its document's cost once the document is analysed (`spend`).
 */
import { RateLimited } from '../domain/errors.ts';
import type { Call } from './call.ts';
import { rateLimitHeader, type ClientLimits, type PointBudget } from './limits.ts';

export async function admit(call: Call, limits: ClientLimits, subject: string): Promise<void> {
  const admission = await limits.admit(subject);
  call.headers.set('RateLimit-Policy', limits.policyHeader());
  call.headers.set('RateLimit', rateLimitHeader(admission.states));
  if (!admission.admitted) {
    throw new RateLimited(`Rate limit exceeded (${admission.exceeded}): retry after ${admission.retryAfter} s`, admission.retryAfter);
  }
  call.admission = admission;
}

/** A GraphQL client is admitted while its budget has points left. */
export async function admitToBudget(call: Call, points: PointBudget, subject: string): Promise<void> {
  const state = await points.left(subject);
  call.headers.set('RateLimit-Policy', points.policyHeader());
  call.headers.set('RateLimit', rateLimitHeader([state]));
  const retryAfter = Math.max(1, state.resetSeconds);
  if (state.remaining <= 0) throw new RateLimited(`GraphQL budget spent (${points.perMinute} points a minute): retry after ${retryAfter} s`, retryAfter);
  call.budget = { points, subject };
}

/** Spends the operation's cost from the caller's budget (when it has one), or refuses it: nothing is spent then. */
export async function spend(call: Call, cost: number): Promise<void> {
  if (!call.budget) return;
  const { ok, state } = await call.budget.points.spend(call.budget.subject, cost);
  call.headers.set('RateLimit', rateLimitHeader([state]));
  if (!ok) {
    const retryAfter = Math.max(1, state.resetSeconds);
    throw new RateLimited(
      `The operation costs ${cost} points and ${state.remaining} of ${state.quota} are left this minute: retry after ${retryAfter} s`,
      retryAfter,
    );
  }
  call.spent = { cost, remaining: state.remaining, resetSeconds: state.resetSeconds };
}
