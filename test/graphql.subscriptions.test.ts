/**
 * The subscription machines over GraphQL (docs/subscriptions.md): plans made, mandates started, paused,
 * resumed and cancelled, charges marked, each allowed move with what it does and each refused one as a
 * CONFLICT naming the current state that changes nothing; the scopes and console roles that may make them;
 * and what M2M reads back afterwards, through its five-minute cache.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Bundle } from '../src/bundles/bundle.ts';
import { importBundle } from '../src/bundles/import.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { consoleCall, signIn } from './support/console.ts';
import { call, consoleUser, startStudio, type Studio } from './support/studio.ts';

const NOW = '2026-11-21T12:00:00Z';
const TODAY = '2026-11-21';

const person = (id: string, firstname: string, deleted = false) => ({
  id, firstname, lastname: 'Test', email: `${id}@example.com`, deleted, createdAt: '2026-01-02T10:00:00Z',
});

const bundle = {
  format: 1,
  customers: [person('cust_ada', 'Ada'), person('cust_bob', 'Bob'), person('cust_cy', 'Cy'), person('cust_race', 'Race'), person('cust_gone', 'Gone', true)],
  subscriptionPlans: [
    { id: 'plan_monthly', name: 'Monthly unlimited', base100Price: 6000, interval: 'MONTH', minimumTermPeriods: 3 },
    { id: 'plan_weekly', name: 'Weekly flex', base100Price: 1800, interval: 'WEEK' },
    { id: 'plan_retired', name: 'Retired', base100Price: 5000, interval: 'MONTH', active: false },
  ],
} as unknown as Bundle;

const otherBundle = {
  format: 1,
  customers: [person('cust_other', 'Olive')],
  subscriptionPlans: [{ id: 'plan_other', name: 'Other', base100Price: 1000, interval: 'MONTH' }],
  mandates: [{
    id: 'mandate_other', customerId: 'cust_other', planId: 'plan_other', state: 'ACTIVE', earliestCancellationDate: '2026-12-01',
    renewalDate: '2026-12-01', charges: [{ id: 'chg_other', periodStart: '2026-11-01', periodEnd: '2026-11-30', base100Amount: 1000, status: 'PENDING' }],
  }],
} as unknown as Bundle;

let studio: Studio;
let everything: string;
let sql: pg.Client;
const without: Record<string, string> = {};

async function graphql(query: string, variables: Record<string, unknown> = {}, token = everything) {
  return (await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } })).body;
}

/** The data of a request that must succeed. */
async function ok(query: string, variables: Record<string, unknown> = {}) {
  const body = await graphql(query, variables);
  expect(body.errors).toBeUndefined();
  return body.data;
}

const m2m = async (path: string) => {
  const { status, body } = await call(`${studio.m2m}${path}`, everything);
  expect(status).toBe(200);
  return body;
};

const MANDATE_FIELDS = `id state createdAt grace earliestCancellationDate renewalDate anchorDate endsOn cancelledAt pausedAt
  customer { id } plan { id } charges { total nodes { id periodStart periodEnd base100Amount currency status createdAt settledAt } }`;
const READ_MANDATE = `query ($id: ID!) { mandate(id: $id) { ${MANDATE_FIELDS} } }`;
const START = `mutation ($input: StartSubscriptionInput!) { startSubscription(input: $input) { ${MANDATE_FIELDS} } }`;
const move = (name: string) => `mutation ($id: ID!) { ${name}(id: $id) { ${MANDATE_FIELDS} } }`;
const SET_CHARGE = `mutation ($id: ID!, $status: PaymentStatus!) {
  setSubscriptionChargeStatus(id: $id, status: $status) { id status settledAt mandate { id state } }
}`;
const CREATE_PLAN = `mutation ($input: CreateSubscriptionPlanInput!) {
  createSubscriptionPlan(input: $input) { id name description base100Price currency interval active graceDays minimumTermPeriods }
}`;

const readMandate = async (id: string) => (await ok(READ_MANDATE, { id })).mandate;

let made = 0;

interface ChargeSpec {
  start: string;
  end: string;
  status: 'PENDING' | 'PAID' | 'FAILED';
}

/**
 * A mandate of a new customer, imported as it would stand after the machine's moves: monthly on
 * `plan_monthly` (grace 7 days) from its anchor, with the charges given. Returns its id and its charges' ids.
 */
