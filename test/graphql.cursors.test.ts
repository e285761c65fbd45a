/**
 * Cursor paging on every list of the graph: `first`/`after` walk a list in its order, each row once, with
 * rows added and removed between pages; a cursor is good only for the list, arguments and company it came
 * from; and a page after a cursor is a range of an index in the list's order.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getNamedType, isObjectType } from 'graphql';
import { buildSchema } from '../resolvers/index.ts';
import { ORDERS } from '../src/db/lists.ts';
import { coveredByKey, keyReading } from '../src/db/keyset.ts';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { consoleCall, signIn } from './support/console.ts';
import { genericPlan } from './support/plans.ts';
import { call, consoleUser, startStudio, type Studio } from './support/studio.ts';

const clock = new FixedClock('2026-11-21T12:00:00Z');
let studio: Studio;
let token: string;
/** The customer given notes, answers, passes and plans of their own. */
let enriched: string;
/** The instant before which the audit log is walked: the setup's calls, not the suite's. */
let auditUntil: string;
let ownerCookie: string;

const graphql = async (query: string, variables: Record<string, unknown> = {}, as = token) =>
  (await call(`${studio.url}/graphql`, as, { method: 'POST', body: { query, variables } })).body;
/** The list's page as its reader asks for it: an API client with every scope, or a console owner. */
const ask = async (list: List, query: string, variables: Record<string, unknown> = {}) =>
  list.console ? (await consoleCall(studio.url, query, { cookie: ownerCookie, variables })).body : graphql(query, variables);
const sql = async <T = Record<string, any>>(text: string, params: unknown[] = []): Promise<T[]> =>
  studio.app.services.orm.em.getConnection().execute(text, params);

/**
 * A list of the graph and how to reach it: `path` wraps the list field (`$` marks where it goes) for a
 * parent the data has the most children for, chosen by `parent`.
 */
interface List {
  name: string;
  field: string;
  /** The list's other arguments, or what makes them once the data is in place. */
  args?: string | (() => string);
  /** How a row is named in the page: `id`, or what the list's rows have in its place. */
  id?: string;
  /** Read by a console user (the audit log's scope is the console's own). */
  console?: boolean;
  path?: (parent: Record<string, string>) => string;
  parent?: string;
}

const LISTS: List[] = [
  { name: 'customers', field: 'customers' },
  { name: 'customers found by a search', field: 'customers', args: 'search: "an"' },
  { name: 'events', field: 'events', args: 'includeArchived: true' },
  { name: 'event dates of three months', field: 'eventDates', args: 'startDate: "2026-10-01", endDate: "2026-12-31"' },
  { name: 'passes', field: 'passes' },
  { name: 'videos', field: 'videos' },
  { name: 'subscription plans', field: 'subscriptionPlans' },
  { name: 'vouchers', field: 'vouchers' },
  { name: 'pass purchases', field: 'passPurchases' },
  { name: 'appointments of the company', field: 'appointments', args: 'status: null' },
  // Entries up to an instant the suite's clock has passed: the calls made while walking are not in it.
  { name: 'the audit log', field: 'auditLog', args: () => `filter: { to: "${auditUntil}" }`, id: 'requestId', console: true },
  { name: 'the webhook delivery log', field: 'webhookDeliveryLog', id: 'attempt eventId endpointId' },
  ...(
    [
      ['transactions', 'event_transaction', 'startDate: "2000-01-01"'],
      ['passPurchases', 'pass_purchase'],
      ['videoPurchases', 'video_purchase'],
      ['mandates', 'mandate'],
      ['appointments', 'appointment'],
      ['notes', 'note'],
      ['questionnaireAnswers', 'questionnaire_answer'],
    ] as const
  ).map(([field, table, args]): List => ({
    name: `a customer's ${field}`,
    field,
    args,
    parent: `select customer_id as id from ${table} where customer_id in (select id from customer where deleted_at is null) group by 1 order by count(*) desc, 1 limit 1`,
    path: (p) => `customer(id: "${p.id}") { $ }`,
  })),
  {
    name: "an event's registrations",
    field: 'registrations',
    parent: 'select d.event_id as id from booking b join event_date d on d.id = b.event_date_id group by 1 order by count(*) desc, 1 limit 1',
    path: (p) => `event(id: "${p.id}") { $ }`,
  },
  {
    name: "an event date's register",
    field: 'register',
    parent: 'select d.event_id as event, d.id as date from booking b join event_date d on d.id = b.event_date_id group by 1, 2 order by count(*) desc, 2 limit 1',
    path: (p) => `event(id: "${p.event}") { date(id: "${p.date}") { $ } }`,
  },
  {
    name: "a pass's purchases",
    field: 'purchases',
    parent: 'select template_id as id from pass_purchase group by 1 order by count(*) desc, 1 limit 1',
    path: (p) => `pass(id: "${p.id}") { $ }`,
  },
  {
    name: "a mandate's charges",
    field: 'charges',
    parent: 'select mandate_id as id from subscription_charge group by 1 order by count(*) desc, 1 limit 1',
    path: (p) => `mandate(id: "${p.id}") { $ }`,
  },
];

