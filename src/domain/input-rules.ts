/**
 * The product's business limits, each stated once as a zod 4 schema of one field's values (RULES), and
 * the fields of each record built from them. The domain services check what they are given against
 * these (checkFields); the REST surfaces build their request bodies from the same schemas under their
 * own field names, and the OpenAPI documents describe those bodies with z.toJSONSchema. A limit changed
 * here changes every surface and both documents at once.
 *
 * A value that breaks a rule is an Invalid naming the field and the rule, with a message for people
 * (invalidOf), whichever surface it came through.
 */
import { z } from 'zod';
import { CURRENCIES, EVENT_KINDS, PLAN_INTERVALS } from '../db/entities/index.ts';
import { Invalid, type Rule } from './errors.ts';
import { WEBHOOK_KINDS, type WebhookKind } from './outbox.ts';
import { DATE_RANGE_TEXT, DATE_RULE, isInstantInDateRange, isLocalDate, isTimeZone } from './time.ts';

/** Minor units of any price: at most 10,000,000.00 in currency units. */
export const MAX_BASE100_PRICE = 1_000_000_000;
/** Counts stored as integers (redemptions, credits left): what the column holds. */
const MAX_COUNT = 2_000_000_000;
/** Dates and pricing options one request may add to an event. */
export const MAX_EVENT_DATES = 500;
export const MAX_PRICING_OPTIONS = 50;

/** Trimmed text of `min` to `max` characters that is not blank. */
const text = (min: number, max: number) => z.string().trim().min(min).max(max).regex(/\S/, 'must not be blank');

export const RULES = {
  personName: text(1, 100).describe('Trimmed; not blank; at most 100 characters.'),
  email: z.email().max(254).describe('An email address, at most 254 characters.'),
  mobile: z
    .string()
    .max(32)
    .regex(/^(\+?[0-9 ()-]{3,32})?$/, 'must be a phone number such as +447700900001')
    .describe('A phone number such as `+447700900001`, at most 32 characters; empty: none.'),
  title: text(1, 200).describe('Trimmed; not blank; at most 200 characters.'),
  description: z.string().max(5000).describe('At most 5000 characters.'),
  timezone: z
    .string()
    .max(64)
    .refine((zone) => isTimeZone(zone) && !/^[+-]/.test(zone), 'must be an IANA timezone such as Europe/London')
    .describe('IANA timezone, such as `Europe/London`.'),
  eventKind: z
    .enum(EVENT_KINDS)
    .describe('`ONE_OFF`: an event or workshop on its own, each booking also a ticket purchase; `SCHEDULE`: one of a series, such as a weekly class.'),
  eventDuration: z.int().min(1).max(24 * 60).describe('Length in minutes, 1 to 1440.'),
  capacity: z.int().min(1).max(100_000).describe('Spaces on sale, 1 to 100000.'),
  eventDates: z.array(z.unknown()).max(MAX_EVENT_DATES),
  pricingOptions: z.array(z.unknown()).max(MAX_PRICING_OPTIONS),
  base100Price: z.int().min(0).max(MAX_BASE100_PRICE).describe('Price in minor units of the currency (1250 is 12.50).'),
  optionCredits: z.int().min(0).max(1000).describe('Credits per space or purchase when paid with a pass, 0 to 1000; 0: not payable with credits.'),
  passCredits: z.int().min(1).max(1000).describe('Credits (uses) a purchase of the pass starts with, 1 to 1000.'),
  validityDays: z.int().min(1).max(3650).describe('Days a purchase stays valid from its start, 1 to 3650.'),
  creditsRemaining: z.int().min(0).max(100_000).describe('Credits (uses) left; at most those allocated.'),
  accessDays: z.int().min(1).max(36_500).describe('Days of access after purchase, 1 to 36500.'),
  localDate: z.iso.date().refine(isLocalDate, DATE_RULE).describe(`A date \`YYYY-MM-DD\`, ${DATE_RANGE_TEXT}.`),
  instant: z.iso
    .datetime({ offset: true })
    .refine((value) => isInstantInDateRange(new Date(value)), `must be an instant ${DATE_RANGE_TEXT}`)
    .describe(`An ISO 8601 instant with offset, such as \`2026-12-05T18:00:00Z\`, ${DATE_RANGE_TEXT}.`),
  voucherCode: text(1, 64).describe('Trimmed; not blank; at most 64 characters.'),
  percentOff: z.int().min(1).max(100).describe('Percentage off, 1 to 100.'),
  maxRedemptions: z.int().min(0).max(MAX_COUNT).describe('How many times it can be redeemed.'),
  planInterval: z.enum(PLAN_INTERVALS).describe('How often it renews.'),
  currency: z.enum(CURRENCIES).describe('ISO 4217 code: GBP, EUR or USD.'),
  graceDays: z.int().min(0).max(365).describe('Days a failed charge may stay unpaid, from its period\'s start, before the subscription is suspended; 0 to 365.'),
  minimumTermPeriods: z.int().min(1).max(120).describe('Periods a subscription runs at least before it can end, 1 to 120.'),
  spaces: z.int().min(1).max(100).describe('Spaces to book, 1 to 100.'),
  bufferMinutes: z.int().min(0).max(24 * 60).describe('Minutes kept free after each appointment, 0 to 1440.'),
  optionName: text(1, 100).describe('Trimmed; not blank; at most 100 characters.'),
  serviceDuration: z.int().min(5).max(24 * 60).describe('Length in minutes, 5 to 1440.'),
  notes: z.string().max(5000).describe('At most 5000 characters.'),
  noteBody: text(1, 5000).describe('Trimmed; not blank; at most 5000 characters.'),
  question: text(1, 1000).describe('Trimmed; not blank; at most 1000 characters.'),
  answer: z.string().max(5000).describe('At most 5000 characters; empty when the question was left unanswered.'),
  answers: z.array(z.unknown()).min(1).max(100).describe('1 to 100 answers.'),
  flag: z.boolean(),
  webhookUrl: z.string().min(1).max(2048).describe('An `https://` URL that reaches only public addresses, at most 2048 characters.'),
  webhookKinds: z
    .array(z.enum(WEBHOOK_KINDS as [WebhookKind, ...WebhookKind[]]))
    .min(1)
    .max(WEBHOOK_KINDS.length)
    .describe('The event kinds it receives, at least one.'),
  /** An id naming another record: its form only; a record that does not exist is NotFound. */
  recordId: text(1, 100),
} as const;