async function mandateIn(spec: {
  state: 'ACTIVE' | 'PAUSED' | 'SUSPENDED' | 'CANCELLED';
  anchor?: string;
  renewal?: string;
  earliest?: string;
  endsOn?: string;
  charges?: ChargeSpec[];
}): Promise<{ id: string; customerId: string; charges: string[] }> {
  made += 1;
  const id = `mandate_b${made}`;
  const customerId = `cust_b${made}`;
  const charges = (spec.charges ?? []).map((c, i) => ({
    id: `chg_b${made}_${i}`, periodStart: c.start, periodEnd: c.end, base100Amount: 6000, status: c.status, createdAt: `${c.start}T06:00:00Z`,
  }));
  await importBundle(studio.app.services.orm, studio.companyId, {
    format: 1,
    customers: [person(customerId, `B${made}`)],
    mandates: [{
      id, customerId, planId: 'plan_monthly', state: spec.state, createdAt: '2026-10-01T09:00:00Z', grace: 7,
      earliestCancellationDate: spec.earliest ?? '2027-02-01', renewalDate: spec.renewal ?? '2026-12-01', anchorDate: spec.anchor ?? '2026-11-01',
      endsOn: spec.endsOn ?? null, cancelledAt: spec.endsOn ? '2026-10-15T09:00:00Z' : null,
      pausedAt: spec.state === 'PAUSED' ? '2026-11-10T10:00:00Z' : null, charges,
    }],
  });
  return { id, customerId, charges: charges.map((c) => c.id) };
}

const NOVEMBER: ChargeSpec = { start: '2026-11-01', end: '2026-11-30', status: 'PAID' };

