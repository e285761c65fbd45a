/**
 * What each console role may write, refused by the server whatever a page shows: staff run the desk
 * (appointments, bookings and attendance, notes, answers, selling passes and videos), admins also the
 * catalogue (events, passes, videos, vouchers, plans, services and facilitators), owners also users.
 * A refusal is FORBIDDEN naming the scope and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { consoleCall, signIn } from './support/console.ts';
import { consoleUser, startStudio, type Studio } from './support/studio.ts';

type Role = 'owner' | 'admin' | 'staff';
const ROLES: Role[] = ['owner', 'admin', 'staff'];

const bundle = {
  format: 1,
  customers: [{ id: 'cust_ada', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' }],
  events: [{
    id: 'evt_yoga', name: 'Yoga', timezone: 'Europe/London', dates: [{ id: 'date_past', datetime: '2026-11-20T09:00:00', duration: 60, capacity: 10 }],
    pricingOptions: [{ id: 'po-dropin', name: 'Drop-in', base100Price: 1000, credits: 1 }],
  }],
  transactions: [{
    id: 'txn_ada', customerId: 'cust_ada', purchaseDate: '2026-11-01T10:00:00',
    bookings: [{ id: 'booking_ada', eventDateId: 'date_past', pricingOptionId: 'po-dropin', payment: { method: 'CARD', base100GrossPrice: 1000, base100NetPrice: 1000 } }],
  }],
  facilitators: [{ id: 'fac_jo', name: 'Jo', timezone: 'Europe/London', weeklyWindows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })) }],
  services: [{ id: 'svc_massage', name: 'Massage', options: [{ name: '30 min', durationMinutes: 30, base100Price: 3000, credits: 1 }] }],
  passes: [{ id: 'pass_5', name: '5 classes', credits: 5, validityDays: 90, base100Price: 4000 }],
  media: [{ id: 'media_yin', name: 'Yin', base100Price: 800, credits: 1, accessDays: 30 }],
  subscriptionPlans: [{ id: 'plan_monthly', name: 'Monthly', base100Price: 6000, interval: 'MONTH' }],
} as unknown as Bundle;

let studio: Studio;
let sql: pg.Client;
const cookies = {} as Record<Role, string>;
let calls = 0;

/** Each write, with the scope it needs; `{role}`, `{n}` and `{day}` make each call's values its own. */
const WRITES: Array<[what: string, query: string, scope: string]> = [
  ['book an appointment', 'mutation { bookAppointment(input: { customerId: "cust_ada", serviceId: "svc_massage", optionName: "30 min", facilitatorId: "fac_jo", datetime: "2026-12-{day}T10:00:00", payWith: CARD }) { id } }', 'appointments:write'],
  ['take attendance', 'mutation { setBookingAttendance(id: "booking_ada", attended: true) { id } }', 'bookings:write'],
  ['add a note', 'mutation { addNote(customerId: "cust_ada", body: "Note {n}") { id } }', 'notes:write'],
  ['record questionnaire answers', 'mutation { recordQuestionnaireAnswers(customerId: "cust_ada", questionnaire: "Intake", answers: [{ question: "Q", answer: "A" }]) { id } }', 'questionnaire-answers:write'],
  ['sell a pass', 'mutation { purchasePass(input: { customerId: "cust_ada", passId: "pass_5" }) { id } }', 'packages:write'],
  ['sell a video', 'mutation { purchaseVideo(input: { customerId: "cust_ada", mediaId: "media_yin", payWith: CARD }) { id } }', 'videos:write'],
  ['change a customer', 'mutation { updateCustomer(id: "cust_ada", input: { mobile: "+447700900{n}" }) { id } }', 'customers:write'],
  ['add a voucher', 'mutation { createVoucher(input: { code: "{role}-{n}", percentOff: 10 }) { id } }', 'vouchers:write'],
  ['add a video', 'mutation { createVideo(input: { name: "Video {n}", base100Price: 500, credits: 1 }) { id } }', 'media:write'],
  ['add a pass', 'mutation { createPass(input: { name: "Pass {n}", credits: 5, validityDays: 30, base100Price: 2000 }) { id } }', 'passes:write'],
  ['add an event', 'mutation { createEvent(input: { name: "Event {n}" }) { id } }', 'events:write'],
  ['change a subscription plan', 'mutation { updateSubscriptionPlan(id: "plan_monthly", input: { name: "Monthly {n}" }) { id } }', 'subscription-plans:write'],
  ['add a service', 'mutation { createService(input: { name: "Service {n}" }) { id } }', 'appointment-catalogue:manage'],
  ['add a facilitator', 'mutation { createFacilitator(input: { name: "Facilitator {n}" }) { id } }', 'appointment-catalogue:manage'],
  ['set working hours', `mutation { setWeeklyWindows(facilitatorId: "fac_jo", windows: [${[1, 2, 3, 4, 5, 6, 7].map((d) => `{ weekday: ${d}, start: "08:00", end: "20:00" }`).join(",")}]) { id } }`, 'appointment-catalogue:manage'],
  ['set a day off', 'mutation { setDateOverride(facilitatorId: "fac_jo", date: "2027-01-01", windows: []) { id } }', 'appointment-catalogue:manage'],
];
const STAFF_MAY = new Set(['appointments:write', 'bookings:write', 'notes:write', 'questionnaire-answers:write', 'packages:write', 'videos:write', 'customers:write']);

