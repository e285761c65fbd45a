/**
 * `npm run bench:attacks`: the red-team shapes of issue 37, each beside a quiet tenant. The service runs as
 * deployed (`src/main.ts`, production, its default GraphQL limits and budgets) on a database of its own on
 * DATABASE_URL (by default the PostgreSQL 15 at 127.0.0.1:5432). The quiet tenant sends a small GraphQL read
 * at a steady 10 a second; each attack runs beside it for ATTACK_SECONDS, and the table gives the quiet
 * tenant's p50 and p99 under it, against its p99 with no attack. The goal: within 2× of the quiet p99.
 * The attacker runs in a process of its own (this script, with ATTACK set), so its loops never delay the
 * quiet tenant's timings in this one.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { importBundle } from '../src/bundles/import.ts';
import { migrate, openOrm } from '../src/db/orm.ts';
import { createApiClient } from '../src/domain/api-clients.ts';
import { createCompany } from '../src/domain/companies.ts';
import { createConsoleUser } from '../src/domain/console-users.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { benchDatabase } from './database.ts';
import { startServerProcess, type ServerProcess } from './processes.ts';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const ATTACK_SECONDS = Number(process.env.ATTACK_SECONDS ?? 20);
const QUIET_RATE = 10;
const QUIET_QUERY = '{ customers(pageSize: 10) { nodes { id firstName lastName email } } }';

interface Tenants {
  serverKey: Buffer;
  quiet: Credentials;
  attacker: Credentials[];
  console: { email: string; password: string };
}
type Credentials = { client_id: string; client_secret: string };

async function seed(url: string): Promise<Tenants> {
  const orm = await openOrm({ url, poolMax: 4 });
  try {
    await migrate(orm);
    const serverKey = randomBytes(32);
    const company = async (name: string, seedNumber: number) => {
      const { id } = await createCompany(orm, { name, timezone: 'Europe/London', currency: 'GBP' });
      await importBundle(orm, id, generateBundle({ seed: seedNumber, customers: 300, today: '2026-11-21' }));
      return id;
    };
    const client = (companyId: string) => createApiClient(orm, serverKey, { companyId, name: 'bench', scopes: ALL_SCOPES.join(' ') }, new Date());
    const quietId = await company('Quiet Studio', 1);
    const attackerId = await company('Loud Studio', 2);
    const password = 'a long console password 1';
    await createConsoleUser(orm, { companyId: attackerId, email: 'owner@loud.example', role: 'owner', password });
    return {
      serverKey,
      quiet: await client(quietId),
      attacker: [await client(attackerId), await client(attackerId), await client(attackerId)],
      console: { email: 'owner@loud.example', password },
    };
  } finally {
    await orm.close();
  }
}

async function token(url: string, credentials: Credentials): Promise<string> {
  const response = await fetch(`${url}/m2m/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
  if (!response.ok) throw new Error(`token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function consoleCookie(url: string, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-studio-console': '1' },
    body: JSON.stringify({ query: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }', variables: { e: user.email, p: user.password } }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`console sign-in: ${response.status} ${await response.text()}`);
  return cookie;
}

/** One GraphQL request; its time in ms and its first error's code (none: answered). */
async function post(url: string, headers: Record<string, string>, body: string): Promise<{ ms: number; code: string | null }> {
  const start = performance.now();
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const answer = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
  return { ms: performance.now() - start, code: answer.errors?.[0]?.extensions?.code ?? null };
}

/** The quiet tenant: QUIET_RATE requests a second for `seconds`, each timed. */
async function quietTenant(url: string, bearer: string, seconds: number): Promise<number[]> {
  const times: Promise<number>[] = [];
  const body = JSON.stringify({ query: QUIET_QUERY });
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    times.push(post(url, { authorization: `Bearer ${bearer}` }, body).then((r) => {
      if (r.code) throw new Error(`the quiet tenant was refused: ${r.code}`);
      return r.ms;
    }));
    await new Promise((resolve) => setTimeout(resolve, 1000 / QUIET_RATE));
  }
  return Promise.all(times);
}