/** The page of rows the list's type has: `items` in the audit log, `nodes` everywhere else. */
const rowsOf = (list: List) => (list.field === 'auditLog' ? 'items' : 'nodes');

/** What a row of the list is known by, as one string. */
const idOf = (row: Record<string, unknown>) => Object.values(row).join(' ');

/** The list's field with these paging arguments, selecting ids, in the document that reaches it. */
async function documentOf(list: List, paging: string, selection = 'pageInfo { endCursor hasNextPage }') {
  const args = [typeof list.args === 'function' ? list.args() : list.args, paging].filter(Boolean).join(', ');
  selection = `${rowsOf(list)} { ${list.id ?? 'id'} } ${selection}`;
  const field = `${list.field}(${args}) { ${selection} }`;
  const variables = paging.includes('$after') ? '($after: String)' : '';
  if (!list.path) return `query ${variables} { ${field} }`;
  const [parent] = await sql<Record<string, string>>(list.parent!);
  return `query ${variables} { ${list.path(parent!).replace('$', field)} }`;
}

/** The list's page in a result: the field under the path, wherever it is. */
function pageIn(data: any, field: string): any {
  if (data && typeof data === 'object') {
    if (field in data && (data[field]?.nodes ?? data[field]?.items)) return data[field];
    for (const value of Object.values(data)) {
      const found = pageIn(value, field);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every id of the list, by cursor `first` at a time; `between` runs after each page. */
async function walk(list: List, first: number, between: (ids: string[]) => Promise<void> = async () => {}) {
  const query = await documentOf(list, `first: ${first}, after: $after`);
  const ids: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const result = await ask(list, query, { after });
    expect(result.errors).toBeUndefined();
    const page = pageIn(result.data, list.field);
    const rows = page[rowsOf(list)];
    expect(rows.length).toBeLessThanOrEqual(first);
    ids.push(...rows.map(idOf));
    if (!page.pageInfo.hasNextPage) return ids;
    expect(rows).toHaveLength(first);
    after = page.pageInfo.endCursor;
    await between(ids);
  }
  throw new Error('the walk did not end');
}

/** Every id of the list in one page by offset, as a client without cursors reads it. */
async function everyId(list: List): Promise<string[]> {
  const result = await ask(list, await documentOf(list, 'page: 0, pageSize: 100', 'total'));
  expect(result.errors).toBeUndefined();
  const page = pageIn(result.data, list.field);
  expect(page.total).toBeLessThanOrEqual(100);
  return page[rowsOf(list)].map(idOf);
}

beforeAll(async () => {
  const bundle = generateBundle({ seed: 11, customers: 30, appointmentsPerCustomer: 3, videoPurchasesPerCustomer: 2, today: '2026-11-21' });
  studio = await startStudio({ bundle, clock, env: { M2M_RATE_PER_MINUTE: '100000' } });
  token = await studio.token();
  const [customer] = await sql<{ id: string }>('select id from customer order by id limit 1');
  enriched = customer!.id;
  for (const body of ['First visit', 'Prefers mornings', 'Paid in cash', 'Knee injury']) {
    clock.advance(1000);
    expect((await graphql('mutation ($id: ID!, $body: String!) { addNote(customerId: $id, body: $body) { id } }', { id: customer!.id, body })).errors).toBeUndefined();
  }
  // Passes and plans enough that one customer holds three of each, bought a second apart.
  for (const { id } of await sql<{ id: string }>("select id from pass_template where active order by id limit 3")) {
    clock.advance(1000);
    expect((await graphql('mutation ($input: PurchasePassInput!) { purchasePass(input: $input) { id } }', { input: { customerId: customer!.id, passId: id } })).errors).toBeUndefined();
  }
  for (const { id } of await sql<{ id: string }>("select id from subscription_plan where active and id not in (select plan_id from mandate where customer_id = ?) order by id limit 3", [customer!.id])) {
    clock.advance(1000);
    expect((await graphql('mutation ($input: StartSubscriptionInput!) { startSubscription(input: $input) { id } }', { input: { customerId: customer!.id, planId: id } })).errors).toBeUndefined();
  }
  // A delivery log: five attempts of a test event to one endpoint, two of them at the same instant.
  const { companyId } = studio;
  await sql("insert into webhook_endpoint (id, company_id, url, events, sealed_secret, created_at) values ('whk_walk', ?, 'https://hooks.example/walk', '{registration.created}', 'x', now())", [companyId]);
  await sql("insert into webhook_event (id, company_id, kind, payload, is_test, created_at) values ('whe_walk', ?, 'registration.created', '{}', true, now())", [companyId]);
  for (const [attempt, at] of [[1, '2026-11-21T10:00:00Z'], [2, '2026-11-21T10:01:00Z'], [3, '2026-11-21T10:01:00Z'], [4, '2026-11-21T10:05:00Z'], [5, '2026-11-21T10:09:00Z']] as const) {
    await sql("insert into webhook_delivery (company_id, event_id, endpoint_id, attempt, status_code, duration_ms, at) values (?, 'whe_walk', 'whk_walk', ?, 500, 12, ?)", [companyId, attempt, at]);
  }
  for (let i = 0; i < 3; i++) {
    clock.advance(1000);
    const answers = [{ question: `Question ${i}`, answer: 'Yes' }];
    const recorded = await graphql('mutation ($id: ID!, $answers: [QuestionAnswerInput!]!) { recordQuestionnaireAnswers(customerId: $id, questionnaire: "intake", answers: $answers) { id } }', { id: customer!.id, answers });
    expect(recorded.errors).toBeUndefined();
  }
  clock.advance(1000);
  auditUntil = clock.now().toISOString();
  ownerCookie = (await signIn(studio.url, await consoleUser(studio, 'owner'))).cookie;
}, 120_000);
afterAll(() => studio?.close());

describe('every list of the graph', () => {
  it('takes first and after and answers pageInfo, and this suite walks each of them', () => {
    const schema = buildSchema();
    const lists = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .flatMap((type) => Object.values(type.getFields()).map((field) => ({ type, field, page: getNamedType(field.type) })))
      .filter(({ page }) => isObjectType(page) && ('pageInfo' in page.getFields() || ('nodes' in page.getFields() && 'total' in page.getFields())));
    for (const { type, field, page } of lists) {
      expect([type.name, field.name, field.args.map((a) => a.name)]).toEqual([type.name, field.name, expect.arrayContaining(['first', 'after'])]);
      expect([page.name, 'pageInfo' in (page as any).getFields()]).toEqual([page.name, true]);
    }
    const walked = new Set(LISTS.map((list) => list.field));
    const unwalked = lists.filter(({ field }) => !walked.has(field.name)).map(({ type, field }) => `${type.name}.${field.name}`);
    expect(unwalked).toEqual([]);
  });

  it.each(LISTS.map((list) => [list.name, list] as const))('%s: a walk by cursor returns every row once, in the order of the list', async (_name, list) => {
    const expected = await everyId(list);
    // Pages of two over three rows or more; a mandate's charges are as many as its periods so far (two).
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(await walk(list, expected.length > 2 ? 2 : 1)).toEqual(expected);
    expect(await walk(list, 100)).toEqual(expected);
  });
});

describe('a page deep by offset', () => {
  // Read from the list's index alone when it holds every column selected, else cut to keys and joined.
  it.each([
    ['id firstName lastName', true],
    ['id email createdAt', false],
  ])('customers { %s } (the index holds it: %s) answers the rows of the walk by cursor', async (selection, covered) => {
    expect(coveredByKey(selection.split(' ').map((f) => ({ id: 'c.id', firstName: 'c.firstname as "firstName"', lastName: 'c.lastname as "lastName"', email: 'c.email', createdAt: "to_char(c.created_at, 'YYYY') as \"createdAt\"" })[f]!).join(', '), ORDERS.customers)).toBe(covered);
    const expected = await everyId({ name: 'customers', field: 'customers' });
    const pageSize = 3;
    const ids: string[] = [];
    for (let page = 1; page * pageSize < expected.length; page++) {
      const answer = await graphql(`{ customers(page: ${page}, pageSize: ${pageSize}) { nodes { ${selection} } } }`);
      expect(answer.errors).toBeUndefined();
      ids.push(...answer.data.customers.nodes.map((node: { id: string }) => node.id));
    }
    expect(ids).toEqual(expected.slice(pageSize));
  });

  it('is read from the index alone only for plain key columns', () => {
    for (const [columns, covered] of [
      ['c.id', true],
      ['c.id, c.lastname as "lastName"', true],
      ['c.id, c.email', false],
      ['c.id, lower(c.lastname) as "lastName"', false],
      ['c.id, c.lastname || c.firstname as name', false],
      ['x.id', false],
    ] as const) expect({ columns, covered: coveredByKey(columns, ORDERS.customers) }).toEqual({ columns, covered });
  });
});

describe("a row's key", () => {
  it('is read from the columns selected as they are, and added only for the parts they lack', () => {
    expect(keyReading(ORDERS.customers, 'c.id, c.firstname as "firstName", c.lastname as "lastName"')).toEqual({ sql: '', names: ['lastName', 'firstName', 'id'] });
    expect(keyReading(ORDERS.customers, 'c.id, c.email')).toEqual({ sql: ', c.lastname::text as "__k0", c.firstname::text as "__k1"', names: ['__k0', '__k1', 'id'] });
    expect(keyReading(ORDERS.customers, 'c.id, lower(c.lastname) as "lastName"').names).toEqual(['__k0', '__k1', 'id']);
    // A part that is not text is always written by PostgreSQL, to the microsecond.
    expect(keyReading(ORDERS.appointments, 'a.id, a.starts_at')).toEqual({ sql: ', a.starts_at::text as "__k0"', names: ['__k0', 'id'] });
  });

  it.each([
    ['firstName lastName', 'every part of the key selected'],
    ['lastName', 'the first name not selected'],
    ['email', 'neither name selected'],
  ])('customers { %s } (%s): a walk by cursor returns every customer once, in order', async (selection) => {
    const expected = await everyId({ name: 'customers', field: 'customers' });
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const answer: any = await graphql(`query ($after: String) { customers(first: 4, after: $after) { nodes { id ${selection} } pageInfo { endCursor hasNextPage } } }`, { after });
      expect(answer.errors).toBeUndefined();
      ids.push(...answer.data.customers.nodes.map((node: { id: string }) => node.id));
      if (!answer.data.customers.pageInfo.hasNextPage) break;
      after = answer.data.customers.pageInfo.endCursor;
    }
    expect(ids).toEqual(expected);
  });
});

describe('a walk while rows come and go', () => {
  /** Walks `list` three at a time, adding and removing rows after each page; what stayed throughout comes once, in order. */
  async function walkWhileChanging(list: List, add: (n: number) => Promise<string>, remove: (id: string) => Promise<void>, kept = new Set<string>()) {
    const before = await everyId(list);
    const removed = new Set<string>();
    const walked = await walk(list, 3, async (seen) => {
      // One row the walk has passed and one it has yet to reach go; two new ones come.
      const passed = seen.find((id) => !removed.has(id) && !kept.has(id));
      const ahead = before.find((id) => !seen.includes(id) && !removed.has(id) && !kept.has(id));
      for (const id of [passed, ahead]) {
        if (id) {
          await remove(id);
          removed.add(id);
        }
      }
      await add(seen.length);
      await add(seen.length + 1);
    });
    const stayed = before.filter((id) => !removed.has(id));
    const after = await everyId(list);
    expect(removed.size).toBeGreaterThan(1);
    expect(after.length).toBeGreaterThan(stayed.length);
    // No row twice; every row that stayed, in order; nothing in an order the list does not have.
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked.filter((id) => stayed.includes(id))).toEqual(stayed);
    expect(walked.filter((id) => after.includes(id))).toEqual(after.filter((id) => walked.includes(id)));
  }

  it('customers: names added on both sides of the cursor, customers deleted behind and ahead of it', async () => {
    let made = 0;
    await walkWhileChanging(
      { name: 'customers', field: 'customers' },
      async (n) => {
        const lastName = n % 2 ? 'Aardvark' : 'Zylberstein';
        const created = await graphql('mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id } }', {
          input: { firstName: `New${n}`, lastName, email: `walk-${++made}@example.com` },
        });
        expect(created.errors).toBeUndefined();
        return created.data.createCustomer.id;
      },
      async (id) => expect((await graphql('mutation ($id: ID!) { deleteCustomer(id: $id) { id } }', { id })).errors).toBeUndefined(),
      new Set([enriched]),
    );
  });

  it("a customer's notes: notes added and deleted between pages", async () => {
    const list = LISTS.find((l) => l.name === "a customer's notes")!;
    // The customer with the most notes, once the customers' walk has deleted some: given notes enough.
    const [{ id: customerId }] = (await sql<{ id: string }>('select id from customer where deleted_at is null order by id limit 1')) as [{ id: string }];
    for (let n = 0; n < 8; n++) await graphql('mutation ($id: ID!) { addNote(customerId: $id, body: "before") { id } }', { id: customerId });
    expect((await sql<{ id: string }>(list.parent!))[0]!.id).toBe(customerId);
    await walkWhileChanging(
      list,
      async (n) => {
        clock.advance(1000);
        const added = await graphql('mutation ($id: ID!, $body: String!) { addNote(customerId: $id, body: $body) { id } }', { id: customerId, body: `Note ${n}` });
        expect(added.errors).toBeUndefined();
        return added.data.addNote.id;
      },
      async (id) => expect((await graphql('mutation ($id: ID!) { deleteNote(id: $id) }', { id })).errors).toBeUndefined(),
    );
  });
});

