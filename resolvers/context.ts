/** What every resolver receives: the caller, their company's entity manager and the request's loaders. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Loaders } from '../src/db/loaders.ts';
import type { Services } from '../src/services.ts';

/** Who is calling: an M2M client (document 1) or a v1 API key (document 2). */
export interface Caller {
  kind: 'm2m' | 'v1';
  /** `m2m_…` client id or v1 `apiKey`. */
  id: string;
  companyId: string;
  scopes: ReadonlySet<string>;
}

/** What the pipeline learned about an operation, for the audit log and the response headers. */
export interface OperationOutcome {
  action: 'READ' | 'UPDATE';
  /** The root fields the operation selected, comma-separated. */
  resourceType: string;
  /** The operation's name, when it has one. */
  operation: string | null;
  cache: { hit: boolean; ageSeconds: number } | null;
}

export interface GraphqlContext {
  services: Services;
  caller: Caller | null;
  em: EntityManager;
  loaders: Loaders;
  requestId: string;
  /** Fields of this operation the caller may not see, with the scope they lack (src/pipeline/scopes.ts). */
  deniedFields?: Map<string, string>;
  outcome: OperationOutcome;
}
