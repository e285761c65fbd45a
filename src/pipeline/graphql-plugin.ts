/**
 * The operation pipeline inside Apollo Server: every operation, whether it came to /graphql or from a
 * REST route through `executeOperation`, is scope-checked, served from or stored in the cache, and
 * described for the audit log here. Authentication and rate limits run before, in HTTP middleware.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import type { GraphqlContext } from '../../resolvers/context.ts';
import type { ResponseCache } from './cache.ts';
import { rootFields, typesInvalidated, typesRead } from './operation-shape.ts';
import { deniedFields, scopeRequirements } from './scopes.ts';

interface Shape {
  read: string[];
  invalidated: string[];
  roots: string;
}

export function pipelinePlugin(schema: GraphQLSchema, cache: ResponseCache): ApolloServerPlugin<GraphqlContext> {
  const shapes = new Map<string, Shape>();
  return {
    async requestDidStart() {
      let cacheKey: string | undefined;
      let shape: Shape | undefined;
      return {
        async didResolveOperation({ document, operation, operationName, request, contextValue, queryHash }) {
          const shapeKey = `${queryHash}:${operationName ?? ''}`;
          shape = shapes.get(shapeKey);
          if (!shape) {
            shape = {
              read: typesRead(schema, document, operationName),
              invalidated: typesInvalidated(schema, document, operationName),
              roots: rootFields(document, operationName).join(','),
            };
            if (shapes.size < 10_000) shapes.set(shapeKey, shape);
          }
          contextValue.outcome.action = operation?.operation === 'mutation' ? 'UPDATE' : 'READ';
          contextValue.outcome.resourceType = shape.roots;
          contextValue.outcome.operation = operationName ?? null;
          const requirements = scopeRequirements(schema, document, operationName, request.variables ?? {});
          if (!requirements.length) return;
          if (!contextValue.caller) {
            throw new GraphQLError('Authentication required: send Authorization: Bearer <access token>', {
              extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
            });
          }
          contextValue.deniedFields = deniedFields(requirements, contextValue.caller.scopes);
        },

        async responseForOperation({ operation, request, contextValue, queryHash, operationName, response, logger }) {
          const { caller } = contextValue;
          if (operation.operation !== 'query' || !cache.enabled || !caller || contextValue.deniedFields?.size || !shape) return null;
          try {
            cacheKey = await cache.key({
              operation: `${queryHash}:${operationName ?? ''}`,
              companyId: caller.companyId,
              variables: request.variables ?? {},
              scopes: caller.scopes,
              types: shape.read,
            });
            const hit = await cache.get(cacheKey);
            if (!hit) {
              contextValue.outcome.cache = { hit: false, ageSeconds: 0 };
              return null;
            }
            cacheKey = undefined;
            const ageSeconds = Math.max(0, Math.floor((contextValue.services.clock.now().getTime() - hit.storedAt) / 1000));
            contextValue.outcome.cache = { hit: true, ageSeconds };
            return { http: response.http, body: { kind: 'single', singleResult: { data: hit.data as Record<string, unknown> } } };
          } catch (error) {
            logger.warn(`cache unavailable, serving uncached: ${(error as Error).message}`);
            cacheKey = undefined;
            return null;
          }
        },

        async willSendResponse({ response, contextValue, logger }) {
          const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
          const succeeded = result && !result.errors?.length;
          try {
            if (succeeded && cacheKey) await cache.set(cacheKey, result.data);
            if (succeeded && shape?.invalidated.length && contextValue.caller) {
              await cache.invalidate(contextValue.caller.companyId, shape.invalidated);
            }
          } catch (error) {
            logger.warn(`cache unavailable: ${(error as Error).message}`);
          }
          const outcome = contextValue.outcome.cache;
          if (outcome) {
            response.http.headers.set('x-cache', outcome.hit ? 'HIT' : 'MISS');
            response.http.headers.set('age', String(outcome.ageSeconds));
          }
        },
      };
    },
  };
}
