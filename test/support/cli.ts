/**
 * The admin command line as tests run it. Most runs are in this process: the program of src/cli/program.ts on
 * settings of the test's own, what it prints captured, its exit status returned (starting Node and loading
 * the service for each command would cost a second or two of CPU apiece). Where the process is what a test is
 * about (its exit status, its streams, a script's view of it), `child: true` runs `src/cli/admin.ts` in a
 * child process as `npm run admin` does.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runAdmin } from '../../src/cli/program.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Settings on top of this process's; undefined unsets one. */
  env?: Record<string, string | undefined>;
  /** Standard input, whole. */
  stdin?: string;
  child?: boolean;
}

export async function runCli(args: readonly string[], { env = {}, stdin = '', child = false }: CliOptions = {}): Promise<CliRun> {
  const settings: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [name, value] of Object.entries(settings)) if (value === undefined) delete settings[name];
  if (child) return inChild(args, settings, stdin);
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, {
    env: settings,
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
    // eslint-disable-next-line @typescript-eslint/require-await -- an async iterable of one chunk
    stdin: async function* () {
      if (stdin) yield stdin;
    },
    errIsTTY: false,
  });
  return { code, stdout, stderr };
}

function inChild(args: readonly string[], env: Record<string, string | undefined>, stdin: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/cli/admin.ts', ...args],
      { cwd: root, env, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin);
  });
}
