/**
 * The service under measurement, as it is deployed: `src/main.ts` in a child process of its own on the
 * bench database, limits raised so they never answer 429, logs off, and a token for each surface.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { METRICS_TOKEN } from './audit-wait.ts';
import type { BenchCompany } from './company.ts';
import { startServerProcess, type ServerProcess } from './processes.ts';

export interface Project {
  server: ServerProcess;
  /** Bearer tokens, M2M (also for GraphQL) and v1. */
  tokens: { m2m: string; v1: string };
}

export interface ProjectOptions {
  root: string;
  databaseUrl: string;
  /** Keys the service generates (JWT signing) live here. */
  dataDir: string;
  company: BenchCompany;
  /** CACHE_TTL_SECONDS: 0 turns the read cache off. */
  cacheSeconds: number;
  /** Where `node --cpu-prof` writes the process's CPU profile when it stops. */
  profileDir?: string;
  /** Runs the background jobs (renewals, webhooks): only the process that catches up the renewals does. */
  jobs?: boolean;
}

async function tokenOf(url: string, path: string, credentials: object, field: string): Promise<string> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as Record<string, string>)[field]!;
}

/**
 * The environment and Node flags of `npm start` (package.json: `NAME=value … node --flag … src/main.ts`),
 * so the service is measured with the settings it is deployed with.
 */
async function startCommand(root: string): Promise<{ env: Record<string, string>; flags: string[] }> {
  const { scripts } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split('=') as [string, string]));
  return { env, flags: words.slice(node + 1).filter((word) => word.startsWith('--')) };
}

export async function startProject(name: string, options: ProjectOptions): Promise<Project> {
  await mkdir(options.dataDir, { recursive: true });
  const deployed = await startCommand(options.root);
  const server = await startServerProcess(
    name,
    join(options.root, 'src/main.ts'),
    {
      ...deployed.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      SERVER_KEY: options.company.serverKey,
      PORT: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      // /metrics on the service's port, for the audit log's commit wait (bench/audit-wait.ts).
      METRICS_TOKEN,
      SEED_DEMO: 'false',
      CACHE_TTL_SECONDS: String(options.cacheSeconds),
      M2M_RATE_PER_MINUTE: '100000000',
      M2M_MAX_CONCURRENT: '100000',
      M2M_DAILY_QUOTA: '100000000',
      V1_RATE_PER_MINUTE: '100000000',
      GRAPHQL_MAX_COST: '100000000',
      // Nor do the points budgets (four of the costliest documents a minute by default): the paging walk asks
      // for thousands of nested pages a minute, and past the budget it timed paced refusals, not pages.
      GRAPHQL_POINTS_PER_MINUTE: '1000000000000',
      GRAPHQL_COMPANY_POINTS_PER_MINUTE: '1000000000000',
      // No background jobs (an instance that only serves requests): no job queue polls, heartbeats or renewal
      // rounds in the statement counts or beside the requests timed. The catch-up before them runs them.
      JOBS: String(options.jobs ?? false),
    },
    [...deployed.flags, ...(options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [])],
  );
  try {
    const tokens = {
      m2m: await tokenOf(server.url, '/m2m/token', options.company.m2m, 'access_token'),
      v1: await tokenOf(server.url, '/api/v1/auth/token', options.company.v1, 'token'),
    };
    return { server, tokens };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Stops the service with SIGTERM, as an orchestrator would; it must exit cleanly. */
export async function stopProject(project: Project): Promise<void> {
  const code = await project.server.stop();
  if (code !== 0) throw new Error(`${project.server.name} exited with ${code} on SIGTERM`);
}
