/**
 * Bulk import of a bundle (docs/import.md) into one company, in one transaction: a bundle
 * with any problem imports nothing, and each problem names its place (`customers[3].email: required`).
 *
 * Speed (50,000 records/s and more) comes from three things:
 * - Every row goes in with COPY, table by table, while the next rows are validated and encoded: the
 *   database works on one table while this process prepares the next, or the rest of the same one.
 *   Rows go in id order where they can (cheap appends to the primary keys). The hot path of
 *   validation, transactions and their bookings, has a quick check beside the schema.
 * - Every reference is checked here, against the bundle or the company's existing records, which the
 *   check locks FOR KEY SHARE as PostgreSQL's own foreign-key check would. So when the role may set
 *   `session_replication_role`, the import turns off the per-row foreign-key triggers for its own
 *   transaction, as pg_restore --disable-triggers does; otherwise they run as usual.
 * - What only the database can judge (ids that already exist, capacity, credits, overlapping
 *   appointments, voucher codes, places and waiting customers that a waitlist already has) is left to its
 *   keys and constraints, and a refusal comes back as an ImportError naming the record.
 *
 * Counts are reported per RECORD_KINDS: the bundle's collections plus eventDates, pricingOptions,
 * bookings, serviceOptions, weeklyWindows, dateOverrides and subscriptionCharges.
 */
import { finished } from 'node:stream/promises';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import {
  appointmentSchema, bundleSchema, customerSchema, eventSchema, facilitatorSchema, mandateSchema, mediaSchema, passPurchaseSchema,
  isPlainTransaction, passSchema, RECORD_KINDS, serviceSchema, subscriptionPlanSchema, transactionSchema, videoPurchaseSchema, voucherSchema,
  waitlistEntrySchema, type RecordCounts, type RecordKind,
} from './bundle.ts';
import { bundleIds, withNewIds } from './bundle-ids.ts';
import { PLAN_DEFAULTS } from '../db/entities/subscriptions.ts';
import { addToCounters, idsTakenElsewhere, ImportConnection, type RecordTable } from '../db/bundle-import.ts';
import type { SqlRunner } from '../db/reads.ts';
import { kindOfDates } from '../domain/events.ts';
import { newId, type IdKind } from '../domain/ids.ts';
import { instantToLocal, wallClockMs, wallClockToInstantMs } from '../domain/time.ts';

const MAX_PROBLEMS = 20;
const ROWS_PER_CHUNK = 4_000;
/** Records validated between two turns of the event loop, which let the COPY stream go on writing. */
const RECORDS_PER_TURN = 2_000;

export class ImportError extends Error {
  readonly problems: string[];
  /** The database already holds one of the bundle's ids (in this company or another). */
  readonly idTaken: boolean;
  constructor(problems: string[], { idTaken = false } = {}) {
    super(problems.join('\n'));
    this.name = 'ImportError';
    this.problems = problems;
    this.idTaken = idTaken;
  }
}

export interface ImportOptions {
  /** Called as rows are written: rows written so far, rows to write in all. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Give every record a new id of the same prefix, references following (`admin import --new-ids`).
   * Without it, new ids are given only when an id of the bundle is taken by another company.
   */
  newIds?: boolean;
  /**
   * Runs in the import's transaction once every record is written and checked, just before the commit: the
   * command line records the import there (its cache versions and audit entry), so the studio and its record
   * commit together or not at all.
   */
  beforeCommit?: (runner: SqlRunner, counts: RecordCounts) => Promise<void>;
}

export interface Imported {
  counts: RecordCounts;
  /** Whether the records were given new ids. */
  newIds: boolean;
}

/**
 * Imports the bundle into the company, with its own ids unless `newIds` is asked for or one of them is
 * taken by another company (ids are unique across the database): then with new ids, and nothing in any
 * message says which id was taken or where.
 */
export async function importBundle(orm: MikroORM, companyId: string, input: unknown, options: ImportOptions = {}): Promise<Imported> {
  if (options.newIds) return importWithNewIds(orm, companyId, input, options);
  try {
    return { counts: await importOnce(orm, companyId, input, options, true), newIds: false };
  } catch (error) {
    if (!(error instanceof ImportError && error.idTaken && (await takenElsewhere(orm, companyId, input)))) throw error;
    return importWithNewIds(orm, companyId, input, options);
  }
}

/** The import with new ids; its problems name the records by the ids the bundle gave them. */
async function importWithNewIds(orm: MikroORM, companyId: string, input: unknown, options: ImportOptions): Promise<Imported> {
  const { bundle, given } = withNewIds(input);
  try {
    return { counts: await importOnce(orm, companyId, bundle, options, false), newIds: true };
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    throw new ImportError(error.problems.map((problem) => problem.replace(/[a-z]+[_-][0-9a-z]{26}\b/g, given)));
  }
}

/** Whether another company holds one of the ids the bundle gives. */
async function takenElsewhere(orm: MikroORM, companyId: string, input: unknown): Promise<boolean> {
  return idsTakenElsewhere(orm, companyId, bundleIds(input));
}

async function importOnce(orm: MikroORM, companyId: string, input: unknown, options: ImportOptions, ownIds: boolean): Promise<RecordCounts> {
  const problems = new Problems();
  const bundle = envelope(input, problems);
  const connection = await ImportConnection.open(orm);
  let writer: Writer | undefined;
  try {
    const company = await connection.company(companyId);
    if (!company) throw new ImportError([`company: no company ${companyId}`]);
    if (ownIds && !(await connection.claimIds(companyId, bundleIds(input)))) {
      throw new ImportError(['bundle: an id of the bundle is taken in this database'], { idTaken: true });
    }
    await connection.skipForeignKeyTriggers();
    const survey = new Survey(bundle, problems);
    writer = new Writer(connection, survey.total, options.onProgress);
    const counts = await build(connection, company, bundle, survey, problems, writer);
    await writer.idle();
    if (problems.any || writer.failure) {
      const refusal = writer.failure ? explain(writer.failure, writer.tables, survey) : undefined;
      // A refusal of the database that a problem already names (a duplicate email of the bundle) is said once.
      const listed = problems.list;
      const said = refusal !== undefined && listed.some((problem) => problem.split(':')[0] === refusal.split(':')[0]);
      throw new ImportError([...listed, ...(refusal !== undefined && !said ? [refusal] : [])], { idTaken: isIdTaken(writer.failure) });
    }
    await options.beforeCommit?.(connection.runner(), counts);
    await connection.commit();
    // The imported tables are analysed now: read before autovacuum does, they would be planned blind (a sort
    // of every customer on disk).
    await connection.analyze([...new Set(writer.tables.map((t) => t.name))]);
    return counts;
  } catch (error) {
    // A COPY under way ends with the rows it has before the connection can roll back.
    await writer?.abandon();
    await connection.rollback();
    throw error;
  } finally {
    await connection.end();
  }
}

// ---------------------------------------------------------------- problems, in the bundle's words

