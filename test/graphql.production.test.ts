/**
 * Issue 9, finding 7: in production the schema is not for anyone who asks. Introspection is off, the SDL
 * (`{ _service { sdl } }`, GET /graphql/schema.graphql) needs a token, as a federation router sends one, and
 * error messages make no "Did you mean …" suggestions that would name types, fields or arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
let token: string;
const graphql = (query: string, bearer: string | null = null) => call(`${studio.url}/graphql`, bearer, { method: 'POST', body: { query } });

beforeAll(async () => {
  studio = await startStudio({ env: { NODE_ENV: 'production' } });
  token = await studio.token(['customers:read']);
});
afterAll(() => studio.close());

describe('GraphQL in production', () => {
  it('refuses introspection, with or without a token', async () => {
    for (const bearer of [null, token]) {
      const { status, body } = await graphql('{ __schema { types { name } } }', bearer);
      expect(status).toBe(400);
      expect(JSON.stringify(body)).not.toMatch(/"Customer"/);
    }
  });

  it('answers { _service { sdl } } only with a token', async () => {
    const anonymous = await graphql('{ _service { sdl } }');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(JSON.stringify(anonymous.body)).not.toMatch(/type Customer/);
    const router = await graphql('{ _service { sdl } }', token);
    expect(router.status).toBe(200);
    expect(router.body.data._service.sdl).toMatch(/type Customer/);
  });

  it('serves GET /graphql/schema.graphql only with a token', async () => {
    const anonymous = await call(`${studio.url}/graphql/schema.graphql`, null);
    expect(anonymous.status).toBe(401);
    expect(String(JSON.stringify(anonymous.body))).not.toMatch(/type Customer/);
    const withToken = await call(`${studio.url}/graphql/schema.graphql`, token);
    expect(withToken.status).toBe(200);
    expect(withToken.body).toMatch(/type Customer/);
  });

  it.each([
    ['a misspelt field', '{ customers { nodes { fistName } } }'],
    ['a misspelt argument', '{ customers(pagSize: 2) { total } }'],
    ['a misspelt type in a fragment', '{ ...F } fragment F on Qery { __typename }'],
    ['a misspelt enum value', '{ appointments(status: SCHEDULD) { total } }'],
  ])('makes no suggestions for %s', async (_what, query) => {
    for (const bearer of [null, token]) {
      const { status, body } = await graphql(query, bearer);
      expect(status).toBe(400);
      expect(JSON.stringify(body)).not.toMatch(/Did you mean/i);
    }
  });
});
