/**
 * Whether the server key is the one this database's secrets are stored under (API secrets are HMACs
 * under it, webhook signing secrets are sealed with it). Another key would make every stored secret fail
 * silently, for instance after a restart with another DATA_DIR (and so another generated key) on the same
 * DATABASE_URL. The first start writes an HMAC of a fixed label under its key; every later start of the
 * server or the admin command line compares, and refuses to go on when they differ.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { db, statement } from './query.ts';
import { PoolRunner } from './reads.ts';

const LABEL = 'studio-booking server key check v1';

export class ServerKeyMismatch extends Error {
  constructor() {
    super(
      'SERVER_KEY is not the key this database was used with, so every stored API secret and webhook secret would fail: ' +
        'start with the SERVER_KEY (or the DATA_DIR/keys/server.key) the database was first used with',
    );
    this.name = 'ServerKeyMismatch';
  }
}

const WRITE_FIRST = statement('serverKey.writeFirst', ({ value, now }: { value: string; now: Date }) =>
  db.insertInto('server_key_check').values({ id: 1, check_value: value, created_at: now }).onConflict((conflict) => conflict.column('id').doNothing()),
);
const STORED = statement('serverKey.stored', () => db.selectFrom('server_key_check').select('check_value').where('id', '=', 1));

const checkValueOf = (serverKey: Buffer) => createHmac('sha256', serverKey).update(LABEL).digest('hex');

/** Writes the check value on a database that has none; throws ServerKeyMismatch when the stored one differs. */
export async function checkServerKey(orm: MikroORM, serverKey: Buffer, now: Date): Promise<void> {
  const runner = new PoolRunner(orm);
  const mine = checkValueOf(serverKey);
  await WRITE_FIRST.rows(runner, { value: mine, now });
  const stored = await STORED.first(runner, {});
  // A stored value of another length is a mismatch too, not a RangeError.
  if (!stored || stored.check_value.length !== mine.length || !timingSafeEqual(Buffer.from(stored.check_value), Buffer.from(mine))) throw new ServerKeyMismatch();
}
