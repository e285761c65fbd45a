/**
 * The scopes of document 1 (section 5), plus the write scopes the GraphQL mutations need
 * (shared/contracts/graphql-core.graphql). Scopes have the form `resource:permission`.
 */
export const READ_SCOPES = [
  'customers:read',
  'profile:read',
  'bookings:read',
  'packages:read',
  'videos:read',
  'subscription-mandates:read',
  'appointments:read',
  'notes:read',
  'questionnaire-answers:read',
  'events:read',
  'events-register:read',
  'subscription-plans:read',
  'passes:read',
  'media:read',
  'vouchers:read',
] as const;

export const WRITE_SCOPES = [
  'profile:write',
  'subscription-plans:write',
  'passes:write',
  'media:write',
  'vouchers:write',
  'bookings:write',
  'packages:write',
  'appointments:write',
  'customers:write',
  'events:write',
  'webhooks:write',
] as const;

export const ALL_SCOPES = [...READ_SCOPES, ...WRITE_SCOPES] as const;
export type Scope = (typeof ALL_SCOPES)[number];

const known = new Set<string>(ALL_SCOPES);

export function isScope(value: string): value is Scope {
  return known.has(value);
}

/** Parses a space-separated scope list; unknown names are returned in `unknown`. */
export function parseScopes(text: string): { scopes: Scope[]; unknown: string[] } {
  const names = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  return { scopes: names.filter(isScope), unknown: names.filter((n) => !isScope(n)) };
}

/**
 * The scopes a token is given (RFC 6749, section 3.3): every scope the client holds when none is
 * requested, else exactly the requested ones, which the client must all hold (`lacking` names the others).
 */
export function grantedScopes(held: readonly string[], requested: string | undefined): { granted: string[]; lacking: string[] } {
  if (requested === undefined) return { granted: [...held], lacking: [] };
  const asked = new Set(requested.split(' ').filter(Boolean));
  return { granted: held.filter((scope) => asked.has(scope)), lacking: [...asked].filter((scope) => !held.includes(scope)) };
}
