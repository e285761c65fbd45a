/**
 * Console users (the admin console's people): each belongs to one company with a role. The role decides
 * what the console may do as scopes, the same scopes that guard the graph for API clients, plus four that
 * no API client can hold (`api-clients:manage`, `audit:read`, `users:manage`, APPOINTMENT_CATALOGUE_SCOPE).
 * A company always keeps an owner.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { CONSOLE_ROLES, ConsoleSession, ConsoleUser, type ConsoleRole, type IConsoleUser } from '../db/entities/index.ts';
import { companyEm, unscopedEm, type Db } from '../db/scope.ts';
import { requireCompany } from './companies.ts';
import { NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { inTransaction } from './transactions.ts';
import { InvalidInput } from './invalid-input.ts';
import { dummyPasswordHash, generatePassword, hashPassword, passwordMatches, requirePassword } from './passwords.ts';
import { ALL_SCOPES } from './scopes.ts';
import { lockOwners } from '../db/console-users.ts';

export type { ConsoleRole };

/**
 * The desk: today's appointments and event dates, customers, bookings and attendance, notes and
 * questionnaire answers, selling passes, videos and subscriptions, with the reads those need.
 */
const STAFF_SCOPES = [
  'customers:read', 'customers:write', 'profile:read', 'profile:write', 'bookings:read', 'bookings:write',
  'appointments:read', 'appointments:write', 'events:read', 'events-register:read', 'packages:read', 'packages:write',
  'passes:read', 'videos:read', 'videos:write', 'media:read', 'vouchers:read', 'subscription-plans:read',
  'subscription-mandates:read', 'subscription-mandates:write', 'notes:read', 'notes:write',
  'questionnaire-answers:read', 'questionnaire-answers:write',
];

/**
 * The appointment catalogue (services, facilitators and their working hours) is written with
 * appointments:write, which staff hold for the desk; console users also need this scope of the console's
 * own for it. API clients never hold it: for them appointments:write is enough.
 */
export const APPOINTMENT_CATALOGUE_SCOPE = 'appointment-catalogue:manage';

/** The desk, and the catalogue: events, passes, videos, vouchers, plans, services and facilitators; webhooks and the audit log. */
const ADMIN_SCOPES = [...new Set([...STAFF_SCOPES, ...ALL_SCOPES]), APPOINTMENT_CATALOGUE_SCOPE, 'audit:read'];

export const ROLE_SCOPES: Record<ConsoleRole, ReadonlySet<string>> = {
  staff: new Set(STAFF_SCOPES),
  admin: new Set(ADMIN_SCOPES),
  /** Everything an admin may, and who may use the APIs: console users and API clients. */
  owner: new Set([...ADMIN_SCOPES, 'api-clients:manage', 'users:manage']),
};

export interface ConsoleUserView {
  id: string;
  companyId: string;
  email: string;
  role: ConsoleRole;
  createdAt: Date;
  lastSignInAt: Date | null;
}

export const consoleUserView = (user: IConsoleUser): ConsoleUserView => ({
  id: user.id,
  companyId: user.company.id,
  email: user.email,
  role: user.role,
  createdAt: user.createdAt,
  lastSignInAt: user.lastSignInAt ?? null,
});

export function requireRole(role: string): ConsoleRole {
  const lower = role.trim().toLowerCase();
  if (!(CONSOLE_ROLES as readonly string[]).includes(lower)) throw new InvalidInput('role', `must be one of ${CONSOLE_ROLES.join(', ')}`);
  return lower as ConsoleRole;
}

/** Lower case; one `@` with something on each side, no spaces. */
export function requireEmail(email: string): string {
  const normal = email.trim().toLowerCase();
  if (normal.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(normal)) throw new InvalidInput('email', 'must be an email address such as ana@studio.example');
  return normal;
}

/** Adds a user; without `password`, one is generated and returned (shown once). */
export async function createConsoleUser(
  orm: Db,
  input: { companyId: string; email: string; role: string; password?: string },
): Promise<{ user: ConsoleUserView; password?: string }> {
  const email = requireEmail(input.email);
  const role = requireRole(input.role);
  const password = input.password === undefined ? generatePassword() : requirePassword(input.password);
  const em = companyEm(orm, input.companyId);
  await requireCompany(em, input.companyId);
  if (await unscopedEm(orm).count(ConsoleUser, { email })) throw new InvalidInput('email', `a console user with email ${email} exists already`);
  const user = em.create(ConsoleUser, { id: newId('consoleUser'), company: input.companyId, email, role, passwordHash: await hashPassword(password) });
  await em.flush();
  return { user: consoleUserView(user), ...(input.password === undefined && { password }) };
}

