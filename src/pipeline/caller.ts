import type { ConsoleRole } from '../db/entities/index.ts';

/** Who is calling: an M2M client (document 1), a v1 API key (document 2) or a console user, with what it may do. */
export interface Caller {
  kind: 'm2m' | 'v1' | 'console';
  /** `m2m_…` client id, v1 `apiKey`, or `cu_…` console user id. */
  id: string;
  companyId: string;
  scopes: ReadonlySet<string>;
  /** For a console user: who, for the audit log and `me`. */
  user?: { email: string; role: ConsoleRole };
}
