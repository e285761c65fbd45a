/**
 * The GraphQL mapping of the error vocabulary: a DomainError becomes its `extensions.code` (and the
 * field and rule of an invalid input); anything unexpected is logged and becomes INTERNAL_SERVER_ERROR
 * without detail.
 */
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { databaseUnavailable } from './database.ts';
import { DomainError } from '../domain/errors.ts';
import { unstorableTextAsInvalid } from './input-guards.ts';

export function graphqlErrorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const unwrapped = unstorableTextAsInvalid(unwrapResolverError(error));
    const original = databaseUnavailable(unwrapped) ?? unwrapped;
    if (original instanceof DomainError) {
      return { ...formatted, message: original.message, extensions: { ...original.details, code: original.code } };
    }
    if (formatted.extensions?.code === 'INTERNAL_SERVER_ERROR') {
      logger.error({ err: original, path: formatted.path }, 'resolver failed');
      return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    return formatted;
  };
}
