/**
 * A background worker's rounds while its database is away (src/worker-rounds.ts): what the operator on call
 * reads in the logs, and how often the worker tries again. One error line when rounds start failing, a
 * warning a minute while they keep failing, one info line when they succeed again; the wait between rounds
 * doubles while they fail, up to 10 s, and is the interval again once one succeeds.
 */
import { describe, expect, it } from '@jest/globals';
import { createLogger } from '../src/logging.ts';
import { MAX_BACKOFF_MS, SETTLE_MS, workerRounds } from '../src/worker-rounds.ts';

function recorded(now: () => number) {
  const lines: Array<Record<string, any>> = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { lines, rounds: workerRounds(logger, 'webhook worker round', now) };
}

const LEVEL: Record<number, string> = { 30: 'info', 40: 'warn', 50: 'error' };
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('a worker whose rounds fail', () => {
  it('logs the first failure as an error with its cause, then a warning a minute with the count, then the recovery once', () => {
    let at = 0;
    const { lines, rounds } = recorded(() => at);
    // A round every 250 ms for three minutes: 720 failures.
    for (; at < 180_000; at += 250) rounds.failed(refused());
    rounds.succeeded();
    rounds.succeeded();

    expect(lines.map((line) => [LEVEL[line.level], line.msg])).toEqual([
      ['error', 'webhook worker round failed'],
      ['warn', 'webhook worker rounds still failing'],
      ['warn', 'webhook worker rounds still failing'],
      ['info', 'webhook worker rounds succeed again'],
    ]);
    expect(lines[0]!.err).toMatchObject({ message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' });
    expect(lines[1]).toMatchObject({ failures: 241, seconds: 60, err: { code: 'ECONNREFUSED' } });
    expect(lines[2]).toMatchObject({ failures: 481, seconds: 120 });
    expect(lines[3]).toMatchObject({ failures: 720, seconds: 180 });
  });

  it('starts counting again after a recovery: the next outage is logged as an error again', () => {
    let at = 0;
    const { lines, rounds } = recorded(() => at);
    rounds.failed(refused());
    at += 1_000;
    rounds.succeeded();
    at += 1_000;
    rounds.failed(refused());
    expect(lines.map((line) => LEVEL[line.level])).toEqual(['error', 'info', 'error']);
  });

  it('takes a round that succeeds within SETTLE_MS of a failure for a connection the outage has not reached yet: one outage, one error', () => {
    let at = 0;
    const { lines, rounds } = recorded(() => at);
    // A failover cuts a pool's connections one by one: 5 ms after the first failure, a connection not yet cut answers.
    rounds.failed(refused());
    at += 5;
    rounds.succeeded();
    at += 5;
    rounds.failed(refused());
    at += SETTLE_MS - 1;
    rounds.succeeded();
    expect(lines.map((line) => LEVEL[line.level])).toEqual(['error']);
    // The database is back: a round well after the last failure is the recovery, logged once.
    at += 2_000;
    rounds.succeeded();
    rounds.succeeded();
    expect(lines.map((line) => LEVEL[line.level])).toEqual(['error', 'info']);
    expect(lines[1]).toMatchObject({ failures: 2 });
  });

  it('logs nothing while rounds succeed', () => {
    const { lines, rounds } = recorded(() => 0);
    for (let n = 0; n < 10; n++) rounds.succeeded();
    expect(lines).toEqual([]);
  });

  it.each([
    // interval, failures in a row, the wait before the next round
    [250, 0, 250],
    [250, 1, 500],
    [250, 2, 1_000],
    [250, 5, 8_000],
    [250, 6, MAX_BACKOFF_MS],
    [250, 10_000, MAX_BACKOFF_MS],
    [1, 3, 8],
    [5_000, 1, MAX_BACKOFF_MS],
    [60_000, 0, 60_000],
    [60_000, 50, 60_000],
  ])('every %i ms, after %i failures in a row, waits %i ms', (interval, failures, wait) => {
    let at = 0;
    const { rounds } = recorded(() => at);
    for (let n = 0; n < failures; n++) rounds.failed(refused());
    expect(rounds.delay(interval)).toBe(wait);
    at += SETTLE_MS;
    rounds.succeeded();
    expect(rounds.delay(interval)).toBe(interval);
  });
});
