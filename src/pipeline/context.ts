/**
 * What every resolver receives (the GraphQL context), made once per operation by the pipeline: the caller,
 * plain-row reads and loaders of the caller's company, an entity manager of that company for writes (made
 * on first use), and what the pipeline learns about the operation for the audit log and the response.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { createLoaders, type Loaders } from '../db/loaders.ts';
import { CompanyReads, TransactionRunner, type SqlRunner } from '../db/reads.ts';
import type { CompanyRow } from '../db/rows.ts';
import { companyEm } from '../db/scope.ts';
import { Unauthenticated } from '../domain/errors.ts';
import type { Services } from '../services.ts';
import type { Caller } from './caller.ts';
import type { ConsoleExchange } from './console.ts';

/** What the pipeline learned about an operation, for the audit log and the response headers. */
export interface OperationOutcome {
  action: 'READ' | 'UPDATE';
  /** What the audit log calls the resource: a REST route's resource, or the root fields of a GraphQL operation. */
  resourceType: string;
  /** The operation's name, when it has one. */
  operation: string | null;
  cache: { hit: boolean; ageSeconds: number } | null;
  /** The first scope the operation was refused for, when a field was denied. */
  deniedScope?: string;
}

export interface GraphqlContext {
  services: Services;
  caller: Caller | null;
  /** Plain-row reads of the caller's company (src/db/reads.ts). */
  reads: CompanyReads;
  loaders: Loaders;
  /** The caller's company, loaded once per process for a short while (its timezone and currency). */
  company(): Promise<CompanyRow>;
  /** An entity manager limited to the caller's company, for writes. */
  readonly em: EntityManager;
  requestId: string;
  /** Fields of this operation the caller may not see, with the scope they lack (src/pipeline/scopes.ts). */
  deniedFields?: Map<string, string>;
  outcome: OperationOutcome;
  /** On /graphql: the console's session and sign-in (src/pipeline/console.ts). */
  console?: ConsoleExchange;
}

/** No company matches this id, so a context without a caller reads nothing. */
const NO_COMPANY = 'co_none';

export interface ContextParts {
  services: Services;
  caller: Caller | null;
  requestId: string;
  /** Where reads go outside a transaction: the ORM's pool. */
  pool: SqlRunner;
  company: (companyId: string) => Promise<CompanyRow | undefined>;
  /** A write request's entity manager, already in its transaction. */
  em?: EntityManager;
}

export function createContext({ services, caller, requestId, pool, company, em: given }: ContextParts): GraphqlContext {
  const companyId = caller?.companyId ?? NO_COMPANY;
  let em = given;
  const entityManager = () => (em ??= companyEm(services.orm, companyId));
  const reads = new CompanyReads(given ? new TransactionRunner(given, pool) : pool, companyId);
  const callerCompany = async () => {
    if (!caller) throw new Unauthenticated();
    const row = await company(companyId);
    if (!row) throw new Unauthenticated('The company of this token no longer exists');
    return row;
  };
  return {
    services,
    caller,
    reads,
    loaders: createLoaders(reads, callerCompany),
    company: callerCompany,
    get em() {
      return entityManager();
    },
    requestId,
    outcome: { action: 'READ', resourceType: '', operation: null, cache: null },
  };
}
