/**
 * Steps 5 to 8 of a write: execute, commit, invalidate, audit. The pipeline opens the write's transaction on
 * an entity manager of the caller's company and hands it to the work (the operation, and for an idempotent
 * request its claim and stored answer: src/pipeline/idempotency.ts). What the work changed, its outbox rows,
 * the cache versions of the types its committed mutations invalidate and the call's audit entry then commit
 * together, in that one transaction. Only after the commit does this instance take the new versions and forget
 * what it knew of a credential the work changed (other instances hear of both from PostgreSQL at the same
 * commit), and only then does the answer leave.
 *
 * A document commits all or nothing (`allOrNothing`): an error anywhere in its answer rolls back every write
 * it made, and the answer and audit entry say so. An answer of 500 or more (the database went away, say)
 * rolls everything back; its audit entry is then written on its own (step 8 of src/pipeline/run.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { raiseCacheVersions } from '../db/cache-versions.ts';
import { TransactionRunner } from '../db/reads.ts';
import { releaseSavepoint, rollbackToSavepoint, savepoint, setTransactionStatementTimeout } from '../db/transactions.ts';
import { companyEm } from '../db/scope.ts';
import { Touched, touching } from '../db/touched.ts';
import type { Call } from './call.ts';
import type { Pipeline } from './index.ts';
import { auditEntry } from './run.ts';

/** What a write's work hands back: its answer's status, the types its committed work changed, and its value. */
export interface WriteOutcome<T> {
  status: number;
  changed: readonly string[];
  value: T;
}

/** The write's transaction, as its work sees it. */
export interface WriteTransaction {
  em: EntityManager;
  /** Statements in the transaction, outside any entity. */
  runner: TransactionRunner;
  /**
   * Runs a document so that it commits all or nothing: when `failed` says its answer carries an error,
   * everything it wrote is rolled back (to a savepoint taken before it) while the transaction goes on, so
   * what came before it (an idempotency claim) and after it (the kept answer, the audit entry) still commit.
   */
  allOrNothing<T>(work: () => Promise<T>, failed: (value: T) => boolean): Promise<{ value: T; undone: boolean }>;
}

export async function inWriteTransaction<T>(pipeline: Pipeline, call: Call, work: (tx: WriteTransaction) => Promise<WriteOutcome<T>>): Promise<T> {
  const companyId = call.caller!.companyId;
  const turn = await pipeline.fairShare.write(companyId);
  try {
    return await inTransaction(pipeline, call, companyId, work);
  } finally {
    turn();
  }
}

async function inTransaction<T>(pipeline: Pipeline, call: Call, companyId: string, work: (tx: WriteTransaction) => Promise<WriteOutcome<T>>): Promise<T> {
  const em = companyEm(pipeline.services.orm, companyId);
  await em.begin();
  const runner = new TransactionRunner(em, pipeline.reads);
  const touched = new Touched();
  const allOrNothing = async <V>(document: () => Promise<V>, failed: (value: V) => boolean) => {
    await savepoint(runner, 'document');
    const forget = touched.mark();
    const value = await document();
    const undone = failed(value);
    if (undone) {
      forget();
      // Nothing the document left in the identity map may be flushed at the commit after its rollback.
      em.clear();
    }
    await (undone ? rollbackToSavepoint : releaseSavepoint)(runner, 'document');
    return { value, undone };
  };
  let outcome: WriteOutcome<T>;
  try {
    // A write's statements may take longer than a read's (the connection's default: DB_READ_STATEMENT_TIMEOUT_MS).
    await setTransactionStatementTimeout(runner, pipeline.services.config.DB_STATEMENT_TIMEOUT_MS);
    outcome = await touching(touched, () => work({ em, runner, allOrNothing }));
    if (outcome.status >= 500) {
      await em.rollback();
      return outcome.value;
    }
    const versions = await raiseCacheVersions(runner, companyId, outcome.changed);
    call.targets = touched.ids;
    await pipeline.audit.recordIn(runner, auditEntry(pipeline, call, outcome.status));
    await em.commit();
    call.audited = true;
    pipeline.versions.apply(companyId, versions);
    // A credential it changed (revoked, rotated, new scopes) is read again here before the answer leaves; other
    // instances hear of it from PostgreSQL (src/db/notices.ts).
    for (const id of call.targets) pipeline.callers.forget(id);
  } catch (error) {
    await em.rollback().catch(() => {});
    throw error;
  }
  return outcome.value;
}
