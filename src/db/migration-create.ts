/**
 * `npm run migration:create`: writes a new migration holding the difference between the committed
 * migrations and the entities, computed on a throw-away embedded database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbedded } from './embedded.ts';
import { migrate, openOrm } from './orm.ts';

const dir = await mkdtemp(join(tmpdir(), 'migration-'));
const db = await startEmbedded(dir);
try {
  const orm = await openOrm({ url: db.url });
  await migrate(orm);
  const result = await orm.migrator.create(undefined, false, false, process.argv[2]);
  console.log(result.fileName ? `wrote ${result.fileName}` : 'no changes');
  await orm.close();
} finally {
  await db.stop();
  await rm(dir, { recursive: true, force: true });
}
