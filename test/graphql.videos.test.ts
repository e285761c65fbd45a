/**
 * Selling videos (docs/lifecycles.md): by card with a voucher or with pass credits drawn in the same
 * transaction (never below zero, however many at once), access until `accessDays` after the day of purchase
 * on the company's date (the injected clock), cancelling with credits returned and the refund flag; each
 * read back through M2M `/customer/{id}/videos`, its cache dropped by the writes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const clock = new FixedClock('2026-11-21T12:00:00Z');

const bundle = {
  format: 1,
  customers: ['ada', 'bob'].map((name) => ({ id: `cust_${name}`, firstname: name, lastname: 'Test', email: `${name}@example.com` })),
  passes: [{ id: 'pass_3', name: '3 credits', credits: 3, validityDays: 90, base100Price: 3000 }],
  passPurchases: [{
    id: 'package_ada', customerId: 'cust_ada', passId: 'pass_3', creditsAllocated: 3, starts: '2026-11-01', expires: '2027-01-30',
    payment: { base100GrossPrice: 3000, base100NetPrice: 3000 },
  }],
  media: [
    { id: 'media_yin', name: 'Yin for runners', base100Price: 800, credits: 1, accessDays: 30 },
    { id: 'media_forever', name: 'Breathwork for sleep', base100Price: 500, credits: 1, accessDays: null },
  ],
  vouchers: [{ id: 'vch_half', code: 'HALF', percentOff: 50, maxRedemptions: 1 }],
} as unknown as Bundle;

let studio: Studio;
let token: string;

const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
  (await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } })).body;
const answerOf = (body: any) => (body.errors ? body.errors[0].extensions.code : 'OK');
const FIELDS = 'id expiresOn isExpired isCancelled isRefunded payment { ... on CardPayment { base100NetPrice } ... on PassPayment { creditsUsed } }';
const BUY = `mutation ($input: PurchaseVideoInput!) { purchaseVideo(input: $input) { ${FIELDS} } }`;
const CANCEL = `mutation ($id: ID!, $refund: Boolean) { cancelVideoPurchase(id: $id, refund: $refund) { ${FIELDS} } }`;
const buy = (input: Record<string, unknown>) => graphql(BUY, { input: { customerId: 'cust_ada', mediaId: 'media_yin', payWith: 'CARD', ...input } });
/** The customer's video purchases as M2M shows them, by id. */
const m2mVideos = async (customer = 'cust_ada') => {
  const { body } = await call(`${studio.m2m}/customer/${customer}/videos?pageSize=100`, token);
  return new Map<string, any>(body.data.map((v: { id: string }) => [v.id, v]));
};
/** Runs `work` with the clock at `instant` (and a token of that time), then puts both back. */
async function at<T>(instant: string, work: () => Promise<T>): Promise<T> {
  const [before, held] = [clock.now(), token];
  clock.set(instant);
  token = await studio.token();
  try {
    return await work();
  } finally {
    clock.set(before);
    token = held;
  }
}
const creditsConsumed = async () => (await graphql('{ passPurchase(id: "package_ada") { creditsConsumed } }')).data.passPurchase.creditsConsumed;

