/**
 * The scopes of document 1 (section 5), plus the write scopes the GraphQL mutations need
 * (docs/graphql.md, "Scopes"). Scopes have the form `resource:permission`.
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
  'reports:read',
] as const;

export const WRITE_SCOPES = [
  'profile:write',
  'subscription-plans:write',
  'subscription-mandates:write',
  'passes:write',
  'media:write',
  'vouchers:write',
  'bookings:write',
  'packages:write',
  'appointments:write',
  'customers:write',
  'events:write',
  'webhooks:write',
  'videos:write',
  'notes:write',
  'questionnaire-answers:write',
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

/** What each scope grants, grouped as the console shows them (document 1, section 5's table). */
export const SCOPE_CATALOGUE: ReadonlyArray<{ name: Scope; group: string; description: string }> = [
  { name: 'customers:read', group: 'Customers', description: 'List and search customers (GET /customers)' },
  { name: 'customers:write', group: 'Customers', description: 'Create customers and change their details' },
  { name: 'profile:read', group: 'Customers', description: "Read a customer's profile (GET /customer/{id}/profile)" },
  { name: 'profile:write', group: 'Customers', description: "Update a customer's profile (PUT /customer/{id}/profile)" },
  { name: 'notes:read', group: 'Customers', description: "Read a customer's notes (GET /customer/{id}/notes)" },
  { name: 'notes:write', group: 'Customers', description: "Add and delete a customer's notes" },
  { name: 'questionnaire-answers:read', group: 'Customers', description: "Read a customer's questionnaire answers" },
  { name: 'questionnaire-answers:write', group: 'Customers', description: "Record a customer's questionnaire answers" },
  { name: 'bookings:read', group: 'Bookings', description: "Read a customer's bookings and transactions" },
  { name: 'bookings:write', group: 'Bookings', description: 'Book, cancel and change bookings; take attendance' },
  { name: 'packages:read', group: 'Bookings', description: "Read a customer's pass purchases (GET /customer/{id}/packages)" },
  { name: 'packages:write', group: 'Bookings', description: 'Sell passes and change pass purchases' },
  { name: 'videos:read', group: 'Bookings', description: "Read a customer's video purchases" },
  { name: 'videos:write', group: 'Bookings', description: 'Sell videos, and cancel and refund video purchases' },
  { name: 'subscription-mandates:read', group: 'Bookings', description: "Read a customer's subscription mandates and their charges" },
  { name: 'subscription-mandates:write', group: 'Bookings', description: 'Start, pause, resume and cancel subscriptions; mark their charges paid or failed' },
  { name: 'appointments:read', group: 'Appointments', description: 'Customer appointments, company-wide appointments, services, facilitators and availability' },
  { name: 'appointments:write', group: 'Appointments', description: 'Book, cancel, reschedule and record appointments and their payments; services, facilitators and working hours' },
  { name: 'events:read', group: 'Events', description: 'List events and their dates (GET /events, GET /event/{id})' },
  { name: 'events:write', group: 'Events', description: 'Create and change events and their dates' },
  { name: 'events-register:read', group: 'Events', description: 'Read the register of an event date' },
  { name: 'subscription-plans:read', group: 'Catalogue', description: 'Read the subscription plan catalogue' },
  { name: 'subscription-plans:write', group: 'Catalogue', description: 'Create subscription plans and change them (PUT /subscription-plan/{id})' },
  { name: 'passes:read', group: 'Catalogue', description: 'Read the pass catalogue, with each pass\'s purchases' },
  { name: 'passes:write', group: 'Catalogue', description: 'Change a pass (PUT /pass/{id})' },
  { name: 'media:read', group: 'Catalogue', description: 'Read the video library' },
  { name: 'media:write', group: 'Catalogue', description: 'Add and change videos (PUT /video/{id})' },
  { name: 'vouchers:read', group: 'Catalogue', description: 'Read the voucher catalogue' },
  { name: 'vouchers:write', group: 'Catalogue', description: 'Add and change vouchers (PUT /voucher/{id})' },
  { name: 'reports:read', group: 'Reports', description: 'Read reports: revenue, bookings, attendance, appointments, new customers' },
  { name: 'webhooks:write', group: 'Webhooks', description: 'Manage webhook endpoints, secrets, tests and redeliveries' },
];
