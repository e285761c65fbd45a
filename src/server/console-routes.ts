/**
 * The admin console over HTTP: the web app built into CONSOLE_DIR (its hashed assets cached for a year,
 * its pages never), GraphiQL at /admin/explorer for signed-in users and at /graphql for browsers outside
 * production, and the CSV export of the audit log. Every /admin answer carries a CSP that allows only
 * this origin, so the console runs offline and nothing injected can load or send elsewhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createHash, timingSafeEqual } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import accepts from 'accepts';
import express, { type Express, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { auditActor, searchAudit, type AuditSearch } from '../domain/audit-log.ts';
import { csrfToken } from '../domain/console-sessions.ts';
import { Invalid, Unauthenticated } from '../domain/errors.ts';
import { authorise } from '../pipeline/authorise.ts';
import { consoleCaller, cookieSession } from '../pipeline/console.ts';
import { admitToGraphql } from '../pipeline/graphql.ts';
import { pathOf, REQUEST_ID_HEADER, type Request } from '../pipeline/http.ts';
import type { Pipeline } from '../pipeline/index.ts';
import { door } from '../pipeline/run.ts';
import type { Services } from '../services.ts';
import type { EndpointSpec } from './app.ts';
import { plainErrors } from './errors.ts';

const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'";

/** The CSV export's columns, in order. */
/** `clientName` came later: it goes last, so readers of the earlier columns by position keep working. */
const CSV_COLUMNS = ['at', 'surface', 'actor', 'method', 'path', 'resourceType', 'action', 'status', 'missingScope', 'requestId', 'clientName', 'errorCode', 'targets'] as const;
/** Rows read per query while exporting, and at most exported. */
const CSV_BATCH = 1000;
const CSV_MAX_ROWS = 100_000;

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Console not built</title></head>
<body><h1>Console not built</h1><p>The admin console has not been built: run <code>npm run build:console</code> (npm start does it when needed).</p></body></html>
`;

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  next();
};

/** A page of the built console, or the "not built" page. */
function sendPage(dir: string, page: string, res: Response): void {
  const file = join(dir, page);
  res.setHeader('Cache-Control', 'no-cache');
  if (!existsSync(file)) {
    res.status(503).type('html').send(NOT_BUILT);
    return;
  }
  res.sendFile(file);
}

/** A CSV cell: quoted when needed; a leading formula character is defused for spreadsheets. */
function csvCell(value: string | number | boolean | Date | readonly string[] | null | undefined): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join(' ') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Compared as digests: equal lengths whatever the characters, so any query string is only a mismatch. */
const digest = (text: string) => createHash('sha256').update(text).digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

type Query = Record<string, string | string[] | undefined>;

const queryOf = (req: Request): Query => parseQuery((req.url ?? '').slice(pathOf(req.url).length + 1));

/** The audit filter of the export's query string (the names of the GraphQL `AuditFilter`); a message when one is bad. */
function auditSearch(query: Query): AuditSearch | string {
  const text = (name: string) => (typeof query[name] === 'string' && query[name] !== '' ? query[name] : undefined);
  const instant = (name: string) => {
    const value = text(name);
    if (value === undefined) return undefined;
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? null : at;
  };
  const from = instant('from');
  const to = instant('to');
  if (from === null || to === null) return 'from and to must be ISO 8601 instants';
  return {
    clientId: text('clientId'),
    userId: text('userId'),
    surface: text('surface'),
    method: text('method'),
    deniedOnly: text('deniedOnly') === 'true',
    changesAndDenials: text('changesAndDenials') === 'true',
    resource: text('resource'),
    from,
    to,
  };
}

export function mountConsole(app: Express, services: Services): void {
  const dir = services.config.CONSOLE_DIR;
  app.use('/admin', securityHeaders);
  app.use('/admin/assets', express.static(join(dir, 'assets'), { immutable: true, maxAge: '365d', index: false }), (_req, res) => {
    res.status(404).type('text').send('Not found');
  });

  app.get('/admin/explorer', async (req, res, next) => {
    try {
      if (!(await cookieSession(services, req))) return res.redirect(302, '/admin/sign-in?next=/admin/explorer');
      sendPage(dir, 'explorer.html', res);
    } catch (error) {
      next(error);
    }
  });

  // Client-side routes of the app: every other page under /admin is its index.html.
  app.get(['/admin', '/admin/{*route}'], (_req, res) => sendPage(dir, 'index.html', res));
}

/**
 * `GET /admin/audit.csv`, a call of the console's: a download link cannot send X-Studio-Console, so it carries
 * the session's csrf token instead (`me { csrfToken }`), checked beside the cookie; the user's role must grant
 * `audit:read`.
 */
export function auditExportEndpoint(pipeline: Pipeline, logger: Logger): EndpointSpec {
  const { services } = pipeline;
  const headers = { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store' };
  const endpoint = door<Query>(pipeline, {
    surface: 'console',
    resource: 'auditCsv',
    errors: plainErrors,
    logger,
    headers,
    // The session's cookie, and beside it the csrf token of its link: a download link cannot send X-Studio-Console.
    authenticate: async (call, req) => {
      const cookie = await cookieSession(services, req);
      const csrf = queryOf(req).csrf;
      if (cookie && sameText(typeof csrf === 'string' ? csrf : '', csrfToken(services.serverKey, cookie.tokenHash))) call.caller = consoleCaller(cookie.user);
    },
    // Admitted like every call, signed in or not, before it is refused or served.
    admit: (call) => admitToGraphql(pipeline, call),
    read: (_call, req) => queryOf(req),
    serve: async (call, query) => {
      if (!call.caller) throw new Unauthenticated('Sign in to the console and use its export link');
      authorise(call, [{ path: 'auditCsv', scopes: ['audit:read'] }]);
      const search = auditSearch(query);
      if (typeof search === 'string') throw new Invalid('from', 'format', search);
      const lines = [CSV_COLUMNS.join(',')];
      for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_BATCH) {
        const { rows } = await searchAudit(services.orm, call.caller.companyId, search, { offset, limit: CSV_BATCH });
        for (const row of rows) lines.push(CSV_COLUMNS.map((column) => csvCell(column === 'actor' ? auditActor(row) : row[column])).join(','));
        if (rows.length < CSV_BATCH) break;
      }
      return {
        status: 200,
        body: `${lines.join('\r\n')}\r\n`,
        type: 'text/csv; charset=utf-8',
        headers: { 'Content-Disposition': 'attachment; filename="audit-log.csv"' },
      };
    },
  });
  return { methods: ['GET', 'HEAD'], path: '/admin/audit.csv', endpoint };
}

/**
 * GraphiQL, offline, for a browser that opens /graphql outside production; `?sandbox` (or a console not
 * built) keeps Apollo Sandbox's landing page for people online. True when it answered.
 */
export function graphqlExplorerPage(services: Services): (req: Request, res: ServerResponse) => boolean {
  const page = join(services.config.CONSOLE_DIR, 'explorer.html');
  return (req, res) => {
    if (services.config.production || req.method !== 'GET') return false;
    const query = parseQuery((req.url ?? '').slice(pathOf(req.url).length + 1));
    if ('query' in query || 'sandbox' in query || accepts(req).type(['json', 'html']) !== 'html' || !existsSync(page)) return false;
    const html = readFileSync(page);
    res.writeHead(200, {
      [REQUEST_ID_HEADER]: req.id,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': html.length,
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
      'Cache-Control': 'no-cache',
    });
    res.end(html);
    return true;
  };
}
