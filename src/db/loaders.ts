/**
 * Per-request DataLoaders over plain rows: every relationship the graph walks is loaded in batches keyed
 * by id or by parent id, so the number of SQL statements depends on a query's depth, not on how many rows
 * it returns. Each statement selects the columns the graph serves (for bookings and transactions, only those
 * the GraphQL selection needs: `RowColumns`) and is limited to the request's company (src/db/reads.ts). A
 * statement of a fixed text is compiled at load (`statement`, src/db/query.ts); one whose select list,
 * filter or paging a request chooses is compiled once per shape (src/db/shapes.ts).
 */
import DataLoader from 'dataloader';
import type { RawBuilder } from 'kysely';
import { afterKey, cut, keyReading, orderOf, rowsToRead, type KeyReading, type SortKey } from './keyset.ts';
import { AMOUNT_OWED } from './payments-due.ts';
import { sql, statement, type Statement } from './query.ts';
import { isoInstant, localDateTime, type CompanyReads } from './reads.ts';
import { andEach, givenIn, givenKey, shape, Shapes, snapshot, withValues, type Given, type Shape } from './shapes.ts';
import type {
  AnswerRow, AppointmentRow, BookingRow, ChargeRow, CompanyRow, CustomerRow, DateOverrideRow, EventDateRow, EventRow, FacilitatorRow,
  MandateRow, MediaRow, NoteRow, PassPurchaseRow, PassRow, PaymentRow, PlanRow, PricingOptionRow, RowPage, ServiceOptionRow,
  PageRequest, ServiceRow, TransactionRow, VideoPurchaseRow, VoucherRow, WeeklyWindowRow,
} from './rows.ts';
import { WAITLIST_ENTRY_COLUMNS, WAITLISTS_OF_DATES, type WaitlistEntryRow } from './waitlist.ts';

type Raw = Record<string, any>;

/**
 * A row's columns by the GraphQL field that needs them, so a statement can read just what a selection asks
 * for: `always` is read by every statement (the id, and what loaders group by), a field's columns only
 * when the selection names that field (a field that a resolver follows needs the id it follows). A field
 * whose value is an object of its own (a booking's event date) has columns of its own, cut by what it
 * selects in turn, and always a flag that says it was read. A row read for a selection carries the
 * properties that selection's fields read; the others are undefined, and nothing reads them.
 */
export interface RowColumns {
  always: string;
  fields: Record<string, string | RowColumns>;
}

/** The fields a GraphQL selection names, each with what it selects in turn (resolvers/selection.ts). */
export interface FieldSelection {
  get(field: string): FieldSelection | undefined;
}

/** The select list of a row for a selection; without one, of every field. Fields may share columns. */
export function selectList(row: RowColumns, selection?: FieldSelection): string {
  const list = new Set([row.always]);
  for (const [field, columns] of Object.entries(row.fields)) {
    const selected = selection?.get(field);
    if (selection && !selected) continue;
    list.add(typeof columns === 'string' ? columns : selectList(columns, selected));
  }
  return [...list].join(', ');
}

/** A customer's columns; `deleted` is not a field of the graph, so only whole rows read it. */
function customerColumns(): RowColumns {
  return {
    always: 'c.id',
    fields: {
      firstName: 'c.firstname as "firstName"',
      lastName: 'c.lastname as "lastName"',
      email: 'c.email',
      mobile: 'c.mobile',
      archived: 'c.archived',
      createdAt: `${isoInstant('c.created_at')} as "createdAt"`,
      updatedAt: `${isoInstant('c.updated_at')} as "updatedAt"`,
      deleted: 'c.deleted_at is not null as deleted',
    },
  };
}

/**
 * A booking's columns over `booking b` and its joins (`bookingFrom`). Its event and event date come along,
 * each flagged (`with_event`, `with_date`) when read: their ids are read only when selected, or when a
 * field below them follows the id.
 */
function bookingColumns(): RowColumns {
  return {
    always: 'b.id, b.transaction_id as "transactionId"',
    fields: {
      isCancelled: 'b.is_cancelled as "isCancelled"',
      isRefunded: 'b.is_refunded as "isRefunded"',
      spaces: 'b.spaces',
      purchasedBy: 'tx.customer_id as "purchasedById"',
      boughtFor: 'b.bought_for_id as "boughtForId"',
      pricingOption: 'b.pricing_option_id as "pricingOptionId"',
      event: {
        always: 'true as with_event',
        fields: {
          id: 'e.id as event_id',
          name: 'e.name as event_name',
          description: 'e.description as event_description',
          kind: 'e.kind as event_kind',
          timezone: 'e.timezone as event_timezone',
          archived: 'e.archived_at is not null as event_archived',
          createdAt: `${isoInstant('e.created_at')} as event_created_at`,
          updatedAt: `${isoInstant('e.updated_at')} as event_updated_at`,
          dates: 'e.id as event_id',
          date: 'e.id as event_id',
          pricingOptions: 'e.id as event_id',
          registrations: 'e.id as event_id',
        },
      },
      eventDate: {
        always: 'true as with_date',
        fields: {
          id: 'd.id as date_id',
          datetime: `${localDateTime('d.starts_at', 'e.timezone')} as date_datetime`,
          startsAt: `${isoInstant('d.starts_at')} as date_starts_at`,
          tz: 'e.timezone as date_tz',
          duration: 'd.duration as date_duration',
          capacity: 'd.capacity as date_capacity',
          spacesBooked: 'd.spaces_booked as date_spaces_booked',
          spacesLeft: 'd.capacity - d.spaces_booked as date_spaces_left',
          cancelled: 'd.cancelled_at is not null as date_cancelled',
          waitlist: 'd.id as date_id',
          event: 'd.event_id as date_event_id',
          register: 'd.id as date_id',
        },
      },
      payment: 'b.payment_method, b.currency, b.base100_gross_price, b.base100_net_price, b.credits_used, b.pass_purchase_id',
      attended: 'b.attended',
    },
  };
}

