/**
 * The hand-written reference `npm run bench` measures the project against: each read the benchmark makes,
 * written for that one request as a careful engineer would (SQL through a `pg.Pool`, the JSON built by
 * hand, `node:http`), answering the same bytes as the project. No authentication, rate limit, audit or
 * cache: the ratio to these is what the project's generality and pipeline cost.
 *
 * Run as a child process (bench/processes.ts) with DATABASE_URL, COMPANY_ID and PORT.
 */
import { createServer, type IncomingMessage } from 'node:http';
import pg from 'pg';
import { NESTED_PAGE_SIZES, nestedCustomersDocument } from './nested-query.ts';
import { serveAsChild } from './processes.ts';

type Row = Record<string, any>;
interface Reply {
  status: number;
  body: unknown;
  /** Apollo Server ends its JSON with a newline. */
  newline?: boolean;
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const companyId = process.env.COMPANY_ID!;
const { timezone } = (await pool.query<{ timezone: string }>('select timezone from company where id = $1', [companyId])).rows[0]!;

/** A timestamp as a local datetime without offset, `2026-11-21T09:30:00`. */
const LOCAL = `'YYYY-MM-DD"T"HH24:MI:SS'`;

/** Children of each parent, in row order. */
function groupBy<T>(rows: Row[], key: string, item: (row: Row) => T): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row[key]);
    if (group) group.push(item(row));
    else groups.set(row[key], [item(row)]);
  }
  return groups;
}

const notFound = (what: string): Reply => ({ status: 404, body: { error: `${what} not found` } });
const int = (url: URL, name: string, fallback: number) => Number(url.searchParams.get(name) ?? fallback);

/** POST /graphql with the nested document of bench/nested-query.ts: customers > transactions > bookings. */
const NESTED = new Map<string, number>(NESTED_PAGE_SIZES.map((size) => [nestedCustomersDocument(size), size]));
const TRANSACTIONS_FROM = '2026-01-01';
const TRANSACTIONS_PER_CUSTOMER = 30;

async function nestedCustomers(request: { query: string; variables?: { page?: number } }): Promise<Reply> {
  const pageSize = NESTED.get(request.query);
  if (!pageSize) return { status: 400, body: { errors: [{ message: 'not the benchmark document' }] } };
  const page = request.variables?.page ?? 0;
  const customers = (
    await pool.query(
      `select id, firstname, lastname from customer where company_id = $1 and deleted_at is null
       order by lastname, firstname, id limit $2 offset $3`,
      [companyId, pageSize, page * pageSize],
    )
  ).rows;
  const transactions = (
    await pool.query(
      `select id, customer_id, to_char(purchased_at at time zone $3, ${LOCAL}) as purchase_date
       from (select id, customer_id, purchased_at, row_number() over (partition by customer_id order by purchased_at desc, id desc) as n
             from event_transaction
             where customer_id = any($1) and company_id = $2 and purchased_at >= $4::timestamp at time zone $3) newest
       where n <= $5 order by customer_id, n`,
      [customers.map((c) => c.id), companyId, timezone, TRANSACTIONS_FROM, TRANSACTIONS_PER_CUSTOMER],
    )
  ).rows;
  const bookings = (
    await pool.query(
      `select b.id, b.transaction_id, b.spaces, e.name, to_char(d.starts_at at time zone e.timezone, ${LOCAL}) as datetime
       from booking b join event_date d on d.id = b.event_date_id join event e on e.id = d.event_id
       where b.transaction_id = any($1) and b.company_id = $2 order by b.transaction_id, b.id`,
      [transactions.map((t) => t.id), companyId],
    )
  ).rows;
  const bookingsOf = groupBy(bookings, 'transaction_id', (b) => ({ id: b.id, spaces: b.spaces, event: { name: b.name }, eventDate: { datetime: b.datetime } }));
  const transactionsOf = groupBy(transactions, 'customer_id', (t) => ({ id: t.id, purchaseDate: t.purchase_date, bookings: bookingsOf.get(t.id) ?? [] }));
  const nodes = customers.map((c) => ({ id: c.id, firstName: c.firstname, lastName: c.lastname, transactions: { nodes: transactionsOf.get(c.id) ?? [] } }));
  return { status: 200, body: { data: { customers: { nodes } } }, newline: true };
}

