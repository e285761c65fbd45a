/**
 * Step 2, admit: the call counts against the limits of its subject (an API client or key, or a source
 * address for calls without one). Every answer carries the IETF `RateLimit-Policy` and `RateLimit` fields;
 * past a limit the call is refused with RATE_LIMITED (429, `Retry-After`). An admitted call holds its place
 * among the subject's calls in flight until its response closes (`call.admission.release()`).
 */
import { RateLimited } from '../domain/errors.ts';
import type { Call } from './call.ts';
import { rateLimitHeader, type ClientLimits } from './limits.ts';

export async function admit(call: Call, limits: ClientLimits, subject: string): Promise<void> {
  const admission = await limits.admit(subject);
  call.headers.set('RateLimit-Policy', limits.policyHeader());
  call.headers.set('RateLimit', rateLimitHeader(admission.states));
  if (!admission.admitted) {
    throw new RateLimited(`Rate limit exceeded (${admission.exceeded}): retry after ${admission.retryAfter} s`, admission.retryAfter);
  }
  call.admission = admission;
}