/** The select lists of each row, over the table alias used in every statement below. */
export const COLUMNS = {
  customer: selectList(customerColumns()),
  event: `e.id, e.name, e.description, e.kind, e.timezone, e.archived_at is not null as archived,
    ${isoInstant('e.created_at')} as "createdAt", ${isoInstant('e.updated_at')} as "updatedAt"`,
  eventDate: `d.id, d.event_id as "eventId", ${localDateTime('d.starts_at', 'e.timezone')} as datetime,
    ${isoInstant('d.starts_at')} as "startsAt", e.timezone as tz, d.duration, d.capacity, d.spaces_booked as "spacesBooked",
    d.capacity - d.spaces_booked as "spacesLeft", d.cancelled_at is not null as cancelled`,
  pricingOption: 'p.id, p.event_id as "eventId", p.name, p.base100_price as "base100Price", p.credits',
  facilitator: 'f.id, f.name, f.timezone',
  service: 's.id, s.name, s.description, s.buffer_minutes as "bufferMinutes", s.active, s.deleted_at is not null as deleted',
  appointment: `a.id, a.status, a.customer_id as "customerId", a.service_id as "serviceId", a.option_name as "optionName",
    a.facilitator_id as "facilitatorId", ${localDateTime('a.starts_at', 'a.tz')} as datetime, ${isoInstant('a.starts_at')} as "startsAt",
    a.tz, a.duration_minutes as "durationMinutes", a.notes, ${localDateTime('a.created_at', 'a.tz')} as "createdAt",
    a.payment_method, a.currency, a.base100_price_paid, a.credits_used, a.payment_status, a.pass_purchase_id,
    a.settlement_method, ${isoInstant('a.settled_at')} as settled_at`,
  pass: `t.id, t.name, t.description, t.credits, t.validity_days as "validityDays", t.base100_price as "base100Price", t.active,
    ${isoInstant('t.created_at')} as "createdAt", ${isoInstant('t.updated_at')} as "updatedAt"`,
  passPurchase: `pp.id, pp.template_id as "passId", pp.customer_id as "customerId", pp.credits_allocated as "creditsAllocated",
    pp.credits_consumed as "creditsConsumed", pp.credits_allocated - pp.credits_consumed as "creditsRemaining",
    ${isoInstant('pp.created_at')} as "createdAt", pp.starts, pp.expires, pp.is_cancelled as "isCancelled", pp.is_refunded as "isRefunded",
    pp.currency, pp.base100_gross_price, pp.base100_discount, pp.base100_net_price`,
  media: 'm.id, m.name, m.description, m.base100_price as "base100Price", m.credits, m.access_days as "accessDays", m.active',
  videoPurchase: `v.id, v.media_id as "mediaId", v.customer_id as "customerId", ${isoInstant('v.created_at')} as "createdAt",
    v.expires_on as "expiresOn", v.is_cancelled as "isCancelled", v.is_refunded as "isRefunded",
    v.payment_method, v.currency, v.base100_price, v.credits_used, v.pass_purchase_id`,
  plan: `sp.id, sp.name, sp.description, sp.base100_price as "base100Price", sp.currency, sp.interval, sp.active,
    sp.grace_days as "graceDays", sp.minimum_term_periods as "minimumTermPeriods"`,
  mandate: `md.id, md.plan_id as "planId", md.customer_id as "customerId", md.state, ${isoInstant('md.created_at')} as "createdAt",
    md.grace, md.earliest_cancellation_date as "earliestCancellationDate", md.renewal_date as "renewalDate",
    md.anchor_date as "anchorDate", md.cancel_at as "endsOn", ${isoInstant('md.cancelled_at')} as "cancelledAt",
    ${isoInstant('md.paused_at')} as "pausedAt"`,
  charge: `ch.id, ch.mandate_id as "mandateId", ch.period_start as "periodStart", ch.period_end as "periodEnd",
    ch.base100_amount as "base100Amount", ch.currency, ch.status, ${isoInstant('ch.created_at')} as "createdAt",
    ${isoInstant('ch.settled_at')} as "settledAt", ch.settlement_method as "settlementMethod"`,
  voucher: `vc.id, vc.code, vc.description, vc.percent_off as "percentOff", vc.base100_amount_off as "base100AmountOff",
    vc.valid_from as "validFrom", vc.valid_until as "validUntil", vc.max_redemptions as "maxRedemptions", vc.redemptions, vc.active`,
  note: `n.id, n.customer_id as "customerId", n.body, n.author, ${isoInstant('n.created_at')} as "createdAt", n.appointment_id as "appointmentId"`,
  answer: `q.id, q.customer_id as "customerId", q.questionnaire, q.question, q.answer, ${isoInstant('q.answered_at')} as "answeredAt"`,
  /** A booking with its event, its event date and its payer. */
  booking: selectList(bookingColumns()),
} as const;

/**
 * A statement's `from` clause: a table with its alias (`note n`), or one with joins that name the company
 * (`bookingFrom`).
 */
type From = string | ((companyId: unknown) => RawBuilder<unknown>);

const fromClause = (from: From, companyId: unknown): RawBuilder<unknown> => (typeof from === 'string' ? sql.raw(from) : from(companyId));

/**
 * A booking with the joins its columns need. Each joins a row that a foreign key guarantees, so a left join
 * finds the same rows, and PostgreSQL drops a left join whose columns the statement does not use: a booking
 * read for a selection joins only the tables that selection needs. It drops one only when the join names a
 * whole unique key, and the primary keys are `(id, company_id)`: each join names the company too. Joined on
 * the id alone, every booking looked its transaction up for nothing (a quarter of the bookings' statement
 * of a nested page of 100, measured 2026-11-29).
 */
export const bookingFrom = (companyId: unknown) =>
  sql`booking b left join event_transaction tx on tx.id = b.transaction_id and tx.company_id = ${companyId}
  left join event_date d on d.id = b.event_date_id and d.company_id = ${companyId}
  left join event e on e.id = d.event_id and e.company_id = ${companyId}`;

