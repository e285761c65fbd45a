/**
 * The audit log's rows as they are stored: every value bounded and made storable first (a caller's value
 * never fails an entry), and the statements that insert them, alone, in a group, or in a group with cache
 * hits whose versions are confirmed in the same statement (src/pipeline/audit.ts).
 */
import { sql } from 'kysely';
import { db, statement } from './query.ts';
import type { SqlRunner } from './reads.ts';

/** Where an audited call or write came from: the three doors, the console, the admin command line, a background worker. */
export type AuditSurface = 'm2m' | 'v1' | 'graphql' | 'console' | 'cli' | 'worker';

/**
 * One API call, or one write of the command line or a worker, as its writer reports it. `companyId` and
 * `client` are null when the caller was not authenticated.
 */
export interface AuditRecord {
  companyId: string | null;
  client: string | null;
  surface: AuditSurface;
  method: string;
  path: string;
  resourceType: string;
  /** The GraphQL operation name of a call to /graphql. */
  operation?: string | null;
  action: 'READ' | 'UPDATE';
  status: number;
  /** For a denial (403): the scope the caller lacked. */
  missingScope?: string | null;
  /** The console user who called (surface `console`). */
  userId?: string | null;
  userEmail?: string | null;
  requestId?: string | null;
  /** Who acted when no client or console user did: the command line's operating-system user, a worker's name. */
  actor?: string | null;
  /** The error code of a refusal or failure (`CONFLICT`, `NOT_FOUND`…), the same on every door. */
  errorCode?: string | null;
  /** The ids of the records the call created, changed or deleted; empty for reads and refusals. */
  targets?: readonly string[];
  at: Date;
}

/** The longest text each column keeps; a longer value is cut, so no caller's value can fail an entry. */
const TEXT_LIMITS = {
  client: 64, surface: 16, method: 16, path: 2048, resourceType: 200, operation: 200, missingScope: 100,
  userId: 64, userEmail: 254, requestId: 128, actor: 200, errorCode: 64,
} as const;
const MAX_TARGETS = 100;
const MAX_TARGET_LENGTH = 64;

/**
 * Text as PostgreSQL can store it whatever a caller sent: well-formed Unicode (a lone surrogate becomes
 * U+FFFD), no NUL, at most `max` characters. An entry's values come from requests (an unknown path's first
 * segment, a GraphQL operation's name) and must never be what fails its INSERT.
 */
export function storableText(text: string, max: number): string {
  let stored = text.length > max ? text.slice(0, max) : text;
  if (!stored.isWellFormed()) stored = stored.toWellFormed();
  return stored.includes('\u0000') ? stored.replaceAll('\u0000', '\uFFFD') : stored;
}

const bounded = <T extends string | null | undefined>(text: T, max: number): T | string => (typeof text === 'string' ? storableText(text, max) : text);

/** The entry with every text bounded to its column's limit (TEXT_LIMITS) and made storable. */
export function storableEntry(entry: AuditRecord): AuditRecord {
  const targets = entry.targets ?? [];
  return {
    ...entry,
    client: bounded(entry.client, TEXT_LIMITS.client),
    surface: entry.surface,
    method: storableText(entry.method, TEXT_LIMITS.method),
    path: storableText(entry.path, TEXT_LIMITS.path),
    resourceType: storableText(entry.resourceType, TEXT_LIMITS.resourceType),
    operation: bounded(entry.operation, TEXT_LIMITS.operation),
    missingScope: bounded(entry.missingScope, TEXT_LIMITS.missingScope),
    userId: bounded(entry.userId, TEXT_LIMITS.userId),
    userEmail: bounded(entry.userEmail, TEXT_LIMITS.userEmail),
    requestId: bounded(entry.requestId, TEXT_LIMITS.requestId),
    actor: bounded(entry.actor, TEXT_LIMITS.actor),
    errorCode: bounded(entry.errorCode, TEXT_LIMITS.errorCode),
    targets: targets.length > MAX_TARGETS || targets.some((t) => t.length > MAX_TARGET_LENGTH || !t.isWellFormed())
      ? targets.slice(0, MAX_TARGETS).map((target) => storableText(target, MAX_TARGET_LENGTH))
      : targets,
  };
}

