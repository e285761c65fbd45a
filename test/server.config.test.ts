/**
 * docs/operations.md: "Invalid values stop the process at start with a message naming the variable."
 * Each case starts `src/main.ts` as `npm start` would, with one bad variable.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../src/config.ts';

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
  ['ANONYMOUS_RATE_PER_MINUTE', '0'],
  ['TOKEN_RATE_PER_MINUTE', 'many'],
  ['TRUST_PROXY', 'yes'],
  ['TRUST_PROXY', '10.0.0.0/8, not-an-address'],
  ['MIN_BOOKING_NOTICE_MINUTES', '-30'],
  ['MIN_BOOKING_NOTICE_MINUTES', 'an hour'],
  ['CORS_ORIGINS', 'studio.example'],
  ['CORS_ORIGINS', 'https://studio.example/booking'],
  ['CORS_ORIGINS', 'https://studio.example, ftp//x'],
  ['GRAPHQL_POINTS_PER_MINUTE', '100'],
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
      // Only PATH and HOME (and the run's compile cache, which changes no behaviour) besides the bad variable.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...(process.env.NODE_COMPILE_CACHE && { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }), ...env },
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
  }, 180_000);

  it.each(INVALID)('%s=%s stops the start with a message naming it and no stack trace', (variable, value) => {
    const { code, stdout, stderr } = exits.get(`${variable}=${value}`)!;
    expect(code).toBe(1);
    expect(stderr).toContain(variable);
    expect(stderr).not.toMatch(STACK_FRAME);
    expect(stdout).not.toContain('listening on');
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['unset', undefined, false],
    ['true', 'true', true],
    ['false', 'false', false],
    ['a number of proxies', '2', 2],
    ['addresses and subnets', '10.0.0.0/8, 192.168.1.5, ::1', '10.0.0.0/8, 192.168.1.5, ::1'],
    ['the names Express knows', 'loopback, uniquelocal', 'loopback, uniquelocal'],
  ])('takes %s as Express\'s trust proxy setting', (_case, value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });
});

describe('MIN_BOOKING_NOTICE_MINUTES', () => {
  it.each([
    ['unset', undefined, 0],
    ['an hour', '60', 60],
    ['a year', '525600', 525_600],
  ])('takes %s as the minutes an appointment must be booked ahead', (_case, value, expected) => {
    expect(loadConfig(value === undefined ? {} : { MIN_BOOKING_NOTICE_MINUTES: value }).MIN_BOOKING_NOTICE_MINUTES).toBe(expected);
  });
});
