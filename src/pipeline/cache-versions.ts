/**
 * This instance's copy of the read cache's versions (src/db/cache-versions.ts). A company's versions are
 * read on its first cached call and kept fresh by the notices PostgreSQL delivers when a write commits
 * (src/pipeline/notices.ts). Versions only rise, so notices and reads may land in any order: each keeps the
 * higher value.
 *
 * The copy may trail a commit of another instance by the moment its notice takes to arrive. It never has to
 * be exact: a cache hit is confirmed against PostgreSQL's own versions in the statement that commits its
 * audit entry (src/pipeline/audit.ts), and a hit found behind is served as a miss. When notices may have
 * been missed, the copy is dropped and read again.
 */
import { CACHE_VERSION_CHANNEL, companyCacheVersions, type VersionNotice, type Versions } from '../db/cache-versions.ts';
import type { SqlRunner } from '../db/reads.ts';
import type { Notices } from './notices.ts';

/** Companies whose versions are kept at most; past it, the oldest is read again when next needed. */
const COMPANIES_KEPT = 10_000;

interface Known {
  versions: Versions;
  /** While the company's versions are being read. */
  loading: Promise<Versions> | null;
}

function raise(into: Versions, from: Versions): void {
  for (const [type, version] of Object.entries(from)) if (!(into[type]! >= version)) into[type] = version;
}

export class CacheVersions {
  readonly #reads: SqlRunner;
  readonly #known = new Map<string, Known>();

  constructor(reads: SqlRunner, notices: Notices) {
    this.#reads = reads;
    notices.on(CACHE_VERSION_CHANNEL, (payload) => {
      const notice = JSON.parse(payload) as VersionNotice;
      this.apply(notice.c, notice.v);
    });
    notices.onLost(() => this.#known.clear());
  }

  /** A company's versions: at once when known here, else once read. */
  of(companyId: string): Versions | Promise<Versions> {
    const known = this.#known.get(companyId);
    if (known) return known.loading ?? known.versions;
    const entry: Known = { versions: {}, loading: null };
    entry.loading = companyCacheVersions(this.#reads, companyId).then(
      (read) => {
        raise(entry.versions, read);
        entry.loading = null;
        return entry.versions;
      },
      (error: unknown) => {
        if (this.#known.get(companyId) === entry) this.#known.delete(companyId);
        throw error;
      },
    );
    if (this.#known.size >= COMPANIES_KEPT) this.#known.delete(this.#known.keys().next().value!);
    this.#known.set(companyId, entry);
    return entry.loading;
  }

  /** Versions a commit raised (this instance's own, or another's notice). */
  apply(companyId: string, versions: Versions): void {
    const known = this.#known.get(companyId);
    if (known) raise(known.versions, versions);
  }

  /** Drops a company's versions, to be read again: a hit proved them behind. */
  forget(companyId: string): void {
    this.#known.delete(companyId);
  }
}