/** GET /m2m/customer/{id}/bookings?startDate=… (page, pageSize): one customer's transactions with their bookings. */
async function customerBookings(customerId: string, url: URL): Promise<Reply> {
  const page = int(url, 'page', 0);
  const pageSize = int(url, 'pageSize', 30);
  const [found, newest] = await Promise.all([
    pool.query('select id, firstname, lastname, email from customer where id = $1 and company_id = $2 and deleted_at is null', [customerId, companyId]),
    pool.query(
      `select id, to_char(purchased_at at time zone $3, ${LOCAL}) as purchase_date, count(*) over ()::int as total
       from event_transaction where customer_id = $1 and company_id = $2 and purchased_at >= $4::timestamp at time zone $3
       order by purchased_at desc, id desc limit $5 offset $6`,
      [customerId, companyId, timezone, url.searchParams.get('startDate'), pageSize, page * pageSize],
    ),
  ]);
  const customer = found.rows[0];
  const transactions = newest.rows;
  if (!customer) return notFound('Customer');
  const bookings = (
    await pool.query(
      `select b.id, b.transaction_id, b.is_cancelled, b.is_refunded, b.spaces, b.pricing_option_id,
              b.payment_method, b.currency, b.base100_gross_price, b.base100_net_price, b.credits_used,
              bf.id as bought_for_id, bf.firstname as bought_for_firstname, bf.lastname as bought_for_lastname, bf.email as bought_for_email,
              e.id as event_id, e.name as event_name, e.timezone as event_timezone,
              d.id as date_id, to_char(d.starts_at at time zone e.timezone, ${LOCAL}) as datetime, d.duration
       from booking b join event_date d on d.id = b.event_date_id join event e on e.id = d.event_id
       left join customer bf on bf.id = b.bought_for_id
       where b.transaction_id = any($1) and b.company_id = $2 order by b.transaction_id, b.id`,
      [transactions.map((t) => t.id), companyId],
    )
  ).rows;
  const person = (id: string, firstname: string, lastname: string, email: string) => ({ id, type: 'customer', firstname, lastname, email });
  const purchasedBy = person(customer.id, customer.firstname, customer.lastname, customer.email);
  const bookingsOf = groupBy(bookings, 'transaction_id', (b) => ({
    id: b.id,
    type: 'event-booking',
    is_cancelled: b.is_cancelled,
    is_refunded: b.is_refunded,
    spaces: b.spaces,
    purchased_by: purchasedBy,
    ...(b.bought_for_id && b.bought_for_id !== customer.id && {
      bought_for: person(b.bought_for_id, b.bought_for_firstname, b.bought_for_lastname, b.bought_for_email),
    }),
    event: {
      id: b.event_id,
      type: 'event',
      name: b.event_name,
      date: { id: b.date_id, type: 'event_date', datetime: b.datetime, tz: b.event_timezone, duration: b.duration },
    },
    pricing_option: { id: b.pricing_option_id },
    payment:
      b.payment_method === 'PASS'
        ? { method: 'PASS', currency: 'CR', credits_used: b.credits_used }
        : { method: 'CARD', currency: b.currency, base100gross_price: b.base100_gross_price, base100net_price: b.base100_net_price },
  }));
  const data = transactions.map((t) => ({ id: t.id, type: 'event-booking', purchase_date: t.purchase_date, bookings: bookingsOf.get(t.id) ?? [] }));
  const total = transactions[0]?.total ?? (page === 0 ? 0 : await countTransactions(customerId, url.searchParams.get('startDate')!));
  return { status: 200, body: { data, total, page, pageSize } };
}

/** Only for a page past the end, where the page's rows cannot carry the total. */
async function countTransactions(customerId: string, startDate: string): Promise<number> {
  const { rows } = await pool.query(
    'select count(*)::int as total from event_transaction where customer_id = $1 and company_id = $2 and purchased_at >= $4::timestamp at time zone $3',
    [customerId, companyId, timezone, startDate],
  );
  return rows[0].total;
}

