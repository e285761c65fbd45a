/**
 * The floor for a cache hit: bare `node:http` answering each known request path with a body it already
 * holds, as `application/json; charset=utf-8`. BODIES_FILE is a JSON object of path to body text.
 *
 * Run as a child process (bench/processes.ts) with BODIES_FILE and PORT.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { serveAsChild } from './processes.ts';

const bodies = new Map(Object.entries(JSON.parse(readFileSync(process.env.BODIES_FILE!, 'utf8')) as Record<string, string>).map(([path, text]) => [path, Buffer.from(text)]));

const server = createServer((req, res) => {
  const body = bodies.get(req.url!);
  if (!body) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
});
serveAsChild(server);
