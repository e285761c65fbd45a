/**
 * `npm run bench:peer -- --peer DIR`: the simple list of 100 customers by cursor, the service beside
 * PostGraphile on the same bench database (issue 35). PostGraphile is no dependency of this project: it is
 * run from a scratch folder where it was installed (`npm init -y && npm install postgraphile@5.1.5`), with the
 * Amber preset over the `public` schema (ordering and conditions on every column), no authentication, as a child process of its own, from a server file
 * this script writes into that folder.
 *
 * Both sides answer the same pages: before any timing, every page of the walk is fetched from both and
 * compared (ids and names, in order, and whether a next page exists). Then each round times the service and
 * then PostGraphile on the same requests (8 connections cycling through every page's cursor), and the ratio
 * is the service's answers a second over PostGraphile's; the median round is reported beside every round's.
 *
 * Options: `--peer DIR` (or PEER_DIR), `--customers N` (20000), `--seconds S` (10), `--rounds R` (3),
 * `--connections C` (8). With DATABASE_URL, the data goes into a fresh database on that server.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importCompany, renewalsSettled } from './company.ts';
import { benchDatabase } from './database.ts';
import { warmThenLoad, type BenchRequest } from './load.ts';
import { startServerProcess, type ServerProcess } from './processes.ts';
import { startProject, stopProject } from './project.ts';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const PAGE_SIZE = 100;

const { values } = parseArgs({
  options: {
    peer: { type: 'string', default: process.env.PEER_DIR },
    customers: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '8' },
  },
});
if (!values.peer) {
  console.error('--peer DIR: a folder where postgraphile is installed (npm install postgraphile@5.1.5)');
  process.exit(2);
}
const peerDir = resolve(values.peer);
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** PostGraphile's server: the Amber preset over `public`, on node:http, announcing itself as bench/processes.ts expects. */
const PEER_SERVER = `
import { createServer } from 'node:http';
import { postgraphile } from 'postgraphile';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';

const preset = {
  extends: [PostGraphileAmberPreset],
  // Order and filter by any column, indexed or not (the customers' index leads with company_id).
  disablePlugins: ['PgIndexBehaviorsPlugin'],
  pgServices: [makePgService({ connectionString: process.env.DATABASE_URL, schemas: ['public'], poolConfig: { max: 10 } })],
  grafserv: { graphqlPath: '/graphql', watch: false },
  grafast: { explain: false },
};
const pgl = postgraphile(preset);
const serv = pgl.createServ(grafserv);
const server = createServer();
await serv.addTo(server);
server.listen(0, '127.0.0.1', () => process.stdout.write('listening on http://127.0.0.1:' + server.address().port + '\\n'));
process.once('SIGTERM', () => { server.close(); server.closeAllConnections(); void pgl.release().then(() => process.exit(0)); });
`;

interface Side {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The request of the page after `after`. */
  page(after: string | null): BenchRequest;
  /** A page's customers as `id firstName lastName`, and its next cursor when there is one. */
  read(body: unknown): { people: string[]; next: string | null };
}

type Page = { nodes: { id?: string; rowId?: string; firstName?: string; lastName?: string; firstname?: string; lastname?: string }[]; pageInfo: { endCursor: string; hasNextPage: boolean } };

const graphqlRequest = (query: string, variables: Record<string, unknown>): BenchRequest => ({ method: 'POST', path: '/graphql', body: JSON.stringify({ query, variables }) });

function service(url: string, token: string): Side {
  const query = `query ($after: String) { customers(first: ${PAGE_SIZE}, after: $after) { nodes { id firstName lastName } pageInfo { endCursor hasNextPage } } }`;
  return {
    name: 'service',
    url,
    headers: { authorization: `Bearer ${token}` },
    page: (after) => graphqlRequest(query, { after }),
    read: (body) => {
      const page = (body as { data: { customers: Page } }).data.customers;
      return { people: page.nodes.map((n) => `${n.id} ${n.firstName} ${n.lastName}`), next: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null };
    },
  };
}

/**
 * The same list in PostGraphile's names (`rowId` is the table's id; its `id` is a global node id): live
 * customers by last name, first name and id. By `ROW_ID_ASC`, not `PRIMARY_KEY_ASC`: the primary key is
 * (id, company_id) since the company keys, and the list's order is the service's, by the id alone.
 */
function postgraphile(url: string): Side {
  const query = `query ($after: Cursor) { allCustomers(first: ${PAGE_SIZE}, after: $after, condition: { deletedAt: null }, orderBy: [LASTNAME_ASC, FIRSTNAME_ASC, ROW_ID_ASC]) { nodes { rowId firstname lastname } pageInfo { endCursor hasNextPage } } }`;
  return {
    name: 'PostGraphile',
    url,
    headers: {},
    page: (after) => graphqlRequest(query, { after }),
    read: (body) => {
      const page = (body as { data: { allCustomers: Page } }).data.allCustomers;
      return { people: page.nodes.map((n) => `${n.rowId} ${n.firstname} ${n.lastname}`), next: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null };
    },
  };
}

