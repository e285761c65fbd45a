/**
 * A GraphQL refusal in the media type the client reads (GraphQL over HTTP). A client that accepts
 * `application/graphql-response+json` reads the status: a spent budget is 429. A client of
 * `application/json` (or of anything, as a federation gateway asks: `Accept: *\/*`) is answered 200 with the
 * refusal in `errors`, as that media type wants, because such a client reads a status it does not expect as a
 * transport failure: `@apollo/gateway` turned a 429 into "429: Too Many Requests", INTERNAL_SERVER_ERROR, and
 * its caller lost RATE_LIMITED and `retryAfter`. `Retry-After` and the audit log's 429 stay either way.
 */
import accepts from 'accepts';
import type { IncomingMessage } from 'node:http';
import type { Reply } from './call.ts';

const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json';

/** Whether the answer to this request is `application/json`: the client did not prefer GraphQL's own media type. */
export function answersInJson(req: IncomingMessage): boolean {
  return accepts(req).type(['application/json', GRAPHQL_RESPONSE_JSON]) !== GRAPHQL_RESPONSE_JSON;
}

/**
 * A /graphql answer in its media type: a refusal for being rate limited (raised by the steps, or answered by
 * Apollo Server) is 200 in `application/json`, 429 otherwise.
 */
export function inMediaType(req: IncomingMessage, reply: Reply): Reply {
  return reply.status === 429 && answersInJson(req) ? { ...reply, status: 200 } : reply;
}
