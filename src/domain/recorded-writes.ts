/**
 * Writes made outside the HTTP doors (the admin command line, an import) are recorded as the pipeline records
 * a call's write: the cache versions of what they changed are raised, which every instance hears of at the
 * commit (LISTEN/NOTIFY), and an audit entry names the writer (surface `cli` and the operating-system user),
 * the command, its outcome and the records it touched. The write, its versions and its entry commit together:
 * in `inRecordedWrite`'s transaction, or, for an import, which loads a studio on a connection of its own, in the
 * import's transaction (`recordWriteIn`, src/bundles/import.ts `beforeCommit`).
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { raiseCacheVersions } from '../db/cache-versions.ts';
import { PoolRunner, TransactionRunner, type SqlRunner } from '../db/reads.ts';
import { Touched, touching } from '../db/touched.ts';
import { recordAuditIn, type AuditSurface } from './audit-log.ts';

export interface RecordedWrite {
  /** Null when the write named no company that exists (a refused command). */
  companyId: string | null;
  surface: Extract<AuditSurface, 'cli' | 'worker'>;
  /** Who acted: `cli:<operating-system user>`, or the worker's name. */
  actor: string;
  /** The command, as typed: `client create`, `import`. */
  operation: string;
  /** The kind of record it writes: `client`, `webhook`, `import`. */
  resourceType: string;
  /** The read types whose cached answers it may have changed. */
  types: readonly string[];
  targets: readonly string[];
  status: number;
  errorCode?: string | null;
  at: Date;
}

/**
 * Runs a write of the command line as its own unit of work: `work` writes through the entity manager it is
 * given, in one transaction with the versions it raises and its audit entry (`companyOf` tells the company
 * once the work is done: `company create` makes its own). A refusal rolls the work back and is recorded on its
 * own, with its code.
 */
export async function inRecordedWrite<T>(
  orm: MikroORM,
  write: Omit<RecordedWrite, 'companyId' | 'targets' | 'status' | 'errorCode'>,
  companyOf: (result: T) => string | null,
  work: (em: EntityManager) => Promise<T>,
): Promise<T> {
  const touched = new Touched();
  return orm.em.fork().transactional(async (em) => {
    const result = await touching(touched, () => work(em));
    await recordWriteIn(new TransactionRunner(em, new PoolRunner(orm)), { ...write, companyId: companyOf(result), targets: touched.ids, status: 200 });
    return result;
  });
}

/** Records a refused write in a transaction of its own: what it wrote rolled back. */
export async function recordWrite(orm: MikroORM, write: RecordedWrite): Promise<void> {
  await orm.em.fork().transactional((em) => recordWriteIn(new TransactionRunner(em, new PoolRunner(orm)), write));
}

/** Records a write in the transaction `runner` runs in (a write's own, as an import's): the record commits with it. */
export async function recordWriteIn(runner: SqlRunner, write: RecordedWrite): Promise<void> {
  if (write.companyId && write.status < 400) await raiseCacheVersions(runner, write.companyId, write.types);
  await recordAuditIn(runner, {
    companyId: write.companyId,
    client: null,
    surface: write.surface,
    actor: write.actor,
    method: write.surface.toUpperCase(),
    path: `${write.surface === 'cli' ? 'admin ' : ''}${write.operation}`,
    resourceType: write.resourceType,
    operation: write.operation,
    action: 'UPDATE',
    status: write.status,
    errorCode: write.errorCode ?? null,
    targets: write.targets,
    at: write.at,
  });
}
