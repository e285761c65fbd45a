/**
 * The request bodies of the v1 interface under its own field names, made of the domain's rules
 * (src/domain/input-rules.ts): the routes parse requests with them and the OpenAPI document describes
 * them with z.toJSONSchema. Amounts are decimal currency units here (`price: 15.5`); the domain's
 * base-100 limits apply to them in those units.
 */
import { z } from 'zod';
import {
  CUSTOMER_FIELDS as customer, EVENT_DATE_FIELDS as eventDate, EVENT_FIELDS as event, inCurrencyUnits, MAX_EVENT_DATES,
  MAX_PRICING_OPTIONS, PASS_FIELDS as pass, PASS_PURCHASE_FIELDS as passPurchase, PRICING_OPTION_FIELDS as pricingOption, RULES,
  WEBHOOK_ENDPOINT_FIELDS as webhook,
} from '../../src/domain/input-rules.ts';

const id = (prefix: string) => RULES.recordId.describe(`A \`${prefix}\` id.`);

const dateInput = z
  .strictObject({
    startsAt: RULES.instant.describe(`Start: ${RULES.instant.description!.replace(/^An/, 'an')}`),
    durationMinutes: eventDate.duration,
    capacity: eventDate.capacity,
  })
  .meta({ description: 'A date of an event.' });
const pricingOptionInput = z
  .strictObject({ name: pricingOption.name, price: inCurrencyUnits(pricingOption.base100Price), credits: pricingOption.credits })
  .meta({ description: 'A pricing option of an event.' });
const dates = z.array(dateInput).max(MAX_EVENT_DATES);
const pricingOptions = z.array(pricingOptionInput).max(MAX_PRICING_OPTIONS);

const CHANGES = 'The fields to change (at least one); the others stay as they are. Unknown fields are refused.';
/** At least one field: an empty change is refused by the domain, this tells the document. */
const changes = <T extends z.ZodRawShape>(shape: T, description = CHANGES) => z.strictObject(shape).partial().meta({ description, minProperties: 1 });

/** Keyed by the name of each body's component schema in the OpenAPI document. */
export const V1_BODIES = {
  EventDateInput: dateInput,
  PricingOptionInput: pricingOptionInput,
  CustomerCreate: z
    .strictObject({ firstName: customer.firstName, lastName: customer.lastName, email: customer.email, mobile: customer.mobile.nullish() })
    .meta({ description: 'A new customer. Unknown fields are refused.' }),
  CustomerUpdate: changes({
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    mobile: customer.mobile.nullable().describe('A phone number such as `+447700900001`, at most 32 characters; null clears it.'),
    archived: customer.archived,
  }),
  EventCreate: z
    .strictObject({
      name: event.name,
      description: event.description.optional(),
      kind: event.kind.describe('By default `ONE_OFF` with one date (or none) and `SCHEDULE` with more.').optional(),
      timezone: event.timezone.describe('IANA timezone, such as `Europe/London`; by default the company\'s.').optional(),
      dates: dates.describe('At most 500.').optional(),
      pricingOptions: pricingOptions.describe('At most 50.').optional(),
    })
    .meta({ description: 'A new event with its dates and pricing options. Unknown fields are refused.' }),
  EventUpdate: changes(
    {
      name: event.name,
      description: event.description,
      kind: event.kind,
      timezone: event.timezone,
      archived: RULES.flag.describe('Archive (`true`) or restore (`false`).'),
      addDates: dates.describe('Dates to add to those the event has; at most 500.'),
      addPricingOptions: pricingOptions.describe('Pricing options to add to those the event has; at most 50.'),
    },
    'The fields to change (at least one, and not only empty lists); the others stay as they are. Unknown fields are refused.',
  ),
  PassCreate: z
    .strictObject({
      name: pass.name,
      description: pass.description.optional(),
      credits: pass.credits,
      validityDays: pass.validityDays,
      price: inCurrencyUnits(pass.base100Price),
      active: pass.active.describe('On sale; `true` by default.').optional(),
    })
    .meta({ description: 'A new pass type. Unknown fields are refused.' }),
  PassUpdate: changes(
    { name: pass.name, description: pass.description, credits: pass.credits, validityDays: pass.validityDays, price: inCurrencyUnits(pass.base100Price), active: pass.active },
    'The fields to change (at least one); the others stay as they are (customer passes already assigned keep their uses and dates). Unknown fields are refused.',
  ),
  CustomerPassCreate: z
    .strictObject({
      customerId: id('cust_'),
      passId: id('pass_').describe('The `pass_` id of an active pass type.'),
      startDate: RULES.localDate.describe('First day of validity, `YYYY-MM-DD`; may be in the past (an assignment).'),
    })
    .meta({ description: 'The assignment of a pass to a customer. Unknown fields are refused.' }),
  CustomerPassUpdate: changes({
    remainingUses: passPurchase.creditsRemaining.describe('Uses left; at most the pass\'s uses.'),
    expiryDate: passPurchase.expires.describe('New expiry date, `YYYY-MM-DD`; not before the start date.'),
    status: z.enum(['active', 'cancelled']).describe('`cancelled` cancels the customer pass; `active` restores it.'),
  }),
  WebhookCreate: z
    .strictObject({
      url: webhook.url.describe('Where events are POSTed: an `https://` URL that reaches only public addresses, and no other endpoint\'s.'),
      events: webhook.events,
      enabled: webhook.enabled.describe('Whether events are sent to it; `true` by default.').optional(),
    })
    .meta({ description: 'A new webhook endpoint. Unknown fields are refused.' }),
  WebhookUpdate: changes({ url: webhook.url, events: webhook.events, enabled: webhook.enabled.describe('Whether events are sent to it.') }),
};

/** Decimal currency units to the domain's base-100 minor units. */
export const base100 = (value: number | undefined) => (value === undefined ? undefined : Math.round(value * 100));
