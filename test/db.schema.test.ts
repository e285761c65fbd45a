/**
 * The declared tables (src/db/schema.ts) are what the migrations make, and every statement the service
 * compiles is one PostgreSQL accepts against them: a migration that renames or retypes a column a query
 * reads fails here, not in production.
 */
import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { SCHEMA_FILE, schemaSource } from '../src/db/schema-write.ts';
import { migratedClient } from './support/db.ts';
import { allStatements } from './support/sql-modules.ts';

const client = migratedClient();

describe('the declared schema', () => {
  it('is the one the migrations make (npm run db:schema writes it)', async () => {
    expect(await schemaSource(client())).toBe(await readFile(SCHEMA_FILE, 'utf8'));
  });

  it('holds every statement of src/db: each is prepared by PostgreSQL against the migrated tables', async () => {
    const statements = await allStatements();
    expect(statements.size).toBeGreaterThan(20);
    const refused: string[] = [];
    for (const [name, statement] of statements) {
      try {
        await client().query(`prepare checked as ${statement.sql}`);
        await client().query('deallocate checked');
      } catch (error) {
        refused.push(`${name}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
