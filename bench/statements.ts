/**
 * SQL statements counted by PostgreSQL itself (`pg_stat_statements`), so a server in another process is
 * counted exactly, whatever it runs inside: the calls recorded in the bench database between two
 * snapshots. The audit log's inserts (written in batches off the request path) and this module's own
 * queries are left out.
 */
import pg from 'pg';

export interface StatementCount {
  total: number;
  /** Calls per distinct statement, most called first. */
  statements: { query: string; calls: number }[];
}

export interface StatementCounter {
  /** What `work` gives, and the statements run in the bench database while it ran (nothing else may run meanwhile). */
  during<T>(work: () => Promise<T>): Promise<{ result: T; count: StatementCount }>;
  close(): Promise<void>;
}

const AUDIT_INSERT = /\binsert\s+into\s+"?audit_entry"?/i;

/** A counter, or the reason statements cannot be counted on this server. */
export async function statementCounter(url: string): Promise<StatementCounter | string> {
  const client = new pg.Client(url);
  await client.connect();
  const { rows } = await client.query<{ libraries: string }>(`select current_setting('shared_preload_libraries') as libraries`);
  if (!rows[0]!.libraries.split(',').some((name) => name.trim() === 'pg_stat_statements')) {
    await client.end();
    return 'pg_stat_statements is not in shared_preload_libraries of the DATABASE_URL server';
  }
  await client.query('create extension if not exists pg_stat_statements');
  const snapshot = async () => {
    const result = await client.query<{ queryid: string; query: string; calls: string }>(
      `select queryid, query, calls from pg_stat_statements
       where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat_statements%'`,
    );
    const calls = new Map<string, { query: string; calls: number }>();
    for (const row of result.rows) {
      const known = calls.get(row.queryid);
      calls.set(row.queryid, { query: row.query, calls: (known?.calls ?? 0) + Number(row.calls) });
    }
    return calls;
  };
  return {
    during: async (work) => {
      const before = await snapshot();
      const result = await work();
      const after = await snapshot();
      const statements = [...after]
        .map(([id, { query, calls }]) => ({ query, calls: calls - (before.get(id)?.calls ?? 0) }))
        .filter((s) => s.calls > 0 && !AUDIT_INSERT.test(s.query))
        .sort((a, b) => b.calls - a.calls);
      return { result, count: { total: statements.reduce((sum, s) => sum + s.calls, 0), statements } };
    },
    close: () => client.end(),
  };
}