export function payment(raw: Raw, gross: number | null, net: number | null, status: PaymentRow['status'] = 'PAID'): PaymentRow {
  return {
    method: raw.payment_method,
    currency: raw.currency,
    base100GrossPrice: gross ?? 0,
    base100NetPrice: net ?? gross ?? 0,
    creditsUsed: raw.credits_used ?? 0,
    status,
    passPurchaseId: raw.pass_purchase_id,
    settlementMethod: raw.settlement_method ?? null,
    settledAt: raw.settled_at ?? null,
  };
}

/** Each part of a booking's row: its properties, each with the column (`bookingColumns`' alias) it is read from. */
const BOOKING_PARTS: Record<'booking' | 'event' | 'eventDate', ReadonlyArray<readonly [property: string, column: string]>> = {
  booking: ['id', 'transactionId', 'purchasedById', 'boughtForId', 'pricingOptionId', 'spaces', 'isCancelled', 'isRefunded', 'attended'].map((p) => [p, p] as const),
  event: [
    ['id', 'event_id'], ['name', 'event_name'], ['description', 'event_description'], ['kind', 'event_kind'], ['timezone', 'event_timezone'],
    ['archived', 'event_archived'], ['createdAt', 'event_created_at'], ['updatedAt', 'event_updated_at'],
  ],
  eventDate: [
    ['id', 'date_id'], ['eventId', 'date_event_id'], ['datetime', 'date_datetime'], ['startsAt', 'date_starts_at'], ['tz', 'date_tz'],
    ['duration', 'date_duration'], ['capacity', 'date_capacity'], ['spacesBooked', 'date_spaces_booked'], ['spacesLeft', 'date_spaces_left'],
    ['cancelled', 'date_cancelled'],
  ],
};

/** The names a select list gives its columns: each alias, or the column's own name (`b.spaces`). */
function columnNames(columns: string): Set<string> {
  const names = new Set<string>();
  for (const piece of columns.split(/,\s*/)) {
    const named = /(?:\bas\s+"?(\w+)"?|^\s*[a-z]+\.(\w+))\s*$/.exec(piece);
    if (named) names.add(named[1] ?? named[2]!);
  }
  return names;
}

/** Builders remembered, one per select list (a client's selections make new ones); past it, the oldest is forgotten. */
const BOOKING_ROWS_KEPT = 256;
const bookingRows = new Map<string, (r: Raw) => BookingRow>();

/**
 * How a booking's row is built from a statement's columns (`bookingColumns`, cut to a selection): an object
 * of just the properties those columns carry, its event and event date objects only when read and each of
 * just its own. Written once per select list as one object literal: a page of customers with their
 * bookings builds a thousand of them, and objects of the few properties a selection reads are quicker to
 * build and to collect than ones with every property and most of them undefined. A property the selection
 * did not read is absent, which reads as undefined, as before.
 */
export function bookingRowsOf(columns: string): (r: Raw) => BookingRow {
  let build = bookingRows.get(columns);
  if (!build) {
    const read = columnNames(columns);
    const properties = (part: keyof typeof BOOKING_PARTS) =>
      BOOKING_PARTS[part].filter(([, column]) => read.has(column)).map(([property, column]) => `${property}: r.${column}`);
    const fields = properties('booking');
    if (read.has('with_event')) fields.push(`event: { ${properties('event').join(', ')} }`);
    if (read.has('with_date')) fields.push(`eventDate: { ${properties('eventDate').join(', ')} }`);
    if (read.has('payment_method')) fields.push('payment: payment(r, r.base100_gross_price, r.base100_net_price)');
    // The text is made of the constant names above, never of anything a request sends.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- one compiled row builder per column set, for speed (see above)
    build = new Function('payment', `return (r) => ({ ${fields.join(', ')} });`)(payment) as (r: Raw) => BookingRow;
    if (bookingRows.size >= BOOKING_ROWS_KEPT) bookingRows.delete(bookingRows.keys().next().value!);
    bookingRows.set(columns, build);
  }
  return build;
}

export const toAppointment = (r: Raw): AppointmentRow => ({
  id: r.id,
  status: r.status,
  customerId: r.customerId,
  serviceId: r.serviceId,
  optionName: r.optionName,
  facilitatorId: r.facilitatorId,
  datetime: r.datetime,
  startsAt: r.startsAt,
  tz: r.tz,
  durationMinutes: r.durationMinutes,
  notes: r.notes,
  createdAt: r.createdAt,
  payment: payment(r, r.base100_price_paid, r.base100_price_paid, r.payment_status),
});

export const toPassPurchase = (r: Raw): PassPurchaseRow => ({
  id: r.id,
  passId: r.passId,
  customerId: r.customerId,
  creditsAllocated: r.creditsAllocated,
  creditsConsumed: r.creditsConsumed,
  creditsRemaining: r.creditsRemaining,
  createdAt: r.createdAt,
  starts: r.starts,
  expires: r.expires,
  isCancelled: r.isCancelled,
  isRefunded: r.isRefunded,
  paymentDetails: {
    currency: r.currency,
    base100GrossPrice: r.base100_gross_price,
    base100Discount: r.base100_discount,
    base100NetPrice: r.base100_net_price,
  },
});

export const toVideoPurchase = (r: Raw): VideoPurchaseRow => ({
  id: r.id,
  mediaId: r.mediaId,
  customerId: r.customerId,
  createdAt: r.createdAt,
  expiresOn: r.expiresOn,
  isCancelled: r.isCancelled,
  isRefunded: r.isRefunded,
  payment: payment(r, r.base100_price, r.base100_price),
});

const same = <R, T>(row: R) => row as unknown as T;

/** What every loader below reads with: the company's statements, and the company (for its timezone). */
interface Source {
  reads: CompanyReads;
  company: () => Promise<CompanyRow>;
}

/**
 * Where a select list needs the company's timezone (local datetimes in the company's time), it says `{zone}`,
 * and the statement puts the timezone there (`zoned`).
 */
const ZONE = '{zone}';

/** A select list (constant SQL of the code) with the SQL `zone` where it says ZONE. */
function zoned(columns: string, zone: RawBuilder<unknown>): RawBuilder<unknown> {
  return columns.includes(ZONE) ? sql.join(columns.split(ZONE).map((part) => sql.raw(part)), zone) : sql.raw(columns);
}

