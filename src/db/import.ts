/**
 * Bulk import of a bundle (shared/contracts/IMPORT.md) into one company. Everything is checked before
 * anything is written: the bundle's shape, duplicate ids, ids that already exist, and references, which
 * resolve to the bundle or to the company's existing records. The rows then go in with COPY, table by
 * table, in one transaction; what only the database can judge (capacity, credits, overlapping
 * appointments, voucher codes) comes back as an ImportError naming the record.
 *
 * Counts are reported per RECORD_KINDS: the bundle's collections plus eventDates, pricingOptions,
 * bookings, serviceOptions, weeklyWindows and dateOverrides.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { bundleSchema, RECORD_KINDS, type Bundle, type RecordCounts, type RecordKind } from './bundle.ts';
import { newId, type IdKind } from '../domain/ids.ts';
import { instantToLocal, wallClockMs, wallClockToInstantMs } from '../domain/time.ts';

const MAX_PROBLEMS = 20;
const ROWS_PER_CHUNK = 5_000;

export class ImportError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ImportError';
    this.problems = problems;
  }
}

export interface ImportOptions {
  /** Called as rows are written: rows written so far, rows to write in all. */
  onProgress?: (done: number, total: number) => void;
}

type Value = string | number | boolean | null;

/** The rows of one table, in COPY column order, with the bundle place of each row for error messages. */
interface Table {
  name: string;
  kind: RecordKind;
  columns: string[];
  rows: Value[][];
  places: string[];
}

/** An increment to a counter column of rows that existed before the import. */
interface Increment {
  table: 'event_date' | 'pass_purchase';
  column: 'spaces_booked' | 'credits_consumed';
  amounts: Map<string, number>;
  /** The first bundle place that adds to each row, to name in an error. */
  places: Map<string, string>;
}

