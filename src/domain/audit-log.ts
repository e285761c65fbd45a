/**
 * The audit log (document 1, "Audit logging"): one entry per API call with the client, method, path,
 * resource type, action, status and time. The request pipeline collects entries and writes them in
 * batches; operators read them newest first.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { AuditEntry, type AUDIT_ACTIONS } from '../db/entities/index.ts';
import { companyEm } from '../db/scope.ts';
import { requireCompany } from './companies.ts';
import { requireLimit } from './invalid-input.ts';

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One API call, as the pipeline reports it. `companyId` and `client` are null when the caller was not authenticated. */
export interface AuditRecord {
  companyId: string | null;
  client: string | null;
  /** Which door the call came through: `m2m`, `v1` or `graphql`. */
  surface: string;
  method: string;
  path: string;
  resourceType: string;
  /** The GraphQL operation name of a call to /graphql. */
  operation?: string | null;
  action: AuditAction;
  status: number;
  /** For a denial (403): the scope the caller lacked. */
  missingScope?: string | null;
  at: Date;
}

export interface AuditView {
  client: string | null;
  method: string;
  path: string;
  resourceType: string;
  operation: string | null;
  action: AuditAction;
  status: number;
  missingScope: string | null;
  at: string;
}

export async function listAudit(
  orm: MikroORM,
  query: { companyId: string; client?: string; since?: Date; limit?: number },
): Promise<AuditView[]> {
  const { companyId, client, since, limit = 100 } = query;
  requireLimit(limit);
  const em = companyEm(orm, companyId);
  await requireCompany(em, companyId);
  const entries = await em.find(
    AuditEntry,
    { ...(client !== undefined && { client }), ...(since && { at: { $gte: since } }) },
    { orderBy: [{ at: 'desc' }, { id: 'desc' }], limit },
  );
  return entries.map((entry) => ({
    client: entry.client ?? null,
    method: entry.method,
    path: entry.path,
    resourceType: entry.resourceType,
    operation: entry.operation ?? null,
    action: entry.action,
    status: entry.status,
    missingScope: entry.missingScope ?? null,
    at: entry.at.toISOString(),
  }));
}

/** Writes a batch of entries in one INSERT statement. */
export async function recordAudit(orm: MikroORM, entries: readonly AuditRecord[]): Promise<void> {
  if (!entries.length) return;
  await orm.em.fork().insertMany(
    AuditEntry,
    entries.map(({ companyId, operation, missingScope, ...entry }) => ({ ...entry, operation: operation ?? null, missingScope: missingScope ?? null, company: companyId })),
  );
}
