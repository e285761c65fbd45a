/**
 * Configuration from the environment (docs/operations.md, "Configuration"), validated once at start:
 * a bad value stops the process with a message naming the variable.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(min).max(max));

/** Express's `trust proxy`: true, false, a number of hops, or addresses, subnets and the names Express knows. */
const trustProxy = z
  .string()
  .refine(
    (value) => /^(true|false|\d+)$/.test(value) || value.split(',').every((entry) => {
      const [address, prefix, ...rest] = entry.trim().split('/');
      return ['loopback', 'linklocal', 'uniquelocal'].includes(address!) || (isIP(address!) !== 0 && !rest.length && (prefix === undefined || /^\d{1,3}$/.test(prefix)));
    }),
    'must be true, false, a number of proxies, or a comma-separated list of addresses or subnets (10.0.0.0/8, loopback)',
  )
  .transform((value): boolean | number | string => (value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value));

/** `*`, or an origin as a browser sends it: scheme, host and port, no path. */
function isOrigin(text: string): boolean {
  if (text === '*') return true;
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

const schema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Prefix of this deployment's Redis keys; by default derived from the database's address. */
  REDIS_NAMESPACE: z.string().regex(/^[A-Za-z0-9:_.-]{1,100}$/, 'must be letters, digits and : _ . - (at most 100)').optional(),
  /** A Redis that has not answered for this long is taken as away: in-process fallbacks take over. */
  REDIS_COMMAND_TIMEOUT_MS: int(1, 60_000).default(500),
  M2M_BASE_PATH: z.string().regex(/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/, 'must be a path such as /m2m').default('/m2m'),
  M2M_RATE_PER_MINUTE: int(1).default(20),
  M2M_MAX_CONCURRENT: int(1).default(10),
  M2M_DAILY_QUOTA: int(1).default(10_000),
  V1_RATE_PER_MINUTE: int(1).default(100),
  /** Per source address: /graphql requests without a token (Apollo Sandbox polls about 40 a minute at its peak). */
  ANONYMOUS_RATE_PER_MINUTE: int(1).default(300),
  /** Per source address, each token endpoint: requests for a token, right or wrong. */
  TOKEN_RATE_PER_MINUTE: int(1).default(60),
  /** The longest a caller that keeps sending after a 429 waits for each further refusal (src/pipeline/refusal-pacing.ts); 0 answers every refusal at once. */
  REFUSAL_PACE_MAX_MS: int(0, 60_000).default(1000),
  TRUST_PROXY: trustProxy.default(false),
  CACHE_TTL_SECONDS: int(0).default(300),
  /** Appointments start at least this many minutes after they are booked; availability shows earlier slots taken. */
  MIN_BOOKING_NOTICE_MINUTES: int(0, 525_600).default(0),
  /** A walk-in (bookAppointment's `walkIn`, the console's default) may have started up to this many hours ago. */
  WALK_IN_WINDOW_HOURS: int(0, 72).default(12),
  WEBHOOK_RETRY_DELAYS: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?){2}$/, 'must be three comma-separated numbers of seconds, such as 10,60,300')
    .transform((v) => v.split(',').map(Number))
    .default([10, 60, 300]),
  WEBHOOK_ALLOW_INSECURE_TARGETS: bool.default(false),
  /** How long a receiver has to answer (document 2: 10 seconds); tests shorten it. */
  WEBHOOK_TIMEOUT_MS: int(1, 600_000).default(10_000),
  /** Jobs (webhook attempts, above all) one instance runs at the same time: its job queue workers (src/jobs.ts). */
  WEBHOOK_CONCURRENCY: int(1, 1000).default(16),
  /** Whether this instance runs background jobs (deliveries, renewals, retention); false serves requests only. */
  JOBS: bool.default(true),
  /** How often an idle job worker looks for jobs that fell due; new jobs wake it at once (LISTEN/NOTIFY). */
  JOB_POLL_MS: int(10, 2_147_483_647).default(2_000),
  /**
   * Database connections of this instance's job queue: one LISTENs, the rest carry its short statements (take a
   * job, record its end, the heartbeat). A worker holds none while its job runs, so a few serve any concurrency.
   */
  JOB_POOL_MAX: int(2, 100).default(4),
  /** A job worker pool without a heartbeat for this long is taken for dead, and its jobs run again elsewhere. */
  JOB_WORKER_DEAD_MS: int(500, 3_600_000).default(5_000),
  /** After a secret rotation, hours during which the previous secret also signs (`webhook-signature`). */
  WEBHOOK_SECRET_OVERLAP_HOURS: int(0, 24 * 30).default(24),
  /** Settled webhook events, their jobs and delivery attempts are deleted after this many days. */
  WEBHOOK_RETENTION_DAYS: int(1, 36_500).default(30),
  /** PEM certificates trusted for webhook receivers in addition to the system's (private CAs, tests). */
  WEBHOOK_CA_FILE: z.string().min(1).optional(),
  /** How often a renewal round (on one instance of the cluster) looks for mandates with a renewal, a suspension or an end due. */
  SUBSCRIPTION_POLL_MS: int(1, 2_147_483_647).default(60_000),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  CLIENT_SECRET_GRACE_HOURS: int(0).default(24),
  SHUTDOWN_TIMEOUT_MS: int(0).default(10_000),
  /**
   * How long an idle kept-alive connection stays open. Longer than a load balancer's own idle timeout (60 s on
   * most), so the balancer, not the service, closes it: never a request sent on a connection just closed.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: int(1_000, 3_600_000).default(72_000),
  DB_POOL_MAX: int(1, 1000).default(10),
  /** How long a request waits for a database connection before it is answered 503. */
  DB_ACQUIRE_TIMEOUT_MS: int(1, 600_000).default(5_000),
  /** The longest one SQL statement of a write's transaction may run (0: no limit). */
  DB_STATEMENT_TIMEOUT_MS: int(0, 2_147_483_647).default(15_000),
  /** The longest one SQL statement outside a write may run (reads, workers' polls; 0: no limit): a bad plan costs seconds, not the pool. */
  DB_READ_STATEMENT_TIMEOUT_MS: int(0, 2_147_483_647).default(5_000),
  /** Statements and write transactions one company may have in flight on an instance (default: half of DB_POOL_MAX, at least 1). */
  DB_COMPANY_SHARE: int(1, 1000).optional(),
  DB_IDLE_TIMEOUT_MS: int(1, 2_147_483_647).default(10_000),
  /** Serve /metrics on this port only (0: any free port), not on PORT. */
  METRICS_PORT: int(0, 65535).optional(),
  /** /metrics needs `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  GRAPHQL_MAX_DEPTH: int(1).default(12),
  GRAPHQL_MAX_ALIASES: int(0).default(50),
  GRAPHQL_MAX_COST: int(1).default(25_000),
  /** Origins whose pages may call the API surfaces from a browser: `https://studio.example,https://book.example`, or `*`. */
  CORS_ORIGINS: z
    .string()
    .refine((text) => text.split(',').every((entry) => isOrigin(entry.trim())), 'must be * or origins such as https://studio.example, comma-separated')
    .optional(),
  /**
   * What a client's GraphQL documents may cost together in a minute (src/pipeline/analysis.ts `operationCost`):
   * at least GRAPHQL_MAX_COST; by default 100,000, or four of the costliest documents when that is more.
   */
  GRAPHQL_POINTS_PER_MINUTE: int(1).optional(),
  /** What all the API clients of one company may spend together in a minute, on top of each client's budget (default: GRAPHQL_POINTS_PER_MINUTE). */
  GRAPHQL_COMPANY_POINTS_PER_MINUTE: int(1).optional(),
  /**
   * What one console user's documents may cost together in a minute, a budget apart from the API clients'. By
   * default four times GRAPHQL_POINTS_PER_MINUTE: a person at the desk opens a page every second or two, and
   * the desk's pages (Today, a customer's profile, a search) cost 3,000 to 12,000 points each.
   */
  CONSOLE_POINTS_PER_MINUTE: int(1).optional(),
  /**
   * `true`: the subgraph SDL (`_service { sdl }`) carries Federation's `@authenticated` and `@requiresScopes`, for
   * a router that enforces them; `false`: it leaves them out, for gateways that refuse them (`@apollo/gateway`).
   * The subgraph checks every scope itself either way.
   */
  GRAPHQL_FEDERATION_AUTHORIZATION: bool.default(false),
  GRAPHQL_INTROSPECTION: bool.optional(),
  /** Lexical tokens a GraphQL document may have: longer ones are refused while parsing. */
  GRAPHQL_MAX_TOKENS: int(1).default(5_000),
  /** Live changes (GraphQL subscriptions over WebSocket, docs/graphql.md): WebSocket connections one API client or console user may hold open on an instance. */
  LIVE_MAX_CONNECTIONS_PER_CLIENT: int(1, 10_000).default(10),
  /** Subscriptions one API client or console user may hold on an instance, over all its connections. */
  LIVE_MAX_SUBSCRIPTIONS_PER_CLIENT: int(1, 100_000).default(50),
  /** How often a console user's live connections check that the session is still live and the role unchanged. */
  LIVE_SESSION_CHECK_SECONDS: int(1, 3_600).default(10),
  /** `true`: each group of audit entries waits for PostgreSQL to flush it to disk before responses leave (src/pipeline/audit.ts). */
  AUDIT_SYNCHRONOUS_COMMIT: bool.default(false),
  /** A console session unused for this long ends. */
  CONSOLE_SESSION_IDLE_MINUTES: int(1, 24 * 60).default(30),
  /** A console session ends this long after its sign-in, however busy. */
  CONSOLE_SESSION_MAX_HOURS: int(1, 24 * 30).default(12),
  /** The built admin console (`vite build` output) served at /admin. */
  CONSOLE_DIR: z.string().min(1).default(fileURLToPath(new URL('../console/dist', import.meta.url))),
});

