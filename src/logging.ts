/**
 * The process logger: pino JSON lines on stdout at LOG_LEVEL. Credentials that travel in headers
 * never reach the logs, nor the csrf token of the console's export link; an error is logged as its own
 * facts, never as the objects it holds.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

/**
 * An error as a log line carries it: pino's serializer (type, message, stack, cause) and the error's own
 * plain facts (a PostgreSQL error's code, severity, detail, routine…). Objects an error holds are left
 * out: a driver's error can hold its connection, and with it every buffer and option it has.
 */
export function errorForLog(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  if (!serialized || typeof serialized !== 'object') return serialized;
  return Object.fromEntries(
    Object.entries(serialized).flatMap(([key, value]): [string, unknown][] => {
      // An AggregateError (a refused connection to each address of a host) keeps each of its errors.
      if (key === 'aggregateErrors' && Array.isArray(value)) return [[key, value.map(errorForLog)]];
      return value === null || (typeof value !== 'object' && typeof value !== 'function') ? [[key, value]] : [];
    }),
  );
}

export function createLogger(level: Config['LOG_LEVEL'], destination?: DestinationStream): Logger {
  const options = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: errorForLog },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'req.query.csrf'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
