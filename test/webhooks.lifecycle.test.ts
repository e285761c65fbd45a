/**
 * The lifecycle kinds (docs/webhooks.md, "Event kinds"): each is delivered, signed, with exactly the fields
 * docs/webhooks.md and the v1 OpenAPI document give it, from the path that makes the change: GraphQL
 * mutations, v1 and M2M routes, and the renewal worker on the clock. An endpoint gets only the kinds it is
 * subscribed to, and a change that rolls back emits nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { rm } from 'node:fs/promises';
import type { ValidateFunction } from 'ajv';
import type { Bundle } from '../src/bundles/bundle.ts';
import { companyEm } from '../src/db/scope.ts';
import { cancelBooking } from '../src/domain/booking.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { PAYLOAD_FIELDS, type WebhookKind } from '../src/domain/outbox.ts';
import { inTransaction } from '../src/domain/transactions.ts';
import { createRenewalWorker } from '../src/subscriptions/worker.ts';
import { verifyWebhook } from '../packages/webhooks/src/index.ts';
import { schemaCompiler } from './support/openapi.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { certificate, startReceiver, type Receiver } from './support/webhook-receiver.ts';
import { BOOK_EVENT, waitUntil, webhookEnv } from './support/webhooks.ts';

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));
const person = (id: string, firstname: string, lastname: string) => ({
  id, firstname, lastname, email: `${firstname.toLowerCase()}@example.com`, mobile: '', archived: false, deleted: false, createdAt: '2026-01-02T10:00:00Z',
});

const bundle = {
  format: 1,
  customers: [person('cust_ada', 'Ada', 'Lovelace'), person('cust_bob', 'Bob', 'Hope'), person('cust_cy', 'Cy', 'Young')],
  facilitators: [
    { id: 'fac_jo', name: 'Jo Bloggs', timezone: 'Europe/London', weeklyWindows: weekdays, dateOverrides: [] },
    { id: 'fac_max', name: 'Max Power', timezone: 'Europe/London', weeklyWindows: weekdays, dateOverrides: [] },
  ],
  services: [{ id: 'svc_massage', name: 'Massage', bufferMinutes: 15, options: [{ name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 2 }] }],
  events: [
    {
      id: 'evt_yoga', name: 'Morning Yoga', kind: 'SCHEDULE', timezone: 'Europe/London',
      dates: [{ id: 'date_one', datetime: '2030-06-01T09:00:00', duration: 60, capacity: 100 }],
      pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1250, credits: 1 }],
    },
  ],
  passes: [{ id: 'pass_10', name: '10 classes', credits: 10, validityDays: 90, base100Price: 9000, active: true }],
  passPurchases: [{
    id: 'package_ada', customerId: 'cust_ada', passId: 'pass_10', creditsAllocated: 100, creditsConsumed: 0, createdAt: '2026-01-01T10:00:00Z',
    starts: '2026-01-01', expires: '2031-01-01', payment: { currency: 'GBP', base100GrossPrice: 9000, base100Discount: 0, base100NetPrice: 9000 },
  }],
  media: [{ id: 'media_flow', name: 'Yoga for runners', base100Price: 1500, credits: 1, accessDays: 30, active: true }],
  subscriptionPlans: [
    { id: 'plan_monthly', name: 'Monthly unlimited', base100Price: 6000, interval: 'MONTH' },
    { id: 'plan_weekly', name: 'Weekly flex', base100Price: 1800, interval: 'WEEK', graceDays: 3 },
  ],
  vouchers: [{ id: 'vch_ten', code: 'TENOFF', description: '', percentOff: 10, active: true }],
} as unknown as Bundle;

/** Monday 23 November 2026, 08:00 in London (GMT): the company's date is the UTC date. */
const clock = new FixedClock('2026-11-23T08:00:00Z');

/** Every kind beyond document 2's three. */
const LIFECYCLE: WebhookKind[] = [
  'registration.cancelled', 'appointment.booked', 'appointment.rescheduled', 'appointment.cancelled', 'appointment.completed',
  'appointment.no_show', 'subscription.started', 'subscription.paused', 'subscription.resumed', 'subscription.suspended',
  'subscription.reactivated', 'subscription.renewed', 'subscription.cancelled', 'subscription.ended', 'video.purchased',
  'customer.created', 'customer.updated', 'customer.deleted',
];
const asEnum = (kind: string) => kind.toUpperCase().replace('.', '_');

