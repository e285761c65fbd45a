/**
 * `POST /token` and the access tokens it issues (document 1, section 5): the documented JSON body and the
 * standard OAuth 2.0 client-credentials form (secret in the form or by HTTP Basic, and a stock OAuth
 * library), the OAuth error answers, the JWT's claims, scope changes, secret rotation, and every way a
 * presented token can be wrong, spellings of a valid one included. Failed attempts: pipeline.failed-logins.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import * as oauth from 'openid-client';
import { createApiClient, revokeApiClient, rotateClientSecret, setClientScopes, type NewApiClient } from '../src/domain/api-clients.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { AUDIENCE, ISSUER } from '../src/pipeline/tokens.ts';
import { postFrom as post, randomLoopback, type Answer } from './support/source-address.ts';
import { call, startStudio, type Studio } from './support/studio.ts';

const HOUR = 3_600_000;
const clock = new FixedClock('2026-11-21T10:00:00Z');

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
});
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('POST /token', () => {
  let studio: Studio;
  /** Where this suite's requests come from. */
  const address = randomLoopback();
  const tokenRequest = (sent: { body: string; headers: Record<string, string> }, from = address) =>
    post(`${studio.m2m}/token`, sent.body, sent.headers, from);
  const newClient = (scopes = 'customers:read passes:read', expiresDays?: number): Promise<NewApiClient> =>
    createApiClient(studio.app.services.orm, studio.app.services.serverKey, { companyId: studio.companyId, name: 'token test', scopes, expiresDays }, clock.now());
  const accessToken = async (client: NewApiClient) => {
    const answer = await tokenRequest(json({ client_id: client.client_id, client_secret: client.client_secret }));
    expect(answer.status).toBe(200);
    return answer.body.access_token as string;
  };

  beforeAll(async () => {
    studio = await startStudio({ clock });
  });
  afterAll(() => studio.close());

  describe('issues a token for valid credentials', () => {
    it.each([
      ['the documented JSON body', (c: NewApiClient) => json({ client_id: c.client_id, client_secret: c.client_secret })],
      ['the OAuth form with the secret in the form (client_secret_post)', (c: NewApiClient) =>
        form({ grant_type: 'client_credentials', client_id: c.client_id, client_secret: c.client_secret })],
      ['the OAuth form with HTTP Basic (client_secret_basic)', (c: NewApiClient) =>
        form({ grant_type: 'client_credentials' }, { authorization: basic(c.client_id, c.client_secret) })],
    ])('from %s', async (_case, requestOf) => {
      const client = await newClient('customers:read profile:read');
      const answer = await tokenRequest(requestOf(client));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'customers:read profile:read' });
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect((await call(`${studio.m2m}/customers`, answer.body.access_token)).status).toBe(200);
    });

    it.each([
      ['client_secret_basic', oauth.ClientSecretBasic],
      ['client_secret_post', oauth.ClientSecretPost],
    ])('to a stock OAuth library (openid-client, %s)', async (_method, auth) => {
      const client = await newClient('customers:read');
      const config = new oauth.Configuration({ issuer: ISSUER, token_endpoint: `${studio.m2m}/token` }, client.client_id, undefined, auth(client.client_secret));
      oauth.allowInsecureRequests(config);
      const tokens = await oauth.clientCredentialsGrant(config);
      expect(tokens.token_type).toBe('bearer');
      expect(tokens.expires_in).toBe(3600);
      expect(tokens.scope).toBe('customers:read');
      expect((await call(`${studio.m2m}/customers`, tokens.access_token)).status).toBe(200);
    });
  });

  describe('refuses bad requests with the OAuth error shape', () => {
    it.each([
      ['an empty JSON body', json({})],
      ['no client_secret', json({ client_id: 'client_x' })],
      ['no client_id', json({ client_secret: 'a'.repeat(64) })],
      ['an empty client_secret', json({ client_id: 'client_x', client_secret: '' })],
      ['a non-string client_secret', json({ client_id: 'client_x', client_secret: 42 })],
      ['a form without credentials', form({ grant_type: 'client_credentials' })],
      ['a form without grant_type', form({ client_id: 'client_x', client_secret: 'a'.repeat(64) })],
      ['HTTP Basic credentials that are not form-encoded', form({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from('%zz:%zz').toString('base64')}` })],
      ['HTTP Basic credentials without a colon', form({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from('client_x').toString('base64')}` })],
      ['a secret both by HTTP Basic and in the form', form({ grant_type: 'client_credentials', client_secret: 'a'.repeat(64) }, { authorization: basic('client_x', 'a'.repeat(64)) })],
    ])('400 invalid_request for %s', async (_case, body) => {
      const answer = await tokenRequest(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it.each(['password', 'authorization_code', 'refresh_token'])('400 unsupported_grant_type for grant_type=%s', async (grant) => {
      const client = await newClient();
      const answer = await tokenRequest(form({ grant_type: grant, client_id: client.client_id, client_secret: client.client_secret }));
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    });
  });

  describe('401 invalid_client', () => {
    const expectInvalidClient = (answer: Answer) => {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
      expect(answer.headers['cache-control']).toBe('no-store');
    };

    it('for an unknown client id', async () => {
      const answer = await tokenRequest(json({ client_id: 'client_unknown', client_secret: 'a'.repeat(64) }));
      expectInvalidClient(answer);
      expect(answer.headers['www-authenticate']).toBeUndefined();
    });

    it('for a wrong secret', async () => {
      const client = await newClient();
      expectInvalidClient(await tokenRequest(json({ client_id: client.client_id, client_secret: 'b'.repeat(64) })));
    });

    it('for a revoked client', async () => {
      const client = await newClient();
      await revokeApiClient(studio.app.services.orm, client.client_id, clock.now());
      expectInvalidClient(await tokenRequest(json({ client_id: client.client_id, client_secret: client.client_secret })));
    });

    it('for a client past its expiry', async () => {
      const client = await newClient('customers:read', 1);
      await accessToken(client);
      clock.advance(24 * HOUR);
      expectInvalidClient(await tokenRequest(json({ client_id: client.client_id, client_secret: client.client_secret })));
    });

    it('with WWW-Authenticate: Basic when the client authenticated by HTTP Basic', async () => {
      const client = await newClient();
      const answer = await tokenRequest(form({ grant_type: 'client_credentials' }, { authorization: basic(client.client_id, 'c'.repeat(64)) }));
      expectInvalidClient(answer);
      expect(answer.headers['www-authenticate']).toMatch(/^Basic realm="/);
    });
  });

  it('issues an EdDSA JWT with iss, an M2M audience, sub = client id, company, scope, iat, exp = iat + 3600, jti and kid', async () => {
    const client = await newClient('customers:read passes:read');
    const token = await accessToken(client);
    const header = decodeProtectedHeader(token);
    expect(header).toEqual({ alg: 'EdDSA', typ: 'at+jwt', kid: expect.any(String) });
    const claims = decodeJwt(token);
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(claims).toEqual({
      iss: ISSUER,
      aud: AUDIENCE.m2m,
      sub: client.client_id,
      company: studio.companyId,
      scope: 'customers:read passes:read',
      iat: now,
      exp: now + 3600,
      jti: expect.any(String),
    });
    expect(claims.jti).not.toBe(decodeJwt(await accessToken(client)).jti);
  });

  it('gives the next token the scopes set since, and a token issued before only the scopes the client still holds', async () => {
    const client = await newClient('customers:read passes:read');
    const before = await accessToken(client);
    await setClientScopes(studio.app.services.orm, client.client_id, 'customers:read profile:read');
    const answer = await tokenRequest(json({ client_id: client.client_id, client_secret: client.client_secret }));
    expect(answer.body.scope).toBe('customers:read profile:read');
    const after = answer.body.access_token as string;
    expect(await call(`${studio.m2m}/passes`, before)).toMatchObject({ status: 403, body: { error: 'Missing required scope: passes:read' } });
    expect(await call(`${studio.m2m}/passes`, after)).toMatchObject({ status: 403, body: { error: 'Missing required scope: passes:read' } });
    expect((await call(`${studio.m2m}/customers`, before)).status).toBe(200);
    // A scope given back later is not in the old token: it never carried it.
    expect(await call(`${studio.m2m}/customer/cust_x/profile`, before)).toMatchObject({ status: 403 });
  });

  it('accepts the old and the new secret during the rotation grace period, and only the new one after it', async () => {
    const client = await newClient();
    const { orm, serverKey, config } = studio.app.services;
    const rotated = await rotateClientSecret(orm, serverKey, client.client_id, clock.now(), config.CLIENT_SECRET_GRACE_HOURS);
    const withSecret = (secret: string) => tokenRequest(json({ client_id: client.client_id, client_secret: secret }));
    expect((await withSecret(client.client_secret)).status).toBe(200);
    expect((await withSecret(rotated.client_secret)).status).toBe(200);
    clock.advance(config.CLIENT_SECRET_GRACE_HOURS * HOUR + 1000);
    expect((await withSecret(client.client_secret)).status).toBe(401);
    expect((await withSecret(rotated.client_secret)).status).toBe(200);
  });

  it("stops a revoked client's existing tokens within 60 s", async () => {
    const client = await newClient();
    const token = await accessToken(client);
    expect((await call(`${studio.m2m}/customers`, token)).status).toBe(200);
    await revokeApiClient(studio.app.services.orm, client.client_id, clock.now());
    clock.advance(31_000);
    const answer = await call(`${studio.m2m}/customers`, token);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it("stops an expired client's existing tokens within 60 s", async () => {
    const client = await newClient('customers:read', 1);
    const token = await accessToken(client);
    expect((await call(`${studio.m2m}/customers`, token)).status).toBe(200);
    clock.advance(24 * HOUR - 10_000);
    const fresh = await accessToken(client);
    clock.advance(41_000);
    expect((await call(`${studio.m2m}/customers`, fresh)).status).toBe(401);
  });
});

describe('a presented access token', () => {
  let studio: Studio;
  let token: string;
  let claims: JWTPayload;
  let kid: string;

  beforeAll(async () => {
    studio = await startStudio({ clock });
    token = await studio.token(['customers:read']);
    claims = decodeJwt(token);
    kid = decodeProtectedHeader(token).kid!;
  });
  afterAll(() => studio.close());

  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const resign = async (alg: string, key: Parameters<SignJWT['sign']>[0], payload: JWTPayload = claims) =>
    new SignJWT(payload).setProtectedHeader({ alg, kid, typ: 'at+jwt' }).sign(key);

  const cases: Array<[string, () => string | null | Promise<string | null>]> = [
    ['with its payload changed (the signature no longer matches)', () => {
      const [header, , signature] = token.split('.');
      return `${header}.${base64url({ ...claims, scope: 'customers:read profile:read' })}.${signature}`;
    }],
    ['unsigned, with alg "none"', () => `${base64url({ alg: 'none', kid, typ: 'at+jwt' })}.${base64url(claims)}.`],
    ['signed by another Ed25519 key under the real kid', async () => resign('EdDSA', (await generateKeyPair('EdDSA', { crv: 'Ed25519' })).privateKey)],
    ['signed with HS256 and some secret', async () => resign('HS256', new TextEncoder().encode('some shared secret of thirty-two bytes'))],
    ['issued for the v1 interface', async () => studio.app.pipeline!.tokens.issue('v1', { subject: claims.sub!, company: claims.company as string, scope: 'customers:read' })],
    ['without the Bearer scheme', () => null],
    ['that is garbage', () => 'garbage'],
    ['with a trailing ==', () => `${token}==`],
    ['with one trailing =', () => `${token}=`],
    ['with padding in the middle segment', () => token.replace(/^([^.]+)\.([^.]+)\./, '$1.$2==.')],
    ['with padding in the first segment', () => token.replace(/^([^.]+)\./, '$1=.')],
    ['with a space inside', () => `${token.slice(0, 20)} ${token.slice(20)}`],
    ['with a tab inside', () => `${token.slice(0, 20)}\t${token.slice(20)}`],
    ['with a fourth segment', () => `${token}.${token.split('.')[2]}`],
    ['with only two segments', () => token.split('.').slice(0, 2).join('.')],
    ['with a character of base64 that base64url has not', () => `${token.slice(0, 10)}+${token.slice(11)}`],
    ['with the unused bits of its last character changed (another spelling of the same signature)', () => {
      const signature = token.split('.')[2]!;
      const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(signature.at(-1)!);
      const other = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[last ^ 1]!;
      return `${token.slice(0, -1)}${other}`;
    }],
  ];

  it.each(cases)('is refused with 401 and error="invalid_token" when %s', async (_case, make) => {
    const presented = await make();
    const headers = { authorization: presented === null ? token : `Bearer ${presented}` };
    const answer = await call(`${studio.m2m}/customers`, null, { headers });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: expect.any(String) });
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="m2m", error="invalid_token"/);
  });

  it('is accepted as issued', async () => {
    expect((await call(`${studio.m2m}/customers`, token)).status).toBe(200);
  });

  it.each([
    ['a lower-case scheme (schemes are case-insensitive, RFC 7235)', () => `bearer ${token}`],
    ['two spaces after the scheme (RFC 7235: one or more)', () => `Bearer  ${token}`],
  ])('is accepted after %s', async (_case, header) => {
    expect((await call(`${studio.m2m}/customers`, null, { headers: { authorization: header() } })).status).toBe(200);
  });

  it('is not taken from the query string: 401 with a bare Bearer challenge, as without a token', async () => {
    const answer = await call(`${studio.m2m}/customers?access_token=${token}`, null);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="m2m"');
  });

  it('without any token, 401 with a bare Bearer challenge', async () => {
    const answer = await call(`${studio.m2m}/customers`, null);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="m2m"');
  });

  it('is refused once expired (3601 s after issue)', async () => {
    const fresh = await studio.token(['customers:read']);
    clock.advance(3601_000);
    const answer = await call(`${studio.m2m}/customers`, fresh);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
