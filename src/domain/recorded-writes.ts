/**
 * Writes made outside the HTTP doors (the admin command line, an import) are recorded as the pipeline records
 * a call's write: the cache versions of what they changed are raised, which every instance hears of at the
 * commit (LISTEN/NOTIFY), and an audit entry names the writer (surface `cli` and the operating-system user),
 * the command, its outcome and the records it touched. Both happen in one transaction, so a reader either
 * sees the versions raised with the entry written, or neither.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { raiseCacheVersions } from '../db/cache-versions.ts';
import { PoolRunner, TransactionRunner } from '../db/reads.ts';
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

export async function recordWrite(orm: MikroORM, write: RecordedWrite): Promise<void> {
  const em = orm.em.fork();
  await em.transactional(async (tx) => {
    const runner = new TransactionRunner(tx, new PoolRunner(orm));
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
  });
}

/** The company of an API client (`m2m_…`) or v1 key, for a command that names only the credential. */
export async function companyOfCredential(orm: MikroORM, id: string | undefined): Promise<string | undefined> {
  if (!id) return undefined;
  const rows = await new PoolRunner(orm).rows<{ company_id: string }>(
    'select company_id from api_client where id = $1 union all select company_id from v1_api_key where id = $1',
    [id],
  );
  return rows[0]?.company_id;
}