/** The arguments of a statement of rows by their ids. */
interface ByIds {
  companyId: string;
  ids: readonly string[];
  /** The company's timezone, for a select list that says ZONE. */
  zone?: string;
}

/** A loader's statement of rows by id, and whether its select list needs the company's timezone. */
interface ByIdStatement<R> {
  rows: Statement<ByIds, R>;
  zoned: boolean;
}

/**
 * The statement of a loader of rows by id, compiled at load: `select <columns> from <from> where
 * <alias>.company_id = … and <alias>.id = any(…)`. A select list in the company's timezone takes it as an
 * argument, as the child pages do (the loader has the company at hand).
 */
function byIdStatement<R>(name: string, from: From, alias: string, columns: string): ByIdStatement<R> {
  return {
    zoned: columns.includes(ZONE),
    rows: statement(`loaders.byId.${name}`, (p: ByIds) =>
      sql<R>`select ${zoned(columns, sql`${p.zone}::text`)} from ${fromClause(from, p.companyId)} where ${sql.raw(alias)}.company_id = ${p.companyId} and ${sql.raw(alias)}.id = any(${p.ids}::text[])`,
    ),
  };
}

/** Rows by id, read with their loader's statement (`byIdStatement`). */
function byId<R extends { id: string }, T extends { id: string } = R>(source: Source, { rows, zoned }: ByIdStatement<R>, map: (row: R) => T = same) {
  return new DataLoader<string, T | null>(async (ids) => {
    const zone = zoned ? (await source.company()).timezone : undefined;
    const found = new Map<string, T>();
    for (const row of await source.reads.select(rows, { ids, zone })) found.set(row.id, map(row));
    return ids.map((id) => found.get(id) ?? null);
  });
}

/** One loader per column set, made on first use: rows read for one selection never answer another. */
function perColumns<L>(make: (columns: string) => L): (columns: string) => L {
  const made = new Map<string, L>();
  return (columns) => {
    let loader = made.get(columns);
    if (!loader) made.set(columns, (loader = make(columns)));
    return loader;
  };
}

/** The arguments of a statement of the children of parents, by the parents' ids. */
interface ByParents {
  companyId: string;
  parentIds: readonly string[];
}

/** Every child of each parent, in the statement's order. */
function childrenOf<R, T = R>(source: Source, rows: Statement<ByParents, R>, parentKey: keyof R, map: (row: R) => T = same) {
  return new DataLoader<string, T[]>(async (parentIds) => {
    const groups = new Map<string, T[]>(parentIds.map((id) => [id, []]));
    for (const row of await source.reads.select(rows, { parentIds })) groups.get(row[parentKey] as string)?.push(map(row));
    return parentIds.map((id) => groups.get(id)!);
  });
}

const NO_CHILDREN: readonly never[] = Object.freeze([]);

/**
 * Each parent's children set on it as `property`: one statement for every list of parents asked for in the
 * same tick (each customer of a page hands over its transactions, and one statement reads all their
 * bookings). A parent without children gets an empty list. Not cached: a list is filled once.
 */
function childrenOnto<P extends { id: string }, R, T = R>(source: Source, rows: Statement<ByParents, R>, parentKey: keyof R, property: string, map: (row: R) => T = same) {
  return new DataLoader<readonly P[], true>(
    async (lists) => {
      const parentIds = new Set<string>();
      for (const list of lists) for (const parent of list) parentIds.add(parent.id);
      // A list is made when its first child arrives: most parents of a page have one child or none, and
      // those without share one empty list.
      const children = new Map<string, T[]>();
      if (parentIds.size) {
        for (const row of await source.reads.select(rows, { parentIds: [...parentIds] })) {
          const parentId = row[parentKey] as string;
          const list = children.get(parentId);
          if (list) list.push(map(row));
          else children.set(parentId, [map(row)]);
        }
      }
      for (const list of lists) for (const parent of list) (parent as Record<string, unknown>)[property] = children.get(parent.id) ?? NO_CHILDREN;
      return lists.map(() => true as const);
    },
    { cache: false },
  );
}

/** The bookings of transactions by the columns of a selection (ROW_COLUMNS.booking): a shape per select list. */
const BOOKINGS_OF_TRANSACTIONS = new Shapes<string, Shape<ByParents, Raw>>();
const bookingsOfTransactions = (columns: string) =>
  BOOKINGS_OF_TRANSACTIONS.get(columns, () =>
    shape((p: ByParents) =>
      sql<Raw>`select ${sql.raw(columns)} from ${bookingFrom(p.companyId)} where b.company_id = ${p.companyId} and b.transaction_id = any(${p.parentIds}::text[]) order by b.id`,
    ),
  );
snapshot('loaders.bookingsOfTransactions', bookingsOfTransactions(COLUMNS.booking));

export interface ChildPageKey<F = undefined> extends PageRequest {
  parentId: string;
  filter?: F;
  /** The caller will ask for the total: it is counted in the page's own statement. */
  withTotal?: boolean;
}

/** A filter's conditions over its values (placeholders), each when its value is given (src/db/shapes.ts `Given`). */
type FilterConditions<F> = (p: F, given: Given<F>) => readonly (RawBuilder<unknown> | false)[];

interface PagedSpec<F> {
  /** The `from` clause with the alias, such as `note n`. */
  from: From;
  alias: string;
  /** The column naming the parent, such as `customer_id`. */
  parent: string;
  key: SortKey;
  where?: FilterConditions<F>;
}

/** The arguments of the totals of children, besides the filter's values. */
interface ChildTotalArgs {
  companyId: string;
  parentIds: readonly string[];
}

/** The arguments of a page of children, besides the filter's values. */
interface ChildPageArgs extends ChildTotalArgs {
  limit: number;
  offset: number;
  /** The key the page starts after. */
  after: readonly string[] | undefined;
  /** The company's timezone, for a select list that says ZONE. */
  zone: string | undefined;
}

/** A filter of none. */
type NoFilter = Record<never, never>;

