/**
 * Turns a verified access token into the caller it speaks for. A token's scopes are those it was issued
 * with (document 1, section 5.5), but a client that is revoked or expired, or a v1 key that is revoked,
 * stops being let in within STATUS_TTL_MS even while its tokens have not expired.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Caller } from '../../resolvers/context.ts';
import { ApiClient, V1ApiKey } from '../db/entities/index.ts';
import { unscopedEm } from '../db/scope.ts';
import type { Clock } from '../domain/clock.ts';
import { ALL_SCOPES } from '../domain/scopes.ts';
import type { AccessClaims, Surface } from './tokens.ts';

export const STATUS_TTL_MS = 30_000;

const V1_SCOPES: ReadonlySet<string> = new Set(ALL_SCOPES);

interface Status {
  usable: boolean;
  checkedAt: number;
}

export class CallerDirectory {
  readonly #orm: MikroORM;
  readonly #clock: Clock;
  readonly #statuses = new Map<string, Status>();

  constructor(orm: MikroORM, clock: Clock) {
    this.#orm = orm;
    this.#clock = clock;
  }

  /** The caller of a verified token, or null when its client or key may no longer call. */
  async callerOf(surface: Surface, claims: AccessClaims): Promise<Caller | null> {
    if (!(await this.#usable(surface, claims.sub))) return null;
    return {
      kind: surface,
      id: claims.sub,
      companyId: claims.company,
      // A v1 key opens the whole company (document 2 has no scopes); M2M tokens carry theirs.
      scopes: surface === 'v1' ? V1_SCOPES : new Set((claims.scope ?? '').split(' ').filter(Boolean)),
    };
  }

  async #usable(surface: Surface, id: string): Promise<boolean> {
    const now = this.#clock.now().getTime();
    const known = this.#statuses.get(id);
    // A clock set back must not keep a status for longer than STATUS_TTL_MS either.
    if (known && now >= known.checkedAt && now - known.checkedAt < STATUS_TTL_MS) return known.usable;
    const em = unscopedEm(this.#orm);
    let usable: boolean;
    if (surface === 'm2m') {
      const client = await em.findOne(ApiClient, { id });
      usable = !!client && !client.revokedAt && !(client.expiresAt && client.expiresAt.getTime() <= now);
    } else {
      const key = await em.findOne(V1ApiKey, { id });
      usable = !!key && !key.revokedAt;
    }
    if (this.#statuses.size > 10_000) this.#statuses.clear();
    this.#statuses.set(id, { usable, checkedAt: now });
    return usable;
  }
}
