/**
 * The graph's root lists over plain rows: one statement for a page, and one more for its total only when
 * the client asks for it (run beside the page's when the caller says so up front). Orders match the
 * indexes of the schema (customers by last name, first name, id). A list's statements are compiled once
 * per shape (src/db/shapes.ts): its select list, the values of its filter given, and its paging.
 */
import type { RawBuilder } from 'kysely';
import { CUSTOMER_PHONE_KEY, CUSTOMER_SEARCH_TEXT } from './entities/index.ts';
import { afterKey, coveredByKey, cut, keyColumns, keyOf, keyReading, orderOf, rowsToRead, type KeyReading, type SortKey } from './keyset.ts';
import { COLUMNS, toAppointment, toPassPurchase } from './loaders.ts';
import { sql, statement } from './query.ts';
import type { CompanyReads } from './reads.ts';
import type {
  AppointmentRow, BusyPeriod, CustomerRow, EventDateRow, EventRow, FacilitatorRow, MediaRow, PageRequest, PassPurchaseRow, PassRow, PlanRow, RowPage, ServiceRow, VoucherRow,
  WeeklyWindowRow,
} from './rows.ts';
import { andEach, givenIn, givenKey, shape, Shapes, snapshot, withValues, type Given, type Shape } from './shapes.ts';

type Raw = Record<string, unknown>;

/** The order of each list, matched by an index of its own (src/db/entities) so a page after a key is a range of it. */
export const ORDERS = {
  customers: { columns: [['c.lastname', 'text'], ['c.firstname', 'text'], ['c.id', 'text']] },
  events: { columns: [['e.name', 'text'], ['e.id', 'text']] },
  eventDates: { columns: [['d.starts_at', 'timestamptz'], ['d.id', 'text']] },
  appointments: { columns: [['a.starts_at', 'timestamptz'], ['a.id', 'text']] },
  passes: { columns: [['t.name', 'text'], ['t.id', 'text']] },
  media: { columns: [['m.name', 'text'], ['m.id', 'text']] },
  plans: { columns: [['sp.name', 'text'], ['sp.id', 'text']] },
  // A code is unique in its company.
  vouchers: { columns: [['vc.code', 'text']] },
  passPurchases: { columns: [['pp.created_at', 'timestamptz'], ['pp.id', 'text']], descending: true },
} as const satisfies Record<string, SortKey>;

/** A page of a list; `withTotal`: the caller will read the total, so it is counted alongside. */
export interface ListRequest extends PageRequest {
  withTotal?: boolean;
}

/** A list of none but the company's rows. */
type NoFilter = Record<never, never>;

interface ListSpec<W> {
  /** The `from` clause with the list's alias, such as `customer c`. */
  from: string;
  alias: string;
  key: SortKey;
  /** Tables the columns read beside the list's own, joined to the page's rows. */
  joins?: string;
  /** Its conditions over its filter's values (placeholders), each when its value is given (src/db/shapes.ts `Given`). */
  where?: (p: W, given: Given<W>) => readonly (RawBuilder<unknown> | false | undefined)[];
}

/** The arguments of a list's page, besides its filter's values. */
interface PageArgs {
  companyId: string;
  limit: number;
  offset: number;
  /** The key the page starts after. */
  after: readonly string[] | undefined;
}

/** The shapes of a list's page over one select list. */
interface ColumnPages<W> {
  /** Whether the key's index holds every column it reads (`coveredByKey`). */
  covered: boolean;
  /** Where a page's rows' keys are read, from the start or after a key, and deep by offset. */
  key: KeyReading;
  deepKey: KeyReading;
  shapes: Shapes<string, Shape<PageArgs & W, Raw>>;
}

/**
 * The statements of one list, compiled per shape: its count by the filter values given; its pages by select
 * list, then by paging (deep by offset, looking ahead, after a key) and the filter values given.
 */
class List<W extends object = NoFilter> {
  readonly #spec: ListSpec<W>;
  readonly #counts = new Shapes<string, Shape<{ companyId: string } & W, { total: number }>>();
  readonly #pages = new Shapes<string, ColumnPages<W>>();

  constructor(spec: ListSpec<W>) {
    this.#spec = spec;
  }