class Problems {
  readonly #list: string[] = [];
  #more = 0;
  add(place: string, rule: string): void {
    if (this.#list.length < MAX_PROBLEMS) this.#list.push(`${place}: ${rule}`);
    else this.#more++;
  }
  get any(): boolean {
    return this.#list.length > 0;
  }
  get list(): string[] {
    return this.#more ? [...this.#list, `... and ${this.#more} more problems`] : [...this.#list];
  }
}

function placeOf(path: readonly PropertyKey[]): string {
  let place = '';
  for (const key of path) place += typeof key === 'number' ? `[${key}]` : place ? `.${String(key)}` : String(key);
  return place || 'bundle';
}

/** Rules in the words of the import format, for the issues whose schema gives no message of its own. */
function rule(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required';
      return `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
    case 'invalid_value':
      if (issue.input === undefined) return 'required';
      return `must be ${issue.values.map(String).join(' or ')}`;
    case 'invalid_union':
      return issue.discriminator && 'options' in issue ? `must be ${(issue.options as unknown[]).map(String).join(' or ')}` : undefined;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    case 'too_small':
      return `must be >= ${issue.minimum}`;
    case 'too_big':
      return `must be <= ${issue.maximum}`;
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------- the document, before its records

const COLLECTIONS = Object.keys(bundleSchema.shape).filter((key) => key !== 'format') as Collection[];
type Collection = Exclude<keyof typeof bundleSchema.shape, 'format'>;
/** The bundle with each collection present (possibly empty) and its records not yet checked. */
type Raw = Record<Collection, unknown[]>;

const envelopeSchema = z.strictObject({
  format: z.literal(1),
  ...Object.fromEntries(COLLECTIONS.map((name) => [name, z.array(z.unknown()).optional()])),
});

function envelope(input: unknown, problems: Problems): Raw {
  const parsed = envelopeSchema.safeParse(input, { error: rule });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.add(placeOf(issue.path), issue.message);
    throw new ImportError(problems.list);
  }
  const data = parsed.data as Record<string, unknown>;
  return Object.fromEntries(COLLECTIONS.map((name) => [name, (data[name] as unknown[] | undefined) ?? []])) as Raw;
}

type Loose = Record<string, unknown>;
const object = (value: unknown): Loose => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

// ---------------------------------------------------------------- ids, references and counters, from the raw records

type ReferenceKind = 'customer' | 'eventDate' | 'pricingOption' | 'booking' | 'facilitator' | 'service' | 'pass' | 'passPurchase' | 'media' | 'plan';

/** A record's place as one number: its index in its collection, and in the list it is nested in. */
const NESTED = 2 ** 24;
const placeCode = (outer: number, inner = -1) => outer * NESTED + inner + 1;

/** Ids of one kind given in the bundle, with the place that gives each. */
class Registry {
  readonly #places = new Map<string, number>();
  readonly #kind: IdKind;
  readonly #name: string;
  readonly #field?: string;
  readonly #problems: Problems;
  readonly #sharesPrefixWith?: Registry;
  constructor(kind: IdKind, problems: Problems, name: string, field?: string, sharesPrefixWith?: Registry) {
    this.#kind = kind;
    this.#problems = problems;
    this.#name = name;
    this.#field = field;
    this.#sharesPrefixWith = sharesPrefixWith;
  }
  /** The record's id, generated when the bundle gives none; a duplicate is a problem. */
  claim(given: unknown, place: number): string {
    if (typeof given !== 'string') return newId(this.#kind);
    const first = this.placeOf(given) ?? this.#sharesPrefixWith?.placeOf(given);
    if (first) this.#problems.add(`${this.#render(place)}.id`, `duplicate id ${given} (first at ${first})`);
    else this.#places.set(given, place);
    return given;
  }
  has(id: string): boolean {
    return this.#places.has(id);
  }
  placeOf(id: string): string | undefined {
    const place = this.#places.get(id);
    return place === undefined ? undefined : this.#render(place);
  }
  #render(place: number): string {
    const outer = Math.floor(place / NESTED);
    const inner = (place % NESTED) - 1;
    return inner < 0 ? `${this.#name}[${outer}]` : `${this.#name}[${outer}].${this.#field}[${inner}]`;
  }
}

/** A counter the database keeps per row: spaces booked per event date, credits consumed per pass purchase. */
class Tally {
  readonly amounts = new Map<string, number>();
  /** The first place adding to each row, to name when the database refuses the sum. */
  readonly firstPlaces = new Map<string, string>();
  add(id: string | undefined, amount: unknown, place: () => string): void {
    if (id === undefined || typeof amount !== 'number') return;
    const sum = this.amounts.get(id);
    this.amounts.set(id, (sum ?? 0) + amount);
    if (sum === undefined) this.firstPlaces.set(id, place());
  }
}

const claim = (reg: Registry, records: unknown[]) => records.map((r, i) => reg.claim(object(r).id, placeCode(i)));
const nested = (reg: Registry, records: unknown[], field: string) =>
  records.map((r, i) => list(object(r)[field]).map((n, j) => reg.claim(object(n).id, placeCode(i, j))));

type Ids = Record<Exclude<Collection, 'customers'>, string[]> & Record<'dates' | 'pricingOptions' | 'bookings' | 'charges', string[][]>;

/**
 * A pass over the raw records before they are checked in detail: every record's id (given, or
 * generated), duplicates, the references that point outside the bundle, the counters and the number
 * of rows to write. Customers come first, so that they can go to the database while the rest is surveyed.
 */
class Survey {
  readonly customerIds: string[];
  ids!: Ids;
  /** The event of each event date and pricing option of the bundle. */
  readonly eventOfDate = new Map<string, string>();
  readonly eventOfOption = new Map<string, string>();
  /** Per kind, the references to records that are not in the bundle. */
  readonly references: Record<ReferenceKind, Set<string>> = {
    customer: new Set(), eventDate: new Set(), pricingOption: new Set(), booking: new Set(), facilitator: new Set(), service: new Set(),
    pass: new Set(), passPurchase: new Set(), media: new Set(), plan: new Set(),
  };
  /** The bookings that waitlist entries name as their promotion's, wherever they are. */
  readonly promotedBookings = new Set<string>();
  /** Per event date, the highest place its waitlist entries give: entries without one go after it. */
  readonly lastPlaces = new Map<string, number>();
  readonly spacesBooked = new Tally();
  readonly creditsConsumed = new Tally();
  readonly total: number;
  readonly #registry;

  constructor(raw: Raw, problems: Problems) {
    const media = new Registry('media', problems, 'media');
    const registry = {
      customer: new Registry('customer', problems, 'customers'),
      event: new Registry('event', problems, 'events'),
      eventDate: new Registry('eventDate', problems, 'events', 'dates'),
      pricingOption: new Registry('pricingOption', problems, 'events', 'pricingOptions'),
      transaction: new Registry('transaction', problems, 'transactions'),
      booking: new Registry('booking', problems, 'transactions', 'bookings'),
      waitlistEntry: new Registry('waitlistEntry', problems, 'waitlistEntries'),
      facilitator: new Registry('facilitator', problems, 'facilitators'),
      service: new Registry('service', problems, 'services'),
      appointment: new Registry('appointment', problems, 'appointments'),
      pass: new Registry('pass', problems, 'passes'),
      passPurchase: new Registry('passPurchase', problems, 'passPurchases'),
      media,
      // Media and video purchases share the media_ prefix, so one id may not name both.
      videoPurchase: new Registry('media', problems, 'videoPurchases', undefined, media),
      plan: new Registry('plan', problems, 'subscriptionPlans'),
      mandate: new Registry('mandate', problems, 'mandates'),
      charge: new Registry('charge', problems, 'mandates', 'charges'),
      voucher: new Registry('voucher', problems, 'vouchers'),
    };
    this.#registry = registry;
    this.customerIds = claim(registry.customer, raw.customers);
    const nestedCount = (records: unknown[], ...fields: string[]) =>
      records.reduce<number>((sum, r) => sum + fields.reduce((n, f) => n + list(object(r)[f]).length, 0), 0);
    this.total = COLLECTIONS.reduce((sum, name) => sum + raw[name].length, 0) + nestedCount(raw.transactions, 'bookings') +
      nestedCount(raw.events, 'dates', 'pricingOptions') + nestedCount(raw.facilitators, 'weeklyWindows', 'dateOverrides') +
      nestedCount(raw.services, 'options') + nestedCount(raw.mandates, 'charges');
  }

