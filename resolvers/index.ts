/**
 * The executable schema: the SDL of schema/*.graphql, the resolvers of each area, and the scope guard.
 * Built once at start-up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeResolvers } from '@graphql-tools/merge';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, type GraphQLSchema } from 'graphql';
import { companyEm } from '../src/db/scope.ts';
import { createLoaders } from '../src/db/loaders.ts';
import { guardScopes } from '../src/pipeline/scopes.ts';
import type { Services } from '../src/services.ts';
import { adminResolvers } from './admin/index.ts';
import { appointmentResolvers } from './appointments/index.ts';
import { bookingResolvers } from './bookings/index.ts';
import { catalogueResolvers } from './catalogue/index.ts';
import type { Caller, GraphqlContext } from './context.ts';
import { customerResolvers } from './customers/index.ts';
import { referenceResolvers } from './federation.ts';
import { paymentResolvers } from './payments.ts';
import { scalars } from './scalars.ts';

const schemaDir = join(import.meta.dirname, '..', 'schema');

export function typeDefs(): string[] {
  return readdirSync(schemaDir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(join(schemaDir, file), 'utf8'));
}

/** The schema is an Apollo Federation 2 subgraph; it also serves clients directly. */
export function buildSchema(): GraphQLSchema {
  const resolvers = mergeResolvers([
    scalars,
    paymentResolvers,
    customerResolvers,
    bookingResolvers,
    appointmentResolvers,
    catalogueResolvers,
    referenceResolvers,
    adminResolvers,
  ] as never[]);
  return guardScopes(buildSubgraphSchema([{ typeDefs: parse(typeDefs().join('\n')), resolvers: resolvers as never }]));
}

/** No company matches this id, so a context without a caller reads nothing. */
const NO_COMPANY = 'co_none';

export function graphqlContext(services: Services, caller: Caller | null, requestId: string): GraphqlContext {
  const companyId = caller?.companyId ?? NO_COMPANY;
  const em = companyEm(services.orm, companyId);
  return {
    services,
    caller,
    em,
    loaders: createLoaders(em, companyId),
    requestId,
    outcome: { action: 'READ', resourceType: '', operation: null, cache: null },
  };
}

