/**
 * M2M API clients (document 1, sections 1 and 5): created by an operator for one company with a set of
 * scopes and an optional lifetime. The secret is shown once and stored only as an HMAC; a rotation keeps
 * the replaced secret working for a grace period so an integration can switch without downtime.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApiClient, type IApiClient } from '../db/entities/index.ts';
import { announceAccessChange } from '../db/notices.ts';
import { lastCalls } from '../db/last-calls.ts';
import { companyEm, unscopedEm, type Db } from '../db/scope.ts';
import { requireCompany } from './companies.ts';
import { hashSecret, newSecret, secretMatches } from './credentials.ts';
import { newId } from './ids.ts';
import { InvalidInput } from './invalid-input.ts';
import { parseScopes, type Scope } from './scopes.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Compared against when the client id is unknown, so the answer takes as long as for a known id. */
const NO_CLIENT_HASH = '0'.repeat(64);

export interface NewApiClient {
  client_id: string;
  /** 64 hex characters; returned here and never again. */
  client_secret: string;
  scopes: Scope[];
  expires_at: string | null;
}

export interface ApiClientSummary {
  client_id: string;
  name: string;
  scopes: string[];
  expires_at: string | null;
  revoked: boolean;
}

/** A client whose credentials were just verified: whom it acts for and what it may do. */
export interface VerifiedClient {
  id: string;
  companyId: string;
  name: string;
  scopes: string[];
  expiresAt: Date | null;
}

export async function createApiClient(
  orm: Db,
  serverKey: Buffer,
  input: { companyId: string; name: string; scopes: string; description?: string; expiresDays?: number },
  now: Date,
): Promise<NewApiClient> {
  const name = input.name.trim();
  if (!name) throw new InvalidInput('name', 'must not be empty');
  const scopes = requiredScopes(input.scopes);
  const { expiresDays } = input;
  if (expiresDays !== undefined && !(Number.isInteger(expiresDays) && expiresDays >= 1)) {
    throw new InvalidInput('expires-days', 'must be a whole number of days, at least 1');
  }
  const em = companyEm(orm, input.companyId);
  await requireCompany(em, input.companyId);

  const secret = newSecret();
  const expiresAt = expiresDays === undefined ? null : new Date(now.getTime() + expiresDays * DAY_MS);
  const client = em.create(ApiClient, {
    id: newId('client', now.getTime()),
    company: input.companyId,
    name,
    description: input.description?.trim() || null,
    scopes,
    secretHash: hashSecret(serverKey, secret),
    expiresAt,
  });
  await em.flush();
  return { client_id: client.id, client_secret: secret, scopes, expires_at: expiresAt?.toISOString() ?? null };
}

export async function listApiClients(orm: MikroORM, companyId: string): Promise<ApiClientSummary[]> {
  const em = companyEm(orm, companyId);
  await requireCompany(em, companyId);
  const clients = await em.find(ApiClient, {}, { orderBy: { id: 'asc' } });
  return clients.map((client) => ({
    client_id: client.id,
    name: client.name,
    scopes: client.scopes,
    expires_at: client.expiresAt?.toISOString() ?? null,
    revoked: client.revokedAt !== null && client.revokedAt !== undefined,
  }));
}

/** What the console lists of a client. */
export interface ApiClientDetails {
  id: string;
  name: string;
  description: string | null;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  revoked: boolean;
  /** Until when the secret replaced by the last rotation still works; null once lapsed or when none was kept. */
  previousSecretValidUntil: Date | null;
  /** The client's latest call in the audit log (kept 90 days). */
  lastUsedAt: Date | null;
}

/** The company's clients (or those of `ids`), oldest first, with when each was last used. */
export async function apiClientDetails(db: Db, companyId: string, now: Date, ids?: readonly string[]): Promise<ApiClientDetails[]> {
  const em = companyEm(db, companyId);
  const clients = await em.find(ApiClient, ids ? { id: { $in: [...ids] } } : {}, { orderBy: { id: 'asc' } });
  if (!clients.length) return [];
  const lastUsed = await lastCalls(em, companyId, clients.map((c) => c.id));
  return clients.map((client) => ({
    id: client.id,
    name: client.name,
    description: client.description ?? null,
    scopes: client.scopes,
    createdAt: client.createdAt,
    expiresAt: client.expiresAt ?? null,
    revoked: !!client.revokedAt,
    previousSecretValidUntil: client.previousSecretExpiresAt && client.previousSecretExpiresAt > now ? client.previousSecretExpiresAt : null,
    lastUsedAt: lastUsed.get(client.id) ?? null,
  }));
}

