/**
 * What one admin command runs against: the configuration, the database chosen as `npm start` chooses it
 * (attaching to a running embedded PostgreSQL, or starting and stopping it), the migrated ORM, and the
 * server key. Everything opened here is closed when the command is done, whatever happened.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate, openOrm } from '../db/orm.ts';
import { checkServerKey } from '../db/server-key-check.ts';
import { systemClock, type Clock } from '../domain/clock.ts';
import { loadServerKey } from '../domain/server-keys.ts';

export interface AdminSession {
  config: Config;
  orm: MikroORM;
  serverKey: Buffer;
  clock: Clock;
}

export async function withAdminSession<T>(env: NodeJS.ProcessEnv, work: (session: AdminSession) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const serverKey = await loadServerKey(config.DATA_DIR, env);
  const db = await openDatabase(config);
  try {
    const orm = await openOrm({ url: db.url, poolMax: 2 });
    try {
      await migrate(orm);
      await checkServerKey(orm, serverKey, systemClock.now());
      return await work({ config, orm, serverKey, clock: systemClock });
    } finally {
      await orm.close();
    }
  } finally {
    await db.stop();
  }
}
