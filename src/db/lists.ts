/**
 * The graph's root lists over plain rows: one statement for a page, and one more for its total only when
 * the client asks for it (run beside the page's when the caller says so up front). Orders match the
 * indexes of the schema (customers by last name, first name, id).
 */
import { CUSTOMER_PHONE_KEY, CUSTOMER_SEARCH_TEXT } from './entities/index.ts';
import { afterKey, coveredByKey, cut, keyColumns, keyOf, keyReading, orderOf, rowsToRead, type SortKey } from './keyset.ts';
import { COLUMNS, toAppointment, toPassPurchase } from './loaders.ts';
import type { CompanyReads } from './reads.ts';
import type {
  AppointmentRow, BusyPeriod, CustomerRow, EventDateRow, EventRow, FacilitatorRow, MediaRow, PageRequest, PassPurchaseRow, PassRow, PlanRow, RowPage, ServiceRow, VoucherRow,
  WeeklyWindowRow,
} from './rows.ts';

type Raw = Record<string, unknown>;

/** Conditions of a list, ` and …` with `$n` placeholders numbered after the paging parameters. */
class Conditions {
  readonly #sql: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, ...values: unknown[]): this {
    let text = condition;
    for (const value of values) {
      this.params.push(value);
      text = text.replace('?', `$${this.params.length + 1}`);
    }
    this.#sql.push(` and ${text}`);
    return this;
  }

  get sql(): string {
    return this.#sql.join('');
  }
}

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

/** `joins`: tables the columns read beside the list's own, joined to the page's rows. */
async function listPage<T>(
  reads: CompanyReads,
  spec: { from: string; alias: string; columns: string; key: SortKey; where?: Conditions; joins?: string },
  request: ListRequest,
  map: (row: Raw) => T = (row) => row as T,
): Promise<RowPage<T>> {
  const where = spec.where ?? new Conditions();
  const filter = `from ${spec.from} where ${spec.alias}.company_id = $1${where.sql}`;
  const first = where.params.length + 2;
  let total: Promise<number> | undefined;
  const count = () => (total ??= reads.row<{ total: number }>(`select count(*)::int as total ${filter}`, where.params).then((r) => r!.total));
  // Started now, read later: its failure is the reader's, not an unhandled rejection meanwhile.
  if (request.withTotal) count().catch(() => {});
  const order = orderOf(spec.key);
  const offset = request.after ? 0 : request.page * request.pageSize;
  const params = [...where.params, rowsToRead(request), offset, ...(request.after ?? [])];
  const after = request.after ? ` and ${afterKey(spec.key, first + 2)}` : '';
  const keyed = (key: SortKey) => (request.lookAhead ? keyReading(key, spec.columns) : undefined);
  const joins = spec.joins ? ` ${spec.joins}` : '';
  // From the start or after a key: the page is a range of the list's index, read as it is. Deep by offset
  // too when the index holds every column read: an index-only scan skips rows cheapest, whatever the
  // offset, so the statement's one prepared plan serves every page.
  if (!offset || (!spec.joins && coveredByKey(spec.columns, spec.key))) {
    const key = keyed(spec.key);
    const rows = await reads.rows<Raw>(
      `select ${spec.columns}${key?.sql ?? ''} from ${spec.from}${joins} where ${spec.alias}.company_id = $1${where.sql}${after} order by ${order} limit $${first} offset $${first + 1}`,
      params,
    );
    return { ...cut(rows, request, map, key), total: count, page: request.page, pageSize: request.pageSize };
  }
  // Deep by offset: the page is cut to its keys first and its rows read after, so the rows the offset skips
  // are read from the list's index alone, not from the table, and no column is computed for them; planned
  // for this offset each time (a prepared statement's generic plan, blind to it, would scan the table). The
  // id is selected once (as a key column when it is one), or PostgreSQL no longer sees the page's order.
  const idColumn = spec.key.columns.findIndex(([sql]) => sql === `${spec.alias}.id`);
  const pageId = idColumn < 0 ? `${spec.alias}.id as page_id, ` : '';
  const page = `select ${pageId}${keyColumns(spec.key)} ${filter} order by ${order} limit $${first} offset $${first + 1}`;
  const pageKey = keyOf(spec.key, 'page');
  const key = keyed(pageKey);
  const rows = await reads.rows<Raw>(
    `select ${spec.columns}${key?.sql ?? ''}
     from (${page}) page join ${spec.from} on ${spec.alias}.id = page.${idColumn < 0 ? 'page_id' : `k${idColumn}`}${joins}
     order by ${orderOf(pageKey)}`,
    params,
    { planEachTime: true },
  );
  return { ...cut(rows, request, map, key), total: count, page: request.page, pageSize: request.pageSize };
}

