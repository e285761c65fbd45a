/**
 * The HTTP servers under measurement run as child processes of their own, so the load generator never
 * shares their event loop. A child announces itself with a first stdout line `listening on <url>`, as
 * `npm start` does; it is stopped with SIGTERM and must exit cleanly. Both sides of that are here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  /** Resident set size in MB, from /proc. */
  rssMb(): Promise<number>;
  /** The highest resident set size the process has had (VmHWM), in MB. */
  peakRssMb(): Promise<number>;
  /** SIGTERM, then the exit code (SIGKILL and a thrown error after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<number | null>;
}

const START_TIMEOUT_MS = 120_000;

async function statusMb(pid: number, field: string): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024;
}

export async function startServerProcess(name: string, script: string, env: Record<string, string>, nodeFlags: string[] = []): Promise<ServerProcess> {
  const flags = [...new Set(['--experimental-strip-types', '--disable-warning=ExperimentalWarning', ...nodeFlags])];
  const child = spawn(process.execPath, [...flags, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await firstLine(child, exited, () => stderr.join(''));
  // The rest of stdout is not read by anyone; keep the pipe drained.
  child.stdout.resume();
  return {
    name,
    url,
    pid: child.pid!,
    rssMb: () => statusMb(child.pid!, 'VmRSS'),
    peakRssMb: () => statusMb(child.pid!, 'VmHWM'),
    stop: async (timeoutMs = 30_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      if (code === null) throw new Error(`${name} did not stop within ${timeoutMs} ms of SIGTERM (killed)\n${stderr.join('')}`);
      return code;
    },
  };
}

async function firstLine(child: ChildProcess, exited: Promise<number | null>, stderr: () => string): Promise<string> {
  const lines = createInterface({ input: child.stdout! });
  const announced = new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => {
      lines.close();
      const url = /^listening on (\S+)/.exec(line)?.[1];
      if (url) resolve(url);
      else reject(new Error(`expected "listening on <url>", got: ${line}`));
    });
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      announced,
      exited.then((code) => Promise.reject(new Error(`exited with ${code} before listening\n${stderr()}`))),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not listening after ${START_TIMEOUT_MS} ms\n${stderr()}`)), START_TIMEOUT_MS))),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The child's side: listens on PORT (0: any free port) and announces it; on SIGTERM closes, runs `onStop`, exits 0. */
export function serveAsChild(server: Server, onStop: () => Promise<void> = async () => {}): void {
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void onStop().then(() => process.exit(0));
  });
}
