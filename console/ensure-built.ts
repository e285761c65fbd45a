/**
 * Builds the console (`vite build`) when console/dist is missing or older than its sources. `npm start` runs
 * it first (prestart), so `npm ci && npm start` serves a current console with no extra command; the browser
 * tests call `ensureConsoleBuilt()` too.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const consoleDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(consoleDir);
const SOURCES = ['src', 'index.html', 'explorer.html', 'vite.config.ts', 'tsconfig.json'].map((p) => join(consoleDir, p));

function newest(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Why the build is needed, or null when console/dist is current. */
export function staleReason(): string | null {
  const built =
    newest(join(consoleDir, 'dist', 'index.html')) &&
    Math.min(newest(join(consoleDir, 'dist', 'index.html')), newest(join(consoleDir, 'dist', 'explorer.html')));
  if (!built) return 'console/dist is missing';
  const sources = Math.max(...SOURCES.map(newest), newest(join(root, 'package-lock.json')));
  return sources > built ? 'console sources changed since the last build' : null;
}

export function ensureConsoleBuilt(options: { quiet?: boolean } = {}): void {
  const reason = staleReason();
  if (!reason) return;
  if (!options.quiet) console.log(`== building the admin console (${reason}): vite build`);
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--config', join(consoleDir, 'vite.config.ts'), '--logLevel', options.quiet ? 'error' : 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // Always React's production build: jest sets NODE_ENV=test, which Vite would otherwise pass on to React.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error(`vite build of the console failed (exit ${result.status ?? result.signal})`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    ensureConsoleBuilt();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
