/**
 * The M2M token endpoint as stock OAuth 2.0 clients use it (issue 11, items 6 and 7): authorization server
 * metadata (RFC 8414) where discovery looks for it, the `scope` parameter granting a subset of the
 * client's scopes (RFC 6749, section 3.3), and the errors of section 5.2, through openid-client and
 * simple-oauth2 as an integrator would run them.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import * as oauth from 'openid-client';
import { ClientCredentials } from 'simple-oauth2';
import { createApiClient, type NewApiClient } from '../src/domain/api-clients.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { ISSUER } from '../src/pipeline/tokens.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;

beforeAll(async () => {
  studio = await startStudio();
});
afterAll(() => studio.close());

const newClient = (scopes: string): Promise<NewApiClient> => {
  const { orm, serverKey, clock } = studio.app.services;
  return createApiClient(orm, serverKey, { companyId: studio.companyId, name: 'oauth test', scopes }, clock.now());
};

/** openid-client's discovery as its documentation shows it, over plain HTTP for the test server. */
const discover = (issuer: string, client: NewApiClient, auth?: oauth.ClientAuth) =>
  oauth.discovery(new URL(issuer), client.client_id, client.client_secret, auth, { algorithm: 'oauth2', execute: [oauth.allowInsecureRequests] });

describe('authorization server metadata (RFC 8414)', () => {
  it.each([
    ['inserted between host and the issuer\'s path (section 3.1)', () => `${studio.url}/.well-known/oauth-authorization-server/m2m`, () => studio.m2m],
    ['under the M2M base path', () => `${studio.m2m}/.well-known/oauth-authorization-server`, () => studio.m2m],
    ['at the host\'s root, whose issuer is the origin', () => `${studio.url}/.well-known/oauth-authorization-server`, () => studio.url],
    ['where OpenID Connect discovery looks, under the M2M base path', () => `${studio.m2m}/.well-known/openid-configuration`, () => studio.m2m],
    ['where OpenID Connect discovery looks, at the host\'s root', () => `${studio.url}/.well-known/openid-configuration`, () => studio.url],
  ])('is served %s', async (_where, url, issuer) => {
    const answer = await call(url(), null);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      issuer: issuer(),
      token_endpoint: `${studio.m2m}/token`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: [...ALL_SCOPES],
      response_types_supported: [],
      access_token_issuer: ISSUER,
    });
  });

  it.each([
    ['the M2M base URL', () => studio.m2m],
    ['the origin', () => studio.url],
  ])('configures openid-client by discovery from %s, then a client credentials grant with a scope gets a token of that scope only', async (_from, issuer) => {
    const client = await newClient('customers:read passes:read');
    const config = await discover(issuer(), client);
    expect(config.serverMetadata()).toMatchObject({ issuer: issuer(), token_endpoint: `${studio.m2m}/token` });

    const tokens = await oauth.clientCredentialsGrant(config, { scope: 'customers:read' });
    expect(tokens.scope).toBe('customers:read');
    expect(decodeJwt(tokens.access_token)).toMatchObject({ iss: ISSUER, scope: 'customers:read' });
    expect((await call(`${studio.m2m}/customers`, tokens.access_token)).status).toBe(200);
    expect(await call(`${studio.m2m}/passes`, tokens.access_token)).toMatchObject({ status: 403, body: { error: 'Missing required scope: passes:read' } });
  });
});

describe("openid-client's default discovery (OpenID Connect's well-known path)", () => {
  it.each([
    ['the M2M base URL', () => studio.m2m],
    ['the origin', () => studio.url],
  ])('configures itself from %s and gets a token by client credentials', async (_from, issuer) => {
    const client = await newClient('customers:read');
    const config = await oauth.discovery(new URL(issuer()), client.client_id, client.client_secret, undefined, { execute: [oauth.allowInsecureRequests] });
    expect(config.serverMetadata()).toMatchObject({ issuer: issuer(), token_endpoint: `${studio.m2m}/token` });
    const tokens = await oauth.clientCredentialsGrant(config);
    expect((await call(`${studio.m2m}/customers`, tokens.access_token)).status).toBe(200);
  });
});