  /** `from <from> where <alias>.company_id = … and <conditions given>`; with `joins`, the list's joins after its `from`. */
  #filter(p: { companyId: string } & W, given: Given<W>, joins = false): RawBuilder<unknown> {
    const { from, alias, where } = this.#spec;
    const tables = joins && this.#spec.joins ? `${from} ${this.#spec.joins}` : from;
    return sql`from ${sql.raw(tables)} where ${sql.raw(alias)}.company_id = ${p.companyId}${andEach(where?.(p, given) ?? [])}`;
  }

  count(values: W) {
    return this.#counts.get(givenKey(values), () =>
      shape((p: { companyId: string } & W) => sql<{ total: number }>`select count(*)::int as total ${this.#filter(p, givenIn(values))}`),
    );
  }

  /**
   * The statement of a page of `columns` for `request`, and where it reads its rows' keys (with look-ahead).
   * From the start or after a key, the page is a range of the list's index, read as it is; deep by offset
   * too when the index holds every column read: an index-only scan skips rows cheapest, whatever the offset,
   * so the statement's one prepared plan serves every page. Otherwise `deep`: planned for its offset each time.
   */
  page(columns: string, request: ListRequest, values: W): { rows: Shape<PageArgs & W, Raw>; key: KeyReading | undefined; deep: boolean } {
    const { key: order, joins } = this.#spec;
    const byColumns = this.#pages.get(columns, () => ({
      covered: !joins && coveredByKey(columns, order),
      key: keyReading(order, columns),
      deepKey: keyReading(keyOf(order, 'page'), columns),
      shapes: new Shapes<string, Shape<PageArgs & W, Raw>>(),
    }));
    const offset = request.after ? 0 : request.page * request.pageSize;
    const deep = offset !== 0 && !byColumns.covered;
    const key = request.lookAhead ? (deep ? byColumns.deepKey : byColumns.key) : undefined;
    const after = !!request.after;
    const variant = `${deep ? 'deep ' : ''}${key ? 'ahead ' : ''}${after ? 'after ' : ''}${givenKey(values)}`;
    const rows = byColumns.shapes.get(variant, () => (deep ? this.#deep(columns, key, givenIn(values)) : this.#range(columns, key, after, givenIn(values))));
    return { rows, key, deep };
  }

  /** A page read as a range of the list's index, from the start (by offset) or after a key. */
  #range(columns: string, key: KeyReading | undefined, after: boolean, given: Given<W>) {
    const { key: order } = this.#spec;
    return shape((p: PageArgs & W) => {
      const keyset = after ? sql` and ${afterKey(order, p.after!)}` : sql``;
      return sql<Raw>`select ${sql.raw(columns)}${sql.raw(key?.sql ?? '')} ${this.#filter(p, given, true)}${keyset} order by ${sql.raw(orderOf(order))} limit ${p.limit} offset ${p.offset}`;
    });
  }

  /**
   * A page deep by offset: cut to its keys first and its rows read after, so the rows the offset skips are
   * read from the list's index alone, not from the table, and no column is computed for them. The id is
   * selected once (as a key column when it is one), or PostgreSQL no longer sees the page's order.
   */
  #deep(columns: string, key: KeyReading | undefined, given: Given<W>) {
    const { key: order, alias, from, joins } = this.#spec;
    const idColumn = order.columns.findIndex(([column]) => column === `${alias}.id`);
    const pageId = idColumn < 0 ? `${alias}.id as page_id, ` : '';
    const pageKey = keyOf(order, 'page');
    return shape((p: PageArgs & W) => {
      const page = sql`select ${sql.raw(pageId + keyColumns(order))} ${this.#filter(p, given)} order by ${sql.raw(orderOf(order))} limit ${p.limit} offset ${p.offset}`;
      return sql<Raw>`select ${sql.raw(columns)}${sql.raw(key?.sql ?? '')}
     from (${page}) page join ${sql.raw(from)} on ${sql.raw(alias)}.id = page.${sql.raw(idColumn < 0 ? 'page_id' : `k${idColumn}`)}${sql.raw(joins ? ` ${joins}` : '')}
     order by ${sql.raw(orderOf(pageKey))}`;
    });
  }

  /**
   * Its shapes kept in the SQL snapshot under `name`: the count and the first page of `columns` with no value
   * of the filter given; with every value of `filter` given, a page after a key, looking ahead, and a page
   * deep by offset.
   */
  snapshot(name: string, columns: string, filter: W): this {
    snapshot(`${name}.count`, this.count({} as W));
    snapshot(`${name}.page`, this.page(columns, { page: 0, pageSize: 1 }, {} as W).rows);
    snapshot(`${name}.after`, this.page(columns, { page: 0, pageSize: 1, after: [], lookAhead: true }, filter).rows);
    const deep = this.page(columns, { page: 1, pageSize: 1 }, filter);
    if (deep.deep) snapshot(`${name}.deep`, deep.rows);
    return this;
  }
}

