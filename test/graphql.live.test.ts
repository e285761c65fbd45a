/**
 * Live changes (docs/graphql.md, "Live changes"): GraphQL subscriptions over WebSocket on /graphql, fed by
 * the commits of every instance. Two instances share one database: writes go to instance A, subscribers sit
 * on instance B. A change arrives as it commits, only to subscribers of its company whose scopes read its type;
 * a write rolled back announces nothing; a revoked client's connection closes; each client is limited.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GraphQLObjectType } from 'graphql';
import pg from 'pg';
import { buildSchema } from '../resolvers/index.ts';
import type { Bundle } from '../src/bundles/bundle.ts';
import { companyScoped } from '../src/db/entities/index.ts';
import { LIVE_TABLES } from '../src/db/live-changes.ts';
import { openOrm } from '../src/db/orm.ts';
import { createApiClient, revokeApiClient, setClientScopes } from '../src/domain/api-clients.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { scopeOf } from '../src/pipeline/analysis.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { serviceSurfaces } from '../src/server/surfaces.ts';
import { signIn } from './support/console.ts';
import { CHANGES, liveSubscriber, WAIT_MS, type Change, type Subscriber } from './support/live.ts';
import { call, consoleUser, startStudio, type Studio } from './support/studio.ts';
import { waitUntil } from './support/webhooks.ts';

const customers = Array.from({ length: 8 }, (_, i) => ({
  id: `cust_l${i}`, firstname: `Live${i}`, lastname: 'Test', email: `live${i}@example.com`, mobile: '', archived: false, deleted: false,
  createdAt: '2026-01-02T10:00:00Z',
}));

const bundle = {
  format: 1,
  customers,
  facilitators: [],
  services: [],
  events: [{
    id: 'evt_flow', name: 'Flow', description: '', timezone: 'Europe/London',
    dates: [{ id: 'date_flow', datetime: '2026-12-01T09:00:00', duration: 60, capacity: 20 }],
    pricingOptions: [{ id: 'po-flow', name: 'Drop-in', base100Price: 1000, credits: 1 }],
  }],
  passes: [],
  passPurchases: [],
  vouchers: [],
} as unknown as Bundle;

const LIMITS = { connections: 2, subscriptions: 3 };

let studio: Studio;
let second: RunningServer;
let closeSecond: () => Promise<void>;
let sql: pg.Client;
let writer: string;
const open: Subscriber[] = [];

beforeAll(async () => {
  studio = await startStudio({ bundle, clock: new FixedClock('2026-11-21T12:00:00Z'), env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000' } });
  const orm = await openOrm({ url: studio.app.database.url, poolMax: 4 });
  const services = {
    ...studio.app.services,
    orm,
    config: {
      ...studio.app.services.config,
      LIVE_MAX_CONNECTIONS_PER_CLIENT: LIMITS.connections,
      LIVE_MAX_SUBSCRIPTIONS_PER_CLIENT: LIMITS.subscriptions,
      LIVE_SESSION_CHECK_SECONDS: 1,
    },
  };
  second = await startServer(services, await serviceSurfaces(services));
  let closing: Promise<void> | undefined;
  closeSecond = () =>
    (closing ??= (async () => {
      await second.close();
      await orm.close();
    })());
  sql = new pg.Client(studio.app.database.url);
  await sql.connect();
  writer = await studio.token();
}, 60_000);

afterAll(async () => {
  await Promise.all(open.map((subscriber) => subscriber.dispose()));
  await sql.end();
  await closeSecond();
  await studio.close();
});

/** A subscriber on instance B. */
function onB(options: Parameters<typeof liveSubscriber>[1]): Subscriber {
  const subscriber = liveSubscriber(second.url, options);
  open.push(subscriber);
  return subscriber;
}

const onA = (query: string, variables: Record<string, unknown> = {}, token = writer) =>
  call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } });

const BOOK = 'mutation ($input: BookEventInput!) { bookEvent(input: $input) { id bookings { id } } }';

/** A write whose change tells that everything committed before it has arrived. */
interface Probe {
  table: string;
  type: string;
  id: string;
}

const CUSTOMER_PROBE: Probe = { table: 'customer', type: 'Customer', id: 'cust_l7' };
const DATE_PROBE: Probe = { table: 'event_date', type: 'EventDate', id: 'date_flow' };

