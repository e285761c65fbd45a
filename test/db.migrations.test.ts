import { describe, expect, it } from '@jest/globals';
import { testOrm } from './support/db.ts';

describe('migrations', () => {
  it('leave no pending difference against the entities', async () => {
    const { orm, close } = await testOrm();
    try {
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
      expect(diff.trim()).toBe('');
      expect(await orm.migrator.getPending()).toEqual([]);
    } finally {
      await close();
    }
  });
});
