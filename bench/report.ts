/**
 * What `npm run bench` prints: one markdown row per measurement with its bar, then the failed requests,
 * the statements of the nested GraphQL page, the servers' memory after each round, and (with `--sql`)
 * each measurement's statements.
 */
import type { AuditWait } from './audit-wait.ts';
import type { Checked } from './check.ts';
import type { CpuSpent } from './cpu.ts';
import { FEW_ANSWERS, type LoadResult } from './load.ts';
import type { Measurement } from './measurements.ts';
import { formatBreakdown, type MemoryBreakdown } from './memory.ts';
import type { StatementCount } from './statements.ts';

const NESTED_SQL_BAR = 5;
const RSS_BAR_MB = 250;
const RSS_GROWTH_BAR = 0.1;

/** One round of a measurement: the service's timed run, then the baseline's. */
export interface Timed {
  project: LoadResult;
  baseline: LoadResult;
  /** For a cache hit: bare node:http answering the same bytes, the floor no server can go below. */
  floor?: LoadResult;
  /** How long the service's responses waited for their audit entries during the timed run. */
  auditWait?: AuditWait | undefined;
  /** CPU each process spent per answer in the two timed runs. */
  cpu?: { project: CpuSpent; baseline: CpuSpent };
}

export interface Outcome extends Omit<Checked, 'baselineBodies'>, Timed {
  measurement: Measurement;
  /** Every round's ratio, in the order run. */
  ratios: number[];
}

/** The round whose ratio is the median (the lower middle one of an even number), with every round's ratio. */
export function medianRound(rounds: Timed[]): Timed & { ratios: number[] } {
  const ratios = rounds.map((r) => r.project.rps / r.baseline.rps);
  const order = ratios.map((_, i) => i).sort((a, b) => ratios[a]! - ratios[b]!);
  return { ...rounds[order[Math.floor((order.length - 1) / 2)]!]!, ratios };
}

export interface RssRound {
  round: number;
  /** `mb` at rest after the round; `peakMb`, the highest the process has had so far (VmHWM). */
  servers: { name: string; mb: number; peakMb?: number; breakdown?: MemoryBreakdown }[];
}

export interface Run {
  heading: string;
  /** Of a timed run, before any stretching. */
  seconds: number;
  outcomes: Outcome[];
  rss: RssRound[];
  /** Why statements were not counted, when they were not. */
  notCounted?: string;
  listStatements: boolean;
}

const ratio = (o: Outcome) => o.project.rps / o.baseline.rps;
const meetsBar = (o: Outcome) => ratio(o) >= o.measurement.bar;
const rate = (rps: number) => (rps >= 100 ? rps.toFixed(0) : rps.toFixed(1));
const decimals = (n: number) => String(Number(n.toFixed(2)));
const perRequest = (count: StatementCount, requests: number) => decimals(count.total / requests);

function nestedSql(outcomes: Outcome[]) {
  return outcomes
    .filter((o) => o.measurement.slug.startsWith('graphql-nested-') && o.sql)
    .map((o) => ({ name: o.measurement.name, count: o.sql!.project.total / o.sql!.requests }));
}

/** Judged on whole statements: a cached lookup that runs now and then (the caller's API client) adds a fraction. */
function nestedSqlMeetsBar(outcomes: Outcome[]): boolean {
  const counts = nestedSql(outcomes).map((n) => Math.round(n.count));
  return counts.every((c) => c <= NESTED_SQL_BAR) && new Set(counts).size <= 1;
}

/** Growth of each server's RSS between the last two rounds, as a share. */
function growth(rss: RssRound[]) {
  if (rss.length < 2) return [];
  const [before, after] = rss.slice(-2) as [RssRound, RssRound];
  return after.servers.map((s, i) => ({ name: s.name, share: s.mb / before.servers[i]!.mb - 1 }));
}

function rssMeetsBar(rss: RssRound[]): boolean {
  return rss.every((r) => r.servers.every((s) => s.mb <= RSS_BAR_MB)) && growth(rss).every((g) => g.share <= RSS_GROWTH_BAR);
}

export function meetsEveryBar(run: Run): boolean {
  return run.outcomes.every(meetsBar) && nestedSqlMeetsBar(run.outcomes) && rssMeetsBar(run.rss);
}

