/**
 * CPU per answer with the same load split over two instances of the service, beside one instance's figure
 * (the median round): what an answer costs the instances together and PostgreSQL, from which
 * docs/operations.md ("Scale-out") says how many instances one PostgreSQL carries. On this 2-core machine the
 * two instances, PostgreSQL and the load generator share the cores, so throughput says little here; the
 * CPU each spends per answer is what carries over to a larger machine.
 */
import { cpuNow, cpuPerAnswer, type CpuSpent } from './cpu.ts';
import { load, type LoadOptions } from './load.ts';

export interface Target {
  url: string;
  headers: Record<string, string>;
  pid: number;
}

export interface SplitLoad {
  answersPerSecond: number;
  /** `server` is both instances' CPU together, per answer. */
  cpu: CpuSpent;
}

/** Warms every target, then loads them all at once for `seconds`, `connections` shared out between them. */
export async function splitLoad(targets: Target[], options: Omit<LoadOptions, 'url' | 'headers' | 'connections'> & { connections: number }, warmUpSeconds: number): Promise<SplitLoad> {
  const connections = Math.max(1, Math.floor(options.connections / targets.length));
  const run = (seconds: number) => Promise.all(targets.map((t) => load({ ...options, url: t.url, headers: t.headers, connections, seconds })));
  await run(warmUpSeconds);
  const before = await Promise.all(targets.map((t) => cpuNow(t.pid)));
  const results = await run(options.seconds);
  const after = await Promise.all(targets.map((t) => cpuNow(t.pid)));
  const answers = results.reduce((sum, r) => sum + r.answers, 0);
  const each = targets.map((_, i) => cpuPerAnswer(before[i]!, after[i]!, answers));
  return {
    answersPerSecond: results.reduce((sum, r) => sum + r.rps, 0),
    // PostgreSQL and the generator are one each: any reading pair holds all of theirs.
    cpu: { server: each.reduce((sum, c) => sum + c.server, 0), postgres: each[0]!.postgres, generator: each[0]!.generator },
  };
}

/** The report's lines: per measurement, one instance's CPU per answer beside two instances'. */
export function twoInstanceReport(rows: { name: string; one?: CpuSpent; oneRps?: number; two: SplitLoad }[]): string {
  const ms = (n: number) => (n >= 1 ? n.toFixed(2) : n.toFixed(3));
  const lines = [
    'CPU per answer in ms, one instance and two (the same load split over two processes of the service; services together + PostgreSQL):',
    '| measurement | one instance | two instances | answers/s, one | answers/s, two |',
    '|---|---|---|---|---|',
  ];
  for (const { name, one, oneRps, two } of rows) {
    const side = (c?: CpuSpent) => (c ? `${ms(c.server)} + ${ms(c.postgres)}` : '');
    lines.push(`| ${name} | ${side(one)} | ${side(two.cpu)} | ${oneRps?.toFixed(0) ?? ''} | ${two.answersPerSecond.toFixed(0)} |`);
  }
  return lines.join('\n');
}
