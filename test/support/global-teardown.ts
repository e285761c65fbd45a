/** After the suites: drop the databases this run made, stop its embedded PostgreSQL, remove the run's folder. */
import { rm } from 'node:fs/promises';
import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis as {
    __testRun?: { dir: string; tmpdir?: string };
    __testDb?: { stop(): Promise<void> };
    __testTemplate?: { serverUrl: string; template: string };
  };
  // Each step runs even when one before it failed (a server already gone), so the run's folder is always removed.
  try {
    if (state.__testTemplate) await dropDatabases(state.__testTemplate);
  } finally {
    try {
      await state.__testDb?.stop();
    } finally {
      if (state.__testRun) {
        if (state.__testRun.tmpdir === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = state.__testRun.tmpdir;
        await rm(state.__testRun.dir, { recursive: true, force: true });
      }
    }
  }
}

async function dropDatabases({ serverUrl, template }: { serverUrl: string; template: string }): Promise<void> {
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [template, `${template.replace('tpl_', 't_')}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
