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
import { rateLimitHeader, type ClientLimits, type LimitState, type PointBudget } from './limits.ts';

export async function admit(call: Call, limits: ClientLimits, subject: string): Promise<void> {
  const admission = await limits.admit(subject);
  call.headers.set('RateLimit-Policy', limits.policyHeader());
  call.headers.set('RateLimit', rateLimitHeader(admission.states));
  if (!admission.admitted) {
    throw new RateLimited(`Rate limit exceeded (${admission.exceeded}): retry after ${admission.retryAfter} s`, admission.retryAfter);
  }
  call.admission = admission;
}

/** Who ran short, in a refusal's words. */
const whose = (state: LimitState) => (state.name === 'company-points' ? "the company's clients together" : 'this caller');

/** A GraphQL client or console user is admitted while its budget, and its company's under a ceiling, have points left. */
export async function admitToBudget(call: Call, points: PointBudget, subject: string, company?: string): Promise<void> {
  const states = await points.left(subject, company);
  call.headers.set('RateLimit-Policy', points.policyHeader());
  call.headers.set('RateLimit', rateLimitHeader(states));
  const spent = states.find((state) => state.remaining <= 0);
  if (spent) {
    const retryAfter = Math.max(1, spent.resetSeconds);
    throw new RateLimited(`GraphQL budget spent (${spent.quota} points a minute for ${whose(spent)}): retry after ${retryAfter} s`, retryAfter);
  }
  call.budget = { points, subject, ...(company && { company }) };
}

/**
 * Spends `cost` points of the caller's budget (when it has one) for what it asks: the reading of its document
 * (src/pipeline/cost.ts `documentPoints`), then the operation. Refused, nothing of `cost` is spent; what the
 * call spent before stays spent.
 */
export async function spend(call: Call, cost: number, what: 'document' | 'operation' = 'operation'): Promise<void> {
  if (!call.budget) return;
  const { ok, states, short } = await call.budget.points.spend(call.budget.subject, cost, call.budget.company);
  call.headers.set('RateLimit', rateLimitHeader(states));
  if (!ok) {
    const retryAfter = Math.max(1, short!.resetSeconds);
    throw new RateLimited(
      `The ${what} costs ${cost} points and ${short!.remaining} of ${short!.quota} are left this minute for ${whose(short!)}: retry after ${retryAfter} s`,
      retryAfter,
    );
  }
  const own = states[0]!;
  call.spent = { cost: (call.spent?.cost ?? 0) + cost, remaining: own.remaining, resetSeconds: own.resetSeconds };
}
