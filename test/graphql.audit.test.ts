/** Every GraphQL operation is audited like a REST call: operation name, root fields, READ or UPDATE, the status the same refusal has on REST. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listAudit } from '../src/domain/audit-log.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});
afterAll(() => studio.close());

describe('GraphQL audit', () => {
  it('records the operation name, its root fields, the action and the status', async () => {
    const token = await studio.token();
    await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query: 'query Dashboard { customers { total } events { total } }' } });
    await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query: 'mutation Cancel { cancelAppointment(id: "appt_nothing") { id } }' } });
    await studio.app.pipeline!.audit.flush();
    const entries = await listAudit(studio.app.services.orm, { companyId: studio.companyId });
    const graphql = entries.filter((e) => e.path === '/graphql');
    expect(graphql).toEqual([
      expect.objectContaining({ method: 'POST', operation: 'Cancel', resourceType: 'cancelAppointment', action: 'UPDATE', status: 404, errorCode: 'NOT_FOUND' }),
      expect.objectContaining({ method: 'POST', operation: 'Dashboard', resourceType: 'customers,events', action: 'READ', status: 200 }),
    ]);
  });
});
