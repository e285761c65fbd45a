/**
 * Console sessions, kept in PostgreSQL so that every instance knows them and a sign-out or password reset
 * ends them everywhere. The cookie holds a random token; the table holds its SHA-256 only. A session ends
 * after `idleMs` without use and `maxMs` after its sign-in, whichever comes first.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ConsoleSession, ConsoleUser } from '../db/entities/index.ts';
import { unscopedEm } from '../db/scope.ts';
import { consoleUserView, type ConsoleUserView } from './console-users.ts';

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

export interface ConsoleSessionView {
  tokenHash: string;
  user: ConsoleUserView;
  companyName: string;
  companyTimezone: string;
  companyCurrency: string;
}

/** Use of a session is written at most this often: the idle limit is kept to within it. */
const TOUCH_EVERY_MS = 60_000;

export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The token a download link carries instead of the console's header: bound to the session, useless without its cookie. */
export const csrfToken = (serverKey: Buffer, hash: string) => createHmac('sha256', serverKey).update(`console-csrf:${hash}`).digest('base64url');

/** Starts a session of `userId` and returns its token (for the cookie); ended sessions are cleared on the way. */
export async function startSession(orm: MikroORM, userId: string, now: Date, limits: SessionLimits, device: string | null = null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const em = unscopedEm(orm);
  await em.nativeDelete(ConsoleSession, {
    $or: [{ lastSeenAt: { $lt: new Date(now.getTime() - limits.idleMs) } }, { createdAt: { $lt: new Date(now.getTime() - limits.maxMs) } }],
  });
  em.create(ConsoleSession, { tokenHash: tokenHash(token), user: userId, createdAt: now, lastSeenAt: now });
  await em.nativeUpdate(ConsoleUser, { id: userId }, { lastSignInAt: now, ...(device && { lastSignInDevice: device }) });
  await em.flush();
  return token;
}

/** The live session of `token` with its user, or null; a session past a limit is deleted. */
export async function sessionOf(orm: MikroORM, token: string, now: Date, limits: SessionLimits): Promise<ConsoleSessionView | null> {
  const em = unscopedEm(orm);
  const session = await em.findOne(ConsoleSession, { tokenHash: tokenHash(token) }, { populate: ['user', 'user.company'] });
  if (!session) return null;
  const at = now.getTime();
  if (at - session.lastSeenAt.getTime() >= limits.idleMs || at - session.createdAt.getTime() >= limits.maxMs) {
    await em.nativeDelete(ConsoleSession, { tokenHash: session.tokenHash });
    return null;
  }
  if (at - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await em.nativeUpdate(ConsoleSession, { tokenHash: session.tokenHash }, { lastSeenAt: now });
  const { name: companyName, timezone: companyTimezone, currency: companyCurrency } = session.user.company;
  return { tokenHash: session.tokenHash, companyName, companyTimezone, companyCurrency, user: consoleUserView(session.user) };
}

/**
 * The user of a session that is still live, without counting this look as use: a live connection's periodic
 * check (src/live) must not keep an idle console signed in. Null once the session ended or passed a limit.
 */
export async function liveSessionUser(orm: MikroORM, hash: string, now: Date, limits: SessionLimits): Promise<ConsoleUserView | null> {
  const session = await unscopedEm(orm).findOne(ConsoleSession, { tokenHash: hash }, { populate: ['user'] });
  if (!session) return null;
  const at = now.getTime();
  if (at - session.lastSeenAt.getTime() >= limits.idleMs || at - session.createdAt.getTime() >= limits.maxMs) return null;
  return consoleUserView(session.user);
}

export async function endSession(orm: MikroORM, hash: string): Promise<void> {
  await unscopedEm(orm).nativeDelete(ConsoleSession, { tokenHash: hash });
}