export function report(run: Run): string {
  const { outcomes, rss } = run;
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  const lines = [
    '',
    run.heading,
    '',
    '| measurement | project req/s | p50 ms | p99 ms | baseline req/s | p50 ms | p99 ms | ratio | every round | SQL/request project / baseline | body bytes | bar | floor req/s (ratio) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...outcomes.map((o) => {
      const cells = [
        o.measurement.name,
        rate(o.project.rps),
        o.project.p50,
        o.project.p99,
        rate(o.baseline.rps),
        o.baseline.p50,
        o.baseline.p99,
        ratio(o).toFixed(2),
        o.ratios.map((r) => r.toFixed(2)).join(' '),
        o.sql ? `${perRequest(o.sql.project, o.sql.requests)} / ${perRequest(o.sql.baseline, o.sql.requests)}` : 'n/a',
        Math.round(o.bodyBytes),
        `${o.measurement.bar} ${verdict(meetsBar(o))}`,
        o.floor ? `${rate(o.floor.rps)} (${(o.project.rps / o.floor.rps).toFixed(2)})` : '',
      ];
      return `| ${cells.join(' | ')} |`;
    }),
    '',
    run.notCounted
      ? `SQL statements not counted: ${run.notCounted}.`
      : "SQL/request: statements PostgreSQL ran (pg_stat_statements) for the sample, per request; the audit log's batched inserts are left out.",
    'Baselines: hand-written SQL through pg answered by node:http; for cache hits, the same work by hand (the token looked up, a per-client counter, the stored bytes, the audit row group-committed), with bare node:http as the floor.',
  ];
  const failed = outcomes.filter((o) => o.project.non2xx || o.project.errors || o.baseline.non2xx || o.baseline.errors);
  const failures = (side: LoadResult) => `${side.non2xx} non-2xx, ${side.errors} errors`;
  lines.push(
    failed.length
      ? `Failed requests in the timed runs: ${failed.map((o) => `${o.measurement.name}: project ${failures(o.project)}, baseline ${failures(o.baseline)}`).join('; ')}.`
      : 'Failed requests in the timed runs: none on either side.',
  );
  const answered = (side: LoadResult) => `${side.answers} answers in ${side.seconds.toFixed(0)} s`;
  const slow = outcomes.filter((o) => Math.min(o.project.answers, o.baseline.answers) < FEW_ANSWERS || Math.max(o.project.seconds, o.baseline.seconds) > run.seconds + 1);
  if (slow.length) {
    lines.push(
      `Slow timed runs, stretched towards ${FEW_ANSWERS} answers (fewer make unsteady figures): ` +
        `${slow.map((o) => `${o.measurement.name}: service ${answered(o.project)}, baseline ${answered(o.baseline)}`).join('; ')}.`,
    );
  }
  const waited = outcomes.filter((o) => o.auditWait);
  if (waited.length) {
    const ms = (n: number) => (n === Infinity ? 'over 1000' : decimals(n));
    lines.push(
      '',
      'Audit log latency cost (each response waits for its entry\'s group commit; audit_commit_wait_seconds):',
      ...waited.map((o) => {
        const w = o.auditWait!;
        return `  ${o.measurement.name}: mean ${ms(w.meanMs)} ms, p50 <= ${ms(w.p50Ms)} ms, p99 <= ${ms(w.p99Ms)} ms (service p50 ${o.project.p50} ms, ${w.responses} responses)`;
      }),
      '',
    );
  }
  const costed = outcomes.filter((o) => o.cpu);
  if (costed.length) {
    const ms = (n: number) => (n >= 1 ? n.toFixed(2) : n.toFixed(3));
    const side = (c: CpuSpent) => `${ms(c.server)} + PostgreSQL ${ms(c.postgres)} + load generator ${ms(c.generator)}`;
    lines.push(
      'CPU per answer in ms, the round of the median ratio (/proc; on 2 cores a throughput ratio moves with any of the three):',
      ...costed.map((o) => {
        const { project, baseline } = o.cpu!;
        return `  ${o.measurement.name}: service ${side(project)}; baseline ${side(baseline)}; service/baseline ${(project.server / baseline.server).toFixed(2)}x`;
      }),
      '',
    );
  }
  const nested = nestedSql(outcomes);
  if (nested.length) {
    lines.push(
      `SQL statements for the nested GraphQL page: ${nested.map((n) => `${n.name} ${decimals(n.count)}`).join(', ')} ` +
        `(bar, rounded to whole statements: at most ${NESTED_SQL_BAR}, the same at every page size): ${verdict(nestedSqlMeetsBar(outcomes))}`,
    );
  }
  if (rss.length) {
    const peak = (mb?: number) => (mb === undefined ? '' : ` (peak so far ${mb.toFixed(0)} MB)`);
    lines.push('', ...rss.map((r) => `RSS after round ${r.round}, at rest: ${r.servers.map((s) => `${s.name} ${s.mb.toFixed(0)} MB${peak(s.peakMb)}`).join(', ')}`));
    for (const r of rss) lines.push(...r.servers.filter((s) => s.breakdown).map((s) => `  round ${r.round}, ${s.name}: ${formatBreakdown(s.breakdown!)}`));
    const grown = growth(rss).filter((g) => g.share > RSS_GROWTH_BAR);
    lines.push(
      `RSS bar: at rest, at most ${RSS_BAR_MB} MB, and at most ${RSS_GROWTH_BAR * 100}% growth between the last two rounds: ${verdict(rssMeetsBar(rss))}` +
        (grown.length ? ` (grew: ${grown.map((g) => `${g.name} +${(g.share * 100).toFixed(0)}%`).join(', ')})` : ''),
    );
  }
  if (run.listStatements) {
    for (const o of outcomes.filter((x) => x.sql)) {
      lines.push('', `Statements of ${o.measurement.name}, per request:`);
      for (const [side, count] of [['project', o.sql!.project], ['baseline', o.sql!.baseline]] as const) {
        for (const s of count.statements) lines.push(`  ${side} ${decimals(s.calls / o.sql!.requests)}x ${s.query.replace(/\s+/g, ' ').slice(0, 200)}`);
      }
    }
  }
  return lines.join('\n');
}