describe('a cursor', () => {
  const CUSTOMERS = 'query ($after: String, $search: String) { customers(first: 2, after: $after, search: $search) { nodes { id } pageInfo { endCursor } } }';
  const refused = (result: any, field: string) => {
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.data?.[field] ?? null).toBeNull();
  };
  const customersCursor = async (variables: Record<string, unknown> = {}) => (await graphql(CUSTOMERS, variables)).data.customers.pageInfo.endCursor as string;

  it('of one list is refused by another', async () => {
    const after = await customersCursor();
    refused(await graphql('query ($after: String) { events(first: 2, after: $after) { nodes { id } } }', { after }), 'events');
    refused(await graphql('query ($after: String) { passes(first: 2, after: $after) { nodes { id } } }', { after }), 'passes');
  });

  it('of a list with some arguments is refused by the list with others', async () => {
    refused(await graphql(CUSTOMERS, { after: await customersCursor({ search: 'an' }) }), 'customers');
    refused(await graphql(CUSTOMERS, { after: await customersCursor(), search: 'an' }), 'customers');
    const TRANSACTIONS = (startDate: string) => `query ($id: ID!, $after: String) { customer(id: $id) { transactions(first: 1, after: $after, startDate: "${startDate}") { nodes { id } pageInfo { endCursor } } } }`;
    const [{ id }] = (await sql<{ id: string }>('select customer_id as id from event_transaction group by 1 order by count(*) desc limit 1')) as [{ id: string }];
    const after = (await graphql(TRANSACTIONS('2000-01-01'), { id })).data.customer.transactions.pageInfo.endCursor;
    const result = await graphql(TRANSACTIONS('2001-01-01'), { id, after });
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.data?.customer?.transactions ?? null).toBeNull();
  });

  it("of one customer's notes is refused for another customer's", async () => {
    const NOTES = 'query ($id: ID!, $after: String) { customer(id: $id) { notes(first: 1, after: $after) { nodes { id } pageInfo { endCursor } } } }';
    const [first, other] = await sql<{ id: string }>('select id from customer where deleted_at is null order by id limit 2');
    for (const id of [first!.id, other!.id]) await graphql('mutation ($id: ID!) { addNote(customerId: $id, body: "x") { id } }', { id });
    const after = (await graphql(NOTES, { id: first!.id })).data.customer.notes.pageInfo.endCursor;
    const result = await graphql(NOTES, { id: other!.id, after });
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.data.customer.notes).toBeNull();
  });

  it("of one company is refused by another company's client, for the same list", async () => {
    const otherToken = await studio.token(undefined, await studio.otherCompany());
    refused(await graphql(CUSTOMERS, { after: await customersCursor() }, otherToken), 'customers');
  });

  it('altered in any way is refused, never read', async () => {
    const after = await customersCursor();
    const [key, tag] = after.split('.') as [string, string];
    const earlier = Buffer.from(JSON.stringify(['', '', ''])).toString('base64url');
    const flipped = `${tag.slice(0, -2)}${tag.at(-2) === 'A' ? 'B' : 'A'}${tag.at(-1)}`;
    for (const altered of [`${earlier}.${tag}`, `${key}.${flipped}`, key, `${key}.`, `${key}.${tag}.${tag}`, '', 'null', '%%%', `${earlier}.${'A'.repeat(22)}`, 'x'.repeat(1001)]) {
      refused(await graphql(CUSTOMERS, { after: altered }), 'customers');
    }
  });

  it('and first are bounded, and a cursor takes the place of page', async () => {
    const after = await customersCursor();
    for (const first of [0, -1, 101]) refused(await graphql(`{ customers(first: ${first}) { nodes { id } } }`), 'customers');
    refused(await graphql('query ($after: String) { customers(page: 1, after: $after) { nodes { id } } }', { after }), 'customers');
  });

  it('pages by offset answer pageInfo too, so a client can go on from any page by cursor', async () => {
    const all = await everyId(LISTS[0]!);
    const page1 = (await graphql('{ customers(page: 1, pageSize: 5) { nodes { id } pageInfo { endCursor hasNextPage } } }')).data.customers;
    expect(page1.nodes.map((n: { id: string }) => n.id)).toEqual(all.slice(5, 10));
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const next = (await graphql('query ($after: String) { customers(first: 5, after: $after) { nodes { id } } }', { after: page1.pageInfo.endCursor })).data.customers;
    expect(next.nodes.map((n: { id: string }) => n.id)).toEqual(all.slice(10, 15));
    const last = (await graphql(`{ customers(page: 0, pageSize: ${all.length}) { pageInfo { hasNextPage endCursor } } }`)).data.customers;
    expect(last.pageInfo.hasNextPage).toBe(false);
    const empty = (await graphql('query ($after: String) { customers(first: 5, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }', { after: last.pageInfo.endCursor })).data.customers;
    expect(empty).toEqual({ nodes: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });
});

