/**
 * The operation pipeline's parts, built once per instance: tokens, the caller directory, rate limits, the
 * read cache and its versions, the audit writer, the executor, and the contexts operations run in. Every
 * door (the REST routes, /graphql, the token endpoints, the console) passes through the same ones, in the
 * order src/pipeline/run.ts gives.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GraphQLSchema } from 'graphql';
import { PoolRunner, type SqlRunner } from '../db/reads.ts';
import type { Services } from '../services.ts';
import { addressLimits, type AddressLimits } from './anonymous-limits.ts';
import { AuditWriter } from './audit.ts';
import { ResponseCache } from './cache.ts';
import { CacheVersions } from './cache-versions.ts';
import type { Call } from './call.ts';
import { CallerDirectory } from './callers.ts';
import { createContext, type GraphqlContext } from './context.ts';
import { Executor } from './execute.ts';
import { FailedLogins } from './failed-logins.ts';
import { FairShare } from './fair-share.ts';
import { trustOf } from './http.ts';
import { ClientLimits, PointBudget } from './limits.ts';
import { namespaceFor, openSharedState, type SharedState } from './shared-state.ts';
import { Notices } from './notices.ts';
import { RefusalPacing } from './refusal-pacing.ts';
import { loadSigningKeys, TokenService } from './tokens.ts';

export interface Pipeline {
  services: Services;
  tokens: TokenService;
  callers: CallerDirectory;
  /** Per API client or key: the two REST surfaces' documented limits, and GraphQL's budget of points (with its company ceiling); per console user, the console's. */
  limits: { m2m: ClientLimits; v1: ClientLimits; graphql: PointBudget; console: PointBudget };
  /** Per source address: anonymous /graphql requests and token requests. */
  addressLimits: AddressLimits;
  failedLogins: { m2m: FailedLogins; v1: FailedLogins; console: FailedLogins };
  /** How long a caller that keeps sending after a 429 waits for its next refusal. */
  refusalPacing: RefusalPacing;
  cache: ResponseCache;
  versions: CacheVersions;
  audit: AuditWriter;
  executor: Executor;
  shared: SharedState;
  /** Reads straight from the pool, outside any transaction. */
  reads: PoolRunner;
  /** Each company's share of the pool (src/pipeline/fair-share.ts). */
  fairShare: FairShare;
  /** Which proxies name the client's address (TRUST_PROXY). */
  trust: (address: string, hop: number) => boolean;
  /** A fresh context for one operation of a call (in a write's transaction when given its entity manager). */
  context(call: Call, em?: EntityManager): GraphqlContext;
  /** Flushes the audit log, stops listening for notices and closes the shared store. */
  close(): Promise<void>;
}

export async function createPipeline(services: Services, schema: GraphQLSchema): Promise<Pipeline> {
  const { config, clock, orm, logger } = services;
  const databaseUrl = orm.config.get('clientUrl')!;
  const shared = await openSharedState(config.REDIS_URL, namespaceFor(config.REDIS_NAMESPACE, databaseUrl), config.REDIS_COMMAND_TIMEOUT_MS);
  const audit = new AuditWriter(orm, logger.child({ component: 'audit' }), clock, { synchronousCommit: config.AUDIT_SYNCHRONOUS_COMMIT });
  const reads = new PoolRunner(orm);
  const notices = new Notices(databaseUrl, logger.child({ component: 'notices' }));
  const versions = new CacheVersions(reads, notices);
  const callers = new CallerDirectory(orm, clock, notices);
  await notices.listen();
  const fairShare = new FairShare({
    perCompany: config.DB_COMPANY_SHARE ?? Math.max(1, Math.floor(config.DB_POOL_MAX / 2)),
    writes: Math.max(1, Math.floor(config.DB_POOL_MAX / 2)),
    waitMs: config.DB_ACQUIRE_TIMEOUT_MS,
  });
  const company = (companyId: string, runner: SqlRunner) => callers.company(companyId, runner);
  const pool = (companyId: string) => fairShare.runner(companyId, reads);
  let closed: Promise<void> | undefined;
  const pipeline: Pipeline = {
    services,
    tokens: new TokenService(await loadSigningKeys(config.DATA_DIR), clock),
    callers,
    limits: {
      m2m: new ClientLimits(shared, 'm2m', {
        perMinute: config.M2M_RATE_PER_MINUTE,
        maxConcurrent: config.M2M_MAX_CONCURRENT,
        dailyQuota: config.M2M_DAILY_QUOTA,
      }, clock),
      v1: new ClientLimits(shared, 'v1', { perMinute: config.V1_RATE_PER_MINUTE }, clock),
      graphql: new PointBudget(shared, 'graphql', config.GRAPHQL_POINTS_PER_MINUTE, config.GRAPHQL_COMPANY_POINTS_PER_MINUTE),
      console: new PointBudget(shared, 'console', config.CONSOLE_POINTS_PER_MINUTE),
    },
    addressLimits: addressLimits(shared, config, clock),
    failedLogins: { m2m: new FailedLogins(shared, 'm2m'), v1: new FailedLogins(shared, 'v1'), console: new FailedLogins(shared, 'console') },
    refusalPacing: new RefusalPacing(config.REFUSAL_PACE_MAX_MS),
    cache: new ResponseCache(shared.store, versions, config.CACHE_TTL_SECONDS, clock, logger.child({ component: 'cache' })),
    versions,
    audit,
    executor: new Executor(schema, { auditLeaves: config.NODE_ENV === 'test' }),
    shared,
    reads,
    fairShare,
    trust: trustOf(config.TRUST_PROXY),
    context: (call, em) => createContext({ services, call, pool, company, ...(em && { em }) }),
    close: () =>
      (closed ??= (async () => {
        await audit.close();
        await notices.close();
        await shared.close();
      })()),
  };
  return pipeline;
}
