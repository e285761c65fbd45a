/**
 * Every text argument and input field has a most characters (`@maxLength`, else 255 for an `ID` and 5000 for
 * a `String`): an operation whose literals or variables hold a longer one is refused, naming where, before
 * anything runs. A REST route's document is checked the same way, on its variables, so every surface takes
 * the same limits.
 */
import { getDirective } from '@graphql-tools/utils';
import {
  getNamedType, isInputObjectType, isListType, isNonNullType, isObjectType, Kind,
  type DocumentNode, type FragmentDefinitionNode, type GraphQLArgument, type GraphQLField, type GraphQLInputField,
  type GraphQLInputType, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode, type ValueNode,
} from 'graphql';
import { Invalid } from '../domain/errors.ts';

const DEFAULT_MAX = { ID: 255, String: 5000 } as const;

const limits = new WeakMap<GraphQLArgument | GraphQLInputField, number | null>();

/** The most characters of a text argument or input field; null when it is not text. */
function maxOf(schema: GraphQLSchema, definition: GraphQLArgument | GraphQLInputField): number | null {
  let max = limits.get(definition);
  if (max === undefined) {
    const named = getNamedType(definition.type).name;
    const declared = getDirective(schema, definition, 'maxLength')?.[0]?.value as number | undefined;
    max = declared ?? (named === 'ID' || named === 'String' ? DEFAULT_MAX[named] : null);
    limits.set(definition, max);
  }
  return max;
}

/** A field of an input, named as the domain names it: the fields of a whole `input` argument by themselves. */
const within = (field: string, name: string) => (field === 'input' ? name : `${field}.${name}`);

const unwrap = (type: GraphQLInputType): GraphQLInputType => (isNonNullType(type) ? type.ofType : type);

function tooLong(field: string, max: number): Invalid {
  return new Invalid(field, 'max', `must be at most ${max} characters`);
}

/** A JSON value of `type` (a variable's), checked against the limits of where it is given. */
function checkValue(schema: GraphQLSchema, value: unknown, type: GraphQLInputType, max: number | null, field: string): Invalid | null {
  const bare = unwrap(type);
  if (value === null || value === undefined) return null;
  if (isListType(bare)) {
    if (!Array.isArray(value)) return checkValue(schema, value, bare.ofType, max, field);
    for (let i = 0; i < value.length; i++) {
      const problem = checkValue(schema, value[i], bare.ofType, max, `${field}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (isInputObjectType(bare)) {
    if (typeof value !== 'object' || Array.isArray(value)) return null;
    const fields = bare.getFields();
    for (const [name, inner] of Object.entries(value as Record<string, unknown>)) {
      const definition = fields[name];
      if (!definition) continue;
      const problem = checkValue(schema, inner, definition.type, maxOf(schema, definition), within(field, name));
      if (problem) return problem;
    }
    return null;
  }
  return typeof value === 'string' && max !== null && value.length > max ? tooLong(field, max) : null;
}

/** A literal of `type`, or the variable it names. */
function checkNode(
  schema: GraphQLSchema,
  node: ValueNode,
  type: GraphQLInputType,
  max: number | null,
  field: string,
  variables: Record<string, unknown>,
  defaults: Map<string, ValueNode>,
): Invalid | null {
  const bare = unwrap(type);
  switch (node.kind) {
    case Kind.VARIABLE: {
      const name = node.name.value;
      if (name in variables) return checkValue(schema, variables[name], type, max, field);
      const fallback = defaults.get(name);
      return fallback ? checkNode(schema, fallback, type, max, field, variables, defaults) : null;
    }
    case Kind.STRING:
      return max !== null && node.value.length > max ? tooLong(field, max) : null;
    case Kind.LIST:
      for (let i = 0; i < node.values.length; i++) {
        const problem = checkNode(schema, node.values[i]!, isListType(bare) ? bare.ofType : bare, max, `${field}[${i}]`, variables, defaults);
        if (problem) return problem;
      }
      return null;
    case Kind.OBJECT: {
      if (!isInputObjectType(bare)) return null;
      const fields = bare.getFields();
      for (const inner of node.fields) {
        const definition = fields[inner.name.value];
        if (!definition) continue;
        const problem = checkNode(schema, inner.value, definition.type, maxOf(schema, definition), within(field, inner.name.value), variables, defaults);
        if (problem) return problem;
      }
      return null;
    }
    default:
      return null;
  }
}

/** The first text input of an operation (literal or variable) longer than where it is given allows; null when none is. */
export function inputTooLong(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): Invalid | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const defaults = new Map<string, ValueNode>();
  for (const definition of operation.variableDefinitions ?? []) if (definition.defaultValue) defaults.set(definition.variable.name.value, definition.defaultValue);
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode, parent: ReturnType<GraphQLSchema['getType']>): Invalid | null => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = parent && isObjectType(parent) ? (parent.getFields()[selection.name.value] as GraphQLField<unknown, unknown> | undefined) : undefined;
        if (!field) continue;
        for (const argument of selection.arguments ?? []) {
          const definition = field.args.find((a) => a.name === argument.name.value);
          if (!definition) continue;
          const problem = checkNode(schema, argument.value, definition.type, maxOf(schema, definition), argument.name.value, variables, defaults);
          if (problem) return problem;
        }
        if (selection.selectionSet) {
          const problem = walk(selection.selectionSet, getNamedType(field.type));
          if (problem) return problem;
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const problem = walk(selection.selectionSet, selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent);
        if (problem) return problem;
      } else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        const problem = fragment && walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value));
        if (problem) return problem;
      }
    }
    return null;
  };
  return walk(operation.selectionSet, schema.getRootType(operation.operation) ?? undefined);
}