export type Config = Omit<z.infer<typeof schema>, 'DATA_DIR' | 'GRAPHQL_INTROSPECTION' | 'GRAPHQL_POINTS_PER_MINUTE' | 'GRAPHQL_COMPANY_POINTS_PER_MINUTE' | 'CONSOLE_POINTS_PER_MINUTE'> & {
  GRAPHQL_POINTS_PER_MINUTE: number;
  GRAPHQL_COMPANY_POINTS_PER_MINUTE: number;
  CONSOLE_POINTS_PER_MINUTE: number;
  DATA_DIR: string;
  CONSOLE_DIR: string;
  production: boolean;
  /** Whether TRUST_PROXY was set at all (its default says no proxy is trusted). */
  trustProxyGiven: boolean;
  /** Schema introspection: on outside production unless GRAPHQL_INTROSPECTION says otherwise. */
  GRAPHQL_INTROSPECTION: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const points = parsed.data.GRAPHQL_POINTS_PER_MINUTE ?? Math.max(100_000, 4 * parsed.data.GRAPHQL_MAX_COST);
  const companyPoints = parsed.data.GRAPHQL_COMPANY_POINTS_PER_MINUTE ?? points;
  const consolePoints = parsed.data.CONSOLE_POINTS_PER_MINUTE ?? 4 * points;
  const budgets = { GRAPHQL_POINTS_PER_MINUTE: points, GRAPHQL_COMPANY_POINTS_PER_MINUTE: companyPoints, CONSOLE_POINTS_PER_MINUTE: consolePoints };
  for (const [name, value] of Object.entries(budgets)) {
    if (value < parsed.data.GRAPHQL_MAX_COST) {
      throw new ConfigError(
        `Invalid configuration: ${name}: must be at least GRAPHQL_MAX_COST (${parsed.data.GRAPHQL_MAX_COST}), or a document within the limits could never run`,
      );
    }
  }
  const production = parsed.data.NODE_ENV === 'production';
  return {
    ...parsed.data,
    DATA_DIR: resolve(parsed.data.DATA_DIR),
    CONSOLE_DIR: resolve(parsed.data.CONSOLE_DIR),
    production,
    trustProxyGiven: present.TRUST_PROXY !== undefined,
    GRAPHQL_INTROSPECTION: parsed.data.GRAPHQL_INTROSPECTION ?? !production,
    ...budgets,
  };
}

/**
 * What an operator should know about this configuration, said at start and by /readyz. In production
 * without TRUST_PROXY, every caller behind a load balancer has the balancer's address: the per-address rate
 * limits and sign-in throttles count them all as one.
 */
export function operatorWarnings(config: Pick<Config, 'production' | 'trustProxyGiven'>): string[] {
  const warnings: string[] = [];
  if (config.production && !config.trustProxyGiven) {
    warnings.push(
      'TRUST_PROXY is not set: behind a load balancer or proxy, every caller has its address, so per-address rate limits and console sign-in throttles count all callers as one (set TRUST_PROXY to the proxies, or to false when clients connect directly)',
    );
  }
  return warnings;
}
