/**
 * Issue 10: REST routes run the server's own documents, prepared once at start-up. The limits that protect
 * the graph from clients' documents (depth, aliases, cost, tokens) never apply to them, so no setting of
 * those limits can turn a route into an error.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
let m2m: string;
let v1: string;

beforeAll(async () => {
  studio = await startStudio({ env: { GRAPHQL_MAX_DEPTH: '1', GRAPHQL_MAX_ALIASES: '0', GRAPHQL_MAX_COST: '1', GRAPHQL_MAX_TOKENS: '10' } });
  m2m = await studio.token();
  v1 = await studio.v1Token();
});
afterAll(() => studio.close());

describe('routes under the tightest GraphQL limits', () => {
  it('still refuses a client document over them on /graphql', async () => {
    const { status } = await call(`${studio.url}/graphql`, m2m, { method: 'POST', body: { query: '{ customers { nodes { id } } }' } });
    expect(status).toBe(400);
  });

  it('answers every M2M read and write as usual', async () => {
    const customers = await call(`${studio.m2m}/customers?pageSize=3`, m2m);
    expect(customers.status).toBe(200);
    const customer = customers.body.data[0].id;
    const facilitator = (await call(`${studio.m2m}/appointments/bookings?pageSize=1&status=COMPLETED`, m2m)).body.data[0].facilitator.id;
    for (const path of [
      `/customer/${customer}/profile`,
      `/customer/${customer}/bookings?startDate=2020-01-01`,
      `/customer/${customer}/packages`,
      `/appointments/bookings`,
      `/appointments/services`,
      `/appointments/availability/${facilitator}?start_date=2026-12-01&end_date=2026-12-31`,
      '/events',
      '/passes',
    ]) {
      expect({ path, status: (await call(`${studio.m2m}${path}`, m2m)).status }).toEqual({ path, status: 200 });
    }
    const profile = await call(`${studio.m2m}/customer/${customer}/profile`, m2m, {
      method: 'PUT',
      body: { firstname: 'Limits', lastname: 'Test', email: 'limits@example.com' },
    });
    expect(profile.status).toBe(200);
  });

  it('answers v1 reads and writes as usual', async () => {
    expect((await call(`${studio.v1}/customers?perPage=5`, v1)).status).toBe(200);
    expect((await call(`${studio.v1}/events`, v1)).status).toBe(200);
    const created = await call(`${studio.v1}/customers`, v1, { method: 'POST', body: { firstName: 'Ada', lastName: 'Limits', email: 'ada.limits@example.com' } });
    expect(created.status).toBe(201);
  });
});