let tls: Awaited<ReturnType<typeof certificate>>;
/** Subscribed to every lifecycle kind (not to registration.created). */
let all: Receiver;
/** Subscribed to customer.created only. */
let some: Receiver;
let studio: Studio;
const secrets = { all: '', some: '' };
let envelopeSchemas: (kind: string) => ValidateFunction;

/** An access token of the clock's now: the clock moves by weeks here. */
let token = { value: '', at: Number.NaN };
async function bearer(): Promise<string> {
  if (token.at !== clock.now().getTime()) token = { value: await studio.token(), at: clock.now().getTime() };
  return token.value;
}

async function graphql(query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const { body } = await call(`${studio.url}/graphql`, await bearer(), { method: 'POST', body: { query, variables } });
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/**
 * The verified envelope of the delivery of `kind` to the `all` endpoint whose data has `match` (every
 * field given), after checking that its `data` has exactly the kind's fields, in their order, and that it
 * is what the OpenAPI document's schema of the kind allows.
 */
async function delivered(kind: WebhookKind, match: Record<string, unknown>, receiver = all, secret = secrets.all) {
  const hit = await waitUntil(
    () =>
      receiver.hits.find((h) => {
        const body = JSON.parse(h.body);
        return body.event === kind && Object.entries(match).every(([field, value]) => body.data[field] === value);
      }),
    { what: `${kind} with ${JSON.stringify(match)}` },
  );
  // Signed at the attempt's time on the test's clock, which the Standard Webhooks timestamp carries.
  const signedAt = new Date(Number(hit.headers['webhook-timestamp']) * 1000);
  const envelope = (await verifyWebhook(hit.body, hit.headers, secret, { now: signedAt })) as unknown as { event: string; timestamp: string; data: Record<string, unknown> };
  expect(Object.keys(envelope)).toEqual(['event', 'timestamp', 'data']);
  expect(Object.keys(envelope.data)).toEqual(PAYLOAD_FIELDS[kind]);
  const validate = envelopeSchemas(kind);
  expect({ kind, valid: validate(envelope), errors: validate.errors ?? null }).toEqual({ kind, valid: true, errors: null });
  return envelope.data;
}

/** The kinds of events written to the outbox about `field` = `value`, in commit order. */
async function written(field: string, value: string): Promise<string[]> {
  const rows = await studio.app.services.orm.em
    .getConnection()
    .execute<{ kind: string }[]>(`select kind from webhook_event where company_id = ? and payload ->> '${field}' = ? and not is_test order by seq`, [studio.companyId, value]);
  return rows.map((row) => row.kind);
}

beforeAll(async () => {
  tls = await certificate();
  all = await startReceiver(tls);
  some = await startReceiver(tls);
  studio = await startStudio({ bundle, clock, env: webhookEnv(tls.caFile, { SUBSCRIPTION_POLL_MS: '3600000' }) });
  const create = `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { signingSecret } }`;
  secrets.all = (await graphql(create, { input: { url: all.url, events: LIFECYCLE.map(asEnum) } })).createWebhookEndpoint.signingSecret;
  secrets.some = (await graphql(create, { input: { url: some.url, events: ['CUSTOMER_CREATED'] } })).createWebhookEndpoint.signingSecret;
  const doc = (await call(`${studio.v1}/openapi.json`, null)).body;
  const compile = schemaCompiler(doc);
  envelopeSchemas = (kind) => compile(doc.webhooks[kind].post.requestBody.content['application/json'].schema);
});
afterAll(async () => {
  await studio?.close();
  await all?.close();
  await some?.close();
  await rm(tls.dir, { recursive: true, force: true });
});

const ISO_INSTANT = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('customer.created, customer.updated and customer.deleted, from v1 and M2M', () => {
  let grace: string;

  it('POST /api/v1/customers: customer.created, the customer as v1 shows them', async () => {
    const created = await call(`${studio.v1}/customers`, await studio.v1Token(), {
      method: 'POST',
      body: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobile: '+447700900123' },
    });
    grace = created.body.id;
    expect(await delivered('customer.created', { customerId: grace })).toEqual({
      customerId: grace, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobile: '+447700900123', archived: false,
      createdAt: '2026-11-23T08:00:00.000Z', updatedAt: '2026-11-23T08:00:00.000Z',
    });
  });

  it('PUT /api/v1/customers/{id}: customer.updated naming the fields that changed; the same values again send nothing', async () => {
    const v1 = await studio.v1Token();
    await call(`${studio.v1}/customers/${grace}`, v1, { method: 'PUT', body: { lastName: 'Murray Hopper', archived: true } });
    expect(await delivered('customer.updated', { customerId: grace })).toEqual({
      customerId: grace, firstName: 'Grace', lastName: 'Murray Hopper', email: 'grace@example.com', mobile: '+447700900123', archived: true,
      createdAt: '2026-11-23T08:00:00.000Z', updatedAt: ISO_INSTANT, changedFields: ['lastName', 'archived'],
    });
    expect((await call(`${studio.v1}/customers/${grace}`, v1, { method: 'PUT', body: { lastName: 'Murray Hopper' } })).status).toBe(200);
    expect(await written('customerId', grace)).toEqual(['customer.created', 'customer.updated']);
  });

  it('PUT /m2m/customer/{id}/profile: customer.updated too', async () => {
    const profile = { firstname: 'Grace', lastname: 'Hopper', email: 'grace.hopper@example.com' };
    expect((await call(`${studio.m2m}/customer/${grace}/profile`, await bearer(), { method: 'PUT', body: profile })).status).toBe(200);
    expect(await delivered('customer.updated', { customerId: grace, email: 'grace.hopper@example.com' })).toMatchObject({
      lastName: 'Hopper', mobile: '+447700900123', archived: true, changedFields: ['lastName', 'email'],
    });
  });

  it('DELETE /api/v1/customers/{id}: customer.deleted, the customer as they were', async () => {
    expect((await call(`${studio.v1}/customers/${grace}`, await studio.v1Token(), { method: 'DELETE' })).status).toBe(204);
    expect(await delivered('customer.deleted', { customerId: grace })).toEqual({
      customerId: grace, firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.com', mobile: '+447700900123', archived: true,
      createdAt: '2026-11-23T08:00:00.000Z', updatedAt: ISO_INSTANT,
    });
    expect(await written('customerId', grace)).toEqual(['customer.created', 'customer.updated', 'customer.updated', 'customer.deleted']);
  });
});

