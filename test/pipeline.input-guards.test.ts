/**
 * The input guards of src/pipeline/input-guards.ts on their own: how deep a raw JSON body may nest,
 * how a NUL is found and named in parsed input, and PostgreSQL's own refusal of a NUL (which the guards
 * keep from happening) mapped to BAD_USER_INPUT, from the real driver errors.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GraphQLError } from 'graphql';
import pino from 'pino';
import { Customer } from '../src/db/entities/index.ts';
import { Invalid } from '../src/domain/errors.ts';
import { graphqlErrorFormatter } from '../src/pipeline/graphql-errors.ts';
import { inputProblem, JsonTooDeep, MAX_JSON_DEPTH, refuseDeepJson, unstorableTextAsInvalid } from '../src/pipeline/input-guards.ts';
import { testOrm } from './support/db.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const checkDepth = (json: string) => () => refuseDeepJson(null, null, Buffer.from(json));

describe('the nesting of a raw JSON body', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}`, () => {
    expect(checkDepth(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(checkDepth(nested(MAX_JSON_DEPTH + 1))).toThrow(JsonTooDeep);
    expect(checkDepth(`{"a":${'{"b":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}}`)).toThrow(JsonTooDeep);
  });

  it('counts no brackets inside strings, escaped quotes included', () => {
    expect(checkDepth(JSON.stringify({ text: '['.repeat(1000), quoted: '"[[[[' + '{'.repeat(100) }))).not.toThrow();
  });

  it('counts levels, not brackets: many siblings at one level are fine', () => {
    expect(checkDepth(JSON.stringify(Array.from({ length: 5000 }, () => [[1]])))).not.toThrow();
  });

  it('is an HTTP 400 error to Express, naming the body', () => {
    const error = new JsonTooDeep();
    expect({ status: error.status, expose: error.expose, message: error.message }).toEqual({ status: 400, expose: true, message: `body: is nested deeper than ${MAX_JSON_DEPTH} levels` });
  });
});

describe('a problem in parsed input', () => {
  it.each([
    ['a top-level field', { firstName: 'Gr\u0000ace' }, 'firstName', 'format'],
    ['a field inside a list', { dates: [{ startsAt: '2026-12-01T09:00:00Z' }, { name: 'a\u0000' }] }, 'dates[1].name', 'format'],
    ['a list of strings', { tags: ['ok', 'n\u0000t'] }, 'tags[1]', 'format'],
    ['a key', { 'colour\u0000': 'red' }, 'colour\\u0000', 'format'],
    ['a value nested too deep', { x: JSON.parse(nested(40)) }, 'x' + '[0]'.repeat(MAX_JSON_DEPTH - 1), 'max'],
    ['a lone high surrogate in a name', JSON.parse('{"firstName": "Gr\\ud800ace"}'), 'firstName', 'format'],
    ['a lone low surrogate in an email inside a list', JSON.parse('{"people": [{"email": "a@b.c"}, {"email": "x\\udfffy@b.c"}]}'), 'people[1].email', 'format'],
    ['a lone surrogate in a key', JSON.parse('{"k\\ud83d": 1}'), 'k\ud83d', 'format'],
  ])('names %s', (_case, input, field, rule) => {
    expect(inputProblem(input)).toMatchObject({ field, rule });
  });

  it('finds none in clean input, and walks a value far deeper than the stack would allow', () => {
    expect(inputProblem({ name: 'Grace', dates: [{ capacity: 12 }], mobile: null })).toBeNull();
    expect(inputProblem({ name: 'Zoë 🧘 (a pair of surrogates is one character)' })).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(inputProblem(deep)?.rule).toBe('max');
  });
});

describe("PostgreSQL's refusal of a NUL", () => {
  let db: Awaited<ReturnType<typeof testOrm>>;
  beforeAll(async () => {
    db = await testOrm();
  });
  afterAll(() => db.close());

  const refusal = (work: () => Promise<unknown>) => work().then(() => { throw new Error('the database took a NUL'); }, (error: unknown) => error);

  it.each([
    ['a bound parameter (22021)', () => db.orm.em.getConnection().execute('select ?::text as t', ['a\u0000b'])],
    ['a value the ORM inlines into its statement (08P01)', () => db.orm.em.fork().find(Customer, { email: 'a\u0000b' }, { filters: false })],
  ])('in %s becomes an Invalid', async (_case, work) => {
    const error = await refusal(work);
    expect(unstorableTextAsInvalid(error)).toBeInstanceOf(Invalid);
  });

  it('answers a resolver that met it with BAD_USER_INPUT, not INTERNAL_SERVER_ERROR', async () => {
    const error = await refusal(() => db.orm.em.getConnection().execute('select ?::text as t', ['a\u0000b']));
    const thrown = new GraphQLError('failed', { path: ['customers'], originalError: error as Error });
    const formatted = graphqlErrorFormatter(pino({ level: 'silent' }))({ message: 'failed', path: ['customers'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }, thrown);
    expect(formatted.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input' });
  });

  it('leaves other database errors as they are', async () => {
    const error = await refusal(() => db.orm.em.getConnection().execute('select 1/0'));
    expect(unstorableTextAsInvalid(error)).toBe(error);
  });
});
