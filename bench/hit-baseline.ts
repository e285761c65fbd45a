/**
 * The same work as a cache hit, done by hand (issue 18): bare `node:http` that looks the bearer token up in
 * a map of the tokens it knows, counts the call against its client's per-minute counter, finds the stored
 * bytes of the path, and answers only once the call's audit row is committed, grouped with the rows of
 * concurrent calls into one INSERT on a connection of its own (synchronous_commit off, as the service's).
 * What the service adds beyond this is its generality: the router, the typed call, scopes, the cache key,
 * the RateLimit fields, metrics and logs.
 *
 * Run as a child process (bench/processes.ts) with DATABASE_URL, BODIES_FILE (path -> body text), TOKENS_FILE
 * (token -> {client, companyId, surface}) and PORT.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { serveAsChild } from './processes.ts';

interface Known {
  client: string;
  companyId: string;
  surface: string;
}

const bodies = new Map(Object.entries(JSON.parse(readFileSync(process.env.BODIES_FILE!, 'utf8')) as Record<string, string>).map(([path, text]) => [path, Buffer.from(text)]));
const tokens = new Map(Object.entries(JSON.parse(readFileSync(process.env.TOKENS_FILE!, 'utf8')) as Record<string, Known>));

const PER_MINUTE = 100_000_000;
const counters = new Map<string, { minute: number; count: number }>();

const INSERT = `insert into audit_entry (company_id, client, surface, method, path, resource_type, action, status, at)
  select "companyId", client, surface, 'GET', path, 'customer', 'READ', 200, at from json_to_recordset($1::json)
  as entry("companyId" text, client text, surface text, path text, at timestamptz)`;
const audit = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, options: '-c synchronous_commit=off' });
let queue: Array<{ row: object; done: () => void }> = [];
let writing = false;

async function writeGroups(): Promise<void> {
  writing = true;
  while (queue.length) {
    const group = queue;
    queue = [];
    await audit.query({ name: 'audit', text: INSERT, values: [JSON.stringify(group.map((g) => g.row))] });
    for (const g of group) g.done();
  }
  writing = false;
}

const committed = (row: object) =>
  new Promise<void>((done) => {
    queue.push({ row, done });
    if (!writing) setImmediate(() => void writeGroups());
  });

async function handle(req: IncomingMessage, res: ServerResponse) {
  const known = tokens.get((req.headers.authorization ?? '').slice(7));
  if (!known) return res.writeHead(401).end();
  const minute = Math.floor(Date.now() / 60_000);
  const counter = counters.get(known.client);
  if (!counter || counter.minute !== minute) counters.set(known.client, { minute, count: 1 });
  else if (++counter.count > PER_MINUTE) return res.writeHead(429).end();
  const body = bodies.get(req.url!);
  if (!body) return res.writeHead(404).end();
  await committed({ companyId: known.companyId, client: known.client, surface: known.surface, path: req.url!.split('?')[0], at: new Date().toISOString() });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
}

const server = createServer((req, res) => void handle(req, res));
serveAsChild(server);
