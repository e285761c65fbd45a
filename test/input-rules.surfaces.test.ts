/**
 * One set of business rules (src/domain/input-rules.ts): the same out-of-range value of each rule, sent
 * through every surface that can set it (v1, M2M, GraphQL), is refused the same way, naming the field in
 * that surface's words, with the same rule and message, and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const bundle = {
  format: 1,
  customers: [{ id: 'cust_ada', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' }],
  events: [{ id: 'evt_yoga', name: 'Yoga', dates: [{ id: 'date_y', datetime: '2030-06-01T09:00:00', duration: 60, capacity: 10 }] }],
  passes: [{ id: 'pass_5', name: '5 classes', credits: 5, validityDays: 90, base100Price: 4000 }],
  passPurchases: [{
    id: 'package_ada', customerId: 'cust_ada', passId: 'pass_5', creditsAllocated: 5, starts: '2026-01-01', expires: '2031-01-01',
    payment: { base100GrossPrice: 4000, base100NetPrice: 4000 },
  }],
  subscriptionPlans: [{ id: 'plan_m', name: 'Monthly', base100Price: 6500, interval: 'MONTH' }],
  media: [{ id: 'media_v', name: 'Basics', base100Price: 800, credits: 1, accessDays: 30 }],
  vouchers: [{ id: 'vch_ten', code: 'TEN', percentOff: 10 }],
} as Bundle;

type Surface =
  | { v1: string; body: Record<string, unknown>; field: string }
  | { m2m: string; body: Record<string, unknown>; field: string }
  | { graphql: string; variables: Record<string, unknown>; field: string };

interface RuleCase {
  rule: string;
  broken: 'min' | 'max' | 'format' | 'required';
  /** The message after `<field>: `; `{units}` marks where surfaces count in their own units. */
  message: string | ((surface: Surface) => string);
  surfaces: Surface[];
  /** What must be unchanged afterwards. */
  unchanged: string;
}

const long = (length: number) => 'x'.repeat(length);
const date = { startsAt: '2030-07-01T09:00:00Z', durationMinutes: 60, capacity: 5 };
const graphDate = { startsAt: '2030-07-01T09:00:00Z', duration: 60, capacity: 5 };
const newPass = { name: 'P', credits: 5, validityDays: 30 };

const CREATE_PASS = 'mutation ($input: CreatePassInput!) { createPass(input: $input) { id } }';
const UPDATE_PASS = 'mutation ($input: PassUpdate!) { updatePass(id: "pass_5", input: $input) { id } }';
const CREATE_EVENT = 'mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }';
const UPDATE_EVENT = 'mutation ($input: UpdateEventInput!) { updateEvent(id: "evt_yoga", input: $input) { id } }';
const UPDATE_PLAN = 'mutation ($input: SubscriptionPlanUpdate!) { updateSubscriptionPlan(id: "plan_m", input: $input) { id } }';
const UPDATE_VIDEO = 'mutation ($input: MediaUpdate!) { updateVideo(id: "media_v", input: $input) { id } }';
const UPDATE_VOUCHER = 'mutation ($input: VoucherUpdate!) { updateVoucher(id: "vch_ten", input: $input) { id } }';
const CREATE_CUSTOMER = 'mutation ($input: CreateCustomerInput!) { createCustomer(input: $input) { id } }';
const UPDATE_CUSTOMER = 'mutation ($input: UpdateCustomerInput!) { updateCustomer(id: "cust_ada", input: $input) { id } }';
const UPDATE_PROFILE = 'mutation ($input: CustomerProfileInput!) { updateCustomerProfile(id: "cust_ada", input: $input) { id } }';
const UPDATE_PURCHASE = 'mutation ($input: PassPurchaseUpdate!) { updatePassPurchase(id: "package_ada", input: $input) { id } }';

const PASSES = 'select id, name, description, credits, validity_days, base100_price from pass_template order by id';
const EVENTS = 'select e.id, e.name, e.description, (select count(*) from event_date d where d.event_id = e.id) as dates from event e order by id';

