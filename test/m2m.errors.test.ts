/**
 * Errors of the M2M interface (document 1, section 7): JSON with a string field `error`, and the status
 * of each case: 400 for bad parameters or bodies, 403 naming the missing scope, 404 for unknown paths and
 * for ids of another company alike, 405 with Allow, 413 for oversized bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, startStudio, type Studio } from './support/studio.ts';

describe('M2M errors', () => {
  let studio: Studio;
  let token: string;
  let customerId: string;
  let otherCompanyCustomerId: string;

  beforeAll(async () => {
    studio = await startStudio({ env: { M2M_RATE_PER_MINUTE: '1000' } });
    token = await studio.token(['customers:read', 'profile:read', 'profile:write']);
    customerId = (await call(`${studio.m2m}/customers`, token)).body.data[0].id;
    const other = await studio.otherCompany();
    const { orm } = studio.app.services;
    const rows = await orm.em.getConnection().execute<{ id: string }[]>('select id from customer where company_id = ? limit 1', [other]);
    otherCompanyCustomerId = rows[0]!.id;
  });
  afterAll(() => studio.close());

  it('403 names the missing scope in exactly the documented body', async () => {
    const answer = await call(`${studio.m2m}/passes`, token);
    expect(answer.status).toBe(403);
    expect(answer.body).toStrictEqual({ error: 'Missing required scope: passes:read' });
  });

  describe('404', () => {
    it.each(['/no-such-thing', '/customer', `/customer/{customer}/no-such-thing`, '/customers/extra/segments'])('for the unknown path %s', async (path) => {
      const answer = await call(`${studio.m2m}${path.replace('{customer}', customerId)}`, token);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: expect.any(String) });
    });

    it("for another company's customer, with the same body as for a customer that does not exist", async () => {
      const theirs = await call(`${studio.m2m}/customer/${otherCompanyCustomerId}/profile`, token);
      const missing = await call(`${studio.m2m}/customer/cust_doesnotexist/profile`, token);
      expect(theirs.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(theirs.body).toStrictEqual(missing.body);
      expect(theirs.body).toEqual({ error: expect.any(String) });
    });

    it("for a PUT to another company's customer, which stays unchanged", async () => {
      const answer = await call(`${studio.m2m}/customer/${otherCompanyCustomerId}/profile`, token, {
        method: 'PUT',
        body: { firstname: 'Intruder', lastname: 'Write', email: 'intruder@example.com' },
      });
      expect(answer.status).toBe(404);
      const rows = await studio.app.services.orm.em.getConnection().execute<{ firstname: string }[]>('select firstname from customer where id = ?', [otherCompanyCustomerId]);
      expect(rows[0]!.firstname).not.toBe('Intruder');
    });
  });

  it.each([
    ['DELETE', '/customers', 'GET'],
    ['POST', '/customers', 'GET'],
    ['GET', '/token', 'POST'],
    ['DELETE', '/customer/{customer}/profile', 'GET, PUT'],
  ])('405 with Allow for %s %s', async (method, path, allow) => {
    const answer = await call(`${studio.m2m}${path.replace('{customer}', customerId)}`, token, { method });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe(allow);
    expect(answer.body).toEqual({ error: expect.any(String) });
  });

  describe('400', () => {
    const profile = () => `${studio.m2m}/customer/${customerId}/profile`;

    it('for malformed JSON in a PUT body, as JSON', async () => {
      const answer = await call(profile(), token, { method: 'PUT', body: '{"firstname": "Ada",' });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body).toEqual({ error: expect.stringMatching(/JSON/) });
    });

    it.each([
      ['firstname', { lastname: 'King', email: 'ada@example.com' }],
      ['email', { firstname: 'Ada', lastname: 'King', email: 'not an email' }],
      ['password', { firstname: 'Ada', lastname: 'King', email: 'ada@example.com', password: 'secret' }],
    ])('naming %s for a PUT profile body that lacks it, has it wrong or should not have it', async (field, body) => {
      const answer = await call(profile(), token, { method: 'PUT', body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.stringContaining(field) });
    });

    it.each([
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=abc', 'pageSize'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=0&page=1', 'page'],
    ])('naming the parameter for ?%s', async (query, parameter) => {
      const answer = await call(`${studio.m2m}/customers?${query}`, token);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.stringMatching(new RegExp(`^${parameter}\\b`)) });
    });
  });

  it('413 as JSON for a body over 100 kB', async () => {
    const answer = await call(`${studio.m2m}/customer/${customerId}/profile`, token, {
      method: 'PUT',
      body: { firstname: 'Ada', lastname: 'King', email: 'ada@example.com', mobile: 'x'.repeat(101 * 1024) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: expect.any(String) });
  });

  it('500 without internals when the database fails under a request', async () => {
    const connection = studio.app.services.orm.em.getConnection();
    await connection.execute('alter table customer rename to customer_away');
    try {
      const answer = await call(`${studio.m2m}/customers?pageSize=9`, token);
      expect(answer.status).toBe(500);
      expect(answer.body).toStrictEqual({ error: 'Internal server error' });
    } finally {
      await connection.execute('alter table customer_away rename to customer');
    }
  });

  it('401 as JSON comes before 404: an unknown path without a token is refused first', async () => {
    const answer = await call(`${studio.m2m}/no-such-thing`, null);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: expect.any(String) });
  });
});
