/**
 * The desk (docs/customers.md, docs/lifecycles.md): payments marked with how the money was taken and what a
 * customer owes; walk-in appointments for staff and, on request, for integrators; phone search as people
 * type numbers; one live customer per email on every door, under concurrency and in imports.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import { importBundle } from '../src/bundles/import.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { consoleCall, signIn } from './support/console.ts';
import { call, consoleUser, startStudio, type Studio } from './support/studio.ts';

const NOW = '2026-11-21T12:00:00Z';
const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' }));
const person = (id: string, mobile: string | null = null, extra: object = {}) => ({
  id: `cust_${id}`, firstname: id, lastname: 'Desk', email: `${id}@example.com`, mobile, ...extra,
});

const bundle = {
  format: 1,
  customers: [
    person('ada'), person('bob'), person('archie', null, { archived: true }), person('gone'),
    person('phoebe', '+44 7700 900620'), person('percy', '07700 900777'), person('pierre', '+33 6 12 34 56 78'),
  ],
  facilitators: ['jo', 'kim', 'lee', 'max'].map((name) => ({ id: `fac_${name}`, name, timezone: 'Europe/London', weeklyWindows: everyDay })),
  services: [{ id: 'svc_chat', name: 'Consultation', bufferMinutes: 0, options: [{ name: '30 min', durationMinutes: 30, base100Price: 3500, credits: 1 }] }],
  subscriptionPlans: [{ id: 'plan_monthly', name: 'Monthly', base100Price: 6500, interval: 'MONTH', active: true }],
} as unknown as Bundle;

let studio: Studio;
let token: string;

const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
  (await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } })).body;
const codeOf = (body: any) => (body.errors ? body.errors[0].extensions.code : 'OK');

beforeAll(async () => {
  studio = await startStudio({ bundle, clock: new FixedClock(NOW), env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000' } });
  token = await studio.token();
});
afterAll(() => studio?.close());

const BOOK = `mutation ($input: BookAppointmentInput!) {
  bookAppointment(input: $input) { id datetime payment { ... on CardPayment { status settlementMethod settledAt } } }
}`;
const appointmentInput = (facilitatorId: string, datetime: string, extra: object = {}) => ({
  input: { customerId: 'cust_ada', serviceId: 'svc_chat', optionName: '30 min', facilitatorId, datetime, payWith: 'CARD', ...extra },
});
const OWED = `query ($id: ID!) { customer(id: $id) {
  amountOwed { currency base100Amount appointments { id } charges { id status } }
} }`;

describe('payments at the desk', () => {
  it('marks an appointment paid in cash, shown on the payment by GraphQL and M2M, and it is owed no more', async () => {
    const booked = await graphql(BOOK, appointmentInput('fac_jo', '2026-11-23T09:30:00', { customerId: 'cust_bob' }));
    const id = booked.data.bookAppointment.id;
    expect(booked.data.bookAppointment.payment).toEqual({ status: 'PENDING', settlementMethod: null, settledAt: null });
    expect((await graphql(OWED, { id: 'cust_bob' })).data.customer.amountOwed).toEqual([{ currency: 'GBP', base100Amount: 3500, appointments: [{ id }], charges: [] }]);

    const paid = await graphql(
      `mutation ($id: ID!) { setAppointmentPaymentStatus(id: $id, status: PAID, method: CASH) { payment { ... on CardPayment { status settlementMethod settledAt } } } }`,
      { id },
    );
    expect(paid.data.setAppointmentPaymentStatus.payment).toEqual({ status: 'PAID', settlementMethod: 'CASH', settledAt: '2026-11-21T12:00:00.000Z' });
    const listed = (await call(`${studio.m2m}/appointments/bookings?customer_id=cust_bob`, token)).body.data.find((a: { id: string }) => a.id === id);
    expect(listed.payment).toEqual({ method: 'CARD', currency: 'GBP', base100_price_paid: 3500, status: 'PAID', settlement_method: 'CASH' });
    const own = (await call(`${studio.m2m}/customer/cust_bob/appointments`, token)).body.data.find((a: { id: string }) => a.id === id);
    expect(own.payment).toMatchObject({ status: 'PAID', settlement_method: 'CASH' });
    expect((await graphql(OWED, { id: 'cust_bob' })).data.customer.amountOwed).toEqual([]);
  });

  it('refuses a method that is not card, cash or other, changing nothing', async () => {
    const booked = await graphql(BOOK, appointmentInput('fac_jo', '2026-11-23T11:00:00', { customerId: 'cust_gone' }));
    const body = await graphql(`mutation ($id: ID!) { setAppointmentPaymentStatus(id: $id, status: PAID, method: PASS) { id } }`, { id: booked.data.bookAppointment.id });
    expect(codeOf(body)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await graphql(OWED, { id: 'cust_gone' })).data.customer.amountOwed[0].base100Amount).toBe(3500);
  });

  it("marks a subscription's first charge paid by another method; what is owed follows", async () => {
    const started = await graphql(`mutation { startSubscription(input: { customerId: "cust_percy", planId: "plan_monthly" }) { charges { nodes { id status } } } }`);
    const [charge] = started.data.startSubscription.charges.nodes;
    expect(charge.status).toBe('PENDING');
    expect((await graphql(OWED, { id: 'cust_percy' })).data.customer.amountOwed).toEqual([
      { currency: 'GBP', base100Amount: 6500, appointments: [], charges: [{ id: charge.id, status: 'PENDING' }] },
    ]);
    const failed = await graphql(`mutation ($id: ID!) { setSubscriptionChargeStatus(id: $id, status: FAILED, method: CARD) { status settlementMethod } }`, { id: charge.id });
    expect(failed.data.setSubscriptionChargeStatus).toEqual({ status: 'FAILED', settlementMethod: 'CARD' });
    expect((await graphql(OWED, { id: 'cust_percy' })).data.customer.amountOwed[0].base100Amount).toBe(6500);
    const paid = await graphql(`mutation ($id: ID!) { setSubscriptionChargeStatus(id: $id, status: PAID, method: OTHER) { status settlementMethod settledAt } }`, { id: charge.id });
    expect(paid.data.setSubscriptionChargeStatus).toEqual({ status: 'PAID', settlementMethod: 'OTHER', settledAt: '2026-11-21T12:00:00.000Z' });
    expect((await graphql(OWED, { id: 'cust_percy' })).data.customer.amountOwed).toEqual([]);
  });
});

describe('walk-ins', () => {
  it('lets an API client book any minute ahead, but not a start already past unless it asks for a walk-in', async () => {
    expect((await graphql(BOOK, appointmentInput('fac_kim', '2026-11-21T14:07:00'))).data.bookAppointment.datetime).toBe('2026-11-21T14:07:00');
    const past = await graphql(BOOK, appointmentInput('fac_kim', '2026-11-21T10:07:00'));
    expect(codeOf(past)).toBe('BAD_USER_INPUT');
    expect(past.errors[0].message).toBe('datetime: must be in the future');
    const walkIn = await graphql(BOOK, appointmentInput('fac_kim', '2026-11-21T10:07:00', { walkIn: true }));
    expect(walkIn.data.bookAppointment.datetime).toBe('2026-11-21T10:07:00');
  });

  it('keeps a walk-in within WALK_IN_WINDOW_HOURS (12) of now', async () => {
    const tooEarly = await graphql(BOOK, appointmentInput('fac_kim', '2026-11-20T23:59:00', { walkIn: true }));
    expect(codeOf(tooEarly)).toBe('BAD_USER_INPUT');
    expect(tooEarly.errors[0].message).toBe('datetime: must be no earlier than 12 hours ago (a walk-in)');
    // 12 hours ago to the minute is inside the window, but outside the facilitator's hours (08:00-20:00).
    expect((await graphql(BOOK, appointmentInput('fac_kim', '2026-11-21T00:00:00', { walkIn: true }))).errors[0].message).toMatch(/working windows/);
  });

  it('books a walk-in for console staff without being asked, and refuses one when staff say it is not', async () => {
    const staff = await signIn(studio.url, await consoleUser(studio, 'staff'));
    const asStaff = (variables: object) => consoleCall(studio.url, BOOK, { cookie: staff.cookie, variables: variables as Record<string, unknown> });
    const started = await asStaff(appointmentInput('fac_lee', '2026-11-21T11:23:00'));
    expect(started.body.data.bookAppointment.datetime).toBe('2026-11-21T11:23:00');
    const notWalkIn = await asStaff(appointmentInput('fac_lee', '2026-11-21T09:00:00', { walkIn: false }));
    expect(notWalkIn.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    // Read back by M2M, as an integrator sees it.
    const listed = (await call(`${studio.m2m}/appointments/bookings?facilitator_id=fac_lee`, token)).body.data;
    expect(listed.map((a: { datetime: string }) => a.datetime)).toEqual(['2026-11-21T11:23:00']);
  });

  it('moves an appointment to a start already past only as a walk-in', async () => {
    const booked = await graphql(BOOK, appointmentInput('fac_max', '2026-11-21T15:00:00'));
    const move = (walkIn: boolean | null) =>
      graphql(`mutation ($id: ID!, $walkIn: Boolean) { rescheduleAppointment(id: $id, datetime: "2026-11-21T11:52:00", walkIn: $walkIn) { datetime } }`, { id: booked.data.bookAppointment.id, walkIn });
    expect(codeOf(await move(null))).toBe('BAD_USER_INPUT');
    expect((await move(true)).data.rescheduleAppointment.datetime).toBe('2026-11-21T11:52:00');
  });
});

describe('phone search', () => {
  const found = async (search: string) =>
    ((await graphql(`query ($s: String) { customers(search: $s, pageSize: 100) { nodes { id } } }`, { s: search })).data.customers.nodes as { id: string }[]).map((c) => c.id);

  it.each([
    ['+447700900620', ['cust_phoebe']],
    ['07700900620', ['cust_phoebe']],
    ['07700 900620', ['cust_phoebe']],
    ['+44 (0)7700 900620', ['cust_phoebe']],
    ['0044 7700 900620', ['cust_phoebe']],
    ['900620', ['cust_phoebe']],
    ['0620', ['cust_phoebe']],
    ['7700-900-777', ['cust_percy']],
    ['+447700900777', ['cust_percy']],
    ['+33 6 12 34 56 78', ['cust_pierre']],
    // Digits a mobile does not end with, and too few digits to be a number: no one.
    ['7700', []],
    ['+44 7700 900621', []],
    ['620', []],
    // Text still finds names and emails.
    ['phoebe', ['cust_phoebe']],
  ])('%s finds %j', async (search, ids) => {
    expect((await found(search)).sort()).toEqual(ids);
  });
});

describe('one customer per email in a company', () => {
  const CREATE = 'mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id email } }';
  const create = (email: string) => graphql(CREATE, { input: { firstName: 'New', lastName: 'Person', email } });

  it('refuses another customer with the same email in any case on createCustomer and updateCustomer, naming the holder', async () => {
    const created = await create('ADA@Example.com');
    expect(created.errors[0]).toMatchObject({ extensions: { code: 'CONFLICT', customerId: 'cust_ada' } });
    expect(created.errors[0].message).toContain('cust_ada');
    const updated = await graphql('mutation { updateCustomer(id: "cust_bob", input: { email: "Ada@example.COM" }) { email } }');
    expect(updated.errors[0].extensions).toMatchObject({ code: 'CONFLICT', customerId: 'cust_ada' });
    expect((await graphql('{ customer(id: "cust_bob") { email } }')).data.customer.email).toBe('bob@example.com');
    const own = await graphql('mutation { updateCustomer(id: "cust_ada", input: { email: "Ada@Example.com" }) { email } }');
    expect(own.data.updateCustomer.email).toBe('Ada@Example.com');
  });

  it('refuses it on v1 POST and PUT customers with 409 CONFLICT naming the holder', async () => {
    const v1 = await studio.v1Token();
    const posted = await call(`${studio.v1}/customers`, v1, { method: 'POST', body: { firstName: 'Ada', lastName: 'Again', email: 'ada@EXAMPLE.com' } });
    expect(posted.status).toBe(409);
    expect(posted.body.error).toMatchObject({ code: 'CONFLICT', details: { customerId: 'cust_ada' } });
    const put = await call(`${studio.v1}/customers/cust_bob`, v1, { method: 'PUT', body: { email: 'ada@example.com' } });
    expect(put.status).toBe(409);
    expect(put.body.error.details).toEqual({ customerId: 'cust_ada' });
  });

  it('refuses it on the M2M profile update with 409 naming the holder', async () => {
    const answer = await call(`${studio.m2m}/customer/cust_bob/profile`, token, { method: 'PUT', body: { firstname: 'Bob', lastname: 'Desk', email: 'ada@example.com' } });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: expect.stringContaining('cust_ada') });
    expect((await call(`${studio.m2m}/customer/cust_bob/profile`, token)).body.data.email).toBe('bob@example.com');
  });

  it('keeps an archived customer\'s email theirs, and frees a deleted customer\'s', async () => {
    expect((await create('archie@example.com')).errors[0].extensions).toMatchObject({ code: 'CONFLICT', customerId: 'cust_archie' });
    expect(codeOf(await graphql('mutation { deleteCustomer(id: "cust_gone") { id } }'))).toBe('OK');
    expect((await create('gone@example.com')).data.createCustomer.email).toBe('gone@example.com');
  });

  it('lets exactly one of two simultaneous creates with one email win, the other naming it', async () => {
    for (const round of [1, 2, 3]) {
      const answers = await Promise.all([create(`twin${round}@example.com`), create(`TWIN${round}@example.com`)]);
      const winners = answers.filter((a) => !a.errors);
      const losers = answers.filter((a) => a.errors);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expect(losers[0].errors[0].extensions).toMatchObject({ code: 'CONFLICT', customerId: winners[0].data.createCustomer.id });
    }
    const listed = (await graphql('{ customers(search: "twin", pageSize: 100) { nodes { email } } }')).data.customers.nodes;
    expect(listed).toHaveLength(3);
  });

  it('reports duplicates in an import instead of creating them, within the bundle and against the company', async () => {
    const { orm } = studio.app.services;
    const customers = (emails: string[]) => ({ format: 1, customers: emails.map((email, i) => ({ firstname: 'I', lastname: `Mport${i}`, email })) }) as unknown as Bundle;
    await expect(importBundle(orm, studio.companyId, customers(['one@import.test', 'two@import.test', 'ONE@import.test']))).rejects.toMatchObject({
      problems: ['customers[2].email: ONE@import.test is already the email of customers[0] (one customer per email)'],
    });
    await expect(importBundle(orm, studio.companyId, customers(['fresh@import.test', 'BOB@example.com']))).rejects.toMatchObject({
      problems: [expect.stringMatching(/^customers\[1\]\.email: BOB@example\.com is already the email of another customer of the company/)],
    });
    expect((await graphql('{ customers(search: "import.test") { nodes { id } } }')).data.customers.nodes).toEqual([]);
  });
});
