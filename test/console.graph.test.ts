/**
 * The console's graph by role: what owner, admin and staff may do (refusals are FORBIDDEN, nothing
 * changes), API clients through their life, console users, the webhook secret reveal, the audit log
 * (filters, paging, total, retention) with every console action recorded under its user, and bad input
 * answered BAD_USER_INPUT without a change.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setWebhook } from '../src/domain/webhook-endpoints.ts';
import { companyEm } from '../src/db/scope.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { consoleCall, signIn } from './support/console.ts';
import { consoleUser, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
const cookies: Record<'owner' | 'admin' | 'staff', string> = { owner: '', admin: '', staff: '' };
const users: Record<string, { email: string; id: string }> = {};
const passwords: Record<string, string> = {};
let webhookId: string;
let signingSecret: string;

beforeAll(async () => {
  studio = await startStudio({ env: { WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' } });
  for (const role of ['owner', 'admin', 'staff'] as const) {
    const user = await consoleUser(studio, role);
    users[role] = user;
    passwords[role] = user.password;
    cookies[role] = (await signIn(studio.url, user)).cookie;
  }
  const { orm, serverKey } = studio.app.services;
  const endpoint = await setWebhook(companyEm(orm, studio.companyId), serverKey, { companyId: studio.companyId, url: 'http://127.0.0.1:9/hooks', events: 'pass.purchased' }, { allowInsecure: true });
  webhookId = endpoint.id;
  signingSecret = endpoint.signingSecret!;
});
afterAll(() => studio?.close());

const call = (role: keyof typeof cookies, query: string, variables?: Record<string, unknown>) =>
  consoleCall(studio.url, query, { cookie: cookies[role], variables });

const codes = (body: any) => (body.errors ?? []).map((e: any) => e.extensions.code);

const count = async (table: string) =>
  (await studio.app.services.orm.em.getConnection().execute<Array<{ n: number }>>(`select count(*)::int as n from ${table}`))[0]!.n;

/** One operation of each area, with what it needs. */
const OPERATIONS: Array<[string, string, 'users:manage' | 'api-clients:manage' | 'audit:read' | 'webhooks:write' | 'customers:read' | 'appointments:read']> = [
  ['list API clients', '{ apiClients { id } }', 'api-clients:manage'],
  ['list v1 keys', '{ v1Keys { apiKey } }', 'api-clients:manage'],
  ['issue a v1 key', 'mutation { createV1Key(name: "matrix") { apiSecret } }', 'api-clients:manage'],
  ['create an API client', 'mutation { createApiClient(input: { name: "matrix", scopes: ["customers:read"] }) { secret } }', 'api-clients:manage'],
  ['read the audit log', '{ auditLog { total } }', 'audit:read'],
  ['name who the audit log can show', '{ auditActors { id } }', 'audit:read'],
  ['list webhook endpoints', '{ webhookEndpoints { id } }', 'webhooks:write'],
  ['reveal a webhook secret', 'mutation($id: ID!) { revealWebhookSecret(id: $id) }', 'webhooks:write'],
  ['list console users', '{ consoleUsers { id } }', 'users:manage'],
  ['add a console user', 'mutation { createConsoleUser(email: "matrix-ROLE@console.test", role: STAFF) { password } }', 'users:manage'],
  ['list customers', '{ customers(pageSize: 2) { total } }', 'customers:read'],
  ['list facilitators and services', '{ facilitators { id } services { id } }', 'appointments:read'],
];
const ALLOWED: Record<keyof typeof cookies, (scope: string) => boolean> = {
  owner: () => true,
  admin: (scope) => scope !== 'users:manage' && scope !== 'api-clients:manage',
  staff: (scope) => scope === 'customers:read' || scope === 'appointments:read',
};

