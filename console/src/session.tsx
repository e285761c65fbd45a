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

/** The console's sections, the scopes that open each (any one of them), and where they live. */
export interface Section {
  path: string;
  name: string;
  scopes: readonly string[];
}

/** What the catalogue writes: each of its tabs needs one of these (services and facilitators the first). */
export const CATALOGUE_SCOPES = ['appointment-catalogue:manage', 'passes:write', 'media:write', 'subscription-plans:write', 'vouchers:write'];

/** In the order of the navigation: the desk first, then the catalogue, then the owner's and admin's tools. */
export const SECTIONS: readonly Section[] = [
  { path: '/today', name: 'Today', scopes: ['appointments:read', 'events:read'] },
  { path: '/customers', name: 'Customers', scopes: ['customers:read'] },
  { path: '/appointments', name: 'Appointments', scopes: ['appointments:read'] },
  { path: '/events', name: 'Events', scopes: ['events:read'] },
  { path: '/schedule', name: 'Schedule', scopes: ['events:read'] },
  { path: '/catalogue', name: 'Catalogue', scopes: CATALOGUE_SCOPES },
  { path: '/reports', name: 'Reports', scopes: ['reports:read'] },
  { path: '/api-clients', name: 'API clients', scopes: ['api-clients:manage'] },
  { path: '/webhooks', name: 'Webhooks', scopes: ['webhooks:write'] },
  { path: '/audit', name: 'Audit log', scopes: ['audit:read'] },
  { path: '/users', name: 'Users', scopes: ['users:manage'] },
];

export function can(me: Me, scope: string): boolean {
  return me.scopes.includes(scope);
}

export const mayOpen = (me: Me, section: Section): boolean => section.scopes.some((scope) => can(me, scope));
