/**
 * Entity managers limited to one company. Every query of a company-scoped entity through these
 * carries the company filter; an id of another company reads exactly like an id that does not exist.
 *
 * A domain function writes through what it is given (`Db`): the ORM, when it is its own unit of work (the
 * command line), or the entity manager of the caller's unit of work (a request's write transaction, already
 * limited to the caller's company), so that its writes commit or roll back with everything else the call did.
 */
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ALL_COMPANIES } from './orm.ts';

/** The ORM, or a unit of work's entity manager. */
export type Db = MikroORM | EntityManager;

export function companyEm(db: Db, companyId: string): EntityManager {
  if (!(db instanceof MikroORM)) {
    // A unit of work of one company: a request's is of the caller's already, the command line's becomes it.
    db.setFilterParams('company', { id: companyId });
    return db;
  }
  const em = db.em.fork();
  em.setFilterParams('company', { id: companyId });
  return em;
}

/** For the few cross-company operations (admin CLI, token issuance): the company filter is off, in the unit of work's transaction when given one. */
export function unscopedEm(db: Db): EntityManager {
  const em = db instanceof MikroORM ? db.em.fork() : db.fork({ keepTransactionContext: true, clear: false });
  em.setFilterParams('company', { id: ALL_COMPANIES });
  return em;
}
