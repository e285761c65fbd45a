/**
 * GraphQL's own budget per API client: points a minute, each document costing what its analysis says
 * (docs/graphql.md, "How a cost is computed") plus the reading of its text, apart from the M2M REST limits.
 * Every answer says what it cost and what is left; past the budget, RATE_LIMITED carrying `retryAfter`, with
 * Retry-After (429 for a client of `application/graphql-response+json`, 200 with the errors for one of
 * `application/json`), and nothing of the refused operation spent. A company's clients share a ceiling on
 * top of each client's; console users spend from a budget of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { documentPoints } from '../src/pipeline/cost.ts';
import { signIn, consoleCall } from './support/console.ts';
import { call, consoleUser, startStudio, type Studio } from './support/studio.ts';

let studio: Studio;
/** A client that reads the status: it accepts GraphQL's own media type. */
const STATUS_READER = { accept: 'application/graphql-response+json' };
const graphql = (token: string, query: string, headers: Record<string, string> = STATUS_READER, on = studio) =>
  call(`${on.url}/graphql`, token, { method: 'POST', body: { query }, headers });

const CHEAP = '{ customers(pageSize: 1) { total } }';
/** 1 for the list, and 100 times what its page selects: `total`, `nodes` and `id` (301). */
const COSTLY = '{ customers(pageSize: 100) { total nodes { id } } }';
/** Each document also spends the reading of its text: 1 point per 50 bytes. */
const READ = { CHEAP: documentPoints(CHEAP), COSTLY: documentPoints(COSTLY), TYPENAME: documentPoints('{ __typename }') };

beforeAll(async () => {
  studio = await startStudio({ env: { GRAPHQL_POINTS_PER_MINUTE: '1000', GRAPHQL_COMPANY_POINTS_PER_MINUTE: '1000000', GRAPHQL_MAX_COST: '1000', CACHE_TTL_SECONDS: '0' } });
});
afterAll(() => studio?.close());

/** The client's own points left, from the `RateLimit` field. */
const pointsLeft = (headers: Headers) => Number(/"points";r=(\d+)/.exec(headers.get('ratelimit') ?? '')?.[1]);

describe("a client's GraphQL budget", () => {
  it("is not the M2M REST limit: one client's 60 requests in a minute are answered", async () => {
    const token = await studio.token();
    const statuses = [];
    for (let i = 0; i < 60; i++) statuses.push((await graphql(token, '{ __typename }')).status);
    expect(statuses).toEqual(Array(60).fill(200));
  });

  it('says on every answer what the document cost and what is left, in extensions and in the RateLimit fields', async () => {
    const token = await studio.token();
    const first = await graphql(token, COSTLY);
    expect(first.status).toBe(200);
    const afterFirst = 1000 - 301 - READ.COSTLY;
    expect(first.body.extensions.cost).toEqual({ requested: 301 + READ.COSTLY, remaining: afterFirst, limit: 1000, resetSeconds: expect.any(Number) });
    expect(first.headers.get('ratelimit-policy')).toBe('"points";q=1000;w=60, "company-points";q=1000000;w=60');
    expect(first.headers.get('ratelimit')).toMatch(new RegExp(`^"points";r=${afterFirst};t=\\d+, "company-points";r=\\d+;t=\\d+$`));
    const second = await graphql(token, CHEAP);
    expect(second.body.extensions.cost).toMatchObject({ requested: 2 + READ.CHEAP, remaining: afterFirst - 2 - READ.CHEAP });
    expect(second.body.extensions.cost.resetSeconds).toBeLessThanOrEqual(60);
  });

  it('refuses a document costing more than is left with 429, Retry-After and RATE_LIMITED with retryAfter, spending nothing of the operation', async () => {
    const token = await studio.token();
    for (let i = 0; i < 3; i++) expect((await graphql(token, COSTLY)).status).toBe(200);
    const left = 1000 - 3 * (301 + READ.COSTLY) - READ.COSTLY;
    const refused = await graphql(token, COSTLY);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ message: expect.stringContaining(`costs 301 points and ${left} of 1000 are left`), extensions: { code: 'RATE_LIMITED', retryAfter } }),
    ]);
    expect(pointsLeft(refused.headers)).toBe(left);
    // What was left is still there for a document that fits.
    const cheap = await graphql(token, CHEAP);
    expect(cheap.status).toBe(200);
    expect(cheap.body.extensions.cost.remaining).toBe(left - 2 - READ.CHEAP);
  });

  it('answers a client of application/json 200 with the same refusal and Retry-After, so a gateway passes RATE_LIMITED on', async () => {
    const token = await studio.token();
    for (let i = 0; i < 3; i++) await graphql(token, COSTLY);
    for (const accept of ['application/json', '*/*']) {
      const refused = await graphql(token, COSTLY, { accept });
      expect(refused.status).toBe(200);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.body.errors[0].extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: Number(refused.headers.get('retry-after')) });
    }
  });

  it('refuses every request once nothing is left, before reading its document', async () => {
    const token = await studio.token();
    for (let i = 0; i < 3; i++) await graphql(token, COSTLY);
    let left = 1000 - 3 * (301 + READ.COSTLY);
    while (left > 1 + READ.TYPENAME) left = (await graphql(token, '{ __typename }')).body.extensions.cost.remaining;
    while (left > 0) left = pointsLeft((await graphql(token, '{ __typename }')).headers);
    const spent = await graphql(token, '{ __typename }');
    expect(spent.status).toBe(429);
    expect(spent.body.errors[0]).toMatchObject({ message: expect.stringMatching(/^GraphQL budget spent/), extensions: { code: 'RATE_LIMITED' } });
    expect((await graphql(token, 'not even a document')).status).toBe(429);
  });

  it("is each client's own", async () => {
    const [one, other] = [await studio.token(), await studio.token()];
    for (let i = 0; i < 3; i++) await graphql(one, COSTLY);
    expect((await graphql(one, COSTLY)).status).toBe(429);
    expect((await graphql(other, COSTLY)).status).toBe(200);
  });

  it('spends only the reading of a document refused for its scopes', async () => {
    const token = await studio.token(['passes:read']);
    expect((await graphql(token, COSTLY)).status).toBe(403);
    const passes = '{ passes(pageSize: 1) { total } }';
    const allowed = await graphql(token, passes);
    expect(allowed.body.extensions.cost).toMatchObject({ requested: 2 + documentPoints(passes), remaining: 1000 - READ.COSTLY - 2 - documentPoints(passes) });
  });

  it('refuses a document whose reading alone costs more than the budget, before parsing it', async () => {
    const token = await studio.token();
    const huge = `{ ${'__typename '.repeat(5_000)}}`;
    expect(documentPoints(huge)).toBeGreaterThan(1000);
    const refused = await graphql(token, huge);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ message: expect.stringMatching(/^The document costs \d+ points/), extensions: { code: 'RATE_LIMITED' } });
  });
});

