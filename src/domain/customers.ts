/**
 * Changes to customers made through the APIs, each with its `customer.*` event in the outbox of the same
 * transaction: created, updated (when a value really changed, naming the fields that did) and deleted.
 * One live customer per email in a company, whatever its case: a deleted customer frees their email, an
 * archived one keeps it (docs/customers.md); the unique index customer_email_unique backs the rule.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer, type ICustomer } from '../db/entities/index.ts';
import type { Clock } from './clock.ts';
import { holderOfEmail, lockEmail } from '../db/customer-emails.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { checkFields, CUSTOMER_FIELDS } from './input-rules.ts';
import { emit, type WebhookPayloads } from './outbox.ts';
import { conflictOn, UNIQUE_VIOLATION } from './transactions.ts';

/** The `data` of `customer.created` and `customer.deleted`: the customer as v1 shows them. */
function customerData(customer: ICustomer): WebhookPayloads['customer.created'] {
  return {
    customerId: customer.id,
    firstName: customer.firstname,
    lastName: customer.lastname,
    email: customer.email,
    mobile: customer.mobile || null,
    archived: customer.archived,
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
  };
}

const EMAIL_TAKEN = 'Another customer of the company has this email';

/**
 * Refuses `email` when another live customer of the company holds it (CONFLICT naming them). Writers of one
 * email wait for each other here, so of two at once the second sees the first's customer.
 */
async function requireFreeEmail(em: EntityManager, companyId: string, email: string, customerId: string | null): Promise<void> {
  await lockEmail(em, companyId, email);
  const holder = await holderOfEmail(em, companyId, email, customerId);
  if (holder) throw new Conflict(`${EMAIL_TAKEN}: ${holder} (one customer per email)`, { field: 'email', customerId: holder });
}

/** A flush that may meet customer_email_unique: a writer outside a transaction has no lock to wait on. */
const flushCustomer = (em: EntityManager) => conflictOn([UNIQUE_VIOLATION], `${EMAIL_TAKEN} (one customer per email)`, () => em.flush());

const CHANGEABLE = ['firstName', 'lastName', 'email', 'mobile', 'archived'] as const;

/** Applies `changes` (entity fields) and, when a value changed, writes `customer.updated` naming those fields. */
async function change(em: EntityManager, customer: ICustomer, changes: Partial<Pick<ICustomer, 'firstname' | 'lastname' | 'email' | 'mobile' | 'archived'>>): Promise<ICustomer> {
  const before = customerData(customer);
  if (changes.email !== undefined && changes.email.toLowerCase() !== customer.email.toLowerCase()) {
    await requireFreeEmail(em, customer.company.id, changes.email, customer.id);
    // A customer kept with an email shared before the rule comes under it with a new email.
    customer.duplicateEmailKept = false;
  }
  em.assign(customer, changes);
  const after = customerData(customer);
  const changedFields = CHANGEABLE.filter((field) => before[field] !== after[field]);
  // The flush sets updatedAt (when anything changed), which the event carries.
  await flushCustomer(em);
  if (changedFields.length) {
    emit(em, customer.company.id, 'customer.updated', { ...customerData(customer), changedFields });
    await em.flush();
  }
  return customer;
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
  mobile?: string | null;
}

/** Name and email always; the mobile only when given (document 1, PUT profile). */
export async function updateProfile(em: EntityManager, id: string, input: ProfileInput): Promise<ICustomer> {
  const { archived: _archived, ...profile } = CUSTOMER_FIELDS;
  const changes = checkFields({ ...input }, profile, ['mobile']);
  const customer = await em.findOne(Customer, { id, deletedAt: null });
  if (!customer) throw new NotFound('Customer');
  return change(em, customer, {
    firstname: changes.firstName as string,
    lastname: changes.lastName as string,
    email: changes.email as string,
    ...('mobile' in changes && { mobile: (changes.mobile as string | null) || null }),
  });
}

export interface NewCustomer {
  firstName: string;
  lastName: string;
  email: string;
  mobile?: string | null;
}

export async function createCustomer(em: EntityManager, clock: Clock, companyId: string, input: NewCustomer): Promise<ICustomer> {
  const fields = checkFields({ ...input }, CUSTOMER_FIELDS, ['mobile']);
  for (const required of ['firstName', 'lastName', 'email']) {
    if (fields[required] === undefined) throw new Invalid(required, 'required', 'is required');
  }
  await requireFreeEmail(em, companyId, fields.email as string, null);
  const now = clock.now();
  const customer = em.create(Customer, {
    id: newId('customer', now.getTime()),
    company: companyId,
    firstname: fields.firstName as string,
    lastname: fields.lastName as string,
    email: fields.email as string,
    mobile: (fields.mobile as string | null | undefined) || null,
    archived: false,
    createdAt: now,
    updatedAt: now,
  });
  emit(em, companyId, 'customer.created', customerData(customer));
  await flushCustomer(em);
  return customer;
}

/** Changes the given fields; `mobile: null` clears the mobile. */
export async function updateCustomer(
  em: EntityManager,
  id: string,
  input: { firstName?: string | null; lastName?: string | null; email?: string | null; mobile?: string | null; archived?: boolean | null },
): Promise<ICustomer> {
  const fields = checkFields({ ...input }, CUSTOMER_FIELDS, ['mobile']);
  if (!Object.keys(fields).length) throw new Invalid('input', 'required', 'give at least one field to change');
  const customer = await em.findOne(Customer, { id, deletedAt: null });
  if (!customer) throw new NotFound('Customer');
  return change(em, customer, {
    ...(fields.firstName !== undefined && { firstname: fields.firstName as string }),
    ...(fields.lastName !== undefined && { lastname: fields.lastName as string }),
    ...(fields.email !== undefined && { email: fields.email as string }),
    ...('mobile' in fields && { mobile: (fields.mobile as string | null) || null }),
    ...(fields.archived !== undefined && { archived: fields.archived as boolean }),
  });
}

/** Soft delete: the customer leaves every list, while their past bookings keep pointing at them. */
export async function deleteCustomer(em: EntityManager, clock: Clock, id: string): Promise<ICustomer> {
  const customer = await em.findOne(Customer, { id, deletedAt: null });
  if (!customer) throw new NotFound('Customer');
  customer.deletedAt = clock.now();
  emit(em, customer.company.id, 'customer.deleted', customerData(customer));
  await em.flush();
  return customer;
}
