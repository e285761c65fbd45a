/**
 * What one run of the admin command line speaks through: its settings, its two output streams and its
 * standard input. `npm run admin` runs with the process's own (src/cli/admin.ts); tests run the same program
 * in their own process with settings of their own and capture what it says.
 */
export interface CliIo {
  /** The settings it reads its configuration from (DATABASE_URL, DATA_DIR, …). */
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
  /** Standard input, read whole by `--password-stdin`. */
  stdin(): AsyncIterable<Buffer | string>;
  /** Whether stderr is a terminal, where an import shows its progress. */
  errIsTTY: boolean;
}

export const processIo: CliIo = {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  stdin: () => process.stdin,
  errIsTTY: process.stderr.isTTY === true,
};
