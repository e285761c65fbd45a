/**
 * Request bodies of the REST surfaces, parsed by strict zod schemas built from the domain's rules
 * (src/domain/input-rules.ts): unknown fields are refused (no mass assignment), and the first problem
 * becomes the Invalid the domain would raise, naming the field (`dates[0].startsAt` inside lists) and
 * the rule, with the same message.
 */
import type { z } from 'zod';
import { Invalid } from '../src/domain/errors.ts';
import { invalidOf } from '../src/domain/input-rules.ts';

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Invalid('body', 'type', 'must be a JSON object');
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const invalid = invalidOf(result.error.issues[0]!, body);
  throw invalid.field === 'input' ? new Invalid('body', invalid.rule, invalid.detail) : invalid;
}
