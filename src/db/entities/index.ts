/** Every entity of the domain model, in one list for the ORM. */
import { ApiClient, Company, ConsoleSession, ConsoleUser, V1ApiKey } from './access.ts';
import { Appointment, Facilitator, FacilitatorDateOverride, FacilitatorWindow, Service, ServiceOption } from './appointments.ts';
import { Customer, Note, QuestionnaireAnswer } from './customers.ts';
import { Booking, Event, EventDate, PricingOption, Transaction } from './events.ts';
import { Media, VideoPurchase } from './media.ts';
import { AuditEntry, CacheVersion, IdempotencyKey, JobWorker, ServerKeyCheck, WebhookDelivery, WebhookEndpoint, WebhookEvent, WebhookEventSequence, WebhookJob } from './operations.ts';
import { PassPurchase, PassTemplate } from './passes.ts';
import { Mandate, SubscriptionCharge, SubscriptionPlan } from './subscriptions.ts';
import { Voucher } from './vouchers.ts';
import { WaitlistEntry } from './waitlists.ts';

export * from './access.ts';
export * from './appointments.ts';
export * from './customers.ts';
export * from './events.ts';
export * from './media.ts';
export * from './operations.ts';
export * from './passes.ts';
export * from './subscriptions.ts';
export * from './vouchers.ts';
export * from './waitlists.ts';

/** Entities whose every query is limited to one company (ARCHITECTURE.md, principle 5). */
export const companyScoped = [
  ApiClient, V1ApiKey, Customer, Note, QuestionnaireAnswer, Event, EventDate, PricingOption, Transaction,
  Booking, WaitlistEntry, Facilitator, FacilitatorWindow, FacilitatorDateOverride, Service, ServiceOption, Appointment,
  PassTemplate, PassPurchase, Media, VideoPurchase, SubscriptionPlan, Mandate, SubscriptionCharge, Voucher,
  WebhookEndpoint, WebhookEvent, WebhookEventSequence, WebhookJob, WebhookDelivery, AuditEntry, IdempotencyKey, ConsoleUser, CacheVersion,
];

/** Sessions are found by their token, before the company is known; their user carries it. */
export const entities = [Company, ServerKeyCheck, ConsoleSession, JobWorker, ...companyScoped];

/**
 * A tenant record's key as a relation or filter takes it: every tenant table's primary key is its id with
 * its company, (id, company_id), and every reference between tenant tables includes the company
 * (docs/operations.md, "Running on Citus"), so a row can never point into another company. The id comes
 * first, as in the entities' properties: MikroORM reads a new entity's key in the order of its properties.
 */
export const key = (companyId: string, id: string): [string, string] => [id, companyId];