/** The shapes of a child page over one select list: how its rows' keys are read, and its statements by paging and filter. */
interface ColumnPages<F> {
  key: KeyReading;
  shapes: Shapes<string, Shape<ChildPageArgs & F, Raw>>;
}

/**
 * The statements of one kind of child page (`pagedChildren`), compiled per shape: the totals by the filter
 * values given; the pages by select list, then by paging (counted alongside, looking ahead, after a key)
 * and the filter values given.
 */
class ChildPages<F extends object = NoFilter> {
  readonly #spec: PagedSpec<F>;
  readonly #company: RawBuilder<unknown>;
  readonly #parent: RawBuilder<unknown>;
  readonly #totals = new Shapes<string, Shape<ChildTotalArgs & F, { parent: string; total: number }>>();
  readonly #pages = new Shapes<string, ColumnPages<F>>();

  constructor(spec: PagedSpec<F>) {
    this.#spec = spec;
    this.#company = sql.raw(`${spec.alias}.company_id`);
    this.#parent = sql.raw(`${spec.alias}.${spec.parent}`);
  }

  /** The filter's conditions given, each after ` and `. */
  #where(p: F, given: Given<F>): RawBuilder<unknown> {
    return andEach(this.#spec.where?.(p, given) ?? []);
  }

  /** The totals of the parents `parentIds`, filtered by `filter`. */
  totals(filter: F) {
    return this.#totals.get(givenKey(filter), () =>
      shape((p: ChildTotalArgs & F) =>
        sql<{ parent: string; total: number }>`select ${this.#parent} as parent, count(*)::int as total from ${fromClause(this.#spec.from, p.companyId)}
          where ${this.#company} = ${p.companyId} and ${this.#parent} = any(${p.parentIds}::text[])${this.#where(p, givenIn(filter))} group by 1`,
      ),
    );
  }

  /** The statement of a page of `columns` for `request`, and where it reads its rows' keys (with look-ahead). */
  page(columns: string, request: PageRequest, filter: F, withTotal: boolean): { rows: Shape<ChildPageArgs & F, Raw>; key: KeyReading | undefined } {
    const byColumns = this.#pages.get(columns, () => ({ key: keyReading(this.#spec.key, columns), shapes: new Shapes<string, Shape<ChildPageArgs & F, Raw>>() }));
    const key = request.lookAhead ? byColumns.key : undefined;
    const after = !!request.after;
    const variant = `${withTotal ? 'counted ' : ''}${key ? 'ahead ' : ''}${after ? 'after ' : ''}${givenKey(filter)}`;
    return { rows: byColumns.shapes.get(variant, () => this.#page(columns, key, after, withTotal, givenIn(filter))), key };
  }

  /**
   * A LATERAL subquery per parent, so the index on the parent column reads just that page; counted
   * alongside, each parent's total in the same statement (a parent without children on the page keeps its row).
   */
  #page(columns: string, key: KeyReading | undefined, after: boolean, withTotal: boolean, given: Given<F>) {
    const { key: order } = this.#spec;
    return shape((p: ChildPageArgs & F) => {
      const where = this.#where(p, given);
      const keyset = after ? sql` and ${afterKey(order, p.after!)}` : sql``;
      const children = sql`select ${zoned(columns, sql`${p.zone}::text`)}${sql.raw(key?.sql ?? '')} from ${fromClause(this.#spec.from, p.companyId)}
               where ${this.#company} = ${p.companyId} and ${this.#parent} = page.parent_id${where}${keyset}
               order by ${sql.raw(orderOf(order))} limit ${p.limit} offset ${p.offset}`;
      return withTotal
        ? sql<Raw>`select page.parent_id as page_parent, page.total as page_total, child.* from (
                   select parent_id, (select count(*)::int from ${fromClause(this.#spec.from, p.companyId)}
                     where ${this.#company} = ${p.companyId} and ${this.#parent} = parent_id${where}) as total
                   from unnest(${p.parentIds}::text[]) as parents(parent_id)) page
                 left join lateral (${children}) child on true`
        : sql<Raw>`select page.parent_id as page_parent, child.* from unnest(${p.parentIds}::text[]) as page(parent_id)
                 cross join lateral (${children}) child`;
    });
  }

  /**
   * Its shapes kept in the SQL snapshot under `name`: the totals and the first page of `columns`, and a
   * page after a key, looking ahead and counted alongside, with every value of `filter` given.
   */
  snapshot(name: string, columns: string, filter: F): this {
    const after = { page: 0, pageSize: 1, lookAhead: true, after: [] };
    snapshot(`${name}.total`, this.totals({} as F));
    snapshot(`${name}.page`, this.page(columns, { page: 0, pageSize: 1 }, {} as F, false).rows);
    snapshot(`${name}.afterCounted`, this.page(columns, after, filter, true).rows);
    return this;
  }
}

const filterTexts = new WeakMap<object, string>();

/** A filter as text, written once per filter object (resolvers share one among the parents of a page). */
function filterText(filter: unknown): string {
  if (typeof filter !== 'object' || filter === null) return JSON.stringify(filter ?? null);
  let text = filterTexts.get(filter);
  if (text === undefined) filterTexts.set(filter, (text = JSON.stringify(filter)));
  return text;
}

/** What the keys of one statement share: the page (or the key it starts after), whether it counts and looks ahead, and the filter. */
const groupName = (key: ChildPageKey<unknown>) =>
  `${key.page} ${key.pageSize} ${!!key.withTotal} ${!!key.lookAhead} ${key.after ? JSON.stringify(key.after) : ''} ${filterText(key.filter)}`;
/** A key's name in its loader's cache. The batch functions find their keys' answers by the key objects themselves. */
const cacheKey = (key: ChildPageKey<unknown>) => `${key.parentId} ${groupName(key)}`;

/** Keys that share a page, a filter and whether they count: one statement each. */
function groupsOf<F extends object>(keys: readonly ChildPageKey<F>[]) {
  const groups = new Map<string, { keys: ChildPageKey<F>[]; parentIds: string[]; filter: F; withTotal: boolean }>();
  for (const key of keys) {
    const name = groupName(key);
    let group = groups.get(name);
    if (!group) groups.set(name, (group = { keys: [], parentIds: [], filter: key.filter ?? ({} as F), withTotal: !!key.withTotal }));
    group.keys.push(key);
    if (!group.parentIds.includes(key.parentId)) group.parentIds.push(key.parentId);
  }
  return groups.values();
}

