/**
 * Turns a verified access token into the caller it speaks for. A token's scopes are those it was issued
 * with (document 1, section 5.5), but a client that is revoked or expired, or a v1 key that is revoked,
 * stops being let in within STATUS_TTL_MS even while its tokens have not expired. The same look-up brings
 * the caller's company (its timezone and currency), which every operation of the caller needs.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { PoolRunner, type SqlRunner } from '../db/reads.ts';
import type { CompanyRow } from '../db/rows.ts';
import type { Clock } from '../domain/clock.ts';
import { ALL_SCOPES } from '../domain/scopes.ts';
import type { Caller } from './caller.ts';
import type { AccessClaims, Surface } from './tokens.ts';

export const STATUS_TTL_MS = 30_000;

const V1_SCOPES: ReadonlySet<string> = new Set(ALL_SCOPES);

interface Known<T> {
  value: Promise<T>;
  checkedAt: number;
  /** Once the read has answered. */
  settled?: { value: T };
}

/** Entries remembered at most; past it, memory starts afresh. */
const LIMIT = 10_000;

const STATUS_SQL = {
  m2m: `select (c.revoked_at is null and (c.expires_at is null or c.expires_at > $2::timestamptz)) as usable,
          co.id, co.name, co.timezone, co.currency
        from api_client c join company co on co.id = c.company_id where c.id = $1`,
  v1: `select k.revoked_at is null as usable, co.id, co.name, co.timezone, co.currency
       from v1_api_key k join company co on co.id = k.company_id where k.id = $1 and $2::timestamptz is not null`,
};

export class CallerDirectory {
  readonly #reads: PoolRunner;
  readonly #clock: Clock;
  readonly #statuses = new Map<string, Known<boolean>>();
  readonly #companies = new Map<string, Known<CompanyRow | undefined>>();
  readonly #scopeSets = new Map<string, ReadonlySet<string>>();

  constructor(orm: MikroORM, clock: Clock) {
    this.#reads = new PoolRunner(orm);
    this.#clock = clock;
  }

  /** The caller of a verified token, or null when its client or key may no longer call. */
  async callerOf(surface: Surface, claims: AccessClaims): Promise<Caller | null> {
    if (!(await this.#usable(surface, claims.sub))) return null;
    return this.#caller(surface, claims);
  }

  /**
   * The caller of a verified token when its client's status was read within STATUS_TTL_MS and lets it
   * call; undefined when that needs a read (or refuses it): then `callerOf` answers.
   */
  knownCaller(surface: Surface, claims: AccessClaims): Caller | undefined {
    const known = this.#statuses.get(`${surface} ${claims.sub}`);
    if (!known?.settled?.value || !this.#fresh(known)) return undefined;
    return this.#caller(surface, claims);
  }

  #caller(surface: Surface, claims: AccessClaims): Caller {
    return {
      kind: surface,
      id: claims.sub,
      companyId: claims.company,
      // A v1 key opens the whole company (document 2 has no scopes); M2M tokens carry theirs.
      scopes: surface === 'v1' ? V1_SCOPES : this.#scopeSet(claims.scope ?? ''),
    };
  }

  /** A company's row, as recently read; read through `reads` when it must be (a write's, on its own connection). */
  company(companyId: string, reads: SqlRunner = this.#reads): Promise<CompanyRow | undefined> {
    return this.#remembered(this.#companies, companyId, () =>
      reads.rows<CompanyRow>('select id, name, timezone, currency from company where id = $1', [companyId]).then((rows) => rows[0]),
    );
  }

  #usable(surface: Surface, id: string): Promise<boolean> {
    return this.#remembered(this.#statuses, `${surface} ${id}`, async () => {
      const now = this.#clock.now();
      const [row] = await this.#reads.rows<CompanyRow & { usable: boolean }>(STATUS_SQL[surface], [id, now.toISOString()]);
      if (!row) return false;
      const { usable, ...company } = row;
      this.#remember(this.#companies, company.id, Promise.resolve(company), now.getTime());
      return usable;
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

  #scopeSet(scope: string): ReadonlySet<string> {
    let set = this.#scopeSets.get(scope);
    if (!set) {
      if (this.#scopeSets.size >= LIMIT) this.#scopeSets.clear();
      set = new Set(scope.split(' ').filter(Boolean));
      this.#scopeSets.set(scope, set);
    }
    return set;
  }
}
