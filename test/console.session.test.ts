/**
 * Console sign-in and sessions: the cookie and its flags, sign-out, wrong passwords, expiry (idle and
 * absolute, on a FixedClock), the throttle on failed sign-ins, and the CSRF rule (the session acts only on
 * requests carrying `X-Studio-Console: 1`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FixedClock } from '../src/domain/clock.ts';
import { randomLoopback, requestFrom } from './support/source-address.ts';
import { consoleUser, startStudio, type Studio } from './support/studio.ts';
import { consoleCall, signIn } from './support/console.ts';

const clock = new FixedClock('2026-11-21T09:00:00Z');
let studio: Studio;

beforeAll(async () => {
  studio = await startStudio({ clock });
});
afterAll(() => studio?.close());

const ME = '{ me { id email role companyId companyName scopes csrfToken } }';

describe('sign-in', () => {
  it('sets an httpOnly SameSite=Strict cookie and makes the user `me`', async () => {
    const owner = await consoleUser(studio, 'owner');
    const { cookie, setCookie, body } = await signIn(studio.url, owner);
    expect(body.errors).toBeUndefined();
    expect(body.data.signIn).toMatchObject({ email: owner.email, role: 'OWNER', companyId: studio.companyId, companyName: 'Test Studio' });
    expect(setCookie).toMatch(/^studio_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    const me = await consoleCall(studio.url, ME, { cookie });
    expect(me.body.data.me).toMatchObject({ email: owner.email, role: 'OWNER' });
    expect(me.body.data.me.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(me.body.data.me.scopes).toContain('users:manage');
  });

  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['behind HTTPS (X-Forwarded-Proto from a trusted proxy)', { TRUST_PROXY: 'loopback' }, { 'x-forwarded-proto': 'https' }],
    ['in production, even when the TLS proxy is not named in TRUST_PROXY', { NODE_ENV: 'production' }, {}],
  ])('marks the cookie Secure %s', async (_case, env, headers) => {
    const secure = await startStudio({ env });
    try {
      const owner = await consoleUser(secure, 'owner');
      const { setCookie } = await signIn(secure.url, owner, headers);
      expect(setCookie).toMatch(/; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it('answers console requests with Cache-Control: no-store (they carry secrets and personal data)', async () => {
    const owner = await consoleUser(studio, 'owner');
    const { cookie } = await signIn(studio.url, owner);
    const answer = await fetch(`${studio.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-studio-console': '1', cookie },
      body: JSON.stringify({ query: 'mutation { createApiClient(input: { name: "no-store", scopes: ["customers:read"] }) { secret } }' }),
    });
    expect(((await answer.json()) as any).data.createApiClient.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['a wrong password', (u: { email: string }) => ({ email: u.email, password: 'not the password at all' })],
    ['an unknown email', () => ({ email: 'nobody@console.test', password: 'whatever password' })],
  ])('refuses %s alike, with no cookie', async (_what, credentials) => {
    const user = await consoleUser(studio, 'staff');
    const { setCookie, body } = await signIn(studio.url, credentials(user));
    expect(setCookie).toBeNull();
    expect(body.errors[0]).toMatchObject({ message: 'Email or password is wrong', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('answers `me` with null and no error when not signed in', async () => {
    const { body } = await consoleCall(studio.url, ME, {});
    expect(body).toEqual({ data: { me: null } });
  });

  it('sign-out deletes the session: the old cookie is anonymous afterwards', async () => {
    const user = await consoleUser(studio, 'admin');
    const { cookie } = await signIn(studio.url, user);
    const out = await consoleCall(studio.url, 'mutation { signOut }', { cookie });
    expect(out.body.data.signOut).toBe(true);
    expect(out.headers.get('set-cookie')).toMatch(/^studio_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict/);
    const rows = await studio.app.services.orm.em.getConnection().execute(`select count(*)::int as n from console_session s join console_user u on u.id = s.user_id where u.email = ?`, [user.email]);
    expect(rows[0]!.n).toBe(0);
    expect((await consoleCall(studio.url, ME, { cookie })).body.data.me).toBeNull();
  });

  it('stores a hash of the token, never the token', async () => {
    const user = await consoleUser(studio, 'staff');
    const { cookie } = await signIn(studio.url, user);
    const token = cookie.split('=')[1]!;
    const rows = await studio.app.services.orm.em.getConnection().execute<Array<{ token_hash: string }>>(`select token_hash from console_session`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });
});

describe('expiry', () => {
  it.each([
    ['idle 30 minutes', [29 * 60_000], true, 30 * 60_000],
    ['used every 25 minutes, until 12 hours after sign-in', Array(28).fill(25 * 60_000), true, 25 * 60_000 + 60_000],
  ])('ends a session %s', async (_what, steps, aliveBefore, last) => {
    clock.set('2026-11-21T09:00:00Z');
    const user = await consoleUser(studio, 'staff');
    const { cookie } = await signIn(studio.url, user);
    for (const step of steps) {
      clock.advance(step);
      expect((await consoleCall(studio.url, ME, { cookie })).body.data.me !== null).toBe(aliveBefore);
    }
    clock.advance(last);
    const after = await consoleCall(studio.url, '{ customers(pageSize: 1) { total } }', { cookie });
    expect(after.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await consoleCall(studio.url, ME, { cookie })).body.data.me).toBeNull();
    clock.set('2026-11-21T09:00:00Z');
  });
});

describe('throttling failed sign-ins', () => {
  it('answers RATE_LIMITED with Retry-After past 10 failures of one account from one address, even for the right password; another address still signs in', async () => {
    const owner = await consoleUser(studio, 'owner');
    const from = randomLoopback();
    const attempt = (password: string, address: string) =>
      requestFrom(`${studio.url}/graphql`, address, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-studio-console': '1' },
        body: JSON.stringify({ query: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }', variables: { e: owner.email, p: password } }),
      });
    for (let i = 0; i < 10; i++) {
      expect((await attempt('wrong password!!', from)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    for (const password of ['wrong password!!', owner.password]) {
      const answer = await attempt(password, from);
      expect(answer.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    const elsewhere = await attempt(owner.password, randomLoopback());
    expect(elsewhere.body.data.signIn.id).toBe(owner.id);
    expect(elsewhere.headers['set-cookie']).toBeDefined();
  });

  it('never refuses an owner the right password from where they last signed in, whatever fails from other browsers behind the same address', async () => {
    const owner = await consoleUser(studio, 'owner');
    const nat = randomLoopback();
    const attempt = (password: string, userAgent: string) =>
      requestFrom(`${studio.url}/graphql`, nat, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-studio-console': '1', 'user-agent': userAgent },
        body: JSON.stringify({ query: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }', variables: { e: owner.email, p: password } }),
      });
    const ownersBrowser = 'Mozilla/5.0 (the owner)';
    expect((await attempt(owner.password, ownersBrowser)).body.data.signIn.id).toBe(owner.id);
    // Someone else behind the same NAT guesses, from several browsers, past every limit of the address.
    const guesses = [];
    for (let i = 0; i < 40; i++) guesses.push((await attempt('wrong password!!', `curl/${i % 4}`)).body.errors[0].extensions.code);
    expect(guesses.filter((code) => code === 'RATE_LIMITED').length).toBeGreaterThan(0);
    // A new browser behind that address is held back with them; the owner's own is not.
    expect((await attempt(owner.password, 'Mozilla/5.0 (a new browser)')).body.errors[0].extensions.code).toBe('RATE_LIMITED');
    const owners = await attempt(owner.password, ownersBrowser);
    expect(owners.body.data.signIn.id).toBe(owner.id);
    expect(owners.headers['set-cookie']).toBeDefined();
  });

  it('counts a burst of simultaneous attempts before checking any password: at most 10 passwords are checked', async () => {
    const owner = await consoleUser(studio, 'owner');
    const from = randomLoopback();
    const send = (password: string) =>
      requestFrom(`${studio.url}/graphql`, from, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-studio-console': '1' },
        body: JSON.stringify({ query: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id } }', variables: { e: owner.email, p: password } }),
      });
    const answers = await Promise.all([...Array.from({ length: 40 }, () => send('wrong password!!')), send(owner.password)]);
    const codes = answers.map((answer) => answer.body.errors?.[0]?.extensions.code ?? 'SIGNED_IN');
    // Checked: a wrong password answered as wrong, or the right one signed in.
    expect(codes.filter((code) => code === 'UNAUTHENTICATED' || code === 'SIGNED_IN').length).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(31);
  });
});

describe('CSRF: the session acts only with X-Studio-Console: 1', () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await signIn(studio.url, await consoleUser(studio, 'owner')));
  });
  const createClient = 'mutation { createApiClient(input: { name: "csrf", scopes: ["customers:read"] }) { secret } }';

  it('is anonymous without the header', async () => {
    const answer = await fetch(`${studio.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: ME }),
    });
    expect(await answer.json()).toEqual({ data: { me: null } });
  });

  it.each([
    ['text/plain POST', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: createClient }) }],
    ['urlencoded POST', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `query=${encodeURIComponent(createClient)}` }],
    ['multipart POST', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: `--x\r\nContent-Disposition: form-data; name="query"\r\n\r\n${createClient}\r\n--x--\r\n` }],
    ['GET with a query', { method: 'GET', url: `?query=${encodeURIComponent(ME)}` }],
    ['GET with a mutation', { method: 'GET', url: `?query=${encodeURIComponent(createClient)}` }],
  ])('a cross-site %s does not act with the session', async (_shape, init: { method: string; headers?: Record<string, string>; body?: string; url?: string }) => {
    const before = await clientCount();
    const answer = await fetch(`${studio.url}/graphql${init.url ?? ''}`, { method: init.method, headers: { ...init.headers, cookie }, body: init.body });
    const text = await answer.text();
    expect(text).not.toMatch(/"secret"|"email"/);
    expect(await clientCount()).toBe(before);
  });

  it('signIn itself needs the header (no login CSRF)', async () => {
    const user = await consoleUser(studio, 'staff');
    const answer = await fetch(`${studio.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `mutation { signIn(email: "${user.email}", password: "${user.password}") { id } }` }),
    });
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(((await answer.json()) as any).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

async function clientCount(): Promise<number> {
  const rows = await studio.app.services.orm.em.getConnection().execute(`select count(*)::int as n from api_client`);
  return rows[0]!.n;
}
