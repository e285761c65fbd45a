/**
 * Subscriptions on the clock (docs/subscriptions.md): the renewal worker, with a FixedClock moved across
 * several periods, charges each period once on its first day in the company's timezone and moves the
 * renewal date on (month-end anchors kept); a failed charge suspends its mandate once past the grace days
 * and paying it reactivates it; paused periods are not charged; a cancelled mandate ends on its date; two
 * workers on one database, and two renewals that skip the row lock, still charge each period once. M2M reads
 * every move back through its cache, which the worker clears.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import pino from 'pino';
import type { Bundle } from '../src/bundles/bundle.ts';
import { Customer, Mandate, SubscriptionPlan } from '../src/db/entities/index.ts';
import { importBundle } from '../src/bundles/import.ts';
import { openOrm } from '../src/db/orm.ts';
import { companyEm } from '../src/db/scope.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { createCompany } from '../src/domain/companies.ts';
import { bringUpToDate } from '../src/domain/renewals.ts';
import type { PaymentProvider } from '../src/domain/subscription-payments.ts';
import { startSubscription } from '../src/domain/subscriptions.ts';
import { databaseCode, inTransaction, UNIQUE_VIOLATION } from '../src/domain/transactions.ts';
import { createJobRunner } from '../src/jobs.ts';
import { createRenewalWorker, type RenewalWorker } from '../src/subscriptions/worker.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { waitUntil } from './support/webhooks.ts';

const customers = Array.from({ length: 40 }, (_, i) => ({
  id: `cust_c${i}`, firstname: `Customer${i}`, lastname: 'Test', email: `c${i}@example.com`, createdAt: '2026-01-02T10:00:00Z',
}));

const bundle = {
  format: 1,
  customers,
  subscriptionPlans: [
    { id: 'plan_monthly', name: 'Monthly unlimited', base100Price: 6000, interval: 'MONTH', minimumTermPeriods: 3 },
    { id: 'plan_weekly', name: 'Weekly flex', base100Price: 1800, interval: 'WEEK', graceDays: 7 },
  ],
} as unknown as Bundle;

const clock = new FixedClock('2027-01-31T10:00:00Z');
/** Mid-morning in London, winter or summer: the company's date is the UTC date. */
const setDate = (date: string) => clock.set(`${date}T10:00:00Z`);

let studio: Studio;
let worker: RenewalWorker;

/** An access token of the clock's now: one lasts an hour, and the clock here moves years. */
let token = { value: '', at: Number.NaN };
async function bearer(): Promise<string> {
  if (token.at !== clock.now().getTime()) token = { value: await studio.token(), at: clock.now().getTime() };
  return token.value;
}

const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
  const { body } = await call(`${studio.url}/graphql`, await bearer(), { method: 'POST', body: { query, variables } });
  expect(body.errors).toBeUndefined();
  return body.data;
};

const MANDATE = `id state renewalDate endsOn charges(pageSize: 100) { total nodes { id periodStart periodEnd base100Amount status } }`;
const start = async (customerId: string, planId: string) =>
  (await graphql(`mutation ($input: StartSubscriptionInput!) { startSubscription(input: $input) { ${MANDATE} } }`, { input: { customerId, planId } }))
    .startSubscription;
const mandate = async (id: string) => (await graphql(`query ($id: ID!) { mandate(id: $id) { ${MANDATE} } }`, { id })).mandate;
const moveMandate = async (mutation: string, id: string) => (await graphql(`mutation ($id: ID!) { ${mutation}(id: $id) { ${MANDATE} } }`, { id }))[mutation];
const markCharge = async (id: string, status: string) =>
  (await graphql('mutation ($id: ID!, $status: PaymentStatus!) { setSubscriptionChargeStatus(id: $id, status: $status) { status mandate { state } } }', { id, status }))
    .setSubscriptionChargeStatus;
/** The periods charged, oldest first, as `start..end status`. */
const periods = (m: { charges: { nodes: { periodStart: string; periodEnd: string; status: string }[] } }) =>
  m.charges.nodes.map((c) => `${c.periodStart}..${c.periodEnd} ${c.status}`).reverse();

/** What M2M answers for a customer's mandates: state and renewal date. */
const m2m = async (customerId: string) => {
  const { status, body } = await call(`${studio.m2m}/customer/${customerId}/subscription-mandates`, await bearer());
  expect(status).toBe(200);
  return body.data.map((m: { state: string; renewal_date: string }) => `${m.state} ${m.renewal_date}`);
};