/** `%text%` for ILIKE, with the pattern characters of `text` escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What `customers(search:)` looks for: text in the name or email, and the reversed digits a mobile ends with (src/domain/phones.ts). */
export interface CustomerSearch {
  text: string;
  phoneKeyPrefix: string | null;
}

/** `columns`: the customer columns the caller needs (ROW_COLUMNS.customer); rows read whole when it says none. */
export function customersPage(reads: CompanyReads, request: ListRequest, search?: CustomerSearch, columns: string = COLUMNS.customer): Promise<RowPage<CustomerRow>> {
  const where = new Conditions().add('c.deleted_at is null');
  // The expressions of the trigram index (customer_search_index) and the phone index (customer_phone_index),
  // so each index answers its half of the search.
  const text = `(${CUSTOMER_SEARCH_TEXT.replace(/\b(firstname|lastname|email)\b/g, 'c.$1')}) ilike ?`;
  if (search?.phoneKeyPrefix) {
    where.add(`(${text} or ${CUSTOMER_PHONE_KEY.replace(/\bmobile\b/, 'c.mobile')} like ?)`, contains(search.text), `${search.phoneKeyPrefix}%`);
  } else if (search) {
    where.add(text, contains(search.text));
  }
  return listPage<CustomerRow>(reads, { from: 'customer c', alias: 'c', columns, key: ORDERS.customers, where }, request);
}

export function eventsPage(reads: CompanyReads, request: ListRequest, includeArchived: boolean): Promise<RowPage<EventRow>> {
  const where = new Conditions();
  if (!includeArchived) where.add('e.archived_at is null');
  return listPage<EventRow>(reads, { from: 'event e', alias: 'e', columns: COLUMNS.event, key: ORDERS.events, where }, request);
}

/** Dates of every event starting in [from, until) (ISO instants), in time order: a day's classes across events. */
export function eventDatesPage(reads: CompanyReads, request: ListRequest, range: { from: string; until: string }): Promise<RowPage<EventDateRow>> {
  const where = new Conditions().add('d.starts_at >= ?::timestamptz', range.from).add('d.starts_at < ?::timestamptz', range.until);
  return listPage<EventDateRow>(
    reads,
    { from: 'event_date d', joins: 'join event e on e.id = d.event_id', alias: 'd', columns: COLUMNS.eventDate, key: ORDERS.eventDates, where },
    request,
  );
}

export interface AppointmentFilter {
  facilitatorId?: string | null;
  customerId?: string | null;
  status?: string | null;
  /** Inclusive lower and exclusive upper bound of the start instant, ISO. */
  from?: string | null;
  until?: string | null;
}

export function appointmentsPage(reads: CompanyReads, request: ListRequest, filter: AppointmentFilter): Promise<RowPage<AppointmentRow>> {
  const where = new Conditions();
  if (filter.status) where.add('a.status = ?', filter.status);
  else where.add("a.status <> 'CANCELLED'");
  if (filter.facilitatorId) where.add('a.facilitator_id = ?', filter.facilitatorId);
  if (filter.customerId) where.add('a.customer_id = ?', filter.customerId);
  if (filter.from) where.add('a.starts_at >= ?::timestamptz', filter.from);
  if (filter.until) where.add('a.starts_at < ?::timestamptz', filter.until);
  return listPage(reads, { from: 'appointment a', alias: 'a', columns: COLUMNS.appointment, key: ORDERS.appointments, where }, request, toAppointment);
}

