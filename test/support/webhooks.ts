/**
 * What the webhook suites share: a small studio to book and sell in (a weekly class, `evt_yoga`, and a
 * one-off workshop, `evt_workshop`, with dates far ahead of the real clock, which the delivery worker runs on), the configuration that lets the service reach the local HTTPS
 * receiver quickly, and a GraphQL caller.
 */
import type { Bundle } from '../../src/bundles/bundle.ts';
import { call, type Studio } from './studio.ts';

export const webhookBundle = {
  format: 1,
  customers: [
    { id: 'cust_ada', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', mobile: '', archived: false, deleted: false, createdAt: '2026-01-02T10:00:00Z' },
    { id: 'cust_bob', firstname: 'Bob', lastname: 'Hope', email: 'bob@example.com', mobile: '', archived: false, deleted: false, createdAt: '2026-01-02T10:00:00Z' },
  ],
  events: [
    {
      id: 'evt_yoga', name: 'Morning Yoga', description: '', timezone: 'Europe/London',
      dates: [
        { id: 'date_one', datetime: '2030-06-01T09:00:00', duration: 60, capacity: 1000 },
        { id: 'date_tiny', datetime: '2030-06-02T09:00:00', duration: 60, capacity: 1 },
      ],
      pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1250, credits: 1 }],
    },
    {
      id: 'evt_workshop', name: 'Weekend Workshop', description: '', kind: 'ONE_OFF', timezone: 'Europe/London',
      dates: [{ id: 'date_workshop', datetime: '2030-06-08T10:00:00', duration: 180, capacity: 1000 }],
      pricingOptions: [{ id: 'po-workshop', name: 'Ticket', base100Price: 4500, credits: 3 }],
    },
  ],
  passes: [{ id: 'pass_5', name: '5 classes', credits: 5, validityDays: 90, base100Price: 4000, active: true }],
  passPurchases: [{
    id: 'package_ada', customerId: 'cust_ada', passId: 'pass_5', creditsAllocated: 500, creditsConsumed: 0,
    createdAt: '2026-01-01T10:00:00Z', starts: '2026-01-01', expires: '2031-01-01', isCancelled: false, isRefunded: false,
    payment: { currency: 'GBP', base100GrossPrice: 4000, base100Discount: 0, base100NetPrice: 4000 },
  }],
  vouchers: [{ id: 'vch_ten', code: 'TENOFF', description: '', percentOff: 10, base100AmountOff: null, validFrom: null, validUntil: null, maxRedemptions: null, active: true }],
} as unknown as Bundle;

/** Fast deliveries to a local receiver whose certificate is in `caFile`. */
export function webhookEnv(caFile: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    WEBHOOK_ALLOW_INSECURE_TARGETS: 'true',
    WEBHOOK_CA_FILE: caFile,
    WEBHOOK_RETRY_DELAYS: '0.2,0.4,0.8',
    WEBHOOK_TIMEOUT_MS: '300',
    M2M_RATE_PER_MINUTE: '100000',
    M2M_MAX_CONCURRENT: '1000',
    ...extra,
  };
}

export type Graphql = (query: string, variables?: Record<string, unknown>) => Promise<any>;

/** POSTs an operation to /graphql and returns `data`, failing on any error. */
export function graphqlAs(studio: Studio, token: string): Graphql {
  return async (query, variables = {}) => {
    const { body } = await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } });
    if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
}

export async function waitUntil<T>(probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, { timeoutMs = 15_000, what = 'condition' } = {}): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const BOOK_EVENT = `mutation ($input: BookEventInput!) { bookEvent(input: $input) { id bookings { id } } }`;
export const PURCHASE_PASS = `mutation ($input: PurchasePassInput!) { purchasePass(input: $input) { id } }`;
export const SET_ENDPOINT = `mutation ($input: SetWebhookEndpointInput!) {
  setWebhookEndpoint(input: $input) { signingSecret endpoint { id url events enabled previousSecretExpiresAt createdAt } }
}`;
export const DELIVERIES = `query ($eventId: ID, $endpointId: ID, $limit: Int) {
  webhookDeliveries(eventId: $eventId, endpointId: $endpointId, limit: $limit) { eventId event test endpointId url attempt status error durationMs at }
}`;