beforeAll(async () => {
  studio = await startStudio({ bundle, clock: new FixedClock(NOW), env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000' } });
  await studio.otherCompany(otherBundle);
  everything = await studio.token();
  for (const scope of ['subscription-mandates:write', 'subscription-plans:write']) without[scope] = await studio.token(ALL_SCOPES.filter((s) => s !== scope));
  sql = new pg.Client(studio.app.database.url);
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await studio?.close();
});

describe('createSubscriptionPlan', () => {
  it('adds a plan with 7 grace days and a one-period minimum term unless told, which /subscription-plans then lists', async () => {
    const before = await m2m('/subscription-plans');
    const { createSubscriptionPlan: plan } = await ok(CREATE_PLAN, {
      input: { name: ' Ten-class month ', base100Price: 8500, currency: 'EUR', interval: 'MONTH' },
    });
    expect(plan).toEqual({
      id: expect.stringMatching(/^plan_/), name: 'Ten-class month', description: '', base100Price: 8500, currency: 'EUR', interval: 'MONTH',
      active: true, graceDays: 7, minimumTermPeriods: 1,
    });
    const after = await m2m('/subscription-plans');
    expect(after.data).toHaveLength(before.data.length + 1);
    expect(after.data).toContainEqual({
      id: plan.id, type: 'subscription_plan', name: 'Ten-class month', description: '', base100_price: 8500, currency: 'EUR', interval: 'MONTH', active: true,
    });
    expect((await m2m(`/subscription-plan/${plan.id}`)).data).toMatchObject({ id: plan.id, base100_price: 8500 });
  });

  it('takes grace days and a minimum term', async () => {
    const { createSubscriptionPlan: plan } = await ok(CREATE_PLAN, {
      input: { name: 'Annual', description: 'A year of classes', base100Price: 60000, currency: 'GBP', interval: 'YEAR', graceDays: 14, minimumTermPeriods: 2 },
    });
    expect(plan).toMatchObject({ interval: 'YEAR', graceDays: 14, minimumTermPeriods: 2, description: 'A year of classes' });
  });

  it.each([
    ['an empty name', { name: ' ' }, 'name'],
    ['a negative price', { base100Price: -1 }, 'base100Price'],
    ['a currency it does not take', { currency: 'JPY' }, 'currency'],
    ['grace days over 365', { graceDays: 366 }, 'graceDays'],
    ['a minimum term of no period', { minimumTermPeriods: 0 }, 'minimumTermPeriods'],
  ])('refuses %s, naming the field, and adds nothing', async (_case, change, field) => {
    const count = async () => (await sql.query('select count(*)::int as n from subscription_plan')).rows[0].n;
    const before = await count();
    const body = await graphql(CREATE_PLAN, { input: { name: 'Plan', base100Price: 100, currency: 'GBP', interval: 'WEEK', ...change } });
    expect(body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(await count()).toBe(before);
  });
});

describe('startSubscription', () => {
  it('starts today: ACTIVE, the first period charged at once, renewing a month later, ending no earlier than its minimum term', async () => {
    const { startSubscription: mandate } = await ok(START, { input: { customerId: 'cust_ada', planId: 'plan_monthly' } });
    expect(mandate).toEqual({
      id: expect.stringMatching(/^mandate_/), state: 'ACTIVE', createdAt: '2026-11-21T12:00:00.000Z', grace: 7,
      earliestCancellationDate: '2027-02-21', renewalDate: '2026-12-21', anchorDate: TODAY, endsOn: null, cancelledAt: null, pausedAt: null,
      customer: { id: 'cust_ada' }, plan: { id: 'plan_monthly' },
      charges: {
        total: 1,
        nodes: [{
          id: expect.stringMatching(/^chg_/), periodStart: TODAY, periodEnd: '2026-12-20', base100Amount: 6000, currency: 'GBP', status: 'PENDING',
          createdAt: '2026-11-21T12:00:00.000Z', settledAt: null,
        }],
      },
    });
    const listed = (await m2m('/customer/cust_ada/subscription-mandates')).data;
    expect(listed).toEqual([{
      id: mandate.id, type: 'subscription_mandate',
      plan: { id: 'plan_monthly', type: 'subscription_plan', name: 'Monthly unlimited', base100_price: 6000, currency: 'GBP' },
      state: 'ACTIVE', created: '2026-11-21T12:00:00.000Z', grace: 7, earliest_cancellation_date: '2027-02-21', renewal_date: '2026-12-21',
    }]);
  });

  it('starts on a later date: ACTIVE, nothing charged until that day', async () => {
    const { startSubscription: mandate } = await ok(START, { input: { customerId: 'cust_bob', planId: 'plan_weekly', startDate: '2026-12-01' } });
    expect(mandate).toMatchObject({ state: 'ACTIVE', anchorDate: '2026-12-01', renewalDate: '2026-12-01', earliestCancellationDate: '2026-12-08', charges: { total: 0 } });
  });

  it.each([
    ['an unknown customer', { customerId: 'cust_nobody', planId: 'plan_weekly' }, 'NOT_FOUND', undefined],
    ['a deleted customer', { customerId: 'cust_gone', planId: 'plan_weekly' }, 'NOT_FOUND', undefined],
    ["another company's customer", { customerId: 'cust_other', planId: 'plan_weekly' }, 'NOT_FOUND', undefined],
    ['an unknown plan', { customerId: 'cust_cy', planId: 'plan_nothing' }, 'NOT_FOUND', undefined],
    ["another company's plan", { customerId: 'cust_cy', planId: 'plan_other' }, 'NOT_FOUND', undefined],
    ['an inactive plan', { customerId: 'cust_cy', planId: 'plan_retired' }, 'BAD_USER_INPUT', 'planId'],
    ['a start in the past', { customerId: 'cust_cy', planId: 'plan_weekly', startDate: '2026-11-20' }, 'BAD_USER_INPUT', 'startDate'],
    ['a start that is not a date', { customerId: 'cust_cy', planId: 'plan_weekly', startDate: '2026-02-30' }, 'BAD_USER_INPUT', undefined],
  ])('refuses %s and starts nothing', async (_case, input, code, field) => {
    const before = (await sql.query('select count(*)::int as n from mandate')).rows[0].n;
    const body = await graphql(START, { input });
    expect(body.errors[0].extensions.code).toBe(code);
    if (field) expect(body.errors[0].extensions.field).toBe(field);
    expect((await sql.query('select count(*)::int as n from mandate')).rows[0].n).toBe(before);
  });

  it('refuses a second mandate on a plan the customer holds live, naming its state: CONFLICT', async () => {
    const body = await graphql(START, { input: { customerId: 'cust_ada', planId: 'plan_monthly' } });
    expect(body.errors[0].extensions).toMatchObject({ code: 'CONFLICT', state: 'ACTIVE' });
    expect(body.errors[0].message).toMatch(/^The customer already holds mandate_\w+ \(ACTIVE\) on this plan$/);
  });

  it('lets one of twelve simultaneous starts for one customer and plan through (the live mandate index)', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => graphql(START, { input: { customerId: 'cust_race', planId: 'plan_monthly' } })));
    const codes = answers.map((body) => body.errors?.[0].extensions.code ?? 'OK').sort();
    expect(codes).toEqual([...Array(11).fill('CONFLICT'), 'OK']);
    for (const body of answers.filter((b) => b.errors)) expect(body.errors[0].extensions).toMatchObject({ code: 'CONFLICT', state: 'ACTIVE' });
    const { rows } = await sql.query(`select count(*)::int as n from mandate where customer_id = 'cust_race' and state <> 'CANCELLED'`);
    expect(rows[0].n).toBe(1);
    const charges = await sql.query(`select count(*)::int as n from subscription_charge c join mandate m on m.id = c.mandate_id where m.customer_id = 'cust_race'`);
    expect(charges.rows[0].n).toBe(1);
  });

  it('starts again on a plan whose earlier mandate has ended', async () => {
    const ended = await mandateIn({ state: 'CANCELLED', anchor: '2026-10-01', renewal: '2026-11-01', earliest: '2026-11-01', endsOn: '2026-11-01' });
    const { startSubscription: mandate } = await ok(START, { input: { customerId: ended.customerId, planId: 'plan_monthly' } });
    expect(mandate).toMatchObject({ state: 'ACTIVE', customer: { id: ended.customerId } });
  });
});

