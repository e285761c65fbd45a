/**
 * The demo company that `npm start` seeds into an empty database, so a new user can call every surface
 * at once: a small deterministic data set around today, an M2M client with every scope, a v1 key and a
 * console owner. Their secrets are kept in DATA_DIR/demo-credentials.json (mode 0600); the database holds
 * only hashes.
 */
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Company, ConsoleUser } from './db/entities/index.ts';
import { unscopedEm } from './db/scope.ts';
import { createApiClient } from './domain/api-clients.ts';
import { createCompany } from './domain/companies.ts';
import { createConsoleUser } from './domain/console-users.ts';
import { ALL_SCOPES } from './domain/scopes.ts';
import { localDate } from './domain/time.ts';
import { createV1Key } from './domain/v1-keys.ts';
import type { Services } from './services.ts';

export interface DemoCredentials {
  companyId: string;
  m2m: { client_id: string; client_secret: string; scopes: string[] };
  v1: { apiKey: string; apiSecret: string };
  /** The admin console's demo owner. */
  admin?: { email: string; password: string };
}

export const DEMO_OWNER_EMAIL = 'owner@demo.studio';

export const demoCredentialsPath = (dataDir: string) => join(dataDir, 'demo-credentials.json');

export async function hasCompanies(orm: MikroORM): Promise<boolean> {
  return (await unscopedEm(orm).count(Company, {})) > 0;
}

/** Seeds the demo company and returns the path of the credentials file. */
export async function seedDemo({ orm, serverKey, clock, config }: Services): Promise<string> {
  const timezone = 'Europe/London';
  const { id: companyId } = await createCompany(orm, { name: 'Demo Studio', timezone, currency: 'GBP' });
  // Loaded only to seed: faker's locale data and the bundle importer (pg-copy-streams, the bundle's zod
  // schemas) would otherwise stay in every server's memory.
  const [{ generateBundle }, { importBundle }] = await Promise.all([import('./bundles/demo-data.ts'), import('./bundles/import.ts')]);
  // Dated from today, so the demo has upcoming classes and recent history whenever it is seeded.
  const bundle = generateBundle({ seed: 42, customers: 50, today: localDate(clock.now(), timezone), timezone, currency: 'GBP' });
  await importBundle(orm, companyId, bundle);
  const client = await createApiClient(orm, serverKey, { companyId, name: 'Demo integration', scopes: ALL_SCOPES.join(' ') }, clock.now());
  const v1 = await createV1Key(orm, serverKey, { companyId, name: 'Demo key' });

  const credentials: DemoCredentials = {
    companyId,
    m2m: { client_id: client.client_id, client_secret: client.client_secret, scopes: client.scopes },
    v1,
    admin: await demoOwner(orm, companyId),
  };
  return writeCredentials(config.DATA_DIR, credentials);
}

async function demoOwner(orm: MikroORM, companyId: string): Promise<{ email: string; password: string }> {
  const { user, password } = await createConsoleUser(orm, { companyId, email: DEMO_OWNER_EMAIL, role: 'owner' });
  return { email: user.email, password: password! };
}

async function writeCredentials(dataDir: string, credentials: DemoCredentials): Promise<string> {
  const path = demoCredentialsPath(dataDir);
  await mkdir(dataDir, { recursive: true });
  await writeFile(path, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
  return path;
}

/**
 * A demo company seeded before the console existed gets its owner: added to the credentials file under
 * `admin`, once (not when the company has console users already, or the owner's email is taken).
 */
export async function addDemoOwner(orm: MikroORM, dataDir: string, credentials: DemoCredentials): Promise<DemoCredentials> {
  if (credentials.admin) return credentials;
  const em = unscopedEm(orm);
  if ((await em.count(ConsoleUser, { company: credentials.companyId })) || (await em.count(ConsoleUser, { email: DEMO_OWNER_EMAIL }))) return credentials;
  const updated = { ...credentials, admin: await demoOwner(orm, credentials.companyId) };
  await writeCredentials(dataDir, updated);
  return updated;
}

/** The credentials written by an earlier start, when their company is still in this database. */
export async function existingDemoCredentials(orm: MikroORM, dataDir: string): Promise<DemoCredentials | undefined> {
  const path = demoCredentialsPath(dataDir);
  if (!existsSync(path)) return undefined;
  let credentials: DemoCredentials;
  try {
    credentials = JSON.parse(await readFile(path, 'utf8')) as DemoCredentials;
  } catch {
    return undefined;
  }
  if (typeof credentials?.companyId !== 'string') return undefined;
  const found = await unscopedEm(orm).count(Company, { id: credentials.companyId });
  return found > 0 ? credentials : undefined;
}
