/**
 * Queries run compiled without serialising their built-in leaves (src/pipeline/execute.ts): an `ID`, a
 * `String`, an `Int`, a `Float`, a `Boolean` or an enum value goes into the answer exactly as its resolver or
 * row gave it, so it must already be what serialising would make of it (a number for an `Int`, a string for
 * an `ID`, an enum value's name). Under test, every answer is walked against its operation and the first
 * leaf that serialising would have changed is named, so the whole suite checks that the resolvers keep to it.
 */
import {
  GraphQLEnumType, isAbstractType, isLeafType, isListType, isNonNullType, isObjectType, isSpecifiedScalarType, Kind,
  type FragmentDefinitionNode, type GraphQLCompositeType, type GraphQLOutputType, type GraphQLSchema, type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

type Fragments = ReadonlyMap<string, FragmentDefinitionNode>;

/** Whether serialising `value` as `type` would give it back unchanged. */
function serialisesToItself(type: GraphQLEnumType | { serialize(value: unknown): unknown }, value: unknown): boolean {
  try {
    return Object.is(type.serialize(value), value);
  } catch {
    return false;
  }
}

/** Whether a fragment on `condition` applies to an object of `runtime` (when the object's type is not known, any may). */
const applies = (schema: GraphQLSchema, condition: GraphQLCompositeType, runtime: GraphQLCompositeType) =>
  condition === runtime || !isObjectType(runtime) || (isAbstractType(condition) && schema.isSubType(condition, runtime));

/** The response keys of a selection set on `parent`, each with its field's type; only keys present in an answer are read. */
function fieldsOf(schema: GraphQLSchema, parent: GraphQLCompositeType, selectionSet: SelectionSetNode, fragments: Fragments, into = new Map<string, { type: GraphQLOutputType; selectionSet?: SelectionSetNode }>()) {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name.startsWith('__')) continue;
      const field = isObjectType(parent) || isAbstractType(parent) ? (parent as { getFields?: () => Record<string, { type: GraphQLOutputType }> }).getFields?.()[name] : undefined;
      if (field) into.set(selection.alias?.value ?? name, { type: field.type, selectionSet: selection.selectionSet });
      continue;
    }
    const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
    if (!fragment) continue;
    const condition = fragment.typeCondition ? (schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined) : parent;
    if (condition && applies(schema, condition, parent)) fieldsOf(schema, isObjectType(parent) ? parent : condition, fragment.selectionSet, fragments, into);
  }
  return into;
}

function visit(schema: GraphQLSchema, type: GraphQLOutputType, value: unknown, selectionSet: SelectionSetNode | undefined, fragments: Fragments, path: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (isNonNullType(type)) return visit(schema, type.ofType, value, selectionSet, fragments, path);
  if (isListType(type)) {
    if (!Array.isArray(value)) return undefined;
    for (let i = 0; i < value.length; i++) {
      const problem = visit(schema, type.ofType, value[i], selectionSet, fragments, `${path}.${i}`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (isLeafType(type)) {
    const unserialised = type instanceof GraphQLEnumType || isSpecifiedScalarType(type);
    return unserialised && !serialisesToItself(type, value) ? `${path}: ${JSON.stringify(value)} (${typeof value}) is not a ${type.name} as it is written` : undefined;
  }
  if (!selectionSet || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const typename = record.__typename;
  const runtime = typeof typename === 'string' ? (schema.getType(typename) as GraphQLCompositeType | undefined) ?? type : type;
  for (const [key, field] of fieldsOf(schema, runtime, selectionSet, fragments)) {
    if (!(key in record)) continue;
    const problem = visit(schema, field.type, record[key], field.selectionSet, fragments, `${path}.${key}`);
    if (problem) return problem;
  }
  return undefined;
}

/** The first leaf of `data` that serialising would have changed, described with its path; undefined when there is none. */
export function unserialisedLeaf(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: readonly FragmentDefinitionNode[], data: Record<string, unknown>): string | undefined {
  const root = schema.getRootType(operation.operation);
  if (!root) return undefined;
  return visit(schema, root, data, operation.selectionSet, new Map(fragments.map((f) => [f.name.value, f])), operation.operation);
}
