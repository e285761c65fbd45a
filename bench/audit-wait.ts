/**
 * The audit log's latency cost (issue 9, finding 4): each response waits for its audit entry's group to
 * commit. The service observes that wait in its `audit_commit_wait_seconds` histogram; the bench scrapes
 * it before and after a timed run and reports the run's share: mean and bucketed p50/p99 per response.
 */
export const METRICS_TOKEN = 'bench-metrics-token-0123456789';

export interface Histogram {
  /** Cumulative counts by upper bound (seconds), `+Inf` last. */
  buckets: [number, number][];
  sum: number;
  count: number;
}

export interface AuditWait {
  responses: number;
  meanMs: number;
  /** Upper bounds of the buckets holding the 50th and 99th percentile. */
  p50Ms: number;
  p99Ms: number;
}

const NAME = 'audit_commit_wait_seconds';

export async function scrapeAuditWait(serviceUrl: string): Promise<Histogram> {
  const response = await fetch(`${serviceUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`GET /metrics: ${response.status}`);
  const text = await response.text();
  const value = (line: string) => Number(line.slice(line.lastIndexOf(' ') + 1));
  const lines = text.split('\n');
  const buckets = lines
    .filter((l) => l.startsWith(`${NAME}_bucket{`))
    .map((l): [number, number] => {
      const le = /le="([^"]+)"/.exec(l)![1]!;
      return [le === '+Inf' ? Infinity : Number(le), value(l)];
    });
  const one = (suffix: string) => value(lines.find((l) => l.startsWith(`${NAME}_${suffix} `)) ?? ' 0');
  return { buckets, sum: one('sum'), count: one('count') };
}

const quantile = (h: Histogram, q: number) => (h.buckets.find(([, n]) => n >= q * h.count)?.[0] ?? Infinity) * 1000;

/** The wait of the responses observed between two scrapes. */
export function auditWaitBetween(before: Histogram, after: Histogram): AuditWait | undefined {
  const delta: Histogram = {
    buckets: after.buckets.map(([le, n], i) => [le, n - (before.buckets[i]?.[1] ?? 0)]),
    sum: after.sum - before.sum,
    count: after.count - before.count,
  };
  if (!delta.count) return undefined;
  return { responses: delta.count, meanMs: (delta.sum / delta.count) * 1000, p50Ms: quantile(delta, 0.5), p99Ms: quantile(delta, 0.99) };
}