/**
 * One page of children for each parent: one statement for all the parents that ask for the same page and
 * filter (ChildPages). A page's total is counted only when it is asked for: in the page's own statement when
 * the caller says so up front (`withTotal`), else in one grouped statement for the batch when it is first
 * read. One loader of pages per column set (`perColumns`); the totals do not depend on the columns and are shared.
 */
function pagedChildren<T, F extends object = NoFilter>(source: Source, pages: ChildPages<F>, map: (row: Raw) => T = same) {
  const totals = new DataLoader<ChildPageKey<F>, number, string>(
    async (keys) => {
      const found = new Map<ChildPageKey<F>, number>();
      for (const group of groupsOf(keys)) {
        const rows = await source.reads.select(pages.totals(group.filter), withValues<ChildTotalArgs, F>(group.filter, { parentIds: group.parentIds }));
        const byParent = new Map(rows.map((r) => [r.parent, r.total]));
        for (const key of group.keys) found.set(key, byParent.get(key.parentId) ?? 0);
      }
      return keys.map((key) => found.get(key)!);
    },
    { cacheKeyFn: cacheKey },
  );
  return perColumns((columns) =>
    new DataLoader<ChildPageKey<F>, RowPage<T>, string>(
      async (keys) => {
        const found = new Map<ChildPageKey<F>, RowPage<T>>();
        for (const group of groupsOf(keys)) {
          const request = group.keys[0]!;
          const { page, pageSize, after } = request;
          const { rows: statement, key } = pages.page(columns, request, group.filter, group.withTotal);
          const zone = statement.takes('zone') ? (await source.company()).timezone : undefined;
          const args = { parentIds: group.parentIds, limit: rowsToRead(request), offset: after ? 0 : page * pageSize, after, zone };
          const rows = await source.reads.select(statement, withValues<ChildPageArgs, F>(group.filter, args));
          const byParent = new Map<string, Raw[]>(group.parentIds.map((id) => [id, []]));
          const counted = new Map<string, number>();
          for (const raw of rows) {
            if (group.withTotal) counted.set(raw.page_parent, raw.page_total);
            // A parent without children on this page still has its row, for its total.
            if (raw.id !== null) byParent.get(raw.page_parent)!.push(raw);
          }
          for (const one of group.keys) {
            const total = counted.get(one.parentId);
            const cutPage = cut(byParent.get(one.parentId)!, request, map, key);
            found.set(one, { ...cutPage, total: total === undefined ? () => totals.load(one) : () => total, page, pageSize });
          }
        }
        return keys.map((key) => found.get(key)!);
      },
      { cacheKeyFn: cacheKey },
    ),
  );
}

export interface TransactionFilter {
  /** Inclusive lower and exclusive upper bound of the purchase instant, ISO. */
  from: string | null;
  until: string | null;
  /** Only transactions with a booking whose date starts after this instant. */
  futureOnlyAfter: string | null;
}

const transactionConditions: FilterConditions<TransactionFilter> = (f, given) => [
  given('from') && sql`t.purchased_at >= ${f.from}::timestamptz`,
  given('until') && sql`t.purchased_at < ${f.until}::timestamptz`,
  given('futureOnlyAfter') &&
    sql`exists (select 1 from booking fb join event_date fd on fd.id = fb.event_date_id where fb.transaction_id = t.id and fd.starts_at > ${f.futureOnlyAfter}::timestamptz)`,
];

/** The rows that statements cut to a selection (`selectList`). */
export const ROW_COLUMNS = {
  customer: customerColumns(),
  booking: bookingColumns(),
  transaction: {
    always: 't.id',
    fields: {
      purchaseDate: `${localDateTime('t.purchased_at', ZONE)} as "purchaseDate"`,
      purchasedAt: `${isoInstant('t.purchased_at')} as "purchasedAt"`,
      tz: `${ZONE} as tz`,
      purchasedBy: 't.customer_id as "customerId"',
    },
  },
} as const satisfies Record<string, RowColumns>;

const TRANSACTION = selectList(ROW_COLUMNS.transaction);

/** Newest first, by an instant and then the id: the order of a customer's records. */
const newestFirst = (instant: string, id: string): SortKey => ({ columns: [[instant, 'timestamptz'], [id, 'text']], descending: true });
const idOrder = (id: string): SortKey => ({ columns: [[id, 'text']] });

/** The statements of rows by id, one per loader, compiled at load. */
const BY_ID = {
  customer: byIdStatement<CustomerRow>('customer', 'customer c', 'c', COLUMNS.customer),
  transaction: byIdStatement<TransactionRow>('transaction', 'event_transaction t', 't', TRANSACTION),
  booking: byIdStatement<Raw & { id: string }>('booking', bookingFrom, 'b', COLUMNS.booking),
  event: byIdStatement<EventRow>('event', 'event e', 'e', COLUMNS.event),
  eventDate: byIdStatement<EventDateRow>('eventDate', 'event_date d join event e on e.id = d.event_id', 'd', COLUMNS.eventDate),
  pricingOption: byIdStatement<PricingOptionRow>('pricingOption', 'pricing_option p', 'p', COLUMNS.pricingOption),
  facilitator: byIdStatement<FacilitatorRow>('facilitator', 'facilitator f', 'f', COLUMNS.facilitator),
  service: byIdStatement<ServiceRow>('service', 'service s', 's', COLUMNS.service),
  appointment: byIdStatement<Raw & { id: string }>('appointment', 'appointment a', 'a', COLUMNS.appointment),
  pass: byIdStatement<PassRow>('pass', 'pass_template t', 't', COLUMNS.pass),
  passPurchase: byIdStatement<Raw & { id: string }>('passPurchase', 'pass_purchase pp', 'pp', COLUMNS.passPurchase),
  media: byIdStatement<MediaRow>('media', 'media m', 'm', COLUMNS.media),
  videoPurchase: byIdStatement<Raw & { id: string }>('videoPurchase', 'video_purchase v', 'v', COLUMNS.videoPurchase),
  plan: byIdStatement<PlanRow>('plan', 'subscription_plan sp', 'sp', COLUMNS.plan),
  mandate: byIdStatement<MandateRow>('mandate', 'mandate md', 'md', COLUMNS.mandate),
  charge: byIdStatement<ChargeRow>('charge', 'subscription_charge ch', 'ch', COLUMNS.charge),
  voucher: byIdStatement<VoucherRow>('voucher', 'voucher vc', 'vc', COLUMNS.voucher),
  note: byIdStatement<NoteRow>('note', 'note n', 'n', COLUMNS.note),
  answer: byIdStatement<AnswerRow>('answer', 'questionnaire_answer q', 'q', COLUMNS.answer),
  waitlistEntry: byIdStatement<WaitlistEntryRow>('waitlistEntry', 'waitlist_entry w', 'w', WAITLIST_ENTRY_COLUMNS),
};

