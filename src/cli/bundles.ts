/**
 * `import` and `export` of a company's data as an import bundle (docs/import.md), with a
 * progress bar on a terminal while a large bundle loads.
 */
import { Presets, SingleBar } from 'cli-progress';
import { readFile, writeFile } from 'node:fs/promises';
import { exportBundle } from '../bundles/export.ts';
import { importBundle } from '../bundles/import.ts';
import { companyEm } from '../db/scope.ts';
import type { SqlRunner } from '../db/reads.ts';
import { requireCompany } from '../domain/companies.ts';
import { InvalidInput } from '../domain/invalid-input.ts';
import type { AdminSession } from './session.ts';

export async function importFile(
  { orm, recordIn }: AdminSession & { recordIn?: (runner: SqlRunner) => Promise<void> },
  options: { companyId: string; file: string; showProgress: boolean; newIds: boolean },
): Promise<{ imported: Record<string, number>; newIds: boolean }> {
  await requireCompany(companyEm(orm, options.companyId), options.companyId);
  const bundle = parseJson(await readText(options.file), options.file);
  const bar = options.showProgress ? new SingleBar({ stream: process.stderr, format: 'importing [{bar}] {percentage}% {value}/{total} records, ETA {eta_formatted}', hideCursor: true }, Presets.shades_classic) : undefined;
  try {
    const { counts, newIds } = await importBundle(orm, options.companyId, bundle, {
      newIds: options.newIds,
      beforeCommit: recordIn,
      onProgress: bar && ((done: number, total: number) => (bar.isActive ? bar.update(done) : bar.start(total, done))),
    });
    return { imported: counts, newIds };
  } finally {
    bar?.stop();
  }
}

export async function exportFile({ orm }: AdminSession, options: { companyId: string; file: string }): Promise<{ exported: Record<string, number> }> {
  await requireCompany(companyEm(orm, options.companyId), options.companyId);
  const { bundle, counts } = await exportBundle(orm, options.companyId);
  try {
    await writeFile(options.file, `${JSON.stringify(bundle)}\n`);
  } catch (error) {
    throw new InvalidInput('file', `cannot write ${options.file}: ${(error as Error).message}`);
  }
  return { exported: counts };
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new InvalidInput('file', `cannot read ${file}: ${(error as Error).message}`);
  }
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidInput('file', `${file} is not valid JSON: ${(error as Error).message.replace(/\s+/g, ' ')}`);
  }
}