describe('a page after a cursor', () => {
  /** The plan PostgreSQL makes for a statement whatever its parameters, where neither a whole-table scan nor a sort is taken when avoidable. */
  const planOf = (statement: string) =>
    genericPlan(studio.app.database.url, statement, ['enable_seqscan = off', 'enable_sort = off', 'enable_incremental_sort = off', 'enable_bitmapscan = off']);

  // An event's registrations are ordered across its dates, which no one index holds: an event's bookings are few.
  const ranged = LISTS.filter((list) => list.field !== 'registrations' && !(typeof list.args === 'string' && list.args.includes('search')));

  it.each(ranged.map((list) => [list.name, list] as const))('%s: is a range of an index in the order of the list, with no sort', async (_name, list) => {
    // Its own selection, so no page of it is in the read cache from the walks.
    const document = await documentOf(list, 'first: 1, after: $after', 'total pageInfo { endCursor hasNextPage }');
    const after = pageIn((await ask(list, document, { after: null })).data, list.field).pageInfo.endCursor;
    studio.app.statements.length = 0;
    expect((await ask(list, document, { after })).errors).toBeUndefined();
    // The lists' own SQL (`(a, b) > ($5::text, …)`), or the ORM's for the logs (`at <= ? and (at < ? or id < ?)`).
    const statement = studio.app.statements.find((text) => /\) [<>] \(\$\d+::|"at" <= \?/.test(text));
    expect(statement).toBeDefined();
    const plan = await planOf(statement!);
    expect(plan).toMatch(/Index (Only )?Scan/);
    expect(plan).not.toMatch(/Sort|Seq Scan|Disabled/);
  });
});
