/** Customers and what the studio keeps about them beside bookings: notes and questionnaire answers. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Company } from './access.ts';
import { Appointment } from './appointments.ts';

/** What `customers(search:)` matches: the full name and the email, as one text. */
export const CUSTOMER_SEARCH_TEXT = "firstname || ' ' || lastname || ' ' || email";

export const Customer = defineEntity({
  name: 'Customer',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company),
    firstname: p.string(),
    lastname: p.string(),
    email: p.string(),
    mobile: p.string().nullable(),
    archived: p.boolean().default(false),
    /** Soft delete: the record stays for the bookings that point at it. */
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
  // The customer list's order (last name, first name, id) over the customers not deleted.
  indexes: [
    { name: 'customer_list_index', properties: ['company', 'lastname', 'firstname', 'id'], where: 'deleted_at is null' },
    { properties: ['company', 'email'] },
    // `customers(search:)` (src/db/lists.ts): trigrams of the full name and email, so a search reads the rows
    // that hold the text rather than every customer of the company.
    { name: 'customer_search_index', expression: `create index "customer_search_index" on "customer" using gin ((${CUSTOMER_SEARCH_TEXT}) gin_trgm_ops)` },
  ],
});
export type ICustomer = InferEntity<typeof Customer>;

export const Note = defineEntity({
  name: 'Note',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company),
    customer: () => p.manyToOne(Customer),
    body: p.text(),
    author: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** The appointment whose booking notes these are, for a note written when it was booked. */
    appointment: () => p.manyToOne(Appointment).nullable(),
  },
  // The list's order (src/db/lists.ts, src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['customer', 'createdAt', 'id'] }],
});
export type INote = InferEntity<typeof Note>;

export const QuestionnaireAnswer = defineEntity({
  name: 'QuestionnaireAnswer',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company),
    customer: () => p.manyToOne(Customer),
    questionnaire: p.string(),
    question: p.text(),
    answer: p.text(),
    answeredAt: p.datetime(),
  },
  // The list's order (src/db/lists.ts, src/db/loaders.ts), so a page after a cursor is a range of the index.
  indexes: [{ properties: ['customer', 'answeredAt', 'id'] }],
});
export type IQuestionnaireAnswer = InferEntity<typeof QuestionnaireAnswer>;
