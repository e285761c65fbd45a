/**
 * The operation pipeline inside Apollo Server, for client documents sent to /graphql. Each distinct
 * document (by its hash and operation name) is analysed once; per request the operation is checked against
 * the limits, its fields are authorised, its result is served from or stored in the cache, and the pipeline's
 * own executor runs it (Apollo Server takes it through its `gateway` option). Authentication, rate limits
 * and the audit step run before and around, in HTTP middleware.
 */
import type { ApolloServerOptionsWithGateway, ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { DomainError, Unauthenticated } from '../domain/errors.ts';
import { analyseOperation, requirementsFor, type OperationAnalysis } from './analysis.ts';
import type { ResponseCache } from './cache.ts';
import type { GraphqlContext } from './context.ts';
import { authorise, checkLimits, type Executor, type QueryLimits } from './operations.ts';

type GatewayInterface = ApolloServerOptionsWithGateway<GraphqlContext>['gateway'];

/** Distinct documents remembered with their analysis; past it, the oldest is forgotten. */
const ANALYSES_KEPT = 2_000;

/** The root fields that describe the service itself: in production only a caller with a token may ask for them. */
const SERVICE_FIELDS = /(^|,)_service(,|$)/;

const asGraphqlError = (error: DomainError) =>
  new GraphQLError(error.message, {
    originalError: error,
    extensions: { code: error.code, http: { status: error.code === 'UNAUTHENTICATED' ? 401 : 400 } },
  });

export interface GraphqlPipelineOptions {
  schema: GraphQLSchema;
  executor: Executor;
  cache: ResponseCache;
  limits: QueryLimits;
  /** In production, `_service { sdl }` needs a token like everything else. */
  production: boolean;
}

export function graphqlPipeline({ schema, executor, cache, limits, production }: GraphqlPipelineOptions): {
  plugin: ApolloServerPlugin<GraphqlContext>;
  gateway: GatewayInterface;
} {
  const analyses = new Map<string, OperationAnalysis>();
  const analysisOf = (key: string, make: () => OperationAnalysis | undefined) => {
    let analysis = analyses.get(key);
    if (!analysis) {
      analysis = make();
      if (!analysis) return undefined;
      if (analyses.size >= ANALYSES_KEPT) analyses.delete(analyses.keys().next().value!);
      analyses.set(key, analysis);
    }
    return analysis;
  };

  const plugin: ApolloServerPlugin<GraphqlContext> = {
    async requestDidStart() {
      let analysis: OperationAnalysis | undefined;
      let cacheKey: string | undefined;
      return {
        async didResolveOperation({ document, operationName, request, contextValue, queryHash }) {
          analysis = analysisOf(`${queryHash}:${operationName ?? ''}`, () => analyseOperation(schema, document, operationName, limits.maxCost));
          if (!analysis) return;
          const { outcome } = contextValue;
          outcome.action = analysis.kind === 'mutation' ? 'UPDATE' : 'READ';
          outcome.resourceType = analysis.rootFields;
          outcome.operation = analysis.name;
          checkLimits(schema, document, analysis, request.variables ?? {}, limits);
          try {
            if (production && !contextValue.caller && SERVICE_FIELDS.test(analysis.rootFields)) {
              throw new Unauthenticated('Authentication required: send Authorization: Bearer <access token>');
            }
            authorise(requirementsFor(schema, document, analysis, request.variables ?? {}), contextValue);
          } catch (error) {
            throw error instanceof DomainError ? asGraphqlError(error) : error;
          }
        },

        async responseForOperation({ request, contextValue, queryHash, operationName, response, logger }) {
          const { caller } = contextValue;
          // A console user's answers are their own (`me`) or must be live (the audit log): not cached.
          if (analysis?.kind !== 'query' || !cache.enabled || !caller || caller.kind === 'console' || contextValue.deniedFields?.size) return null;
          try {
            cacheKey = await cache.key({
              operation: `graphql:${queryHash}:${operationName ?? ''}`,
              companyId: caller.companyId,
              scopes: caller.scopes,
              variables: request.variables ?? {},
              types: analysis.typesRead,
            });
            const hit = await cache.get<Record<string, unknown>>(cacheKey);
            if (!hit) {
              contextValue.outcome.cache = { hit: false, ageSeconds: 0 };
              return null;
            }
            cacheKey = undefined;
            contextValue.outcome.cache = { hit: true, ageSeconds: cache.ageSeconds(hit) };
            return { http: response.http, body: { kind: 'single', singleResult: { data: hit.value } } };
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
            if (succeeded && analysis?.typesInvalidated.length && contextValue.caller) {
              await cache.invalidate(contextValue.caller.companyId, analysis.typesInvalidated);
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

  // Apollo Server executes through a gateway's executor when it has one: here, the pipeline's own.
  const gateway: GatewayInterface = {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async load() {
      return {
        executor: (requestContext) =>
          executor.execute(requestContext.document, requestContext.context as GraphqlContext, requestContext.request.variables, requestContext.operationName),
      };
    },
    async stop() {},
  };
  return { plugin, gateway };
}
