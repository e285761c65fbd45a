/**
 * Document 2, section 6: the `data` of each event kind has exactly the documented fields, of the
 * documented types, in the documented order, whichever door the change came through (GraphQL bookEvent
 * and purchasePass, v1 POST /customer-passes), with ids in the v1 prefixes over the same stored records.
 * A booking on a one-off event is a purchase too (`event.purchased`); one on a schedule is not.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { localDate, addDays } from '../src/domain/time.ts';
import { verifyWebhook } from '../packages/webhooks/src/index.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { startReceiver, type Hit, type Receiver } from './support/webhook-receiver.ts';
import { BOOK_EVENT, graphqlAs, PURCHASE_PASS, SET_ENDPOINT, webhookBundle, webhookEnv, type Graphql } from './support/webhooks.ts';

type FieldType = 'string' | 'number' | 'string|null';

/** The tables of document 2, section 6, field by field. */
const DOCUMENTED: Record<string, Record<string, FieldType>> = {
  'registration.created': {
    registrationId: 'string', customerId: 'string', customerEmail: 'string', customerName: 'string', eventId: 'string',
    eventTitle: 'string', eventDate: 'string', spots: 'number', totalPaid: 'number', currency: 'string', paymentMethod: 'string',
    passUsed: 'string|null',
  },
  'pass.purchased': {
    customerPassId: 'string', customerId: 'string', customerEmail: 'string', customerName: 'string', passId: 'string',
    passTitle: 'string', totalUses: 'number', remainingUses: 'number', startDate: 'string', expiryDate: 'string',
    totalPaid: 'number', currency: 'string', paymentMethod: 'string',
  },
  'event.purchased': {
    purchaseId: 'string', customerId: 'string', customerEmail: 'string', customerName: 'string', eventId: 'string',
    eventTitle: 'string', eventDate: 'string', tickets: 'number', totalPaid: 'number', currency: 'string', paymentMethod: 'string',
    discountCode: 'string|null',
  },
};

let receiver: Receiver;
let studio: Studio;
let graphql: Graphql;
let secret: string;

beforeAll(async () => {
  receiver = await startReceiver();
  studio = await startStudio({ bundle: webhookBundle, env: webhookEnv(receiver.caFile) });
  graphql = graphqlAs(studio, await studio.token());
  const { setWebhookEndpoint } = await graphql(SET_ENDPOINT, {
    input: { url: receiver.url, events: ['REGISTRATION_CREATED', 'PASS_PURCHASED', 'EVENT_PURCHASED'] },
  });
  secret = setWebhookEndpoint.signingSecret;
});
afterAll(async () => {
  await studio.close();
  await receiver.close();
});