const RULE_CASES: RuleCase[] = [
  {
    rule: "a pass's credits", broken: 'max', message: 'must be at most 1000', unchanged: PASSES,
    surfaces: [
      { v1: 'POST /passes', body: { ...newPass, credits: 1001, price: 10 }, field: 'credits' },
      { v1: 'PUT /passes/pass_5', body: { credits: 1001 }, field: 'credits' },
      { m2m: 'PUT /pass/pass_5', body: { credits: 1001 }, field: 'credits' },
      { graphql: CREATE_PASS, variables: { input: { ...newPass, credits: 1001, base100Price: 1000 } }, field: 'credits' },
      { graphql: UPDATE_PASS, variables: { input: { credits: 1001 } }, field: 'credits' },
    ],
  },
  {
    rule: "a pass's validity", broken: 'max', message: 'must be at most 3650', unchanged: PASSES,
    surfaces: [
      { v1: 'POST /passes', body: { ...newPass, validityDays: 3651, price: 10 }, field: 'validityDays' },
      { v1: 'PUT /passes/pass_5', body: { validityDays: 3651 }, field: 'validityDays' },
      { m2m: 'PUT /pass/pass_5', body: { validity_days: 3651 }, field: 'validity_days' },
      { graphql: CREATE_PASS, variables: { input: { ...newPass, validityDays: 3651, base100Price: 1000 } }, field: 'validityDays' },
      { graphql: UPDATE_PASS, variables: { input: { validityDays: 3651 } }, field: 'validityDays' },
    ],
  },
  {
    rule: 'a price', broken: 'max', unchanged: PASSES,
    // v1 counts in currency units, M2M and GraphQL in minor units: the same limit.
    message: (surface) => ('v1' in surface ? 'must be at most 10000000' : 'must be at most 1000000000'),
    surfaces: [
      { v1: 'POST /passes', body: { ...newPass, price: 10_000_000.01 }, field: 'price' },
      { v1: 'PUT /passes/pass_5', body: { price: 10_000_000.01 }, field: 'price' },
      { m2m: 'PUT /pass/pass_5', body: { base100_price: 1_000_000_001 }, field: 'base100_price' },
      { m2m: 'PUT /subscription-plan/plan_m', body: { base100_price: 1_000_000_001 }, field: 'base100_price' },
      { graphql: CREATE_PASS, variables: { input: { ...newPass, base100Price: 1_000_000_001 } }, field: 'base100Price' },
      { graphql: UPDATE_PLAN, variables: { input: { base100Price: 1_000_000_001 } }, field: 'base100Price' },
    ],
  },
  {
    rule: 'a name', broken: 'max', message: 'must be at most 200 characters', unchanged: PASSES,
    surfaces: [
      { v1: 'POST /passes', body: { ...newPass, name: long(201), price: 10 }, field: 'name' },
      { v1: 'POST /events', body: { name: long(201) }, field: 'name' },
      { m2m: 'PUT /pass/pass_5', body: { name: long(201) }, field: 'name' },
      { m2m: 'PUT /video/media_v', body: { name: long(201) }, field: 'name' },
      { graphql: UPDATE_PASS, variables: { input: { name: long(201) } }, field: 'name' },
      { graphql: CREATE_EVENT, variables: { input: { name: long(201) } }, field: 'name' },
      { graphql: UPDATE_VIDEO, variables: { input: { name: long(201) } }, field: 'name' },
    ],
  },
  {
    rule: 'a description', broken: 'max', message: 'must be at most 5000 characters', unchanged: PASSES,
    surfaces: [
      { v1: 'PUT /passes/pass_5', body: { description: long(5001) }, field: 'description' },
      { v1: 'PUT /events/evt_yoga', body: { description: long(5001) }, field: 'description' },
      { m2m: 'PUT /pass/pass_5', body: { description: long(5001) }, field: 'description' },
      { m2m: 'PUT /subscription-plan/plan_m', body: { description: long(5001) }, field: 'description' },
      { graphql: UPDATE_PASS, variables: { input: { description: long(5001) } }, field: 'description' },
      { graphql: UPDATE_EVENT, variables: { input: { description: long(5001) } }, field: 'description' },
    ],
  },
  {
    rule: "an event date's capacity", broken: 'max', message: 'must be at most 100000', unchanged: EVENTS,
    surfaces: [
      { v1: 'POST /events', body: { name: 'E', dates: [{ ...date, capacity: 100_001 }] }, field: 'dates[0].capacity' },
      { v1: 'PUT /events/evt_yoga', body: { addDates: [date, { ...date, capacity: 100_001 }] }, field: 'addDates[1].capacity' },
      { graphql: CREATE_EVENT, variables: { input: { name: 'E', dates: [{ ...graphDate, capacity: 100_001 }] } }, field: 'dates[0].capacity' },
      { graphql: UPDATE_EVENT, variables: { input: { addDates: [graphDate, { ...graphDate, capacity: 100_001 }] } }, field: 'addDates[1].capacity' },
    ],
  },
  {
    rule: "an event date's length", broken: 'max', message: 'must be at most 1440', unchanged: EVENTS,
    surfaces: [
      { v1: 'POST /events', body: { name: 'E', dates: [{ ...date, durationMinutes: 1441 }] }, field: 'dates[0].durationMinutes' },
      { graphql: CREATE_EVENT, variables: { input: { name: 'E', dates: [{ ...graphDate, duration: 1441 }] } }, field: 'dates[0].duration' },
    ],
  },
  {
    rule: "a pricing option's credits", broken: 'max', message: 'must be at most 1000', unchanged: EVENTS,
    surfaces: [
      { v1: 'PUT /events/evt_yoga', body: { addPricingOptions: [{ name: 'Drop-in', price: 12, credits: 1001 }] }, field: 'addPricingOptions[0].credits' },
      { graphql: UPDATE_EVENT, variables: { input: { addPricingOptions: [{ name: 'Drop-in', base100Price: 1200, credits: 1001 }] } }, field: 'addPricingOptions[0].credits' },
    ],
  },
  {
    rule: "a video's credits and access days", broken: 'max', message: 'must be at most 36500', unchanged: 'select * from media',
    surfaces: [
      { m2m: 'PUT /video/media_v', body: { access_days: 36_501 }, field: 'access_days' },
      { graphql: UPDATE_VIDEO, variables: { input: { accessDays: 36_501 } }, field: 'accessDays' },
    ],
  },
  {
    rule: "a voucher's percentage", broken: 'max', message: 'must be at most 100', unchanged: 'select * from voucher',
    surfaces: [
      { m2m: 'PUT /voucher/vch_ten', body: { percent_off: 101 }, field: 'percent_off' },
      { graphql: UPDATE_VOUCHER, variables: { input: { percentOff: 101 } }, field: 'percentOff' },
    ],
  },
  {
    rule: "a voucher's code", broken: 'max', message: 'must be at most 64 characters', unchanged: 'select * from voucher',
    surfaces: [
      { m2m: 'PUT /voucher/vch_ten', body: { code: long(65) }, field: 'code' },
      { graphql: UPDATE_VOUCHER, variables: { input: { code: long(65) } }, field: 'code' },
    ],
  },
  {
    rule: "a customer's name", broken: 'max', message: 'must be at most 100 characters', unchanged: 'select * from customer order by id',
    surfaces: [
      { v1: 'POST /customers', body: { firstName: long(101), lastName: 'L', email: 'l@example.com' }, field: 'firstName' },
      { v1: 'PUT /customers/cust_ada', body: { lastName: long(101) }, field: 'lastName' },
      { m2m: 'PUT /customer/cust_ada/profile', body: { firstname: long(101), lastname: 'L', email: 'l@example.com' }, field: 'firstname' },
      { graphql: CREATE_CUSTOMER, variables: { input: { firstName: long(101), lastName: 'L', email: 'l@example.com' } }, field: 'firstName' },
      { graphql: UPDATE_CUSTOMER, variables: { input: { lastName: long(101) } }, field: 'lastName' },
      { graphql: UPDATE_PROFILE, variables: { input: { firstName: long(101), lastName: 'L', email: 'l@example.com' } }, field: 'firstName' },
    ],
  },
  {
    rule: "a customer's email", broken: 'format', message: 'must be an email address', unchanged: 'select * from customer order by id',
    surfaces: [
      { v1: 'PUT /customers/cust_ada', body: { email: 'ada at example' }, field: 'email' },
      { m2m: 'PUT /customer/cust_ada/profile', body: { firstname: 'A', lastname: 'L', email: 'ada at example' }, field: 'email' },
      { graphql: UPDATE_CUSTOMER, variables: { input: { email: 'ada at example' } }, field: 'email' },
    ],
  },
  {
    rule: "a customer pass's uses left", broken: 'max', message: 'must be at most 100000', unchanged: 'select * from pass_purchase',
    surfaces: [
      { v1: 'PUT /customer-passes/cp_ada', body: { remainingUses: 100_001 }, field: 'remainingUses' },
      { graphql: UPDATE_PURCHASE, variables: { input: { creditsRemaining: 100_001 } }, field: 'creditsRemaining' },
    ],
  },
];

