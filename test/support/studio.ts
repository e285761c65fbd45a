/**
 * A running service with a company of its own: the real server on a fresh database, a company built
 * from a bundle the test gives (or a small generated one), and helpers to obtain M2M tokens with any
 * scopes and to call the surfaces.
 */
import { generateBundle } from '../../src/bundles/demo-data.ts';
import { importBundle } from '../../src/bundles/import.ts';
import type { Bundle } from '../../src/bundles/bundle.ts';
import { createApiClient } from '../../src/domain/api-clients.ts';
import { createCompany } from '../../src/domain/companies.ts';
import { createConsoleUser, type ConsoleRole } from '../../src/domain/console-users.ts';
import type { Clock } from '../../src/domain/clock.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { createV1Key } from '../../src/domain/v1-keys.ts';
import { startTestApp, type TestApp, type TestAppOptions } from './app.ts';

export interface Studio {
  app: TestApp;
  url: string;
  m2m: string;
  companyId: string;
  /** A new M2M client of this company (or `companyId`) with these scopes (all by default), and a token for it. */
  token(scopes?: readonly string[], companyId?: string): Promise<string>;
  v1: string;
  /** A new v1 API key of this company, and a token for it. */
  v1Token(companyId?: string): Promise<string>;
  /** Another company in the same database, with its own bundle. */
  otherCompany(bundle?: Bundle): Promise<string>;
  close(): Promise<void>;
}

export interface StudioOptions extends Pick<TestAppOptions, 'surfaces' | 'logger'> {
  bundle?: Bundle;
  env?: Record<string, string>;
  clock?: Clock;
  timezone?: string;
}

export async function startStudio(options: StudioOptions = {}): Promise<Studio> {
  const app = await startTestApp({ env: options.env, clock: options.clock, surfaces: options.surfaces, logger: options.logger });
  const { orm, serverKey, clock, config } = app.services;
  const timezone = options.timezone ?? 'Europe/London';
  const addCompany = async (bundle: Bundle, name: string) => {
    const { id } = await createCompany(orm, { name, timezone, currency: 'GBP' });
    await importBundle(orm, id, bundle);
    return id;
  };
  let companyId: string;
  try {
    companyId = await addCompany(options.bundle ?? generateBundle({ seed: 7, customers: 12, today: '2026-11-21' }), 'Test Studio');
  } catch (error) {
    await app.close();
    throw error;
  }
  const m2m = `${app.url}${config.M2M_BASE_PATH}`;
  return {
    app,
    url: app.url,
    m2m,
    companyId,
    token: async (scopes = ALL_SCOPES, forCompany = companyId) => {
      const client = await createApiClient(orm, serverKey, { companyId: forCompany, name: 'test client', scopes: scopes.join(' ') }, clock.now());
      const response = await fetch(`${m2m}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: client.client_id, client_secret: client.client_secret }),
      });
      if (!response.ok) throw new Error(`token request failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { access_token: string }).access_token;
    },
    v1: `${app.url}/api/v1`,
    v1Token: async (forCompany = companyId) => {
      const key = await createV1Key(orm, serverKey, { companyId: forCompany, name: 'test key' });
      const response = await fetch(`${app.url}/api/v1/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(key),
      });
      if (!response.ok) throw new Error(`v1 token request failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { token: string }).token;
    },
    otherCompany: (bundle) => addCompany(bundle ?? generateBundle({ seed: 8, customers: 3, today: '2026-11-21' }), 'Other Studio'),
    close: () => app.close(),
  };
}

let consoleUsers = 0;

/** A new console user with `role` in the studio's company (or `companyId`); a password is generated. */
export async function consoleUser(studio: Studio, role: ConsoleRole, companyId = studio.companyId): Promise<{ email: string; password: string; id: string }> {
  const email = `${role}-${++consoleUsers}-${process.pid}-${Date.now().toString(36)}@console.test`;
  const { user, password } = await createConsoleUser(studio.app.services.orm, { companyId, email, role });
  return { email, password: password!, id: user.id };
}

/** GET (or another method) with a bearer token; returns status, headers and parsed JSON body. */
export async function call(
  url: string,
  token: string | null,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the text itself
  }
  return { status: response.status, headers: response.headers, body };
}