async function fetchPage(side: Side, after: string | null) {
  const request = side.page(after);
  const response = await fetch(`${side.url}${request.path}`, { method: 'POST', headers: { ...side.headers, 'content-type': 'application/json' }, body: request.body });
  const body = (await response.json()) as { errors?: unknown };
  if (!response.ok || body.errors) throw new Error(`${side.name}: ${response.status} ${JSON.stringify(body)}`);
  return side.read(body);
}

/** Walks both lists page by page; they must hold the same customers in the same order. Returns each side's cursors. */
async function sameWalk(a: Side, b: Side): Promise<[(string | null)[], (string | null)[]]> {
  const afters: [(string | null)[], (string | null)[]] = [[null], [null]];
  for (let index = 0; ; index++) {
    const [pageA, pageB] = await Promise.all([fetchPage(a, afters[0][index]!), fetchPage(b, afters[1][index]!)]);
    if (pageA.people.join('\n') !== pageB.people.join('\n')) throw new Error(`page ${index} differs:\n${a.name}: ${pageA.people.slice(0, 3).join(', ')}…\n${b.name}: ${pageB.people.slice(0, 3).join(', ')}…`);
    if ((pageA.next === null) !== (pageB.next === null)) throw new Error(`page ${index}: one side has a next page, the other not`);
    if (pageA.next === null) return afters;
    afters[0].push(pageA.next);
    afters[1].push(pageB.next);
  }
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

const database = await benchDatabase('peer');
let project: Awaited<ReturnType<typeof startProject>> | undefined;
let peer: ServerProcess | undefined;
const dataDir = await mkdtemp(join(tmpdir(), 'bench-peer-'));
try {
  progress(`importing ${values.customers} customers...`);
  const company = await importCompany(database.url, Number(values.customers));
  // The renewals due since the data's day are caught up first by a process that runs the jobs; the measured
  // one serves requests only.
  const catchUp = await startProject('renewals catch-up', { root: ROOT, databaseUrl: database.url, dataDir: join(dataDir, 'catch-up'), company, cacheSeconds: 0, jobs: true });
  const settled = await renewalsSettled(database.url);
  await stopProject(catchUp);
  if (!settled) throw new Error('renewals still due after 120 s');
  project = await startProject('service', { root: ROOT, databaseUrl: database.url, dataDir, company, cacheSeconds: 0 });
  const serverFile = join(peerDir, 'bench-peer-server.mjs');
  await writeFile(serverFile, PEER_SERVER);
  peer = await startServerProcess('PostGraphile', serverFile, { DATABASE_URL: database.url, NODE_ENV: 'production' });
  const ours = service(project.server.url, project.tokens.m2m);
  const theirs = postgraphile(peer.url);
  const [oursAfters, theirAfters] = await sameWalk(ours, theirs);
  progress(`${oursAfters.length} pages alike on both sides`);
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const ratios: number[] = [];
  const rows: string[] = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    const time = (side: Side, afters: (string | null)[]) =>
      warmThenLoad({ url: side.url, headers: side.headers, requests: afters.map((after) => side.page(after)), seconds, connections }, 1.5);
    const a = await time(ours, oursAfters);
    const b = await time(theirs, theirAfters);
    if (a.non2xx || b.non2xx || a.errors || b.errors) throw new Error(`round ${round}: failed requests (service ${a.non2xx + a.errors}, PostGraphile ${b.non2xx + b.errors})`);
    ratios.push(a.rps / b.rps);
    rows.push(`| ${round} | ${a.rps.toFixed(0)} | ${a.p50} | ${b.rps.toFixed(0)} | ${b.p50} | ${(a.rps / b.rps).toFixed(2)} |`);
    progress(`round ${round}: service ${a.rps.toFixed(0)}/s, PostGraphile ${b.rps.toFixed(0)}/s`);
  }
  console.log(`Simple list of ${PAGE_SIZE} customers by cursor, ${oursAfters.length} pages cycled, ${connections} connections, ${seconds} s a side a round\n`);
  console.log('| round | service req/s | p50 ms | PostGraphile req/s | p50 ms | ratio |\n|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
  console.log(`\nmedian ratio ${median(ratios).toFixed(2)} (bar: 1.0)`);
} finally {
  await peer?.stop().catch(() => null);
  if (project) await stopProject(project).catch(() => {});
  await database.remove();
  await rm(dataDir, { recursive: true, force: true });
}
