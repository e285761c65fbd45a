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
    company: () => p.manyToOne(Company),
    name: p.string(),
    description: p.text().nullable(),
    scopes: p.array().columnType('text[]'),
    secretHash: p.string(),
    /** The secret replaced by the last rotation keeps working until `previousSecretExpiresAt`. */
    previousSecretHash: p.string().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IApiClient = InferEntity<typeof ApiClient>;

/** A v1 API key (document 2, section 5); `id` is the public `apiKey`. */
export const V1ApiKey = defineEntity({
  name: 'V1ApiKey',
  tableName: 'v1_api_key',
  properties: {
    id: p.string().primary(),
    company: () => p.manyToOne(Company),
    name: p.string(),
    secretHash: p.string(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IV1ApiKey = InferEntity<typeof V1ApiKey>;
