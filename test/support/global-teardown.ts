/** After the suites: drop the databases this run made, stop its embedded PostgreSQL, remove the run's folder. */
import { rm } from 'node:fs/promises';
import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis as {
    __testRun?: { dir: string; tmpdir?: string };
    __testDb?: { stop(): Promise<void> };
    __testTemplate?: { serverUrl: string; template: string };
  };
  if (state.__testTemplate) {
    const { serverUrl, template } = state.__testTemplate;
    const admin = new pg.Client(serverUrl);
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [template, `${template.replace('tpl_', 't_')}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  }
  if (state.__testDb) await state.__testDb.stop();
  if (state.__testRun) {
    if (state.__testRun.tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = state.__testRun.tmpdir;
    await rm(state.__testRun.dir, { recursive: true, force: true });
  }
}