export const passesPage = (reads: CompanyReads, request: ListRequest) =>
  listPage<PassRow>(reads, { from: 'pass_template t', alias: 't', columns: COLUMNS.pass, key: ORDERS.passes }, request);

export const mediaPage = (reads: CompanyReads, request: ListRequest) =>
  listPage<MediaRow>(reads, { from: 'media m', alias: 'm', columns: COLUMNS.media, key: ORDERS.media }, request);

export const plansPage = (reads: CompanyReads, request: ListRequest) =>
  listPage<PlanRow>(reads, { from: 'subscription_plan sp', alias: 'sp', columns: COLUMNS.plan, key: ORDERS.plans }, request);

export const vouchersPage = (reads: CompanyReads, request: ListRequest) =>
  listPage<VoucherRow>(reads, { from: 'voucher vc', alias: 'vc', columns: COLUMNS.voucher, key: ORDERS.vouchers }, request);

export function passPurchasesPage(reads: CompanyReads, request: ListRequest, filter: { customerId?: string | null; passId?: string | null }) {
  const where = new Conditions();
  if (filter.customerId) where.add('pp.customer_id = ?', filter.customerId);
  if (filter.passId) where.add('pp.template_id = ?', filter.passId);
  return listPage<PassPurchaseRow>(
    reads,
    { from: 'pass_purchase pp', alias: 'pp', columns: COLUMNS.passPurchase, key: ORDERS.passPurchases, where },
    request,
    toPassPurchase,
  );
}

/** Services that are not deleted, by name (document 1: deleted services are omitted from the list). */
export const liveServices = (reads: CompanyReads) =>
  reads.rows<ServiceRow>(`select ${COLUMNS.service} from service s where s.company_id = $1 and s.deleted_at is null order by s.name, s.id`);

export const facilitators = (reads: CompanyReads) =>
  reads.rows<FacilitatorRow>(`select ${COLUMNS.facilitator} from facilitator f where f.company_id = $1 order by f.name, f.id`);

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
export const facilitatorSchedule = (reads: CompanyReads, facilitatorId: string, serviceId: string | null, firstDate: string, lastDate: string) =>
  reads.row<FacilitatorSchedule>(
    `select f.id, f.timezone, s.id is not null as "serviceFound", s.buffer_minutes as "serviceBufferMinutes",
       coalesce((select json_agg(json_build_object('facilitatorId', w.facilitator_id, 'weekday', w.weekday,
           'start', to_char(w.start_time, 'HH24:MI'), 'end', to_char(w.end_time, 'HH24:MI')) order by w.weekday, w.start_time)
         from facilitator_window w where w.company_id = $1 and w.facilitator_id = f.id), '[]') as weekly,
       coalesce((select json_agg(json_build_object('date', o.date, 'windows', o.windows) order by o.date)
         from facilitator_date_override o
         where o.company_id = $1 and o.facilitator_id = f.id and o.date between $4::date and $5::date), '[]') as overrides,
       coalesce((select json_agg(json_build_object('startsAt', (extract(epoch from a.starts_at) * 1000)::float8,
           'durationMinutes', a.duration_minutes,
           'bufferMinutes', round(extract(epoch from a.blocked_until - a.starts_at) / 60)::int - a.duration_minutes))
         from appointment a
         where a.company_id = $1 and a.facilitator_id = f.id and a.status <> 'CANCELLED'
           and a.starts_at >= ($4::date::timestamp at time zone f.timezone) - interval '48 hours'
           and a.starts_at < (($5::date + 1)::timestamp at time zone f.timezone) + interval '24 hours'), '[]') as busy
     from facilitator f left join service s on s.company_id = $1 and s.id = $3::text
     where f.company_id = $1 and f.id = $2`,
    [facilitatorId, serviceId, firstDate, lastDate],
  );
