/** What a running instance holds: configuration, database, clock, logger and keys. */
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Clock } from './domain/clock.ts';

export interface Services {
  config: Config;
  orm: MikroORM;
  clock: Clock;
  logger: Logger;
  /** HMAC key for stored API secrets and sealing key for webhook secrets (src/domain/server-keys.ts). */
  serverKey: Buffer;
}
