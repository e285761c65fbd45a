/**
 * The paging walk (issue 22): every customer, 100 at a time, by cursor and by offset, and how much a page at
 * the end of the list costs against one at its start. The walk by cursor is made once, checking that it
 * returns every customer exactly once; then the first and the last page of each way are timed alone, with
 * one connection (a page's own latency) and with the run's connections (throughput), for the simple list
 * (id and names), the nested page (customers > transactions > bookings > event), and the REST lists.
 */
import { warmThenLoad, type BenchRequest, type LoadResult } from './load.ts';
import { nestedSelection } from './nested-query.ts';

const PAGE_SIZE = 100;
/** The most a last page may take against the first, by cursor. */
export const CURSOR_DEPTH_BAR = 1.5;

export interface WalkTarget {
  url: string;
  tokens: { m2m: string; v1: string };
}

export interface WalkRow {
  shape: string;
  way: string;
  first: LoadResult;
  last: LoadResult;
  /** Latency of one page alone, with one connection. */
  firstAlone: LoadResult;
  lastAlone: LoadResult;
  /** Cursor rows are held to CURSOR_DEPTH_BAR. */
  bar?: number;
}

const SIMPLE = 'id firstName lastName';
const graphql = (query: string, variables: Record<string, unknown>): BenchRequest => ({ method: 'POST', path: '/graphql', body: JSON.stringify({ query, variables }) });
const byOffset = (selection: string) => `query ($page: Int) { customers(page: $page, pageSize: ${PAGE_SIZE}) { nodes { ${selection} } } }`;
const byCursor = (selection: string) => `query ($after: String) { customers(first: ${PAGE_SIZE}, after: $after) { nodes { ${selection} } pageInfo { endCursor hasNextPage } } }`;

async function post<T>(target: WalkTarget, request: BenchRequest): Promise<T> {
  const response = await fetch(`${target.url}${request.path}`, {
    method: request.method,
    headers: { authorization: `Bearer ${target.tokens.m2m}`, 'content-type': 'application/json' },
    body: request.body,
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (!response.ok || body.errors) throw new Error(`walk: ${response.status} ${JSON.stringify(body.errors ?? body)}`);
  return body.data as T;
}

/** The cursor each page starts after, walking the whole list; every customer must come exactly once. */
async function cursors(target: WalkTarget, liveCustomers: number): Promise<{ afters: (string | null)[]; ms: number }> {
  const started = performance.now();
  const afters: (string | null)[] = [null];
  const seen = new Set<string>();
  for (;;) {
    const page = (await post<{ customers: { nodes: { id: string }[]; pageInfo: { endCursor: string; hasNextPage: boolean } } }>(target, graphql(byCursor('id'), { after: afters.at(-1) }))).customers;
    for (const { id } of page.nodes) {
      if (seen.has(id)) throw new Error(`walk: customer ${id} came twice`);
      seen.add(id);
    }
    if (!page.pageInfo.hasNextPage) break;
    afters.push(page.pageInfo.endCursor);
  }
  if (seen.size !== liveCustomers) throw new Error(`walk: ${seen.size} customers walked of ${liveCustomers}`);
  return { afters, ms: performance.now() - started };
}

export async function pagingWalk(target: WalkTarget, liveCustomers: number, seconds: number, connections: number, progress: (line: string) => void) {
  progress(`paging walk: ${liveCustomers} customers by cursor, ${PAGE_SIZE} a page...`);
  const { afters, ms } = await cursors(target, liveCustomers);
  const lastPage = afters.length - 1;
  const v1Pages = Math.ceil(liveCustomers / 25);
  const shapes: { shape: string; way: string; surface: 'm2m' | 'v1'; first: BenchRequest; last: BenchRequest; bar?: number }[] = [];
  for (const [shape, selection] of [['simple list', SIMPLE], ['nested page', nestedSelection('2026-01-01')]] as const) {
    shapes.push({ shape, way: 'GraphQL by offset', surface: 'm2m', first: graphql(byOffset(selection), { page: 0 }), last: graphql(byOffset(selection), { page: lastPage }) });
    shapes.push({
      shape,
      way: 'GraphQL by cursor',
      surface: 'm2m',
      first: graphql(byCursor(selection), { after: null }),
      last: graphql(byCursor(selection), { after: afters[lastPage] }),
      bar: CURSOR_DEPTH_BAR,
    });
  }
  shapes.push({ shape: 'simple list', way: 'M2M REST by offset', surface: 'm2m', first: { method: 'GET', path: `/m2m/customers?page=0&pageSize=${PAGE_SIZE}` }, last: { method: 'GET', path: `/m2m/customers?page=${lastPage}&pageSize=${PAGE_SIZE}` } });
  shapes.push({ shape: 'simple list', way: 'v1 REST by offset', surface: 'v1', first: { method: 'GET', path: '/api/v1/customers?page=1&perPage=25' }, last: { method: 'GET', path: `/api/v1/customers?page=${v1Pages}&perPage=25` } });

  const rows: WalkRow[] = [];
  for (const { shape, way, surface, first, last, bar } of shapes) {
    progress(`paging walk: ${shape}, ${way}: first and last page...`);
    const options = { url: target.url, headers: { authorization: `Bearer ${target.tokens[surface]}` }, seconds };
    const time = (request: BenchRequest, clients: number) => warmThenLoad({ ...options, requests: [request], connections: clients }, 1);
    rows.push({
      shape,
      way,
      firstAlone: await time(first, 1),
      lastAlone: await time(last, 1),
      first: await time(first, connections),
      last: await time(last, connections),
      bar,
    });
  }
  return { rows, walkMs: ms, pages: afters.length };
}

const depth = (row: WalkRow) => row.lastAlone.p50 / Math.max(row.firstAlone.p50, 1);
const timedRuns = (row: WalkRow) => [row.firstAlone, row.lastAlone, row.first, row.last];
/** Answers outside 2xx and failed requests in a row's timed runs: a refusal answers faster or slower than a page, so none may be timed. */
const failures = (row: WalkRow) => timedRuns(row).reduce((sum, run) => sum + run.non2xx + run.errors, 0);
export const meetsDepthBar = (row: WalkRow) => failures(row) === 0 && (row.bar === undefined || row.first.rps / row.last.rps <= row.bar);

export function walkReport({ rows, walkMs, pages }: Awaited<ReturnType<typeof pagingWalk>>): string {
  const rate = (r: LoadResult) => (r.rps >= 100 ? r.rps.toFixed(0) : r.rps.toFixed(1));
  const lines = [
    `### Paging walk: ${pages} pages of ${PAGE_SIZE}, by cursor in ${(walkMs / 1000).toFixed(1)} s (every customer once)`,
    '',
    '| list | way | first page p50 alone | last page p50 alone | first page req/s | last page req/s | last/first (time) | failed | bar |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => {
      const slower = row.first.rps / row.last.rps;
      const bar = row.bar === undefined && !failures(row) ? '' : `${row.bar === undefined ? '' : `≤ ${row.bar} `}${meetsDepthBar(row) ? 'met' : '**NOT MET**'}`;
      return `| ${row.shape} | ${row.way} | ${row.firstAlone.p50} ms | ${row.lastAlone.p50} ms | ${rate(row.first)} | ${rate(row.last)} | ${slower.toFixed(2)}× (p50 ${depth(row).toFixed(2)}×) | ${failures(row)} | ${bar} |`;
    }),
  ];
  return lines.join('\n');
}