/**
 * Touches the probe's row straight in the database, in a transaction of its own. Its change carries that
 * transaction's time (`at`), which tells this probe apart from the same row's earlier ones.
 */
async function touch(probe: Probe): Promise<string> {
  const { rows } = await sql.query<{ at: Date }>(`update "${probe.table}" set id = id where id = $1 returning now() as at`, [probe.id]);
  return rows[0]!.at.toISOString();
}

/** Whether a change is that of the probe written at `at`. */
const probeAt = (probe: Probe, at: string) => (change: Change) => change.type === probe.type && change.id === probe.id && change.at === at;

/** Writes a probe and resolves once `subscriber` has its change: everything committed before it has arrived too. */
async function mark(subscriber: Subscriber, probe: Probe = CUSTOMER_PROBE): Promise<void> {
  await subscriber.next(probeAt(probe, await touch(probe)));
}

/**
 * Resolves once one probe has reached `subscriptions` subscriptions of `subscriber`: each of them surely
 * listens. A subscription may reach the server only after a probe was written, so one is written every 300 ms.
 */
async function heard(subscriber: Subscriber, subscriptions = 1, probe = CUSTOMER_PROBE): Promise<void> {
  const written: string[] = [];
  let nextProbe = 0;
  await waitUntil(async () => {
    if (written.some((at) => subscriber.received.filter(probeAt(probe, at)).length >= subscriptions)) return true;
    if (subscriber.errors.length || subscriber.closed) throw new Error(`not listening: ${JSON.stringify({ errors: subscriber.errors, closed: subscriber.closed })}`);
    if (Date.now() >= nextProbe) {
      written.push(await touch(probe));
      nextProbe = Date.now() + 300;
    }
    return false;
  }, { timeoutMs: WAIT_MS, what: `a probe reaching ${subscriptions} subscription(s)` });
}

/** A subscriber on B that surely listens: a probe written after it subscribed has come through. */
async function listening(options: Parameters<typeof liveSubscriber>[1], types: string[] | null = null, probe = CUSTOMER_PROBE): Promise<Subscriber> {
  const subscriber = onB(options);
  subscriber.subscribe(CHANGES, types ? { types } : {});
  await heard(subscriber, 1, probe);
  return subscriber;
}

async function clientWithToken(scopes: string): Promise<{ id: string; token: string }> {
  const { orm, serverKey, clock } = studio.app.services;
  const client = await createApiClient(orm, serverKey, { companyId: studio.companyId, name: 'live test', scopes }, clock.now());
  const answer = await call(`${studio.m2m}/token`, null, { method: 'POST', body: { client_id: client.client_id, client_secret: client.client_secret } });
  return { id: client.client_id, token: answer.body.access_token as string };
}

describe('a change made on one instance', () => {
  it('reaches a subscriber on another instance as it commits, naming the booking, its event date and its attendee', async () => {
    const { token } = await clientWithToken('bookings:read events:read customers:read');
    const subscriber = await listening({ token });
    const started = Date.now();
    const { body } = await onA(BOOK, { input: { customerId: 'cust_l1', eventDateId: 'date_flow', pricingOptionId: 'po-flow', payWith: 'CARD' } });
    const committed = Date.now();
    const bookingId = body.data.bookEvent.bookings[0].id as string;
    // Announced at its commit, before its answer: a probe committed after the answer finds the booking's changes
    // already there. Ordered by commits, not timed: a loaded machine's latency says more about the machine.
    await mark(subscriber);
    const booking = subscriber.received.find((change) => change.type === 'Booking' && change.id === bookingId);
    expect(booking).toMatchObject({ action: 'created', related: expect.arrayContaining(['date_flow', 'cust_l1']) });
    const date = subscriber.received.find((change) => change.type === 'EventDate' && change.id === 'date_flow');
    expect(date?.action).toBe('updated');
    const latency = { sinceRequest: booking!.arrivedAt - started, sinceAnswer: booking!.arrivedAt - committed };
    process.stdout.write(`live change latency: ${latency.sinceRequest} ms from the request, ${latency.sinceAnswer} ms from its answer\n`);
  });

  it('never reaches a subscriber of another company', async () => {
    const otherCompany = await studio.otherCompany();
    const { rows } = await sql.query<{ id: string }>('select id from customer where company_id = $1 limit 1', [otherCompany]);
    const theirProbe = { table: 'customer', type: 'Customer', id: rows[0]!.id };
    const ours = await listening({ token: await studio.token(['customers:read']) });
    const theirs = await listening({ token: await studio.token(['customers:read'], otherCompany) }, null, theirProbe);
    await mark(theirs, theirProbe);
    await mark(ours);
    expect(ours.received.filter((change) => change.id === theirProbe.id)).toEqual([]);
    expect(theirs.received.filter((change) => change.id.startsWith('cust_l'))).toEqual([]);
  });

  it('gives only the types asked for, and only those the scopes read', async () => {
    const { token } = await clientWithToken('customers:read events:read');
    const everything = await listening({ token });
    const dates = await listening({ token }, ['EventDate'], DATE_PROBE);
    await onA(BOOK, { input: { customerId: 'cust_l2', eventDateId: 'date_flow', pricingOptionId: 'po-flow', payWith: 'CARD' } });
    await everything.more((change) => change.type === 'EventDate', 0);
    await mark(everything);
    await mark(dates, DATE_PROBE);
    expect(everything.received.filter((change) => change.type === 'Booking' || change.type === 'Transaction')).toEqual([]);
    expect(dates.received.filter((change) => change.type !== 'EventDate')).toEqual([]);
  });
});

