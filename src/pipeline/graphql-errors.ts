/**
 * The GraphQL mapping of the error vocabulary: a DomainError becomes its `extensions.code` (and the
 * field and rule of an invalid input); anything unexpected is logged and becomes INTERNAL_SERVER_ERROR
 * without detail.
 */
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
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
    if (formatted.extensions?.code === 'INTERNAL_SERVER_ERROR' && refusedRequest(original)) {
      // Apollo Server's own refusal of a request, raised without a code (an APQ hash that does not match its
      // query): the client's mistake, said as such, not a failure of ours.
      return { message: formatted.message, extensions: { code: 'BAD_REQUEST' } };
    }
    if (formatted.extensions?.code === 'INTERNAL_SERVER_ERROR') {
      logger.error({ err: original, path: formatted.path }, 'resolver failed');
      return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
    return formatted;
  };
}

/** A GraphQL error raised about the request itself, with an HTTP status under 500, and not by a resolver. */
function refusedRequest(error: unknown): boolean {
  if (!(error instanceof GraphQLError) || error.originalError || error.path) return false;
  const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
