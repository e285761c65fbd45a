/**
 * Correctness before speed: the project and its baseline must answer every sample request with the same
 * status and the same bytes, or the measurement stops (a baseline that answers something else is
 * worthless). A difference is reported at its first position, with context on both sides. The sample is
 * also where SQL statements per request are counted, and where cache hits are checked to be hits.
 */
import type { BenchRequest } from './load.ts';
import type { Measurement } from './measurements.ts';
import type { StatementCount, StatementCounter } from './statements.ts';

export class Mismatch extends Error {}

export interface Target {
  url: string;
  headers: Record<string, string>;
}

export interface Checked {
  /** Statements over the sample; absent when they cannot be counted. */
  sql?: { project: StatementCount; baseline: StatementCount; requests: number };
  /** Mean body size of the sample's answers. */
  bodyBytes: number;
  /** The baseline's answer to each sample path. */
  baselineBodies: Record<string, string>;
}

export interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

/** The answers to `requests`, one after another. */
export async function fetchAll(url: string, headers: Record<string, string>, requests: BenchRequest[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const { method, path, body } of requests) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
      body,
    });
    answers.push({ status: response.status, body: await response.text(), headers: response.headers });
  }
  return answers;
}

const CONTEXT = 80;

function firstDifference(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i;
  return length;
}

/**
 * A GraphQL answer without the cost the service reports of it in `extensions` (the client's points budget,
 * which a hand-written baseline has no part in): the data itself must match byte for byte.
 */
const COST_EXTENSION = /,"extensions":\{"cost":\{[^{}]*\}\}(\}\n?)$/;
export const withoutCost = (answer: Answer): Answer => ({ ...answer, body: answer.body.replace(COST_EXTENSION, '$1') });

/** A description of the first request answered differently, or undefined when all are the same. */
export function differences(requests: BenchRequest[], project: Answer[], baseline: Answer[]): string | undefined {
  for (const [i, request] of requests.entries()) {
    const [mine, theirs] = [request.path === '/graphql' ? withoutCost(project[i]!) : project[i]!, baseline[i]!];
    const what = `${request.method} ${request.path}${request.body ? ` ${request.body.slice(0, 200)}` : ''}`;
    if (mine.status !== theirs.status) {
      return `${what}\n  status: project ${mine.status}, baseline ${theirs.status}\n  project:  ${mine.body.slice(0, 300)}\n  baseline: ${theirs.body.slice(0, 300)}`;
    }
    if (mine.body !== theirs.body) {
      const at = firstDifference(mine.body, theirs.body);
      const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - CONTEXT), at + CONTEXT));
      return `${what}\n  bodies differ at character ${at} (project ${mine.body.length}, baseline ${theirs.body.length} long)\n  project:  ${around(mine.body)}\n  baseline: ${around(theirs.body)}`;
    }
  }
  return undefined;
}

/** Compares the answers to the measurement's sample and refusals, and counts the sample's statements. */
export async function checkMeasurement(m: Measurement, project: Target, baseline: Target, counter?: StatementCounter): Promise<Checked> {
  // A cache-hit sample is asked once before, so that what is compared and counted are hits.
  if (m.cacheHit) await fetchAll(project.url, project.headers, m.sample);
  const counted = async (work: () => Promise<Answer[]>) => (counter ? counter.during(work) : { result: await work(), count: undefined });
  const { result: mine, count: projectSql } = await counted(() => fetchAll(project.url, project.headers, m.sample));
  const { result: theirs, count: baselineSql } = await counted(() => fetchAll(baseline.url, baseline.headers, m.sample));
  const refused = [await fetchAll(project.url, project.headers, m.refusals), await fetchAll(baseline.url, baseline.headers, m.refusals)] as const;
  const difference = differences(m.sample, mine, theirs) ?? differences(m.refusals, ...refused);
  if (difference) throw new Mismatch(`${m.name}: the project and the baseline answer differently\n${difference}`);
  const missed = m.cacheHit ? mine.filter((answer) => answer.headers.get('x-cache') !== 'HIT').length : 0;
  if (missed) throw new Error(`${m.name}: ${missed} of ${mine.length} sample answers were not cache hits (X-Cache)`);
  // A cache hit is timed against bodies served from memory: the SQL baseline only supplied them.
  const timedBaselineSql = m.cacheHit ? { total: 0, statements: [] } : baselineSql;
  return {
    sql: projectSql && timedBaselineSql && { project: projectSql, baseline: timedBaselineSql, requests: m.sample.length },
    bodyBytes: mine.reduce((sum, answer) => sum + Buffer.byteLength(answer.body), 0) / mine.length,
    baselineBodies: Object.fromEntries(m.sample.map((request, i) => [request.path, theirs[i]!.body])),
  };
}