/** Each mandate move from each state: what it becomes, or the CONFLICT that names the state it stays in. */
describe('the mandate machine', () => {
  type From = 'ACTIVE' | 'PAUSED' | 'SUSPENDED' | 'CANCELLED' | 'ACTIVE, cancelled';
  const build: Record<From, () => ReturnType<typeof mandateIn>> = {
    ACTIVE: () => mandateIn({ state: 'ACTIVE', charges: [NOVEMBER] }),
    PAUSED: () => mandateIn({ state: 'PAUSED', charges: [NOVEMBER] }),
    SUSPENDED: () => mandateIn({ state: 'SUSPENDED', charges: [{ ...NOVEMBER, status: 'FAILED' }] }),
    CANCELLED: () => mandateIn({ state: 'CANCELLED', anchor: '2026-10-01', renewal: '2026-11-01', earliest: '2026-11-01', endsOn: '2026-11-01' }),
    'ACTIVE, cancelled': () => mandateIn({ state: 'ACTIVE', endsOn: '2027-02-01', charges: [NOVEMBER] }),
  };
  const allowed: [From, string, Record<string, unknown>][] = [
    ['ACTIVE', 'pauseSubscription', { state: 'PAUSED', pausedAt: '2026-11-21T12:00:00.000Z', endsOn: null }],
    ['ACTIVE, cancelled', 'pauseSubscription', { state: 'PAUSED', pausedAt: '2026-11-21T12:00:00.000Z', endsOn: '2027-02-01' }],
    ['PAUSED', 'resumeSubscription', { state: 'ACTIVE', pausedAt: null, renewalDate: '2026-12-01' }],
    // Ends at the later of the next renewal (2026-12-01) and the earliest cancellation date (2027-02-01).
    ['ACTIVE', 'cancelSubscription', { state: 'ACTIVE', endsOn: '2027-02-01', cancelledAt: '2026-11-21T12:00:00.000Z' }],
    ['PAUSED', 'cancelSubscription', { state: 'PAUSED', endsOn: '2027-02-01', cancelledAt: '2026-11-21T12:00:00.000Z' }],
    ['SUSPENDED', 'cancelSubscription', { state: 'SUSPENDED', endsOn: '2027-02-01', cancelledAt: '2026-11-21T12:00:00.000Z' }],
  ];
  const refused: [From, string, string][] = [
    ['PAUSED', 'pauseSubscription', 'Subscription is PAUSED: only an ACTIVE subscription can be paused'],
    ['SUSPENDED', 'pauseSubscription', 'Subscription is SUSPENDED: only an ACTIVE subscription can be paused'],
    ['CANCELLED', 'pauseSubscription', 'Subscription is CANCELLED: only an ACTIVE subscription can be paused'],
    ['ACTIVE', 'resumeSubscription', 'Subscription is ACTIVE: only a PAUSED subscription can be resumed'],
    ['SUSPENDED', 'resumeSubscription', 'Subscription is SUSPENDED: only a PAUSED subscription can be resumed'],
    ['CANCELLED', 'resumeSubscription', 'Subscription is CANCELLED: only a PAUSED subscription can be resumed'],
    ['ACTIVE, cancelled', 'resumeSubscription', 'Subscription is ACTIVE: only a PAUSED subscription can be resumed'],
    ['CANCELLED', 'cancelSubscription', 'Subscription is CANCELLED: it ended on 2026-11-01'],
    ['ACTIVE, cancelled', 'cancelSubscription', 'Subscription is ACTIVE: it is already cancelled and ends on 2027-02-01'],
  ];

  it.each(allowed)('%s: %s', async (from, mutation, becomes) => {
    const { id } = await build[from]();
    const before = await readMandate(id);
    const { [mutation]: after } = await ok(move(mutation), { id });
    expect(after).toEqual({ ...before, ...becomes });
    expect(await readMandate(id)).toEqual(after);
  });

  it.each(refused)('%s: %s is CONFLICT and changes nothing', async (from, mutation, message) => {
    const { id } = await build[from]();
    const before = await readMandate(id);
    const body = await graphql(move(mutation), { id });
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].message).toBe(message);
    expect(body.errors[0].extensions).toMatchObject({ code: 'CONFLICT', state: before.state });
    expect(body.data).toBeNull();
    expect(await readMandate(id)).toEqual(before);
  });

  it('cancels at the next renewal when the earliest cancellation date has passed', async () => {
    const { id } = await mandateIn({ state: 'ACTIVE', earliest: '2026-11-01', charges: [NOVEMBER] });
    expect((await ok(move('cancelSubscription'), { id })).cancelSubscription).toMatchObject({ state: 'ACTIVE', endsOn: '2026-12-01' });
  });

  it.each(['pauseSubscription', 'resumeSubscription', 'cancelSubscription'])('%s: NOT_FOUND for an unknown mandate and for another company\'s', async (mutation) => {
    for (const id of ['mandate_nobody', 'mandate_other']) {
      const body = await graphql(move(mutation), { id });
      expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
      expect(body.errors[0].message).toBe('Subscription mandate not found');
    }
  });

  it('M2M reads each move back, through its cache', async () => {
    const { id, customerId } = await mandateIn({ state: 'ACTIVE', charges: [NOVEMBER] });
    const state = async () => (await m2m(`/customer/${customerId}/subscription-mandates`)).data.map((m: { state: string }) => m.state);
    expect(await state()).toEqual(['ACTIVE']);
    await ok(move('pauseSubscription'), { id });
    expect(await state()).toEqual(['PAUSED']);
    await ok(move('resumeSubscription'), { id });
    expect(await state()).toEqual(['ACTIVE']);
  });
});