/** The statements of every child of parents that is read whole, compiled at load. */
const CHILDREN = {
  datesOfEvent: statement('loaders.datesOfEvent', (p: ByParents) =>
    sql<EventDateRow>`select ${sql.raw(COLUMNS.eventDate)} from event_date d join event e on e.id = d.event_id
     where d.company_id = ${p.companyId} and d.event_id = any(${p.parentIds}::text[]) order by d.starts_at, d.id`,
  ),
  pricingOptionsOfEvent: statement('loaders.pricingOptionsOfEvent', (p: ByParents) =>
    sql<PricingOptionRow>`select ${sql.raw(COLUMNS.pricingOption)} from pricing_option p
     where p.company_id = ${p.companyId} and p.event_id = any(${p.parentIds}::text[]) order by p.name, p.id`,
  ),
  optionsOfService: statement('loaders.optionsOfService', (p: ByParents) =>
    sql<ServiceOptionRow>`select o.service_id as "serviceId", o.name, o.duration_minutes as "durationMinutes", o.base100_price as "base100Price", o.credits, o.active
     from service_option o where o.company_id = ${p.companyId} and o.service_id = any(${p.parentIds}::text[]) and o.deleted_at is null order by o.name`,
  ),
  windowsOfFacilitator: statement('loaders.windowsOfFacilitator', (p: ByParents) =>
    sql<WeeklyWindowRow>`select w.facilitator_id as "facilitatorId", w.weekday, to_char(w.start_time, 'HH24:MI') as start, to_char(w.end_time, 'HH24:MI') as "end"
     from facilitator_window w where w.company_id = ${p.companyId} and w.facilitator_id = any(${p.parentIds}::text[]) order by w.weekday, w.start_time`,
  ),
  overridesOfFacilitator: statement('loaders.overridesOfFacilitator', (p: ByParents) =>
    sql<DateOverrideRow>`select o.facilitator_id as "facilitatorId", o.date, o.windows
     from facilitator_date_override o where o.company_id = ${p.companyId} and o.facilitator_id = any(${p.parentIds}::text[]) order by o.date`,
  ),
};

/** The statements of each kind of child page, by shape; their first shapes are in the SQL snapshot. */
const PAGES = {
  transactionsOfCustomer: new ChildPages<TransactionFilter>({
    from: 'event_transaction t', alias: 't', parent: 'customer_id', key: newestFirst('t.purchased_at', 't.id'), where: transactionConditions,
  }).snapshot('loaders.transactionsOfCustomer', TRANSACTION, { from: 'from', until: 'until', futureOnlyAfter: 'after' }),
  passPurchasesOfCustomer: new ChildPages({ from: 'pass_purchase pp', alias: 'pp', parent: 'customer_id', key: newestFirst('pp.created_at', 'pp.id') })
    .snapshot('loaders.passPurchasesOfCustomer', COLUMNS.passPurchase, {}),
  purchasesOfPass: new ChildPages({ from: 'pass_purchase pp', alias: 'pp', parent: 'template_id', key: newestFirst('pp.created_at', 'pp.id') })
    .snapshot('loaders.purchasesOfPass', COLUMNS.passPurchase, {}),
  videoPurchasesOfCustomer: new ChildPages({ from: 'video_purchase v', alias: 'v', parent: 'customer_id', key: newestFirst('v.created_at', 'v.id') })
    .snapshot('loaders.videoPurchasesOfCustomer', COLUMNS.videoPurchase, {}),
  mandatesOfCustomer: new ChildPages({ from: 'mandate md', alias: 'md', parent: 'customer_id', key: newestFirst('md.created_at', 'md.id') })
    .snapshot('loaders.mandatesOfCustomer', COLUMNS.mandate, {}),
  chargesOfMandate: new ChildPages({ from: 'subscription_charge ch', alias: 'ch', parent: 'mandate_id', key: { columns: [['ch.period_start', 'date']], descending: true } })
    .snapshot('loaders.chargesOfMandate', COLUMNS.charge, {}),
  appointmentsOfCustomer: new ChildPages({ from: 'appointment a', alias: 'a', parent: 'customer_id', key: newestFirst('a.starts_at', 'a.id') })
    .snapshot('loaders.appointmentsOfCustomer', COLUMNS.appointment, {}),
  notesOfCustomer: new ChildPages({ from: 'note n', alias: 'n', parent: 'customer_id', key: newestFirst('n.created_at', 'n.id') })
    .snapshot('loaders.notesOfCustomer', COLUMNS.note, {}),
  answersOfCustomer: new ChildPages({ from: 'questionnaire_answer q', alias: 'q', parent: 'customer_id', key: newestFirst('q.answered_at', 'q.id') })
    .snapshot('loaders.answersOfCustomer', COLUMNS.answer, {}),
  registrationsOfEvent: new ChildPages({ from: bookingFrom, alias: 'd', parent: 'event_id', key: idOrder('b.id') })
    .snapshot('loaders.registrationsOfEvent', COLUMNS.booking, {}),
  registerOfEventDate: new ChildPages({ from: bookingFrom, alias: 'b', parent: 'event_date_id', key: idOrder('b.id') })
    .snapshot('loaders.registerOfEventDate', COLUMNS.booking, {}),
};

