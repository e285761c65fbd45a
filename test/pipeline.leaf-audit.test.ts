/**
 * The executor copies built-in leaves into answers without serialising them (src/pipeline/execute.ts), and
 * under test walks every answer for a leaf that serialising would have changed (src/pipeline/leaf-audit.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { parse, type OperationDefinitionNode, type FragmentDefinitionNode, Kind } from 'graphql';
import { Executor } from '../src/pipeline/execute.ts';
import { unserialisedLeaf } from '../src/pipeline/leaf-audit.ts';
import type { GraphqlContext } from '../src/pipeline/context.ts';

const schema = makeExecutableSchema({
  typeDefs: /* GraphQL */ `
    enum Kind { CLASS COURSE }
    interface Node { id: ID! }
    type Booking implements Node { id: ID! spaces: Int! price: Float kind: Kind! cancelled: Boolean! note: String }
    type Customer implements Node { id: ID! name: String! bookings: [Booking!]! }
    type Query { node: Node customers: [Customer!]! }
  `,
  resolvers: {
    Node: { __resolveType: (n: { bookings?: unknown }) => (n.bookings ? 'Customer' : 'Booking') },
    Query: { node: (_root: unknown, _args: unknown, ctx: { node: unknown }) => ctx.node, customers: (_root: unknown, _args: unknown, ctx: { customers: unknown }) => ctx.customers },
  },
});

const booking = { id: 'bkg_1', spaces: 2, price: 12.5, kind: 'CLASS', cancelled: false, note: null };

function audit(source: string, data: Record<string, unknown>) {
  const document = parse(source);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
  return unserialisedLeaf(schema, operation, fragments, data);
}

describe('leaf audit', () => {
  const list = '{ customers { id name bookings { id spaces price kind cancelled note } } }';
  it.each([
    ['an Int given as a string', { spaces: '2' }, 'query.customers.0.bookings.1.spaces: "2" (string)'],
    ['an ID given as a number', { id: 7 }, 'query.customers.0.bookings.1.id: 7 (number)'],
    ['a Float given as a numeric string (a numeric column)', { price: '12.50' }, 'query.customers.0.bookings.1.price: "12.50" (string)'],
    ['an enum value that is not a name', { kind: 'class' }, 'query.customers.0.bookings.1.kind: "class" (string)'],
    ['a Boolean given as a number', { cancelled: 0 }, 'query.customers.0.bookings.1.cancelled: 0 (number)'],
    ['a String given as a Date', { note: new Date(0) }, 'query.customers.0.bookings.1.note: "1970-01-01T00:00:00.000Z" (object)'],
  ])('names %s with its path', (_what, change, expected) => {
    const data = { customers: [{ id: 'cust_1', name: 'Ada', bookings: [booking, { ...booking, ...change }] }] };
    expect(audit(list, data)).toMatch(new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not a \\w+ as it is written$`));
  });

  it('passes an answer whose leaves are as written, nulls and missing keys included', () => {
    expect(audit(list, { customers: [{ id: 'cust_1', name: 'Ada', bookings: [booking, { ...booking, price: null }] }] })).toBeUndefined();
    expect(audit(list, { customers: null })).toBeUndefined();
  });

  it('follows aliases, fragments and inline fragments on abstract types', () => {
    const source = '{ node { ... on Booking { n: spaces ...B } } } fragment B on Booking { k: kind }';
    expect(audit(source, { node: { n: 2, k: 'COURSE' } })).toBeUndefined();
    expect(audit(source, { node: { n: 2, k: 'course' } })).toMatch(/^query\.node\.k: "course"/);
    expect(audit(source, { node: { n: '2', k: 'COURSE' } })).toMatch(/^query\.node\.n: "2"/);
  });

  it('reads a key by the fragment of the answer\'s own type when fragments give it different types', () => {
    const source = '{ node { __typename ... on Booking { x: spaces } ... on Customer { x: name } } }';
    expect(audit(source, { node: { __typename: 'Booking', x: 2 } })).toBeUndefined();
    expect(audit(source, { node: { __typename: 'Customer', x: 'Ada' } })).toBeUndefined();
    expect(audit(source, { node: { __typename: 'Booking', x: 'Ada' } })).toMatch(/^query\.node\.x: "Ada" \(string\) is not a Int/);
  });
});

describe('the executor', () => {
  const document = parse('{ customers { bookings { spaces } } }');
  const context = (spaces: unknown) => ({ customers: [{ id: 'c', name: 'n', bookings: [{ ...booking, spaces }] }] }) as unknown as GraphqlContext;

  it('copies a built-in leaf as its resolver gave it', async () => {
    const result = await new Executor(schema).execute(document, context(3), {});
    expect(result).toEqual({ data: { customers: [{ bookings: [{ spaces: 3 }] }] } });
  });

  it('under audit, fails a call whose resolver gave a leaf serialising would change', async () => {
    await expect(new Executor(schema, { auditLeaves: true }).execute(document, context('3'), {})).rejects.toThrow(
      'A resolver gave a leaf that serialising would change: query.customers.0.bookings.0.spaces: "3" (string) is not a Int as it is written',
    );
  });
});
