/**
 * Turns a verified access token into the caller it speaks for, checked against its client as stored now: a
 * client that is revoked or expired, whose secret was rotated after the token was issued, or whose company is
 * not the token's, lets no token in; a token carries only the scopes its client still holds (document 1,
 * section 5.5: scopes change without rotating the secret); and a token must not claim to be issued in the
 * future nor to live longer than ACCESS_TOKEN_SECONDS. What is known of a client is kept for STATUS_TTL_MS,
 * and forgotten at once on every instance when its access changes (src/db/notices.ts). The same look-up brings
 * the caller's company (its timezone and currency), which every operation of the caller needs.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { ACCESS_CHANNEL } from '../db/notices.ts';
import { companyRow, credentialStanding } from '../db/callers.ts';
import { PoolRunner, type SqlRunner } from '../db/reads.ts';
import type { CompanyRow } from '../db/rows.ts';
import type { Clock } from '../domain/clock.ts';
import { ALL_SCOPES } from '../domain/scopes.ts';
import type { Caller } from './caller.ts';
import type { Notices } from './notices.ts';
import { ACCESS_TOKEN_SECONDS, type AccessClaims, type Surface } from './tokens.ts';

/** A backstop: what is known of a client is read again after this long even when no notice came. */
export const STATUS_TTL_MS = 30_000;

/** A token issued this far ahead of this instance's clock is still taken (clocks of instances drift). */
const CLOCK_SKEW_SECONDS = 60;

const V1_SCOPES: ReadonlySet<string> = new Set(ALL_SCOPES);

/** What a token's client is now. */
interface Standing {
  companyId: string;
  usable: boolean;
  /** Seconds since the epoch; tokens issued earlier are refused. */
  notBefore: number;
  scopes: ReadonlySet<string> | null;
  /** The client's scopes as one text, to key the sets made of them. */
  scopesText: string;
}

interface Known<T> {
  value: Promise<T>;
  checkedAt: number;
  /** Once the read has answered. */
  settled?: { value: T };
}

/** Entries remembered at most; past it, memory starts afresh. */
const LIMIT = 10_000;

export class CallerDirectory {
  readonly #reads: PoolRunner;
  readonly #clock: Clock;
  readonly #standings = new Map<string, Known<Standing | null>>();
  readonly #companies = new Map<string, Known<CompanyRow | undefined>>();
  readonly #scopeSets = new Map<string, ReadonlySet<string>>();
  readonly #scopesOf = new WeakMap<AccessClaims, { standing: Standing; set: ReadonlySet<string> }>();

  constructor(orm: MikroORM, clock: Clock, notices: Notices) {
    this.#reads = new PoolRunner(orm);
    this.#clock = clock;
    // An API client's or a v1 key's access changed (revoked, rotated, new scopes): its standing is read again.
    notices.on(ACCESS_CHANNEL, (id) => this.forget(id));
    notices.onLost(() => this.#standings.clear());
  }

  /**
   * Forgets what is known of an API client or a v1 key, so its next look-up reads it: its access changed. Whoever
   * hears of the change on a connection of its own (live connections, src/live) calls it before looking again.
   */
  forget(id: string): void {
    this.#standings.delete(`m2m ${id}`);
    this.#standings.delete(`v1 ${id}`);
  }

  /** The caller of a verified token, or null when its client may not call with it now. */
  async callerOf(surface: Surface, claims: AccessClaims): Promise<Caller | null> {
    const standing = await this.#standing(surface, claims.sub);
    return this.#caller(surface, claims, standing);
  }

  /**
   * The caller of a verified token when its client's standing is known here and lets it call; undefined when
   * that needs a read (or refuses it): then `callerOf` answers.
   */
  knownCaller(surface: Surface, claims: AccessClaims): Caller | undefined {
    const known = this.#standings.get(`${surface} ${claims.sub}`);
    if (!known?.settled || !this.#fresh(known)) return undefined;
    return this.#caller(surface, claims, known.settled.value) ?? undefined;
  }

  #caller(surface: Surface, claims: AccessClaims, standing: Standing | null): Caller | null {
    if (!standing?.usable || standing.companyId !== claims.company) return null;
    const issued = claims.iat ?? 0;
    if (issued < standing.notBefore || issued > this.#clock.now().getTime() / 1000 + CLOCK_SKEW_SECONDS) return null;
    if ((claims.exp ?? Infinity) - issued > ACCESS_TOKEN_SECONDS) return null;
    return {
      kind: surface,
      id: claims.sub,
      companyId: claims.company,
      // A v1 key opens the whole company (document 2 has no scopes); an M2M token what it and its client both hold.
      scopes: surface === 'v1' ? V1_SCOPES : this.#scopeSet(claims, standing),
    };
  }

  /** A company's row, as recently read; read through `reads` when it must be (a write's, on its own connection). */
  company(companyId: string, reads: SqlRunner = this.#reads): Promise<CompanyRow | undefined> {
    return this.#remembered(this.#companies, companyId, () => companyRow(reads, companyId));
  }

  #standing(surface: Surface, id: string): Promise<Standing | null> {
    return this.#remembered(this.#standings, `${surface} ${id}`, async () => {
      const now = this.#clock.now();
      const row = await credentialStanding(this.#reads, surface, id, now.toISOString());
      if (!row) return null;
      const { usable, scopes, notBefore, ...company } = row;
      this.#remember(this.#companies, company.id, Promise.resolve(company), now.getTime());
      return { companyId: company.id, usable, notBefore, scopes: scopes && new Set(scopes), scopesText: scopes?.join(' ') ?? '' };
    });
  }

  /** A value read at most STATUS_TTL_MS ago (by this clock: a clock set back does not keep it longer). */
  #remembered<T>(map: Map<string, Known<T>>, key: string, read: () => Promise<T>): Promise<T> {
    const known = map.get(key);
    if (known && this.#fresh(known)) return known.value;
    const value = read();
    this.#remember(map, key, value, this.#clock.now().getTime());
    value.catch(() => map.delete(key));
    return value;
  }

  #fresh(known: Known<unknown>): boolean {
    const now = this.#clock.now().getTime();
    return now >= known.checkedAt && now - known.checkedAt < STATUS_TTL_MS;
  }

  #remember<T>(map: Map<string, Known<T>>, key: string, value: Promise<T>, at: number): void {
    if (map.size >= LIMIT) map.clear();
    const known: Known<T> = { value, checkedAt: at };
    value.then((settled) => (known.settled = { value: settled }), () => {});
    map.set(key, known);
  }

  /**
   * The scopes a token may use: those it carries that its client still holds, one shared set per combination.
   * A token's claims and its client's standing are each one object while they are remembered, so the set
   * is found by the pair without hashing the two scope lists again on every call.
   */
  #scopeSet(claims: AccessClaims, client: Standing): ReadonlySet<string> {
    const last = this.#scopesOf.get(claims);
    if (last?.standing === client) return last.set;
    const set = this.#sharedScopeSet(claims.scope ?? '', client);
    this.#scopesOf.set(claims, { standing: client, set });
    return set;
  }

  #sharedScopeSet(tokenScopes: string, client: Standing): ReadonlySet<string> {
    const key = `${tokenScopes}|${client.scopesText}`;
    let set = this.#scopeSets.get(key);
    if (!set) {
      if (this.#scopeSets.size >= LIMIT) this.#scopeSets.clear();
      set = new Set(tokenScopes.split(' ').filter((scope) => scope && client.scopes!.has(scope)));
      this.#scopeSets.set(key, set);
    }
    return set;
  }
}