beforeAll(async () => {
  studio = await startStudio({ bundle, clock, env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000' } });
  token = await studio.token();
});
afterAll(() => studio?.close());

describe('purchaseVideo', () => {
  let sold: any;

  it('sells by card with a voucher, access until accessDays after today, as M2M then shows it', async () => {
    expect((await m2mVideos()).size).toBe(0);
    sold = (await buy({ voucherCode: 'HALF' })).data.purchaseVideo;
    expect(sold).toEqual({
      id: expect.stringMatching(/^media_/), expiresOn: '2026-12-21', isExpired: false, isCancelled: false, isRefunded: false,
      payment: { base100NetPrice: 400 },
    });
    expect((await m2mVideos()).get(sold.id)).toEqual({
      id: sold.id, type: 'video_purchase', media: { id: 'media_yin', type: 'media', name: 'Yin for runners' }, created: '2026-11-21T12:00:00.000Z',
      expires_on: '2026-12-21', is_cancelled: false, is_refunded: false, is_expired: false, payment: { method: 'CARD', currency: 'GBP', base100_price: 400 },
    });
  });

  it('refuses the voucher once it has been redeemed as often as it allows', async () => {
    const again = await buy({ voucherCode: 'HALF' });
    expect(again.errors[0]).toMatchObject({ message: 'The voucher has been redeemed as many times as it allows', extensions: { code: 'CONFLICT' } });
  });

  it('gives access through the last day and is expired the day after, on the company\'s date', async () => {
    await at('2026-12-21T23:59:00Z', async () => expect((await m2mVideos()).get(sold.id).is_expired).toBe(false));
    // Past the read cache's 5 minutes: M2M answers may be that old (document 1, "Caching").
    await at('2026-12-22T00:05:00Z', async () => {
      expect((await m2mVideos()).get(sold.id).is_expired).toBe(true);
      expect((await graphql('{ customer(id: "cust_ada") { videoPurchases { nodes { id isExpired } } } }')).data.customer.videoPurchases.nodes)
        .toContainEqual({ id: sold.id, isExpired: true });
    });
  });

  it('never expires a video without accessDays', async () => {
    const forever = (await buy({ mediaId: 'media_forever' })).data.purchaseVideo;
    await at('2036-11-21T12:00:00Z', async () => expect((await m2mVideos()).get(forever.id)).toMatchObject({ expires_on: null, is_expired: false }));
  });

  it('draws credits in the same transaction: 5 purchases at once against 3 credits give 3, never below zero', async () => {
    const before = await creditsConsumed();
    const results = await Promise.all(Array.from({ length: 5 }, () => buy({ payWith: 'PASS' })));
    expect(results.map(answerOf).sort()).toEqual(['CONFLICT', 'CONFLICT', 'OK', 'OK', 'OK']);
    expect(await creditsConsumed()).toBe(before + 3);
    expect(results.find((r) => r.errors)!.errors[0].message).toBe('No valid pass with enough credits');
  });
});

describe('cancelVideoPurchase', () => {
  it('gives the credits back and marks the refund, as M2M then shows it; a second cancel is CONFLICT', async () => {
    const byPass = (await graphql('{ customer(id: "cust_ada") { videoPurchases(pageSize: 100) { nodes { id payment { __typename } } } } }'))
      .data.customer.videoPurchases.nodes.find((v: { payment: { __typename: string } }) => v.payment.__typename === 'PassPayment');
    const before = await creditsConsumed();
    expect((await m2mVideos()).get(byPass.id)).toMatchObject({ is_cancelled: false, is_refunded: false });
    const cancelled = (await graphql(CANCEL, { id: byPass.id, refund: true })).data.cancelVideoPurchase;
    expect(cancelled).toMatchObject({ isCancelled: true, isRefunded: true });
    expect(await creditsConsumed()).toBe(before - 1);
    expect((await m2mVideos()).get(byPass.id)).toMatchObject({ is_cancelled: true, is_refunded: true });
    const again = await graphql(CANCEL, { id: byPass.id });
    expect(again.errors[0]).toMatchObject({ message: 'The video purchase is already cancelled', extensions: { code: 'CONFLICT' } });
    expect(await creditsConsumed()).toBe(before - 1);
  });

  it('cancels a card purchase without a refund unless asked', async () => {
    const bought = (await buy({ customerId: 'cust_bob' })).data.purchaseVideo;
    expect((await graphql(CANCEL, { id: bought.id })).data.cancelVideoPurchase).toMatchObject({ isCancelled: true, isRefunded: false });
    expect((await m2mVideos('cust_bob')).get(bought.id)).toMatchObject({ is_cancelled: true, is_refunded: false });
  });
});

describe("a studio whose date is not UTC's", () => {
  it("counts access from the company's date of purchase, and ends it on the company's date", async () => {
    const auckland = await startStudio({ bundle, timezone: 'Pacific/Auckland', clock: new FixedClock('2026-11-21T12:00:00Z') });
    try {
      const own = await auckland.token();
      const ask = async (query: string, variables: Record<string, unknown> = {}, bearer = own) =>
        (await call(`${auckland.url}/graphql`, bearer, { method: 'POST', body: { query, variables } })).body;
      // 12:00 UTC is 01:00 on 22 November in Auckland.
      const sold = (await ask(BUY, { input: { customerId: 'cust_ada', mediaId: 'media_yin', payWith: 'CARD' } })).data.purchaseVideo;
      expect(sold).toMatchObject({ expiresOn: '2026-12-22', isExpired: false });
    } finally {
      await auckland.close();
    }
  });
});
