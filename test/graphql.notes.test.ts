/**
 * What the desk writes about a customer, read back through M2M: notes (added by a console user or an API
 * client, named as their author; the note typed when an appointment is booked; deleted) on
 * `/customer/{id}/notes`, and questionnaire answers (a history) on `/customer/{id}/questionnaire-answers`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Bundle } from '../src/bundles/bundle.ts';
import { FixedClock } from '../src/domain/clock.ts';
import { consoleCall, signIn } from './support/console.ts';
import { call, consoleUser, startStudio, type Studio } from './support/studio.ts';

const clock = new FixedClock('2026-11-21T12:00:00Z');
const bundle = {
  format: 1,
  customers: [{ id: 'cust_ada', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' }],
  facilitators: [{ id: 'fac_jo', name: 'Jo', timezone: 'Europe/London', weeklyWindows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })) }],
  services: [{ id: 'svc_massage', name: 'Massage', bufferMinutes: 15, options: [{ name: '60 min', durationMinutes: 60, base100Price: 5000, credits: 2 }] }],
} as unknown as Bundle;

let studio: Studio;
let token: string;
let cookie: string;
let staffEmail: string;

const graphql = async (query: string, variables: Record<string, unknown> = {}) =>
  (await call(`${studio.url}/graphql`, token, { method: 'POST', body: { query, variables } })).body;
const m2m = async (path: string) => (await call(`${studio.m2m}${path}`, token)).body;
const ADD = 'mutation ($customerId: ID!, $body: String!) { addNote(customerId: $customerId, body: $body) { id body author } }';

beforeAll(async () => {
  studio = await startStudio({ bundle, clock, env: { M2M_RATE_PER_MINUTE: '100000' } });
  token = await studio.token();
  const staff = await consoleUser(studio, 'staff');
  staffEmail = staff.email;
  cookie = (await signIn(studio.url, staff)).cookie;
});
afterAll(() => studio?.close());

describe('notes', () => {
  it('are read back by M2M as written, the author named: an API client by its name, a console user by email', async () => {
    expect((await m2m('/customer/cust_ada/notes')).data).toEqual([]);
    const byClient = (await graphql(ADD, { customerId: 'cust_ada', body: 'Allergic to lavender oil' })).data.addNote;
    clock.advance(60_000);
    const byStaff = (await consoleCall(studio.url, ADD, { cookie, variables: { customerId: 'cust_ada', body: 'Paid for December in cash' } })).body.data.addNote;
    expect(byStaff.author).toBe(staffEmail);
    const { data, total } = await m2m('/customer/cust_ada/notes');
    expect(total).toBe(2);
    expect(data).toEqual([
      { id: byStaff.id, type: 'note', body: 'Paid for December in cash', author: staffEmail, created: '2026-11-21T12:01:00.000Z' },
      { id: byClient.id, type: 'note', body: 'Allergic to lavender oil', author: 'test client', created: '2026-11-21T12:00:00.000Z' },
    ]);
  });

  it('include the note typed when an appointment was booked, linked to it', async () => {
    clock.advance(60_000);
    const booked = await graphql(`mutation ($input: BookAppointmentInput!) { bookAppointment(input: $input) { id notes } }`, {
      input: { customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-12-01T10:00:00', payWith: 'CARD', notes: 'Left shoulder is sore' },
    });
    const appointment = booked.data.bookAppointment;
    expect(appointment.notes).toBe('Left shoulder is sore');
    expect((await m2m('/customer/cust_ada/notes')).data[0]).toMatchObject({ body: 'Left shoulder is sore', author: 'test client' });
    const notes = (await graphql('{ customer(id: "cust_ada") { notes { nodes { body appointment { id datetime } } } } }')).data.customer.notes.nodes;
    expect(notes[0]).toEqual({ body: 'Left shoulder is sore', appointment: { id: appointment.id, datetime: '2026-12-01T10:00:00' } });
  });

  it('adds no note for an appointment booked without notes', async () => {
    const before = (await m2m('/customer/cust_ada/notes')).total;
    await graphql(`mutation ($input: BookAppointmentInput!) { bookAppointment(input: $input) { id } }`, {
      input: { customerId: 'cust_ada', serviceId: 'svc_massage', optionName: '60 min', facilitatorId: 'fac_jo', datetime: '2026-12-02T10:00:00', payWith: 'CARD', notes: '  ' },
    });
    expect((await m2m('/customer/cust_ada/notes')).total).toBe(before);
  });

  it('leave M2M once deleted', async () => {
    const [newest] = (await m2m('/customer/cust_ada/notes')).data;
    expect((await graphql('mutation ($id: ID!) { deleteNote(id: $id) }', { id: newest.id })).data.deleteNote).toBe(newest.id);
    expect((await m2m('/customer/cust_ada/notes')).data.map((n: { id: string }) => n.id)).not.toContain(newest.id);
  });
});

describe('questionnaire answers', () => {
  const RECORD = `mutation ($answers: [QuestionAnswerInput!]!) {
    recordQuestionnaireAnswers(customerId: "cust_ada", questionnaire: "Health check", answers: $answers) { id }
  }`;

  it('are read back by M2M, and answering again adds to the history', async () => {
    clock.set('2026-11-21T12:30:00Z');
    const first = (await graphql(RECORD, { answers: [{ question: 'Any injuries?', answer: 'None' }] })).data.recordQuestionnaireAnswers;
    clock.set('2026-11-28T13:00:00Z');
    token = await studio.token();
    const second = (await graphql(RECORD, { answers: [{ question: 'Any injuries?', answer: 'Sprained ankle' }, { question: 'Goals?', answer: '' }] })).data.recordQuestionnaireAnswers;
    const { data, total } = await m2m('/customer/cust_ada/questionnaire-answers');
    expect(total).toBe(3);
    // Newest first; answers given together, by id from the last given.
    expect(data).toEqual([
      { id: second[1].id, type: 'questionnaire_answer', questionnaire: 'Health check', question: 'Goals?', answer: '', answered_at: '2026-11-28T13:00:00.000Z' },
      { id: second[0].id, type: 'questionnaire_answer', questionnaire: 'Health check', question: 'Any injuries?', answer: 'Sprained ankle', answered_at: '2026-11-28T13:00:00.000Z' },
      { id: first[0].id, type: 'questionnaire_answer', questionnaire: 'Health check', question: 'Any injuries?', answer: 'None', answered_at: '2026-11-21T12:30:00.000Z' },
    ]);
  });
});