describe('roles × operations', () => {
  const cases = (['owner', 'admin', 'staff'] as const).flatMap((role) => OPERATIONS.map(([what, query, scope]) => [role, what, query, scope] as const));
  it.each(cases)('%s: %s', async (role, _what, query, scope) => {
    const tables = ['api_client', 'console_user'];
    const before = await Promise.all(tables.map(count));
    const { body } = await call(role, query.replace('ROLE', role), { id: webhookId });
    if (ALLOWED[role](scope)) {
      expect(body.errors).toBeUndefined();
    } else {
      expect(codes(body)).toContain('FORBIDDEN');
      expect(body.errors[0].message).toBe(`Missing required scope: ${scope}`);
      expect(await Promise.all(tables.map(count))).toEqual(before);
    }
  });

  it('a console request without a session is UNAUTHENTICATED on guarded fields', async () => {
    const { body } = await consoleCall(studio.url, '{ apiClients { id } }', {});
    expect(codes(body)).toEqual(['UNAUTHENTICATED']);
  });

  it("`me` states the role's scopes", async () => {
    const scopes = async (role: keyof typeof cookies) => (await call(role, '{ me { scopes } }')).body.data.me.scopes as string[];
    expect(await scopes('staff')).not.toContain('api-clients:manage');
    expect(await scopes('admin')).toEqual(expect.arrayContaining([...ALL_SCOPES, 'audit:read']));
    expect(await scopes('admin')).not.toContain('users:manage');
    expect(await scopes('admin')).not.toContain('api-clients:manage');
    expect(await scopes('owner')).toEqual(expect.arrayContaining(['users:manage', 'api-clients:manage']));
  });

  it("`me` and sign-in give the company's timezone and currency, and the service's clock, by which the console reckons its today", async () => {
    const before = Date.now();
    const { body } = await call('staff', '{ me { companyTimezone companyCurrency now } }');
    expect(body.data.me).toMatchObject({ companyTimezone: 'Europe/London', companyCurrency: 'GBP' });
    expect(Date.parse(body.data.me.now)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(body.data.me.now)).toBeLessThanOrEqual(Date.now() + 1000);
    const answer = await consoleCall(studio.url, 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { companyTimezone now } }', {
      variables: { e: users.staff!.email, p: passwords.staff },
    });
    expect(answer.body.data.signIn).toEqual({ companyTimezone: 'Europe/London', now: expect.any(String) });
  });
});

