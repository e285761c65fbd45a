/**
 * Issue 37: what the service serves describes itself. The API schema and both OpenAPI documents are read by
 * integrators who have none of the documents the service was built from: no description cites them.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { printApiSchema } from '../resolvers/federation.ts';
import { buildSchema } from '../resolvers/index.ts';

/** A citation a reader cannot follow: "document 1", "section 5" (an RFC's section is public, and allowed), a repository path. */
const CITATION = /document [12]\b|(?<!RFC \d+, )section \d|\bthe spec\b|docs\/\w+\.md/i;

function descriptions(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) descriptions(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'description' || key === 'summary') && typeof inner === 'string') found.push(inner);
      else descriptions(inner, found);
    }
  }
  return found;
}

describe('served descriptions', () => {
  it('of the API schema cite nothing a reader does not have', () => {
    const cited = printApiSchema(buildSchema()).split('\n').filter((line) => CITATION.test(line));
    expect(cited).toEqual([]);
  });

  it.each(['m2m', 'v1'])('of the %s OpenAPI document cite nothing a reader does not have', (surface) => {
    const document: unknown = JSON.parse(readFileSync(new URL(`../packages/client/openapi/${surface}.json`, import.meta.url), 'utf8'));
    expect(descriptions(document).filter((text) => CITATION.test(text))).toEqual([]);
  });
});
