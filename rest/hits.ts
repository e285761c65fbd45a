/**
 * The REST surfaces' cache hits, answered before Express sees the request. A GET by a caller whose token
 * was verified before, whose client's status is fresh, whose scopes suffice and whose answer is in the
 * cache is the commonest call there is: here it runs the pipeline's own steps (the same cache key, rate
 * limits, an audit entry committed before the answer leaves, request id, metrics, request log) without the
 * framework's per-request work, and answers with the stored bytes in one write.
 *
 * Anything else goes on to Express, which serves it as before: a miss, a token or client not seen lately,
 * a missing scope, an unusual request (a conditional GET, a body, an escaped path, NUL in the query).
 * Until the rate limits are consulted nothing has happened; from then on the request's admission goes
 * with it (`handOverAdmission`), so a refused call is answered by Express and never counted twice.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { callEntry, handOverAdmission } from '../src/pipeline/http.ts';
import type { Pipeline } from '../src/pipeline/index.ts';
import { inputProblem } from '../src/pipeline/input-guards.ts';
import { rateLimitHeader, type ClientLimits } from '../src/pipeline/limits.ts';
import { missingScope } from '../src/pipeline/scopes.ts';
import type { Surface } from '../src/pipeline/tokens.ts';
import type { FrontDoor, FrontDoorTools } from '../src/server/app.ts';
import { requestIdOf } from '../src/server/request-id.ts';
import { isCached, readKey, type Route, type StoredReply } from './route.ts';

export interface HitSurface {
  /** Mount path, `/m2m`. */
  base: string;
  surface: Surface;
  routes: readonly Route[];
  limits: ClientLimits;
}

interface CachedRoute {
  pattern: RegExp;
  params: string[];
  route: Route;
  /** `/m2m/customers`, as the request metrics name the route. */
  name: string;
  surface: HitSurface;
}

/** Paths whose segments need no decoding: anything escaped is Express's to decode and check. */
const PLAIN_PATH = /^[A-Za-z0-9/_.~-]+$/;

const BEARER_PREFIX = /^bearer $/i;

function cachedRoutes(pipeline: Pipeline, surfaces: readonly HitSurface[]): CachedRoute[] {
  return surfaces.flatMap((surface) =>
    surface.routes
      .filter((route) => isCached(route, pipeline.cache))
      .map((route) => {
        const segments = `${surface.base}${route.path}`.split('/');
        const params = segments.filter((s) => s.startsWith(':')).map((s) => s.slice(1));
        const pattern = new RegExp(`^${segments.map((s) => (s.startsWith(':') ? '([^/]+)' : s)).join('/')}/?$`);
        return { pattern, params, route, name: `${surface.base}${route.path}`, surface };
      }),
  );
}

export function cacheHits(pipeline: Pipeline, surfaces: readonly HitSurface[], tools: FrontDoorTools): FrontDoor {
  const routes = cachedRoutes(pipeline, surfaces);
  const policies = new Map(surfaces.map((s) => [s, s.limits.policyHeader()]));
  const { cache, tokens, callers, audit } = pipeline;

  // The request metrics' series of each route and status, labelled once rather than per answer.
  const series = new Map<string, ReturnType<typeof tools.metrics.requestDuration.labels>>();
  const durationOf = (route: string, status: number) => {
    const key = `${route} ${status}`;
    let found = series.get(key);
    if (!found) series.set(key, (found = tools.metrics.requestDuration.labels({ method: 'GET', route, status: String(status) })));
    return found;
  };

  const match = (path: string) => {
    for (const candidate of routes) {
      const found = candidate.pattern.exec(path);
      if (found) return { candidate, params: Object.fromEntries(candidate.params.map((name, i) => [name, found[i + 1]!])) };
    }
    return undefined;
  };

  /** The stored answer when everything before the rate limits lets this request have it; else undefined. */
  const lookUp = async (req: IncomingMessage, path: string, query: string) => {
    const found = match(path);
    const header = req.headers.authorization;
    if (!found || !header || !BEARER_PREFIX.test(header.slice(0, 7))) return undefined;
    const { candidate, params } = found;
    // Only a token verified before is known: any other spelling of a header is Express's to refuse.
    const claims = tokens.known(candidate.surface.surface, header.slice(7));
    const caller = claims && callers.knownCaller(candidate.surface.surface, claims);
    if (!caller || missingScope(candidate.route.operation.analysis.requirements, caller.scopes)) return undefined;
    const parsed = parseQuery(query);
    if (inputProblem(parsed)) return undefined;
    let variables: Record<string, unknown>;
    try {
      variables = candidate.route.variables?.({ query: parsed, params, body: undefined }) ?? {};
    } catch {
      return undefined;
    }
    const entry = await cache.get<StoredReply>(await readKey(cache, candidate.route, caller, variables));
    return entry && { entry, caller, candidate };
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, path: string, query: string, onward: () => void) => {
    const started = performance.now();
    const found = await lookUp(req, path, query).catch(() => undefined);
    if (!found || !tools.gate.enter(res)) return onward();
    const { entry, caller, candidate } = found;
    const { surface, route, name } = candidate;
    const admission = await surface.limits.admit(caller.id);
    handOverAdmission(req, admission);
    if (!admission.admitted) return onward();
    res.once('close', () => void admission.release());

    const id = requestIdOf(req.headers['x-request-id']);
    const { status, body, etag } = entry.value;
    try {
      await audit.record(
        callEntry(pipeline, {
          caller,
          requestId: id,
          surface: surface.surface,
          method: 'GET',
          path,
          note: { resourceType: route.resource, action: 'READ' },
          status,
        }),
      );
    } catch {
      // Express answers it again, with its own audit step: 503 in the surface's shape if the log still cannot be written.
      return onward();
    }
    (req as IncomingMessage & { id: string }).id = id;
    tools.logRequest?.(req, res);
    res.writeHead(status, [
      'X-Request-Id', id,
      'RateLimit-Policy', policies.get(surface)!,
      'RateLimit', rateLimitHeader(admission.states),
      'X-Cache', 'HIT',
      'Age', String(cache.ageSeconds(entry)),
      'Content-Type', 'application/json; charset=utf-8',
      'Content-Length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.length),
      ...(etag ? ['ETag', etag] : []),
    ]);
    res.end(body);
    durationOf(name, status).observe((performance.now() - started) / 1000);
  };

  return (req, res, onward) => {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !routes.length) return onward();
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    // A conditional GET (304), a GET with a body, or an escaped path takes Express's general way.
    if (req.headers['if-none-match'] !== undefined || req.headers['content-length'] || req.headers['transfer-encoding'] || !PLAIN_PATH.test(path)) {
      return onward();
    }
    let handed = false;
    const handOn = () => {
      if (handed) return;
      handed = true;
      onward();
    };
    answer(req, res, path, mark < 0 ? '' : url.slice(mark + 1), handOn).catch(() => {
      if (!res.headersSent) handOn();
    });
  };
}