  /** The survey of every collection but customers. */
  scan(raw: Raw): void {
    const registry = this.#registry;
    this.ids = {
      events: claim(registry.event, raw.events),
      dates: nested(registry.eventDate, raw.events, 'dates'),
      pricingOptions: nested(registry.pricingOption, raw.events, 'pricingOptions'),
      transactions: claim(registry.transaction, raw.transactions),
      bookings: nested(registry.booking, raw.transactions, 'bookings'),
      waitlistEntries: claim(registry.waitlistEntry, raw.waitlistEntries),
      facilitators: claim(registry.facilitator, raw.facilitators),
      services: claim(registry.service, raw.services),
      appointments: claim(registry.appointment, raw.appointments),
      passes: claim(registry.pass, raw.passes),
      passPurchases: claim(registry.passPurchase, raw.passPurchases),
      media: claim(registry.media, raw.media),
      videoPurchases: claim(registry.videoPurchase, raw.videoPurchases),
      subscriptionPlans: claim(registry.plan, raw.subscriptionPlans),
      mandates: claim(registry.mandate, raw.mandates),
      charges: nested(registry.charge, raw.mandates, 'charges'),
      vouchers: claim(registry.voucher, raw.vouchers),
    };
    this.ids.events.forEach((event, i) => {
      for (const date of this.ids.dates[i]!) this.eventOfDate.set(date, event);
      for (const option of this.ids.pricingOptions[i]!) this.eventOfOption.set(option, event);
    });

    const references = this.references;
    const inBundle: Record<ReferenceKind, Registry> = registry;
    const refer = (kind: ReferenceKind, value: unknown) => {
      if (typeof value === 'string' && !inBundle[kind].has(value)) references[kind].add(value);
    };
    /** A live PASS payment draws its credits on the pass purchase it names. */
    const drawCredits = (payment: unknown, live: boolean, place: () => string) => {
      const p = object(payment);
      if (p.method !== 'PASS') return;
      refer('passPurchase', p.packageId);
      if (live) this.creditsConsumed.add(text(p.packageId), p.creditsUsed, place);
    };
    raw.transactions.forEach((t, i) => {
      refer('customer', object(t).customerId);
      list(object(t).bookings).forEach((b, j) => {
        const booking = object(b);
        const place = () => `transactions[${i}].bookings[${j}]`;
        refer('eventDate', booking.eventDateId);
        refer('pricingOption', booking.pricingOptionId);
        refer('customer', booking.boughtForId);
        if (booking.isCancelled !== true) this.spacesBooked.add(text(booking.eventDateId), booking.spaces ?? 1, place);
        drawCredits(booking.payment, booking.isCancelled !== true, place);
      });
    });
    for (const w of raw.waitlistEntries) {
      const entry = object(w);
      refer('customer', entry.customerId);
      refer('eventDate', entry.eventDateId);
      refer('pricingOption', entry.pricingOptionId);
      refer('passPurchase', entry.packageId);
      refer('booking', entry.bookingId);
      if (typeof entry.bookingId === 'string') this.promotedBookings.add(entry.bookingId);
      const date = text(entry.eventDateId);
      if (date !== undefined && Number.isSafeInteger(entry.place) && (entry.place as number) > (this.lastPlaces.get(date) ?? 0)) {
        this.lastPlaces.set(date, entry.place as number);
      }
    }
    raw.appointments.forEach((a, i) => {
      const appointment = object(a);
      refer('customer', appointment.customerId);
      refer('service', appointment.serviceId);
      refer('facilitator', appointment.facilitatorId);
      drawCredits(appointment.payment, appointment.status !== 'CANCELLED', () => `appointments[${i}]`);
    });
    raw.videoPurchases.forEach((v, i) => {
      const purchase = object(v);
      refer('customer', purchase.customerId);
      refer('media', purchase.mediaId);
      drawCredits(purchase.payment, purchase.isCancelled !== true, () => `videoPurchases[${i}]`);
    });
    for (const p of raw.passPurchases) {
      refer('customer', object(p).customerId);
      refer('pass', object(p).passId);
    }
    for (const m of raw.mandates) {
      refer('customer', object(m).customerId);
      refer('plan', object(m).planId);
    }
  }
}

// ---------------------------------------------------------------- the company's existing records that the bundle names

interface Company {
  id: string;
  timezone: string;
  currency: string;
}

interface Existing {
  /** Per kind, the references outside the bundle that name records of the company. */
  found: Record<ReferenceKind, { has(id: string): boolean }>;
  eventOfDate: Map<string, string>;
  eventOfOption: Map<string, string>;
  facilitatorZone: Map<string, string>;
  serviceBuffer: Map<string, number>;
  serviceOptions: Map<string, Map<string, OptionFacts>>;
  /** Which of the dates are cancelled (no entry on them waits), and the credits of the pricing options (PASS needs some). */
  cancelledDates: Set<string>;
  optionCredits: Map<string, number>;
  /** The bookings that waitlist entries name as their promotion's. */
  bookings: Map<string, BookingFacts>;
  /** Per date a waitlist entry names, the highest place its line has given. */
  lastPlaces: Map<string, number>;
}

/** What a promoted waitlist entry must agree with in the booking it names. */
interface BookingFacts {
  eventDateId: string;
  attendeeId: string;
}

interface OptionFacts {
  durationMinutes: number;
  deleted: boolean;
}

/** The company's records among the references outside the bundle, locked as a foreign-key check would. */
async function lookUp(connection: ImportConnection, companyId: string, survey: Survey): Promise<Existing> {
  const find = async <R extends { id: string }>(table: RecordTable, ids: Set<string>, columns: Record<string, string> = {}): Promise<R[]> =>
    ids.size ? ((await connection.existing(table, companyId, [...ids], columns)) as unknown as R[]) : [];
  const ids = <R extends { id: string }>(rows: R[]) => new Set(rows.map((r) => r.id));
  const refs = survey.references;
  const services = await find<{ id: string; buffer: number }>('service', refs.service, { buffer: 'buffer_minutes' });
  const serviceOptions = new Map<string, Map<string, OptionFacts>>();
  if (services.length) {
    for (const o of await connection.serviceOptions(services.map((s) => s.id))) {
      if (!serviceOptions.has(o.service)) serviceOptions.set(o.service, new Map());
      serviceOptions.get(o.service)!.set(o.name, o);
    }
  }
  const dates = await find<{ id: string; event: string; cancelledAt: unknown }>('event_date', refs.eventDate, { event: 'event_id', cancelledAt: 'cancelled_at' });
  const eventOfDate = new Map(dates.map((r) => [r.id, r.event]));
  const options = await find<{ id: string; event: string; credits: number }>('pricing_option', refs.pricingOption, { event: 'event_id', credits: 'credits' });
  const eventOfOption = new Map(options.map((r) => [r.id, r.event]));
  const bookings = await find<{ id: string } & BookingFacts>('booking', refs.booking, { eventDateId: 'event_date_id', attendeeId: 'attendee_id' });
  const lastPlaces = survey.ids.waitlistEntries.length && dates.length ? await connection.lastPlaces(companyId, dates.map((d) => d.id)) : [];
  const facilitatorZone = new Map((await find<{ id: string; timezone: string }>('facilitator', refs.facilitator, { timezone: 'timezone' })).map((r) => [r.id, r.timezone]));
  const serviceBuffer = new Map(services.map((s) => [s.id, s.buffer]));
  return {
    found: {
      customer: ids(await find('customer', refs.customer)),
      eventDate: eventOfDate,
      pricingOption: eventOfOption,
      booking: ids(bookings),
      facilitator: facilitatorZone,
      service: serviceBuffer,
      pass: ids(await find('pass_template', refs.pass)),
      passPurchase: ids(await find('pass_purchase', refs.passPurchase)),
      media: ids(await find('media', refs.media)),
      plan: ids(await find('subscription_plan', refs.plan)),
    },
    eventOfDate, eventOfOption, facilitatorZone, serviceBuffer, serviceOptions,
    cancelledDates: new Set(dates.filter((d) => d.cancelledAt !== null).map((d) => d.id)),
    optionCredits: new Map(options.map((o) => [o.id, o.credits])),
    bookings: new Map(bookings.map((b) => [b.id, { eventDateId: b.eventDateId, attendeeId: b.attendeeId }])),
    lastPlaces: new Map(lastPlaces.map((r) => [r.eventDateId, r.place])),
  };
}

// ---------------------------------------------------------------- rows

