/**
 * The plan PostgreSQL keeps for a statement as prepared, whatever its parameters (`force_generic_plan`): what
 * every call of it runs once the server stops planning each call anew. `settings` are `set` first (to forbid
 * a kind of scan, say); a statement of the ORM's log (`?` for its parameters) is numbered first.
 */
import pg from 'pg';

export async function genericPlan(databaseUrl: string, statement: string, settings: readonly string[] = []): Promise<string> {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  try {
    for (const setting of [...settings, 'plan_cache_mode = force_generic_plan']) await client.query(`set ${setting}`);
    let n = 0;
    const numbered = statement.replace(/\?/g, () => `$${++n}`);
    await client.query(`prepare planned as ${numbered}`);
    const parameters = Math.max(0, ...[...numbered.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain execute planned${parameters ? `(${Array(parameters).fill('null').join(', ')})` : ''}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}
