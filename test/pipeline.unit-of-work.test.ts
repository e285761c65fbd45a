/**
 * Every writer goes through one unit of work: whatever door or tool made a write, the next read on every door
 * sees it, the audit log says who did what to which record with the answer's real outcome, and a mutation
 * document commits all or nothing. Who is calling is settled before anything it sent is read, and every
 * door admits its calls.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDirective } from '@graphql-tools/utils';
import { generateBundle } from '../src/bundles/demo-data.ts';
import { PoolRunner } from '../src/db/reads.ts';
import { listAudit } from '../src/domain/audit-log.ts';
import { buildSchema } from '../resolvers/index.ts';
import { runCli } from './support/cli.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { heardOf } from './support/notices.ts';


let studio: Studio;
let token: string;
let v1Token: string;
let dataDir: string;

beforeAll(async () => {
  studio = await startStudio({ env: { M2M_RATE_PER_MINUTE: '100000', M2M_MAX_CONCURRENT: '1000', M2M_DAILY_QUOTA: '1000000', V1_RATE_PER_MINUTE: '100000' } });
  token = await studio.token();
  v1Token = await studio.v1Token();
  dataDir = await mkdtemp(join(tmpdir(), 'studio-uow-'));
});
afterAll(async () => {
  await studio.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The admin command line (in this process: test/support/cli.ts), on the studio's database and server key, with `--json`. */