type Value = string | number | boolean | null;

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format. */
function field(value: Value): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return SPECIAL.test(value) ? value.replace(SPECIALS, (ch) => ESCAPES[ch]!) : value;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

/**
 * The rows of one table as COPY text, kept outside the JavaScript heap, with the bundle place of each
 * row for error messages. A table can go to the database while it is still being filled, its rows in
 * the order they came; a table complete by then goes in id order, which makes the primary key cheap
 * to extend (exports, and the demo data, are in id order already).
 */
class Table {
  readonly name: string;
  readonly kind: RecordKind;
  readonly columns: string[];
  readonly #place: (outer: number, inner: number) => string;
  readonly #byId: boolean;
  readonly #prefix: string;
  #text = Buffer.allocUnsafe(1 << 16);
  #length = 0;
  readonly #starts: number[] = [];
  readonly #keys: string[] = [];
  #inOrder = true;
  readonly #outer: number[] = [];
  readonly #inner: number[] = [];
  /** Row index of each line of the COPY data, when rows were sorted. */
  #order?: number[];
  #complete = false;
  #wake?: () => void;

  constructor(company: string, name: string, kind: RecordKind, columns: string[], place: (outer: number, inner: number) => string) {
    this.name = name;
    this.kind = kind;
    this.columns = ['company_id', ...columns];
    this.#place = place;
    this.#byId = columns[0] === 'id';
    this.#prefix = `${field(company)}\t`;
  }

  get size(): number {
    return this.#starts.length;
  }

  add(outer: number, inner: number, values: Value[]): void {
    let line = this.#prefix + field(values[0]!);
    for (let k = 1; k < values.length; k++) line += '\t' + field(values[k]!);
    line += '\n';
    // UTF-8 takes at most three bytes for each UTF-16 unit.
    if (this.#length + line.length * 3 > this.#text.length) {
      const larger = Buffer.allocUnsafe(Math.max(this.#text.length * 2, this.#length + line.length * 3));
      this.#text.copy(larger, 0, 0, this.#length);
      this.#text = larger;
    }
    this.#starts.push(this.#length);
    this.#length += this.#text.write(line, this.#length);
    if (this.#byId) {
      const key = values[0] as string;
      if (this.#inOrder && this.#keys.length && key < this.#keys[this.#keys.length - 1]!) this.#inOrder = false;
      this.#keys.push(key);
    }
    this.#outer.push(outer);
    this.#inner.push(inner);
    if (this.#wake && this.size % ROWS_PER_CHUNK === 0) this.#wake();
  }

  complete(): void {
    this.#complete = true;
    this.#wake?.();
  }

  #end(row: number): number {
    return row + 1 < this.#starts.length ? this.#starts[row + 1]! : this.#length;
  }

  /** The COPY data in chunks of whole rows, with the number of rows in each, as they become available. */
  async *chunks(): AsyncGenerator<[Buffer, number]> {
    if (this.#complete && this.#byId && !this.#inOrder) {
      yield* this.#sorted();
      return;
    }
    let sent = 0;
    for (;;) {
      const available = this.size - sent;
      if (available >= ROWS_PER_CHUNK || (this.#complete && available > 0)) {
        const rows = Math.min(available, ROWS_PER_CHUNK);
        yield [this.#text.subarray(this.#starts[sent], this.#end(sent + rows - 1)), rows];
        sent += rows;
      } else if (this.#complete) {
        return;
      } else {
        await new Promise<void>((resolve) => (this.#wake = resolve));
        this.#wake = undefined;
      }
    }
  }

  *#sorted(): Generator<[Buffer, number]> {
    const keys = this.#keys;
    const order = Array.from(keys.keys()).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
    this.#order = order;
    for (let first = 0; first < order.length; first += ROWS_PER_CHUNK) {
      const last = Math.min(first + ROWS_PER_CHUNK, order.length);
      let bytes = 0;
      for (let k = first; k < last; k++) bytes += this.#end(order[k]!) - this.#starts[order[k]!]!;
      const chunk = Buffer.allocUnsafe(bytes);
      let at = 0;
      for (let k = first; k < last; k++) at += this.#text.copy(chunk, at, this.#starts[order[k]!], this.#end(order[k]!));
      yield [chunk, last - first];
    }
  }

  #row(index: number) {
    const values = this.#text.toString('utf8', this.#starts[index], this.#end(index) - 1).split('\t');
    return { place: this.#place(this.#outer[index]!, this.#inner[index]!), value: (column: string) => values[this.columns.indexOf(column)] };
  }

  /** The place in the bundle of the row on a line of the COPY data, and the values of its columns. */
  row(line: number): { place: string; value(column: string): string | undefined } | undefined {
    const index = this.#order ? this.#order[line - 1] : line - 1;
    return index !== undefined && index < this.size ? this.#row(index) : undefined;
  }

  /** The places of the rows whose column holds a value. */
  placesWith(column: string, value: string): string[] {
    const places: string[] = [];
    for (let index = 0; index < this.size; index++) {
      const row = this.#row(index);
      if (row.value(column) === value) places.push(row.place);
    }
    return places;
  }
}

// ---------------------------------------------------------------- writing

/** COPYs tables one after another on the import's connection, while the caller prepares the next ones. */
class Writer {
  readonly tables: Table[] = [];
  failure?: unknown;
  #abandoned = false;
  #queue: Promise<void> = Promise.resolve();
  #done = 0;
  readonly #connection: ImportConnection;
  readonly #total: number;
  readonly #onProgress?: (done: number, total: number) => void;

  constructor(connection: ImportConnection, total: number, onProgress?: (done: number, total: number) => void) {
    this.#connection = connection;
    this.#total = total;
    this.#onProgress = onProgress;
    onProgress?.(0, total);
  }

  /** Queues tables for COPY; each goes when the ones before it are in, even if it is still being filled. */
  copy(...tables: Table[]): void {
    for (const table of tables) {
      this.tables.push(table);
      this.#then(() => this.#copy(table));
    }
  }

  /** Runs a statement on the connection after the queued COPYs. */
  query(statement: { sql: string; parameters: readonly unknown[] }): void {
    this.#then(async () => {
      await this.#connection.client.query(statement.sql, statement.parameters as unknown[]);
    });
  }

  /** Runs a step on the connection after the queued COPYs; undefined when one of them has failed. */
  async after<T>(step: () => Promise<T>): Promise<T | undefined> {
    let result: T | undefined;
    this.#then(async () => {
      result = await step();
    });
    await this.#queue;
    return this.failure ? undefined : result;
  }

  async idle(): Promise<void> {
    await this.#queue;
  }

  /** Skips what is queued; the table being written ends with the rows it has. */
  async abandon(): Promise<void> {
    this.#abandoned = true;
    for (const table of this.tables) table.complete();
    await this.#queue;
  }

  #then(step: () => Promise<void>): void {
    this.#queue = this.#queue.then(async () => {
      if (this.failure || this.#abandoned) return;
      try {
        await step();
      } catch (error) {
        this.failure = error;
      }
    });
  }

