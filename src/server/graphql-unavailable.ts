/**
 * GraphQL's HTTP status for the vocabulary's `Unavailable`: a response whose errors say the service
 * cannot answer now (its database is away) is sent as 503 with `Retry-After`, as the REST surfaces do,
 * so load balancers and clients retry it rather than take it for an answer.
 */
import type { ApolloServerPlugin } from '@apollo/server';

export function unavailableStatus(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const unavailable = response.body.singleResult.errors?.find((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE');
          if (!unavailable) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(unavailable.extensions?.retryAfter ?? 1));
        },
      };
    },
  };
}
