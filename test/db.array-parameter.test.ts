/**
 * A batch's list of ids travels to PostgreSQL as one array literal joined by the service
 * (src/db/reads.ts `arrayParameter`), not quoted element by element by node-postgres. Whatever the list
 * holds, PostgreSQL must read the same array either way: a list with an element that would need quoting
 * (a delimiter, a quote, a brace, a space, an empty string, the word NULL) is left to node-postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { arrayParameter } from '../src/db/reads.ts';

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client(process.env.TEST_PG_SERVER_URL);
  await client.connect();
});
afterAll(() => client.end());

/** The array PostgreSQL reads from a parameter, element by element (null for SQL NULL). */
async function read(parameter: unknown): Promise<Array<string | null>> {
  const { rows } = await client.query<{ element: string | null }>('select element from unnest($1::text[]) with ordinality as a(element, n) order by n', [parameter]);
  return rows.map((row) => row.element);
}

describe('a list of ids as a statement parameter', () => {
  it.each([
    ['ids of the service', ['cust_01htf0ddr0z4220893sategg38', 'txn_01m7z79x20p773fet9mpb37dpg'], true],
    ['ids with dots, colons and dashes', ['a.b', 'c:d', 'e-f', 'G_9'], true],
    ['one id', ['cust_1'], true],
    ['ids of a client that look like words', ['nullable', 'NUL', 'true', '1'], true],
    ['an id with a comma', ['a,b', 'c'], false],
    ['an id that is a comma', ['a', ',', 'b'], false],
    ['an id ending with a comma', ['a,', 'b'], false],
    ['an id with a double quote', ['a"b'], false],
    ['an id with a backslash', ['a\\b'], false],
    ['an id with braces', ['{a}'], false],
    ['an id with a space', ['a b'], false],
    ['an empty id', ['', 'a'], false],
    ['the word NULL', ['NULL'], false],
    ['the word null in lower case', ['null', 'a'], false],
    ['the word null last', ['a', 'Null'], false],
    ['an id with a non-ASCII letter', ['café'], false],
  ])('%s: PostgreSQL reads the list as given (joined by the service: %s)', async (_case, ids, joined) => {
    const parameter = arrayParameter(ids);
    expect(typeof parameter === 'string').toBe(joined);
    expect(await read(parameter)).toEqual(ids);
    expect(await read(ids)).toEqual(ids);
  });

  it.each([
    ['an empty list', []],
    ['a list of numbers', [1, 2]],
    ['a list with a null', ['a', null]],
    ['a string', 'cust_1'],
    ['a number', 7],
    ['null', null],
  ])('%s goes to node-postgres as it is', (_case, value) => {
    expect(arrayParameter(value)).toBe(value);
  });
});