/** The verified envelope of the delivery whose `data[field]` is `value`. */
async function delivered(kind: string, field: string, value: unknown): Promise<{ event: string; timestamp: string; data: Record<string, unknown> }> {
  const matches = (hit: Hit) => {
    const body = JSON.parse(hit.body);
    return body.event === kind && body.data[field] === value;
  };
  for (let waited = 0; waited < 10_000; waited += 25) {
    const hit = receiver.hits.find(matches);
    if (hit) return await verifyWebhook(hit.body, hit.headers, secret);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${kind} with ${field} = ${String(value)}`);
}

/** The documented fields of `kind`, of the documented types, in the documented order. */
function expectDocumentedShape(kind: string, data: Record<string, unknown>): void {
  const documented = DOCUMENTED[kind]!;
  expect(Object.keys(data)).toEqual(Object.keys(documented));
  for (const [field, type] of Object.entries(documented)) {
    const actual = data[field] === null ? 'null' : typeof data[field];
    expect({ field, type: type.split('|').includes(actual) ? type : actual }).toEqual({ field, type });
  }
}

const swap = (id: string, to: string) => to + id.slice(id.indexOf('_') + 1);

describe('registration.created and event.purchased from GraphQL bookEvent', () => {
  it('a ticket to a one-off event: both, with exactly the documented fields, for a card payment with a discount code', async () => {
    const { bookEvent } = await graphql(BOOK_EVENT, {
      input: { customerId: 'cust_bob', eventDateId: 'date_workshop', pricingOptionId: 'po-workshop', spaces: 2, payWith: 'CARD', voucherCode: 'TENOFF' },
    });
    const registration = await delivered('registration.created', 'registrationId', swap(bookEvent.bookings[0].id, 'reg_'));
    expectDocumentedShape('registration.created', registration.data);
    expect(registration.data).toEqual({
      registrationId: swap(bookEvent.bookings[0].id, 'reg_'),
      customerId: 'cust_bob',
      customerEmail: 'bob@example.com',
      customerName: 'Bob Hope',
      eventId: 'evt_workshop',
      eventTitle: 'Weekend Workshop',
      eventDate: '2030-06-08T09:00:00.000Z',
      spots: 2,
      totalPaid: 81,
      currency: 'GBP',
      paymentMethod: 'CARD',
      passUsed: null,
    });

    const purchase = await delivered('event.purchased', 'purchaseId', swap(bookEvent.id, 'pur_'));
    expectDocumentedShape('event.purchased', purchase.data);
    expect(purchase.data).toEqual({
      purchaseId: swap(bookEvent.id, 'pur_'),
      customerId: 'cust_bob',
      customerEmail: 'bob@example.com',
      customerName: 'Bob Hope',
      eventId: 'evt_workshop',
      eventTitle: 'Weekend Workshop',
      eventDate: '2030-06-08T09:00:00.000Z',
      tickets: 2,
      totalPaid: 81,
      currency: 'GBP',
      paymentMethod: 'CARD',
      discountCode: 'TENOFF',
    });
  });

  it('paid with a pass: the credits used as totalPaid in the currency CR, and the pass used', async () => {
    const { bookEvent } = await graphql(BOOK_EVENT, {
      input: { customerId: 'cust_ada', eventDateId: 'date_workshop', pricingOptionId: 'po-workshop', spaces: 2, payWith: 'PASS', packageId: 'package_ada' },
    });
    const registration = await delivered('registration.created', 'registrationId', swap(bookEvent.bookings[0].id, 'reg_'));
    expectDocumentedShape('registration.created', registration.data);
    expect(registration.data).toMatchObject({ customerId: 'cust_ada', spots: 2, totalPaid: 6, currency: 'CR', paymentMethod: 'PASS', passUsed: 'cp_ada' });
    const purchase = await delivered('event.purchased', 'purchaseId', swap(bookEvent.id, 'pur_'));
    expectDocumentedShape('event.purchased', purchase.data);
    expect(purchase.data).toMatchObject({ tickets: 2, totalPaid: 6, currency: 'CR', paymentMethod: 'PASS', discountCode: null });
    const listed = await call(`${studio.v1}/events/evt_workshop/registrations?perPage=100`, await studio.v1Token());
    const same = listed.body.registrations.find((r: { id: string }) => r.id === registration.data.registrationId);
    expect(same).toMatchObject({ spots: 2, totalPaid: 6, currency: 'CR', paymentMethod: 'PASS', passUsed: 'cp_ada' });
  });

  it('a class of a schedule: registration.created only, no purchase', async () => {
    const { bookEvent } = await graphql(BOOK_EVENT, {
      input: { customerId: 'cust_ada', eventDateId: 'date_one', pricingOptionId: 'po-dropin', payWith: 'PASS', packageId: 'package_ada' },
    });
    const registration = await delivered('registration.created', 'registrationId', swap(bookEvent.bookings[0].id, 'reg_'));
    expectDocumentedShape('registration.created', registration.data);
    expect(registration.data).toMatchObject({ eventId: 'evt_yoga', spots: 1, totalPaid: 1, currency: 'CR', passUsed: 'cp_ada' });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.hits.filter((hit) => JSON.parse(hit.body).data.purchaseId === swap(bookEvent.id, 'pur_'))).toEqual([]);
  });
});

describe('pass.purchased', () => {
  it('carries exactly the documented fields when sold through GraphQL purchasePass', async () => {
    const { purchasePass } = await graphql(PURCHASE_PASS, { input: { customerId: 'cust_bob', passId: 'pass_5' } });
    const { data } = await delivered('pass.purchased', 'customerPassId', swap(purchasePass.id, 'cp_'));
    expectDocumentedShape('pass.purchased', data);
    const today = localDate(new Date(), 'Europe/London');
    expect(data).toEqual({
      customerPassId: swap(purchasePass.id, 'cp_'),
      customerId: 'cust_bob',
      customerEmail: 'bob@example.com',
      customerName: 'Bob Hope',
      passId: 'pass_5',
      passTitle: '5 classes',
      totalUses: 5,
      remainingUses: 5,
      startDate: today,
      expiryDate: addDays(today, 90),
      totalPaid: 40,
      currency: 'GBP',
      paymentMethod: 'CARD',
    });
  });

  it('carries exactly the documented fields when assigned through v1 POST /customer-passes', async () => {
    const created = await call(`${studio.v1}/customer-passes`, await studio.v1Token(), {
      method: 'POST',
      body: { customerId: 'cust_ada', passId: 'pass_5', startDate: '2026-01-15' },
    });
    expect(created.status).toBe(201);
    const { data } = await delivered('pass.purchased', 'customerPassId', created.body.id);
    expectDocumentedShape('pass.purchased', data);
    expect(data).toMatchObject({
      customerPassId: created.body.id,
      customerId: 'cust_ada',
      customerEmail: 'ada@example.com',
      customerName: 'Ada Lovelace',
      passId: 'pass_5',
      totalUses: 5,
      remainingUses: created.body.remainingUses,
      startDate: '2026-01-15',
      expiryDate: created.body.expiryDate,
    });
  });
});
