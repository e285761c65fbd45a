/**
 * CORS in a real browser (Chromium through playwright-core): a page of a studio's own site, on another
 * origin than the service, calls GraphQL, M2M and v1 with tokens (each a preflighted call) and reads the
 * answers and their RateLimit fields; a page of an origin not in CORS_ORIGINS is refused by the browser.
 * Without /usr/bin/chromium (or CHROMIUM_PATH) the suite is skipped, saying so in its name.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import playwright from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { startStudio, type Studio } from '../support/studio.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
const haveBrowser = existsSync(CHROMIUM);
const suite = haveBrowser ? describe : describe.skip;
const title = haveBrowser ? 'CORS in Chromium' : `CORS in Chromium: SKIPPED, no browser at ${CHROMIUM} (apt-get install -y chromium)`;

/** A site of its own origin: one page that says where it is. */
async function site(name: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>${name}</title><h1>${name}</h1><pre id="out"></pre></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** What the page's script gets for a call to the service: the answer's status, body and limits, or the browser's refusal. */
function callFrom(page: Page, url: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, { ...init, mode: 'cors' });
        return { status: response.status, body: await response.json(), rateLimit: response.headers.get('RateLimit'), requestId: response.headers.get('X-Request-Id') };
      } catch (error) {
        return { refused: String(error) };
      }
    },
    { url, init },
  );
}

let studio: Studio;
let browser: Browser;
let studioSite: { server: Server; origin: string };
let strangerSite: { server: Server; origin: string };
let m2mToken: string;
let v1Token: string;

suite(title, () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [studioSite, strangerSite] = [await site('Studio booking widget'), await site('Somebody else')];
    studio = await startStudio({ env: { CORS_ORIGINS: studioSite.origin } });
    [m2mToken, v1Token] = [await studio.token(), await studio.v1Token()];
    browser = await playwright.chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await studio?.close();
    for (const s of [studioSite, strangerSite]) s?.server.close();
  });

  const open = async (origin: string) => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    return page;
  };
  interface Call {
    name: string;
    url: string;
    init: { method?: string; headers?: Record<string, string>; body?: string };
    read: (body: any) => number;
  }
  const calls = (): Call[] => [
    {
      name: 'GraphQL',
      url: `${studio.url}/graphql`,
      init: { method: 'POST', headers: { authorization: `Bearer ${m2mToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ customers(first: 2) { nodes { id } } }' }) },
      read: (body: any) => body.data.customers.nodes.length,
    },
    { name: 'M2M', url: `${studio.m2m}/customers?pageSize=2`, init: { headers: { authorization: `Bearer ${m2mToken}` } }, read: (body: any) => body.data.length },
    { name: 'v1', url: `${studio.v1}/customers?perPage=2`, init: { headers: { authorization: `Bearer ${v1Token}` } }, read: (body: any) => body.customers.length },
  ];

  it('lets a page of a listed origin call every surface with a token and read the answer and its limits', async () => {
    const page = await open(studioSite.origin);
    for (const { name, url, init, read } of calls()) {
      const result: any = await callFrom(page, url, init);
      expect([name, result.refused]).toEqual([name, undefined]);
      expect([name, result.status, read(result.body)]).toEqual([name, 200, 2]);
      expect([name, result.rateLimit]).toEqual([name, expect.stringMatching(/r=\d+/)]);
      expect([name, result.requestId]).toEqual([name, expect.any(String)]);
    }
    await page.locator('#out').evaluate((out, text) => (out.textContent = text), 'GraphQL, M2M and v1 answered across origins');
    await page.screenshot({ path: join(SHOTS, 'cors-listed-origin.png') });
    await page.close();
  });

  it('leaves a page of any other origin refused by the browser, for every surface', async () => {
    const page = await open(strangerSite.origin);
    for (const { name, url, init } of calls()) {
      const result: any = await callFrom(page, url, init);
      expect([name, result.refused]).toEqual([name, expect.stringContaining('Failed to fetch')]);
    }
    await page.close();
  });
});