/** Each move of a charge's status, and what it does to its mandate. */
describe('the charge machine', () => {
  const moves: ['PENDING' | 'PAID' | 'FAILED', 'PENDING' | 'PAID' | 'FAILED', string | null][] = [
    ['PENDING', 'PAID', null],
    ['PENDING', 'FAILED', null],
    ['FAILED', 'PAID', null],
    ['PENDING', 'PENDING', 'Subscription charge is PENDING: it can only be marked PAID or FAILED'],
    ['FAILED', 'FAILED', 'Subscription charge is FAILED: it can only be marked PAID'],
    ['FAILED', 'PENDING', 'Subscription charge is FAILED: it can only be marked PAID'],
    ['PAID', 'PAID', 'Subscription charge is PAID: a paid charge is final'],
    ['PAID', 'FAILED', 'Subscription charge is PAID: a paid charge is final'],
    ['PAID', 'PENDING', 'Subscription charge is PAID: a paid charge is final'],
  ];

  it.each(moves)('%s -> %s', async (from, to, refusal) => {
    // A charge of a period that started yesterday: within its grace days whatever its status.
    const charge: ChargeSpec = { start: '2026-11-20', end: '2026-12-19', status: from };
    const { id, charges: [chargeId] } = await mandateIn({ state: 'ACTIVE', anchor: '2026-11-20', renewal: '2026-12-20', charges: [charge] });
    const before = await readMandate(id);
    const body = await graphql(SET_CHARGE, { id: chargeId, status: to });
    if (refusal === null) {
      expect(body.errors).toBeUndefined();
      expect(body.data.setSubscriptionChargeStatus).toEqual({ id: chargeId, status: to, settledAt: '2026-11-21T12:00:00.000Z', mandate: { id, state: 'ACTIVE' } });
      expect((await readMandate(id)).charges.nodes[0]).toMatchObject({ status: to, settledAt: '2026-11-21T12:00:00.000Z' });
    } else {
      expect(body.errors[0].extensions).toMatchObject({ code: 'CONFLICT', status: from });
      expect(body.errors[0].message).toBe(refusal);
      expect(await readMandate(id)).toEqual(before);
    }
  });

  it('FAILED past the grace days suspends an ACTIVE mandate at once', async () => {
    const { id, charges: [chargeId] } = await mandateIn({ state: 'ACTIVE', charges: [{ ...NOVEMBER, status: 'PENDING' }] });
    const { setSubscriptionChargeStatus: charge } = await ok(SET_CHARGE, { id: chargeId, status: 'FAILED' });
    expect(charge.mandate).toEqual({ id, state: 'SUSPENDED' });
  });

  it('PAID makes a SUSPENDED mandate ACTIVE again', async () => {
    const { id, charges: [chargeId] } = await mandateIn({ state: 'SUSPENDED', charges: [{ ...NOVEMBER, status: 'FAILED' }] });
    const { setSubscriptionChargeStatus: charge } = await ok(SET_CHARGE, { id: chargeId, status: 'PAID' });
    expect(charge.mandate).toEqual({ id, state: 'ACTIVE' });
  });

  it('a SUSPENDED mandate stays so while another charge is FAILED past its grace', async () => {
    const october: ChargeSpec = { start: '2026-10-01', end: '2026-10-31', status: 'FAILED' };
    const { id, charges: [octoberId, novemberId] } = await mandateIn({
      state: 'SUSPENDED', anchor: '2026-10-01', charges: [october, { ...NOVEMBER, status: 'FAILED' }],
    });
    expect((await ok(SET_CHARGE, { id: novemberId, status: 'PAID' })).setSubscriptionChargeStatus.mandate).toEqual({ id, state: 'SUSPENDED' });
    expect((await ok(SET_CHARGE, { id: octoberId, status: 'PAID' })).setSubscriptionChargeStatus.mandate).toEqual({ id, state: 'ACTIVE' });
  });

  it('PAID on a charge of a PAUSED mandate leaves it PAUSED', async () => {
    const { id, charges: [chargeId] } = await mandateIn({ state: 'PAUSED', charges: [{ ...NOVEMBER, status: 'PENDING' }] });
    expect((await ok(SET_CHARGE, { id: chargeId, status: 'PAID' })).setSubscriptionChargeStatus.mandate).toEqual({ id, state: 'PAUSED' });
  });

  it('NOT_FOUND for an unknown charge and for another company\'s', async () => {
    for (const id of ['chg_nobody', 'chg_other']) {
      const body = await graphql(SET_CHARGE, { id, status: 'PAID' });
      expect(body.errors[0].extensions.code).toBe('NOT_FOUND');
      expect(body.errors[0].message).toBe('Subscription charge not found');
    }
  });

  it('marks of one charge at once are taken one after the other: one PAID, the others CONFLICT naming PAID', async () => {
    const { charges: [chargeId] } = await mandateIn({
      state: 'ACTIVE', anchor: '2026-11-20', renewal: '2026-12-20', charges: [{ start: '2026-11-20', end: '2026-12-19', status: 'PENDING' }],
    });
    const answers = await Promise.all(Array.from({ length: 6 }, () => graphql(SET_CHARGE, { id: chargeId, status: 'PAID' })));
    expect(answers.filter((body) => !body.errors)).toHaveLength(1);
    for (const body of answers.filter((b) => b.errors)) expect(body.errors[0].extensions).toMatchObject({ code: 'CONFLICT', status: 'PAID' });
  });
});

