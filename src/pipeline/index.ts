/**
 * The operation pipeline's parts, built once per instance: tokens, the caller directory, rate limits,
 * the read cache and the audit writer. REST routes and /graphql pass through the same ones.
 */
import type { Services } from '../services.ts';
import { AuditWriter } from './audit.ts';
import { ResponseCache } from './cache.ts';
import { CallerDirectory } from './callers.ts';
import { ClientLimits, FailedAttempts } from './limits.ts';
import { openSharedState, type SharedState } from './shared-state.ts';
import { loadSigningKeys, TokenService } from './tokens.ts';

export interface Pipeline {
  tokens: TokenService;
  callers: CallerDirectory;
  limits: { m2m: ClientLimits; v1: ClientLimits };
  failedLogins: { m2m: FailedAttempts; v1: FailedAttempts };
  cache: ResponseCache;
  audit: AuditWriter;
  shared: SharedState;
  /** Flushes the audit log and closes the shared store. */
  close(): Promise<void>;
}

export async function createPipeline(services: Services): Promise<Pipeline> {
  const { config, clock, orm, logger } = services;
  const shared = await openSharedState(config.REDIS_URL);
  const audit = new AuditWriter(orm, logger.child({ component: 'audit' }), clock);
  return {
    tokens: new TokenService(await loadSigningKeys(config.DATA_DIR), clock),
    callers: new CallerDirectory(orm, clock),
    limits: {
      m2m: new ClientLimits(shared, 'm2m', {
        perMinute: config.M2M_RATE_PER_MINUTE,
        maxConcurrent: config.M2M_MAX_CONCURRENT,
        dailyQuota: config.M2M_DAILY_QUOTA,
      }, clock),
      v1: new ClientLimits(shared, 'v1', { perMinute: config.V1_RATE_PER_MINUTE }, clock),
    },
    failedLogins: { m2m: new FailedAttempts(shared, 'm2m'), v1: new FailedAttempts(shared, 'v1') },
    cache: new ResponseCache(shared.keyv, config.CACHE_TTL_SECONDS, clock),
    audit,
    shared,
    close: async () => {
      await audit.close();
      await shared.close();
    },
  };
}
