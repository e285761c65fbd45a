/**
 * Access taken away is gone on the next call, on every instance (issue 19): revoking a client, rotating its
 * secret or removing one of its scopes stops its existing tokens on another instance of the same database
 * as soon as PostgreSQL's notice of the change reaches it; and a token is honoured only as far as its stored
 * client allows: its scopes, its company, when it was issued and how long it may live.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SignJWT } from 'jose';
import { openOrm } from '../src/db/orm.ts';
import { createApiClient, revokeApiClient, rotateClientSecret, setClientScopes } from '../src/domain/api-clients.ts';
import type { CallerDirectory } from '../src/pipeline/callers.ts';
import { AUDIENCE, ISSUER, loadSigningKeys } from '../src/pipeline/tokens.ts';
import { startServer, type RunningServer } from '../src/server/server.ts';
import { serviceSurfaces } from '../src/server/surfaces.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { heardOf } from './support/notices.ts';

let studio: Studio;
let second: RunningServer;
/** What the second instance knows of API clients. */
let secondCallers: CallerDirectory;
let closeSecond: () => Promise<void>;

beforeAll(async () => {
  studio = await startStudio({ env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000' } });
  const orm = await openOrm({ url: studio.app.database.url, poolMax: 4 });
  const services = { ...studio.app.services, orm };
  const surfaces = await serviceSurfaces(services);
  second = await startServer(services, surfaces);
  secondCallers = surfaces.pipeline.callers;
  closeSecond = async () => {
    await second.close();
    await orm.close();
  };
});
afterAll(async () => {
  await closeSecond();
  await studio.close();
});

const newClient = (scopes: string) => createApiClient(studio.app.services.orm, studio.app.services.serverKey, { companyId: studio.companyId, name: 'access test', scopes }, new Date());
const tokenOf = async (client: { client_id: string; client_secret: string }) =>
  (await call(`${studio.m2m}/token`, null, { method: 'POST', body: { client_id: client.client_id, client_secret: client.client_secret } })).body.access_token as string;
const onSecond = (path: string, token: string) => call(`${second.url}/m2m${path}`, token);

/** Makes `change` through the first instance's connections; resolves once the second instance has heard of it. */
const secondHears = <T>(clientId: string, change: () => Promise<T>) => heardOf(secondCallers, clientId, change);

describe('access taken away, on another instance', () => {
  it('refuses a revoked client’s existing token on its first call once it heard of the revocation', async () => {
    const client = await newClient('customers:read');
    const token = await tokenOf(client);
    expect((await onSecond('/customers', token)).status).toBe(200);
    expect((await onSecond('/customers', token)).status).toBe(200);
    await secondHears(client.client_id, () => revokeApiClient(studio.app.services.orm, client.client_id, new Date()));
    expect((await onSecond('/customers', token)).status).toBe(401);
  });

  it('refuses a scope removed from a client on its first call once it heard of it, and keeps the others', async () => {
    const client = await newClient('customers:read passes:read');
    const token = await tokenOf(client);
    expect((await onSecond('/passes', token)).status).toBe(200);
    await secondHears(client.client_id, () => setClientScopes(studio.app.services.orm, client.client_id, 'customers:read'));
    expect((await onSecond('/passes', token)).status).toBe(403);
    expect((await onSecond('/customers', token)).status).toBe(200);
  });

  it('refuses tokens issued before a rotation of the secret once it heard of it; a new token works', async () => {
    const client = await newClient('customers:read');
    const token = await tokenOf(client);
    expect((await onSecond('/customers', token)).status).toBe(200);
    const { orm, serverKey, config } = studio.app.services;
    // Tokens carry whole seconds: the rotation comes in a later second than the token.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rotated = await secondHears(client.client_id, () => rotateClientSecret(orm, serverKey, client.client_id, new Date(), config.CLIENT_SECRET_GRACE_HOURS));
    expect((await onSecond('/customers', token)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const fresh = await tokenOf({ client_id: client.client_id, client_secret: rotated.client_secret });
    expect((await onSecond('/customers', fresh)).status).toBe(200);
  });
});

describe('claims checked against the stored client', () => {
  /** A token signed with the service's own key, with any claims. */
  async function forged(claims: Record<string, unknown>, times: { iat?: number; exp?: number } = {}): Promise<string> {
    const keys = await loadSigningKeys(studio.app.services.config.DATA_DIR);
    const now = Math.floor(Date.now() / 1000);
    const iat = times.iat ?? now;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid, typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE.m2m)
      .setIssuedAt(iat)
      .setExpirationTime(times.exp ?? iat + 3600)
      .setJti(crypto.randomUUID())
      .sign(keys.signing);
  }

  it('honours a token only for the scopes its client holds, whatever it claims', async () => {
    const client = await newClient('customers:read');
    const token = await forged({ sub: client.client_id, company: studio.companyId, scope: 'customers:read passes:read' });
    expect((await call(`${studio.m2m}/customers`, token)).status).toBe(200);
    expect(await call(`${studio.m2m}/passes`, token)).toMatchObject({ status: 403, body: { error: 'Missing required scope: passes:read' } });
  });

  it.each([
    ['another company than its client’s', async (clientId: string) => forged({ sub: clientId, company: await studio.otherCompany(), scope: 'customers:read' })],
    ['an issue time in the future', (clientId: string) => forged({ sub: clientId, company: studio.companyId, scope: 'customers:read' }, { iat: Math.floor(Date.now() / 1000) + 600 })],
    ['a life longer than an hour', (clientId: string) => forged({ sub: clientId, company: studio.companyId, scope: 'customers:read' }, { exp: Math.floor(Date.now() / 1000) + 7200 })],
    ['a client that does not exist', () => forged({ sub: 'm2m_nobody', company: studio.companyId, scope: 'customers:read' })],
  ])('refuses a token with %s (401, invalid_token)', async (_case, make) => {
    const client = await newClient('customers:read');
    const token = await make(client.client_id);
    const answer = await call(`${studio.m2m}/customers`, token);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
