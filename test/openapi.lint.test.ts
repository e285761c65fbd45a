/**
 * Both OpenAPI documents, exactly as the running service serves them, lint clean under the tools
 * integrators run on them: Redocly CLI's `lint` with its recommended rules (test/openapi-lint/redocly.yaml)
 * and Spectral with its `spectral:oas` ruleset. No error and no warning.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import spectralCore from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { startStudio, type Studio } from './support/studio.ts';

const { Spectral } = spectralCore;
const require = createRequire(import.meta.url);
const REDOCLY = join(require.resolve('@redocly/cli/package.json'), '..', 'bin', 'cli.js');
const CONFIG = fileURLToPath(new URL('./openapi-lint/', import.meta.url));

let studio: Studio;
let dir: string;
const documents: Record<string, string> = {};

beforeAll(async () => {
  studio = await startStudio({ bundle: { format: 1 } });
  dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) await copyFile(join(CONFIG, file), join(dir, file));
  for (const [name, url] of [['m2m', `${studio.m2m}/openapi.json`], ['v1', `${studio.v1}/openapi.json`]] as const) {
    documents[name] = await (await fetch(url)).text();
    await writeFile(join(dir, `${name}.json`), documents[name]);
  }
});
afterAll(async () => {
  await studio.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['m2m', 'v1'])('the %s document', (name) => {
  it('has no problem under redocly lint (recommended)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', `${name}.json`, '--config', 'redocly.yaml', '--format', 'json'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      timeout: 120_000,
    }).catch((failed: { stdout: string }) => failed);
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; location: { pointer: string }[] }[] };
    expect(report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('has no error or warning under spectral:oas', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(documents[name]!);
    // Severity 0 is an error, 1 a warning; 2 and 3 are information and hints.
    expect(results.filter((r) => Number(r.severity) <= 1).map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
  });
});