  async #copy(table: Table): Promise<void> {
    const chunks = table.chunks();
    const first = await chunks.next();
    if (first.done) return;
    const stream = this.#connection.copyInto(table.name, table.columns);
    let refused = false;
    const done = finished(stream);
    done.catch(() => (refused = true));
    try {
      // One chunk at a time: pg-copy-streams must not be handed data once the server has refused the COPY.
      for (let next: IteratorResult<[Buffer, number]> = first; !next.done && !refused; next = await chunks.next()) {
        const [chunk, rows] = next.value;
        const written = new Promise<void>((resolve) => stream.write(chunk, () => resolve()));
        await Promise.race([written, done]);
        this.#done += rows;
        this.#onProgress?.(this.#done, this.#total);
      }
    } catch (error) {
      // The COPY must end before the connection takes another command; CopyFail ends it.
      if (!refused) stream.destroy(error as Error);
      await done.catch(() => {});
      throw error;
    }
    if (!refused) stream.end();
    await done;
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Each record of a collection that passes its schema, in turns that leave the event loop to the writer.
 * A record that a quick check recognises as valid skips the schema, which words the problems of the rest.
 */
async function eachValid<T>(
  name: Collection,
  records: unknown[],
  schema: z.ZodType<T>,
  problems: Problems,
  use: (record: T, index: number) => void,
  isPlain?: (record: unknown) => record is T,
) {
  for (let i = 0; i < records.length; i++) {
    if (isPlain?.(records[i])) {
      use(records[i] as T, i);
      if (i % RECORDS_PER_TURN === RECORDS_PER_TURN - 1) await turn();
      continue;
    }
    const parsed = schema.safeParse(records[i], { error: rule });
    if (parsed.success) use(parsed.data, i);
    else for (const issue of parsed.error.issues) problems.add(placeOf([name, i, ...issue.path]), issue.message);
    if (i % RECORDS_PER_TURN === RECORDS_PER_TURN - 1) await turn();
  }
}

// ---------------------------------------------------------------- the records, table by table

async function build(connection: ImportConnection, company: Company, raw: Raw, survey: Survey, problems: Problems, writer: Writer): Promise<RecordCounts> {
  const now = new Date().toISOString();
  const c = company.id;
  const counts = Object.fromEntries(RECORD_KINDS.map((kind) => [kind, 0])) as RecordCounts;
  const table = (name: string, kind: RecordKind, columns: string[], place: (i: number, j: number) => string) =>
    new Table(c, name, kind, columns, place);
  const queued = new Set<Table>();
  /** Tables go to the database while nothing is wrong, even before all their rows are in; after the first problem only checking goes on. */
  const open = (...tables: Table[]) => {
    for (const t of tables) {
      if (problems.any || writer.failure || queued.has(t)) continue;
      queued.add(t);
      writer.copy(t);
    }
  };
  /** A table with all its rows. */
  const ready = (...tables: Table[]) => {
    for (const t of tables) {
      t.complete();
      counts[t.kind] = t.size;
    }
    open(...tables);
  };
  const instant = (local: string, timeZone: string) => new Date(wallClockToInstantMs(wallClockMs(local), timeZone)).toISOString();
  type Payment = { method: 'CARD'; currency?: string | undefined } | { method: 'PASS'; packageId?: string | null | undefined };
  const currencyOf = (payment: Payment) => (payment.method === 'CARD' ? (payment.currency ?? company.currency) : 'CR');

  const customers = table('customer', 'customers', ['id', 'firstname', 'lastname', 'email', 'mobile', 'archived', 'deleted_at', 'created_at', 'updated_at'],
    (i) => `customers[${i}]`);
  open(customers);
  // One live customer per email (docs/import.md): a second one of the bundle is reported, not imported.
  const emails = new Map<string, number>();
  await eachValid('customers', raw.customers, customerSchema, problems, (r, i) => {
    if (!r.deleted) {
      const email = r.email.toLowerCase();
      const first = emails.get(email);
      if (first !== undefined) problems.add(`customers[${i}].email`, `${r.email} is already the email of customers[${first}] (one customer per email)`);
      else emails.set(email, i);
    }
    customers.add(i, -1, [survey.customerIds[i]!, r.firstname, r.lastname, r.email, r.mobile ?? null, r.archived ?? false, r.deleted ? now : null, r.createdAt ?? now, now]);
  });
  ready(customers);

  // While the customers go in: the survey of the rest, and the company's records the bundle points at.
  survey.scan(raw);
  const { ids } = survey;
  const existing = await writer.after(() => lookUp(connection, company.id, survey));
  if (!existing) return counts;
  /** A reference names a record of the bundle (the survey found it there) or one of the company's. */
  const known = (kind: ReferenceKind, id: string, place: string): boolean => {
    if (!survey.references[kind].has(id) || existing.found[kind].has(id)) return true;
    problems.add(place, `unknown reference ${id}`);
    return false;
  };
  const packageOf = (payment: Payment, place: string): string | null =>
    payment.method === 'PASS' && payment.packageId && known('passPurchase', payment.packageId, `${place}.payment.packageId`)
      ? payment.packageId
      : null;

  const eventOfDate = new Map([...survey.eventOfDate, ...existing.eventOfDate]);
  const eventOfOption = new Map([...survey.eventOfOption, ...existing.eventOfOption]);
  const transactions = table('event_transaction', 'transactions', ['id', 'customer_id', 'purchased_at', 'created_at'], (i) => `transactions[${i}]`);
  const bookings = table('booking', 'bookings', [
    'id', 'transaction_id', 'event_date_id', 'pricing_option_id', 'spaces', 'bought_for_id', 'attendee_id', 'is_cancelled', 'is_refunded',
    'attended', 'payment_method', 'currency', 'base100_gross_price', 'base100_net_price', 'credits_used', 'pass_purchase_id',
  ], (i, j) => `transactions[${i}].bookings[${j}]`);
  open(transactions);
  /** The date and attendee of each booking a waitlist entry names, which the entry must agree with. */
  const namedBookings = new Map(existing.bookings);
  const named = survey.promotedBookings;
  await eachValid('transactions', raw.transactions, transactionSchema, problems, (t, i) => {
    const place = `transactions[${i}]`;
    const transactionId = ids.transactions[i]!;
    known('customer', t.customerId, `${place}.customerId`);
    const purchasedAt = instant(t.purchaseDate, company.timezone);
    transactions.add(i, -1, [transactionId, t.customerId, purchasedAt, purchasedAt]);
    (t.bookings ?? []).forEach((b, j) => {
      const at = `${place}.bookings[${j}]`;
      const hasDate = known('eventDate', b.eventDateId, `${at}.eventDateId`);
      const hasOption = known('pricingOption', b.pricingOptionId, `${at}.pricingOptionId`);
      if (hasDate && hasOption && eventOfDate.get(b.eventDateId) !== eventOfOption.get(b.pricingOptionId)) {
        problems.add(`${at}.pricingOptionId`, `${b.pricingOptionId} is not a pricing option of the event of ${b.eventDateId}`);
      }
      if (b.boughtForId) known('customer', b.boughtForId, `${at}.boughtForId`);
      const bookingId = ids.bookings[i]![j]!;
      if (named.size && named.has(bookingId)) namedBookings.set(bookingId, { eventDateId: b.eventDateId, attendeeId: b.boughtForId ?? t.customerId });
      const p = b.payment;
      bookings.add(i, j, [
        bookingId, transactionId, b.eventDateId, b.pricingOptionId, b.spaces ?? 1, b.boughtForId ?? null, b.boughtForId ?? t.customerId,
        b.isCancelled ?? false, b.isRefunded ?? false, b.attended ?? null, p.method, currencyOf(p),
        p.method === 'CARD' ? p.base100GrossPrice : null,
        p.method === 'CARD' ? p.base100NetPrice : null,
        p.method === 'PASS' ? p.creditsUsed : null,
        packageOf(p, at),
      ]);
    });
  }, isPlainTransaction);
  ready(transactions);

  const events = table('event', 'events', ['id', 'name', 'description', 'kind', 'timezone', 'created_at', 'updated_at'], (i) => `events[${i}]`);
  const dates = table('event_date', 'eventDates', ['id', 'event_id', 'starts_at', 'duration', 'capacity', 'spaces_booked', 'cancelled_at'],
    (i, j) => `events[${i}].dates[${j}]`);
  const cancelledDates = new Set(existing.cancelledDates);
  const optionCredits = new Map(existing.optionCredits);
  const pricing = table('pricing_option', 'pricingOptions', ['id', 'event_id', 'name', 'base100_price', 'credits'], (i, j) => `events[${i}].pricingOptions[${j}]`);
  await eachValid('events', raw.events, eventSchema, problems, (e, i) => {
    const eventId = ids.events[i]!;
    const timeZone = e.timezone ?? company.timezone;
    events.add(i, -1, [eventId, e.name, e.description ?? '', e.kind ?? kindOfDates(e.dates?.length ?? 0), timeZone, now, now]);
    (e.dates ?? []).forEach((d, j) => {
      const id = ids.dates[i]![j]!;
      const spacesBooked = survey.spacesBooked.amounts.get(id) ?? 0;
      if (d.cancelledAt) {
        cancelledDates.add(id);
        if (spacesBooked) problems.add(`events[${i}].dates[${j}].cancelledAt`, `a cancelled date holds no live bookings, and ${survey.spacesBooked.firstPlaces.get(id)} is live`);
      }
      dates.add(i, j, [id, eventId, instant(d.datetime, timeZone), d.duration, d.capacity, spacesBooked, d.cancelledAt ?? null]);
    });
    (e.pricingOptions ?? []).forEach((o, j) => {
      const id = ids.pricingOptions[i]![j]!;
      optionCredits.set(id, o.credits);
      pricing.add(i, j, [id, eventId, o.name, o.base100Price, o.credits]);
    });
  });
  ready(events, dates, pricing);

  const facilitatorZone = new Map(existing.facilitatorZone);
  const facilitators = table('facilitator', 'facilitators', ['id', 'name', 'timezone'], (i) => `facilitators[${i}]`);
  const windows = table('facilitator_window', 'weeklyWindows', ['facilitator_id', 'weekday', 'start_time', 'end_time'], (i, j) => `facilitators[${i}].weeklyWindows[${j}]`);
  const overrides = table('facilitator_date_override', 'dateOverrides', ['facilitator_id', 'date', 'windows'], (i, j) => `facilitators[${i}].dateOverrides[${j}]`);
  await eachValid('facilitators', raw.facilitators, facilitatorSchema, problems, (f, i) => {
    const id = ids.facilitators[i]!;
    const timeZone = f.timezone ?? company.timezone;
    facilitatorZone.set(id, timeZone);
    facilitators.add(i, -1, [id, f.name, timeZone]);
    (f.weeklyWindows ?? []).forEach((w, j) => {
      if (w.end <= w.start) problems.add(`facilitators[${i}].weeklyWindows[${j}].end`, 'must be after start');
      windows.add(i, j, [id, w.weekday, w.start, w.end]);
    });
    const overridden = new Set<string>();
    (f.dateOverrides ?? []).forEach((o, j) => {
      const place = `facilitators[${i}].dateOverrides[${j}]`;
      if (overridden.has(o.date)) problems.add(`${place}.date`, `${o.date} is overridden twice`);
      overridden.add(o.date);
      o.windows.forEach((w, k) => {
        if (w.end <= w.start) problems.add(`${place}.windows[${k}].end`, 'must be after start');
      });
      overrides.add(i, j, [id, o.date, JSON.stringify(o.windows.map((w) => ({ start: w.start, end: w.end })))]);
    });
  });
  ready(facilitators, windows, overrides);

  const serviceBuffer = new Map(existing.serviceBuffer);
  const serviceOptions = new Map(existing.serviceOptions);
  const services = table('service', 'services', ['id', 'name', 'description', 'buffer_minutes', 'active', 'deleted_at'], (i) => `services[${i}]`);
  const options = table('service_option', 'serviceOptions', ['service_id', 'name', 'duration_minutes', 'base100_price', 'credits', 'active', 'deleted_at'],
    (i, j) => `services[${i}].options[${j}]`);
  await eachValid('services', raw.services, serviceSchema, problems, (s, i) => {
    const id = ids.services[i]!;
    serviceBuffer.set(id, s.bufferMinutes ?? 0);
    services.add(i, -1, [id, s.name, s.description ?? '', s.bufferMinutes ?? 0, s.active ?? true, s.deleted ? now : null]);
    const byName = new Map<string, OptionFacts>();
    serviceOptions.set(id, byName);
    (s.options ?? []).forEach((o, j) => {
      const deleted = o.deleted ?? false;
      const other = byName.get(o.name);
      if (other && !other.deleted && !deleted) problems.add(`services[${i}].options[${j}].name`, `another live option of this service is named ${o.name}`);
      if (!other || other.deleted) byName.set(o.name, { durationMinutes: o.durationMinutes, deleted });
      options.add(i, j, [id, o.name, o.durationMinutes, o.base100Price, o.credits, o.active ?? true, deleted ? now : null]);
    });
  });
  ready(services, options);

  const passes = table('pass_template', 'passes', ['id', 'name', 'credits', 'validity_days', 'base100_price', 'active', 'created_at', 'updated_at'], (i) => `passes[${i}]`);
  await eachValid('passes', raw.passes, passSchema, problems, (p, i) => {
    passes.add(i, -1, [ids.passes[i]!, p.name, p.credits, p.validityDays, p.base100Price, p.active ?? true, now, now]);
  });
  const vouchers = table('voucher', 'vouchers', ['id', 'code', 'description', 'percent_off', 'base100_amount_off', 'valid_from', 'valid_until', 'max_redemptions', 'active'],
    (i) => `vouchers[${i}]`);
  await eachValid('vouchers', raw.vouchers, voucherSchema, problems, (v, i) => {
    const percent = v.percentOff ?? null;
    const amount = v.base100AmountOff ?? null;
    if ((percent === null) === (amount === null)) problems.add(`vouchers[${i}].percentOff`, 'give either percentOff or base100AmountOff');
    vouchers.add(i, -1, [ids.vouchers[i]!, v.code, v.description ?? '', percent, amount, v.validFrom ?? null, v.validUntil ?? null, v.maxRedemptions ?? null, v.active ?? true]);
  });
  const plans = table('subscription_plan', 'subscriptionPlans',
    ['id', 'name', 'base100_price', 'currency', 'interval', 'active', 'grace_days', 'minimum_term_periods'], (i) => `subscriptionPlans[${i}]`);
  await eachValid('subscriptionPlans', raw.subscriptionPlans, subscriptionPlanSchema, problems, (p, i) => {
    plans.add(i, -1, [
      ids.subscriptionPlans[i]!, p.name, p.base100Price, p.currency ?? company.currency, p.interval, p.active ?? true,
      p.graceDays ?? PLAN_DEFAULTS.graceDays, p.minimumTermPeriods ?? PLAN_DEFAULTS.minimumTermPeriods,
    ]);
  });
  const media = table('media', 'media', ['id', 'name', 'description', 'base100_price', 'credits', 'access_days', 'active'], (i) => `media[${i}]`);
  await eachValid('media', raw.media, mediaSchema, problems, (m, i) => {
    media.add(i, -1, [ids.media[i]!, m.name, m.description ?? '', m.base100Price, m.credits, m.accessDays ?? null, m.active ?? true]);
  });
  ready(passes, vouchers, plans, media);

  const purchases = table('pass_purchase', 'passPurchases', [
    'id', 'customer_id', 'template_id', 'credits_allocated', 'credits_consumed', 'created_at', 'starts', 'expires', 'is_cancelled',
    'is_refunded', 'currency', 'base100_gross_price', 'base100_discount', 'base100_net_price',
  ], (i) => `passPurchases[${i}]`);
  await eachValid('passPurchases', raw.passPurchases, passPurchaseSchema, problems, (p, i) => {
    const place = `passPurchases[${i}]`;
    const id = ids.passPurchases[i]!;
    known('customer', p.customerId, `${place}.customerId`);
    known('pass', p.passId, `${place}.passId`);
    purchases.add(i, -1, [
      id, p.customerId, p.passId, p.creditsAllocated, p.creditsConsumed ?? survey.creditsConsumed.amounts.get(id) ?? 0, p.createdAt ?? now,
      p.starts, p.expires, p.isCancelled ?? false, p.isRefunded ?? false, p.payment.currency ?? company.currency, p.payment.base100GrossPrice,
      p.payment.base100Discount ?? 0, p.payment.base100NetPrice,
    ]);
  });
  ready(purchases);
  // Bookings go in after the event dates, pricing options and pass purchases they point at, and waitlist entries after them.
  ready(bookings);
  const waitlist = table('waitlist_entry', 'waitlistEntries', [
    'id', 'event_date_id', 'customer_id', 'pricing_option_id', 'spaces', 'pay_with', 'pass_purchase_id', 'place', 'status', 'booking_id',
    'skipped_reason', 'created_at', 'updated_at',
  ], (i) => `waitlistEntries[${i}]`);
  const line = new WaitlistLines(problems, survey.lastPlaces, existing.lastPlaces);
  await eachValid('waitlistEntries', raw.waitlistEntries, waitlistEntrySchema, problems, (w, i) => {
    const place = `waitlistEntries[${i}]`;
    known('customer', w.customerId, `${place}.customerId`);
    const hasDate = known('eventDate', w.eventDateId, `${place}.eventDateId`);
    const hasOption = known('pricingOption', w.pricingOptionId, `${place}.pricingOptionId`);
    if (hasDate && hasOption && eventOfDate.get(w.eventDateId) !== eventOfOption.get(w.pricingOptionId)) {
      problems.add(`${place}.pricingOptionId`, `${w.pricingOptionId} is not a pricing option of the event of ${w.eventDateId}`);
    }
    if (hasOption && w.payWith === 'PASS' && optionCredits.get(w.pricingOptionId)! < 1) {
      problems.add(`${place}.payWith`, `pricing option ${w.pricingOptionId} cannot be paid with credits`);
    }
    if (w.packageId && w.payWith === 'CARD') problems.add(`${place}.packageId`, 'is only for payWith PASS');
    const status = w.status ?? 'WAITING';
    const bookingId = w.bookingId ?? null;
    if (status === 'PROMOTED' && !bookingId) problems.add(`${place}.bookingId`, 'required for a PROMOTED entry: the booking its promotion made');
    if (status !== 'PROMOTED' && bookingId) problems.add(`${place}.bookingId`, `only a PROMOTED entry has a booking, not a ${status} one`);
    const booking = status === 'PROMOTED' && bookingId && known('booking', bookingId, `${place}.bookingId`) ? namedBookings.get(bookingId) : undefined;
    // A booking of the bundle that is missing here failed its own checks, which name it.
    if (booking) line.promotedTo(bookingId!, booking, w, place);
    if (w.skippedReason != null && status !== 'SKIPPED') problems.add(`${place}.skippedReason`, `only a SKIPPED entry has a reason, not a ${status} one`);
    if (hasDate && cancelledDates.has(w.eventDateId) && status === 'WAITING') {
      problems.add(`${place}.status`, `event date ${w.eventDateId} is cancelled: an entry on it no longer waits (its cancellation CLOSED them)`);
    }
    if (hasDate && !cancelledDates.has(w.eventDateId) && status === 'CLOSED') {
      problems.add(`${place}.status`, `only the entries of a cancelled date are CLOSED, and ${w.eventDateId} is not cancelled`);
    }
    const createdAt = w.createdAt ?? now;
    waitlist.add(i, -1, [
      ids.waitlistEntries[i]!, w.eventDateId, w.customerId, w.pricingOptionId, w.spaces ?? 1, w.payWith,
      w.payWith === 'PASS' && w.packageId && known('passPurchase', w.packageId, `${place}.packageId`) ? w.packageId : null,
      line.place(w, status, place), status, bookingId, w.skippedReason ?? null, createdAt, w.updatedAt ?? createdAt,
    ]);
  });
  ready(waitlist);

  const appointments = table('appointment', 'appointments', [
    'id', 'customer_id', 'service_id', 'option_name', 'facilitator_id', 'starts_at', 'duration_minutes', 'blocked_until', 'tz',
    'status', 'notes', 'created_at', 'payment_method', 'currency', 'base100_price_paid', 'credits_used', 'payment_status', 'pass_purchase_id',
  ], (i) => `appointments[${i}]`);
  await eachValid('appointments', raw.appointments, appointmentSchema, problems, (a, i) => {
    const place = `appointments[${i}]`;
    known('customer', a.customerId, `${place}.customerId`);
    const hasService = known('service', a.serviceId, `${place}.serviceId`);
    const hasFacilitator = known('facilitator', a.facilitatorId, `${place}.facilitatorId`);
    const option = serviceOptions.get(a.serviceId)?.get(a.optionName);
    if (hasService && !option) problems.add(`${place}.optionName`, `service ${a.serviceId} has no option named ${a.optionName}`);
    const timeZone = (hasFacilitator && facilitatorZone.get(a.facilitatorId)) || company.timezone;
    const startsAt = wallClockToInstantMs(wallClockMs(a.datetime), timeZone);
    const duration = option?.durationMinutes ?? 1;
    const blockedUntil = startsAt + (duration + (serviceBuffer.get(a.serviceId) ?? 0)) * 60_000;
    const p = a.payment;
    appointments.add(i, -1, [
      ids.appointments[i]!, a.customerId, a.serviceId, a.optionName, a.facilitatorId, new Date(startsAt).toISOString(), duration,
      new Date(blockedUntil).toISOString(), timeZone, a.status ?? 'SCHEDULED', a.notes ?? '', a.createdAt ?? now, p.method, currencyOf(p),
      p.method === 'CARD' ? p.base100PricePaid : null,
      p.method === 'PASS' ? p.creditsUsed : null,
      p.status ?? 'PAID',
      packageOf(p, place),
    ]);
  });
  ready(appointments);

  const videoPurchases = table('video_purchase', 'videoPurchases', [
    'id', 'customer_id', 'media_id', 'created_at', 'expires_on', 'is_cancelled', 'is_refunded', 'payment_method', 'currency',
    'base100_price', 'credits_used', 'pass_purchase_id',
  ], (i) => `videoPurchases[${i}]`);
  await eachValid('videoPurchases', raw.videoPurchases, videoPurchaseSchema, problems, (v, i) => {
    const place = `videoPurchases[${i}]`;
    known('customer', v.customerId, `${place}.customerId`);
    known('media', v.mediaId, `${place}.mediaId`);
    const p = v.payment;
    videoPurchases.add(i, -1, [
      ids.videoPurchases[i]!, v.customerId, v.mediaId, v.createdAt ?? now, v.expiresOn ?? null, v.isCancelled ?? false, v.isRefunded ?? false,
      p.method, currencyOf(p),
      p.method === 'CARD' ? p.base100Price : null,
      p.method === 'PASS' ? p.creditsUsed : null,
      packageOf(p, place),
    ]);
  });
  const mandates = table('mandate', 'mandates', [
    'id', 'customer_id', 'plan_id', 'state', 'created_at', 'grace', 'earliest_cancellation_date', 'renewal_date', 'anchor_date', 'cancel_at',
    'cancelled_at', 'paused_at',
  ], (i) => `mandates[${i}]`);
  const charges = table('subscription_charge', 'subscriptionCharges', [
    'id', 'mandate_id', 'period_start', 'period_end', 'base100_amount', 'currency', 'status', 'created_at', 'settled_at',
  ], (i, j) => `mandates[${i}].charges[${j}]`);
  await eachValid('mandates', raw.mandates, mandateSchema, problems, (m, i) => {
    const place = `mandates[${i}]`;
    const id = ids.mandates[i]!;
    known('customer', m.customerId, `${place}.customerId`);
    known('plan', m.planId, `${place}.planId`);
    mandates.add(i, -1, [
      id, m.customerId, m.planId, m.state, m.createdAt ?? now, m.grace ?? 0, m.earliestCancellationDate, m.renewalDate,
      m.anchorDate ?? m.renewalDate, m.endsOn ?? null, m.cancelledAt ?? null, m.pausedAt ?? null,
    ]);
    (m.charges ?? []).forEach((ch, j) => {
      if (ch.periodEnd < ch.periodStart) problems.add(`${place}.charges[${j}].periodEnd`, 'must not be before periodStart');
      if (ch.status === 'PENDING' && ch.settledAt) problems.add(`${place}.charges[${j}].settledAt`, 'a PENDING charge is not settled');
      const createdAt = ch.createdAt ?? now;
      charges.add(i, j, [
        ids.charges[i]![j]!, id, ch.periodStart, ch.periodEnd, ch.base100Amount, ch.currency ?? company.currency, ch.status, createdAt,
        ch.status === 'PENDING' ? null : (ch.settledAt ?? createdAt),
      ]);
    });
  });
  ready(videoPurchases, mandates, charges);

  // Counters of rows that were there before: the bundle's bookings and PASS payments add to them.
  if (!problems.any) {
    for (const [table, column, tally, kind] of [
      ['event_date', 'spaces_booked', survey.spacesBooked, 'eventDate'],
      ['pass_purchase', 'credits_consumed', survey.creditsConsumed, 'passPurchase'],
    ] as const) {
      const outside = [...tally.amounts].filter(([id, amount]) => amount !== 0 && survey.references[kind].has(id));
      if (!outside.length) continue;
      writer.query(addToCounters(table, column, outside.map(([id]) => id), outside.map(([, amount]) => amount)));
    }
  }
  return counts;
}

// ---------------------------------------------------------------- waitlists

type WaitlistEntryRecord = z.infer<typeof waitlistEntrySchema>;

/**
 * The lines of the bundle's waitlist entries: the places they take (given, or the next of their date's line
 * after every place given in the bundle and the company's), one place and one WAITING entry per customer on a
 * date, and one entry per booking a promotion made, each problem naming the entry that came first.
 */
class WaitlistLines {
  readonly #last: Map<string, number>;
  readonly #places = new Map<string, string>();
  readonly #waiting = new Map<string, string>();
  readonly #bookings = new Map<string, string>();
  readonly #problems: Problems;

