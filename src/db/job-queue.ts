/**
 * The job queue's place in the database: graphile-worker's schema (`graphile_worker`, its own versioned
 * migrations, installed under an advisory lock so that instances starting together install it once), and
 * the statements the runner (src/jobs.ts) makes besides graphile-worker's own.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { Logger, runMigrations } from 'graphile-worker';
import pg, { type Pool } from 'pg';
import { db, sql, statement } from './query.ts';
import { queryOn } from './reads.ts';

/** graphile-worker's migrations say nothing worth logging. */
const silentLogger = new Logger(() => () => {});

/** The connection pool the ORM uses, for statements that are no entity's work. */
export async function ormPool(orm: MikroORM): Promise<Pool> {
  return (await orm.em.getConnection().getNativeClient());
}

/**
 * Installs or upgrades graphile-worker's schema. It runs before the app's migrations (src/db/orm.ts
 * `migrate()`), whose triggers enqueue webhook deliveries with `graphile_worker.add_jobs`.
 */
export async function installJobQueue(orm: MikroORM): Promise<void> {
  await runMigrations({ pgPool: await ormPool(orm), logger: silentLogger });
}

/** A pool of its own for the queue's runner: its LISTEN connection and job fetches never wait behind requests. */
export async function jobQueuePool(orm: MikroORM, max: number): Promise<Pool> {
  const options = (await ormPool(orm)).options;
  return new pg.Pool({ ...options, connectionString: orm.config.get('clientUrl'), min: 0, max });
}

/**
 * Records the heartbeat of the worker pool `poolId` and releases the jobs and named queues locked for
 * `deadAfterMs` by pools without a heartbeat that recent (their process was killed), waking every worker to
 * take them. graphile-worker keeps its locks in its private tables; `force_unlock_workers` is its own way to
 * release a dead worker's. Returns how many dead pools it released.
 */
export async function beat(pool: Pool, poolId: string, deadAfterMs: number): Promise<number> {
  const { rows } = await queryOn(pool, BEAT, { poolId, deadAfterMs });
  const dead = rows[0]?.dead;
  if (!dead?.length) return 0;
  await queryOn(pool, UNLOCK, { dead });
  return dead.length;
}

/** graphile-worker's tables are its own, not declared in src/db/schema.ts: the statements name them in the `sql` tag. */
const BEAT = statement('jobQueue.beat', (p: { poolId: string; deadAfterMs: number }) => {
  const deadline = sql`now() - make_interval(secs => ${p.deadAfterMs}::float8 / 1000)`;
  return sql<{ dead: string[] | null }>`with beat as (
       insert into job_worker (id, heartbeat_at) values (${p.poolId}, now()) on conflict (id) do update set heartbeat_at = now()
     ), gone as (
       delete from job_worker where id <> ${p.poolId} and heartbeat_at < ${deadline}
     )
     select array_agg(distinct held.locked_by) as dead
       from (select locked_by, locked_at from graphile_worker._private_jobs where locked_by is not null
             union all
             select locked_by, locked_at from graphile_worker._private_job_queues where locked_by is not null) held
      where held.locked_by <> ${p.poolId}
        and held.locked_at < ${deadline}
        and not exists (select 1 from job_worker w where w.id = held.locked_by and w.heartbeat_at >= ${deadline})`;
});

const UNLOCK = statement('jobQueue.unlock', (p: { dead: readonly string[] }) =>
  sql<Record<string, unknown>>`select graphile_worker.force_unlock_workers(${p.dead}::text[]), pg_notify('jobs:insert', json_build_object('r', random(), 'count', 100)::text)`,
);

const FORGET = statement('jobQueue.forget', (p: { poolId: string }) => db.deleteFrom('job_worker').where('id', '=', p.poolId));

/** Forgets the heartbeat of a pool that stopped cleanly (it released its jobs). */
export async function forgetWorker(pool: Pool, poolId: string): Promise<void> {
  await queryOn(pool, FORGET, { poolId });
}

/**
 * Adds (or moves to `runAt`) the one job of `task` keyed `key`; a job of that key that is running is left
 * to finish and a new one added.
 */
export async function scheduleKeyed(pool: Pool, task: string, key: string, runAt: Date): Promise<void> {
  await queryOn(pool, SCHEDULE_KEYED, { task, key, runAt });
}

const SCHEDULE_KEYED = statement('jobQueue.scheduleKeyed', (p: { task: string; key: string; runAt: Date }) =>
  sql<Record<string, unknown>>`select graphile_worker.add_job(${p.task}, '{}'::json, job_key => ${p.key}, run_at => ${p.runAt}, max_attempts => 32767)`,
);
