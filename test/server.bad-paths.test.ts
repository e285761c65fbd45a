/**
 * A path that cannot be decoded is the caller's mistake: every route of every surface answers it with a 4xx
 * in that surface's error shape, and nothing is logged at error level (anyone could fill the error log).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import pino from 'pino';
import { m2mRoutes } from '../rest/m2m/routes.ts';
import { v1Routes } from '../rest/v1/routes.ts';
import { startStudio, type Studio } from './support/studio.ts';

/** Percent-encodings no decoder accepts: a lone byte, a cut sequence, an overlong slash, a bad digit, a bare `%`. */
const UNDECODABLE = ['%ff', '%E0%A4%A', '%C0%AF', '%zz', '%'];

const logged: { level: number; msg?: string }[] = [];
let studio: Studio;
let m2mToken: string;
let v1Token: string;

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  studio = await startStudio({ logger });
  [m2mToken, v1Token] = [await studio.token(), await studio.v1Token()];
}, 60_000);
afterAll(() => studio?.close());

/** The raw path is sent as it is: fetch and URL would re-encode it. */
function send(method: string, path: string, token?: string): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(studio.url);
  return new Promise((resolve, reject) => {
    const body = method === 'GET' ? '' : '{}';
    const headers = { ...(token && { authorization: `Bearer ${token}` }), 'content-type': 'application/json', 'content-length': String(body.length) };
    const req = request({ hostname, port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => (text += chunk)).on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode!, body });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Each route's path with each parameter in turn, or a segment after a path without parameters, made undecodable. */
function badPaths(base: string, routes: { method: string; path: string }[]): [string, string][] {
  return routes.flatMap(({ method, path }) => {
    const params = path.split('/').filter((segment) => segment.startsWith(':'));
    const shapes = params.length ? params.flatMap((param) => UNDECODABLE.map((bad) => path.replace(param, bad).replace(/:[A-Za-z]+/g, '1'))) : UNDECODABLE.map((bad) => `${path}/${bad}`);
    return shapes.map((shape): [string, string] => [method, `${base}${shape}`]);
  });
}

const m2mShape = (body: any) => expect(body).toEqual({ error: expect.any(String) });
const v1Shape = (body: any) => expect(body).toEqual({ error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) });

describe('undecodable paths', () => {
  it.each(badPaths('/m2m', m2mRoutes))('M2M %s %s is a 4xx in the M2M shape', async (method, path) => {
    const { status, body } = await send(method, path, m2mToken);
    expect([400, 404]).toContain(status);
    m2mShape(body);
  });

  it.each(badPaths('/api/v1', v1Routes))('v1 %s %s is a 4xx in the v1 shape', async (method, path) => {
    const { status, body } = await send(method, path, v1Token);
    expect([400, 404]).toContain(status);
    v1Shape(body);
  });

  it.each(UNDECODABLE.flatMap((bad) => [
    ['GET', `/admin/${bad}`],
    ['GET', `/admin/customers/${bad}`],
    ['GET', `/graphql/${bad}`],
    ['POST', `/graphql/${bad}`],
    ['GET', `/m2m/${bad}`],
    ['POST', `/m2m/${bad}`],
    ['GET', `/api/v1/${bad}`],
    ['GET', `/${bad}`],
    ['GET', `/healthz/${bad}`],
  ]))('%s %s, anonymous, is a 4xx', async (method, path) => {
    const { status } = await send(method, path);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it('logged nothing above info for any of them', () => {
    expect(logged.filter((line) => line.level > 30)).toEqual([]);
  });
});