describe('a write rolled back', () => {
  it('announces nothing: a mutation document with a failing field commits none of its changes', async () => {
    const { token } = await clientWithToken('bookings:read events:read customers:read');
    const subscriber = await listening({ token });
    const { body } = await onA(`mutation ($ok: BookEventInput!, $bad: BookEventInput!) { ok: bookEvent(input: $ok) { id } bad: bookEvent(input: $bad) { id } }`, {
      ok: { customerId: 'cust_l3', eventDateId: 'date_flow', pricingOptionId: 'po-flow', payWith: 'CARD' },
      bad: { customerId: 'cust_none', eventDateId: 'date_flow', pricingOptionId: 'po-flow', payWith: 'CARD' },
    });
    expect(body.errors).toBeDefined();
    const { rows } = await sql.query(`select count(*)::int as n from booking where attendee_id = 'cust_l3'`);
    expect(rows[0].n).toBe(0);
    await mark(subscriber);
    expect(subscriber.received.filter((change) => change.type !== 'Customer')).toEqual([]);
  });

  it('announces nothing for a transaction rolled back outside the pipeline', async () => {
    const subscriber = await listening({ token: await studio.token(['customers:read']) });
    await sql.query('begin');
    await sql.query(`update customer set lastname = 'Rolled' where id = 'cust_l4'`);
    await sql.query('rollback');
    await mark(subscriber);
    expect(subscriber.received.filter((change) => change.id === 'cust_l4')).toEqual([]);
  });
});