/** A rule on base-100 minor units as the same rule on decimal currency units with at most 2 decimals. */
export function inCurrencyUnits(base100: z.ZodNumber): z.ZodNumber {
  return z
    .number()
    .min((base100.minValue ?? 0) / 100)
    .max((base100.maxValue ?? MAX_BASE100_PRICE) / 100)
    .multipleOf(0.01)
    .describe('A decimal amount in currency units with at most 2 decimals (15.5 is 15.50).');
}

/** The fields of each record that callers can set, by the names of the domain (and GraphQL). */
export const CUSTOMER_FIELDS = { firstName: RULES.personName, lastName: RULES.personName, email: RULES.email, mobile: RULES.mobile, archived: RULES.flag };
export const EVENT_FIELDS = { name: RULES.title, description: RULES.description, kind: RULES.eventKind, timezone: RULES.timezone };
export const EVENT_DATE_FIELDS = { startsAt: z.date(), duration: RULES.eventDuration, capacity: RULES.capacity };
export const PRICING_OPTION_FIELDS = { name: RULES.title, base100Price: RULES.base100Price, credits: RULES.optionCredits };
export const PASS_FIELDS = {
  name: RULES.title,
  description: RULES.description,
  credits: RULES.passCredits,
  validityDays: RULES.validityDays,
  base100Price: RULES.base100Price,
  active: RULES.flag,
};
export const PASS_PURCHASE_FIELDS = { creditsRemaining: RULES.creditsRemaining, expires: RULES.localDate, isCancelled: RULES.flag };
export const PLAN_FIELDS = {
  name: RULES.title,
  description: RULES.description,
  base100Price: RULES.base100Price,
  interval: RULES.planInterval,
  active: RULES.flag,
  graceDays: RULES.graceDays,
  minimumTermPeriods: RULES.minimumTermPeriods,
};
/** A new plan also names its currency, which its charges keep. */
export const NEW_PLAN_FIELDS = { ...PLAN_FIELDS, currency: RULES.currency };
export const VIDEO_FIELDS = {
  name: RULES.title,
  description: RULES.description,
  base100Price: RULES.base100Price,
  credits: RULES.optionCredits,
  accessDays: RULES.accessDays,
  active: RULES.flag,
};
export const WEBHOOK_ENDPOINT_FIELDS = { url: RULES.webhookUrl, events: RULES.webhookKinds, enabled: RULES.flag };
export const VOUCHER_FIELDS = {
  code: RULES.voucherCode,
  description: RULES.description,
  percentOff: RULES.percentOff,
  base100AmountOff: RULES.base100Price,
  validFrom: RULES.localDate,
  validUntil: RULES.localDate,
  maxRedemptions: RULES.maxRedemptions,
  active: RULES.flag,
};
export const FACILITATOR_FIELDS = { name: RULES.title, timezone: RULES.timezone };
export const SERVICE_FIELDS = { name: RULES.title, description: RULES.description, bufferMinutes: RULES.bufferMinutes, active: RULES.flag };
export const SERVICE_OPTION_FIELDS = {
  name: RULES.optionName,
  durationMinutes: RULES.serviceDuration,
  base100Price: RULES.base100Price,
  credits: RULES.optionCredits,
  active: RULES.flag,
};