describe('API clients', () => {
  it('lives through create, scopes, rotate and revoke; the secret is shown only by create and rotate', async () => {
    const created = await call('owner', `mutation { createApiClient(input: { name: "CRM", description: "sync", scopes: ["customers:read"], expiresInDays: 30 }) {
      secret client { id name description scopes expiresAt revoked lastUsedAt previousSecretValidUntil } } }`);
    const { client, secret } = created.body.data.createApiClient;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(client).toMatchObject({ name: 'CRM', description: 'sync', scopes: ['customers:read'], revoked: false, lastUsedAt: null, previousSecretValidUntil: null });
    expect(Date.parse(client.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const token = await fetch(`${studio.m2m}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: client.id, client_secret: secret }) });
    const accessToken = ((await token.json()) as { access_token: string }).access_token;
    await fetch(`${studio.m2m}/customers`, { headers: { authorization: `Bearer ${accessToken}` } });
    await studio.app.pipeline!.audit.flush();

    const scoped = await call('owner', 'mutation($id: ID!) { setApiClientScopes(id: $id, scopes: ["customers:read", "bookings:read"]) { scopes lastUsedAt } }', { id: client.id });
    expect(scoped.body.data.setApiClientScopes.scopes).toEqual(['customers:read', 'bookings:read']);
    expect(scoped.body.data.setApiClientScopes.lastUsedAt).not.toBeNull();

    const rotated = await call('owner', 'mutation($id: ID!) { rotateApiClientSecret(id: $id) { secret client { previousSecretValidUntil } } }', { id: client.id });
    expect(rotated.body.data.rotateApiClientSecret.secret).not.toBe(secret);
    expect(Date.parse(rotated.body.data.rotateApiClientSecret.client.previousSecretValidUntil)).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    const revoked = await call('owner', 'mutation($id: ID!) { revokeApiClient(id: $id) { revoked } }', { id: client.id });
    expect(revoked.body.data.revokeApiClient.revoked).toBe(true);
    const listed = await call('owner', '{ all: apiClients { id } live: apiClients(includeRevoked: false) { id } }');
    expect(listed.body.data.all.map((c: { id: string }) => c.id)).toContain(client.id);
    expect(listed.body.data.live.map((c: { id: string }) => c.id)).not.toContain(client.id);
  });

  it("cannot touch another company's client", async () => {
    const other = await studio.otherCompany();
    const { createApiClient } = await import('../src/domain/api-clients.ts');
    const foreign = await createApiClient(studio.app.services.orm, studio.app.services.serverKey, { companyId: other, name: 'theirs', scopes: 'customers:read' }, new Date());
    const { body } = await call('owner', 'mutation($id: ID!) { revokeApiClient(id: $id) { revoked } }', { id: foreign.client_id });
    expect(codes(body)).toEqual(['BAD_USER_INPUT']);
    expect((await studio.app.services.orm.em.getConnection().execute(`select revoked_at from api_client where id = ?`, [foreign.client_id]))[0]!.revoked_at).toBeNull();
  });

  it('lets a v1 key live through create, rotate and revoke: the secret works, the old one for the grace, tokens end on revoke, all audited', async () => {
    const v1Token = (apiKey: string, apiSecret: string) =>
      fetch(`${studio.v1}/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey, apiSecret }) });
    const created = await call('owner', 'mutation { createV1Key(name: "Website") { apiSecret previousSecretValidUntil key { apiKey name revoked lastUsedAt createdAt } } }');
    const { key, apiSecret } = created.body.data.createV1Key;
    expect(key).toMatchObject({ apiKey: expect.stringMatching(/^key_/), name: 'Website', revoked: false, lastUsedAt: null });
    expect(created.body.data.createV1Key.previousSecretValidUntil).toBeNull();
    const first = await v1Token(key.apiKey, apiSecret);
    expect(first.status).toBe(200);
    const { token } = (await first.json()) as { token: string };
    const customers = () => fetch(`${studio.v1}/customers?perPage=1`, { headers: { authorization: `Bearer ${token}` } });
    expect((await customers()).status).toBe(200);

    const rotated = await call('owner', 'mutation($k: ID!) { rotateV1Key(apiKey: $k) { apiSecret previousSecretValidUntil } }', { k: key.apiKey });
    const { apiSecret: newSecret, previousSecretValidUntil } = rotated.body.data.rotateV1Key;
    expect(newSecret).not.toBe(apiSecret);
    expect(Date.parse(previousSecretValidUntil)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // Both secrets obtain tokens during the grace; the token issued before the rotation stops at once.
    expect((await v1Token(key.apiKey, newSecret)).status).toBe(200);
    expect((await v1Token(key.apiKey, apiSecret)).status).toBe(200);
    expect((await customers()).status).toBe(401);

    const newToken = ((await (await v1Token(key.apiKey, newSecret)).json()) as { token: string }).token;
    const revoked = await call('owner', 'mutation($k: ID!) { revokeV1Key(apiKey: $k) { apiKey revoked } }', { k: key.apiKey });
    expect(revoked.body.data.revokeV1Key).toEqual({ apiKey: key.apiKey, revoked: true });
    expect((await fetch(`${studio.v1}/customers`, { headers: { authorization: `Bearer ${newToken}` } })).status).toBe(401);
    expect((await v1Token(key.apiKey, newSecret)).status).toBe(401);
    const listed = await call('owner', '{ v1Keys { apiKey revoked lastUsedAt } }');
    expect(listed.body.data.v1Keys).toContainEqual({ apiKey: key.apiKey, revoked: true, lastUsedAt: expect.any(String) });

    await studio.app.pipeline!.audit.flush();
    const audited = await call('owner', '{ auditLog(pageSize: 20) { items { resourceType status targets } } }');
    expect(audited.body.errors).toBeUndefined();
    const entries = audited.body.data.auditLog.items as { resourceType: string; status: number; targets: string[] }[];
    for (const field of ['createV1Key', 'rotateV1Key', 'revokeV1Key']) {
      expect(entries).toContainEqual({ resourceType: field, status: 200, targets: [key.apiKey] });
    }
  });

  it("cannot rotate or revoke another company's v1 key, nor an unknown one", async () => {
    const other = await studio.otherCompany();
    const { createV1Key } = await import('../src/domain/v1-keys.ts');
    const foreign = await createV1Key(studio.app.services.orm, studio.app.services.serverKey, { companyId: other, name: 'theirs' });
    for (const apiKey of [foreign.apiKey, 'key_nobody']) {
      for (const mutation of ['rotateV1Key(apiKey: $k) { apiSecret }', 'revokeV1Key(apiKey: $k) { revoked }']) {
        const { body } = await call('owner', `mutation($k: ID!) { ${mutation} }`, { k: apiKey });
        expect(codes(body)).toEqual(['BAD_USER_INPUT']);
      }
    }
    const [row] = await studio.app.services.orm.em.getConnection().execute(`select revoked_at, previous_secret_hash from v1_api_key where id = ?`, [foreign.apiKey]);
    expect(row).toEqual({ revoked_at: null, previous_secret_hash: null });
    const listed = await call('owner', '{ v1Keys { apiKey } }');
    expect(listed.body.data.v1Keys.map((k: { apiKey: string }) => k.apiKey)).not.toContain(foreign.apiKey);
  });

  it('lists every API scope in the catalogue, grouped and described', async () => {
    const { body } = await call('staff', '{ scopeCatalogue { name group description } }');
    expect(body.data.scopeCatalogue.map((s: { name: string }) => s.name).sort()).toEqual([...ALL_SCOPES].sort());
    for (const scope of body.data.scopeCatalogue) expect(scope.group && scope.description).toBeTruthy();
  });
});