describe('documents refused before they run', () => {
  let limited: Studio;
  beforeAll(async () => {
    limited = await startStudio({ env: { GRAPHQL_POINTS_PER_MINUTE: '1000', GRAPHQL_COMPANY_POINTS_PER_MINUTE: '1000000', GRAPHQL_MAX_COST: '1000', GRAPHQL_MAX_TOKENS: '1000', GRAPHQL_MAX_DEPTH: '3', CACHE_TTL_SECONDS: '0' } });
  });
  afterAll(() => limited.close());

  it.each([
    ['over the token limit', `{ ${Array.from({ length: 1_100 }, (_, i) => `f${i}: __typename`).join(' ')} }`, 'GRAPHQL_PARSE_FAILED'],
    ['selecting one name too often', `{ ${'__typename '.repeat(200)}}`, 'BAD_USER_INPUT'],
    ['too deep', '{ customers { nodes { transactions { nodes { id } } } } }', 'GRAPHQL_VALIDATION_FAILED'],
  ])('spend the reading of their text: a document %s', async (_what, source, code) => {
    const token = await limited.token();
    const refused = await graphql(token, source, STATUS_READER, limited);
    expect(refused.body.errors[0].extensions.code).toBe(code);
    expect(pointsLeft(refused.headers)).toBe(1000 - documentPoints(source));
  });

  it('so that a sender of refused documents runs out like any other', async () => {
    const token = await limited.token();
    const source = `{ ${Array.from({ length: 1_100 }, (_, i) => `f${i}: __typename`).join(' ')} }`;
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) codes.push((await graphql(token, source, STATUS_READER, limited)).body.errors[0].extensions.code as string);
    const affordable = Math.floor(1000 / documentPoints(source));
    expect(codes.slice(0, affordable)).toEqual(Array(affordable).fill('GRAPHQL_PARSE_FAILED'));
    expect(codes.slice(affordable)).toEqual(Array(8 - affordable).fill('RATE_LIMITED'));
  });
});

describe("a company's ceiling, and the console's budget", () => {
  let shared: Studio;
  /** A search: 2 for the page and its total, 2,500 for the search's weight, and the reading. */
  const SEARCH = '{ customers(search: "a", pageSize: 1) { total } }';
  const SEARCH_COST = 2 + 2500 + documentPoints(SEARCH);
  beforeAll(async () => {
    shared = await startStudio({
      env: { GRAPHQL_POINTS_PER_MINUTE: '3000', GRAPHQL_COMPANY_POINTS_PER_MINUTE: '4500', CONSOLE_POINTS_PER_MINUTE: '6000', GRAPHQL_MAX_COST: '3000', CACHE_TTL_SECONDS: '0' },
    });
  });
  afterAll(() => shared.close());

  it("is shared by the company's clients on top of each client's own: a second client gets what the first left", async () => {
    const [first, second] = [await shared.token(), await shared.token()];
    const search = (token: string) => graphql(token, SEARCH, STATUS_READER, shared);
    expect((await search(first)).status).toBe(200);
    const refused = await search(second);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ message: expect.stringContaining("for the company's clients together"), extensions: { code: 'RATE_LIMITED' } });
    expect(refused.headers.get('ratelimit-policy')).toBe('"points";q=3000;w=60, "company-points";q=4500;w=60');
    // Refused by the ceiling, the second client spent only the reading of its document.
    expect(pointsLeft(refused.headers)).toBe(3000 - documentPoints(SEARCH));
    // Another company's client is not held back.
    const other = await shared.token(undefined, await shared.otherCompany());
    expect((await search(other)).status).toBe(200);
  });

  it("has console users spend from a budget of their own, per user, apart from the company's clients", async () => {
    const user = await consoleUser(shared, 'owner');
    const { cookie } = await signIn(shared.url, user);
    const first = await consoleCall(shared.url, SEARCH, { cookie, headers: STATUS_READER });
    expect(first.status).toBe(200);
    expect(first.body.extensions.cost).toMatchObject({ requested: SEARCH_COST, remaining: 6000 - SEARCH_COST, limit: 6000 });
    expect((await consoleCall(shared.url, SEARCH, { cookie, headers: STATUS_READER })).status).toBe(200);
    const refused = await consoleCall(shared.url, SEARCH, { cookie, headers: STATUS_READER });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user of the company still has theirs.
    const colleague = await signIn(shared.url, await consoleUser(shared, 'admin'));
    expect((await consoleCall(shared.url, SEARCH, { cookie: colleague.cookie, headers: STATUS_READER })).status).toBe(200);
  });
});
