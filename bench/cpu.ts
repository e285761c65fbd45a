/**
 * CPU time per answer, read from /proc around a timed run: the server under load (the service or its
 * baseline), PostgreSQL (every process named `postgres`) and the load generator (this process). On two
 * cores the three share the machine, so a throughput ratio moves with any of them; what each spent per
 * answer says which one it moved with, and stays steadier than throughput when the machine is busy.
 */
import { readdir, readFile } from 'node:fs/promises';

/** Milliseconds of CPU (user and system), or per answer. */
export interface CpuSpent {
  server: number;
  postgres: number;
  generator: number;
}

/** A reading: the totals, and each PostgreSQL process's own (processes come and go between readings). */
export interface CpuReading extends CpuSpent {
  postgresByPid: Map<string, number>;
}

/** Linux's USER_HZ, the unit of /proc's CPU times (`getconf CLK_TCK`), 100 on every kernel this runs on. */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process in ms; 0 when it has exited. */
async function processMs(pid: number | string): Promise<{ comm: string; ms: number }> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces; the fields after it are counted from its end.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return { comm: '', ms: 0 };
  }
}

async function postgresByPid(): Promise<Map<string, number>> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const processes = await Promise.all(pids.map(async (pid) => ({ pid, ...(await processMs(pid)) })));
  return new Map(processes.filter((p) => p.comm === 'postgres').map((p) => [p.pid, p.ms]));
}

export async function cpuNow(serverPid: number): Promise<CpuReading> {
  const [server, byPid] = await Promise.all([processMs(serverPid), postgresByPid()]);
  const own = process.cpuUsage();
  return { server: server.ms, postgres: [...byPid.values()].reduce((a, b) => a + b, 0), postgresByPid: byPid, generator: (own.user + own.system) / 1000 };
}

/**
 * What was spent between two readings, per answer. PostgreSQL's is summed over the processes of the second
 * reading (one started since counts from zero); a process that ended between them (an autovacuum worker,
 * a closed connection's backend) takes what it spent since the first reading with it, so this is a floor.
 */
export function cpuPerAnswer(before: CpuReading, after: CpuReading, answers: number): CpuSpent {
  if (!answers) return { server: 0, postgres: 0, generator: 0 };
  let postgres = 0;
  for (const [pid, ms] of after.postgresByPid) postgres += ms - (before.postgresByPid.get(pid) ?? 0);
  return { server: (after.server - before.server) / answers, postgres: postgres / answers, generator: (after.generator - before.generator) / answers };
}
