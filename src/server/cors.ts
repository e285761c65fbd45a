/**
 * Cross-origin calls to the API surfaces (/graphql, M2M, v1) from the origins CORS_ORIGINS lists: a booking
 * widget on a studio's own site calls with a bearer token. A preflight is answered here, before any door
 * authenticates or counts it (204, with the allowed methods and headers when its origin is listed, without
 * them when not: the browser then refuses). Credentials (cookies) are never allowed cross-origin, for any
 * origin: the console's session cookie works on its own origin only, and the surfaces need none.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** What a cross-origin caller sends beyond the simple headers: its token, JSON, an idempotency key, Apollo clients' own. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id', 'Apollo-Require-Preflight', 'X-Apollo-Operation-Name', 'If-None-Match'];
/** What a cross-origin script may read of an answer: limits, retries, the cache, the request id, where a creation went. */
const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id', 'X-Cache', 'Age', 'ETag', 'Location', 'Idempotent-Replayed'];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** `*`, or exact origins such as `https://studio.example`, comma-separated. */
export function parseOrigins(text: string | undefined): '*' | string[] {
  if (!text) return [];
  const origins = text.split(',').map((origin) => origin.trim()).filter(Boolean);
  return origins.includes('*') ? '*' : origins;
}

/**
 * Adds the CORS headers of a call from another origin; answers a preflight itself and returns true then.
 * With no origins listed, a preflight is still answered (204, allowing nothing) rather than refused as an
 * unauthenticated call.
 */
export function corsFor(origins: '*' | string[]): (req: IncomingMessage, res: ServerResponse) => boolean {
  const handle = cors({
    origin: origins === '*' ? '*' : origins,
    methods: METHODS,
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    optionsSuccessStatus: 204,
  });
  return (req, res) => {
    if (req.headers.origin === undefined) return false;
    let passed = false;
    // Synchronous with a list of origins: it answers an OPTIONS itself, or passes the call on.
    handle(req, res, () => {
      passed = true;
    });
    return !passed;
  };
}
