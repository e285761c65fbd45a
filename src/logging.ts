/**
 * The process logger: pino JSON lines on stdout at LOG_LEVEL. Credentials that travel in headers
 * never reach the logs, nor the csrf token of the console's export link.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

export function createLogger(level: Config['LOG_LEVEL'], destination?: DestinationStream): Logger {
  const options = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'req.query.csrf'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