/** A page of customers in name order, and how many there are. */
async function customerPage(columns: string, page: number, pageSize: number): Promise<{ rows: Row[]; total: number }> {
  const [rows, count] = await Promise.all([
    pool.query(
      `select ${columns} from customer where company_id = $1 and deleted_at is null order by lastname, firstname, id limit $2 offset $3`,
      [companyId, pageSize, page * pageSize],
    ),
    pool.query('select count(*)::int as total from customer where company_id = $1 and deleted_at is null', [companyId]),
  ]);
  return { rows: rows.rows, total: count.rows[0].total };
}

/** GET /m2m/customers (page from 0, pageSize). */
async function m2mCustomers(url: URL): Promise<Reply> {
  const page = int(url, 'page', 0);
  const pageSize = int(url, 'pageSize', 30);
  const { rows, total } = await customerPage('id, firstname, lastname, email, mobile, archived', page, pageSize);
  const data = rows.map((c) => ({ id: c.id, type: 'customer', firstname: c.firstname, lastname: c.lastname, email: c.email, mobile: c.mobile ?? '', archived: c.archived }));
  return { status: 200, body: { data, total, page, pageSize } };
}

/** GET /api/v1/customers (page from 1, perPage). */
async function v1Customers(url: URL): Promise<Reply> {
  const page = int(url, 'page', 1);
  const perPage = int(url, 'perPage', 25);
  const { rows, total } = await customerPage('id, firstname, lastname, email, created_at', page - 1, perPage);
  const customers = rows.map((c) => ({ id: c.id, firstName: c.firstname, lastName: c.lastname, email: c.email, createdAt: c.created_at.toISOString() }));
  return { status: 200, body: { customers, total, page, perPage } };
}

const MINUTE = 60_000;
const SLOT = 15 * MINUTE;
/** The service's MIN_BOOKING_NOTICE_MINUTES (the bench runs both with the same environment). */
const NOTICE_MINUTES = Number(process.env.MIN_BOOKING_NOTICE_MINUTES ?? 0);
const formats = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

/** A zone's offset from UTC at an instant, remembered per quarter hour (zones change offset only on quarter hours). */
function offsetAt(zone: string, ms: number): number {
  let known = offsets.get(zone);
  if (!known) offsets.set(zone, (known = new Map()));
  const quarter = Math.floor(ms / SLOT);
  let offset = known.get(quarter);
  if (offset === undefined) {
    let format = formats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
      formats.set(zone, format);
    }
    const at = quarter * SLOT;
    const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, Number(p.value)]));
    offset = Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute) - at;
    known.set(quarter, offset);
  }
  return offset;
}

/** The instant of a wall-clock time in a zone; `wall` is that reading's milliseconds taken as UTC. */
const instantOf = (wall: number, zone: string) => wall - offsetAt(zone, wall - offsetAt(zone, wall));
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * GET /m2m/appointments/availability/{id}?start_date=…&end_date=…[&service_id=…]: each date's windows (its
 * override, else the weekly windows of its weekday) cut into 15-minute slots, local to the facilitator; a
 * slot is taken when it starts before now (plus MIN_BOOKING_NOTICE_MINUTES) or overlaps a live appointment:
 * itself, or with a service, lengthened by the longer of its own buffer and the service's, and by the
 * difference ahead of it when its own is the longer.
 */
