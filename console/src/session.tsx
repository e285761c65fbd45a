import { createContext, useContext } from 'react';
import type { MeQuery } from './gql/graphql.ts';

export type Me = NonNullable<MeQuery['me']>;

export interface Session {
  me: Me;
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}

/** The console's sections, the scope each needs, and where they live. */
export interface Section {
  path: string;
  name: string;
  scope: string;
}

export const SECTIONS: readonly Section[] = [
  { path: '/api-clients', name: 'API clients', scope: 'api-clients:manage' },
  { path: '/webhooks', name: 'Webhooks', scope: 'webhooks:write' },
  { path: '/audit', name: 'Audit log', scope: 'audit:read' },
  { path: '/customers', name: 'Customers', scope: 'customers:read' },
  { path: '/appointments', name: 'Appointments', scope: 'appointments:read' },
  { path: '/events', name: 'Events', scope: 'events:read' },
  { path: '/users', name: 'Users', scope: 'users:manage' },
];

export function can(me: Me, scope: string): boolean {
  return me.scopes.includes(scope);
}
