/** Customers and what the studio keeps about them beside bookings: notes and questionnaire answers. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { sameCompany } from './same-company.ts';
import { Company } from './access.ts';
import { Appointment } from './appointments.ts';

/** What `customers(search:)` matches: the full name and the email, as one text. */
export const CUSTOMER_SEARCH_TEXT = "firstname || ' ' || lastname || ' ' || email";

/**
 * What `customers(search:)` matches a phone number against: the digits of the mobile, last digit first, so
 * that "ends with these digits" is a prefix of it, which a btree index (text_pattern_ops) answers
 * (src/domain/phones.ts says which digits a search looks for).
 */
export const CUSTOMER_PHONE_KEY = "reverse(regexp_replace(coalesce(mobile, ''), '[^0-9]', '', 'g'))";

/** One customer per email in a company, whatever its case (docs/customers.md). */
export const CUSTOMER_EMAIL_KEY = 'lower(email)';

export const Customer = defineEntity({
  name: 'Customer',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    firstname: p.string(),
    lastname: p.string(),
    email: p.string(),
    mobile: p.string().nullable(),
    archived: p.boolean().default(false),
    /**
     * A customer who already shared their email with an older customer of the company when the one-email rule
     * came (migration 20261129104300): kept as they were, outside the unique index, until their email changes.
     */
    duplicateEmailKept: p.boolean().default(false),
    /** Soft delete: the record stays for the bookings that point at it. */
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  primaryKeys: ['id', 'company'],
  // The customer list's order (last name, first name, id) over the customers not deleted.
  indexes: [
    { name: 'customer_list_index', properties: ['company', 'lastname', 'firstname', 'id'], where: 'deleted_at is null' },
    { properties: ['company', 'email'] },
    // `customers(search:)` (src/db/lists.ts): trigrams of the full name and email, so a search reads the rows
    // that hold the text rather than every customer of the company.
    { name: 'customer_search_index', expression: `create index "customer_search_index" on "customer" using gin ((${CUSTOMER_SEARCH_TEXT}) gin_trgm_ops)` },
    // Phone search: the reversed digits of the mobile, so the digits a number ends with are a range of the index.
    {
      name: 'customer_phone_index',
      expression: `create index "customer_phone_index" on "customer" ("company_id", (${CUSTOMER_PHONE_KEY}) text_pattern_ops) where deleted_at is null`,
    },
    // One live customer per email: a deleted customer frees their email, an archived one keeps it.
    {
      name: 'customer_email_unique',
      expression: `create unique index "customer_email_unique" on "customer" ("company_id", (${CUSTOMER_EMAIL_KEY})) where deleted_at is null and not duplicate_email_kept`,
    },
  ],
});
export type ICustomer = InferEntity<typeof Customer>;

export const Note = defineEntity({
  name: 'Note',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    customer: () => sameCompany(p.manyToOne(Customer), 'customer_id'),
    body: p.text(),
    author: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** The appointment whose booking notes these are, for a note written when it was booked. */
    appointment: () => sameCompany(p.manyToOne(Appointment), 'appointment_id').nullable().deleteRule('set null (appointment_id)'),
  },
  primaryKeys: ['id', 'company'],
  // The list's order (src/db/lists.ts, src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['customer', 'createdAt', 'id'] }],
});
export type INote = InferEntity<typeof Note>;

export const QuestionnaireAnswer = defineEntity({
  name: 'QuestionnaireAnswer',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    customer: () => sameCompany(p.manyToOne(Customer), 'customer_id'),
    questionnaire: p.string(),
    question: p.text(),
    answer: p.text(),
    answeredAt: p.datetime(),
  },
  primaryKeys: ['id', 'company'],
  // The list's order (src/db/lists.ts, src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['customer', 'answeredAt', 'id'] }],
});
export type IQuestionnaireAnswer = InferEntity<typeof QuestionnaireAnswer>;
