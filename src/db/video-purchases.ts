/** The conditional cancel of a video purchase (src/domain/videos.ts). */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import { EntityManagerRunner } from './reads.ts';

const CANCEL = statement('videoPurchases.cancel', (p: { companyId: string; id: string; refund: boolean }) =>
  db
    .updateTable('video_purchase')
    .set({ is_cancelled: true, is_refunded: sql`is_refunded or ${p.refund}` })
    .where('id', '=', p.id)
    .where('company_id', '=', p.companyId)
    .where('is_cancelled', '=', false)
    .returning(['credits_used', 'pass_purchase_id']),
);

/** Cancels the purchase if it is not cancelled yet: the credits it was paid with; undefined when it was. */
export function cancelLiveVideoPurchase(em: EntityManager, companyId: string, id: string, refund: boolean) {
  return CANCEL.first(new EntityManagerRunner(em), { companyId, id, refund });
}
