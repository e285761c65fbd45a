/**
 * Access tokens: JWTs signed with Ed25519 (EdDSA, the only algorithm accepted), each with an audience of
 * its own surface so an M2M token, a v1 token and a webhook signature can never stand in for one another.
 * Signing keys carry a `kid` so they can rotate: JWT_SIGNING_KEYS (a JSON array of private JWKs, the first
 * signs, all verify) or keys generated once into DATA_DIR/keys/jwt-signing.json.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import type { Clock } from '../domain/clock.ts';

export const ISSUER = 'urn:studio-booking:issuer';
export const AUDIENCE = {
  m2m: 'urn:studio-booking:m2m',
  v1: 'urn:studio-booking:v1',
} as const;
export type Surface = keyof typeof AUDIENCE;

export const ACCESS_TOKEN_SECONDS = 3600;
const ALGORITHM = 'EdDSA';

export interface AccessClaims extends JWTPayload {
  sub: string;
  company: string;
  scope?: string;
  jti: string;
}

type Key = CryptoKey | Uint8Array;

export interface SigningKeys {
  kid: string;
  signing: Key;
  verifying: Map<string, Key>;
}

async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg: ALGORITHM, kid: await calculateJwkThumbprint(jwk) };
}

async function storedJwks(dataDir: string): Promise<JWK[]> {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'jwt-signing.json');
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const created = JSON.stringify([await newPrivateJwk()]);
    await writeFile(file, created, { mode: 0o600, flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
  return JSON.parse(await readFile(file, 'utf8')) as JWK[];
}

export async function loadSigningKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<SigningKeys> {
  let jwks: JWK[];
  if (env.JWT_SIGNING_KEYS) {
    try {
      jwks = JSON.parse(env.JWT_SIGNING_KEYS) as JWK[];
    } catch {
      throw new Error('JWT_SIGNING_KEYS: must be a JSON array of private Ed25519 JWKs');
    }
    if (!Array.isArray(jwks) || !jwks.length || !jwks.every((k) => k.kty === 'OKP' && k.crv === 'Ed25519' && k.d)) {
      throw new Error('JWT_SIGNING_KEYS: must be a JSON array of private Ed25519 JWKs');
    }
  } else {
    jwks = await storedJwks(dataDir);
  }
  const verifying = new Map<string, Key>();
  for (const jwk of jwks) {
    const kid = jwk.kid ?? (await calculateJwkThumbprint(jwk));
    const { d: _private, ...publicJwk } = jwk;
    verifying.set(kid, await importJWK({ ...publicJwk, alg: ALGORITHM }, ALGORITHM));
  }
  const first = jwks[0]!;
  const kid = first.kid ?? (await calculateJwkThumbprint(first));
  return { kid, signing: await importJWK({ ...first, alg: ALGORITHM }, ALGORITHM), verifying };
}

export class InvalidToken extends Error {}

/** Verified tokens remembered at most: beyond it the memory starts afresh. */
const VERIFIED_LIMIT = 10_000;

export class TokenService {
  readonly #keys: SigningKeys;
  readonly #clock: Clock;
  /**
   * Tokens already verified, until they expire: a repeated call skips the signature check. Revocation is
   * not a property of the token but of its client (src/pipeline/callers.ts), checked on every call.
   */
  readonly #verified: Record<Surface, Map<string, AccessClaims>> = { m2m: new Map(), v1: new Map() };
  readonly #last: Record<Surface, { token: string; claims: AccessClaims } | undefined> = { m2m: undefined, v1: undefined };

  constructor(keys: SigningKeys, clock: Clock) {
    this.#keys = keys;
    this.#clock = clock;
  }

  async issue(surface: Surface, claims: { subject: string; company: string; scope?: string }): Promise<string> {
    const now = Math.floor(this.#clock.now().getTime() / 1000);
    return new SignJWT({ company: claims.company, ...(claims.scope !== undefined && { scope: claims.scope }) })
      .setProtectedHeader({ alg: ALGORITHM, kid: this.#keys.kid, typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE[surface])
      .setSubject(claims.subject)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .setJti(randomUUID())
      .sign(this.#keys.signing);
  }

  /** The claims of a valid token for `surface`; throws InvalidToken for anything else. */
  async verify(surface: Surface, token: string): Promise<AccessClaims> {
    const known = this.known(surface, token);
    if (known) return known;
    const claims = await this.#verify(surface, token);
    const verified = this.#verified[surface];
    if (verified.size >= VERIFIED_LIMIT) verified.clear();
    verified.set(token, claims);
    return claims;
  }

  /**
   * The claims of a token verified before and not yet expired, without verifying it again; else undefined.
   * The last token found is compared first: a client's calls come one after another with one token, and a
   * comparison costs less than hashing its text again for the map.
   */
  known(surface: Surface, token: string): AccessClaims | undefined {
    const last = this.#last[surface];
    const known = last?.token === token ? last.claims : this.#verified[surface].get(token);
    if (known && last?.claims !== known) this.#last[surface] = { token, claims: known };
    return known && known.exp! > this.#clock.now().getTime() / 1000 ? known : undefined;
  }

  async #verify(surface: Surface, token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, (header) => {
        const key = header.kid ? this.#keys.verifying.get(header.kid) : undefined;
        if (!key) throw new InvalidToken('unknown signing key');
        return key;
      }, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE[surface],
        typ: 'at+jwt',
        currentDate: this.#clock.now(),
        requiredClaims: ['sub', 'exp', 'iat', 'jti'],
      });
      if (typeof payload.company !== 'string') throw new InvalidToken('no company');
      return payload as AccessClaims;
    } catch (error) {
      throw error instanceof InvalidToken ? error : new InvalidToken((error as Error).message);
    }
  }
}
