/**
 * An event is one-off (a workshop) or part of a schedule (a class): `kind` ONE_OFF or SCHEDULE, set through
 * v1, GraphQL and the import bundle, shown by every surface and the export, and by default taken from the
 * number of dates given (one or none: ONE_OFF; more: SCHEDULE).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exportBundle } from '../src/bundles/export.ts';
import { call, startStudio, type Studio } from './support/studio.ts';
import { graphqlAs, type Graphql } from './support/webhooks.ts';

let studio: Studio;
let v1Token: string;
let graphql: Graphql;

beforeAll(async () => {
  studio = await startStudio({ bundle: { format: 1 } });
  v1Token = await studio.v1Token();
  graphql = graphqlAs(studio, await studio.token());
});
afterAll(() => studio.close());

const dates = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ startsAt: `2030-0${i + 1}-05T18:00:00Z`, durationMinutes: 60, capacity: 10 }));

const v1 = (path: string, method = 'GET', body?: unknown) => call(`${studio.v1}${path}`, v1Token, { method, body });

describe('v1', () => {
  it.each([
    ['no date', undefined, 0, 'ONE_OFF'],
    ['one date', undefined, 1, 'ONE_OFF'],
    ['three dates', undefined, 3, 'SCHEDULE'],
    ['three dates of a festival', 'ONE_OFF', 3, 'ONE_OFF'],
    ['one date of a new class', 'SCHEDULE', 1, 'SCHEDULE'],
  ])('POST /events with %s and kind %s makes a %s event, and M2M and GraphQL show it', async (_case, kind, count, expected) => {
    const created = await v1('/events', 'POST', { name: 'Kinded', ...(kind && { kind }), dates: dates(count) });
    expect(created.status).toBe(201);
    expect(created.body.kind).toBe(expected);
    expect((await v1(`/events/${created.body.id}`)).body.kind).toBe(expected);
    const m2m = await call(`${studio.m2m}/event/${created.body.id}`, await studio.token(['events:read']));
    expect(m2m.body.data.kind).toBe(expected);
    expect((await graphql('query ($id: ID!) { event(id: $id) { kind } }', { id: created.body.id })).event.kind).toBe(expected);
  });

  it('PUT /events/:id changes the kind; adding dates leaves it as it is', async () => {
    const { body: event } = await v1('/events', 'POST', { name: 'Becomes a class', dates: dates(1) });
    const added = await v1(`/events/${event.id}`, 'PUT', { addDates: dates(3) });
    expect(added.body).toMatchObject({ kind: 'ONE_OFF' });
    expect((await v1(`/events/${event.id}`, 'PUT', { kind: 'SCHEDULE' })).body).toMatchObject({ kind: 'SCHEDULE' });
  });

  it('refuses another kind with 400 naming the field and the rule', async () => {
    const refused = await v1('/events', 'POST', { name: 'Odd', kind: 'WEEKLY' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'kind', rule: 'enum' } });
  });
});

describe('GraphQL', () => {
  it('createEvent takes the kind or derives it from the dates; updateEvent changes it', async () => {
    const CREATE = 'mutation ($input: CreateEventInput!) { createEvent(input: $input) { id kind } }';
    const input = (count: number) => ({ name: 'Graph', dates: dates(count).map((d) => ({ startsAt: d.startsAt, duration: 60, capacity: 10 })) });
    expect((await graphql(CREATE, { input: input(2) })).createEvent.kind).toBe('SCHEDULE');
    const { createEvent } = await graphql(CREATE, { input: { ...input(2), kind: 'ONE_OFF' } });
    expect(createEvent.kind).toBe('ONE_OFF');
    const { updateEvent } = await graphql('mutation ($id: ID!) { updateEvent(id: $id, input: { kind: SCHEDULE }) { kind } }', { id: createEvent.id });
    expect(updateEvent.kind).toBe('SCHEDULE');
  });
});

describe('the import bundle', () => {
  it('takes kind when given, derives it from the dates when not, and exports it', async () => {
    const date = (id: string) => ({ id, datetime: '2030-03-01T10:00:00', duration: 60, capacity: 5 });
    const company = await studio.otherCompany({
      format: 1,
      events: [
        { id: 'evt_workshop', name: 'Workshop', dates: [date('date_w1')] },
        { id: 'evt_class', name: 'Class', dates: [date('date_c1'), date('date_c2')] },
        { id: 'evt_festival', name: 'Festival', kind: 'ONE_OFF', dates: [date('date_f1'), date('date_f2')] },
        { id: 'evt_empty', name: 'To be scheduled', kind: 'SCHEDULE' },
      ],
    });
    const { bundle } = await exportBundle(studio.app.services.orm, company);
    expect(Object.fromEntries(bundle.events!.map((e) => [e.id, e.kind]))).toEqual({
      evt_workshop: 'ONE_OFF',
      evt_class: 'SCHEDULE',
      evt_festival: 'ONE_OFF',
      evt_empty: 'SCHEDULE',
    });
  });
});
