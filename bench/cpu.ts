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

async function postgresMs(): Promise<number> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const processes = await Promise.all(pids.map(processMs));
  return processes.reduce((sum, p) => (p.comm === 'postgres' ? sum + p.ms : sum), 0);
}

export async function cpuNow(serverPid: number): Promise<CpuSpent> {
  const [server, postgres] = await Promise.all([processMs(serverPid), postgresMs()]);
  const own = process.cpuUsage();
  return { server: server.ms, postgres, generator: (own.user + own.system) / 1000 };
}

export function cpuPerAnswer(before: CpuSpent, after: CpuSpent, answers: number): CpuSpent {
  const per = (key: keyof CpuSpent) => (answers ? (after[key] - before[key]) / answers : 0);
  return { server: per('server'), postgres: per('postgres'), generator: per('generator') };
}
