/**
 * OPERATING.md: "Invalid values stop the process at start with a message naming the variable."
 * Each case starts `src/main.ts` as `npm start` would, with one bad variable.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from '@jest/globals';

const INVALID: Array<[variable: string, value: string]> = [
  ['PORT', 'abc'],
  ['PORT', '70000'],
  ['M2M_RATE_PER_MINUTE', '0'],
  ['CACHE_TTL_SECONDS', '-1'],
  ['DATABASE_URL', 'mysql://x'],
  ['LOG_LEVEL', 'loud'],
  ['WEBHOOK_RETRY_DELAYS', '1,2'],
  ['SEED_DEMO', 'maybe'],
  ['REDIS_URL', 'http://x'],
];

const STACK_FRAME = /\bat .+:\d+:\d+/;

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startMain(env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/main.ts'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('an invalid configuration variable', () => {
  const exits = new Map<string, Exit>();
  beforeAll(async () => {
    await Promise.all(INVALID.map(async ([variable, value]) => exits.set(`${variable}=${value}`, await startMain({ [variable]: value }))));
  });

  it.each(INVALID)('%s=%s stops the start with a message naming it and no stack trace', (variable, value) => {
    const { code, stdout, stderr } = exits.get(`${variable}=${value}`)!;
    expect(code).toBe(1);
    expect(stderr).toContain(variable);
    expect(stderr).not.toMatch(STACK_FRAME);
    expect(stdout).not.toContain('listening on');
  });
});