/** A page of a list (its total counted alongside when `withTotal`), by the columns of its rows. */
async function listPage<T, W extends object>(
  reads: CompanyReads,
  list: List<W>,
  columns: string,
  request: ListRequest,
  values: W,
  map: (row: Raw) => T = (row) => row as T,
): Promise<RowPage<T>> {
  let total: Promise<number> | undefined;
  const count = () => (total ??= reads.selectFirst(list.count(values), withValues<{ companyId: string }, W>(values, {})).then((r) => r!.total));
  // Started now, read later: its failure is the reader's, not an unhandled rejection meanwhile.
  if (request.withTotal) count().catch(() => {});
  const { rows: statement, key, deep } = list.page(columns, request, values);
  const args = withValues<PageArgs, W>(values, { limit: rowsToRead(request), offset: request.after ? 0 : request.page * request.pageSize, after: request.after });
  // Deep by offset: planned for this offset each time (a prepared statement's generic plan, blind to it, would scan the table).
  const rows = await reads.select(statement, args, deep ? { planEachTime: true } : undefined);
  return { ...cut(rows, request, map, key), total: count, page: request.page, pageSize: request.pageSize };
}

/** `%text%` for ILIKE, with the pattern characters of `text` escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What `customers(search:)` looks for: text in the name or email, and the reversed digits a mobile ends with (src/domain/phones.ts). */
export interface CustomerSearch {
  text: string;
  phoneKeyPrefix: string | null;
}

/** The expressions of the trigram index (customer_search_index) and the phone index (customer_phone_index), so each index answers its half of a search. */
const SEARCH_TEXT = sql.raw(`(${CUSTOMER_SEARCH_TEXT.replace(/\b(firstname|lastname|email)\b/g, 'c.$1')})`);
const PHONE_KEY = sql.raw(CUSTOMER_PHONE_KEY.replace(/\bmobile\b/, 'c.mobile'));

/** The values of a customer search: the ILIKE pattern of its text, and the LIKE pattern of its phone key. */
interface CustomerSearchValues {
  text: string | undefined;
  phone: string | undefined;
}