beforeAll(async () => {
  // The server runs no jobs of its own: each test runs the rounds it means to (the last one, a job worker).
  studio = await startStudio({ bundle, clock, env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000', JOBS: 'false' } });
  worker = createRenewalWorker(studio.app.services);
});
afterAll(async () => {
  await worker?.stop();
  await studio?.close();
});

describe('renewals', () => {
  it('charge each period on its first day, keeping a month-end anchor, and catch up period by period after a jump', async () => {
    setDate('2027-01-31');
    const { id } = await start('cust_c0', 'plan_monthly');
    expect(await m2m('cust_c0')).toEqual(['ACTIVE 2027-02-28']);

    setDate('2027-02-27');
    await worker.runDue();
    expect(await m2m('cust_c0')).toEqual(['ACTIVE 2027-02-28']);

    setDate('2027-02-28');
    await worker.runDue();
    expect(await m2m('cust_c0')).toEqual(['ACTIVE 2027-03-31']);

    setDate('2027-03-31');
    await worker.runDue();
    setDate('2027-08-15');
    await worker.runDue();
    expect(await m2m('cust_c0')).toEqual(['ACTIVE 2027-08-31']);
    const renewed = await mandate(id);
    expect(periods(renewed)).toEqual([
      '2027-01-31..2027-02-27 PENDING', '2027-02-28..2027-03-30 PENDING', '2027-03-31..2027-04-29 PENDING', '2027-04-30..2027-05-30 PENDING',
      '2027-05-31..2027-06-29 PENDING', '2027-06-30..2027-07-30 PENDING', '2027-07-31..2027-08-30 PENDING',
    ]);
    expect(renewed.charges.nodes.every((c: { base100Amount: number }) => c.base100Amount === 6000)).toBe(true);

    await worker.runDue();
    expect((await mandate(id)).charges.total).toBe(7);
  });

  it('charge the price the plan has when the period starts', async () => {
    setDate('2027-09-01');
    const { id } = await start('cust_c1', 'plan_monthly');
    await graphql('mutation { updateSubscriptionPlan(id: "plan_monthly", input: { base100Price: 6500 }) { id } }');
    setDate('2027-10-01');
    await worker.runDue();
    expect((await mandate(id)).charges.nodes.map((c: { base100Amount: number }) => c.base100Amount)).toEqual([6500, 6000]);
    await graphql('mutation { updateSubscriptionPlan(id: "plan_monthly", input: { base100Price: 6000 }) { id } }');
  });

  it('suspend a mandate whose charge is FAILED past the grace days, skip its periods while suspended, and reactivate it when paid', async () => {
    setDate('2028-03-01');
    const { id, charges } = await start('cust_c2', 'plan_weekly');
    const [first] = charges.nodes;
    setDate('2028-03-02');
    expect(await markCharge(first.id, 'FAILED')).toEqual({ status: 'FAILED', mandate: { state: 'ACTIVE' } });

    setDate('2028-03-07');
    await worker.runDue();
    expect(await m2m('cust_c2')).toEqual(['ACTIVE 2028-03-08']);

    // Grace runs out on the day the next period starts: suspended first, so that period is not charged.
    setDate('2028-03-08');
    await worker.runDue();
    expect(await m2m('cust_c2')).toEqual(['SUSPENDED 2028-03-15']);
    setDate('2028-03-16');
    await worker.runDue();
    expect(await m2m('cust_c2')).toEqual(['SUSPENDED 2028-03-22']);
    expect(periods(await mandate(id))).toEqual(['2028-03-01..2028-03-07 FAILED']);

    expect(await markCharge(first.id, 'PAID')).toEqual({ status: 'PAID', mandate: { state: 'ACTIVE' } });
    expect(await m2m('cust_c2')).toEqual(['ACTIVE 2028-03-22']);
    setDate('2028-03-22');
    await worker.runDue();
    expect(periods(await mandate(id))).toEqual(['2028-03-01..2028-03-07 PAID', '2028-03-22..2028-03-28 PENDING']);
    expect(await m2m('cust_c2')).toEqual(['ACTIVE 2028-03-29']);
  });

  it('leave a FAILED charge within its grace days alone across a renewal', async () => {
    setDate('2028-05-01');
    const { id, charges } = await start('cust_c3', 'plan_monthly');
    setDate('2028-05-03');
    await markCharge(charges.nodes[0].id, 'FAILED');
    setDate('2028-05-07');
    await worker.runDue();
    expect((await mandate(id)).state).toBe('ACTIVE');
    setDate('2028-05-08');
    await worker.runDue();
    expect((await mandate(id)).state).toBe('SUSPENDED');
  });

  it('do not charge periods that start while a mandate is paused; after resuming, the next renewal charges', async () => {
    setDate('2029-01-10');
    const { id } = await start('cust_c4', 'plan_monthly');
    setDate('2029-01-20');
    expect((await moveMandate('pauseSubscription', id)).state).toBe('PAUSED');
    setDate('2029-04-01');
    await worker.runDue();
    expect(await m2m('cust_c4')).toEqual(['PAUSED 2029-04-10']);
    expect((await moveMandate('resumeSubscription', id)).renewalDate).toBe('2029-04-10');
    setDate('2029-04-10');
    await worker.runDue();
    expect(periods(await mandate(id))).toEqual(['2029-01-10..2029-02-09 PENDING', '2029-04-10..2029-05-09 PENDING']);
    expect(await m2m('cust_c4')).toEqual(['ACTIVE 2029-05-10']);
  });

  it('end a cancelled mandate on the later of its next renewal and its earliest cancellation date, charging nothing from then', async () => {
    setDate('2030-01-15');
    const { id } = await start('cust_c5', 'plan_monthly');
    setDate('2030-02-01');
    expect(await moveMandate('cancelSubscription', id)).toMatchObject({ state: 'ACTIVE', endsOn: '2030-04-15' });
    setDate('2030-04-14');
    await worker.runDue();
    expect(await m2m('cust_c5')).toEqual(['ACTIVE 2030-04-15']);
    setDate('2030-04-15');
    await worker.runDue();
    expect(await m2m('cust_c5')).toEqual(['CANCELLED 2030-04-15']);
    setDate('2030-12-31');
    await worker.runDue();
    expect(periods(await mandate(id))).toEqual([
      '2030-01-15..2030-02-14 PENDING', '2030-02-15..2030-03-14 PENDING', '2030-03-15..2030-04-14 PENDING',
    ]);
    expect(await m2m('cust_c5')).toEqual(['CANCELLED 2030-04-15']);
  });

  it('end a mandate cancelled after its minimum term at the end of its period', async () => {
    setDate('2030-06-03');
    const { id } = await start('cust_c6', 'plan_weekly');
    setDate('2030-06-12');
    expect(await moveMandate('cancelSubscription', id)).toMatchObject({ endsOn: '2030-06-17', renewalDate: '2030-06-17' });
    setDate('2030-06-17');
    await worker.runDue();
    expect((await mandate(id)).state).toBe('CANCELLED');
    expect(periods(await mandate(id))).toEqual(['2030-06-03..2030-06-09 PENDING', '2030-06-10..2030-06-16 PENDING']);
  });

  it("renew on the company's own date", async () => {
    const { orm } = studio.app.services;
    const early = await createCompany(orm, { name: 'Kiritimati Studio', timezone: 'Pacific/Kiritimati', currency: 'GBP' });
    await importBundle(orm, early.id, {
      format: 1,
      customers: [{ id: 'cust_kiri', firstname: 'Kiri', lastname: 'Test', email: 'kiri@example.com' }],
      subscriptionPlans: [{ id: 'plan_kiri', name: 'Weekly', base100Price: 100, interval: 'WEEK' }],
    });
    // 10:00 UTC on 28 February is midnight on 1 March at UTC+14.
    clock.set('2031-02-28T09:59:00Z');
    const { mandate: kiri } = await startSubscription(companyEm(orm, early.id), clock, early.id, { customerId: 'cust_kiri', planId: 'plan_kiri' });
    expect(kiri.anchorDate).toBe('2031-02-28');
    clock.set('2031-03-06T09:59:00Z');
    await worker.runDue();
    expect((await companyEm(orm, early.id).findOneOrFail(Mandate, { id: kiri.id })).renewalDate).toBe('2031-03-07');
    clock.set('2031-03-06T10:00:00Z');
    await worker.runDue();
    expect((await companyEm(orm, early.id).findOneOrFail(Mandate, { id: kiri.id })).renewalDate).toBe('2031-03-14');
  });
});

describe('a payment provider', () => {
  afterAll(() => {
    delete studio.app.services.payments;
  });

  it('is handed each new charge after its commit, and what it answers is recorded as if marked', async () => {
    const asked: string[] = [];
    const provider: PaymentProvider = {
      collect: (charge) => {
        asked.push(`${charge.mandateId} ${charge.periodStart} ${charge.base100Amount} ${charge.currency}`);
        return Promise.resolve(charge.periodStart < '2032-03-01' ? 'PAID' : 'FAILED');
      },
    };
    studio.app.services.payments = provider;
    setDate('2032-02-01');
    const started = await start('cust_c7', 'plan_monthly');
    expect(started.charges.nodes).toEqual([expect.objectContaining({ periodStart: '2032-02-01', status: 'PAID' })]);
    setDate('2032-03-01');
    await worker.runDue();
    expect(periods(await mandate(started.id))).toEqual(['2032-02-01..2032-02-29 PAID', '2032-03-01..2032-03-31 FAILED']);
    expect(asked.filter((line) => line.startsWith(started.id))).toEqual([`${started.id} 2032-02-01 6000 GBP`, `${started.id} 2032-03-01 6000 GBP`]);
    setDate('2032-03-08');
    await worker.runDue();
    expect((await mandate(started.id)).state).toBe('SUSPENDED');
  });

  it('leaves a charge PENDING when it fails to answer', async () => {
    studio.app.services.payments = { collect: async () => Promise.reject(new Error('processor away')) };
    setDate('2032-04-02');
    const started = await start('cust_c8', 'plan_weekly');
    expect(periods(started)).toEqual(['2032-04-02..2032-04-08 PENDING']);
  });
});

describe('several instances', () => {
  const WEEKLY = 30;
  let second: MikroORM;
  let errors: string[];

  beforeAll(async () => {
    second = await openOrm({ url: studio.app.database.url, poolMax: 4 });
    // Every mandate of the tests before is brought up to the day of the race first: only the new ones are due then.
    setDate('2035-01-29');
    await worker.runDue();
    await importBundle(studio.app.services.orm, studio.companyId, {
      format: 1,
      mandates: customers.slice(10, 10 + WEEKLY).map((c, i) => ({
        id: `mandate_race${i}`, customerId: c.id, planId: 'plan_weekly', state: 'ACTIVE', grace: 7,
        earliestCancellationDate: '2035-01-08', renewalDate: '2035-01-01', anchorDate: '2035-01-01',
      })),
    });
  });
  afterAll(() => second?.close());

  /** A worker of another instance: its own pool on the same database, logging its errors into `errors`. */
  const instance = (orm: MikroORM): RenewalWorker => {
    const logger = pino({ level: 'error' }, { write: (line: string) => errors.push(JSON.parse(line).msg) });
    return createRenewalWorker({ ...studio.app.services, orm, logger });
  };

  it('renew each mandate once per period when two workers run at once across five periods', async () => {
    errors = [];
    const workers = [instance(studio.app.services.orm), instance(second), instance(second)];
    const changed = await Promise.all(workers.map((w) => w.runDue()));
    expect(errors).toEqual([]);
    expect(changed.reduce((sum, n) => sum + n, 0)).toBe(WEEKLY);
    const sql = studio.app.services.orm.em.getConnection();
    const rows = await sql.execute<{ mandate_id: string; starts: string; renewal: string }[]>(
      `select m.id as mandate_id, string_agg(c.period_start::text, ' ' order by c.period_start) as starts, m.renewal_date::text as renewal
         from mandate m join subscription_charge c on c.mandate_id = m.id where m.id like 'mandate_race%' group by m.id, m.renewal_date`,
    );
    expect(rows).toHaveLength(WEEKLY);
    for (const row of rows) expect([row.starts, row.renewal]).toEqual(['2035-01-01 2035-01-08 2035-01-15 2035-01-22 2035-01-29', '2035-02-05']);
    expect(await Promise.all(workers.map((w) => w.runDue()))).toEqual([0, 0, 0]);
  });

  it('charge a period once even when two renewals skip the row lock: the unique (mandate, period start) refuses the second', async () => {
    setDate('2035-02-05');
    const { orm } = studio.app.services;
    const companyId = studio.companyId;
    let arrived = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const renewWithoutLock = (on: MikroORM) =>
      inTransaction(companyEm(on, companyId), companyId, async (tx) => {
        const held = await tx.findOneOrFail(Mandate, { id: 'mandate_race0' });
        const plan = await tx.findOneOrFail(SubscriptionPlan, { id: held.plan.id });
        const customer = await tx.findOneOrFail(Customer, { id: held.customer.id });
        if (++arrived === 2) release();
        await bothRead;
        bringUpToDate(tx, { mandate: held, customer, plan, failed: [] }, '2035-02-05', clock.now());
        await tx.flush();
      });
    const results = await Promise.allSettled([renewWithoutLock(orm), renewWithoutLock(second)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(databaseCode((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toBe(UNIQUE_VIOLATION);
    const [{ n }] = await orm.em.getConnection().execute<[{ n: number }]>(
      `select count(*)::int as n from subscription_charge where mandate_id = 'mandate_race0' and period_start = '2035-02-05'`,
    );
    expect(n).toBe(1);
  });
});

describe('the worker of a running server', () => {
  it('polls on its own, renews what falls due, and stops', async () => {
    setDate('2036-01-10');
    await start('cust_c9', 'plan_weekly');
    const services = { ...studio.app.services, config: { ...studio.app.services.config, SUBSCRIPTION_POLL_MS: 50, JOBS: true } };
    const running = await createJobRunner(services);
    running.start();
    try {
      setDate('2036-01-17');
      await waitUntil(async () => (await m2m('cust_c9'))[0] === 'ACTIVE 2036-01-24', { what: 'the renewal of 17 January' });
    } finally {
      await running.stop();
    }
    setDate('2036-01-24');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await m2m('cust_c9')).toEqual(['ACTIVE 2036-01-24']);
  });
});
