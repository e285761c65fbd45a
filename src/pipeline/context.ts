/**
 * What every resolver receives (the GraphQL context), made once per operation by the pipeline: the caller,
 * plain-row reads and loaders of the caller's company, an entity manager of that company for writes, and the
 * call it serves. In a write the entity manager is the write's transaction (src/pipeline/commit.ts): each
 * root mutation field runs in a savepoint of it, and reads see what the write changed.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LiveChange } from '../db/live-changes.ts';
import { createLoaders, type Loaders } from '../db/loaders.ts';
import { CompanyReads, TransactionRunner, type SqlRunner } from '../db/reads.ts';
import type { CompanyRow } from '../db/rows.ts';
import { companyEm } from '../db/scope.ts';
import { touchedNow } from '../db/touched.ts';
import { Unauthenticated } from '../domain/errors.ts';
import type { Services } from '../services.ts';
import type { Call } from './call.ts';
import type { Caller } from './caller.ts';
import type { ConsoleExchange } from './console.ts';

export interface GraphqlContext {
  services: Services;
  caller: Caller | null;
  /** The call this operation serves. */
  call: Call;
  /** Plain-row reads of the caller's company (src/db/reads.ts). */
  reads: CompanyReads;
  loaders: Loaders;
  /** The caller's company, loaded once per process for a short while (its timezone and currency). */
  company(): Promise<CompanyRow>;
  /** An entity manager limited to the caller's company: in a write, the write's transaction. */
  readonly em: EntityManager;
  /** Makes (once) and returns `em`. */
  entityManager(): EntityManager;
  requestId: string;
  /** On /graphql: the console's session and sign-in (src/pipeline/console.ts), the call's own. */
  console?: ConsoleExchange;
  /** Over WebSocket (src/live): starts the subscription to the changes of the caller's company, of these types (null: all it reads). */
  live?: { changes(types: readonly string[] | null): Promise<AsyncIterableIterator<LiveChange>> };
  /**
   * In a write: runs the work of one root mutation field in a savepoint of the write's transaction, so a
   * field that fails leaves nothing behind while the fields before it stand; a field that succeeds is
   * recorded in `committed`.
   */
  savepoint?<T>(field: string, work: () => Promise<T>): Promise<T>;
  /** Root mutation fields whose work succeeded in this operation's transaction. */
  committed: string[];
  /**
   * The operation reads its lists marked `@readWithParent` as properties (src/pipeline/lists-with-parents.ts):
   * the parent fields' resolvers set them on the rows of their pages.
   */
  listsWithParents?: boolean;
}

/** No company matches this id, so a context without a caller reads nothing. */
const NO_COMPANY = 'co_none';

export interface ContextParts {
  services: Services;
  call: Call;
  /** Where a company's reads go outside a transaction: the ORM's pool, in the company's turn. */
  pool: (companyId: string) => SqlRunner;
  company: (companyId: string, reads: SqlRunner) => Promise<CompanyRow | undefined>;
  /** A write's entity manager, already in its transaction. */
  em?: EntityManager;
}

/**
 * `em` made when first read, from the prototype: Apollo Server copies a context's own properties for each
 * operation, and an own getter would be read there, making an entity manager for every read.
 */
const LAZY_EM = Object.defineProperty({}, 'em', {
  get(this: { entityManager: () => EntityManager }) {
    return this.entityManager();
  },
});

export function createContext({ services, call, pool, company, em: transaction }: ContextParts): GraphqlContext {
  const { caller } = call;
  const companyId = caller?.companyId ?? NO_COMPANY;
  let current = transaction;
  const entityManager = () => (current ??= companyEm(services.orm, companyId));
  const outside = pool(companyId);
  const runner = transaction ? new TransactionRunner(() => current!, outside) : outside;
  const reads = new CompanyReads(runner, companyId);
  const callerCompany = async () => {
    if (!caller) throw new Unauthenticated();
    // In a write, on the write's own connection: a second one could wait for a pool the writes have filled.
    const row = await company(companyId, runner);
    if (!row) throw new Unauthenticated('The company of this token no longer exists');
    return row;
  };
  const context: GraphqlContext = Object.assign(Object.create(LAZY_EM) as { em: EntityManager }, {
    services,
    caller,
    call,
    reads,
    loaders: createLoaders(reads, callerCompany),
    company: callerCompany,
    entityManager,
    requestId: call.requestId,
    committed: [],
    ...(call.console && { console: call.console }),
  });
  if (transaction) {
    context.savepoint = async (field, work) => {
      const outer = current!;
      const forget = touchedNow()?.mark();
      const value = await outer.transactional(async (savepoint) => {
        savepoint.setFilterParams('company', { id: companyId });
        current = savepoint;
        try {
          return await work();
        } finally {
          current = outer;
        }
      }).catch((error: unknown) => {
        forget?.();
        throw error;
      });
      context.committed.push(field);
      return value;
    };
  }
  return context;
}