const LISTS = {
  customers: new List<CustomerSearchValues>({
    from: 'customer c',
    alias: 'c',
    key: ORDERS.customers,
    where: (p, given) => [
      sql`c.deleted_at is null`,
      given('phone') ? sql`(${SEARCH_TEXT} ilike ${p.text} or ${PHONE_KEY} like ${p.phone})` : given('text') && sql`${SEARCH_TEXT} ilike ${p.text}`,
    ],
  }).snapshot('lists.customers', COLUMNS.customer, { text: '%', phone: '%' }),
  events: new List<{ live: true | undefined }>({ from: 'event e', alias: 'e', key: ORDERS.events, where: (_, given) => [given('live') && sql`e.archived_at is null`] })
    .snapshot('lists.events', COLUMNS.event, { live: true }),
  eventDates: new List<{ from: string; until: string }>({
    from: 'event_date d',
    joins: 'join event e on e.id = d.event_id',
    alias: 'd',
    key: ORDERS.eventDates,
    where: (p) => [sql`d.starts_at >= ${p.from}::timestamptz`, sql`d.starts_at < ${p.until}::timestamptz`],
  }).snapshot('lists.eventDates', COLUMNS.eventDate, { from: '', until: '' }),
  appointments: new List<AppointmentFilter>({
    from: 'appointment a',
    alias: 'a',
    key: ORDERS.appointments,
    where: (p, given) => [
      given('status') ? sql`a.status = ${p.status}` : sql`a.status <> 'CANCELLED'`,
      given('facilitatorId') && sql`a.facilitator_id = ${p.facilitatorId}`,
      given('customerId') && sql`a.customer_id = ${p.customerId}`,
      given('from') && sql`a.starts_at >= ${p.from}::timestamptz`,
      given('until') && sql`a.starts_at < ${p.until}::timestamptz`,
    ],
  }).snapshot('lists.appointments', COLUMNS.appointment, { status: 'x', facilitatorId: 'x', customerId: 'x', from: 'x', until: 'x' }),
  passes: new List({ from: 'pass_template t', alias: 't', key: ORDERS.passes }).snapshot('lists.passes', COLUMNS.pass, {}),
  media: new List({ from: 'media m', alias: 'm', key: ORDERS.media }).snapshot('lists.media', COLUMNS.media, {}),
  plans: new List({ from: 'subscription_plan sp', alias: 'sp', key: ORDERS.plans }).snapshot('lists.plans', COLUMNS.plan, {}),
  vouchers: new List({ from: 'voucher vc', alias: 'vc', key: ORDERS.vouchers }).snapshot('lists.vouchers', COLUMNS.voucher, {}),
  passPurchases: new List<{ customerId: string | null | undefined; passId: string | null | undefined }>({
    from: 'pass_purchase pp',
    alias: 'pp',
    key: ORDERS.passPurchases,
    where: (p, given) => [given('customerId') && sql`pp.customer_id = ${p.customerId}`, given('passId') && sql`pp.template_id = ${p.passId}`],
  }).snapshot('lists.passPurchases', COLUMNS.passPurchase, { customerId: 'x', passId: 'x' }),
};

/** `columns`: the customer columns the caller needs (ROW_COLUMNS.customer); rows read whole when it says none. */
export function customersPage(reads: CompanyReads, request: ListRequest, search?: CustomerSearch, columns: string = COLUMNS.customer): Promise<RowPage<CustomerRow>> {
  const values = { text: search ? contains(search.text) : undefined, phone: search?.phoneKeyPrefix ? `${search.phoneKeyPrefix}%` : undefined };
  return listPage<CustomerRow, CustomerSearchValues>(reads, LISTS.customers, columns, request, values);
}

export const eventsPage = (reads: CompanyReads, request: ListRequest, includeArchived: boolean): Promise<RowPage<EventRow>> =>
  listPage<EventRow, { live: true | undefined }>(reads, LISTS.events, COLUMNS.event, request, { live: includeArchived ? undefined : true });

/** Dates of every event starting in [from, until) (ISO instants), in time order: a day's classes across events. */
export const eventDatesPage = (reads: CompanyReads, request: ListRequest, range: { from: string; until: string }): Promise<RowPage<EventDateRow>> =>
  listPage<EventDateRow, { from: string; until: string }>(reads, LISTS.eventDates, COLUMNS.eventDate, request, { from: range.from, until: range.until });

export interface AppointmentFilter {
  facilitatorId?: string | null;
  customerId?: string | null;
  status?: string | null;
  /** Inclusive lower and exclusive upper bound of the start instant, ISO. */
  from?: string | null;
  until?: string | null;
}

export function appointmentsPage(reads: CompanyReads, request: ListRequest, filter: AppointmentFilter): Promise<RowPage<AppointmentRow>> {
  const { status, facilitatorId, customerId, from, until } = filter;
  return listPage(reads, LISTS.appointments, COLUMNS.appointment, request, { status, facilitatorId, customerId, from, until }, toAppointment);
}

export const passesPage = (reads: CompanyReads, request: ListRequest) => listPage<PassRow, NoFilter>(reads, LISTS.passes, COLUMNS.pass, request, {});

export const mediaPage = (reads: CompanyReads, request: ListRequest) => listPage<MediaRow, NoFilter>(reads, LISTS.media, COLUMNS.media, request, {});

export const plansPage = (reads: CompanyReads, request: ListRequest) => listPage<PlanRow, NoFilter>(reads, LISTS.plans, COLUMNS.plan, request, {});

export const vouchersPage = (reads: CompanyReads, request: ListRequest) => listPage<VoucherRow, NoFilter>(reads, LISTS.vouchers, COLUMNS.voucher, request, {});