/** A page of children read whole, by the columns of its row. */
const page = <T>(source: Source, pages: ChildPages, columns: string, map?: (row: Raw) => T) => pagedChildren<T>(source, pages, map)(columns);

const booking = bookingRowsOf(COLUMNS.booking);

/** Every loader of a request, by what it loads; each is made when first used (src/db/loaders.ts `createLoaders`). */
const LOADERS = {
  customer: (source: Source) => byId(source, BY_ID.customer),
  transaction: (source: Source) => byId(source, BY_ID.transaction),
  booking: (source: Source) => byId(source, BY_ID.booking, booking),
  event: (source: Source) => byId(source, BY_ID.event),
  eventDate: (source: Source) => byId(source, BY_ID.eventDate),
  pricingOption: (source: Source) => byId(source, BY_ID.pricingOption),
  facilitator: (source: Source) => byId(source, BY_ID.facilitator),
  service: (source: Source) => byId(source, BY_ID.service),
  appointment: (source: Source) => byId(source, BY_ID.appointment, toAppointment),
  pass: (source: Source) => byId(source, BY_ID.pass),
  passPurchase: (source: Source) => byId(source, BY_ID.passPurchase, toPassPurchase),
  media: (source: Source) => byId(source, BY_ID.media),
  videoPurchase: (source: Source) => byId(source, BY_ID.videoPurchase, toVideoPurchase),
  plan: (source: Source) => byId(source, BY_ID.plan),
  mandate: (source: Source) => byId(source, BY_ID.mandate),
  charge: (source: Source) => byId(source, BY_ID.charge),
  voucher: (source: Source) => byId(source, BY_ID.voucher),
  note: (source: Source) => byId(source, BY_ID.note),
  answer: (source: Source) => byId(source, BY_ID.answer),
  waitlistEntry: (source: Source) => byId(source, BY_ID.waitlistEntry),

  /** By the columns of the selection (ROW_COLUMNS.booking). */
  bookingsOfTransaction: (source: Source) => perColumns((columns) => childrenOf(source, bookingsOfTransactions(columns), 'transactionId', bookingRowsOf(columns))),
  /** The same, set on each transaction of a page as `bookings` (a list read with its parent: schema `@readWithParent`). */
  bookingsOntoTransactions: (source: Source) =>
    perColumns((columns) => childrenOnto<TransactionRow, Raw, BookingRow>(source, bookingsOfTransactions(columns), 'transactionId', 'bookings', bookingRowsOf(columns))),
  datesOfEvent: (source: Source) => childrenOf(source, CHILDREN.datesOfEvent, 'eventId'),
  pricingOptionsOfEvent: (source: Source) => childrenOf(source, CHILDREN.pricingOptionsOfEvent, 'eventId'),
  waitlistOfEventDate: (source: Source) => childrenOf(source, WAITLISTS_OF_DATES, 'eventDateId'),
  optionsOfService: (source: Source) => childrenOf(source, CHILDREN.optionsOfService, 'serviceId'),
  windowsOfFacilitator: (source: Source) => childrenOf(source, CHILDREN.windowsOfFacilitator, 'facilitatorId'),
  overridesOfFacilitator: (source: Source) => childrenOf(source, CHILDREN.overridesOfFacilitator, 'facilitatorId'),

  /** By the columns of the selection (ROW_COLUMNS.transaction). */
  transactionsOfCustomer: (source: Source) => pagedChildren<TransactionRow, TransactionFilter>(source, PAGES.transactionsOfCustomer),
  passPurchasesOfCustomer: (source: Source) => page(source, PAGES.passPurchasesOfCustomer, COLUMNS.passPurchase, toPassPurchase),
  purchasesOfPass: (source: Source) => page(source, PAGES.purchasesOfPass, COLUMNS.passPurchase, toPassPurchase),
  videoPurchasesOfCustomer: (source: Source) => page(source, PAGES.videoPurchasesOfCustomer, COLUMNS.videoPurchase, toVideoPurchase),
  mandatesOfCustomer: (source: Source) => page<MandateRow>(source, PAGES.mandatesOfCustomer, COLUMNS.mandate),
  chargesOfMandate: (source: Source) => page<ChargeRow>(source, PAGES.chargesOfMandate, COLUMNS.charge),
  appointmentsOfCustomer: (source: Source) => page(source, PAGES.appointmentsOfCustomer, COLUMNS.appointment, toAppointment),
  notesOfCustomer: (source: Source) => page<NoteRow>(source, PAGES.notesOfCustomer, COLUMNS.note),
  answersOfCustomer: (source: Source) => page<AnswerRow>(source, PAGES.answersOfCustomer, COLUMNS.answer),
  registrationsOfEvent: (source: Source) => page(source, PAGES.registrationsOfEvent, COLUMNS.booking, booking),
  /** What each customer owes, per currency. */
  amountOwedOfCustomer: (source: Source) => childrenOf(source, AMOUNT_OWED, 'customerId'),
  registerOfEventDate: (source: Source) => page(source, PAGES.registerOfEventDate, COLUMNS.booking, booking),
};

export type Loaders = { readonly [Name in keyof typeof LOADERS]: ReturnType<(typeof LOADERS)[Name]> };

/** A request's loaders, each made when first read: a request uses a handful of the thirty-odd. */
class LazyLoaders {
  readonly made = new Map<string, unknown>();
  readonly source: Source;
  constructor(source: Source) {
    this.source = source;
  }
}
for (const [name, make] of Object.entries(LOADERS) as [string, (source: Source) => unknown][]) {
  Object.defineProperty(LazyLoaders.prototype, name, {
    get(this: LazyLoaders) {
      let loader = this.made.get(name);
      if (loader === undefined) this.made.set(name, (loader = make(this.source)));
      return loader;
    },
  });
}

export function createLoaders(reads: CompanyReads, company: () => Promise<CompanyRow>): Loaders {
  return new LazyLoaders({ reads, company }) as unknown as Loaders;
}
