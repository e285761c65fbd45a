/**
 * Scopes attach to edges of the graph (ARCHITECTURE.md, principle 4) through the `@scope` directive.
 * `scopeRequirements` walks an operation and says which scope each selected field needs; REST routes
 * derive their required scope from it at start-up, and `/graphql` requests deny the fields whose scope
 * the caller lacks. One walker, so the two can never drift.
 *
 * The rule: a field with `@scope(name)` needs `name`, and the fields below it ride on it; with
 * `whenFieldsSelected`, the edge itself is free and only the object's own fields need the scope. Ids
 * and `__typename` ride free.
 */
import {
  getNamedType, isLeafType, isObjectType, isAbstractType, Kind, getDirectiveValues, GraphQLSkipDirective,
  GraphQLIncludeDirective, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLField,
  type GraphQLObjectType, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode,
  type GraphQLCompositeType, type GraphQLResolveInfo, defaultFieldResolver, type GraphQLFieldResolver,
} from 'graphql';
import { mapSchema, MapperKind, getDirective } from '@graphql-tools/utils';
import { Forbidden } from '../domain/errors.ts';

export interface ScopeRequirement {
  /** Response keys from the root, list positions left out: `customer.transactions.nodes.id`. */
  path: string;
  scope: string;
}

interface EdgeScope {
  name: string;
  whenFieldsSelected: boolean;
}

const edgeScopes = new WeakMap<GraphQLField<unknown, unknown>, EdgeScope | null>();

function scopeOf(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>): EdgeScope | null {
  let scope = edgeScopes.get(field);
  if (scope === undefined) {
    const directive = getDirective(schema, field, 'scope')?.[0];
    scope = directive ? { name: directive.name as string, whenFieldsSelected: Boolean(directive.whenFieldsSelected) } : null;
    edgeScopes.set(field, scope);
  }
  return scope;
}

export function operationOf(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
}

/** What each selected field of an operation needs; empty for an operation that touches no guarded edge. */
export function scopeRequirements(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
  variables: Record<string, unknown> = {},
): ScopeRequirement[] {
  const operation = operationOf(document, operationName);
  if (!operation) return [];
  const root = schema.getRootType(operation.operation);
  if (!root) return [];
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const found: ScopeRequirement[] = [];
  const included = (node: FieldNode | { directives?: FieldNode['directives'] }) =>
    !(getDirectiveValues(GraphQLSkipDirective, node as FieldNode, variables)?.if === true) &&
    getDirectiveValues(GraphQLIncludeDirective, node as FieldNode, variables)?.if !== false;

  const walk = (set: SelectionSetNode, type: GraphQLCompositeType, prefix: string, inherited: string | null): void => {
    for (const selection of set.selections) {
      if (!included(selection)) continue;
      if (selection.kind === Kind.INLINE_FRAGMENT || selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
        if (!fragment) continue;
        const condition = (fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type) ?? type;
        // An entity reached by reference (federation's `_entities`) needs the scope its type declares.
        const typeScope = !inherited && isObjectType(condition) ? getDirective(schema, condition, 'scope')?.[0]?.name as string | undefined : undefined;
        if (typeScope) found.push({ path: prefix, scope: typeScope });
        walk(fragment.selectionSet, condition as GraphQLCompositeType, prefix, typeScope ?? inherited);
        continue;
      }
      const name = selection.name.value;
      if (name.startsWith('__')) continue;
      const path = prefix ? `${prefix}.${selection.alias?.value ?? name}` : selection.alias?.value ?? name;
      const field = isObjectType(type) || 'getFields' in type ? (type as GraphQLObjectType).getFields()[name] : undefined;
      if (!field) continue;
      const scope = scopeOf(schema, field as GraphQLField<unknown, unknown>);
      if (scope && !scope.whenFieldsSelected) found.push({ path, scope: scope.name });
      const below = scope?.name ?? inherited;
      const named = getNamedType(field.type);
      if (isLeafType(named)) {
        if (!scope && inherited && name !== 'id') found.push({ path, scope: inherited });
      } else if (selection.selectionSet && (isObjectType(named) || isAbstractType(named))) {
        walk(selection.selectionSet, named, path, below);
      }
    }
  };
  walk(operation.selectionSet, root, '', null);
  return found;
}

/** The distinct scopes an operation needs, sorted. */
export function requiredScopes(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): string[] {
  return [...new Set(scopeRequirements(schema, document, operationName).map((r) => r.scope))].sort();
}

/** `info.path` as a requirement path: response keys, list positions left out. */
export function pathKey(info: GraphQLResolveInfo): string {
  const keys: string[] = [];
  for (let p: GraphQLResolveInfo['path'] | undefined = info.path; p; p = p.prev) {
    if (typeof p.key === 'string') keys.push(p.key);
  }
  return keys.reverse().join('.');
}

export interface ScopeGuardContext {
  /** Fields of this operation the caller may not see, by requirement path, with the scope they lack. */
  deniedFields?: Map<string, string>;
}

/** Wraps every field resolver so that a denied field answers FORBIDDEN, and the rest of the result stands. */
export function guardScopes(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field) => {
      const resolve: GraphQLFieldResolver<unknown, ScopeGuardContext> = field.resolve ?? defaultFieldResolver;
      return {
        ...field,
        resolve: (source, args, context, info) => {
          const denied = context?.deniedFields;
          if (denied?.size) {
            const scope = denied.get(pathKey(info));
            if (scope) throw new Forbidden(scope);
          }
          return resolve(source, args, context, info);
        },
      };
    },
  });
}

/** The denied fields of an operation for a caller holding `scopes`. */
export function deniedFields(requirements: ScopeRequirement[], scopes: ReadonlySet<string>): Map<string, string> {
  const denied = new Map<string, string>();
  for (const { path, scope } of requirements) if (!scopes.has(scope) && !denied.has(path)) denied.set(path, scope);
  return denied;
}
