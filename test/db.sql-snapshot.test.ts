/**
 * The SQL of every statement the service compiles, kept in a snapshot (test/__snapshots__/), as Immich's
 * `@GenerateSql` keeps its queries: a change to a statement shows in review as a change of its text.
 * After a deliberate change: `npm test -- test/db.sql-snapshot.test.ts -u`.
 */
import { describe, expect, it } from '@jest/globals';
import { allStatements } from './support/sql-modules.ts';

describe('the SQL of src/db', () => {
  it('is the reviewed text, statement by statement', async () => {
    const statements = await allStatements();
    const texts = Object.fromEntries([...statements].sort(([a], [b]) => a.localeCompare(b)).map(([name, statement]) => [name, statement.sql]));
    expect(texts).toMatchSnapshot();
  });
});
