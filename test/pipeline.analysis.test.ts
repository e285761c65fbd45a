/**
 * Issue 9, finding 1: every analysis of a client document is linear in the document's size. Documents whose
 * fragments each spread the previous one twice (and other shapes of the same amplification) are analysed in
 * about the time it takes to read them, and their expanded size is reported so the pipeline can refuse them.
 */
import { describe, expect, it } from '@jest/globals';
import { parse } from 'graphql';
import { buildSchema } from '../resolvers/index.ts';
import { analyseOperation, operationCost } from '../src/pipeline/analysis.ts';
import { requiredScopes } from '../src/pipeline/scopes.ts';

const schema = buildSchema();

/** Fragments F0..F(n-1), each spreading the one before twice; `leaf` is the selection of F0. */
function doubling(levels: number, on: string, leaf: string, spread = (f: string) => `...${f} ...${f}`): string {
  let fragments = `fragment F0 on ${on} { ${leaf} }`;
  for (let i = 1; i < levels; i++) fragments += ` fragment F${i} on ${on} { ${spread(`F${i - 1}`)} }`;
  return fragments;
}

const SHAPES: [string, (levels: number) => string][] = [
  ['__typename on Query', (n) => `{ ...F${n - 1} } ${doubling(n, 'Query', '__typename')}`],
  ['aliased __typename', (n) => `{ ...F${n - 1} } ${doubling(n, 'Query', 'a: __typename b: __typename')}`],
  ['guarded fields on Customer, inside a page', (n) => `{ customers { nodes { ...F${n - 1} } } } ${doubling(n, 'Customer', 'id firstName email')}`],
  ['inline fragments around the spreads', (n) => `{ ...F${n - 1} } ${doubling(n, 'Query', '__typename', (f) => `... on Query { ...${f} } ... { ...${f} }`)}`],
  ['three spreads per level', (n) => `{ ...F${n - 1} } ${doubling(n, 'Query', '__typename', (f) => `...${f} ...${f} ...${f}`)}`],
  ['nested fields between the spreads', (n) => `{ ...F${n - 1} } ${doubling(n, 'Query', 'events { total }', (f) => `...${f} customers { nodes { id } } ...${f}`)}`],
];

/** The least time of several runs of `work`, in ms: the run the machine disturbed least. */
function fastest(work: () => unknown, runs = 15): number {
  let least = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    least = Math.min(least, performance.now() - start);
  }
  return least;
}

describe('document analysis', () => {
  // An analysis that walked the expansion would never finish these: 2^59 and 2^499 fields.
  it.each(SHAPES)('analyses a 60-level doubling document (%s) and reports its expanded size and cost', (_shape, make) => {
    const document = parse(make(60));
    const analysis = analyseOperation(schema, document, undefined, 25_000)!;
    expect(analysis.fields).toBeGreaterThan(2 ** 50);
    expect(operationCost(schema, document, analysis, {})).toBeGreaterThan(2 ** 50);
  });

  it('analyses 500 levels (2^499 fields expanded)', () => {
    const analysis = analyseOperation(schema, parse(SHAPES[2]![1](500)), undefined, 25_000)!;
    expect(analysis.fields).toBeGreaterThan(2 ** 400);
  });

  // The work is compared between two sizes in one run, not timed against a bound: doubling the levels
  // doubles the document and multiplies its expansion by 4096, so the ratio tells the two apart on any machine.
  it.each(SHAPES)('grows with the document, not with its expansion (%s): 24 levels cost about twice 12', (_shape, make) => {
    const work = (levels: number) => {
      const document = parse(make(levels));
      return fastest(() => operationCost(schema, document, analyseOperation(schema, document, undefined, 25_000)!, {}));
    };
    work(12); // warms the code up first, so the smaller size is not timed cold
    expect(work(24) / work(12)).toBeLessThan(64);
  });

  it('counts aliases wherever their fragment is spread, __typename included', () => {
    const analysis = analyseOperation(schema, parse('{ ...A ...A } fragment A on Query { x: __typename y: __typename }'))!;
    expect(analysis.aliases).toBe(4);
  });

  it('measures depth through fragments', () => {
    const analysis = analyseOperation(schema, parse('{ customers { ...C } } fragment C on CustomerPage { nodes { transactions { nodes { id } } } }'))!;
    expect(analysis.depth).toBe(5);
  });

  it('finds the scopes of fields behind fragments, and of a mutation spread from a fragment', () => {
    const read = analyseOperation(schema, parse('{ ...Q } fragment Q on Query { customers { nodes { transactions { total } } } }'))!;
    expect(requiredScopes(read.requirements)).toEqual(['bookings:read', 'customers:read']);
    const write = analyseOperation(schema, parse('mutation { ...M } fragment M on Mutation { cancelAppointment(id: "appt_x") { id } }'))!;
    expect(requiredScopes(write.requirements)).toEqual(['appointments:write']);
    expect(write.typesInvalidated).toEqual(['Appointment', 'AppointmentPage', 'Availability', 'PassPurchase']);
    expect(write.rootFields).toBe('cancelAppointment');
  });

  it('weighs a page by its page size, from a literal, a variable or its default', () => {
    const document = parse('query ($size: Int = 7) { customers(pageSize: $size) { nodes { id firstName } } }');
    const analysis = analyseOperation(schema, document)!;
    expect(operationCost(schema, document, analysis, {})).toBe(1 + 7 * (1 + 2));
    expect(operationCost(schema, document, analysis, { size: 100 })).toBe(1 + 100 * 3);
  });

  it.each([
    ['a literal', '{ customers(search: "an", pageSize: 1) { total } }', {}],
    ['a variable', 'query ($s: String) { customers(search: $s, pageSize: 1) { total } }', { s: 'an' }],
    ['a variable\'s String default', 'query ($s: String = "an") { customers(search: $s, pageSize: 1) { total } }', {}],
    ['two variables\' defaults, the search\'s and the page size\'s', 'query ($s: String = "an", $n: Int = 1) { customers(search: $s, pageSize: $n) { total } }', {}],
  ])('adds a search\'s @cost weight whether it comes from %s', (_from, source, variables) => {
    const document = parse(source);
    const analysis = analyseOperation(schema, document)!;
    expect(operationCost(schema, document, analysis, variables)).toBe(2 + 2500);
  });
});
