/**
 * The HTTP side of a call, shared by every door: a `Call` made from a request (its id, path and source
 * address), the request's body read under the surfaces' limits, and step 9, the answer: the reply's status,
 * the headers the steps added, and its bytes in one write. An entity tag answers a matching conditional GET
 * with 304.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import bodyParser from 'body-parser';
import fresh from 'fresh';
import proxyAddr from 'proxy-addr';
import { Invalid, PayloadTooLarge } from '../domain/errors.ts';
import { newCall, type Call, type Reply, type Surface } from './call.ts';
import { JsonTooDeep, refuseDeepJson } from './input-guards.ts';

/** JSON bodies up to 100 kB and 32 levels deep; OAuth token requests may also be forms up to 10 kB. */
export const JSON_BODY_KB = 100;
const FORM_BODY_KB = 10;
const JSON_TYPE = 'application/json; charset=utf-8';

/** A request as the doors see it: Node's, with the id the server gave it. */
export interface Request extends IncomingMessage {
  id: string;
  body?: unknown;
}

/** Serves one matched request; `params` are the route's decoded path parameters. */
export type Endpoint = (req: Request, res: ServerResponse, params: Record<string, string | undefined>) => void;

/** `TRUST_PROXY` (true, false, a number of hops, or addresses and subnets) as proxy-addr's trust function. */
export function trustOf(setting: boolean | number | string): (address: string, hop: number) => boolean {
  if (setting === true) return () => true;
  if (setting === false) return TRUST_NONE;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting.split(',').map((entry) => entry.trim()));
}

/** Trusts no proxy: the client's address is the socket's. */
const TRUST_NONE = () => false;

/** The client's address: the socket's, or the nearest one the trusted proxies name. */
export const addressOf = (req: IncomingMessage, trust: (address: string, hop: number) => boolean): string =>
  (trust === TRUST_NONE ? req.socket.remoteAddress : proxyAddr(req, trust)) ?? req.socket.remoteAddress ?? 'unknown';

/** Whether the client reached this service over HTTPS: the socket's own TLS, or a trusted proxy's `X-Forwarded-Proto`. */
export function isHttps(req: IncomingMessage, trust: (address: string, hop: number) => boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  return typeof forwarded === 'string' && trust(req.socket.remoteAddress ?? '', 0) && forwarded.split(',')[0]!.trim() === 'https';
}

/** The path of a request's URL, without its query. */
export function pathOf(url: string | undefined): string {
  const text = url ?? '/';
  const mark = text.indexOf('?');
  return mark < 0 ? text : text.slice(0, mark);
}

export function startCall(req: Request, surface: Surface, resource: string, trust: (address: string, hop: number) => boolean): Call {
  const call = newCall({ surface, method: req.method ?? 'GET', path: pathOf(req.url), requestId: req.id, address: addressOf(req, trust), resource });
  call.headers.set(REQUEST_ID_HEADER, req.id);
  return call;
}

/** Every answer echoes its request's id (src/server/request-id.ts). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

const parsers = {
  json: bodyParser.json({ limit: `${JSON_BODY_KB}kb`, verify: refuseDeepJson }),
  form: bodyParser.urlencoded({ extended: false, limit: `${FORM_BODY_KB}kb` }),
};

interface BodyError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
}

/** body-parser's refusals as the error vocabulary. */
function bodyProblem(error: BodyError, kb: number): Error {
  if (error instanceof JsonTooDeep) return error.invalid;
  if (error.type === 'entity.too.large') return new PayloadTooLarge(kb);
  if (error.type === 'entity.parse.failed') return new Invalid('body', 'format', 'is not valid JSON');
  if (error.status !== undefined && error.status < 500 && error.expose) return new Invalid('body', 'format', error.message ?? 'cannot be read');
  return error as Error;
}

/**
 * The request's body: parsed JSON (or, with `form`, a form), undefined when the request sends none of
 * these. Too large, too deep or malformed: the vocabulary's error naming the body.
 */
export function readBody(req: Request, res: ServerResponse, kinds: ReadonlyArray<'json' | 'form'> = ['json']): Promise<unknown> {
  if (req.body !== undefined || (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)) {
    return Promise.resolve(req.body);
  }
  return kinds.reduce<Promise<unknown>>(
    (previous, kind) =>
      previous.then((body) =>
        body !== undefined
          ? body
          : new Promise((resolve, reject) =>
              parsers[kind](req, res, (error?: unknown) => (error ? reject(bodyProblem(error, kind === 'json' ? JSON_BODY_KB : FORM_BODY_KB)) : resolve(req.body))),
            ),
      ),
    Promise.resolve(undefined),
  );
}

/**
 * Step 9, answer: the reply with every header the steps added, and whether it came from the cache
 * (`X-Cache: HIT|MISS`, `Age`). A GET whose `If-None-Match` names the reply's
 * entity tag is answered 304 without a body; HEAD gets the headers alone.
 */
export function answer(req: IncomingMessage, res: ServerResponse, call: Call, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  // One list handed to writeHead: no header is stored and looked up one by one (a header of several
  // values, Set-Cookie, is one entry whose value is a list). The reply's own headers win over the steps'.
  const own = reply.headers;
  const ownNames = own && Object.keys(own).map((name) => name.toLowerCase());
  const headers: Array<string | string[]> = [];
  const add = (name: string, value: string | string[]) => {
    if (!ownNames?.includes(name.toLowerCase())) headers.push(name, value);
  };
  for (const [name, value] of call.headers) add(name, value);
  if (call.cache) {
    add('X-Cache', call.cache.hit ? 'HIT' : 'MISS');
    add('Age', String(call.cache.ageSeconds));
  }
  if (own) for (const name in own) headers.push(name, own[name]!);
  const etag = reply.headers?.ETag;
  const unchanged = !!etag && reply.status === 200 && (req.method === 'GET' || req.method === 'HEAD') && fresh(req.headers, { etag });
  if (reply.body === null || unchanged) {
    res.writeHead(unchanged ? 304 : reply.status, headers as string[]);
    res.end();
    return;
  }
  // A text body becomes bytes once: its length is theirs, and the socket writes them as they are. Measuring
  // the text and then writing it encoded it twice (a large GraphQL answer is JSON joined to a newline,
  // which measuring first copied whole to flatten).
  const bytes = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
  add('Content-Type', reply.type ?? JSON_TYPE);
  add('Content-Length', String(bytes.length));
  res.writeHead(reply.status, headers as string[]);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
