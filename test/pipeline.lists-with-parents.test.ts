/**
 * Which documents read a transaction's bookings as the property its customer's page sets
 * (src/pipeline/lists-with-parents.ts): only those in which every selection of `Transaction.bookings` sits
 * directly in the `nodes` of a `Customer.transactions` page and takes no arguments. Any other place the
 * bookings are selected from (a transaction by id, a booking's transaction, an entity reference) has no page
 * loader to set them, so the whole document keeps the resolvers.
 */
import { describe, expect, it } from '@jest/globals';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { buildSchema } from '../resolvers/index.ts';
import { listsWithParents, readsListsWithParents } from '../src/pipeline/lists-with-parents.ts';

const schema = buildSchema();
const lists = listsWithParents(schema)!;

function reads(source: string): boolean {
  const document = parse(source);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  return readsListsWithParents(lists, schema, document, operation);
}

describe('lists read with their parents', () => {
  it('finds the schema’s one: a transaction’s bookings, in a customer’s page of transactions', () => {
    expect([...lists.lists]).toEqual([['Transaction.bookings', { parent: 'Customer.transactions', nodes: 'TransactionPage.nodes' }]]);
    const compiled = lists.schema.getType('Transaction') as any;
    expect(compiled.getFields().bookings.resolve).toBeUndefined();
    expect((schema.getType('Transaction') as any).getFields().bookings.resolve).toEqual(expect.any(Function));
    expect((compiled.getFields().purchasedBy.resolve)).toBe((schema.getType('Transaction') as any).getFields().purchasedBy.resolve);
  });

  it.each([
    ['the nested page', '{ customers { nodes { transactions { nodes { id bookings { id event { name } } } } } } }', true],
    ['a customer by id', 'query ($id: ID!) { customer(id: $id) { transactions(startDate: "2026-01-01") { total nodes { bookings { id } } } } }', true],
    ['through a fragment on Transaction', '{ customers { nodes { transactions { nodes { ...T } } } } } fragment T on Transaction { bookings { id } }', true],
    ['through a fragment on the page', '{ customers { nodes { transactions { ...P } } } } fragment P on TransactionPage { nodes { bookings { id } } }', true],
    ['through an inline fragment', '{ customers { nodes { transactions { nodes { ... on Transaction { bookings { id } } } } } } }', true],
    ['under two aliases', '{ customers { nodes { transactions { nodes { a: bookings { id } b: bookings { spaces } } } } } }', true],
    ['with a booking’s customer’s transactions below', '{ customers { nodes { transactions { nodes { bookings { purchasedBy { transactions { nodes { bookings { id } } } } } } } } } }', true],
    ['with an argument', '{ customers { nodes { transactions { nodes { bookings(futureOnly: true) { id } } } } } }', false],
    ['with the argument at its default', '{ customers { nodes { transactions { nodes { bookings(futureOnly: false) { id } } } } } }', false],
    ['with an argument under one alias of two', '{ customers { nodes { transactions { nodes { a: bookings { id } b: bookings(futureOnly: true) { id } } } } } }', false],
    ['from a transaction by id', 'query ($c: ID!, $t: ID!) { customer(id: $c) { transaction(id: $t) { bookings { id } } } }', false],
    ['from a booking’s transaction', '{ customers { nodes { transactions { nodes { bookings { transaction { bookings { id } } } } } } } }', false],
    ['from a page and from elsewhere', 'query ($c: ID!, $t: ID!) { customers { nodes { transactions { nodes { bookings { id } } } } } customer(id: $c) { transaction(id: $t) { bookings { id } } } }', false],
    ['from an entity reference', 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Transaction { bookings { id } } } }', false],
    ['not at all', '{ customers { nodes { id transactions { nodes { id purchaseDate } } } } }', false],
  ])('%s: %s', (_case, source, expected) => {
    expect(reads(source)).toBe(expected);
  });
});
