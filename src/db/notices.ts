/**
 * What instances tell each other through PostgreSQL (NOTIFY, delivered to every listening connection when
 * the transaction that sent it commits): the cache versions a write raised (src/db/cache-versions.ts), and
 * an API client whose access changed (revoked, a secret rotated, scopes replaced), so that every instance
 * forgets what it knew of it at once (src/pipeline/callers.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import type pg from 'pg';
import { EntityManagerRunner } from './reads.ts';

export const ACCESS_CHANNEL = 'access_changed';

/** Tells every instance that what `clientId` may do has changed (sent at the commit of `em`'s transaction, if any). */
export async function announceAccessChange(em: EntityManager, clientId: string): Promise<void> {
  await NOTIFY.rows(new EntityManagerRunner(em), { channel: ACCESS_CHANNEL, payload: clientId });
}

const NOTIFY = statement('notices.notify', ({ channel, payload }: { channel: string; payload: string }) => sql`select pg_notify(${channel}, ${payload})`);

/** Starts listening on `channel` on the connection of the notices' listener (src/pipeline/notices.ts). */
export async function listen(client: pg.ClientBase, channel: string): Promise<void> {
  await client.query(sql`listen ${sql.id(channel)}`.compile(db).sql);
}
