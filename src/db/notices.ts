/**
 * What instances tell each other through PostgreSQL (NOTIFY, delivered to every listening connection when
 * the transaction that sent it commits): the cache versions a write raised (src/db/cache-versions.ts), and
 * an API client whose access changed (revoked, a secret rotated, scopes replaced), so that every instance
 * forgets what it knew of it at once (src/pipeline/callers.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';

export const ACCESS_CHANNEL = 'access_changed';

/** Tells every instance that what `clientId` may do has changed (sent at the commit of `em`'s transaction, if any). */
export async function announceAccessChange(em: EntityManager, clientId: string): Promise<void> {
  await em.getConnection().execute('select pg_notify(?, ?)', [ACCESS_CHANNEL, clientId], 'run', em.getTransactionContext());
}
