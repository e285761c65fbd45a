/**
 * The operation pipeline's parts, built once per instance: tokens, the caller directory, rate limits,
 * the read cache, the audit writer, and the contexts operations run in. REST routes and /graphql pass
 * through the same ones.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { PoolRunner } from '../db/reads.ts';
import type { Services } from '../services.ts';
import { AuditWriter } from './audit.ts';
import { ResponseCache } from './cache.ts';
import type { Caller } from './caller.ts';
import { CallerDirectory } from './callers.ts';
import { addressLimits, type AddressLimits } from './anonymous-limits.ts';
import { createContext, type GraphqlContext } from './context.ts';
import { FailedLogins } from './failed-logins.ts';
import { ClientLimits } from './limits.ts';
import { namespaceFor, openSharedState, type SharedState } from './shared-state.ts';
import { loadSigningKeys, TokenService } from './tokens.ts';

export interface Pipeline {
  tokens: TokenService;
  callers: CallerDirectory;
  limits: { m2m: ClientLimits; v1: ClientLimits };
  /** Per source address: anonymous /graphql requests and token requests. */
  addressLimits: AddressLimits;
  failedLogins: { m2m: FailedLogins; v1: FailedLogins; console: FailedLogins };
  cache: ResponseCache;
  audit: AuditWriter;
  shared: SharedState;
  /** A fresh context for one operation of `caller` (in `em`'s transaction when given). */
  context(caller: Caller | null, requestId: string, em?: EntityManager): GraphqlContext;
  /** Flushes the audit log and closes the shared store. */
  close(): Promise<void>;
}

export async function createPipeline(services: Services): Promise<Pipeline> {
  const { config, clock, orm, logger } = services;
  const shared = await openSharedState(config.REDIS_URL, namespaceFor(config.REDIS_NAMESPACE, orm.config.get('clientUrl')!), config.REDIS_COMMAND_TIMEOUT_MS);
  const audit = new AuditWriter(orm, logger.child({ component: 'audit' }), clock, { synchronousCommit: config.AUDIT_SYNCHRONOUS_COMMIT });
  const pool = new PoolRunner(orm);
  const callers = new CallerDirectory(orm, clock);
  const company = (companyId: string) => callers.company(companyId);
  return {
    tokens: new TokenService(await loadSigningKeys(config.DATA_DIR), clock),
    callers,
    limits: {
      m2m: new ClientLimits(shared, 'm2m', {
        perMinute: config.M2M_RATE_PER_MINUTE,
        maxConcurrent: config.M2M_MAX_CONCURRENT,
        dailyQuota: config.M2M_DAILY_QUOTA,
      }, clock),
      v1: new ClientLimits(shared, 'v1', { perMinute: config.V1_RATE_PER_MINUTE }, clock),
    },
    addressLimits: addressLimits(shared, config, clock),
    failedLogins: { m2m: new FailedLogins(shared, 'm2m'), v1: new FailedLogins(shared, 'v1'), console: new FailedLogins(shared, 'console') },
    cache: new ResponseCache(shared.keyv, shared.versions, config.CACHE_TTL_SECONDS, clock),
    audit,
    shared,
    context: (caller, requestId, em) => createContext({ services, caller, requestId, pool, company, em }),
    close: async () => {
      await audit.close();
      await shared.close();
    },
  };
}