/** A client by id; of `companyId` only when given (the console), of any company otherwise (the admin CLI). */
async function findClient(orm: Db, clientId: string, companyId?: string) {
  const em = companyId ? companyEm(orm, companyId) : unscopedEm(orm);
  const client = await em.findOne(ApiClient, { id: clientId });
  if (!client) throw unknownClient(clientId);
  return { em, client };
}

/** Replaces the client's scopes; the secret stays, and the next token carries the new scopes. */
export async function setClientScopes(orm: Db, clientId: string, scopesText: string, companyId?: string): Promise<{ client_id: string; scopes: Scope[] }> {
  const scopes = requiredScopes(scopesText);
  const { em, client } = await findClient(orm, clientId, companyId);
  client.scopes = scopes;
  await em.flush();
  await announceAccessChange(em, client.id);
  return { client_id: client.id, scopes };
}

/**
 * Issues a new secret. The replaced one keeps working for `graceHours` after `now`, so running
 * integrations can be switched over; a secret replaced earlier stops working at once. Tokens issued before
 * the rotation stop working at once (a lost secret may have made them): the next token request gets a new one.
 */
export async function rotateClientSecret(
  orm: Db,
  serverKey: Buffer,
  clientId: string,
  now: Date,
  graceHours: number,
  companyId?: string,
): Promise<{ client_id: string; client_secret: string }> {
  const { em, client } = await findClient(orm, clientId, companyId);
  if (client.revokedAt) throw new InvalidInput('client', `client "${clientId}" is revoked; create a new one`);
  const secret = newSecret();
  client.previousSecretHash = graceHours > 0 ? client.secretHash : null;
  client.previousSecretExpiresAt = graceHours > 0 ? new Date(now.getTime() + graceHours * HOUR_MS) : null;
  client.secretHash = hashSecret(serverKey, secret);
  client.tokensNotBefore = now;
  await em.flush();
  await announceAccessChange(em, client.id);
  return { client_id: client.id, client_secret: secret };
}

/** Revoked clients cannot obtain tokens any more; revoking twice keeps the first time. */
export async function revokeApiClient(orm: Db, clientId: string, now: Date, companyId?: string): Promise<{ client_id: string; revoked: true }> {
  const { em, client } = await findClient(orm, clientId, companyId);
  client.revokedAt ??= now;
  await em.flush();
  await announceAccessChange(em, client.id);
  return { client_id: client.id, revoked: true };
}

/**
 * The client when `secret` is its current secret, or its previous one within the rotation grace period;
 * null when the id is unknown, the secret wrong, or the client revoked or expired. The caller cannot tell
 * these apart, by the answer or by how long it took.
 */
export async function verifyClientCredentials(
  orm: MikroORM,
  serverKey: Buffer,
  clientId: string,
  secret: string,
  now: Date,
): Promise<VerifiedClient | null> {
  const client = await unscopedEm(orm).findOne(ApiClient, { id: clientId });
  if (!client) {
    secretMatches(serverKey, secret, NO_CLIENT_HASH);
    return null;
  }
  const current = secretMatches(serverKey, secret, client.secretHash);
  const previous =
    secretMatches(serverKey, secret, client.previousSecretHash) &&
    !!client.previousSecretExpiresAt &&
    client.previousSecretExpiresAt.getTime() > now.getTime();
  if (!(current || previous)) return null;
  if (client.revokedAt) return null;
  if (client.expiresAt && client.expiresAt.getTime() <= now.getTime()) return null;
  return verified(client);
}

function verified(client: IApiClient): VerifiedClient {
  return { id: client.id, companyId: client.company.id, name: client.name, scopes: client.scopes, expiresAt: client.expiresAt ?? null };
}

function requiredScopes(text: string): Scope[] {
  const { scopes, unknown } = parseScopes(text);
  if (unknown.length) throw new InvalidInput('scopes', `unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  if (!scopes.length) throw new InvalidInput('scopes', 'at least one scope is required');
  return scopes;
}

function unknownClient(clientId: string): InvalidInput {
  return new InvalidInput('client', `no API client with id "${clientId}"`);
}
