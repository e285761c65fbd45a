/**
 * Whether the server key is the one this database's secrets are stored under (API secrets are HMACs
 * under it, webhook signing secrets are sealed with it). Another key would make every stored secret fail
 * silently, for instance after a restart with another DATA_DIR (and so another generated key) on the same
 * DATABASE_URL. The first start writes an HMAC of a fixed label under its key; every later start of the
 * server or the admin command line compares, and refuses to go on when they differ.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';

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

const checkValueOf = (serverKey: Buffer) => createHmac('sha256', serverKey).update(LABEL).digest('hex');

/** Writes the check value on a database that has none; throws ServerKeyMismatch when the stored one differs. */
export async function checkServerKey(orm: MikroORM, serverKey: Buffer, now: Date): Promise<void> {
  const connection = orm.em.getConnection();
  const mine = checkValueOf(serverKey);
  await connection.execute('insert into server_key_check (id, check_value, created_at) values (1, ?, ?) on conflict (id) do nothing', [mine, now], 'run');
  const [stored] = await connection.execute<{ check_value: string }[]>('select check_value from server_key_check where id = 1');
  // A stored value of another length is a mismatch too, not a RangeError.
  if (!stored || stored.check_value.length !== mine.length || !timingSafeEqual(Buffer.from(stored.check_value), Buffer.from(mine))) throw new ServerKeyMismatch();
}