describe('reads', () => {
  it("a customer's mandates, newest first, and null for a mandate that is not the company's", async () => {
    const { customer } = await ok('{ customer(id: "cust_ada") { mandates { total nodes { id state plan { name } } } } }');
    expect(customer.mandates).toEqual({ total: 1, nodes: [{ id: expect.stringMatching(/^mandate_/), state: 'ACTIVE', plan: { name: 'Monthly unlimited' } }] });
    expect((await ok(READ_MANDATE, { id: 'mandate_other' })).mandate).toBeNull();
  });

  it("a mandate's charges page by page, latest period first", async () => {
    const spec = (start: string, end: string): ChargeSpec => ({ start, end, status: 'PAID' });
    const { id } = await mandateIn({
      state: 'ACTIVE', anchor: '2026-08-01', charges: [spec('2026-08-01', '2026-08-31'), spec('2026-09-01', '2026-09-30'), spec('2026-10-01', '2026-10-31'), NOVEMBER],
    });
    const page = async (n: number) =>
      (await ok('query ($id: ID!, $page: Int) { mandate(id: $id) { charges(page: $page, pageSize: 3) { total page nodes { periodStart } } } }', { id, page: n })).mandate.charges;
    expect(await page(0)).toEqual({ total: 4, page: 0, nodes: [{ periodStart: '2026-11-01' }, { periodStart: '2026-10-01' }, { periodStart: '2026-09-01' }] });
    expect(await page(1)).toEqual({ total: 4, page: 1, nodes: [{ periodStart: '2026-08-01' }] });
  });
});

