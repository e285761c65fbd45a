/**
 * The audit log (document 1, "Audit logging"): one entry per API call with the client, method, path,
 * resource type, action, status and time. The request pipeline collects entries and writes them in
 * batches; operators read them newest first.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { AuditEntry, type AUDIT_ACTIONS } from '../db/entities/index.ts';
import { insertAuditEntries, storableEntry, type AuditRecord } from '../db/audit-entries.ts';
import type { SqlRunner } from '../db/reads.ts';

export { storableEntry, storableText, type AuditRecord, type AuditSurface } from '../db/audit-entries.ts';
import { PoolRunner } from '../db/reads.ts';
import { credentialNames } from '../db/callers.ts';
import { companyEm } from '../db/scope.ts';
import { requireCompany } from './companies.ts';
import { requireLimit } from './invalid-input.ts';
import { keyOfEntry, olderThan } from './paging.ts';

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An entry of `audit list` (the admin command line's JSON, OPERATING.md). */
export interface AuditView {
  client: string | null;
  surface: string;
  actor: string;
  method: string;
  path: string;
  resourceType: string;
  operation: string | null;
  action: AuditAction;
  status: number;
  missingScope: string | null;
  errorCode: string | null;
  targets: string[];
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
    surface: entry.surface,
    actor: actorOf(entry),
    method: entry.method,
    path: entry.path,
    resourceType: entry.resourceType,
    operation: entry.operation ?? null,
    action: entry.action,
    status: entry.status,
    missingScope: entry.missingScope ?? null,
    errorCode: entry.errorCode ?? null,
    targets: entry.targets ?? [],
    at: entry.at.toISOString(),
  }));
}

/** Writes an entry in the caller's transaction. */
export async function recordAuditIn(runner: SqlRunner, entry: AuditRecord): Promise<void> {
  await insertAuditEntries(runner, [entry]);
}

/** Writes a batch of entries in one INSERT statement. */
export async function recordAudit(orm: MikroORM, entries: readonly AuditRecord[]): Promise<void> {
  if (!entries.length) return;
  await orm.em.fork().insertMany(
    AuditEntry,
    entries.map(storableEntry).map(({ companyId, operation, missingScope, userId, userEmail, requestId, actor, errorCode, targets, ...entry }) => ({
      ...entry,
      actor: actor ?? null,
      errorCode: errorCode ?? null,
      targets: [...(targets ?? [])],
      operation: operation ?? null,
      missingScope: missingScope ?? null,
      userId: userId ?? null,
      userEmail: userEmail ?? null,
      requestId: requestId ?? null,
      company: companyId,
    })),
  );
}

/** What the console filters the audit log by; every given condition must hold. */
export interface AuditSearch {
  clientId?: string | null;
  userId?: string | null;
  surface?: string | null;
  method?: string | null;
  /** Only refusals of who the caller is or what it may do: 401 and 403. */
  deniedOnly?: boolean | null;
  /** Only changes and denials: the reads that were let through, the bulk of a log, are left out. */
  changesAndDenials?: boolean | null;
  /** Text the resource type contains, in any case. */
  resource?: string | null;
  from?: Date | null;
  /** Exclusive. */
  to?: Date | null;
}

export interface AuditRow {
  id: string;
  at: Date;
  surface: string;
  client: string | null;
  /** The name of the API client or v1 key, read when the page is; null when it was deleted. */
  clientName: string | null;
  userId: string | null;
  userEmail: string | null;
  method: string;
  path: string;
  resourceType: string;
  operation: string | null;
  action: AuditAction;
  status: number;
  missingScope: string | null;
  requestId: string | null;
  actor: string | null;
  errorCode: string | null;
  targets: string[];
}

const DENIED = [401, 403];

/** The names of the API clients and v1 keys among `ids`. */
function clientNames(orm: MikroORM, companyId: string, ids: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  return credentialNames(new PoolRunner(orm), companyId, [...new Set(ids.filter((id): id is string => !!id))]);
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the console's audit log; `total` is counted only when asked for (as every page of the graph). */
export interface AuditPage {
  items: AuditRow[];
  total: () => Promise<number>;
  page: number;
  pageSize: number;
  retentionDays: number;
  hasNextPage?: boolean;
  endKey?: readonly string[];
}

/** One page of the company's entries matching `search`, newest first; `total` counts those matching in all. */
export async function searchAudit(
  orm: MikroORM,
  companyId: string,
  search: AuditSearch,
  page: { offset: number; limit: number; after?: readonly string[]; lookAhead?: boolean },
): Promise<{ rows: AuditRow[]; total: () => Promise<number>; hasNextPage?: boolean; endKey?: readonly string[] }> {
  const { clientId, userId, surface, method, deniedOnly, changesAndDenials, resource, from, to } = search;
  const at = { ...(from && { $gte: from }), ...(to && { $lt: to }) };
  const where = {
    ...(clientId && { client: clientId }),
    ...(userId && { userId }),
    ...(surface && { surface }),
    ...(method && { method: method.toUpperCase() }),
    ...(deniedOnly && { status: { $in: DENIED } }),
    ...(changesAndDenials && { $or: [{ action: { $ne: 'READ' as const } }, { status: { $in: DENIED } }] }),
    ...(resource && { resourceType: { $ilike: likePattern(resource) } }),
    ...(Object.keys(at).length && { at }),
  };
  const em = companyEm(orm, companyId);
  const read = await em.find(AuditEntry, { $and: [where, olderThan(page.after)] }, {
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    offset: page.after ? 0 : page.offset,
    limit: page.limit + (page.lookAhead ? 1 : 0),
  });
  const entries = read.slice(0, page.limit);
  const names = await clientNames(orm, companyId, entries.map((entry) => entry.client));
  const rows = entries.map((entry) => ({
    id: String(entry.id),
    at: entry.at,
    surface: entry.surface,
    client: entry.client ?? null,
    clientName: (entry.client && names.get(entry.client)) ?? null,
    userId: entry.userId ?? null,
    userEmail: entry.userEmail ?? null,
    method: entry.method,
    path: entry.path,
    resourceType: entry.resourceType,
    operation: entry.operation ?? null,
    action: entry.action,
    status: entry.status,
    missingScope: entry.missingScope ?? null,
    requestId: entry.requestId ?? null,
    actor: entry.actor ?? null,
    errorCode: entry.errorCode ?? null,
    targets: entry.targets ?? [],
  }));
  const total = () => em.fork().count(AuditEntry, where);
  if (!page.lookAhead) return { rows, total };
  return { rows, total, hasNextPage: read.length > page.limit, endKey: entries.length ? keyOfEntry(entries.at(-1)!) : undefined };
}

/** Who made a call, as the console, its CSV export and the command line show it. */
const actorOf = (row: { userEmail?: string | null; client?: string | null; actor?: string | null }) => row.userEmail ?? row.client ?? row.actor ?? 'anonymous';
export const auditActor = (row: AuditRow) => actorOf(row);