class Problems {
  readonly list: string[] = [];
  #more = 0;
  add(place: string, rule: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push(`${place}: ${rule}`);
    else this.#more++;
  }
  get any(): boolean {
    return this.list.length > 0;
  }
  throwIfAny(): void {
    if (!this.any) return;
    throw new ImportError(this.#more ? [...this.list, `... and ${this.#more} more problems`] : this.list);
  }
}

export async function importBundle(
  orm: MikroORM,
  companyId: string,
  input: unknown,
  options: ImportOptions = {},
): Promise<Record<string, number>> {
  const bundle = validate(input);
  const client = new pg.Client({ connectionString: orm.config.get('clientUrl') });
  await client.connect();
  let plan: Plan | undefined;
  try {
    await client.query('begin');
    if (process.env.NO_TRIGGERS) await client.query('set local session_replication_role = replica');
    const company = await findCompany(client, companyId);
    plan = await prepare(client, company, bundle);
    await write(client, plan, options.onProgress);
    await client.query('commit');
    return plan.counts;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if (plan && error instanceof pg.DatabaseError) throw new ImportError([explain(error, plan)]);
    throw error;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- shape

function validate(input: unknown): Bundle {
  const parsed = bundleSchema.safeParse(input, { error: rule });
  if (parsed.success) return parsed.data;
  const problems = new Problems();
  for (const issue of parsed.error.issues) problems.add(placeOf(issue.path), issue.message);
  problems.throwIfAny();
  throw new Error('unreachable: a failed parse reports issues');
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

// ---------------------------------------------------------------- the company and what already exists

interface Company {
  id: string;
  timezone: string;
  currency: string;
}

async function findCompany(client: pg.Client, companyId: string): Promise<Company> {
  const { rows } = await client.query<Company>('select id, timezone, currency from company where id = $1', [companyId]);
  if (!rows[0]) throw new ImportError([`company: no company ${companyId}`]);
  return rows[0];
}

/** A row found in the database: its company, and what references to it need. */
interface Existing {
  company: string;
  eventId?: string;
  timezone?: string;
  bufferMinutes?: number;
}

/** Rows with the given ids in one table, of any company. */
async function existing(client: pg.Client, table: string, ids: Iterable<string>, extra = ''): Promise<Map<string, Existing>> {
  const list = [...new Set(ids)];
  const found = new Map<string, Existing>();
  if (!list.length) return found;
  const { rows } = await client.query<Existing & { id: string }>(
    `select t.id, t.company_id as company${extra} from "${table}" t join unnest($1::text[]) as wanted(id) on wanted.id = t.id`,
    [list],
  );
  for (const row of rows) found.set(row.id, row);
  return found;
}

interface ServiceOption {
  durationMinutes: number;
  deleted: boolean;
}

// ---------------------------------------------------------------- planning

interface Plan {
  tables: Table[];
  increments: Increment[];
  counts: RecordCounts;
}

type Collections = { [K in keyof Bundle]-?: NonNullable<Bundle[K]> };

/** Ids of one kind given or generated in the bundle, with the place that gives each. */
class Registry {
  readonly places = new Map<string, string>();
  readonly #kind: IdKind;
  readonly #problems: Problems;
  readonly #sharesPrefixWith?: Registry;
  constructor(kind: IdKind, problems: Problems, sharesPrefixWith?: Registry) {
    this.#kind = kind;
    this.#problems = problems;
    this.#sharesPrefixWith = sharesPrefixWith;
  }
  /** The record's id (generated when the bundle gives none); a duplicate is a problem. */
  claim(given: string | undefined, place: string): string {
    if (given === undefined) return newId(this.#kind);
    const first = this.places.get(given) ?? this.#sharesPrefixWith?.places.get(given);
    if (first) this.#problems.add(`${place}.id`, `duplicate id ${given} (first at ${first})`);
    else this.places.set(given, place);
    return given;
  }
  has(id: string): boolean {
    return this.places.has(id);
  }
}

async function prepare(client: pg.Client, company: Company, bundle: Bundle): Promise<Plan> {
  const problems = new Problems();
  const all: Collections = {
    format: 1,
    customers: bundle.customers ?? [],
    events: bundle.events ?? [],
    transactions: bundle.transactions ?? [],
    facilitators: bundle.facilitators ?? [],
    services: bundle.services ?? [],
    appointments: bundle.appointments ?? [],
    passes: bundle.passes ?? [],
    passPurchases: bundle.passPurchases ?? [],
    media: bundle.media ?? [],
    videoPurchases: bundle.videoPurchases ?? [],
    subscriptionPlans: bundle.subscriptionPlans ?? [],
    mandates: bundle.mandates ?? [],
    vouchers: bundle.vouchers ?? [],
  };

  // Ids: every record's own, given or generated, and duplicates inside the bundle. Media and video
  // purchases share the media_ prefix, so one id may not name both.
  const media = new Registry('media', problems);
  const registry = {
    customer: new Registry('customer', problems),
    event: new Registry('event', problems),
    eventDate: new Registry('eventDate', problems),
    pricingOption: new Registry('pricingOption', problems),
    transaction: new Registry('transaction', problems),
    booking: new Registry('booking', problems),
    facilitator: new Registry('facilitator', problems),
    service: new Registry('service', problems),
    appointment: new Registry('appointment', problems),
    pass: new Registry('pass', problems),
    passPurchase: new Registry('passPurchase', problems),
    media,
    videoPurchase: new Registry('media', problems, media),
    mandate: new Registry('mandate', problems),
    plan: new Registry('plan', problems),
    voucher: new Registry('voucher', problems),
  };

  const customerIds = all.customers.map((c, i) => registry.customer.claim(c.id, `customers[${i}]`));
  const eventIds = all.events.map((e, i) => registry.event.claim(e.id, `events[${i}]`));
  const dateIds = all.events.map((e, i) => (e.dates ?? []).map((d, j) => registry.eventDate.claim(d.id, `events[${i}].dates[${j}]`)));
  const optionIds = all.events.map((e, i) =>
    (e.pricingOptions ?? []).map((o, j) => registry.pricingOption.claim(o.id, `events[${i}].pricingOptions[${j}]`)),
  );
  const transactionIds = all.transactions.map((t, i) => registry.transaction.claim(t.id, `transactions[${i}]`));
  const bookingIds = all.transactions.map((t, i) =>
    (t.bookings ?? []).map((b, j) => registry.booking.claim(b.id, `transactions[${i}].bookings[${j}]`)),
  );
  const facilitatorIds = all.facilitators.map((f, i) => registry.facilitator.claim(f.id, `facilitators[${i}]`));
  const serviceIds = all.services.map((s, i) => registry.service.claim(s.id, `services[${i}]`));
  const appointmentIds = all.appointments.map((a, i) => registry.appointment.claim(a.id, `appointments[${i}]`));
  const passIds = all.passes.map((p, i) => registry.pass.claim(p.id, `passes[${i}]`));
  const purchaseIds = all.passPurchases.map((p, i) => registry.passPurchase.claim(p.id, `passPurchases[${i}]`));
  const mediaIds = all.media.map((m, i) => registry.media.claim(m.id, `media[${i}]`));
  const videoPurchaseIds = all.videoPurchases.map((v, i) => registry.videoPurchase.claim(v.id, `videoPurchases[${i}]`));
  const planIds = all.subscriptionPlans.map((p, i) => registry.plan.claim(p.id, `subscriptionPlans[${i}]`));
  const mandateIds = all.mandates.map((m, i) => registry.mandate.claim(m.id, `mandates[${i}]`));
  const voucherIds = all.vouchers.map((v, i) => registry.voucher.claim(v.id, `vouchers[${i}]`));

  // What the database already holds: the bundle's own ids (an error in any company) and the
  // references the bundle does not satisfy itself (which must be the company's).
  const outside = (reg: Registry, ids: Iterable<string | null | undefined>) => {
    const wanted = new Set(reg.places.keys());
    for (const id of ids) if (id && !reg.has(id)) wanted.add(id);
    return wanted;
  };
  const bookings = all.transactions.flatMap((t) => t.bookings ?? []);
  const packageRefs = [
    ...bookings.map((b) => (b.payment.method === 'PASS' ? b.payment.packageId : null)),
    ...all.appointments.map((a) => (a.payment.method === 'PASS' ? a.payment.packageId : null)),
    ...all.videoPurchases.map((v) => (v.payment.method === 'PASS' ? v.payment.packageId : null)),
  ];
  const customerRefs = [
    ...all.transactions.map((t) => t.customerId),
    ...bookings.map((b) => b.boughtForId),
    ...all.appointments.map((a) => a.customerId),
    ...all.passPurchases.map((p) => p.customerId),
    ...all.videoPurchases.map((v) => v.customerId),
    ...all.mandates.map((m) => m.customerId),
  ];
  const mediaWanted = outside(registry.media, all.videoPurchases.map((v) => v.mediaId));
  for (const id of registry.videoPurchase.places.keys()) mediaWanted.add(id);
  const [
    dbCustomers, dbEvents, dbDates, dbOptions, dbTransactions, dbBookings, dbFacilitators, dbServices,
    dbAppointments, dbPasses, dbPurchases, dbMedia, dbVideoPurchases, dbPlans, dbMandates, dbVouchers,
  ] = [
    await existing(client, 'customer', outside(registry.customer, customerRefs)),
    await existing(client, 'event', registry.event.places.keys()),
    await existing(client, 'event_date', outside(registry.eventDate, bookings.map((b) => b.eventDateId)), ', t.event_id as "eventId"'),
    await existing(client, 'pricing_option', outside(registry.pricingOption, bookings.map((b) => b.pricingOptionId)), ', t.event_id as "eventId"'),
    await existing(client, 'event_transaction', registry.transaction.places.keys()),
    await existing(client, 'booking', registry.booking.places.keys()),
    await existing(client, 'facilitator', outside(registry.facilitator, all.appointments.map((a) => a.facilitatorId)), ', t.timezone'),
    await existing(client, 'service', outside(registry.service, all.appointments.map((a) => a.serviceId)), ', t.buffer_minutes as "bufferMinutes"'),
    await existing(client, 'appointment', registry.appointment.places.keys()),
    await existing(client, 'pass_template', outside(registry.pass, all.passPurchases.map((p) => p.passId))),
    await existing(client, 'pass_purchase', outside(registry.passPurchase, packageRefs)),
    await existing(client, 'media', mediaWanted),
    await existing(client, 'video_purchase', mediaWanted),
    await existing(client, 'subscription_plan', outside(registry.plan, all.mandates.map((m) => m.planId))),
    await existing(client, 'mandate', registry.mandate.places.keys()),
    await existing(client, 'voucher', registry.voucher.places.keys()),
  ];

  const taken = (reg: Registry, ...found: Map<string, Existing>[]) => {
    for (const [id, place] of reg.places) if (found.some((f) => f.has(id))) problems.add(`${place}.id`, `${id} already exists`);
  };
  taken(registry.customer, dbCustomers);
  taken(registry.event, dbEvents);
  taken(registry.eventDate, dbDates);
  taken(registry.pricingOption, dbOptions);
  taken(registry.transaction, dbTransactions);
  taken(registry.booking, dbBookings);
  taken(registry.facilitator, dbFacilitators);
  taken(registry.service, dbServices);
  taken(registry.appointment, dbAppointments);
  taken(registry.pass, dbPasses);
  taken(registry.passPurchase, dbPurchases);
  taken(registry.media, dbMedia, dbVideoPurchases);
  taken(registry.videoPurchase, dbMedia, dbVideoPurchases);
  taken(registry.plan, dbPlans);
  taken(registry.mandate, dbMandates);
  taken(registry.voucher, dbVouchers);

  /** True when the id is in the bundle or is one of the company's records; otherwise a problem. */
  const known = (reg: Registry, found: Map<string, Existing>, id: string, where: string): boolean => {
    if (reg.has(id) || found.get(id)?.company === company.id) return true;
    problems.add(where, `unknown reference ${id}`);
    return false;
  };

  const now = new Date().toISOString();
  const instant = (local: string, timeZone: string) => new Date(wallClockToInstantMs(wallClockMs(local), timeZone)).toISOString();
  const c = company.id;
  const counts = Object.fromEntries(RECORD_KINDS.map((kind) => [kind, 0])) as RecordCounts;
  const tables: Table[] = [];
  const table = (name: string, kind: RecordKind, columns: string[]): Table => {
    const t: Table = { name, kind, columns: ['company_id', ...columns], rows: [], places: [] };
    tables.push(t);
    return t;
  };
  const add = (t: Table, place: string, row: Value[]) => {
    t.rows.push([c, ...row]);
    t.places.push(place);
    counts[t.kind]++;
  };

  // Counters the database keeps: spaces booked per event date, credits consumed per pass purchase.
  const spacesBooked = new Map<string, number>();
  const creditsConsumed = new Map<string, number>();
  const firstUse = new Map<string, string>();
  const tally = (counter: Map<string, number>, id: string, amount: number, place: string) => {
    counter.set(id, (counter.get(id) ?? 0) + amount);
    if (!firstUse.has(id)) firstUse.set(id, place);
  };

  const customers = table('customer', 'customers', ['id', 'firstname', 'lastname', 'email', 'mobile', 'archived', 'deleted_at', 'created_at', 'updated_at']);
  all.customers.forEach((r, i) => {
    add(customers, `customers[${i}]`, [
      customerIds[i]!, r.firstname, r.lastname, r.email, r.mobile ?? null, r.archived ?? false, r.deleted ? now : null, r.createdAt ?? now, now,
    ]);
  });

  // Event dates and pricing options of events in the bundle and of the company's existing events.
  const eventOfDate = new Map<string, string>();
  const eventOfOption = new Map<string, string>();
  all.events.forEach((e, i) => {
    (e.dates ?? []).forEach((_, j) => eventOfDate.set(dateIds[i]![j]!, eventIds[i]!));
    (e.pricingOptions ?? []).forEach((_, j) => eventOfOption.set(optionIds[i]![j]!, eventIds[i]!));
  });
  for (const [id, found] of dbDates) if (!eventOfDate.has(id)) eventOfDate.set(id, found.eventId!);
  for (const [id, found] of dbOptions) if (!eventOfOption.has(id)) eventOfOption.set(id, found.eventId!);

  const packageRef = (payment: { method: 'CARD' } | { method: 'PASS'; packageId?: string | null | undefined }, place: string) =>
    payment.method === 'PASS' && payment.packageId && known(registry.passPurchase, dbPurchases, payment.packageId, `${place}.payment.packageId`)
      ? payment.packageId
      : null;

  const transactions = table('event_transaction', 'transactions', ['id', 'customer_id', 'purchased_at', 'created_at']);
  const bookingRows = table('booking', 'bookings', [
    'id', 'transaction_id', 'event_date_id', 'pricing_option_id', 'spaces', 'bought_for_id', 'is_cancelled', 'is_refunded',
    'payment_method', 'currency', 'base100_gross_price', 'base100_net_price', 'credits_used', 'pass_purchase_id',
  ]);
  all.transactions.forEach((t, i) => {
    const place = `transactions[${i}]`;
    known(registry.customer, dbCustomers, t.customerId, `${place}.customerId`);
    const purchasedAt = instant(t.purchaseDate, company.timezone);
    add(transactions, place, [transactionIds[i]!, t.customerId, purchasedAt, purchasedAt]);
    (t.bookings ?? []).forEach((b, j) => {
      const at = `${place}.bookings[${j}]`;
      const hasDate = known(registry.eventDate, dbDates, b.eventDateId, `${at}.eventDateId`);
      const hasOption = known(registry.pricingOption, dbOptions, b.pricingOptionId, `${at}.pricingOptionId`);
      if (hasDate && hasOption && eventOfDate.get(b.eventDateId) !== eventOfOption.get(b.pricingOptionId)) {
        problems.add(`${at}.pricingOptionId`, `${b.pricingOptionId} is not a pricing option of the event of ${b.eventDateId}`);
      }
      if (b.boughtForId) known(registry.customer, dbCustomers, b.boughtForId, `${at}.boughtForId`);
      const spaces = b.spaces ?? 1;
      const live = !b.isCancelled;
      if (live) tally(spacesBooked, b.eventDateId, spaces, at);
      const p = b.payment;
      const packageId = packageRef(p, at);
      if (live && p.method === 'PASS' && packageId) tally(creditsConsumed, packageId, p.creditsUsed, at);
      add(bookingRows, at, [
        bookingIds[i]![j]!, transactionIds[i]!, b.eventDateId, b.pricingOptionId, spaces, b.boughtForId ?? null, b.isCancelled ?? false,
        b.isRefunded ?? false, p.method,
        p.method === 'CARD' ? (p.currency ?? company.currency) : 'CR',
        p.method === 'CARD' ? p.base100GrossPrice : null,
        p.method === 'CARD' ? p.base100NetPrice : null,
        p.method === 'PASS' ? p.creditsUsed : null,
        packageId,
      ]);
    });
  });

  const events = table('event', 'events', ['id', 'name', 'description', 'timezone', 'created_at', 'updated_at']);
  const eventDates = table('event_date', 'eventDates', ['id', 'event_id', 'starts_at', 'duration', 'capacity', 'spaces_booked']);
  const pricingOptions = table('pricing_option', 'pricingOptions', ['id', 'event_id', 'name', 'base100_price', 'credits']);
  all.events.forEach((e, i) => {
    const timeZone = e.timezone ?? company.timezone;
    add(events, `events[${i}]`, [eventIds[i]!, e.name, e.description ?? '', timeZone, now, now]);
    (e.dates ?? []).forEach((d, j) => {
      const id = dateIds[i]![j]!;
      add(eventDates, `events[${i}].dates[${j}]`, [id, eventIds[i]!, instant(d.datetime, timeZone), d.duration, d.capacity, spacesBooked.get(id) ?? 0]);
    });
    (e.pricingOptions ?? []).forEach((o, j) => {
      add(pricingOptions, `events[${i}].pricingOptions[${j}]`, [optionIds[i]![j]!, eventIds[i]!, o.name, o.base100Price, o.credits]);
    });
  });

  const facilitators = table('facilitator', 'facilitators', ['id', 'name', 'timezone']);
  const windows = table('facilitator_window', 'weeklyWindows', ['facilitator_id', 'weekday', 'start_time', 'end_time']);
  const overrides = table('facilitator_date_override', 'dateOverrides', ['facilitator_id', 'date', 'windows']);
  const facilitatorZone = new Map<string, string>();
  for (const [id, found] of dbFacilitators) facilitatorZone.set(id, found.timezone!);
  all.facilitators.forEach((f, i) => {
    const id = facilitatorIds[i]!;
    const timeZone = f.timezone ?? company.timezone;
    facilitatorZone.set(id, timeZone);
    add(facilitators, `facilitators[${i}]`, [id, f.name, timeZone]);
    (f.weeklyWindows ?? []).forEach((w, j) => {
      const at = `facilitators[${i}].weeklyWindows[${j}]`;
      if (w.end <= w.start) problems.add(`${at}.end`, 'must be after start');
      add(windows, at, [id, w.weekday, w.start, w.end]);
    });
    const dates = new Set<string>();
    (f.dateOverrides ?? []).forEach((o, j) => {
      const at = `facilitators[${i}].dateOverrides[${j}]`;
      if (dates.has(o.date)) problems.add(`${at}.date`, `${o.date} is overridden twice`);
      dates.add(o.date);
      o.windows.forEach((w, k) => {
        if (w.end <= w.start) problems.add(`${at}.windows[${k}].end`, 'must be after start');
      });
      add(overrides, at, [id, o.date, JSON.stringify(o.windows.map((w) => ({ start: w.start, end: w.end })))]);
    });
  });

  const services = table('service', 'services', ['id', 'name', 'description', 'buffer_minutes', 'active', 'deleted_at']);
  const serviceOptions = table('service_option', 'serviceOptions', ['service_id', 'name', 'duration_minutes', 'base100_price', 'credits', 'active', 'deleted_at']);
  const serviceBuffer = new Map<string, number>();
  const optionsOfService = new Map<string, Map<string, ServiceOption>>();
  for (const [id, found] of dbServices) serviceBuffer.set(id, found.bufferMinutes!);
  const dbServiceIds = [...dbServices.keys()].filter((id) => dbServices.get(id)!.company === c && !registry.service.has(id));
  if (dbServiceIds.length) {
    const { rows } = await client.query<{ service: string; name: string; durationMinutes: number; deleted: boolean }>(
      `select service_id as service, name, duration_minutes as "durationMinutes", deleted_at is not null as deleted
         from service_option where service_id = any($1::text[]) order by deleted_at is null`,
      [dbServiceIds],
    );
    for (const o of rows) {
      if (!optionsOfService.has(o.service)) optionsOfService.set(o.service, new Map());
      optionsOfService.get(o.service)!.set(o.name, o);
    }
  }
  all.services.forEach((s, i) => {
    const id = serviceIds[i]!;
    serviceBuffer.set(id, s.bufferMinutes ?? 0);
    add(services, `services[${i}]`, [id, s.name, s.description ?? '', s.bufferMinutes ?? 0, s.active ?? true, s.deleted ? now : null]);
    const byName = new Map<string, ServiceOption>();
    optionsOfService.set(id, byName);
    (s.options ?? []).forEach((o, j) => {
      const at = `services[${i}].options[${j}]`;
      const deleted = o.deleted ?? false;
      const other = byName.get(o.name);
      if (other && !other.deleted && !deleted) problems.add(`${at}.name`, `another live option of this service is named ${o.name}`);
      if (!other || other.deleted) byName.set(o.name, { durationMinutes: o.durationMinutes, deleted });
      add(serviceOptions, at, [id, o.name, o.durationMinutes, o.base100Price, o.credits, o.active ?? true, deleted ? now : null]);
    });
  });

  const passes = table('pass_template', 'passes', ['id', 'name', 'credits', 'validity_days', 'base100_price', 'active', 'created_at', 'updated_at']);
  all.passes.forEach((p, i) => add(passes, `passes[${i}]`, [passIds[i]!, p.name, p.credits, p.validityDays, p.base100Price, p.active ?? true, now, now]));

  const vouchers = table('voucher', 'vouchers', [
    'id', 'code', 'description', 'percent_off', 'base100_amount_off', 'valid_from', 'valid_until', 'max_redemptions', 'active',
  ]);
  all.vouchers.forEach((v, i) => {
    const place = `vouchers[${i}]`;
    const percent = v.percentOff ?? null;
    const amount = v.base100AmountOff ?? null;
    if ((percent === null) === (amount === null)) problems.add(`${place}.percentOff`, 'give either percentOff or base100AmountOff');
    add(vouchers, place, [voucherIds[i]!, v.code, v.description ?? '', percent, amount, v.validFrom ?? null, v.validUntil ?? null, v.maxRedemptions ?? null, v.active ?? true]);
  });

  const plans = table('subscription_plan', 'subscriptionPlans', ['id', 'name', 'base100_price', 'currency', 'interval', 'active']);
  all.subscriptionPlans.forEach((p, i) => add(plans, `subscriptionPlans[${i}]`, [planIds[i]!, p.name, p.base100Price, company.currency, p.interval, p.active ?? true]));

  const mediaRows = table('media', 'media', ['id', 'name', 'description', 'base100_price', 'credits', 'access_days', 'active']);
  all.media.forEach((m, i) => add(mediaRows, `media[${i}]`, [mediaIds[i]!, m.name, m.description ?? '', m.base100Price, m.credits, m.accessDays ?? null, m.active ?? true]));

  const appointments = table('appointment', 'appointments', [
    'id', 'customer_id', 'service_id', 'option_name', 'facilitator_id', 'starts_at', 'duration_minutes', 'blocked_until', 'tz',
    'status', 'notes', 'created_at', 'payment_method', 'currency', 'base100_price_paid', 'credits_used', 'payment_status', 'pass_purchase_id',
  ]);
  all.appointments.forEach((a, i) => {
    const place = `appointments[${i}]`;
    known(registry.customer, dbCustomers, a.customerId, `${place}.customerId`);
    const hasService = known(registry.service, dbServices, a.serviceId, `${place}.serviceId`);
    const hasFacilitator = known(registry.facilitator, dbFacilitators, a.facilitatorId, `${place}.facilitatorId`);
    const option = optionsOfService.get(a.serviceId)?.get(a.optionName);
    if (hasService && !option) problems.add(`${place}.optionName`, `service ${a.serviceId} has no option named ${a.optionName}`);
    const timeZone = hasFacilitator ? facilitatorZone.get(a.facilitatorId)! : company.timezone;
    const startsAt = wallClockToInstantMs(wallClockMs(a.datetime), timeZone);
    const duration = option?.durationMinutes ?? 1;
    const blockedUntil = startsAt + (duration + (serviceBuffer.get(a.serviceId) ?? 0)) * 60_000;
    const p = a.payment;
    const packageId = packageRef(p, place);
    const status = a.status ?? 'SCHEDULED';
    if (status !== 'CANCELLED' && p.method === 'PASS' && packageId) tally(creditsConsumed, packageId, p.creditsUsed, place);
    add(appointments, place, [
      appointmentIds[i]!, a.customerId, a.serviceId, a.optionName, a.facilitatorId, new Date(startsAt).toISOString(), duration,
      new Date(blockedUntil).toISOString(), timeZone, status, a.notes ?? '', a.createdAt ?? now, p.method,
      p.method === 'CARD' ? (p.currency ?? company.currency) : 'CR',
      p.method === 'CARD' ? p.base100PricePaid : null,
      p.method === 'PASS' ? p.creditsUsed : null,
      p.status ?? 'PAID',
      packageId,
    ]);
  });

  const videoPurchases = table('video_purchase', 'videoPurchases', [
    'id', 'customer_id', 'media_id', 'created_at', 'expires_on', 'is_cancelled', 'is_refunded', 'payment_method', 'currency',
    'base100_price', 'credits_used', 'pass_purchase_id',
  ]);
  all.videoPurchases.forEach((v, i) => {
    const place = `videoPurchases[${i}]`;
    known(registry.customer, dbCustomers, v.customerId, `${place}.customerId`);
    known(registry.media, dbMedia, v.mediaId, `${place}.mediaId`);
    const p = v.payment;
    const packageId = packageRef(p, place);
    if (!v.isCancelled && p.method === 'PASS' && packageId) tally(creditsConsumed, packageId, p.creditsUsed, place);
    add(videoPurchases, place, [
      videoPurchaseIds[i]!, v.customerId, v.mediaId, v.createdAt ?? now, v.expiresOn ?? null, v.isCancelled ?? false, v.isRefunded ?? false,
      p.method,
      p.method === 'CARD' ? (p.currency ?? company.currency) : 'CR',
      p.method === 'CARD' ? p.base100Price : null,
      p.method === 'PASS' ? p.creditsUsed : null,
      packageId,
    ]);
  });

  const purchases = table('pass_purchase', 'passPurchases', [
    'id', 'customer_id', 'template_id', 'credits_allocated', 'credits_consumed', 'created_at', 'starts', 'expires', 'is_cancelled',
    'is_refunded', 'currency', 'base100_gross_price', 'base100_discount', 'base100_net_price',
  ]);
  all.passPurchases.forEach((p, i) => {
    const place = `passPurchases[${i}]`;
    const id = purchaseIds[i]!;
    known(registry.customer, dbCustomers, p.customerId, `${place}.customerId`);
    known(registry.pass, dbPasses, p.passId, `${place}.passId`);
    add(purchases, place, [
      id, p.customerId, p.passId, p.creditsAllocated, p.creditsConsumed ?? creditsConsumed.get(id) ?? 0, p.createdAt ?? now, p.starts,
      p.expires, p.isCancelled ?? false, p.isRefunded ?? false, p.payment.currency ?? company.currency, p.payment.base100GrossPrice,
      p.payment.base100Discount ?? 0, p.payment.base100NetPrice,
    ]);
  });

  const mandates = table('mandate', 'mandates', ['id', 'customer_id', 'plan_id', 'state', 'created_at', 'grace', 'earliest_cancellation_date', 'renewal_date']);
  all.mandates.forEach((m, i) => {
    const place = `mandates[${i}]`;
    known(registry.customer, dbCustomers, m.customerId, `${place}.customerId`);
    known(registry.plan, dbPlans, m.planId, `${place}.planId`);
    add(mandates, place, [mandateIds[i]!, m.customerId, m.planId, m.state, m.createdAt ?? now, m.grace ?? 0, m.earliestCancellationDate, m.renewalDate]);
  });

  problems.throwIfAny();

  /** Additions to counters of rows that were there before the import. */
  const onExisting = (table: Increment['table'], column: Increment['column'], counter: Map<string, number>, inBundle: Registry): Increment => {
    const amounts = new Map<string, number>();
    const places = new Map<string, string>();
    for (const [id, amount] of counter) {
      if (inBundle.has(id) || amount === 0) continue;
      amounts.set(id, amount);
      places.set(id, firstUse.get(id)!);
    }
    return { table, column, amounts, places };
  };

  const order = [
    customers, events, eventDates, pricingOptions, facilitators, windows, overrides, services, serviceOptions, passes, vouchers, plans,
    mediaRows, purchases, transactions, bookingRows, appointments, videoPurchases, mandates,
  ];
  return {
    tables: order,
    increments: [
      onExisting('event_date', 'spaces_booked', spacesBooked, registry.eventDate),
      onExisting('pass_purchase', 'credits_consumed', creditsConsumed, registry.passPurchase),
    ],
    counts,
  };
}

// ---------------------------------------------------------------- writing

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

async function write(client: pg.Client, plan: Plan, onProgress?: (done: number, total: number) => void): Promise<void> {
  const total = plan.tables.reduce((sum, t) => sum + t.rows.length, 0);
  let done = 0;
  onProgress?.(0, total);
  for (const table of plan.tables) {
    if (!table.rows.length) continue;
    const rows = table.columns[1] === 'id' && process.env.SORT ? [...table.rows].sort((a, b) => (a[1]! < b[1]! ? -1 : 1)) : table.rows;
    const t0 = performance.now();
    async function* chunks() {
      for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
        let text = '';
        const end = Math.min(start + ROWS_PER_CHUNK, rows.length);
        for (let i = start; i < end; i++) {
          const row = rows[i]!;
          let line = field(row[0]!);
          for (let k = 1; k < row.length; k++) line += '\t' + field(row[k]!);
          text += line + '\n';
        }
        yield text;
        done += end - start;
        onProgress?.(done, total);
      }
    }
    const columns = table.columns.map((name) => `"${name}"`).join(', ');
    await pipeline(Readable.from(chunks()), client.query(copyFrom(`copy "${table.name}" (${columns}) from stdin`)));
    if (rows.length > 5000) process.stderr.write(`${table.name} ${(performance.now() - t0).toFixed(0)}ms\n`);
  }
  for (const increment of plan.increments) {
    if (!increment.amounts.size) continue;
    await client.query(
      `update "${increment.table}" t set "${increment.column}" = t."${increment.column}" + add.amount
         from unnest($1::text[], $2::int[]) as add(id, amount) where t.id = add.id`,
      [[...increment.amounts.keys()], [...increment.amounts.values()]],
    );
  }
}

// ---------------------------------------------------------------- database refusals, in the bundle's words

function explain(error: pg.DatabaseError, plan: Plan): string {
  const copied = /COPY (\w+), line (\d+)/.exec(error.where ?? '');
  const table = plan.tables.find((t) => t.name === (copied?.[1] ?? error.table));
  const index = copied ? Number(copied[2]) - 1 : -1;
  const row = table?.rows[index];
  const place = row ? table!.places[index]! : (table?.kind ?? 'bundle');
  const value = (column: string) => row?.[table!.columns.indexOf(column)];
  // An UPDATE of a row that was there before the import fails on the row's id; name the first record that added to it.
  const failingId = /Failing row contains \(([^,]+),/.exec(error.detail ?? '')?.[1];
  const increment = copied ? undefined : plan.increments.find((i) => i.table === error.table);
  const addedBy = failingId ? increment?.places.get(failingId) : undefined;

  switch (error.constraint) {
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
      const tz = String(value('tz') ?? 'UTC');
      const held = [...(error.detail ?? '').matchAll(/"([^"]+)","([^"]+)"/g)].at(-1);
      const other = held ? ` another appointment holds ${instantToLocal(new Date(held[1]!), tz)} to ${instantToLocal(new Date(held[2]!), tz)}` : '';
      return `${place}.datetime: facilitator ${value('facilitator_id')} is already booked then (appointment_no_overlap:${other || ' the times overlap'}, buffer included)`;
    }
    case 'voucher_company_id_code_unique':
      return `${place}.code: ${value('code')} is already the code of another voucher`;
    default:
      if (error.code === '23505' && error.constraint?.endsWith('_pkey')) return `${place}.id: ${value('id')} already exists`;
      return `${place}: ${error.message}${error.detail ? ` (${error.detail})` : ''}`;
  }
}