describe('registration.cancelled, from GraphQL cancelBooking', () => {
  it('a booking paid with a pass, cancelled with a refund: its credits back to the pass', async () => {
    const { bookEvent } = await graphql(BOOK_EVENT, {
      input: { customerId: 'cust_ada', eventDateId: 'date_one', pricingOptionId: 'po-dropin', spaces: 2, payWith: 'PASS', packageId: 'package_ada' },
    });
    const booking = bookEvent.bookings[0].id as string;
    await graphql('mutation ($id: ID!) { cancelBooking(id: $id, refund: true) { id } }', { id: booking });
    const registrationId = booking.replace(/^booking_/, 'reg_');
    expect(await delivered('registration.cancelled', { registrationId })).toEqual({
      registrationId, customerId: 'cust_ada', customerEmail: 'ada@example.com', customerName: 'Ada Lovelace', eventId: 'evt_yoga', eventTitle: 'Morning Yoga',
      eventDate: '2030-06-01T08:00:00.000Z', spots: 2, paymentMethod: 'PASS', passUsed: 'cp_ada', creditsReturned: 2, refunded: true,
    });
  });
});

describe('appointment.*, from GraphQL', () => {
  const BOOK = 'mutation ($input: BookAppointmentInput!) { bookAppointment(input: $input) { id } }';
  const book = async (input: Record<string, unknown>) =>
    (await graphql(BOOK, { input: { serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', payWith: 'CARD', ...input } })).bookAppointment.id as string;
  const massage = { serviceId: 'svc_massage', serviceName: 'Massage', optionName: '60 min', durationMinutes: 60 };
  let moved: string;

  it('bookAppointment: appointment.booked', async () => {
    moved = await book({ customerId: 'cust_bob', datetime: '2026-11-24T10:00:00' });
    expect(await delivered('appointment.booked', { appointmentId: moved })).toEqual({
      appointmentId: moved, customerId: 'cust_bob', customerEmail: 'bob@example.com', customerName: 'Bob Hope', ...massage,
      facilitatorId: 'fac_jo', facilitatorName: 'Jo Bloggs', startsAt: '2026-11-24T10:00:00.000Z', status: 'SCHEDULED',
      price: 50, currency: 'GBP', paymentMethod: 'CARD', paymentStatus: 'PENDING', passUsed: null,
    });
  });

  it('rescheduleAppointment: appointment.rescheduled, with where it was before', async () => {
    await graphql('mutation ($id: ID!) { rescheduleAppointment(id: $id, datetime: "2026-11-25T11:00:00", facilitatorId: "fac_max") { id } }', { id: moved });
    expect(await delivered('appointment.rescheduled', { appointmentId: moved })).toMatchObject({
      facilitatorId: 'fac_max', facilitatorName: 'Max Power', startsAt: '2026-11-25T11:00:00.000Z', status: 'SCHEDULED',
      previousStartsAt: '2026-11-24T10:00:00.000Z', previousFacilitatorId: 'fac_jo',
    });
  });

  it('cancelAppointment: appointment.cancelled, paid with pass credits', async () => {
    const id = await book({ customerId: 'cust_ada', datetime: '2026-11-26T14:00:00', payWith: 'PASS', packageId: 'package_ada' });
    await graphql('mutation ($id: ID!) { cancelAppointment(id: $id) { id } }', { id });
    expect(await delivered('appointment.cancelled', { appointmentId: id })).toEqual({
      appointmentId: id, customerId: 'cust_ada', customerEmail: 'ada@example.com', customerName: 'Ada Lovelace', ...massage,
      facilitatorId: 'fac_jo', facilitatorName: 'Jo Bloggs', startsAt: '2026-11-26T14:00:00.000Z', status: 'CANCELLED',
      price: 2, currency: 'CR', paymentMethod: 'PASS', paymentStatus: 'PAID', passUsed: 'cp_ada',
    });
  });

  it('setAppointmentStatus once it has started: appointment.no_show, then appointment.completed when corrected', async () => {
    const id = await book({ customerId: 'cust_cy', datetime: '2026-11-23T09:00:00' });
    clock.set('2026-11-23T10:30:00Z');
    const mark = (status: string) => graphql('mutation ($id: ID!, $status: AppointmentStatus!) { setAppointmentStatus(id: $id, status: $status) { id } }', { id, status });
    await mark('NO_SHOW');
    expect(await delivered('appointment.no_show', { appointmentId: id })).toMatchObject({ customerId: 'cust_cy', status: 'NO_SHOW', startsAt: '2026-11-23T09:00:00.000Z' });
    await mark('COMPLETED');
    expect(await delivered('appointment.completed', { appointmentId: id })).toMatchObject({ customerId: 'cust_cy', status: 'COMPLETED' });
    expect(await written('appointmentId', id)).toEqual(['appointment.booked', 'appointment.no_show', 'appointment.completed']);
  });
});

describe('video.purchased, from GraphQL purchaseVideo', () => {
  it('by card with a voucher: the price paid, the code, and the last day of access', async () => {
    const { purchaseVideo } = await graphql('mutation ($input: PurchaseVideoInput!) { purchaseVideo(input: $input) { id } }', {
      input: { customerId: 'cust_bob', mediaId: 'media_flow', payWith: 'CARD', voucherCode: 'TENOFF' },
    });
    expect(await delivered('video.purchased', { videoPurchaseId: purchaseVideo.id })).toEqual({
      videoPurchaseId: purchaseVideo.id, customerId: 'cust_bob', customerEmail: 'bob@example.com', customerName: 'Bob Hope', videoId: 'media_flow',
      videoTitle: 'Yoga for runners', expiresOn: '2026-12-23', totalPaid: 13.5, currency: 'GBP', paymentMethod: 'CARD', passUsed: null, discountCode: 'TENOFF',
    });
  });
});

describe('subscription.*, from GraphQL and the renewal worker', () => {
  const MANDATE = 'id charges(pageSize: 100) { nodes { id periodStart status } }';
  const move = async (mutation: string, id: string) => (await graphql(`mutation ($id: ID!) { ${mutation}(id: $id) { id } }`, { id }))[mutation];
  const renewals = () => createRenewalWorker(studio.app.services).runDue();
  const monthly = { customerId: 'cust_ada', customerEmail: 'ada@example.com', customerName: 'Ada Lovelace', planId: 'plan_monthly', planName: 'Monthly unlimited', price: 60, currency: 'GBP', interval: 'MONTH' };
  let ada: string;
  let bob: { id: string; charges: { nodes: { id: string }[] } };

  it('startSubscription: subscription.started (its first period charged; no renewal yet)', async () => {
    ada = (await graphql(`mutation ($input: StartSubscriptionInput!) { startSubscription(input: $input) { ${MANDATE} } }`, { input: { customerId: 'cust_ada', planId: 'plan_monthly' } }))
      .startSubscription.id;
    expect(await delivered('subscription.started', { subscriptionId: ada })).toEqual({
      subscriptionId: ada, ...monthly, state: 'ACTIVE', renewalDate: '2026-12-23', endsOn: null,
    });
    bob = (await graphql(`mutation ($input: StartSubscriptionInput!) { startSubscription(input: $input) { ${MANDATE} } }`, { input: { customerId: 'cust_bob', planId: 'plan_weekly' } }))
      .startSubscription;
    expect(await written('subscriptionId', ada)).toEqual(['subscription.started']);
  });

  it('pauseSubscription and resumeSubscription: subscription.paused, subscription.resumed', async () => {
    await move('pauseSubscription', ada);
    expect(await delivered('subscription.paused', { subscriptionId: ada })).toMatchObject({ state: 'PAUSED' });
    await move('resumeSubscription', ada);
    expect(await delivered('subscription.resumed', { subscriptionId: ada })).toMatchObject({ state: 'ACTIVE' });
  });

  it('the worker, a failed charge past its grace days: subscription.suspended; paying it: subscription.reactivated', async () => {
    const [charge] = bob.charges.nodes;
    await graphql('mutation ($id: ID!) { setSubscriptionChargeStatus(id: $id, status: FAILED) { id } }', { id: charge!.id });
    clock.set('2026-11-26T08:00:00Z');
    await renewals();
    expect(await delivered('subscription.suspended', { subscriptionId: bob.id })).toEqual({
      subscriptionId: bob.id, customerId: 'cust_bob', customerEmail: 'bob@example.com', customerName: 'Bob Hope', planId: 'plan_weekly', planName: 'Weekly flex',
      state: 'SUSPENDED', price: 18, currency: 'GBP', interval: 'WEEK', renewalDate: '2026-11-30', endsOn: null,
    });
    await graphql('mutation ($id: ID!) { setSubscriptionChargeStatus(id: $id, status: PAID) { id } }', { id: charge!.id });
    expect(await delivered('subscription.reactivated', { subscriptionId: bob.id })).toMatchObject({ state: 'ACTIVE' });
  });

  it('the worker on the renewal date: subscription.renewed with the period charged', async () => {
    clock.set('2026-12-23T08:00:00Z');
    await renewals();
    expect(await delivered('subscription.renewed', { subscriptionId: ada })).toEqual({
      subscriptionId: ada, ...monthly, state: 'ACTIVE', renewalDate: '2027-01-23', endsOn: null,
      chargeId: expect.stringMatching(/^chg_/), periodStart: '2026-12-23', periodEnd: '2027-01-22', amount: 60,
    });
  });

  it('cancelSubscription: subscription.cancelled with its end date; the worker on that date: subscription.ended', async () => {
    await move('cancelSubscription', ada);
    expect(await delivered('subscription.cancelled', { subscriptionId: ada })).toMatchObject({ state: 'ACTIVE', renewalDate: '2027-01-23', endsOn: '2027-01-23' });
    clock.set('2027-01-23T08:00:00Z');
    await renewals();
    expect(await delivered('subscription.ended', { subscriptionId: ada })).toMatchObject({ state: 'CANCELLED', endsOn: '2027-01-23' });
    expect(await written('subscriptionId', ada)).toEqual([
      'subscription.started', 'subscription.paused', 'subscription.resumed', 'subscription.renewed', 'subscription.cancelled', 'subscription.ended',
    ]);
  });
});

describe('subscribing per endpoint', () => {
  it('an endpoint gets only the kinds it receives: customer.created here, and no registration.created there', async () => {
    const kinds = (receiver: Receiver) => new Set(receiver.hits.map((hit) => JSON.parse(hit.body).event));
    expect([...kinds(some)]).toEqual(['customer.created']);
    expect(kinds(all).has('registration.created')).toBe(false);
    expect([...kinds(all)].sort()).toEqual([...LIFECYCLE].sort());
    const [hit] = some.hits;
    const now = new Date(Number(hit!.headers['webhook-timestamp']) * 1000);
    await expect(verifyWebhook(hit!.body, hit!.headers, secrets.some, { now })).resolves.toMatchObject({ event: 'customer.created' });
    await expect(verifyWebhook(hit!.body, hit!.headers, secrets.all, { now })).rejects.toThrow('X-Service-Signature is not valid');
  });
});

describe('a change that rolls back emits nothing', () => {
  it('a cancellation whose transaction fails after writing its event: no event, nothing delivered, the booking live', async () => {
    const { bookEvent } = await graphql(BOOK_EVENT, { input: { customerId: 'cust_bob', eventDateId: 'date_one', pricingOptionId: 'po-dropin', payWith: 'CARD' } });
    const booking = bookEvent.bookings[0].id as string;
    const registrationId = booking.replace(/^booking_/, 'reg_');
    const { orm } = studio.app.services;
    let inside: string[] = [];
    await expect(
      inTransaction(companyEm(orm, studio.companyId), studio.companyId, async (tx) => {
        await cancelBooking(tx, clock, studio.companyId, booking, false);
        inside = (await tx.execute<{ kind: string }[]>(`select kind from webhook_event where payload ->> 'registrationId' = ?`, [registrationId])).map((r) => r.kind);
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails after its event was written');
    // Both inside the transaction (in no particular order: the catch-up order is given at commit).
    expect(inside.sort()).toEqual(['registration.cancelled', 'registration.created']);
    expect(await written('registrationId', registrationId)).toEqual(['registration.created']);
    await graphql('mutation ($id: ID!) { cancelBooking(id: $id) { id } }', { id: booking });
    await delivered('registration.cancelled', { registrationId });
    expect(all.hits.filter((hit) => JSON.parse(hit.body).data.registrationId === registrationId)).toHaveLength(1);
  });

  it('six starts of one subscription at once: the five the database refuses leave no event, the one that commits its subscription.started', async () => {
    const start = () =>
      call(`${studio.url}/graphql`, token.value, {
        method: 'POST',
        body: { query: 'mutation { startSubscription(input: {customerId: "cust_cy", planId: "plan_monthly"}) { id } }' },
      });
    await bearer();
    const answers = await Promise.all(Array.from({ length: 6 }, start));
    const started = answers.filter((a) => !a.body.errors).map((a) => a.body.data.startSubscription.id);
    expect(started).toHaveLength(1);
    expect(answers.filter((a) => a.body.errors).map((a) => a.body.errors[0].extensions.code)).toEqual(Array(5).fill('CONFLICT'));
    const rows = await studio.app.services.orm.em
      .getConnection()
      .execute<{ id: string }[]>(`select payload ->> 'subscriptionId' as id from webhook_event where kind = 'subscription.started' and payload ->> 'customerId' = 'cust_cy'`);
    expect(rows).toEqual([{ id: started[0] }]);
  });
});