describe('who may subscribe', () => {
  it('closes a connection without a token with 4401', async () => {
    const subscriber = onB({});
    await subscriber.subscribe().done;
    expect((await subscriber.whenClosed()).code).toBe(4401);
  });

  it('closes a connection with a bad token with 4401', async () => {
    const subscriber = onB({ token: 'not.a.token' });
    await subscriber.subscribe().done;
    expect(await subscriber.whenClosed()).toMatchObject({ code: 4401, reason: expect.stringMatching(/token/i) });
  });

  it('refuses a type the token cannot read with FORBIDDEN naming the scope, and an unknown type with BAD_USER_INPUT', async () => {
    const { token } = await clientWithToken('customers:read');
    const subscriber = onB({ token });
    await subscriber.subscribe(CHANGES, { types: ['Booking'] }).done;
    await subscriber.subscribe(CHANGES, { types: ['Nothing'] }).done;
    expect(subscriber.errors.map((error) => error.extensions)).toEqual([
      expect.objectContaining({ code: 'FORBIDDEN', scope: 'bookings:read' }),
      expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'types' }),
    ]);
  });

  it('refuses a token that reads no type of change with FORBIDDEN', async () => {
    const { token } = await clientWithToken('profile:read');
    const subscriber = onB({ token });
    await subscriber.subscribe().done;
    expect(subscriber.errors[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('serves only subscriptions over WebSocket, and no subscription over HTTP', async () => {
    const subscriber = onB({ token: writer });
    await subscriber.subscribe('{ customers { total } }').done;
    expect(subscriber.errors[0]?.extensions?.code).toBe('BAD_REQUEST');
    const { body } = await onA(CHANGES);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  // Nothing reads an API client's standing again by itself: only the revocation's notice can close its connections.
  it('closes the connections of a revoked client with 4401, on the notice of its revocation', async () => {
    const { id, token } = await clientWithToken('customers:read');
    const subscriber = await listening({ token });
    const revoked = Date.now();
    await revokeApiClient(studio.app.services.orm, id, new Date());
    expect(await subscriber.whenClosed()).toMatchObject({ code: 4401, reason: expect.stringMatching(/revoked/) });
    process.stdout.write(`closed ${Date.now() - revoked} ms after the revocation\n`);
  });

  it('closes with 4403 when the client’s scopes change, so that it reconnects under the new ones', async () => {
    const { id, token } = await clientWithToken('customers:read bookings:read');
    const subscriber = await listening({ token });
    await setClientScopes(studio.app.services.orm, id, 'customers:read');
    expect((await subscriber.whenClosed()).code).toBe(4403);
  });

  it('takes a console session from the console’s own origin, and ends with the session', async () => {
    const user = await consoleUser(studio, 'staff');
    const { cookie } = await signIn(studio.url, user);
    const foreign = onB({ headers: { cookie, origin: 'https://elsewhere.example' } });
    await foreign.subscribe().done;
    expect((await foreign.whenClosed()).code).toBe(4401);

    const desk = await listening({ headers: { cookie, origin: second.url } });
    await onA(BOOK, { input: { customerId: 'cust_l5', eventDateId: 'date_flow', pricingOptionId: 'po-flow', payWith: 'CARD' } });
    await desk.next((change) => change.type === 'Booking' && change.related.includes('cust_l5'));
    await call(`${studio.url}/graphql`, null, { method: 'POST', headers: { cookie, 'x-studio-console': '1' }, body: { query: 'mutation { signOut }' } });
    // Read again every LIVE_SESSION_CHECK_SECONDS (1 s here); without that check it would stay open.
    expect(await desk.whenClosed()).toMatchObject({ code: 4401, reason: expect.stringMatching(/session/) });
  });
});

describe('limits per client', () => {
  it(`refuses a subscription past ${LIMITS.subscriptions} with RATE_LIMITED, and a connection past ${LIMITS.connections} with 4429`, async () => {
    const { token } = await clientWithToken('customers:read');
    const first = await listening({ token });
    first.subscribe();
    first.subscribe();
    await heard(first, LIMITS.subscriptions);
    const secondConnection = onB({ token });
    await secondConnection.subscribe().done;
    expect(secondConnection.errors[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(secondConnection.closed).toBeNull();

    const third = onB({ token });
    await third.subscribe().done;
    expect(await third.whenClosed()).toMatchObject({ code: 4429, reason: expect.stringMatching(/LIVE_MAX_CONNECTIONS_PER_CLIENT/) });

    await first.dispose();
    // Until the server has seen the first connection close it still counts it, and a new one is closed with 4429: made again.
    await waitUntil(async () => {
      const again = onB({ token });
      again.subscribe();
      try {
        await heard(again);
        return true;
      } catch (error) {
        if (again.closed?.code !== 4429) throw error;
        return false;
      }
    }, { timeoutMs: WAIT_MS, what: 'a connection admitted once the first one closed' });
  });
});

describe('the source of changes', () => {
  it('covers every table read through a scoped GraphQL type, each with its trigger in the database', async () => {
    const schema = buildSchema();
    const scopedTypes = Object.values(schema.getTypeMap()).filter((type) => type instanceof GraphQLObjectType && scopeOf(schema, type)).map((type) => type.name);
    const entityNames = companyScoped.map((entity) => entity.meta.className);
    const published = new Set(Object.keys(LIVE_TABLES));
    expect(entityNames.filter((name) => scopedTypes.includes(name) && !published.has(name))).toEqual([]);
    const { rows } = await sql.query<{ table: string }>(`select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'live_change'`);
    expect(rows.map((row) => row.table).sort()).toEqual(Object.values(LIVE_TABLES).map((live) => live.table).sort());
  });
});

describe('a server that stops', () => {
  it('closes its live connections first, with 1001, and finishes stopping', async () => {
    const subscriber = await listening({ token: await studio.token(['customers:read']) });
    await closeSecond();
    expect((await subscriber.whenClosed()).code).toBe(1001);
  });
});
