/**
 * Log lines of errors (src/logging.ts): an error is logged as its own facts. A driver's error that holds
 * its connection (pg's errors can) must not drag the connection, its buffers and its options into a line.
 */
import { describe, expect, it } from '@jest/globals';
import { createLogger } from '../src/logging.ts';

function logOf(error: unknown): Record<string, any> {
  const lines: string[] = [];
  createLogger('info', { write: (line: string) => void lines.push(line) }).warn({ err: error }, 'something failed');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!).err;
}

const withFields = (error: Error, fields: Record<string, unknown>) => Object.assign(error, fields);

describe('an error in a log line', () => {
  it.each([
    ['a database error holding its client', withFields(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL', client: { connection: { stream: { buffer: 'x'.repeat(100_000) } }, password: 'secret' } })],
    ['an error holding a request with its headers', withFields(new Error('socket hang up'), { code: 'ECONNRESET', request: { headers: { authorization: 'Bearer secret' } } })],
    ['an error holding a function and a buffer', withFields(new Error('write failed'), { code: 'EPIPE', retry: () => 1, chunk: Buffer.alloc(50_000) })],
  ])('keeps the message, stack and plain fields of %s, and none of the objects it holds', (_case, error) => {
    const logged = logOf(error);
    expect(logged).toMatchObject({ type: 'Error', message: error.message, code: (error as any).code });
    expect(logged.stack).toContain('logging.test.ts');
    expect(JSON.stringify(logged).length).toBeLessThan(5_000);
    expect(JSON.stringify(logged)).not.toContain('secret');
  });

  it('keeps each error of an AggregateError, and the cause of an error', () => {
    const refused = new AggregateError([withFields(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED', address: '::1' })], 'connect failed');
    expect(logOf(refused).aggregateErrors).toEqual([expect.objectContaining({ message: 'connect ECONNREFUSED ::1:5432', code: 'ECONNREFUSED', address: '::1' })]);
    expect(logOf(new Error('outer', { cause: new Error('inner') })).message).toContain('inner');
  });
});