export async function listConsoleUsers(orm: MikroORM, companyId: string): Promise<ConsoleUserView[]> {
  const em = companyEm(orm, companyId);
  await requireCompany(em, companyId);
  return (await em.find(ConsoleUser, {}, { orderBy: { email: 'asc' } })).map(consoleUserView);
}

/** One user of the company, by `cu_` id or by email. */
async function findUser(orm: Db, companyId: string, which: { id?: string; email?: string }) {
  const em = companyEm(orm, companyId);
  await requireCompany(em, companyId);
  const user = await em.findOne(ConsoleUser, which.id !== undefined ? { id: which.id } : { email: requireEmail(which.email ?? '') });
  if (!user) throw new NotFound('Console user');
  return { em, user };
}

/** A new generated password (shown once); the user's sessions end. */
export async function resetConsoleUserPassword(
  orm: Db,
  companyId: string,
  which: { id?: string; email?: string },
): Promise<{ user: ConsoleUserView; password: string }> {
  const { em, user } = await findUser(orm, companyId, which);
  const password = generatePassword();
  user.passwordHash = await hashPassword(password);
  await em.flush();
  await em.nativeDelete(ConsoleSession, { user: user.id });
  return { user: consoleUserView(user), password };
}

/**
 * Changes one user (`change` may remove them) in a transaction that holds the company's owners locked, and
 * refuses when the change would leave the company without an owner. Two owners demoting or removing each
 * other at once are thus taken one after the other: the second sees one owner left and is refused.
 */
async function changeKeepingAnOwner(
  orm: Db,
  companyId: string,
  id: string,
  /** Changes the user; answers their role afterwards, null when removed. */
  change: (tx: EntityManager, user: IConsoleUser) => ConsoleRole | null,
): Promise<IConsoleUser> {
  await findUser(orm, companyId, { id });
  return inTransaction(companyEm(orm, companyId), companyId, async (tx) => {
    const owners = await lockOwners(tx, companyId);
    const user = await tx.findOneOrFail(ConsoleUser, { id });
    const roleAfter = change(tx, user);
    if (owners.includes(id) && roleAfter !== 'owner' && owners.length <= 1) {
      throw new InvalidInput('id', 'this is the company\'s only owner: make another user owner first');
    }
    await tx.flush();
    return user;
  });
}

export async function setConsoleUserRole(orm: Db, companyId: string, id: string, role: string): Promise<ConsoleUserView> {
  const newRole = requireRole(role);
  const user = await changeKeepingAnOwner(orm, companyId, id, (_tx, found) => (found.role = newRole));
  return consoleUserView(user);
}

/** Removes a user; their sessions go with them. */
export async function removeConsoleUser(orm: Db, companyId: string, id: string): Promise<string> {
  await changeKeepingAnOwner(orm, companyId, id, (tx, found) => {
    tx.remove(found);
    return null;
  });
  return id;
}

/**
 * The user whose email and password these are, or null. An unknown email is compared against a dummy
 * hash, so the answer takes as long as for a wrong password and does not tell which emails exist.
 */
/** The digest of where a console user last signed in from (address and user agent), or null. */
export async function lastSignInDevice(orm: MikroORM, email: string): Promise<string | null> {
  const user = await unscopedEm(orm).findOne(ConsoleUser, { email: email.trim().toLowerCase() }, { fields: ['lastSignInDevice'] });
  return user?.lastSignInDevice ?? null;
}

export async function verifyConsolePassword(orm: MikroORM, email: string, password: string): Promise<ConsoleUserView | null> {
  const user = await unscopedEm(orm).findOne(ConsoleUser, { email: email.trim().toLowerCase() });
  if (!user) {
    await passwordMatches(password, await dummyPasswordHash());
    return null;
  }
  return (await passwordMatches(password, user.passwordHash)) ? consoleUserView(user) : null;
}
