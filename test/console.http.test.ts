/**
 * The console over HTTP, on a console build of the test's own (CONSOLE_DIR), so the suite never needs
 * `vite build`: static assets, the SPA fallback, /admin/explorer only when signed in, GraphiQL at /graphql
 * for browsers outside production, the "not built" page, security headers, and the audit CSV export with
 * its csrf token.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleCall, signIn } from './support/console.ts';
import { consoleUser, startStudio, type Studio } from './support/studio.ts';

let dist: string;
let studio: Studio;
let owner: { cookie: string; csrf: string; email: string };

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'console-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(dist, 'explorer.html'), '<!doctype html><title>explorer</title>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  studio = await startStudio({ env: { CONSOLE_DIR: dist } });
  const user = await consoleUser(studio, 'owner');
  const { cookie } = await signIn(studio.url, user);
  const me = await consoleCall(studio.url, '{ me { csrfToken } }', { cookie });
  owner = { cookie, csrf: me.body.data.me.csrfToken, email: user.email };
});
afterAll(async () => {
  await studio?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${studio.url}${path}`, { headers, redirect: 'manual' });

describe('the built console', () => {
  it.each(['/admin', '/admin/', '/admin/api-clients', '/admin/audit/42', '/admin/sign-in'])('serves index.html at %s, never cached, with the security headers', async (path) => {
    const response = await get(path, HTML);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>app</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('serves hashed assets for a year, and 404 for a missing one (not the app)', async () => {
    const asset = await get('/admin/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await get('/admin/assets/missing-000.js')).status).toBe(404);
  });

  it('redirects /admin/explorer to sign-in when not signed in, and serves GraphiQL when signed in', async () => {
    const anonymous = await get('/admin/explorer', HTML);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/admin/sign-in?next=/admin/explorer');
    const signedIn = await get('/admin/explorer', { ...HTML, cookie: owner.cookie });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain('<title>explorer</title>');
  });

  it('serves GraphiQL at /graphql to a browser in development; ?sandbox keeps Apollo Sandbox; API clients still get JSON', async () => {
    expect(await (await get('/graphql', HTML)).text()).toContain('<title>explorer</title>');
    expect(await (await get('/graphql?sandbox', HTML)).text()).not.toContain('<title>explorer</title>');
    const query = await get(`/graphql?query=${encodeURIComponent('{ __typename }')}`, { 'apollo-require-preflight': '1' });
    expect(await query.json()).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('without a build', () => {
  it('says how to build it, and /graphql keeps Apollo\'s landing page', async () => {
    const bare = await startStudio({ env: { CONSOLE_DIR: join(dist, 'nowhere') } });
    try {
      const page = await fetch(`${bare.url}/admin/customers`, { headers: HTML });
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('npm run build:console');
      const graphql = await fetch(`${bare.url}/graphql`, { headers: HTML });
      expect(graphql.status).toBe(200);
      expect(await graphql.text()).not.toContain('npm run build:console');
    } finally {
      await bare.close();
    }
  });
});

describe('GraphiQL at /graphql is for development only', () => {
  it('is not served in production', async () => {
    const production = await startStudio({ env: { CONSOLE_DIR: dist, NODE_ENV: 'production' } });
    try {
      expect(await (await fetch(`${production.url}/graphql`, { headers: HTML })).text()).not.toContain('<title>explorer</title>');
    } finally {
      await production.close();
    }
  });
});

describe('audit CSV export', () => {
  beforeAll(async () => {
    await consoleCall(studio.url, 'mutation { createApiClient(input: { name: "exported", scopes: ["customers:read"] }) { secret } }', { cookie: owner.cookie });
    await studio.app.pipeline!.audit.flush();
  });

  it('exports the filtered rows with the documented columns', async () => {
    const response = await get(`/admin/audit.csv?surface=console&resource=createApiClient&csrf=${owner.csrf}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="audit-log.csv"');
    const [header, ...rows] = (await response.text()).trimEnd().split('\r\n');
    expect(header).toBe('at,surface,actor,method,path,resourceType,action,status,missingScope,requestId,clientName,errorCode,targets');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[^,]+Z,console,${owner.email.replace(/[.+]/g, '\\$&')},POST,/graphql,createApiClient,UPDATE,200,,[\\w-]+,,,m2m_\\w+$`));
  });

  it.each([
    ['without the csrf token', () => `/admin/audit.csv`, () => owner.cookie],
    ['with a wrong csrf token', () => `/admin/audit.csv?csrf=${'A'.repeat(43)}`, () => owner.cookie],
    ['with a csrf token of multi-byte characters', () => `/admin/audit.csv?csrf=${encodeURIComponent('é'.repeat(43))}`, () => owner.cookie],
    ['with a csrf token given twice', () => `/admin/audit.csv?csrf=${owner.csrf}&csrf=${owner.csrf}`, () => owner.cookie],
    ['without the session', () => `/admin/audit.csv?csrf=${owner.csrf}`, () => ''],
  ])('refuses a request %s', async (_what, path, cookie) => {
    const response = await get(path(), cookie() ? { cookie: cookie() } : {});
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain('createApiClient');
  });

  it('refuses staff (no audit:read) with 403, and records the export with its user', async () => {
    const staff = await consoleUser(studio, 'staff');
    const { cookie } = await signIn(studio.url, staff);
    const csrf = (await consoleCall(studio.url, '{ me { csrfToken } }', { cookie })).body.data.me.csrfToken;
    expect((await get(`/admin/audit.csv?csrf=${csrf}`, { cookie })).status).toBe(403);
    await studio.app.pipeline!.audit.flush();
    const { body } = await consoleCall(studio.url, `{ auditLog(filter: { resource: "auditCsv", userId: "${staff.id}" }) { items { status missingScope surface actor } } }`, { cookie: owner.cookie });
    expect(body.data.auditLog.items).toEqual([{ status: 403, missingScope: 'audit:read', surface: 'console', actor: staff.email }]);
  });

  it('answers 400 for a bad date', async () => {
    expect((await get(`/admin/audit.csv?from=yesterday&csrf=${owner.csrf}`, { cookie: owner.cookie })).status).toBe(400);
  });
});
