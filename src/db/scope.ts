/**
 * Entity managers limited to one company. Every query of a company-scoped entity through these
 * carries the company filter; an id of another company reads exactly like an id that does not exist.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ALL_COMPANIES } from './orm.ts';

export function companyEm(orm: MikroORM, companyId: string): EntityManager {
  const em = orm.em.fork();
  em.setFilterParams('company', { id: companyId });
  return em;
}

/** For the few cross-company operations (admin CLI, token issuance): the company filter is off. */
export function unscopedEm(orm: MikroORM): EntityManager {
  const em = orm.em.fork();
  em.setFilterParams('company', { id: ALL_COMPANIES });
  return em;
}