async function admin(args: string[]): Promise<any> {
  const run = await runCli([...args, '--json'], {
    // The service's own server key, so that secrets the command line makes are the service's.
    env: { DATABASE_URL: studio.app.database.url, DATA_DIR: dataDir, SERVER_KEY: studio.app.services.serverKey.toString('hex'), WEBHOOK_ALLOW_INSECURE_TARGETS: 'true' },
  });
  if (run.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${run.code}\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

const graphql = (query: string, variables: Record<string, unknown> = {}, bearer: string | null = token) =>
  call(`${studio.url}/graphql`, bearer, { method: 'POST', body: { query, variables } });

const rows = <T>(sql: string, params: unknown[] = []) => new PoolRunner(studio.app.services.orm).rows<T>(sql, params);

/** The customer totals each door answers, each read twice so that the second may be a cache hit. */
async function totals(): Promise<{ m2m: number; v1: number; graphql: number; hits: string[] }> {
  const read = async () => ({
    m2m: await call(`${studio.m2m}/customers?pageSize=1`, token),
    v1: await call(`${studio.v1}/customers?perPage=1`, v1Token),
    graphql: await graphql('{ customers(pageSize: 1) { total } }'),
  });
  await read();
  const second = await read();
  return {
    m2m: second.m2m.body.total,
    v1: second.v1.body.total ?? second.v1.body.meta?.total ?? second.v1.body.pagination?.total,
    graphql: second.graphql.body.data.customers.total,
    hits: [second.m2m, second.v1, second.graphql].map((answer) => answer.headers.get('x-cache') ?? 'none'),
  };
}

describe('every write is seen by the next read on every door', () => {
  it('a page total selected alone is read again after a write on another door', async () => {
    const before = await totals();
    expect(before.hits).toContain('HIT');
    const created = await call(`${studio.v1}/customers`, v1Token, { method: 'POST', body: { firstName: 'Page', lastName: 'Total', email: 'page.total@example.com' } });
    expect(created.status).toBe(201);
    const after = await totals();
    expect(after).toMatchObject({ m2m: before.m2m + 1, v1: before.v1 + 1, graphql: before.graphql + 1 });
  });

  it('an import by the command line is seen by the next read on every door', async () => {
    const before = await totals();
    const file = join(dataDir, 'three.json');
    await writeFile(file, JSON.stringify({ format: 1, customers: generateBundle({ seed: 31, customers: 3, today: '2026-11-21' }).customers }));
    const imported = await admin(['import', '--company', studio.companyId, '--file', file, '--new-ids']);
    expect(imported.imported.customers).toBe(3);
    const after = await totals();
    expect(after).toMatchObject({ m2m: before.m2m + 3, v1: before.v1 + 3, graphql: before.graphql + 3 });
    // Recorded in the import's own transaction (src/cli/program.ts `recorded`): one entry, committed with it.
    const log = await admin(['audit', 'list', '--company', studio.companyId, '--limit', '20']);
    expect(log.filter((entry: { operation: string }) => entry.operation === 'import')).toEqual([
      expect.objectContaining({ surface: 'cli', operation: 'import', status: 200, actor: expect.stringMatching(/^cli:/) }),
    ]);
  });

  it('a webhook endpoint set by the command line is listed by the next read on v1 and GraphQL', async () => {
    const listed = async () => {
      await call(`${studio.v1}/webhooks`, v1Token);
      const v1 = await call(`${studio.v1}/webhooks`, v1Token);
      await graphql('{ webhookEndpoints { url } }');
      const graph = await graphql('{ webhookEndpoints { url } }');
      return { v1: v1.body.webhooks.map((w: { url: string }) => w.url), graphql: graph.body.data.webhookEndpoints.map((w: { url: string }) => w.url) };
    };
    expect(await listed()).toEqual({ v1: [], graphql: [] });
    const url = 'http://127.0.0.1:9/uow-hooks';
    await admin(['webhook', 'set', '--company', studio.companyId, '--url', url, '--events', 'customer.created']);
    expect(await listed()).toEqual({ v1: [url], graphql: [url] });
  });
});

describe('a mutation document commits all or nothing', () => {
  const count = async (email: string) => (await rows<{ n: string }>('select count(*) as n from customer where email = $1', [email]))[0]!.n;
  const events = async () => (await rows<{ n: string }>(`select count(*) as n from webhook_event where kind = 'customer.created'`))[0]!.n;

  it('a create whose answer fails in a nested field leaves no customer and no customer.created', async () => {
    const eventsBefore = await events();
    const answer = await graphql(
      'mutation { createCustomer(input: { firstName: "Nested", lastName: "Failure", email: "nested.failure@example.com" }) { id transactions(pageSize: 1000) { total } } }',
    );
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await count('nested.failure@example.com')).toBe('0');
    expect(await events()).toBe(eventsBefore);
  });

  it('two aliased updates whose second is NOT_FOUND leave the first unchanged', async () => {
    const { id, lastname } = (await rows<{ id: string; lastname: string }>('select id, lastname from customer where company_id = $1 order by id limit 1', [studio.companyId]))[0]!;
    const answer = await graphql(
      `mutation($id: ID!) { a: updateCustomer(id: $id, input: { lastName: "Changed" }) { id } b: updateCustomer(id: "cust_nobody", input: { lastName: "Nobody" }) { id } }`,
      { id },
    );
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual(['NOT_FOUND']);
    expect((await rows<{ lastname: string }>('select lastname from customer where id = $1', [id]))[0]!.lastname).toBe(lastname);
  });

  it('every mutation of the graph declares what it invalidates', () => {
    const schema = buildSchema();
    const undeclared = Object.entries(schema.getMutationType()!.getFields()).filter(([, field]) => !getDirective(schema, field, 'invalidates')?.[0]);
    expect(undeclared.map(([name]) => name)).toEqual([]);
  });
});

describe('the audit log tells what happened, the same on every door', () => {
  const entries = async () => {
    await studio.app.pipeline!.audit.flush();
    return listAudit(studio.app.services.orm, { companyId: studio.companyId, limit: 1000 });
  };

  it('a GraphQL mutation refused with CONFLICT is recorded as 409 with its code', async () => {
    const completed = await call(`${studio.m2m}/appointments/bookings?pageSize=1&status=COMPLETED`, token);
    const id = completed.body.data[0].id;
    const answer = await graphql('mutation Refused($id: ID!) { setAppointmentStatus(id: $id, status: SCHEDULED) { id } }', { id });
    expect(answer.status).toBe(200);
    expect(answer.body.errors[0].extensions.code).toBe('CONFLICT');
    expect((await entries()).find((entry) => entry.operation === 'Refused')).toMatchObject({ surface: 'graphql', status: 409, errorCode: 'CONFLICT', targets: [] });
  });

  it('updateCustomer on GraphQL and PUT /customers/{id} on v1 name the customer in targets', async () => {
    const [first, second] = await rows<{ id: string }>('select id from customer where company_id = $1 order by id desc limit 2', [studio.companyId]);
    const graph = await graphql('mutation Named($id: ID!) { updateCustomer(id: $id, input: { firstName: "Named" }) { id } }', { id: first!.id });
    expect(graph.body.errors).toBeUndefined();
    const v1 = await call(`${studio.v1}/customers/${second!.id}`, v1Token, { method: 'PUT', body: { firstName: 'Named' } });
    expect(v1.status).toBe(200);
    const log = await entries();
    expect(log.find((entry) => entry.operation === 'Named')).toMatchObject({ surface: 'graphql', status: 200, errorCode: null, targets: [first!.id] });
    expect(log.find((entry) => entry.method === 'PUT' && entry.path === `/api/v1/customers/${second!.id}`)).toMatchObject({ surface: 'v1', status: 200, targets: [second!.id] });
  });

  it('a client created by the command line appears in `audit list` with surface cli, its actor and the client', async () => {
    const created = await admin(['client', 'create', '--company', studio.companyId, '--name', 'from the cli', '--scopes', 'customers:read']);
    const listed = await admin(['audit', 'list', '--company', studio.companyId, '--limit', '20']);
    expect(listed.find((entry: { surface: string; resourceType: string }) => entry.surface === 'cli' && entry.resourceType === 'client')).toMatchObject({
      surface: 'cli', actor: expect.stringMatching(/^cli:/), action: 'UPDATE', status: 200, errorCode: null, targets: [created.client_id],
    });
  });

  it('30 anonymous oversized paths and operation names fail none of the 60 ordinary calls beside them', async () => {
    const attacks = Array.from({ length: 30 }, (_, n) =>
      n % 2
        ? call(`${studio.m2m}/${'a'.repeat(300 + n)}`, null)
        : call(`${studio.url}/graphql`, null, { method: 'POST', body: { query: `query ${'Q'.repeat(300 + n)} { __typename }` } }),
    );
    const ordinary = Array.from({ length: 60 }, (_, n) => (n % 2 ? call(`${studio.m2m}/customers?pageSize=1`, token) : call(`${studio.v1}/customers?perPage=1`, v1Token)));
    const [attacked, answered] = await Promise.all([Promise.all(attacks), Promise.all(ordinary)]);
    expect(answered.map((answer) => answer.status)).toEqual(Array(60).fill(200));
    expect(attacked.every((answer) => answer.status < 500)).toBe(true);
  });
});

describe('who is calling comes first', () => {
  it.each([
    ['M2M', () => `${studio.m2m}/customer/cust_x/profile`, 'PUT'],
    ['v1', () => `${studio.v1}/customers`, 'POST'],
    ['GraphQL', () => `${studio.url}/graphql`, 'POST'],
  ])('a malformed body without a token is 401 on %s', async (_door, url, method) => {
    const answer = await call(url(), null, { method, body: '{"firstName": ', headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(401);
  });
});

describe('every door admits its calls', () => {
  let limited: Studio;
  beforeAll(async () => {
    limited = await startStudio({ env: { ANONYMOUS_RATE_PER_MINUTE: '5' } });
  });
  afterAll(() => limited.close());

  it.each([
    ['the schema download', () => `${limited.url}/graphql/schema.graphql`],
    ['the audit CSV export', () => `${limited.url}/admin/audit.csv`],
  ])('%s is counted against the caller’s limit like every call', async (_what, url) => {
    const answers = [];
    for (let n = 0; n < 12; n++) answers.push(await call(url(), null));
    expect(answers.every((answer) => answer.headers.get('ratelimit-policy'))).toBe(true);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('text PostgreSQL cannot store is refused at every door with its shape, and changes nothing', () => {
  const lone = '"Gr\\ud800ace"';
  it.each([
    ['v1 POST /customers', () => call(`${studio.v1}/customers`, v1Token, { method: 'POST', body: `{"firstName": ${lone}, "lastName": "L", "email": "lone@example.com"}` }), 'v1'],
    ['M2M PUT /customer/{id}/profile', async () => {
      const { id } = (await rows<{ id: string }>('select id from customer where company_id = $1 order by id limit 1', [studio.companyId]))[0]!;
      return call(`${studio.m2m}/customer/${id}/profile`, token, { method: 'PUT', body: `{"firstname": ${lone}, "lastname": "L", "email": "lone@example.com"}` });
    }, 'm2m'],
    ['GraphQL createCustomer (a variable)', () => call(`${studio.url}/graphql`, token, { method: 'POST', body: `{"query": "mutation($f: String!) { createCustomer(input: { firstName: $f, lastName: \\"L\\", email: \\"lone@example.com\\" }) { id } }", "variables": {"f": ${lone}}}` }), 'graphql'],
  ])('%s', async (_door, send, shape) => {
    const before = await rows<{ n: string }>(`select count(*) as n from customer where email = 'lone@example.com'`);
    const answer = await send();
    expect(answer.status).toBe(400);
    if (shape === 'v1') expect(answer.body.error.code).toBe('VALIDATION_ERROR');
    if (shape === 'm2m') expect(answer.body.error).toMatch(/well-formed Unicode/);
    if (shape === 'graphql') expect(answer.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await rows(`select count(*) as n from customer where email = 'lone@example.com'`)).toEqual(before);
  });
});

describe("Apollo Server's own refusals are the client's mistake, said as such", () => {
  it.each([
    ['an APQ hash that does not match its query', { query: '{ __typename }', extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } }, 400, 'BAD_REQUEST'],
    ['an APQ hash the service has not seen, without its query', { extensions: { persistedQuery: { version: 1, sha256Hash: '1'.repeat(64) } } }, 200, 'PERSISTED_QUERY_NOT_FOUND'],
  ])('%s', async (_case, body, status, code) => {
    const answer = await call(`${studio.url}/graphql`, token, { method: 'POST', body });
    expect(answer.status).toBe(status);
    expect(answer.body.errors[0].extensions.code).toBe(code);
  });
});

describe('a v1 key can be listed, rotated and taken away by the command line', () => {
  const tokenOf = (apiKey: string, apiSecret: string) => call(`${studio.v1}/auth/token`, null, { method: 'POST', body: { apiKey, apiSecret } });
  const customers = (bearer: string) => call(`${studio.v1}/customers?perPage=1`, bearer);
  /** Runs a command that changes `apiKey`; resolves with its output once the service has heard of the change. */
  const changed = (apiKey: string, args: string[]) => heardOf(studio.app.pipeline!.callers, apiKey, () => admin(args));

  it('lists keys without secrets, rotates with the old secret kept for the grace, and revokes with its tokens refused on their next call', async () => {
    const created = await admin(['v1-key', 'create', '--company', studio.companyId, '--name', 'rotating']);
    const before = await tokenOf(created.apiKey, created.apiSecret);
    expect(before.status).toBe(200);
    expect((await customers(before.body.token)).status).toBe(200);

    const listed = await admin(['v1-key', 'list', '--company', studio.companyId]);
    expect(listed.find((key: { apiKey: string }) => key.apiKey === created.apiKey)).toEqual({
      apiKey: created.apiKey, name: 'rotating', createdAt: expect.stringMatching(/Z$/), lastUsedAt: expect.stringMatching(/Z$/), revoked: false,
    });
    expect(JSON.stringify(listed)).not.toContain(created.apiSecret);

    const rotated = await changed(created.apiKey, ['v1-key', 'rotate', '--key', created.apiKey]);
    expect(rotated).toEqual({ apiKey: created.apiKey, apiSecret: expect.stringMatching(/^\S{20,}$/) });
    expect(rotated.apiSecret).not.toBe(created.apiSecret);
    // Tokens issued before the rotation stop on their next call (a lost secret may have made them).
    expect((await customers(before.body.token)).status).toBe(401);
    // Tokens carry whole seconds: the next one is issued in a later second than the rotation.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // The new secret works, and the old one still does during the grace (CLIENT_SECRET_GRACE_HOURS).
    const fresh = await tokenOf(created.apiKey, rotated.apiSecret);
    expect(fresh.status).toBe(200);
    expect((await tokenOf(created.apiKey, created.apiSecret)).status).toBe(200);
    expect((await customers(fresh.body.token)).status).toBe(200);

    expect(await changed(created.apiKey, ['v1-key', 'revoke', '--key', created.apiKey])).toEqual({ apiKey: created.apiKey, revoked: true });
    expect((await customers(fresh.body.token)).status).toBe(401);
    expect((await tokenOf(created.apiKey, rotated.apiSecret)).status).toBe(401);
    expect((await admin(['v1-key', 'list', '--company', studio.companyId])).find((key: { apiKey: string }) => key.apiKey === created.apiKey).revoked).toBe(true);
    const log = await admin(['audit', 'list', '--company', studio.companyId, '--limit', '50']);
    expect(log.filter((entry: { surface: string; targets: string[] }) => entry.surface === 'cli' && entry.targets.includes(created.apiKey)).map((entry: { operation: string }) => entry.operation))
      .toEqual(['v1-key revoke', 'v1-key rotate', 'v1-key create']);
  });

  it('refuses to rotate or revoke a key that does not exist, naming the option', async () => {
    await expect(admin(['v1-key', 'revoke', '--key', 'key_nothing'])).rejects.toThrow(/--key: v1 key "key_nothing" not found/);
  });
});
