/** What a running instance holds: configuration, database, clock, logger and keys. */
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Clock } from './domain/clock.ts';
import type { PaymentProvider } from './domain/subscription-payments.ts';

export interface Services {
  config: Config;
  orm: MikroORM;
  clock: Clock;
  logger: Logger;
  /** HMAC key for stored API secrets and sealing key for webhook secrets (src/domain/server-keys.ts). */
  serverKey: Buffer;
  /** Collects subscription charges; none by default: they stay PENDING until marked (docs/subscriptions.md). */
  payments?: PaymentProvider;
}
