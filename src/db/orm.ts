/**
 * The MikroORM instance: entities, the company filter that every scoped query must satisfy,
 * and the committed migrations (applied at start; the schema is never synchronised at run time).
 */
import { MikroORM, UnderscoreNamingStrategy, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Config } from '../config.ts';
import { companyScoped, entities } from './entities/index.ts';
import { declareLiveTrigger } from './live-changes.ts';
import { installJobQueue } from './job-queue.ts';
import { migrationsList } from './migrations/index.ts';
import { connectionOptions, ResilientPostgreSqlDriver } from './pool.ts';
import { touchedSubscriber } from './touched.ts';

/** `base100Price` -> `base100_price`: the default strategy would glue a digit to the next word. */
class ColumnNaming extends UnderscoreNamingStrategy {
  override propertyToColumnName(name: string): string {
    return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  }
}

/** The company filter parameter that lifts the filter, for the few cross-company paths (src/db/scope.ts). */
export const ALL_COMPANIES = '*';

export interface OrmOptions {
  url: string;
  /** Called with each SQL statement; tests count statements with it. */
  onQuery?: (sql: string) => void;
  poolMax?: number;
  /** How long a caller waits for a connection (a free one, or a new one being opened). */
  acquireTimeoutMs?: number;
  /** 0: none (the admin CLI, whose imports may run long). */
  statementTimeoutMs?: number;
  /** An unused connection is closed after this long. */
  idleTimeoutMs?: number;
  debug?: boolean;
}

/**
 * The server's pool settings from the configuration. A connection's statements run under the reads' timeout;
 * a write's transaction raises it for itself (src/pipeline/commit.ts).
 */
export function poolSettings(config: Pick<Config, 'DB_POOL_MAX' | 'DB_ACQUIRE_TIMEOUT_MS' | 'DB_READ_STATEMENT_TIMEOUT_MS' | 'DB_IDLE_TIMEOUT_MS'>) {
  return {
    poolMax: config.DB_POOL_MAX,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DB_READ_STATEMENT_TIMEOUT_MS,
    idleTimeoutMs: config.DB_IDLE_TIMEOUT_MS,
  } satisfies Partial<OrmOptions>;
}

export function ormConfig({ url, onQuery, poolMax = 10, acquireTimeoutMs = 5_000, statementTimeoutMs = 0, idleTimeoutMs = 10_000, debug = false }: OrmOptions): Options {
  return {
    clientUrl: url,
    driver: ResilientPostgreSqlDriver,
    driverOptions: connectionOptions({ acquireTimeoutMs, statementTimeoutMs }),
    entities,
    namingStrategy: ColumnNaming,
    extensions: [Migrator],
    subscribers: [touchedSubscriber],
    // The tables of live changes carry their trigger in the schema the entities describe (src/db/live-changes.ts).
    discovery: { onMetadata: declareLiveTrigger },
    pool: { min: 0, max: poolMax, idleTimeoutMillis: idleTimeoutMs },
    debug,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    // Every row carries its company, so relations need no join to apply the company filter.
    autoJoinRefsForFilters: false,
    ...(onQuery && {
      onQuery: (sql: string) => {
        onQuery(sql);
        return sql;
      },
    }),
    filters: {
      /**
       * Tenancy by construction: every query of a company-scoped entity needs `{ company: { id } }`
       * among the filter parameters, or the ORM refuses to run it.
       */
      company: {
        cond: (args: { id: string }) => (args.id === ALL_COMPANIES ? {} : { company: args.id }),
        entity: companyScoped,
        default: true,
        args: true,
      },
    },
    // graphile-worker's schema is its own (src/db/job-queue.ts), outside the entities.
    schemaGenerator: { ignoreSchema: ['graphile_worker'] },
    migrations: {
      migrationsList,
      path: 'src/db/migrations',
      pathTs: 'src/db/migrations',
      emit: 'ts',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
  };
}

export async function openOrm(options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init(ormConfig(options));
}

/** The job queue's schema first (src/db/job-queue.ts): the app's triggers enqueue into it. */
export async function migrate(orm: MikroORM): Promise<void> {
  await installJobQueue(orm);
  await orm.migrator.up();
}