  constructor(problems: Problems, inBundle: Map<string, number>, inCompany: Map<string, number>) {
    this.#problems = problems;
    this.#last = new Map(inCompany);
    for (const [date, place] of inBundle) this.#last.set(date, Math.max(place, this.#last.get(date) ?? 0));
  }

  /** The entry's place in its date's line. */
  place(entry: WaitlistEntryRecord, status: string, at: string): number {
    const date = entry.eventDateId;
    let place = entry.place;
    if (place === undefined) this.#last.set(date, (place = (this.#last.get(date) ?? 0) + 1));
    const first = this.#places.get(`${date} ${place}`);
    if (first) this.#problems.add(`${at}.place`, `place ${place} in the line of ${date} is already taken by ${first}`);
    else this.#places.set(`${date} ${place}`, at);
    if (status === 'WAITING') {
      const waiting = this.#waiting.get(`${date} ${entry.customerId}`);
      if (waiting) this.#problems.add(`${at}.customerId`, `${entry.customerId} already waits on ${date} at ${waiting} (one WAITING entry per customer and event date)`);
      else this.#waiting.set(`${date} ${entry.customerId}`, at);
    }
    return place;
  }

  /** A promoted entry's booking: on its date, for its customer, and no other entry's. */
  promotedTo(bookingId: string, booking: BookingFacts, entry: WaitlistEntryRecord, at: string): void {
    if (booking.eventDateId !== entry.eventDateId) {
      this.#problems.add(`${at}.bookingId`, `${bookingId} is a booking on ${booking.eventDateId}, not on the entry's date ${entry.eventDateId}`);
    } else if (booking.attendeeId !== entry.customerId) {
      this.#problems.add(`${at}.bookingId`, `${bookingId} is a booking of ${booking.attendeeId}, not of the entry's customer ${entry.customerId}`);
    }
    const first = this.#bookings.get(bookingId);
    if (first) this.#problems.add(`${at}.bookingId`, `${bookingId} is already the booking of ${first}`);
    else this.#bookings.set(bookingId, at);
  }
}

// ---------------------------------------------------------------- database refusals, in the bundle's words

const isIdTaken = (error: unknown) => error instanceof pg.DatabaseError && error.code === '23505' && !!error.constraint?.endsWith('_pkey');

function explain(error: unknown, tables: Table[], survey: Survey): string {
  if (!(error instanceof pg.DatabaseError)) throw error;
  const copied = /COPY (\w+), line (\d+)/.exec(error.where ?? '');
  const table = tables.find((t) => t.name === (copied?.[1] ?? error.table));
  const row = copied ? table?.row(Number(copied[2])) : undefined;
  const place = row?.place ?? table?.kind ?? 'bundle';
  const value = (column: string) => row?.value(column);
  // An UPDATE of a row that was there before the import fails on that row; name the first record adding to it.
  const failingId = /Failing row contains \(([^,]+),/.exec(error.detail ?? '')?.[1] ?? '';
  const addedBy = copied ? undefined : (error.table === 'event_date' ? survey.spacesBooked : survey.creditsConsumed).firstPlaces.get(failingId);

  switch (error.constraint) {
    case 'event_date_cancelled_empty_check':
      return addedBy
        ? `${addedBy}.eventDateId: event date ${failingId} is cancelled: it takes no live bookings`
        : `${place}.cancelledAt: a cancelled date holds no live bookings, and its live bookings take ${value('spaces_booked')} spaces`;
    case 'waitlist_entry_place_unique':
      return `${place}.place: place ${value('place')} in the line of ${value('event_date_id')} is already taken by another of its waitlist entries`;
    case 'waitlist_entry_waiting_unique':
      return `${place}.customerId: ${value('customer_id')} already waits on ${value('event_date_id')} (one WAITING entry per customer and event date)`;
    case 'event_date_spaces_booked_check':
      return addedBy
        ? `${addedBy}.eventDateId: the bundle's live bookings would take event date ${failingId} past its capacity`
        : `${place}.capacity: its live bookings take ${value('spaces_booked')} spaces, more than the capacity of ${value('capacity')}`;
    case 'pass_purchase_credits_check':
      return addedBy
        ? `${addedBy}.payment.packageId: pass purchase ${failingId} has fewer credits left than the bundle uses`
        : `${place}.creditsConsumed: ${value('credits_consumed')} credits consumed, more than the ${value('credits_allocated')} allocated`;
    case 'pass_purchase_validity_check':
      return `${place}.expires: must not be before starts`;
    case 'appointment_no_overlap': {
      const tz = value('tz') ?? 'UTC';
      const held = [...(error.detail ?? '').matchAll(/"([^"]+)","([^"]+)"/g)].at(-1)?.slice(1).map((at) => new Date(at.replace(' ', 'T').replace(/\+00$/, 'Z')));
      const other = held?.every((at) => !Number.isNaN(at.getTime()))
        ? `another appointment holds ${instantToLocal(held[0]!, tz)} to ${instantToLocal(held[1]!, tz)}`
        : 'the times overlap';
      return `${place}.datetime: facilitator ${value('facilitator_id')} is already booked then (appointment_no_overlap: ${other}, buffer included)`;
    }
    case 'mandate_live_unique':
      return `${place}.planId: customer ${value('customer_id')} already holds a mandate on plan ${value('plan_id')} that is not CANCELLED`;
    case 'subscription_charge_period_unique':
      return `${place}.periodStart: the mandate has another charge for the period starting ${value('period_start')}`;
    case 'booking_live_attendee_unique':
      return `${place}.eventDateId: ${value('attendee_id')} already holds a live booking on ${value('event_date_id')}` +
        ' (one live booking per attendee and event date: more spaces go on one booking)';
    case 'customer_email_unique':
      return `${place}.email: ${value('email')} is already the email of another customer of the company (one customer per email)`;
    case 'voucher_company_id_code_unique': {
      const code = value('code') ?? '';
      const first = table?.placesWith('code', code).find((p) => p !== place);
      return `${place}.code: ${code} is already the code of ${first ?? 'another voucher of the company'}`;
    }
    default:
      if (error.code === '23505' && error.constraint?.endsWith('_pkey')) return `${place}.id: ${value('id')} already exists`;
      return `${place}: ${error.message}${error.detail ? ` (${error.detail})` : ''}`;
  }
}
