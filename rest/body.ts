/**
 * Request bodies of the REST surfaces, parsed by strict zod schemas: unknown fields are refused (no mass
 * assignment), and the first problem becomes an Invalid naming the field and the rule.
 */
import type { z } from 'zod';
import { Invalid, type Rule } from '../src/domain/errors.ts';

type Issue = z.core.$ZodIssue;

function ruleOf(issue: Issue, body: unknown): { field: string; rule: Rule; message: string } {
  const field = issue.path.map(String).join('.');
  switch (issue.code) {
    case 'unrecognized_keys': {
      const key = issue.keys[0]!;
      return { field: field ? `${field}.${key}` : key, rule: 'unknown', message: 'is not a field of this request' };
    }
    case 'invalid_type': {
      const value = issue.path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), body);
      return value === undefined
        ? { field, rule: 'required', message: 'is required' }
        : { field, rule: 'type', message: `must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}` };
    }
    case 'too_small':
      return { field, rule: issue.origin === 'string' && issue.minimum === 1 ? 'required' : 'min', message: issue.message };
    case 'too_big':
      return { field, rule: 'max', message: issue.message };
    case 'invalid_value':
      return { field, rule: 'enum', message: `must be one of ${issue.values.map(String).join(', ')}` };
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
