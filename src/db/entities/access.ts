/** Tenants and the credentials that open the REST surfaces to them. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const CURRENCIES = ['GBP', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const Company = defineEntity({
  name: 'Company',
  properties: {
    id: p.string().primary(),
    name: p.string(),
    timezone: p.string(),
    currency: p.enum([...CURRENCIES]),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ICompany = InferEntity<typeof Company>;

/** An M2M API client (document 1, section 1). The secret is kept only as an HMAC under the server key. */
export const ApiClient = defineEntity({
  name: 'ApiClient',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    name: p.string(),
    description: p.text().nullable(),
    scopes: p.array().columnType('text[]'),
    secretHash: p.string(),
    /** The secret replaced by the last rotation keeps working until `previousSecretExpiresAt`. */
    previousSecretHash: p.string().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    /** Tokens issued before this are refused: the last rotation of the secret. */
    tokensNotBefore: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  primaryKeys: ['id', 'company'],
});
export type IApiClient = InferEntity<typeof ApiClient>;

/** A v1 API key (document 2, section 5); `id` is the public `apiKey`. */
export const V1ApiKey = defineEntity({
  name: 'V1ApiKey',
  tableName: 'v1_api_key',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company).primary(),
    name: p.string(),
    secretHash: p.string(),
    /** The secret a rotation replaced, accepted until `previousSecretExpiresAt`. */
    previousSecretHash: p.string().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    /** Tokens issued before this instant are refused (a rotation). */
    tokensNotBefore: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  primaryKeys: ['id', 'company'],
});
export type IV1ApiKey = InferEntity<typeof V1ApiKey>;

export const CONSOLE_ROLES = ['owner', 'admin', 'staff'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

/**
 * A person who signs in to the admin console of one company. The email is unique across companies: a
 * sign-in gives only email and password. The password is kept only as a scrypt hash (src/domain/passwords.ts).
 */
export const ConsoleUser = defineEntity({
  name: 'ConsoleUser',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company),
    /** Lower case. */
    email: p.string().unique(),
    role: p.enum([...CONSOLE_ROLES]),
    passwordHash: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSignInAt: p.datetime().nullable(),
    /** A digest of the address and user agent of the last successful sign-in (src/pipeline/failed-logins.ts). */
    lastSignInDevice: p.string().nullable(),
  },
});
export type IConsoleUser = InferEntity<typeof ConsoleUser>;

/**
 * A console sign-in. The primary key is the SHA-256 of the cookie's token, so a read of this table does not
 * give anyone a session. It ends when idle too long, at its absolute limit, at sign-out, or with its user.
 */
export const ConsoleSession = defineEntity({
  name: 'ConsoleSession',
  properties: {
    tokenHash: p.string().primary(),
    user: () => p.manyToOne(ConsoleUser).deleteRule('cascade').index(),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
  },
  indexes: [{ properties: ['lastSeenAt'] }],
});
export type IConsoleSession = InferEntity<typeof ConsoleSession>;