let studio: Studio;
let tokens: { v1: string; m2m: string };

beforeAll(async () => {
  studio = await startStudio({ bundle, env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000', V1_RATE_PER_MINUTE: '100000' } });
  tokens = { v1: await studio.v1Token(), m2m: await studio.token() };
});
afterAll(() => studio.close());

const surfaceName = (surface: Surface) => ('v1' in surface ? `v1 ${surface.v1}` : 'm2m' in surface ? `M2M ${surface.m2m}` : `GraphQL ${/\{ (\w+)\(/.exec(surface.graphql)![1]}`);

/** What the surface answered, in one shape: the HTTP status, the field, the rule (where the surface names it) and the message. */
async function refusal(surface: Surface): Promise<{ status: number; field?: string; rule?: string; message: string }> {
  if ('graphql' in surface) {
    const { status, body } = await call(`${studio.url}/graphql`, tokens.m2m, { method: 'POST', body: { query: surface.graphql, variables: surface.variables } });
    const [error] = body.errors ?? [];
    return { status: error?.extensions?.code === 'BAD_USER_INPUT' ? 400 : status, field: error?.extensions?.field, rule: error?.extensions?.rule, message: error?.message };
  }
  const [method, path] = ('v1' in surface ? surface.v1 : surface.m2m).split(' ') as [string, string];
  if ('v1' in surface) {
    const { status, body } = await call(`${studio.v1}${path}`, tokens.v1, { method, body: surface.body });
    return { status, field: body.error?.details?.field, rule: body.error?.details?.rule, message: body.error?.message };
  }
  const { status, body } = await call(`${studio.m2m}${path}`, tokens.m2m, { method, body: surface.body });
  return { status, field: String(body.error).split(':')[0], message: body.error };
}

describe.each(RULE_CASES)('$rule', ({ broken, message, surfaces, unchanged }) => {
  it.each(surfaces.map((surface) => [surfaceName(surface), surface] as const))('%s: 400 naming the field, the rule and the limit; nothing changes', async (_name, surface) => {
    const sql = studio.app.services.orm.em.getConnection();
    const before = await sql.execute(unchanged);
    const expected = `${surface.field}: ${typeof message === 'function' ? message(surface) : message}`;
    const answer = await refusal(surface);
    expect(answer).toEqual({ status: 400, field: surface.field, ...('m2m' in surface ? {} : { rule: broken }), message: expected });
    expect(await sql.execute(unchanged)).toEqual(before);
  });
});
