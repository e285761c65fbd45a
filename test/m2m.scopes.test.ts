/** Document 1, section 4: each route's scope, derived from its GraphQL document, is the documented one. */
import { describe, expect, it } from '@jest/globals';
import { buildSchema } from '../resolvers/index.ts';
import { compileM2mRoutes } from '../rest/m2m/index.ts';

const documented: [string, string, string][] = [
  ['GET', '/customers', 'customers:read'],
  ['GET', '/customer/:id/profile', 'profile:read'],
  ['PUT', '/customer/:id/profile', 'profile:write'],
  ['GET', '/customer/:id/bookings', 'bookings:read'],
  ['GET', '/customer/:id/booking/:bookingId', 'bookings:read'],
  ['GET', '/customer/:id/packages', 'packages:read'],
  ['GET', '/customer/:id/videos', 'videos:read'],
  ['GET', '/customer/:id/subscription-mandates', 'subscription-mandates:read'],
  ['GET', '/customer/:id/appointments', 'appointments:read'],
  ['GET', '/customer/:id/notes', 'notes:read'],
  ['GET', '/customer/:id/questionnaire-answers', 'questionnaire-answers:read'],
  ['GET', '/appointments/bookings', 'appointments:read'],
  ['GET', '/appointments/bookings/:id', 'appointments:read'],
  ['GET', '/appointments/services', 'appointments:read'],
  ['GET', '/appointments/services/:id', 'appointments:read'],
  ['GET', '/appointments/availability/:id', 'appointments:read'],
  ['GET', '/events', 'events:read'],
  ['GET', '/event/:id', 'events:read'],
  ['GET', '/event/:id/dates/:dateId/register', 'events-register:read'],
  ['GET', '/subscription-plans', 'subscription-plans:read'],
  ['GET', '/subscription-plan/:id', 'subscription-plans:read'],
  ['PUT', '/subscription-plan/:id', 'subscription-plans:write'],
  ['GET', '/passes', 'passes:read'],
  ['GET', '/pass/:id', 'passes:read'],
  ['GET', '/pass/:id/packages', 'passes:read'],
  ['PUT', '/pass/:id', 'passes:write'],
  ['GET', '/videos', 'media:read'],
  ['GET', '/video/:id', 'media:read'],
  ['PUT', '/video/:id', 'media:write'],
  ['GET', '/vouchers', 'vouchers:read'],
  ['GET', '/voucher/:id', 'vouchers:read'],
  ['PUT', '/voucher/:id', 'vouchers:write'],
];

const routes = compileM2mRoutes(buildSchema());

describe('M2M route scopes', () => {
  it.each(documented)('%s %s needs exactly %s', (method, path, scope) => {
    const route = routes.find((r) => r.method === method && r.path === path);
    expect(route).toBeDefined();
    expect(route!.scopes).toEqual([scope]);
  });

  it('serves no route that document 1 does not list', () => {
    const listed = new Set(documented.map(([method, path]) => `${method} ${path}`));
    expect(routes.map((r) => `${r.method} ${r.path}`).filter((r) => !listed.has(r))).toEqual([]);
  });
});