describe('bad input is BAD_USER_INPUT and changes nothing', () => {
  it.each([
    ['an unknown scope', 'mutation { createApiClient(input: { name: "x", scopes: ["customers:read", "root:all"] }) { secret } }', 'scopes'],
    ['no scopes', 'mutation { createApiClient(input: { name: "x", scopes: [] }) { secret } }', 'scopes'],
    ['an empty name', 'mutation { createApiClient(input: { name: "  ", scopes: ["customers:read"] }) { secret } }', 'input.name'],
    ['expiry of 0 days', 'mutation { createApiClient(input: { name: "x", scopes: ["customers:read"], expiresInDays: 0 }) { secret } }', 'input.expiresInDays'],
    ['an unknown client', 'mutation { setApiClientScopes(id: "m2m_nope", scopes: ["customers:read"]) { id } }', 'id'],
    ['a bad email', 'mutation { createConsoleUser(email: "not an email", role: STAFF) { password } }', 'email'],
    ['a taken email', 'mutation { createConsoleUser(email: "EMAIL", role: STAFF) { password } }', 'email'],
    ['an audit page size over 100', '{ auditLog(pageSize: 101) { total } }', 'pageSize'],
    ['a negative audit page', '{ auditLog(page: -1) { total } }', 'page'],
    ['an audit range that ends before it starts', '{ auditLog(filter: { from: "2026-11-02T00:00:00Z", to: "2026-11-01T00:00:00Z" }) { total } }', 'filter.to'],
  ])('%s', async (_what, query, field) => {
    const tables = ['api_client', 'console_user'];
    const before = await Promise.all(tables.map(count));
    const { status, body } = await call('owner', query.replace('EMAIL', users.admin!.email));
    expect(status).toBe(200);
    expect(body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});

describe('console users (owner only)', () => {
  it('adds a user who signs in with the shown password, changes the role, resets the password (ending sessions) and removes them', async () => {
    const created = await call('owner', 'mutation { createConsoleUser(email: "New.Person@Console.test", role: STAFF) { password user { id email role lastSignInAt } } }');
    const { user, password } = created.body.data.createConsoleUser;
    expect(user).toMatchObject({ email: 'new.person@console.test', role: 'STAFF', lastSignInAt: null });
    const session = await signIn(studio.url, { email: 'new.person@console.test', password });
    expect(session.body.data.signIn.role).toBe('STAFF');

    const promoted = await call('owner', 'mutation($id: ID!) { setConsoleUserRole(id: $id, role: ADMIN) { role } }', { id: user.id });
    expect(promoted.body.data.setConsoleUserRole.role).toBe('ADMIN');
    expect((await consoleCall(studio.url, '{ me { role } }', { cookie: session.cookie })).body.data.me.role).toBe('ADMIN');

    const reset = await call('owner', 'mutation($id: ID!) { resetConsoleUserPassword(id: $id) { password } }', { id: user.id });
    expect((await consoleCall(studio.url, '{ me { id } }', { cookie: session.cookie })).body.data.me).toBeNull();
    expect((await signIn(studio.url, { email: user.email, password })).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const again = await signIn(studio.url, { email: user.email, password: reset.body.data.resetConsoleUserPassword.password });
    expect(again.body.data.signIn.id).toBe(user.id);

    const removed = await call('owner', 'mutation($id: ID!) { removeConsoleUser(id: $id) }', { id: user.id });
    expect(removed.body.data.removeConsoleUser).toBe(user.id);
    expect((await consoleCall(studio.url, '{ me { id } }', { cookie: again.cookie })).body.data.me).toBeNull();
  });

  it("names everyone the audit log can show, by name, to its readers who manage neither clients nor users, and only the company's own", async () => {
    const created = await call('owner', 'mutation { createApiClient(input: { name: "actor-named", scopes: ["customers:read"] }) { client { id } } }');
    const clientId = created.body.data.createApiClient.client.id as string;
    const { body } = await call('admin', '{ auditActors { id kind name } }');
    expect(body.errors).toBeUndefined();
    const actors = body.data.auditActors as { id: string; kind: string; name: string }[];
    expect(actors).toContainEqual({ id: clientId, kind: 'API_CLIENT', name: 'actor-named' });
    expect(actors).toContainEqual({ id: users.staff!.id, kind: 'CONSOLE_USER', name: users.staff!.email });
    const elsewhere = await consoleUser(studio, 'owner', await studio.otherCompany());
    const again = (await call('admin', '{ auditActors { id } }')).body.data.auditActors as { id: string }[];
    expect(again.map((a) => a.id)).not.toContain(elsewhere.id);
  });

  it('keeps the company an owner', async () => {
    const lone = await studio.otherCompany();
    const owner = await consoleUser(studio, 'owner', lone);
    const { cookie } = await signIn(studio.url, owner);
    for (const query of ['mutation($id: ID!) { setConsoleUserRole(id: $id, role: STAFF) { role } }', 'mutation($id: ID!) { removeConsoleUser(id: $id) }']) {
      const { body } = await consoleCall(studio.url, query, { cookie, variables: { id: owner.id } });
      expect(codes(body)).toEqual(['BAD_USER_INPUT']);
    }
    expect((await consoleCall(studio.url, '{ me { role } }', { cookie })).body.data.me.role).toBe('OWNER');
  });

  it('keeps an owner when two owners demote or remove each other at the same moment', async () => {
    // The loser's call is refused as the last owner's (BAD_USER_INPUT) when both were let in before either
    // committed; when the winner committed first, the loser no longer is an owner (FORBIDDEN) or a user at all.
    for (const [query, late] of [
      ['mutation($id: ID!) { setConsoleUserRole(id: $id, role: ADMIN) { role } }', 'FORBIDDEN'],
      ['mutation($id: ID!) { removeConsoleUser(id: $id) }', 'UNAUTHENTICATED'],
    ] as const) {
      const company = await studio.otherCompany();
      const [first, second] = [await consoleUser(studio, 'owner', company), await consoleUser(studio, 'owner', company)];
      const [a, b] = [await signIn(studio.url, first), await signIn(studio.url, second)];
      const answers = await Promise.all([
        consoleCall(studio.url, query, { cookie: a.cookie, variables: { id: second.id } }),
        consoleCall(studio.url, query, { cookie: b.cookie, variables: { id: first.id } }),
      ]);
      const outcomes = answers.map((answer) => codes(answer.body).join()).sort();
      expect(outcomes[0]).toBe('');
      expect(['BAD_USER_INPUT', late]).toContain(outcomes[1]);
      const survivor = answers[0].body.errors ? b : a;
      expect((await consoleCall(studio.url, '{ me { role } }', { cookie: survivor.cookie })).body.data.me.role).toBe('OWNER');
    }
  });
});

describe('webhook secret reveal', () => {
  it('shows the current signing secret to webhooks:write', async () => {
    const { body } = await call('admin', 'mutation($id: ID!) { revealWebhookSecret(id: $id) }', { id: webhookId });
    expect(body.data.revealWebhookSecret).toBe(signingSecret);
  });
  it('answers NOT_FOUND for an unknown endpoint', async () => {
    const { body } = await call('admin', 'mutation { revealWebhookSecret(id: "whk_nope") }');
    expect(codes(body)).toEqual(['NOT_FOUND']);
  });
});

describe('audit log', () => {
  it('records console actions with the console user, surface console and the request id', async () => {
    const { headers } = await call('admin', 'mutation($id: ID!) { revealWebhookSecret(id: $id) }', { id: webhookId });
    await studio.app.pipeline!.audit.flush();
    const { body } = await call('owner', `{ auditLog(filter: { userId: "${users.admin!.id}", resource: "revealwebhook" }, pageSize: 1) {
      total retentionDays items { surface actor clientId userEmail method path resourceType action status requestId } } }`);
    expect(body.data.auditLog.retentionDays).toBe(90);
    expect(body.data.auditLog.items[0]).toEqual({
      surface: 'console', actor: users.admin!.email, clientId: null, userEmail: users.admin!.email,
      method: 'POST', path: '/graphql', resourceType: 'revealWebhookSecret', action: 'UPDATE', status: 200, requestId: headers.get('x-request-id'),
    });
  });

  it('records a refusal as a denial with the missing scope', async () => {
    await call('staff', '{ apiClients { id } }');
    await studio.app.pipeline!.audit.flush();
    const { body } = await call('owner', `{ auditLog(filter: { userId: "${users.staff!.id}", deniedOnly: true }) { total items { status missingScope actor } } }`);
    expect(body.data.auditLog.total).toBeGreaterThan(0);
    for (const item of body.data.auditLog.items) expect(item).toMatchObject({ status: 403, actor: users.staff!.email });
    expect(body.data.auditLog.items.map((i: { missingScope: string }) => i.missingScope)).toContain('api-clients:manage');
  });

  it('records the sign-in under the user who signed in', async () => {
    const user = await consoleUser(studio, 'staff');
    await signIn(studio.url, user);
    await studio.app.pipeline!.audit.flush();
    const { body } = await call('owner', `{ auditLog(filter: { userId: "${user.id}", resource: "signIn" }) { total items { surface actor action } } }`);
    expect(body.data.auditLog).toEqual({ total: 1, items: [{ surface: 'console', actor: user.email, action: 'UPDATE' }] });
  });

  it('pages newest first on the server, with the total of the filter, and filters by client, surface, method and date', async () => {
    const token = await studio.token(['customers:read']);
    for (let i = 0; i < 5; i++) await fetch(`${studio.m2m}/customers?page=${i}`, { headers: { authorization: `Bearer ${token}` } });
    await studio.app.pipeline!.audit.flush();
    const [row] = await studio.app.services.orm.em.getConnection().execute(`select client from audit_entry where path = '/m2m/customers' order by id desc limit 1`);
    const { client } = row!;
    const page = (n: number) => call('admin', `{ auditLog(filter: { clientId: "${client}", surface: "m2m", method: "get" }, page: ${n}, pageSize: 2) { total page pageSize items { id at actor clientId path } } }`);
    const pages = await Promise.all([0, 1, 2].map(page));
    expect(pages.map((p) => p.body.data.auditLog.total)).toEqual([5, 5, 5]);
    const items = pages.flatMap((p) => p.body.data.auditLog.items);
    expect(items).toHaveLength(5);
    expect(new Set(items.map((i: { id: string }) => i.id)).size).toBe(5);
    expect(items.map((i: { at: string }) => i.at)).toEqual(items.map((i: { at: string }) => i.at).sort().reverse());
    for (const item of items) expect(item).toMatchObject({ actor: client, clientId: client, path: '/m2m/customers' });
    const future = await call('admin', `{ auditLog(filter: { clientId: "${client}", from: "2999-01-01T00:00:00Z" }) { total items { id } } }`);
    expect(future.body.data.auditLog).toEqual({ total: 0, items: [] });
  });

  it('names the API client of each entry beside its id, read in one statement for the page, and the console user by id and email', async () => {
    const [first, second] = [await studio.token(['customers:read']), await studio.token(['customers:read'])];
    for (const token of [first, second, first]) await fetch(`${studio.m2m}/customers`, { headers: { authorization: `Bearer ${token}` } });
    await call('admin', '{ customers(pageSize: 1) { total } }');
    await studio.app.pipeline!.audit.flush();
    const statements = studio.app.statements;
    statements.length = 0;
    const { body } = await call('owner', '{ auditLog(filter: { surface: "m2m" }, pageSize: 3) { items { clientId clientName userId userEmail } } }');
    const items = body.data.auditLog.items;
    expect(new Set(items.map((i: { clientId: string }) => i.clientId)).size).toBe(2);
    for (const item of items) expect(item).toEqual({ clientId: expect.stringMatching(/^m2m_/), clientName: 'test client', userId: null, userEmail: null });
    expect(statements.filter((sql) => /from "?api_client"?/.test(sql))).toHaveLength(1);
    const mine = await call('owner', `{ auditLog(filter: { userId: "${users.admin!.id}" }, pageSize: 1) { items { clientId clientName userId userEmail } } }`);
    expect(mine.body.data.auditLog.items).toEqual([{ clientId: null, clientName: null, userId: users.admin!.id, userEmail: users.admin!.email }]);
  });

  it('shows changes and denials without the reads let through, when asked', async () => {
    await call('staff', '{ customers(pageSize: 1) { total } }');
    await call('staff', 'mutation { createCustomer(input: { firstName: "Audit", lastName: "Trail", email: "audit.trail@example.com" }) { id } }');
    await call('staff', '{ consoleUsers { id } }');
    await studio.app.pipeline!.audit.flush();
    const { body } = await call('owner', `{ auditLog(filter: { userId: "${users.staff!.id}", changesAndDenials: true }, pageSize: 100) { items { resourceType action status } } }`);
    const items = body.data.auditLog.items as { resourceType: string; action: string; status: number }[];
    expect(items.map((i) => i.resourceType)).toEqual(expect.arrayContaining(['createCustomer', 'consoleUsers']));
    for (const item of items) expect(item.action !== 'READ' || [401, 403].includes(item.status)).toBe(true);
    const all = await call('owner', `{ auditLog(filter: { userId: "${users.staff!.id}" }, pageSize: 100) { items { resourceType } } }`);
    expect(all.body.data.auditLog.items.map((i: { resourceType: string }) => i.resourceType)).toContain('customers');
  });
});
