import { afterAll, beforeAll, it } from '@jest/globals';
import { call, startStudio, type Studio } from './support/studio.ts';
let studio: Studio; let token: string;
beforeAll(async () => { studio = await startStudio({ env: { CACHE_TTL_SECONDS: '0' } }); token = await studio.token(); });
afterAll(() => studio.close());
it('probe', async () => {
  for (const [q, v] of [
    ['query ($status: AppointmentStatus) { appointments(status: $status) { total } }', { status: 'LATER' }],
    ['{ appointments(status: LATER) { total } }', {}],
    ['query ($p: Int) { customers(pageSize: $p) { total } }', { p: 'x' }],
    ['query ($d: Date) { appointments(startDate: $d) { total } }', { d: 'x' }],
  ] as const) {
    const r = await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query: q, variables: v } });
    console.log(r.status, JSON.stringify(r.body));
  }
});
