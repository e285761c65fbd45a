/**
 * `@studio-booking/client`: typed clients of the studio booking service's two REST interfaces. Each holds
 * its credentials, obtains and renews its token, backs off when the service says 429, pages through lists,
 * and (v1) makes creates safe to retry with an `Idempotency-Key`.
 */
import type { components as M2mComponents, paths as M2mPaths } from './schema/m2m.ts';
import type { components as V1Components, paths as V1Paths } from './schema/v1.ts';

export { createM2mClient, type M2mClient, type M2mClientOptions } from './m2m.ts';
export { createV1Client, type V1Client, type V1ClientOptions } from './v1.ts';
export type { ClientOptions } from './options.ts';
export type { RetryNotice, RetryOptions } from './retry.ts';
export type { Timing } from './timing.ts';
export type { Fetch } from './transport.ts';
export { StudioApiError, StudioTokenError } from './errors.ts';

export type { M2mComponents, M2mPaths, V1Components, V1Paths };
/** The M2M resources by name: `M2mSchemas['Customer']`, `M2mSchemas['Transaction']`, ... */
export type M2mSchemas = M2mComponents['schemas'];
/** The v1 resources and request bodies by name: `V1Schemas['Customer']`, `V1Schemas['CustomerCreate']`, ... */
export type V1Schemas = V1Components['schemas'];