export function passPurchasesPage(reads: CompanyReads, request: ListRequest, filter: { customerId?: string | null; passId?: string | null }) {
  const values = { customerId: filter.customerId, passId: filter.passId };
  return listPage<PassPurchaseRow, typeof values>(reads, LISTS.passPurchases, COLUMNS.passPurchase, request, values, toPassPurchase);
}

const LIVE_SERVICES = statement('lists.liveServices', (p: { companyId: string }) =>
  sql<ServiceRow>`select ${sql.raw(COLUMNS.service)} from service s where s.company_id = ${p.companyId} and s.deleted_at is null order by s.name, s.id`,
);

/** Services that are not deleted, by name (document 1: deleted services are omitted from the list). */
export const liveServices = (reads: CompanyReads) => reads.select(LIVE_SERVICES, {});

const FACILITATORS = statement('lists.facilitators', (p: { companyId: string }) =>
  sql<FacilitatorRow>`select ${sql.raw(COLUMNS.facilitator)} from facilitator f where f.company_id = ${p.companyId} order by f.name, f.id`,
);

export const facilitators = (reads: CompanyReads) => reads.select(FACILITATORS, {});

/** What the availability of one facilitator over a range of dates is computed from (src/domain/availability.ts). */
export interface FacilitatorSchedule {
  id: string;
  timezone: string;
  /** Whether the service asked about exists (deleted ones included), and its buffer. */
  serviceFound: boolean;
  serviceBufferMinutes: number | null;
  weekly: WeeklyWindowRow[];
  /** The date overrides inside the range. */
  overrides: { date: string; windows: { start: string; end: string }[] }[];
  /**
   * The appointments that are not cancelled and start from two days before the range (a day-long one, and
   * its buffer, reaches into it) to a day after it (a buffer kept ahead of one), local to the facilitator:
   * what blocks slots, each with the buffer it was booked with (what it holds past its end).
   */
  busy: BusyPeriod[];
}

/**
 * A facilitator's schedule for the local dates [firstDate, lastDate], in one statement: the facilitator,
 * the service asked about, the weekly windows, the overrides and the busy periods; undefined when the
 * facilitator is not the company's.
 */
const SCHEDULE = statement(
  'lists.facilitatorSchedule',
  (p: { companyId: string; facilitatorId: string; serviceId: string | null; firstDate: string; lastDate: string }) =>
    sql<FacilitatorSchedule>`select f.id, f.timezone, s.id is not null as "serviceFound", s.buffer_minutes as "serviceBufferMinutes",
       coalesce((select json_agg(json_build_object('facilitatorId', w.facilitator_id, 'weekday', w.weekday,
           'start', to_char(w.start_time, 'HH24:MI'), 'end', to_char(w.end_time, 'HH24:MI')) order by w.weekday, w.start_time)
         from facilitator_window w where w.company_id = ${p.companyId} and w.facilitator_id = f.id), '[]') as weekly,
       coalesce((select json_agg(json_build_object('date', o.date, 'windows', o.windows) order by o.date)
         from facilitator_date_override o
         where o.company_id = ${p.companyId} and o.facilitator_id = f.id and o.date between ${p.firstDate}::date and ${p.lastDate}::date), '[]') as overrides,
       coalesce((select json_agg(json_build_object('startsAt', (extract(epoch from a.starts_at) * 1000)::float8,
           'durationMinutes', a.duration_minutes,
           'bufferMinutes', round(extract(epoch from a.blocked_until - a.starts_at) / 60)::int - a.duration_minutes))
         from appointment a
         where a.company_id = ${p.companyId} and a.facilitator_id = f.id and a.status <> 'CANCELLED'
           and a.starts_at >= (${p.firstDate}::date::timestamp at time zone f.timezone) - interval '48 hours'
           and a.starts_at < ((${p.lastDate}::date + 1)::timestamp at time zone f.timezone) + interval '24 hours'), '[]') as busy
     from facilitator f left join service s on s.company_id = ${p.companyId} and s.id = ${p.serviceId}::text
     where f.company_id = ${p.companyId} and f.id = ${p.facilitatorId}`,
);

export const facilitatorSchedule = (reads: CompanyReads, facilitatorId: string, serviceId: string | null, firstDate: string, lastDate: string) =>
  reads.selectFirst(SCHEDULE, { facilitatorId, serviceId, firstDate, lastDate });