describe('scopes and roles', () => {
  const cases: [string, string, () => Promise<Record<string, unknown>>][] = [
    ['createSubscriptionPlan', 'subscription-plans:write', () => Promise.resolve({ query: CREATE_PLAN, variables: { input: { name: 'X', base100Price: 1, currency: 'GBP', interval: 'WEEK' } } })],
    ['startSubscription', 'subscription-mandates:write', async () => ({ query: START, variables: { input: { customerId: (await mandateIn({ state: 'CANCELLED', endsOn: '2026-11-01', renewal: '2026-11-01', anchor: '2026-10-01', earliest: '2026-11-01' })).customerId, planId: 'plan_weekly' } } })],
    ['pauseSubscription', 'subscription-mandates:write', async () => ({ query: move('pauseSubscription'), variables: { id: (await mandateIn({ state: 'ACTIVE' })).id } })],
    ['resumeSubscription', 'subscription-mandates:write', async () => ({ query: move('resumeSubscription'), variables: { id: (await mandateIn({ state: 'PAUSED' })).id } })],
    ['cancelSubscription', 'subscription-mandates:write', async () => ({ query: move('cancelSubscription'), variables: { id: (await mandateIn({ state: 'ACTIVE' })).id } })],
    ['setSubscriptionChargeStatus', 'subscription-mandates:write', async () => ({
      query: SET_CHARGE, variables: { id: (await mandateIn({ state: 'ACTIVE', charges: [{ ...NOVEMBER, status: 'PENDING' }] })).charges[0], status: 'PAID' },
    })],
  ];
  const tables = ['subscription_plan', 'mandate', 'subscription_charge'];
  // One statement: a client runs one query at a time (node-postgres 9 refuses a second while one runs).
  const snapshot = async () => {
    const hashes = tables.map((t) => `coalesce((select md5(string_agg(t::text, ',' order by t::text)) from ${t} t), 'empty')`).join(` || ' ' || `);
    return (await sql.query(`select ${hashes} as h`)).rows[0].h as string;
  };

  it.each(cases)('%s needs %s: FORBIDDEN without it, and nothing changes', async (_field, scope, request) => {
    const { query, variables } = (await request()) as { query: string; variables: Record<string, unknown> };
    const before = await snapshot();
    const body = await graphql(query, variables, without[scope]);
    expect(body.errors[0]).toMatchObject({ message: `Missing required scope: ${scope}`, extensions: { code: 'FORBIDDEN' } });
    expect(await snapshot()).toBe(before);
  });

  const roles: [string, 'staff' | 'admin' | 'owner', boolean][] = [
    ['startSubscription', 'staff', true],
    ['pauseSubscription', 'staff', true],
    ['resumeSubscription', 'staff', true],
    ['cancelSubscription', 'staff', true],
    ['setSubscriptionChargeStatus', 'staff', true],
    ['createSubscriptionPlan', 'staff', false],
    ['createSubscriptionPlan', 'admin', true],
    ['cancelSubscription', 'owner', true],
  ];
  it.each(roles)('%s by a console %s: allowed %s', async (field, role, allowedToRole) => {
    const user = await consoleUser(studio, role);
    const { cookie } = await signIn(studio.url, user);
    const { query, variables } = (await cases.find(([name]) => name === field)![2]()) as { query: string; variables: Record<string, unknown> };
    const { body } = await consoleCall(studio.url, query, { cookie, variables });
    if (allowedToRole) expect(body.errors).toBeUndefined();
    else expect(body.errors[0]).toMatchObject({ message: 'Missing required scope: subscription-plans:write', extensions: { code: 'FORBIDDEN' } });
  });
});
