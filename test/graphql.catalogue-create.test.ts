/**
 * Catalogue records made through GraphQL are what M2M then answers, past its read cache: a voucher on
 * `/vouchers` (and redeemable at once), a video on `/videos`, a facilitator's working hours on
 * `/appointments/availability/{id}`.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const bundle = {
  format: 1,
  customers: [{ id: 'cust_ada', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' }],
  passes: [{ id: 'pass_5', name: '5 classes', credits: 5, validityDays: 90, base100Price: 4000 }],
  vouchers: [{ id: 'vch_old', code: 'OLD10', percentOff: 10 }],
} as unknown as Bundle;

let studio: Studio;
let token: string;
const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
  (await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } })).body;
const m2m = async (path: string) => (await call(`${studio.m2m}${path}`, token)).body;

beforeAll(async () => {
  studio = await startStudio({ bundle, clock: new FixedClock('2026-11-21T12:00:00Z'), env: { M2M_RATE_PER_MINUTE: '100000' } });
  token = await studio.token();
});
afterAll(() => studio?.close());

it('createVoucher: M2M /vouchers lists it, and a sale redeems it', async () => {
  expect((await m2m('/vouchers')).total).toBe(1);
  const created = (await graphql(`mutation { createVoucher(input: { code: "WINTER", description: "Winter sale", base100AmountOff: 500, maxRedemptions: 2 }) { id } }`)).data.createVoucher;
  const { data, total } = await m2m('/vouchers');
  expect(total).toBe(2);
  expect(data).toContainEqual({
    id: created.id, type: 'voucher', code: 'WINTER', description: 'Winter sale', percent_off: null, base100_amount_off: 500, valid_from: null, valid_until: null,
    max_redemptions: 2, redemptions: 0, active: true,
  });
  const sale = await graphql('mutation { purchasePass(input: { customerId: "cust_ada", passId: "pass_5", voucherCode: "WINTER" }) { paymentDetails { base100NetPrice } } }');
  expect(sale.data.purchasePass.paymentDetails.base100NetPrice).toBe(3500);
  expect((await m2m(`/voucher/${created.id}`)).data.redemptions).toBe(1);
});

it('createVideo: M2M /videos lists it', async () => {
  expect((await m2m('/videos')).total).toBe(0);
  const created = (await graphql('mutation { createVideo(input: { name: "Pilates basics", base100Price: 800, credits: 1, accessDays: 30 }) { id } }')).data.createVideo;
  expect((await m2m('/videos')).data).toEqual([
    { id: created.id, type: 'media', name: 'Pilates basics', description: '', base100_price: 800, credits: 1, access_days: 30, active: true },
  ]);
});

it("createFacilitator: M2M availability cuts the facilitator's weekly windows into slots", async () => {
  const created = (await graphql(`mutation { createFacilitator(input: { name: "Sam", timezone: "Europe/Paris", weeklyWindows: [{ weekday: 1, start: "09:00", end: "10:00" }] }) { id } }`)).data.createFacilitator;
  const { data } = await m2m(`/appointments/availability/${created.id}?start_date=2026-11-30&end_date=2026-12-01`);
  expect(data).toEqual({
    facilitator_id: created.id,
    dates: [
      { date: '2026-11-30', windows: [{ start_time: '09:00', end_time: '10:00', available_slots: 4, total_slots: 4, slots: expect.any(Array) }] },
      { date: '2026-12-01', windows: [] },
    ],
  });
});