/** `streams` closed loops sending `body` with `headers` until `until`; counts answers by outcome. */
async function stream(url: string, headers: Record<string, string>, body: string, streams: number, until: () => boolean): Promise<Map<string, number>> {
  const outcomes = new Map<string, number>();
  await Promise.all(Array.from({ length: streams }, async () => {
    while (!until()) {
      const { code } = await post(url, headers, body).catch(() => ({ code: 'NETWORK' }));
      outcomes.set(code ?? 'answered', (outcomes.get(code ?? 'answered') ?? 0) + 1);
    }
  }));
  return outcomes;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface Attack {
  name: string;
  /** Streams of the attack: each a body, its headers, how many loops. */
  streams: { headers: Record<string, string>; body: string; loops: number }[];
}

function attacks(bearers: string[], cookie: string, facilitatorId: string): Attack[] {
  const client = (i: number) => ({ authorization: `Bearer ${bearers[i]!}` });
  const query = (text: string) => JSON.stringify({ query: text });
  const aliases = Array.from({ length: 2_400 }, (_, i) => `a${i}: __typename`).join(' ');
  const availability = Array.from({ length: 20 }, (_, i) =>
    `a${i}: availability(facilitatorId: "${facilitatorId}", startDate: "2026-12-01", endDate: "2027-03-03") { dates { date windows { startTime endTime slots { start end available } } } }`).join(' ');
  const searches = Array.from({ length: 9 }, (_, i) => `s${i}: customers(search: "${'aeiou'[i % 5]}", pageSize: 1) { total }`).join(' ');
  return [
    { name: 'variable-default search cost, 16 streams', streams: [{ headers: client(0), body: query('query($s: String = "an") { customers(search: $s, pageSize: 1) { total } }'), loops: 16 }] },
    { name: '48 kB document over the token limit, 6 senders', streams: [{ headers: client(0), body: query(`{ ${aliases} }`), loops: 6 }] },
    { name: '20 aliased 93-day availability, 4 streams', streams: [{ headers: client(0), body: query(`{ ${availability} }`), loops: 4 }] },
    { name: 'console session, documents of 9 searches, 4 streams', streams: [{ headers: { cookie, 'x-studio-console': '1' }, body: query(`{ ${searches} }`), loops: 4 }] },
    {
      name: '3 clients of one company, 100-customer pages, 3 streams each',
      streams: [0, 1, 2].map((i) => ({ headers: client(i), body: query('{ customers(pageSize: 100) { nodes { id firstName lastName email mobile } } }'), loops: 3 })),
    },
  ];
}

/** In the attacker's process: the streams of ATTACK for `seconds`, then the outcomes as JSON on stdout. */
async function attacker(url: string, streams: Attack['streams'], seconds: number): Promise<void> {
  const end = performance.now() + seconds * 1000;
  process.stdout.write('ready\n');
  const counted = await Promise.all(streams.map((s) => stream(url, s.headers, s.body, s.loops, () => performance.now() > end)));
  const outcomes: Record<string, number> = {};
  for (const one of counted) for (const [code, n] of one) outcomes[code] = (outcomes[code] ?? 0) + n;
  process.stdout.write(JSON.stringify(outcomes));
}

/** Runs an attack in a child process while `beside` runs here; resolves with what the attacker was answered. */
async function besideAttack<T>(url: string, attack: Attack, beside: () => Promise<T>): Promise<{ result: T; outcomes: Record<string, number> }> {
  const child = spawn(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', import.meta.filename], {
    // It runs a second longer than the quiet tenant is timed, on each side of it.
    env: { ...process.env, ATTACK: JSON.stringify({ url, streams: attack.streams, seconds: ATTACK_SECONDS + 2 }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('ready\n')) resolve();
  }));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // The attacker's modules load before anything is timed; its first requests are under way a second later.
  await ready;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const result = await beside();
  await exited;
  return { result, outcomes: JSON.parse(out.slice(out.indexOf('\n') + 1) || '{}') as Record<string, number> };
}

async function main(): Promise<void> {
  const database = await benchDatabase('attacks');
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-attacks-'));
  let server: ServerProcess | undefined;
  try {
    const tenants = await seed(database.url);
    server = await startServerProcess('service', join(import.meta.dirname, '..', 'src', 'main.ts'), {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SERVER_KEY: tenants.serverKey.toString('hex'),
      PORT: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'false',
      // No background jobs: the tenants' requests are all that runs.
      JOBS: 'false',
    });
    const url = server.url;
    const quiet = await token(url, tenants.quiet);
    const bearers = await Promise.all(tenants.attacker.map((c) => token(url, c)));
    const cookie = await consoleCookie(url, tenants.console);
    const facilitators = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearers[0]!}` },
      body: JSON.stringify({ query: '{ facilitators { id } }' }),
    }).then((r) => r.json() as Promise<{ data: { facilitators: { id: string }[] } }>);
    const facilitatorId = facilitators.data.facilitators[0]!.id;

    await quietTenant(url, quiet, 3);
    const baseline = await quietTenant(url, quiet, ATTACK_SECONDS);
    const quietP99 = percentile(baseline, 99);
    const rows = [['no attack', percentile(baseline, 50), quietP99, 1, '']];
    for (const attack of attacks(bearers, cookie, facilitatorId)) {
      // Each attack starts with fresh budgets: the minute of the one before is over.
      await new Promise((resolve) => setTimeout(resolve, 61_000));
      const { result: times, outcomes } = await besideAttack(url, attack, () => quietTenant(url, quiet, ATTACK_SECONDS));
      const p99 = percentile(times, 99);
      rows.push([attack.name, percentile(times, 50), p99, p99 / quietP99, Object.entries(outcomes).map(([code, n]) => `${code} ${n}`).join(', ')]);
    }
    console.log(`\nload average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores)\n`);
    console.log('| attack | quiet tenant p50 ms | p99 ms | p99 / quiet p99 | the attacker\'s answers |');
    console.log('|---|---|---|---|---|');
    for (const [name, p50, p99, ratio, outcomes] of rows) {
      console.log(`| ${String(name)} | ${Number(p50).toFixed(1)} | ${Number(p99).toFixed(1)} | ${Number(ratio).toFixed(2)} | ${String(outcomes)} |`);
    }
  } finally {
    await server?.stop();
    await database.remove();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const attack = process.env.ATTACK && (JSON.parse(process.env.ATTACK) as { url: string; streams: Attack['streams']; seconds: number });
await (attack ? attacker(attack.url, attack.streams, attack.seconds) : main());
