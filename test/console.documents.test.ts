/**
 * Every document the console sends fits the limits a console user has: its cost with the variables' defaults
 * is within GRAPHQL_MAX_COST, so no page of the console can be refused as too complex, and a console user's
 * minute budget lasts a person working at the desk's pace.
 */
import { describe, expect, it } from '@jest/globals';
import { parse } from 'graphql';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { analyseOperation, operationCost } from '../src/pipeline/analysis.ts';
import { buildSchema } from '../resolvers/index.ts';

const schema = buildSchema();
const { GRAPHQL_MAX_COST, CONSOLE_POINTS_PER_MINUTE } = loadConfig({});

const costOf = (source: string, variables: Record<string, unknown> = {}) => {
  const document = parse(source);
  return operationCost(schema, document, analyseOperation(schema, document)!, variables);
};

/** The console's documents, as console/src/documents.ts writes them: `graphql(\`query Name … \`)`. */
const sources = [...readFileSync(new URL('../console/src/documents.ts', import.meta.url), 'utf8').matchAll(/graphql\(`([^`]*)`\)/g)].map(([, source]) => source!);
const fragments = sources.filter((source) => /^\s*fragment\b/.test(source)).join('\n');
const operations = sources
  .flatMap((source): [string, string][] => {
    const name = /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(source)?.[1];
    return name ? [[name, `${source}\n${fragments}`]] : [];
  });
const sourceOf = (name: string) => operations.find(([operation]) => operation === name)![1];

describe('the console documents', () => {
  it('are all here', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it.each(operations)('%s costs at most GRAPHQL_MAX_COST', (_name, source) => {
    expect(costOf(source)).toBeLessThanOrEqual(GRAPHQL_MAX_COST);
  });

  it('let a person at the desk open every page, then Today, a search and a profile every three seconds, within a minute of the budget', () => {
    const queries = operations.filter(([, source]) => /^\s*query\b/m.test(source));
    const everyPage = queries.reduce((sum, [, source]) => sum + costOf(source), 0);
    const desk = costOf(sourceOf('Today')) + costOf(sourceOf('Customers'), { search: 'Adams' }) + costOf(sourceOf('Customer'));
    expect(everyPage + 20 * desk).toBeLessThanOrEqual(CONSOLE_POINTS_PER_MINUTE);
  });
});
