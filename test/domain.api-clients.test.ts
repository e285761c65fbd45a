import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import {
  createApiClient,
  revokeApiClient,
  rotateClientSecret,
  setClientScopes,
  verifyClientCredentials,
} from '../src/domain/api-clients.ts';
import { createCompany } from '../src/domain/companies.ts';
import { InvalidInput } from '../src/domain/invalid-input.ts';
import { testOrm } from './support/db.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const serverKey = randomBytes(32);
const t0 = new Date('2026-11-01T09:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

let ctx: Awaited<ReturnType<typeof testOrm>>;
let companyId: string;

beforeAll(async () => {
  ctx = await testOrm();
  ({ id: companyId } = await createCompany(ctx.orm, { name: 'Studio', timezone: 'Europe/London', currency: 'GBP' }));
});
afterAll(() => ctx.close());

const newClient = (extra: { expiresDays?: number } = {}) =>
  createApiClient(ctx.orm, serverKey, { companyId, name: 'Integration', scopes: 'customers:read bookings:read', ...extra }, t0);

describe('verifyClientCredentials', () => {
  it('returns the client, its company and its scopes for the right secret', async () => {
    const { client_id, client_secret } = await newClient();
    expect(await verifyClientCredentials(ctx.orm, serverKey, client_id, client_secret, t0)).toEqual({
      id: client_id,
      companyId,
      name: 'Integration',
      scopes: ['customers:read', 'bookings:read'],
      expiresAt: null,
    });
  });

  it('returns null for a wrong secret', async () => {
    const { client_id, client_secret } = await newClient();
    const wrong = client_secret.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(await verifyClientCredentials(ctx.orm, serverKey, client_id, wrong, t0)).toBeNull();
  });

  it('returns null for a client id that does not exist', async () => {
    const { client_secret } = await newClient();
    expect(await verifyClientCredentials(ctx.orm, serverKey, 'm2m_doesnotexist', client_secret, t0)).toBeNull();
  });

  it('returns null once the client is revoked', async () => {
    const { client_id, client_secret } = await newClient();
    await revokeApiClient(ctx.orm, client_id, at(HOUR));
    expect(await verifyClientCredentials(ctx.orm, serverKey, client_id, client_secret, at(2 * HOUR))).toBeNull();
  });

  it('returns null once the client has expired after its days', async () => {
    const { client_id, client_secret, expires_at } = await newClient({ expiresDays: 30 });
    expect(expires_at).toBe(at(30 * DAY).toISOString());
    expect(await verifyClientCredentials(ctx.orm, serverKey, client_id, client_secret, at(30 * DAY - 1))).not.toBeNull();
    expect(await verifyClientCredentials(ctx.orm, serverKey, client_id, client_secret, at(30 * DAY))).toBeNull();
  });

  it('accepts the old and the new secret during the grace period after a rotation, and only the new one after it', async () => {
    const { client_id, client_secret: old } = await newClient();
    const rotatedAt = at(DAY);
    const { client_secret: fresh } = await rotateClientSecret(ctx.orm, serverKey, client_id, rotatedAt, 24);
    expect(fresh).not.toBe(old);
    const verify = (secret: string, when: Date) => verifyClientCredentials(ctx.orm, serverKey, client_id, secret, when);

    expect(await verify(old, at(DAY + 23 * HOUR))).not.toBeNull();
    expect(await verify(fresh, at(DAY + 23 * HOUR))).not.toBeNull();
    expect(await verify(old, at(DAY + 24 * HOUR))).toBeNull();
    expect(await verify(fresh, at(DAY + 24 * HOUR))).not.toBeNull();
  });

  it('stops accepting a secret replaced two rotations ago at once', async () => {
    const { client_id, client_secret: first } = await newClient();
    const { client_secret: second } = await rotateClientSecret(ctx.orm, serverKey, client_id, at(HOUR), 24);
    const { client_secret: third } = await rotateClientSecret(ctx.orm, serverKey, client_id, at(2 * HOUR), 24);
    const verify = (secret: string) => verifyClientCredentials(ctx.orm, serverKey, client_id, secret, at(3 * HOUR));
    expect(await verify(first)).toBeNull();
    expect(await verify(second)).not.toBeNull();
    expect(await verify(third)).not.toBeNull();
  });

  it('returns the new scopes after they are changed, with the same secret', async () => {
    const { client_id, client_secret } = await newClient();
    await setClientScopes(ctx.orm, client_id, 'events:read');
    expect((await verifyClientCredentials(ctx.orm, serverKey, client_id, client_secret, t0))?.scopes).toEqual(['events:read']);
  });
});

describe('createApiClient', () => {
  it('stores the secret only as a hash: the database row does not contain it', async () => {
    const { client_id, client_secret } = await newClient();
    const rows = await ctx.orm.em.getConnection().execute('select * from api_client where id = ?', [client_id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(client_secret);
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('issues an m2m_ id and a 64-hex secret', async () => {
    const { client_id, client_secret } = await newClient();
    expect(client_id).toMatch(/^m2m_[0-9a-z]{26}$/);
    expect(client_secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses unknown scopes, naming them', async () => {
    const attempt = createApiClient(ctx.orm, serverKey, { companyId, name: 'X', scopes: 'customers:read nope:read bad' }, t0);
    await expect(attempt).rejects.toThrow(InvalidInput);
    await expect(attempt).rejects.toMatchObject({ field: 'scopes', message: expect.stringContaining('nope:read, bad') });
  });

  it('refuses a company that does not exist', async () => {
    const attempt = createApiClient(ctx.orm, serverKey, { companyId: 'co_nope', name: 'X', scopes: 'customers:read' }, t0);
    await expect(attempt).rejects.toMatchObject({ field: 'company' });
  });
});
