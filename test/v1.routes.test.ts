/** Document 2, section 4: every v1 endpoint over the same records as M2M and GraphQL. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { companyEm } from '../src/db/scope.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { setWebhook } from '../src/domain/webhook-endpoints.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
let v1: string;
let m2m: string;
let sql: pg.Client;
let ids: { customer: string; event: string; bookedEvent: string; pass: string; passPurchase: string };

const get = (path: string, token = v1) => call(`${studio.v1}${path}`, token);
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(`${studio.v1}${path}`, v1, { method, body, headers });
const first = async (query: string, params: unknown[] = []) => (await sql.query(query, params)).rows[0];

beforeAll(async () => {
  studio = await startStudio({ clock: new FixedClock('2026-11-21T12:00:00Z'), env: { CACHE_TTL_SECONDS: '300', V1_RATE_PER_MINUTE: '100000' } });
  v1 = await studio.v1Token();
  m2m = await studio.token();
  sql = new pg.Client(studio.app.database.url);
  await sql.connect();
  const company = studio.companyId;
  ids = {
    customer: (await first('select id from customer where company_id = $1 order by id limit 1', [company])).id,
    bookedEvent: (await first('select d.event_id as id from booking b join event_date d on d.id = b.event_date_id where b.company_id = $1 limit 1', [company])).id,
    event: (await first('select id from event where company_id = $1 and not exists (select 1 from event_date d join booking b on b.event_date_id = d.id where d.event_id = event.id) limit 1', [company]))?.id,
    pass: (await first('select id from pass_template where company_id = $1 and active order by id limit 1', [company])).id,
    passPurchase: (await first('select id from pass_purchase where company_id = $1 order by id limit 1', [company])).id,
  };
});
afterAll(async () => {
  await sql.end();
  await studio.close();
});

describe('customers', () => {
  it('GET /customers lists customers as document 2 gives them, page 1 of 25', async () => {
    const { status, body } = await get('/customers');
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, perPage: 25 });
    expect(Object.keys(body.customers[0]).sort()).toEqual(['createdAt', 'email', 'firstName', 'id', 'lastName']);
    expect(body.customers[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });

  it('POST /customers creates a customer (201) that M2M and GraphQL read back', async () => {
    const created = await send('POST', '/customers', { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobile: '+447700900123' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobile: '+447700900123', archived: false });
    const profile = await call(`${studio.m2m}/customer/${created.body.id}/profile`, m2m);
    expect(profile.body.data).toEqual({ id: created.body.id, type: 'customer', firstname: 'Grace', lastname: 'Hopper', email: 'grace@example.com', mobile: '+447700900123' });
    const graph = await call(`${studio.url}/graphql`, m2m, { method: 'POST', body: { query: `{ customer(id: "${created.body.id}") { firstName email } }` } });
    expect(graph.body.data.customer).toEqual({ firstName: 'Grace', email: 'grace@example.com' });
  });

  it('reads back through v1 a customer changed through M2M, and the reverse, at once', async () => {
    await get(`/customers/${ids.customer}`);
    await call(`${studio.m2m}/customer/${ids.customer}/profile`, m2m);
    const m2mPut = await call(`${studio.m2m}/customer/${ids.customer}/profile`, m2m, { method: 'PUT', body: { firstname: 'Ada', lastname: 'Byron', email: 'ada@example.com' } });
    expect(m2mPut.status).toBe(200);
    expect((await get(`/customers/${ids.customer}`)).body).toMatchObject({ firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' });
    const v1Put = await send('PUT', `/customers/${ids.customer}`, { lastName: 'Lovelace' });
    expect(v1Put.body.lastName).toBe('Lovelace');
    expect((await call(`${studio.m2m}/customer/${ids.customer}/profile`, m2m)).body.data.lastname).toBe('Lovelace');
  });

  it('DELETE /customers/{id} hides the customer from every list but keeps their registrations', async () => {
    const { id: customer, event } = await first(
      `select t.customer_id as id, d.event_id as event from booking b join event_transaction t on t.id = b.transaction_id
         join event_date d on d.id = b.event_date_id where b.company_id = $1 and b.bought_for_id is null order by b.id limit 1`,
      [studio.companyId],
    );
    expect((await send('DELETE', `/customers/${customer}`)).status).toBe(204);
    expect((await get(`/customers/${customer}`)).status).toBe(404);
    const everyone = await get('/customers?perPage=100');
    expect(everyone.body.customers.map((c: { id: string }) => c.id)).not.toContain(customer);
    const m2mList = await call(`${studio.m2m}/customers?pageSize=100`, m2m);
    expect(m2mList.body.data.map((c: { id: string }) => c.id)).not.toContain(customer);
    const registrations = await get(`/events/${event}/registrations?perPage=100`);
    expect(registrations.body.registrations.map((r: { customerId: string }) => r.customerId)).toContain(customer);
  });
});

describe('events', () => {
  it('POST /events creates an event with dates and pricing options that M2M lists', async () => {
    const { status, body } = await send('POST', '/events', {
      name: 'Sound Bath', description: 'Gongs', timezone: 'Europe/London',
      dates: [{ startsAt: '2026-12-05T18:00:00Z', durationMinutes: 60, capacity: 12 }],
      pricingOptions: [{ name: 'Drop-in', price: 15.5, credits: 1 }],
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Sound Bath', archived: false,
      dates: [{ startsAt: '2026-12-05T18:00:00.000Z', durationMinutes: 60, capacity: 12, spacesBooked: 0, spacesLeft: 12 }],
      pricingOptions: [{ name: 'Drop-in', price: 15.5, credits: 1, currency: 'GBP' }],
    });
    const m2mEvent = await call(`${studio.m2m}/event/${body.id}`, m2m);
    expect(m2mEvent.body.data).toMatchObject({ name: 'Sound Bath', dates: [{ datetime: '2026-12-05T18:00:00', tz: 'Europe/London' }], pricing_options: [{ base100_price: 1550 }] });
  });

  it('PUT /events/{id} changes it and GET returns the new value at once', async () => {
    await get(`/events/${ids.bookedEvent}`);
    expect((await send('PUT', `/events/${ids.bookedEvent}`, { description: 'New words' })).status).toBe(200);
    expect((await get(`/events/${ids.bookedEvent}`)).body.description).toBe('New words');
  });

  it('GET /events/{id}/registrations lists its bookings as reg_ ids of the same records', async () => {
    const { status, body } = await get(`/events/${ids.bookedEvent}/registrations`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, perPage: 25 });
    const registration = body.registrations[0];
    expect(registration.id).toMatch(/^reg_/);
    const booking = await first('select id, spaces from booking where id = $1', [registration.id.replace(/^reg_/, 'booking_')]);
    expect(booking.spaces).toBe(registration.spots);
  });

  it('DELETE /events/{id} archives an event with bookings and deletes one without', async () => {
    const archived = await send('DELETE', `/events/${ids.bookedEvent}`);
    expect(archived.body).toEqual({ id: ids.bookedEvent, status: 'archived' });
    expect((await get(`/events/${ids.bookedEvent}`)).body.archived).toBe(true);
    expect((await get(`/events/${ids.bookedEvent}/registrations`)).body.total).toBeGreaterThan(0);
    const { body: fresh } = await send('POST', '/events', { name: 'Empty' });
    expect((await send('DELETE', `/events/${fresh.id}`)).body).toEqual({ id: fresh.id, status: 'deleted' });
    expect((await get(`/events/${fresh.id}`)).status).toBe(404);
  });
});

describe('passes and customer passes', () => {
  it('POST /passes and PUT /passes/{id}', async () => {
    const created = await send('POST', '/passes', { name: '3 classes', credits: 3, validityDays: 30, price: 27 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: '3 classes', credits: 3, validityDays: 30, price: 27, currency: 'GBP', active: true });
    const changed = await send('PUT', `/passes/${created.body.id}`, { price: 25.99, active: false });
    expect(changed.body).toMatchObject({ price: 25.99, active: false });
    expect((await call(`${studio.m2m}/pass/${created.body.id}`, m2m)).body.data.base100_price).toBe(2599);
  });

  it('POST /customer-passes assigns a pass: exactly the documented shape, 201, and an M2M package', async () => {
    const pass = await first('select credits, validity_days from pass_template where id = $1', [ids.pass]);
    const { status, body } = await send('POST', '/customer-passes', { customerId: ids.customer, passId: ids.pass, startDate: '2026-11-20' });
    expect(status).toBe(201);
    const expiry = new Date(Date.parse('2026-11-20T00:00:00Z') + pass.validity_days * 86_400_000).toISOString().slice(0, 10);
    expect(body).toEqual({
      id: expect.stringMatching(/^cp_/), customerId: ids.customer, passId: ids.pass, remainingUses: pass.credits,
      startDate: '2026-11-20', expiryDate: expiry, status: 'active',
    });
    const packages = await call(`${studio.m2m}/customer/${ids.customer}/packages`, m2m);
    expect(packages.body.data.map((p: { id: string }) => p.id)).toContain(body.id.replace(/^cp_/, 'package_'));
    expect((await get(`/customer-passes/${body.id}`)).body).toEqual(body);
  });

  it('PUT /customer-passes/{id} changes the remaining uses and cancels', async () => {
    const id = ids.passPurchase.replace(/^package_/, 'cp_');
    expect((await send('PUT', `/customer-passes/${id}`, { remainingUses: 1 })).body.remainingUses).toBe(1);
    expect((await send('PUT', `/customer-passes/${id}`, { status: 'cancelled' })).body.status).toBe('cancelled');
  });

  it('refuses an inactive pass and an unknown customer', async () => {
    const inactive = await send('POST', '/passes', { name: 'Old', credits: 1, validityDays: 1, price: 1, active: false });
    const refused = await send('POST', '/customer-passes', { customerId: ids.customer, passId: inactive.body.id, startDate: '2026-11-21' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'passId' } });
    expect((await send('POST', '/customer-passes', { customerId: 'cust_nobody', passId: ids.pass, startDate: '2026-11-21' })).status).toBe(404);
  });

  it('lists customer passes of one customer', async () => {
    const { body } = await get(`/customer-passes?customerId=${ids.customer}`);
    expect(body.customerPasses.length).toBeGreaterThan(0);
    expect(body.customerPasses.every((p: { customerId: string }) => p.customerId === ids.customer)).toBe(true);
  });
});

describe('webhook endpoints (beyond document 2)', () => {
  const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
    (await call(`${studio.url}/graphql`, m2m, { method: 'POST', body: { query, variables } })).body;
  const reveal = async (id: string) => (await graphql('mutation ($id: ID!) { revealWebhookSecret(id: $id) }', { id })).data.revealWebhookSecret;
  let hook: { id: string; signingSecret: string };

  it('POST /webhooks adds an endpoint (201) with its signing secret, which no other answer shows, and GraphQL reads it back', async () => {
    const created = await send('POST', '/webhooks', { url: 'https://8.8.8.8/studio-hooks', events: ['customer.created', 'appointment.no_show'], enabled: false });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^whk_/), url: 'https://8.8.8.8/studio-hooks', events: ['customer.created', 'appointment.no_show'], enabled: false,
      previousSecretExpiresAt: null, createdAt: expect.any(String), signingSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    hook = created.body;
    expect(await reveal(hook.id)).toBe(hook.signingSecret);
    const { signingSecret: _secret, ...endpoint } = created.body;
    expect((await get(`/webhooks/${hook.id}`)).body).toEqual(endpoint);
    expect((await get('/webhooks')).body.webhooks).toContainEqual(endpoint);
    expect((await graphql('{ webhookEndpoints { id events enabled } }')).data.webhookEndpoints).toContainEqual({ id: hook.id, events: ['CUSTOMER_CREATED', 'APPOINTMENT_NO_SHOW'], enabled: false });
  });

  it('answers a POST retried with its Idempotency-Key with the same endpoint and secret, made once', async () => {
    const body = { url: 'https://8.8.4.4/retried', events: ['customer.deleted'], enabled: false };
    const first = await send('POST', '/webhooks', body, { 'Idempotency-Key': 'hook-1' });
    const again = await send('POST', '/webhooks', body, { 'Idempotency-Key': 'hook-1' });
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect(again.body).toEqual(first.body);
    expect((await get('/webhooks')).body.webhooks.filter((w: { url: string }) => w.url === body.url)).toHaveLength(1);
  });

  it('PUT /webhooks/{id} changes the given fields and keeps the secret', async () => {
    const changed = await send('PUT', `/webhooks/${hook.id}`, { events: ['subscription.renewed'], enabled: true });
    expect(changed.body).toMatchObject({ id: hook.id, url: 'https://8.8.8.8/studio-hooks', events: ['subscription.renewed'], enabled: true });
    expect(changed.body.signingSecret).toBeUndefined();
    expect(await reveal(hook.id)).toBe(hook.signingSecret);
    await send('PUT', `/webhooks/${hook.id}`, { enabled: false });
  });

  const refused: [string, string, string][] = [
    ['http://', 'http://8.8.8.8/hooks', 'must use https://'],
    ['another scheme', 'ftp://8.8.8.8/hooks', 'must be an https:// URL'],
    ['not a URL', 'hooks.example.com', 'must be an absolute URL'],
    ['a user name and password', 'https://user:secret@8.8.8.8/hooks', 'must not contain a user name or password'],
    ['a loopback address', 'https://127.0.0.1/hooks', '127.0.0.1 is a loopback address'],
    ['a name that resolves to a loopback address', 'https://localhost/hooks', 'localhost resolves to'],
    ['a private address', 'https://10.1.2.3/hooks', '10.1.2.3 is a private address'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data', '169.254.169.254 is a link-local address'],
    ['a shared (CGNAT) address', 'https://100.64.0.1/hooks', 'a shared (CGNAT) address'],
    ['an IPv6 unique-local address', 'https://[fd00::1]/hooks', 'a private (unique local) address'],
    ['an IPv4-mapped private address', 'https://[::ffff:192.168.1.1]/hooks', 'embedding 192.168.1.1, a private address'],
    ['a documentation address', 'https://203.0.113.7/hooks', 'a documentation address'],
  ];

  it.each(refused)('refuses %s as a target (400 on url), on POST and on PUT, and changes nothing', async (_case, url, reason) => {
    const before = (await get('/webhooks')).body.webhooks;
    for (const answer of [await send('POST', '/webhooks', { url, events: ['customer.created'] }), await send('PUT', `/webhooks/${hook.id}`, { url })]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'url', rule: 'format' } });
      expect(answer.body.error.message).toContain(reason);
    }
    expect((await get('/webhooks')).body.webhooks).toEqual(before);
  });

  it('GET /webhooks/{id}/deliveries: the attempts to that endpoint, a refused address among them', async () => {
    // Set while insecure targets were allowed (as an operator might have), refused when delivered.
    const { orm, serverKey } = studio.app.services;
    const loopback = await setWebhook(companyEm(orm, studio.companyId), serverKey, { companyId: studio.companyId, url: 'https://127.0.0.1:9/hooks', events: ['customer.created'] }, { allowInsecure: true });
    await send('POST', '/customers', { firstName: 'Hedy', lastName: 'Lamarr', email: 'hedy@example.com' });
    let deliveries: { event: string; attempt: number; status: number | null; error: string }[] = [];
    for (let waited = 0; !deliveries.length && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      deliveries = (await get(`/webhooks/${loopback.id}/deliveries?limit=5`)).body.deliveries;
    }
    expect(deliveries[0]).toMatchObject({ event: 'customer.created', test: false, attempt: 1, status: null, error: 'refused: 127.0.0.1 is a loopback address' });
    expect(Object.keys(deliveries[0]!)).toEqual(['eventId', 'event', 'test', 'attempt', 'status', 'error', 'at', 'durationMs']);
    expect((await get(`/webhooks/${hook.id}/deliveries`)).body).toEqual({ deliveries: [] });
    expect(await send('DELETE', `/webhooks/${loopback.id}`)).toMatchObject({ status: 204 });
  });

  it('answers 404 for another company\'s endpoint on every route, as for one that does not exist', async () => {
    const other = await studio.otherCompany();
    const { orm, serverKey } = studio.app.services;
    const theirs = (await setWebhook(companyEm(orm, other), serverKey, { companyId: other, url: 'https://8.8.8.8/theirs', events: ['customer.created'], enabled: false }, { allowInsecure: false })).id;
    for (const id of [theirs, 'whk_nobody']) {
      const answers = [await get(`/webhooks/${id}`), await send('PUT', `/webhooks/${id}`, { enabled: true }), await get(`/webhooks/${id}/deliveries`), await send('DELETE', `/webhooks/${id}`)];
      expect(answers.map((a) => [a.status, a.body.error.code])).toEqual(Array(4).fill([404, 'NOT_FOUND']));
    }
  });

  it('DELETE /webhooks/{id} removes it: 204, then 404', async () => {
    expect((await send('DELETE', `/webhooks/${hook.id}`)).status).toBe(204);
    expect((await get(`/webhooks/${hook.id}`)).status).toBe(404);
    expect((await get('/webhooks')).body.webhooks.map((w: { id: string }) => w.id)).not.toContain(hook.id);
  });
});

describe('methods, paging, authentication', () => {
  it.each([
    ['DELETE', '/passes/pass_x', 'GET, PUT'],
    ['DELETE', '/customer-passes/cp_x', 'GET, PUT'],
    ['PATCH', '/customers/cust_x', 'GET, PUT, DELETE'],
    ['DELETE', '/customers', 'GET, POST'],
    ['PUT', '/events/evt_x/registrations', 'GET'],
    ['PATCH', '/webhooks/whk_x', 'GET, PUT, DELETE'],
    ['POST', '/webhook-events', 'GET'],
  ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
    const { status, headers, body } = await send(method, path);
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe(allow);
    expect(body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it.each([
    ['page=0', 'page', 'min'],
    ['perPage=0', 'perPage', 'min'],
    ['perPage=101', 'perPage', 'max'],
    ['page=x', 'page', 'type'],
  ])('refuses %s naming the parameter', async (query, field, rule) => {
    const { status, body } = await get(`/customers?${query}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field, rule } });
  });

  it('pages from 1', async () => {
    const one = await get('/customers?page=1&perPage=2');
    const two = await get('/customers?page=2&perPage=2');
    expect(one.body).toMatchObject({ page: 1, perPage: 2 });
    expect(two.body.customers[0].id).not.toBe(one.body.customers[0].id);
  });

  it('keeps v1 and M2M tokens apart, and v1 tokens out of GraphQL', async () => {
    expect((await get('/customers', m2m)).status).toBe(401);
    expect((await call(`${studio.m2m}/customers`, v1)).status).toBe(401);
    expect((await call(`${studio.url}/graphql`, v1, { method: 'POST', body: { query: '{ customers { total } }' } })).status).toBe(401);
  });

  it('answers wrong credentials with 401 in the v1 shape', async () => {
    const { status, body } = await call(`${studio.v1}/auth/token`, null, { method: 'POST', body: { apiKey: 'key_nope', apiSecret: 'x' } });
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Invalid API key or secret', details: {} } });
  });
});
