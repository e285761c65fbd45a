/**
 * Protection of the graph from expensive operations: a maximum depth and number of aliases
 * (graphql-armor validation rules), and a cost limit weighted by page sizes (graphql-query-complexity):
 * a paged field multiplies the cost of what it selects by its `pageSize` (or the default of 30). A
 * refused operation reports its computed cost in `extensions`.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, getNamedType, isObjectType, type GraphQLSchema, type ValidationContext } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import { DEFAULT_PAGE_SIZE } from '../domain/paging.ts';

export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
}

/** Reported as validation errors (400 GRAPHQL_VALIDATION_FAILED) instead of thrown out of validation. */
const asValidationError = { propagateOnRejection: false, onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)] };

export function limitRules(limits: QueryLimits) {
  return [
    maxDepthRule({ n: limits.maxDepth, ignoreIntrospection: true, flattenFragments: true, exposeLimits: true, ...asValidationError }),
    maxAliasesRule({ n: limits.maxAliases, exposeLimits: true, ...asValidationError }),
  ];
}

/** 1 per field; a field returning a page (it has `nodes` and `total`) costs its page size times what it selects. */
const pageWeighted: ComplexityEstimator = ({ field, args, childComplexity }) => {
  const type = getNamedType(field.type);
  const paged = isObjectType(type) && 'nodes' in type.getFields() && 'total' in type.getFields();
  const pageSize = typeof args.pageSize === 'number' ? args.pageSize : DEFAULT_PAGE_SIZE;
  return 1 + (paged ? pageSize : 1) * childComplexity;
};

export function costLimitPlugin(schema: GraphQLSchema, maxCost: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request, operationName }) {
          let cost: number;
          try {
            cost = getComplexity({ schema, query: document, variables: request.variables ?? {}, operationName: operationName ?? undefined, estimators: [pageWeighted] });
          } catch (error) {
            // getComplexity coerces the variables first; a variable of the wrong type is the caller's mistake.
            throw new GraphQLError((error as Error).message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
          }
          if (cost > maxCost) {
            throw new GraphQLError(`The operation costs ${cost}, over the limit of ${maxCost}: ask for smaller pages or fewer fields`, {
              extensions: { code: 'QUERY_TOO_COMPLEX', cost, maxCost, http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