describe('the scope parameter (RFC 6749, section 3.3)', () => {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  it.each([
    ['one scope of the client', 'customers:read', 'customers:read'],
    ['several, in any order', 'passes:read customers:read', 'customers:read passes:read'],
    ['a scope twice', 'passes:read passes:read', 'passes:read'],
    ['every scope of the client', 'customers:read passes:read profile:read', 'customers:read passes:read profile:read'],
    ['none (the parameter left empty)', '', 'customers:read passes:read profile:read'],
  ])('grants exactly what is asked for: %s', async (_case, scope, granted) => {
    const client = await newClient('customers:read passes:read profile:read');
    const answer = await call(`${studio.m2m}/token`, null, form({ client_id: client.client_id, client_secret: client.client_secret, scope }));
    expect(answer.status).toBe(200);
    expect(answer.body.scope).toBe(granted);
    expect(decodeJwt(answer.body.access_token).scope).toBe(granted);
  });

  it('is read from the documented JSON body too', async () => {
    const client = await newClient('customers:read passes:read');
    const answer = await call(`${studio.m2m}/token`, null, { method: 'POST', body: { client_id: client.client_id, client_secret: client.client_secret, scope: 'passes:read' } });
    expect(answer.body).toMatchObject({ scope: 'passes:read' });
  });

  it.each([
    ['a scope the client does not have', 'customers:read profile:write', /profile:write/],
    ['a scope that does not exist', 'customers:read everything', /everything/],
    ['only spaces', '   ', /at least one scope/],
  ])('refuses %s with 400 invalid_scope', async (_case, scope, names) => {
    const client = await newClient('customers:read passes:read');
    const answer = await call(`${studio.m2m}/token`, null, form({ client_id: client.client_id, client_secret: client.client_secret, scope }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'invalid_scope', error_description: expect.stringMatching(names) });
  });

  it('refuses a scope that is not a string with 400 invalid_request', async () => {
    const client = await newClient('customers:read');
    const answer = await call(`${studio.m2m}/token`, null, { method: 'POST', body: { client_id: client.client_id, client_secret: client.client_secret, scope: ['customers:read'] } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
  });

  it('is granted through simple-oauth2 (HTTP Basic, a list of scopes)', async () => {
    const client = await newClient('customers:read passes:read profile:read');
    const oauth2 = new ClientCredentials({
      client: { id: client.client_id, secret: client.client_secret },
      auth: { tokenHost: studio.url, tokenPath: '/m2m/token' },
    });
    const token = await oauth2.getToken({ scope: ['customers:read', 'profile:read'] });
    expect(token.token).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'customers:read profile:read' });
    expect((await call(`${studio.m2m}/customer/cust_none/profile`, token.token.access_token as string)).status).toBe(404);
    await expect(oauth2.getToken({ scope: ['customers:read', 'media:write'] })).rejects.toMatchObject({
      output: { statusCode: 400 },
      data: { payload: { error: 'invalid_scope' } },
    });
  });
});

describe('a wrong secret (RFC 6749, section 5.2)', () => {
  it('reaches openid-client as invalid_client with client_secret_post: the error of the JSON body', async () => {
    const client = await newClient('customers:read');
    const config = await discover(studio.m2m, { ...client, client_secret: 'b'.repeat(64) });
    const error = await oauth.clientCredentialsGrant(config).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(oauth.ResponseBodyError);
    expect(error).toMatchObject({ error: 'invalid_client', status: 401, error_description: expect.any(String) });
  });

  it('reaches openid-client as invalid_client with client_secret_basic: the Basic challenge that section 5.2 requires carries it', async () => {
    const client = await newClient('customers:read');
    const config = await discover(studio.m2m, client, oauth.ClientSecretBasic('b'.repeat(64)));
    const error = await oauth.clientCredentialsGrant(config).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((error as oauth.WWWAuthenticateChallengeError).cause).toEqual([
      { scheme: 'basic', parameters: { realm: 'm2m', charset: 'UTF-8', error: 'invalid_client', error_description: expect.any(String) } },
    ]);
  });

  it('reaches simple-oauth2 as a 401 whose payload is invalid_client', async () => {
    const client = await newClient('customers:read');
    const oauth2 = new ClientCredentials({ client: { id: client.client_id, secret: 'b'.repeat(64) }, auth: { tokenHost: studio.url, tokenPath: '/m2m/token' } });
    await expect(oauth2.getToken({})).rejects.toMatchObject({ output: { statusCode: 401 }, data: { payload: { error: 'invalid_client' } } });
  });
});
