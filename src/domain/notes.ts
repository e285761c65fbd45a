/**
 * Staff notes about a customer: added and deleted here; the notes typed when an appointment is booked
 * become a note too (bookAppointment), linked to that appointment.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { key, Note, type INote } from '../db/entities/index.ts';
import { liveCustomer } from './booking.ts';
import type { Clock } from './clock.ts';
import { NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checked, RULES } from './input-rules.ts';
import { inTransaction } from './transactions.ts';

export async function addNote(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  input: { customerId: string; body: string; author?: string | null },
): Promise<INote> {
  const body = checked(RULES.noteBody, input.body, 'body');
  return inTransaction(em, companyId, async (tx) => {
    const customer = await liveCustomer(tx, input.customerId);
    const now = clock.now();
    const note = tx.create(Note, { id: newId('note', now.getTime()), company: companyId, customer: key(companyId, customer.id), body, author: input.author ?? null, createdAt: now });
    await tx.flush();
    return note;
  });
}

/** Deletes a note for good; answers its id. */
export async function deleteNote(em: EntityManager, companyId: string, id: string): Promise<string> {
  return inTransaction(em, companyId, async (tx) => {
    if (!(await tx.nativeDelete(Note, { id }))) throw new NotFound('Note');
    return id;
  });
}
