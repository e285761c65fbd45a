/**
 * Console passwords: chosen by people, so guessable, unlike API secrets (credentials.ts). They are stored
 * as scrypt hashes (node:crypto) with a random salt and the cost in the stored text, so the cost can rise
 * later without invalidating older hashes; compared in constant time.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { InvalidInput } from './invalid-input.ts';

/** N = 2^15, r = 8, p = 1: about 32 MiB and tens of milliseconds per hash. */
const COST: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>> = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 200;

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...cost, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$<salt>$<key>`, base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const given = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let dummy: Promise<string> | undefined;

/** A hash of nothing anyone knows: compared against for an unknown email, so that answer takes as long as a wrong password. */
export function dummyPasswordHash(): Promise<string> {
  return (dummy ??= hashPassword(randomBytes(32).toString('base64url')));
}

/** 24 characters of base64url: 144 random bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** A password a person chose: long enough to resist guessing under the sign-in throttle. */
export function requirePassword(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) throw new InvalidInput('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new InvalidInput('password', `must be at most ${MAX_PASSWORD_LENGTH} characters`);
  return password;
}
