/** Changes to customers made through the APIs. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer, type ICustomer } from '../db/entities/index.ts';
import { NotFound } from './errors.ts';
import { checkFields, email, phone, text } from './input-rules.ts';

export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
  mobile?: string | null;
}

/** Name and email always; the mobile only when given (document 1, PUT profile). */
export async function updateProfile(em: EntityManager, id: string, input: ProfileInput): Promise<ICustomer> {
  const changes = checkFields({ ...input }, { firstName: text(1, 100), lastName: text(1, 100), email, mobile: phone }, ['mobile']);
  const customer = await em.findOne(Customer, { id, deletedAt: null });
  if (!customer) throw new NotFound('Customer');
  em.assign(customer, {
    firstname: changes.firstName as string,
    lastname: changes.lastName as string,
    email: changes.email as string,
    ...('mobile' in changes && { mobile: (changes.mobile as string | null) || null }),
  });
  await em.flush();
  return customer;
}
