/**
 * Request bodies of the REST surfaces, parsed by strict zod schemas: unknown fields are refused (no mass
 * assignment), and the first problem becomes an Invalid naming the field (`dates[0].startsAt` inside
 * lists, as the domain names them) and the rule, with a message written for people.
 */
import type { z } from 'zod';
import { Invalid, type Rule } from '../src/domain/errors.ts';

type Issue = z.core.$ZodIssue;

const fieldName = (path: PropertyKey[]) =>
  path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)), '');

const valueAt = (body: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), body);

const TYPE_NAMES: Record<string, string> = { int: 'a whole number', array: 'an array', object: 'an object', boolean: 'true or false' };
const FORMATS: Record<string, string> = {
  email: 'must be an email address',
  datetime: 'must be an ISO 8601 instant with offset, such as 2026-12-01T09:00:00Z',
  date: 'must be a date YYYY-MM-DD',
};
const UNITS: Record<string, string> = { string: ' characters', array: ' items' };

function ruleOf(issue: Issue, body: unknown): { field: string; rule: Rule; message: string } {
  const field = fieldName(issue.path);
  const value = valueAt(body, issue.path);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0]!;
      return { field: field ? `${field}.${key}` : key, rule: 'unknown', message: 'is not a field of this request' };
    }
    case 'invalid_type':
      return value === undefined
        ? { field, rule: 'required', message: 'is required' }
        : { field, rule: 'type', message: `must be ${TYPE_NAMES[issue.expected] ?? `a ${issue.expected}`}` };
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? { field, rule: 'required', message: 'must not be empty' }
        : { field, rule: 'min', message: `must be at least ${issue.minimum}${UNITS[issue.origin] ?? ''}` };
    case 'too_big':
      return { field, rule: 'max', message: `must be at most ${issue.maximum}${UNITS[issue.origin] ?? ''}` };
    case 'invalid_value': {
      // A value of another JSON type than the allowed ones is a wrong type, not a wrong choice.
      const sameType = issue.values.some((allowed) => typeof allowed === typeof value);
      return sameType
        ? { field, rule: 'enum', message: `must be one of ${issue.values.map(String).join(', ')}` }
        : { field, rule: 'type', message: `must be a ${typeof issue.values[0]}` };
    }
    case 'invalid_format':
      return { field, rule: 'format', message: FORMATS[issue.format] ?? issue.message };
    default:
      return { field, rule: 'format', message: issue.message };
  }
}

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Invalid('body', 'type', 'must be a JSON object');
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const { field, rule, message } = ruleOf(result.error.issues[0]!, body);
  throw new Invalid(field || 'body', rule, message);
}