/** Rows of every table a write above adds to or changes, to show that a refusal changes nothing. */
const snapshot = async () =>
  (await sql.query(`select
    (select count(*) from appointment) a, (select count(*) from note) n, (select count(*) from questionnaire_answer) q, (select count(*) from pass_purchase) pp,
    (select count(*) from video_purchase) vp, (select count(*) from voucher) v, (select count(*) from media) m, (select count(*) from pass_template) p,
    (select count(*) from event) e, (select count(*) from service) s, (select count(*) from facilitator) f, (select count(*) from facilitator_date_override) o,
    (select string_agg(name, ',') from subscription_plan) plans, (select mobile from customer where id = 'cust_ada') mobile,
    (select attended from booking where id = 'booking_ada') attended`)).rows[0];

beforeAll(async () => {
  studio = await startStudio({ bundle, clock: new FixedClock('2026-11-21T12:00:00Z') });
  for (const role of ROLES) cookies[role] = (await signIn(studio.url, await consoleUser(studio, role))).cookie;
  sql = new pg.Client(studio.app.database.url);
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await studio?.close();
});

describe('console roles × desk and catalogue writes', () => {
  const cases = ROLES.flatMap((role) => WRITES.map(([what, query, scope]) => [role, what, query, scope] as const));
  it.each(cases)('%s: %s', async (role, _what, query, scope) => {
    const allowed = role !== 'staff' || STAFF_MAY.has(scope);
    const n = ++calls;
    const before = await snapshot();
    const values = query.replace('{role}', role).replaceAll('{n}', String(n)).replace('{day}', String((n % 28) + 1).padStart(2, '0'));
    const { body } = await consoleCall(studio.url, values, { cookie: cookies[role] });
    if (allowed) {
      expect(body.errors).toBeUndefined();
    } else {
      expect(body.errors[0]).toMatchObject({ message: `Missing required scope: ${scope}`, extensions: { code: 'FORBIDDEN' } });
      expect(await snapshot()).toEqual(before);
      // The audit log calls it a denial, whether the whole operation or one of its fields was refused.
      const [entry] = (await sql.query('select status, missing_scope from audit_entry order by id desc limit 1')).rows;
      expect(entry).toEqual({ status: 403, missing_scope: scope });
    }
  });

  it("states each role's scopes in `me`: staff the desk (subscriptions sold there too), not the catalogue", async () => {
    const scopes = async (role: Role) => (await consoleCall(studio.url, '{ me { scopes } }', { cookie: cookies[role] })).body.data.me.scopes as string[];
    const staff = await scopes('staff');
    expect(staff).toEqual(expect.arrayContaining([...STAFF_MAY, 'subscription-mandates:write', 'notes:read', 'questionnaire-answers:read', 'media:read', 'passes:read']));
    for (const catalogue of ['events:write', 'passes:write', 'media:write', 'vouchers:write', 'subscription-plans:write', 'appointment-catalogue:manage', 'webhooks:write']) {
      expect(staff).not.toContain(catalogue);
    }
    expect(await scopes('admin')).toEqual(expect.arrayContaining(['appointment-catalogue:manage', 'subscription-mandates:write', 'videos:write', 'notes:write']));
  });
});