const COLUMNS = [
  'company_id', 'client', 'surface', 'method', 'path', 'resource_type', 'operation', 'action', 'status', 'missing_scope', 'at', 'user_id',
  'user_email', 'request_id', 'actor', 'error_code', 'targets',
] as const;
const FIELDS = sql.raw(
  '"companyId", client, surface, method, path, "resourceType", operation, action, status, "missingScope", to_timestamp(at / 1000), "userId", "userEmail", "requestId", actor, "errorCode", targets',
);
const RECORD = sql.raw(`"companyId" text, client text, surface text, method text, path text, "resourceType" text, operation text,
    action text, status smallint, "missingScope" text, at float8, "userId" text, "userEmail" text, "requestId" text,
    actor text, "errorCode" text, targets text[]`);

/**
 * A group of entries travels as one JSON parameter: one native stringify, no per-value encoding. Each entry
 * is one object of one shape, its time in epoch milliseconds: a Date takes JSON.stringify off its fast path
 * (its toJSON is called), which made an entry three times as slow to write.
 */
const INSERT = statement('audit.insert', ({ entries }: { entries: string }) =>
  db.insertInto('audit_entry').columns(COLUMNS).expression(sql`select ${FIELDS} from json_to_recordset(${entries}::json) as entry(${RECORD})`),
);

/**
 * A group with cache hits: each distinct set of versions the group's hits were keyed by (usually one, as a
 * burst of hits reads one company's few types) is checked once against PostgreSQL's; a hit's entry (`k`,
 * the set it was keyed by) is written only if none of that set has been raised since. The stale sets are
 * returned.
 */
const INSERT_CHECKED = statement('audit.insertChecked', ({ entries, sets }: { entries: string; sets: string }) =>
  db
    .with('stale', () => sql<{ k: number }>`(select c.k from json_to_recordset(${sets}::json) as c(k int, "companyId" text, versions json)
      where exists (
        select 1 from json_each_text(c.versions) v
        join cache_version cv on cv.company_id = c."companyId" and cv.type = v.key and cv.version > v.value::bigint))`)
    .with('written', (w) =>
      w.insertInto('audit_entry').columns(COLUMNS).expression(sql`select ${FIELDS} from json_to_recordset(${entries}::json) as entry(k int, ${RECORD})
        where k is null or k not in (select k from stale)`),
    )
    .selectFrom('stale')
    .select('stale.k'),
);

const PURGE = statement('audit.purge', ({ before }: { before: string }) =>
  db
    .with('gone', (w) => w.deleteFrom('audit_entry').where('at', '<', before).returning('id'))
    .selectFrom('gone')
    .select(sql<number>`count(*)::int`.as('count')),
);

/** An entry as its JSON row, every text bounded (storableEntry); a hit's with the set of versions it was keyed by. */
export const auditRow = (record: AuditRecord, k: number | null = null) => {
  const entry = storableEntry(record);
  return {
    k,
    companyId: entry.companyId,
    client: entry.client,
    surface: entry.surface,
    method: entry.method,
    path: entry.path,
    resourceType: entry.resourceType,
    operation: entry.operation ?? null,
    action: entry.action,
    status: entry.status,
    missingScope: entry.missingScope ?? null,
    at: entry.at.getTime(),
    userId: entry.userId ?? null,
    userEmail: entry.userEmail ?? null,
    requestId: entry.requestId ?? null,
    actor: entry.actor ?? null,
    errorCode: entry.errorCode ?? null,
    targets: entry.targets ?? [],
  };
};

/** Inserts entries in the caller's transaction. */
export async function insertAuditEntries(runner: SqlRunner, entries: readonly AuditRecord[]): Promise<void> {
  await INSERT.rows(runner, { entries: JSON.stringify(entries.map((entry) => auditRow(entry))) });
}

/** Inserts a group of entries given as their JSON rows (`auditRow`). */
export async function insertAuditGroup(runner: SqlRunner, rows: string): Promise<void> {
  await INSERT.rows(runner, { entries: rows });
}

/**
 * Inserts a group with cache hits (`rows`, each hit's with `k`, the set of versions it was keyed by); `sets`:
 * `[{k, companyId, versions}]`. The sets found stale, whose hits were not written.
 */
export async function insertAuditGroupChecked(runner: SqlRunner, rows: string, sets: string): Promise<Set<number>> {
  return new Set((await INSERT_CHECKED.rows(runner, { entries: rows, sets })).map((row) => row.k));
}

/** Deletes the entries older than `before`; how many. */
export async function purgeAuditEntries(runner: SqlRunner, before: Date): Promise<number> {
  return (await PURGE.first(runner, { before: before.toISOString() }))?.count ?? 0;
}