export type Fields = Record<string, z.ZodType>;


// ---------------------------------------------------------------- broken rules, in words for people

const TYPE_NAMES: Record<string, string> = { int: 'a whole number', array: 'an array', object: 'an object', boolean: 'true or false', date: 'a date and time' };
const FORMATS: Record<string, string> = {
  email: 'must be an email address',
  datetime: 'must be an ISO 8601 instant with offset, such as 2026-12-01T09:00:00Z',
  date: 'must be a date YYYY-MM-DD',
};
const UNITS: Record<string, string> = { string: ' characters', array: ' items' };

const fieldName = (path: PropertyKey[]) =>
  path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)), '');

const valueAt = (input: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), input);

function inWords(issue: z.core.$ZodIssue, value: unknown): { rule: Rule; message: string; key?: string } {
  switch (issue.code) {
    case 'unrecognized_keys':
      return { rule: 'unknown', message: 'is not a field of this request', key: issue.keys[0] };
    case 'invalid_type':
      return value === undefined
        ? { rule: 'required', message: 'is required' }
        : value === null
          ? { rule: 'type', message: 'must not be null' }
          : { rule: 'type', message: `must be ${TYPE_NAMES[issue.expected] ?? `a ${issue.expected}`}` };
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? { rule: 'required', message: 'must not be empty' }
        : { rule: 'min', message: `must be at least ${issue.minimum}${UNITS[issue.origin] ?? ''}` };
    case 'too_big':
      return { rule: 'max', message: `must be at most ${issue.maximum}${UNITS[issue.origin] ?? ''}` };
    case 'invalid_value': {
      // A value of another JSON type than the allowed ones is a wrong type, not a wrong choice.
      const sameType = issue.values.some((allowed) => typeof allowed === typeof value);
      return sameType
        ? { rule: 'enum', message: `must be one of ${issue.values.map(String).join(', ')}` }
        : { rule: 'type', message: `must be a ${typeof issue.values[0]}` };
    }
    case 'invalid_format':
      return { rule: 'format', message: FORMATS[issue.format] ?? issue.message };
    case 'not_multiple_of':
      return { rule: 'format', message: issue.divisor === 0.01 ? 'must have at most 2 decimals' : `must be a multiple of ${issue.divisor}` };
    default:
      return { rule: 'format', message: issue.message };
  }
}

/** The Invalid of a broken rule: the field by its path in `input` (`dates[0].capacity`), under `prefix` when given. */
export function invalidOf(issue: z.core.$ZodIssue, input: unknown, prefix: PropertyKey[] = []): Invalid {
  const { rule, message, key } = inWords(issue, valueAt(input, issue.path));
  const field = fieldName([...prefix, ...issue.path, ...(key === undefined ? [] : [key])]);
  return new Invalid(field || 'input', rule, message);
}

/** `value` checked against `schema`; an Invalid naming the field at fault (`field` and the path inside it) when it breaks a rule. */
export function checked<T>(schema: z.ZodType<T>, value: unknown, field?: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidOf(result.error.issues[0]!, value, field === undefined ? [] : [field]);
}

/**
 * `input` without the `optional` fields that are null. A field the schema marks optional may be sent as null
 * (GraphQL lets a client send null for any of them): where null cannot clear the field, it means "not
 * given", and the field takes its default or stays as it is.
 */
export function nullIsNotGiven<T extends object>(input: T, optional: readonly (keyof T)[]): T {
  const given = { ...input };
  for (const field of optional) if (given[field] === null) delete given[field];
  return given;
}

/**
 * The given fields of `input` checked against their rules and trimmed; fields left undefined are not
 * changes. A field without a rule is unknown; null is refused except for the `nullable` fields, which
 * it clears.
 */
export function checkFields(input: Record<string, unknown>, rules: Fields, nullable: readonly string[] = []): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const rule = rules[field];
    if (!rule) throw new Invalid(field, 'unknown', 'is not a field that can be changed');
    if (value === null && !nullable.includes(field)) throw new Invalid(field, 'type', 'must not be null');
    changes[field] = value === null ? null : checked(rule, value, field);
  }
  return changes;
}

/** A list and each of its records checked: `dates[2].capacity` names the field at fault. */
export function checkEach(list: readonly object[] | null | undefined, field: string, record: z.ZodType, listRule?: z.ZodType): void {
  if (!list) return;
  if (listRule) checked(listRule, list, field);
  list.forEach((item, i) => checked(record, item, `${field}[${i}]`));
}
