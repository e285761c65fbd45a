/**
 * The three time scalars of the contract, validated on input (format and the accepted range of dates,
 * src/domain/time.ts) so bad values are BAD_USER_INPUT errors; and `JSONObject`, the `data` of a webhook event.
 */
import { GraphQLError, GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';
import { DATE_RANGE_TEXT, isInstantInDateRange, isLocalDate, isLocalDateTime } from '../src/domain/time.ts';

function stringScalar(name: string, description: string, valid: (text: string) => boolean, example: string) {
  const parse = (value: unknown): string => {
    if (typeof value !== 'string' || !valid(value)) {
      throw new GraphQLError(`${name} must look like ${example}, on a date ${DATE_RANGE_TEXT}`, { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return value;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => String(value),
    parseValue: parse,
    parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined),
  });
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function parseInstant(value: unknown): Date {
  const instant = typeof value === 'string' && ISO_INSTANT.test(value) ? new Date(value) : null;
  if (!instant || !isInstantInDateRange(instant)) {
    throw new GraphQLError(`DateTime must be an ISO 8601 instant with offset, such as 2026-12-01T09:00:00Z, ${DATE_RANGE_TEXT}`, {
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return instant;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseObject(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw new GraphQLError('JSONObject must be a JSON object', { extensions: { code: 'BAD_USER_INPUT' } });
  return value;
}

export const scalars = {
  Date: stringScalar('Date', 'A calendar date, `YYYY-MM-DD`.', isLocalDate, '2026-12-01'),
  LocalDateTime: stringScalar('LocalDateTime', 'A local date and time without offset.', isLocalDateTime, '2026-12-01T09:00:00'),
  DateTime: new GraphQLScalarType({
    name: 'DateTime',
    description: 'An ISO 8601 instant with offset.',
    serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()),
    parseValue: parseInstant,
    parseLiteral: (ast) => parseInstant(ast.kind === Kind.STRING ? ast.value : undefined),
  }),
  JSONObject: new GraphQLScalarType({
    name: 'JSONObject',
    description: 'A JSON object.',
    serialize: parseObject,
    parseValue: parseObject,
    parseLiteral: (ast, variables) => parseObject(valueFromASTUntyped(ast, variables)),
  }),
};
