/**
 * Issue 37: a budget that weighs what is done. A list that is not paged is weighed by the most it can hold:
 * an availability by its days times a day's slots, the other lists by their bounds; a document's text by its
 * length. (Pages by their size, and `@cost` weights from literals, variables and defaults: pipeline.analysis.test.ts.)
 */
import { describe, expect, it } from '@jest/globals';
import { parse } from 'graphql';
import { buildSchema } from '../resolvers/index.ts';
import { analyseOperation } from '../src/pipeline/analysis.ts';
import { BYTES_PER_POINT, documentPoints, LIST_BOUNDS, operationCost, SLOTS_PER_DAY } from '../src/pipeline/cost.ts';

const schema = buildSchema();
const costOf = (source: string, variables: Record<string, unknown> = {}) => {
  const document = parse(source);
  return operationCost(schema, document, analyseOperation(schema, document)!, variables);
};

const SLOTS = 'dates { date windows { startTime slots { start available } } }';
/** What one date of SLOTS costs: `date`, `windows` (a day's slots of them: `startTime`, and `slots` once, `start available`). */
const PER_DATE = 1 + 1 + SLOTS_PER_DAY * (1 + 1 + 1 * 2);
/** `availability` and its `dates`, then each date. */
const cost = (days: number) => 2 + days * PER_DATE;

describe('the cost of a list that is not paged', () => {
  it("weighs an availability by its days times a day's slots", () => {
    expect(costOf(`{ availability(facilitatorId: "fac_x", date: "2026-12-07") { ${SLOTS} } }`)).toBe(cost(1));
    expect(costOf(`{ availability(facilitatorId: "fac_x", startDate: "2026-12-01", endDate: "2026-12-07") { ${SLOTS} } }`)).toBe(cost(7));
    expect(costOf(`query ($s: Date = "2026-12-01", $e: Date) { availability(facilitatorId: "fac_x", startDate: $s, endDate: $e) { ${SLOTS} } }`, { e: '2027-03-03' })).toBe(cost(93));
  });

  it('weighs a range the operation refuses as one date: it reads nothing', () => {
    for (const [start, end] of [['2026-12-01', '2027-03-04'], ['2026-12-08', '2026-12-07'], ['2026-12-01', 'soon']]) {
      expect(costOf(`{ availability(facilitatorId: "fac_x", startDate: "${start}", endDate: "${end}") { ${SLOTS} } }`)).toBe(cost(1));
    }
  });

  it('puts twenty aliased 93-day availabilities far past the most a document may cost, and one such day at the price of a few', () => {
    const one = `availability(facilitatorId: "fac_x", startDate: "2026-12-01", endDate: "2027-03-03") { ${SLOTS} }`;
    const twenty = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: ${one}`).join(' ')} }`;
    expect(costOf(twenty)).toBeGreaterThan(20 * 25_000);
    expect(costOf(`{ ${one} }`) / costOf(`{ availability(facilitatorId: "fac_x", date: "2026-12-01") { ${SLOTS} } }`)).toBeGreaterThan(90);
  });

  it('weighs nested lists by their bounds, through fragments too', () => {
    const bound = (path: string) => LIST_BOUNDS[path] as number;
    const expected = 1 + bound('Query.facilitators') * (1 + 1 + bound('Facilitator.weeklyWindows') * 2);
    expect(costOf('{ facilitators { id weeklyWindows { weekday start } } }')).toBe(expected);
    expect(costOf('{ facilitators { ...F } } fragment F on Facilitator { id weeklyWindows { weekday start } }')).toBe(expected);
    expect(costOf('{ webhookDeliveries(limit: 5) { id } }')).toBe(1 + 5);
  });

  it("weighs a list inside a page by its bound on every node, and a list of scalars as one field", () => {
    expect(costOf('{ events(pageSize: 1) { nodes { dates { id } } } }')).toBe(1 + 1 * (1 + (1 + (LIST_BOUNDS['Event.dates'] as number) * 1)));
    expect(costOf('{ webhookEndpoints { events } }')).toBe(1 + (LIST_BOUNDS['Query.webhookEndpoints'] as number) * 1);
  });
});

describe('the cost of reading a document', () => {
  it('is its length, a point per BYTES_PER_POINT bytes, at least one', () => {
    expect(documentPoints('{ __typename }')).toBe(1);
    expect(documentPoints(undefined)).toBe(1);
    expect(documentPoints('x'.repeat(48_000))).toBe(48_000 / BYTES_PER_POINT);
    expect(documentPoints('é'.repeat(50))).toBe(2);
  });
});
