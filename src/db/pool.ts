/**
 * The PostgreSQL pool as a failover leaves it: connections that died are discarded, new ones are tried
 * with backoff while the database is away (callers get `Unavailable` at once meanwhile), acquisition and
 * statements time out, so every query settles within DB_ACQUIRE_TIMEOUT_MS + DB_STATEMENT_TIMEOUT_MS
 * and the pool fills again by itself within seconds of the database being back.
 */
import type { Configuration } from '@mikro-orm/core';
import { PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { BrokenCircuitError, circuitBreaker, ConsecutiveBreaker, ExponentialBackoff, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import type { DatabaseConnection, Driver, PostgresDialect, TransactionSettings } from 'kysely';
import type { PoolConfig } from 'pg';

export interface ConnectionLimits {
  acquireTimeoutMs: number;
  /** 0: statements may run for ever. */
  statementTimeoutMs: number;
}

/** What a caller is told while the database is away: retry after this many seconds. */
export const RETRY_AFTER_SECONDS = 2;

/** The first retry of a failed connect waits this long, each next one twice as long, up to the most. */
const RECONNECT_BACKOFF = { initialDelay: 100, maxDelay: 2_000 };

/** pg-pool's message when a caller waited DB_ACQUIRE_TIMEOUT_MS for a busy pool: load, not a dead database. */
const POOL_BUSY = 'timeout exceeded when trying to connect';

/**
 * SQLSTATEs and socket errors that mean the database or the connection to it went away (or a statement
 * ran past its time), rather than that the statement was wrong: operator intervention (57P*), statement
 * timeout or cancel (57014), too many connections (53300), connection exceptions (08*).
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/** node-postgres reports a lost connection by message only. */
const CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/;

/** A failure to acquire a connection, marked so that it is recognised after MikroORM wraps it. */
class AcquireFailed extends Error {
  readonly code = 'DB_ACQUIRE_FAILED';
}

/** True when the error says the database cannot be reached or did not answer in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && (code === 'DB_ACQUIRE_FAILED' || UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return CONNECTION_LOST.test(error.message) || error.message.startsWith(POOL_BUSY);
}

/** node-postgres options beside the pool's size and idle timeout; statement_timeout is enforced by the server. */
export function connectionOptions(limits: ConnectionLimits): PoolConfig {
  return {
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    ...(limits.statementTimeoutMs > 0 && { statement_timeout: limits.statementTimeoutMs }),
    // A database host that vanished without closing its sockets is noticed rather than waited on.
    keepAlive: true,
  };
}

/**
 * Kysely's controlled transactions give their connection back to the pool only after BEGIN, COMMIT or
 * ROLLBACK succeeds (kysely#1990): on a connection the server has terminated, ROLLBACK fails too and the
 * connection stays checked out for ever, until no connection is left and every caller waits. Here a
 * failed BEGIN hands its connection back, and a ROLLBACK on a lost connection counts as done (the server
 * rolled the transaction back when the session ended), so Kysely releases it and the pool discards it.
 * Acquisition goes through a circuit breaker: after a failed connect, callers are refused at once and one
 * of them tries again after a backoff.
 */
class ResilientDriver implements Driver {
  readonly #driver: Driver;
  readonly #connects: CircuitBreakerPolicy;

  constructor(driver: Driver, connects: CircuitBreakerPolicy) {
    this.#driver = driver;
    this.#connects = connects;
  }

  init(): Promise<void> {
    return this.#driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    try {
      return await this.#connects.execute(() => this.#driver.acquireConnection());
    } catch (error) {
      const reason = error instanceof BrokenCircuitError ? 'the database was unreachable moments ago' : (error as Error).message;
      throw new AcquireFailed(`No database connection: ${reason}`, { cause: error });
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    try {
      await this.#driver.beginTransaction(connection, settings);
    } catch (error) {
      await this.#driver.releaseConnection(connection);
      throw error;
    }
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#driver.commitTransaction(connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#driver.rollbackTransaction(connection);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
    }
  }

  savepoint: Driver['savepoint'] = (connection, name, compile) => this.#driver.savepoint!(connection, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) => this.#driver.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) => this.#driver.releaseSavepoint!(connection, name, compile);

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#driver.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.#driver.destroy();
  }
}

class ResilientConnection extends PostgreSqlConnection {
  override createKyselyDialect(overrides: PoolConfig): PostgresDialect {
    const dialect = super.createKyselyDialect(overrides);
    const connects = circuitBreaker(
      handleWhen((error) => !(error instanceof Error && error.message.startsWith(POOL_BUSY))),
      { halfOpenAfter: new ExponentialBackoff(RECONNECT_BACKOFF), breaker: new ConsecutiveBreaker(1) },
    );
    const createDriver = dialect.createDriver.bind(dialect);
    dialect.createDriver = () => new ResilientDriver(createDriver(), connects);
    return dialect;
  }
}

/** MikroORM's PostgreSQL driver on the resilient connection. */
export class ResilientPostgreSqlDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    (this as unknown as { connection: PostgreSqlConnection }).connection = new ResilientConnection(this.config);
  }
}
