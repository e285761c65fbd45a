/**
 * What an operation touches, read from its document and the schema: the types whose records it reads
 * (the cache keys entries by their versions) and the types its mutations change (`@invalidates`).
 */
import {
  getNamedType, isAbstractType, isObjectType, Kind, type DocumentNode, type FragmentDefinitionNode,
  type GraphQLCompositeType, type GraphQLObjectType, type GraphQLSchema, type SelectionSetNode,
} from 'graphql';
import { getDirective } from '@graphql-tools/utils';
import { operationOf } from './scopes.ts';

const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

/** Object types whose fields the operation selects (abstract types count as all their possible types). */
export function typesRead(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): string[] {
  const operation = operationOf(document, operationName);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return [];
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const types = new Set<string>();
  const add = (type: GraphQLCompositeType) => {
    if (isAbstractType(type)) for (const t of schema.getPossibleTypes(type)) types.add(t.name);
    else if (!ROOTS.has(type.name)) types.add(type.name);
  };
  const walk = (set: SelectionSetNode, type: GraphQLCompositeType, seen: Set<string>) => {
    add(type);
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seen.has(fragment.name.value)) continue;
        const condition = schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined;
        walk(fragment.selectionSet, condition ?? type, new Set([...seen, fragment.name.value]));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType) : type;
        walk(selection.selectionSet, condition ?? type, seen);
      } else if (selection.selectionSet && 'getFields' in type) {
        const field = (type as GraphQLObjectType).getFields()[selection.name.value];
        const named = field && getNamedType(field.type);
        if (named && (isObjectType(named) || isAbstractType(named))) walk(selection.selectionSet, named, seen);
      }
    }
  };
  walk(operation.selectionSet, root, new Set());
  return [...types].sort();
}

/** The types that the operation's root mutation fields declare they change. */
export function typesInvalidated(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): string[] {
  const operation = operationOf(document, operationName);
  if (operation?.operation !== 'mutation') return [];
  const mutation = schema.getMutationType();
  if (!mutation) return [];
  const types = new Set<string>();
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const field = mutation.getFields()[selection.name.value];
    const directive = field && getDirective(schema, field, 'invalidates')?.[0];
    for (const type of (directive?.types as string[] | undefined) ?? []) types.add(type);
  }
  return [...types].sort();
}

/** The root fields an operation selects, for the audit log. */
export function rootFields(document: DocumentNode, operationName?: string | null): string[] {
  const operation = operationOf(document, operationName);
  return (operation?.selectionSet.selections ?? []).flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
}