async function availability(facilitatorId: string, url: URL): Promise<Reply> {
  const startDate = url.searchParams.get('start_date')!;
  const endDate = url.searchParams.get('end_date')!;
  const serviceId = url.searchParams.get('service_id');
  const [schedule, busy] = await Promise.all([
    pool.query(
      `select f.timezone,
         (select buffer_minutes from service where id = $3 and company_id = $2) as buffer_minutes,
         (select coalesce(json_agg(json_build_object('weekday', weekday, 'start', start_time, 'end', end_time) order by weekday, start_time), '[]')
          from facilitator_window where facilitator_id = f.id) as weekly,
         (select coalesce(json_object_agg(date, windows), '{}')
          from facilitator_date_override where facilitator_id = f.id and date between $4 and $5) as overrides
       from facilitator f where f.id = $1 and f.company_id = $2`,
      [facilitatorId, companyId, serviceId, startDate, endDate],
    ),
    // Appointments and buffers up to a day long reach into the range from the day before and the day after.
    pool.query(
      `select a.starts_at, a.duration_minutes, round(extract(epoch from a.blocked_until - a.starts_at) / 60)::int - a.duration_minutes as buffer_minutes
       from appointment a join facilitator f on f.id = a.facilitator_id
       where a.facilitator_id = $1 and a.company_id = $2 and a.status <> 'CANCELLED'
         and a.starts_at >= ($3::date - 2)::timestamp at time zone f.timezone and a.starts_at < ($4::date + 2)::timestamp at time zone f.timezone`,
      [facilitatorId, companyId, startDate, endDate],
    ),
  ]);
  const facilitator = schedule.rows[0];
  if (!facilitator) return notFound('Facilitator');
  if (serviceId && facilitator.buffer_minutes === null) return notFound('Service');
  const zone: string = facilitator.timezone;
  const asked: number | null = serviceId ? facilitator.buffer_minutes : null;
  const blocks = busy.rows.map((a) => {
    const before = asked === null ? 0 : Math.max(0, a.buffer_minutes - asked);
    const after = asked === null ? 0 : Math.max(a.buffer_minutes, asked);
    return { from: a.starts_at.getTime() - before * MINUTE, until: a.starts_at.getTime() + (a.duration_minutes + after) * MINUTE };
  });
  const earliest = Date.now() + NOTICE_MINUTES * MINUTE;
  const dates = [];
  for (let day = Date.parse(`${startDate}T00:00:00Z`); day <= Date.parse(`${endDate}T00:00:00Z`); day += 1440 * MINUTE) {
    const date = new Date(day).toISOString().slice(0, 10);
    const weekday = new Date(day).getUTCDay() || 7;
    const windows: { start: string; end: string }[] =
      facilitator.overrides[date] ?? facilitator.weekly.filter((w: Row) => w.weekday === weekday);
    dates.push({
      date,
      windows: windows.map((window) => {
        const slots = [];
        for (let m = minutes(window.start); m + 15 <= minutes(window.end); m += 15) {
          const from = instantOf(day + m * MINUTE, zone);
          const until = from + SLOT;
          slots.push({ start: hhmm(m), end: hhmm(m + 15), available: from >= earliest && !blocks.some((b) => b.from < until && from < b.until) });
        }
        return {
          start_time: window.start.slice(0, 5),
          end_time: window.end.slice(0, 5),
          slots,
          available_slots: slots.filter((s) => s.available).length,
          total_slots: slots.length,
        };
      }),
    });
  }
  return { status: 200, body: { data: { facilitator_id: facilitatorId, dates } } };
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

async function answer(req: IncomingMessage): Promise<Reply> {
  const url = new URL(req.url!, 'http://baseline');
  const path = url.pathname;
  let match: RegExpExecArray | null;
  if (req.method === 'POST' && path === '/graphql') return nestedCustomers(JSON.parse(await bodyOf(req)));
  if ((match = /^\/m2m\/customer\/([^/]+)\/bookings$/.exec(path))) return customerBookings(decodeURIComponent(match[1]!), url);
  if ((match = /^\/m2m\/appointments\/availability\/([^/]+)$/.exec(path))) return availability(decodeURIComponent(match[1]!), url);
  if (path === '/m2m/customers') return m2mCustomers(url);
  if (path === '/api/v1/customers') return v1Customers(url);
  return { status: 404, body: { error: 'Not found' } };
}

const server = createServer((req, res) => {
  answer(req).then(
    (reply) => {
      const body = reply.newline ? `${JSON.stringify(reply.body)}\n` : JSON.stringify(reply.body);
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    },
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack}\n`);
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end('{"error":"Internal error"}');
    },
  );
});
serveAsChild(server, () => pool.end());
