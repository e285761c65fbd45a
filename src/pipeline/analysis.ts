/**
 * What an operation asks for, read once from its document and the schema: its depth, aliases and
 * expanded size, the scope each field needs, the types it reads and invalidates, and (per request, from
 * its variables) its cost. Every walk visits each fragment definition once and memoises what it found,
 * so the work is linear in the document's size: a document of fragments that each spread the previous
 * one twice costs no more to analyse than it is long, and is then refused for its expanded size.
 *
 * `@skip` and `@include` are not evaluated by the shared analysis: a skipped field still counts, which
 * makes every figure an upper bound and lets the analysis of a document serve all its requests. Only the
 * scope requirements of a document that uses them are worked out again per request, on its variables
 * (`requirementsFor`), so that a guarded field the request leaves out needs no scope.
 */
import {
  OperationTypeNode,
  BREAK, getDirectiveValues, getNamedType, getVariableValues, GraphQLError, visit, GraphQLIncludeDirective, GraphQLSkipDirective, isAbstractType,
  isLeafType, isObjectType, Kind, valueFromASTUntyped, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type InlineFragmentNode, type FragmentSpreadNode,
  type GraphQLCompositeType, type GraphQLField, type GraphQLObjectType, type GraphQLSchema, type OperationDefinitionNode,
  type SelectionSetNode, type ValueNode,
} from 'graphql';
import { getDirective } from '@graphql-tools/utils';
import { DEFAULT_PAGE_SIZE } from '../domain/paging.ts';

export interface ScopeRequirement {
  /** Response keys from the root, list positions left out: `customer.transactions.nodes.id`. */
  path: string;
  /** Any one of these grants the field; the first is the one a refusal names. */
  scopes: readonly string[];
}

export interface OperationAnalysis {
  operation: OperationDefinitionNode;
  kind: 'query' | 'mutation' | 'subscription';
  name: string | null;
  /** Nesting of fields, fragments flattened. */
  depth: number;
  /** Aliased fields, `__typename` included, counted wherever their fragments are spread. */
  aliases: number;
  /** Fields the operation would return at most, fragments expanded, every list counted once. */
  fields: number;
  /** Empty when `fields` is over the limit the analysis was given: such an operation is refused anyway. */
  requirements: ScopeRequirement[];
  /** Object types whose fields the operation selects: cached results are keyed by their versions. */
  typesRead: string[];
  /** Types that its mutations declare they change (`@invalidates`). */
  typesInvalidated: string[];
  /** Root fields, comma-separated, for the audit log. */
  rootFields: string;
  /** Whether the document uses `@skip` or `@include`. */
  conditional: boolean;
}

interface EdgeScope {
  scopes: string[];
  whenFieldsSelected: boolean;
}

const edgeScopes = new WeakMap<object, EdgeScope | null>();

/** The `@scope` of a field or an object type: `name` first, then its `anyOf` alternatives. */
export function scopeOf(schema: GraphQLSchema, element: GraphQLField<unknown, unknown> | GraphQLObjectType): EdgeScope | null {
  let scope = edgeScopes.get(element);
  if (scope === undefined) {
    const directive = getDirective(schema, element, 'scope')?.[0];
    scope = directive
      ? { scopes: [directive.name as string, ...((directive.anyOf as string[] | undefined) ?? [])], whenFieldsSelected: Boolean(directive.whenFieldsSelected) }
      : null;
    edgeScopes.set(element, scope);
  }
  return scope;
}

export function operationOf(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  return operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

const versionedBySchema = new WeakMap<GraphQLSchema, Map<string, readonly string[]>>();

/**
 * The types whose versions a read of `type` depends on. A record type (one with an `id`) has a version of its
 * own, raised by every write of it. A type without an `id` (a page, its `pageInfo`, an availability window)
 * is made of what lies below it: `{ customers { total } }` changes whenever a customer is written, so a
 * read of CustomerPage is keyed by Customer's version as well, though it selects no customer. A type made
 * of figures counted over records (`@versionedBy`, a report) is keyed by the versions of those records.
 */
export function versionedTypes(schema: GraphQLSchema, type: string): readonly string[] {
  let known = versionedBySchema.get(schema);
  if (!known) versionedBySchema.set(schema, (known = new Map<string, readonly string[]>()));
  const found = known.get(type);
  if (found) return found;
  const types = new Set<string>([type]);
  const walk = (name: string, seen: Set<string>) => {
    const named = schema.getType(name);
    if (!named || seen.has(name) || ROOTS.has(name)) return;
    seen.add(name);
    if (isAbstractType(named)) {
      for (const possible of schema.getPossibleTypes(named)) walk(possible.name, seen);
      return;
    }
    if (!isObjectType(named)) return;
    types.add(name);
    if (named.getFields().id) return;
    // Figures computed from records that no field of the type leads to (a report): keyed by those records' versions.
    for (const counted of (getDirective(schema, named, 'versionedBy')?.[0]?.types as string[] | undefined) ?? []) types.add(counted);
    for (const field of Object.values(named.getFields())) {
      const inner = getNamedType(field.type);
      if (!isLeafType(inner)) walk(inner.name, seen);
    }
  };
  walk(type, new Set());
  const list = [...types].sort();
  known.set(type, list);
  return list;
}

function fieldOf(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return 'getFields' in type ? (type as GraphQLObjectType).getFields()[name] : undefined;
}

/**
 * Sizes of a selection set that do not depend on variables, each memoised per fragment: depth, aliases,
 * expanded field count, and the types read.
 */
class Sizes {
  readonly #schema: GraphQLSchema;
  readonly #fragments: Map<string, FragmentDefinitionNode>;
  readonly #memo = new Map<string, { depth: number; aliases: number; fields: number; types: Set<string> }>();

  constructor(schema: GraphQLSchema, fragments: Map<string, FragmentDefinitionNode>) {
    this.#schema = schema;
    this.#fragments = fragments;
  }

  of(set: SelectionSetNode, type: GraphQLCompositeType) {
    const result = { depth: 0, aliases: 0, fields: 0, types: new Set<string>() };
    if (isAbstractType(type)) for (const possible of this.#schema.getPossibleTypes(type)) result.types.add(possible.name);
    else if (!ROOTS.has(type.name)) result.types.add(type.name);
    for (const selection of set.selections) {
      let inner: { depth: number; aliases: number; fields: number; types: Set<string> } | undefined;
      if (selection.kind === Kind.FIELD) {
        result.fields += 1;
        if (selection.alias) result.aliases += 1;
        const field = fieldOf(type, selection.name.value);
        const named = field && getNamedType(field.type);
        if (selection.selectionSet && named && !isLeafType(named)) {
          inner = this.of(selection.selectionSet, named as GraphQLCompositeType);
          result.depth = Math.max(result.depth, inner.depth + 1);
          result.aliases += inner.aliases;
          result.fields += inner.fields;
          for (const t of inner.types) result.types.add(t);
        } else {
          result.depth = Math.max(result.depth, 1);
        }
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = this.of(selection.selectionSet, this.#condition(selection.typeCondition?.name.value, type));
      } else {
        inner = this.#fragment(selection.name.value, type);
      }
      if (!inner) continue;
      result.depth = Math.max(result.depth, inner.depth);
      result.aliases += inner.aliases;
      result.fields += inner.fields;
      for (const t of inner.types) result.types.add(t);
    }
    return result;
  }

  #fragment(name: string, type: GraphQLCompositeType) {
    const known = this.#memo.get(name);
    if (known) return known;
    const fragment = this.#fragments.get(name);
    if (!fragment) return undefined;
    // A cycle (refused by validation before analysis) reads as empty here rather than looping.
    const empty = { depth: 0, aliases: 0, fields: 0, types: new Set<string>() };
    this.#memo.set(name, empty);
    const found = this.of(fragment.selectionSet, this.#condition(fragment.typeCondition.name.value, type));
    this.#memo.set(name, found);
    return found;
  }

  #condition(name: string | undefined, type: GraphQLCompositeType): GraphQLCompositeType {
    return ((name && this.#schema.getType(name)) as GraphQLCompositeType | undefined) ?? type;
  }
}

/**
 * The scope each selected field needs (ARCHITECTURE.md, principle 4). A field with `@scope` needs one of its
 * scopes, and the fields below it ride on it; with `whenFieldsSelected` the edge itself is free and only the
 * object's own fields need it. Ids and `__typename` ride free. An entity reached by reference (federation's
 * `_entities`) needs the scope its type declares. Requirements of a fragment are memoised relative to where
 * it is spread, by the scope it inherits there.
 */
/** Whether a selection is kept: `@skip` and `@include` evaluated, or always. */
type Included = (node: FieldNode | InlineFragmentNode | FragmentSpreadNode) => boolean;

class Requirements {
  readonly #schema: GraphQLSchema;
  readonly #fragments: Map<string, FragmentDefinitionNode>;
  readonly #included: Included;
  readonly #memo = new Map<string, ScopeRequirement[]>();

  constructor(schema: GraphQLSchema, fragments: Map<string, FragmentDefinitionNode>, included: Included = () => true) {
    this.#schema = schema;
    this.#fragments = fragments;
    this.#included = included;
  }

  of(set: SelectionSetNode, type: GraphQLCompositeType, inherited: readonly string[] | null): ScopeRequirement[] {
    const found: ScopeRequirement[] = [];
    for (const selection of set.selections) {
      if (!this.#included(selection)) continue;
      if (selection.kind === Kind.FIELD) {
        this.#field(selection, type, inherited, found);
        continue;
      }
      const conditionName = selection.kind === Kind.INLINE_FRAGMENT ? selection.typeCondition?.name.value : this.#fragments.get(selection.name.value)?.typeCondition.name.value;
      const condition = ((conditionName && this.#schema.getType(conditionName)) as GraphQLCompositeType | undefined) ?? type;
      const typeScope = !inherited && isObjectType(condition) ? scopeOf(this.#schema, condition)?.scopes : undefined;
      if (typeScope) found.push({ path: '', scopes: typeScope });
      const below = typeScope ?? inherited;
      if (selection.kind === Kind.INLINE_FRAGMENT) found.push(...this.of(selection.selectionSet, condition, below));
      else found.push(...this.#fragment(selection.name.value, condition, below));
    }
    return found;
  }

  #field(selection: FieldNode, type: GraphQLCompositeType, inherited: readonly string[] | null, found: ScopeRequirement[]): void {
    const name = selection.name.value;
    if (name.startsWith('__')) return;
    const field = fieldOf(type, name);
    if (!field) return;
    const key = selection.alias?.value ?? name;
    const scope = scopeOf(this.#schema, field);
    if (scope && !scope.whenFieldsSelected) found.push({ path: key, scopes: scope.scopes });
    const below = scope?.scopes ?? inherited;
    const named = getNamedType(field.type);
    if (isLeafType(named)) {
      if (!scope && inherited && name !== 'id') found.push({ path: key, scopes: inherited });
    } else if (selection.selectionSet) {
      for (const inner of this.of(selection.selectionSet, named as GraphQLCompositeType, below)) {
        found.push({ path: inner.path ? `${key}.${inner.path}` : key, scopes: inner.scopes });
      }
    }
  }

  #fragment(name: string, condition: GraphQLCompositeType, inherited: readonly string[] | null): ScopeRequirement[] {
    const memoKey = `${name}\u0000${inherited?.join(' ') ?? ''}`;
    const known = this.#memo.get(memoKey);
    if (known) return known;
    const fragment = this.#fragments.get(name);
    if (!fragment) return [];
    this.#memo.set(memoKey, []);
    const found = this.of(fragment.selectionSet, condition, inherited);
    this.#memo.set(memoKey, found);
    return found;
  }
}

/** The deduplicated requirements: one per path and scope set. */
function distinct(requirements: ScopeRequirement[]): ScopeRequirement[] {
  const seen = new Map<string, ScopeRequirement>();
  for (const requirement of requirements) {
    const key = `${requirement.path}\u0000${requirement.scopes.join(' ')}`;
    if (!seen.has(key)) seen.set(key, requirement);
  }
  return [...seen.values()];
}

/** The root fields an operation selects, through fragments too (a mutation inside a fragment still runs). */
function rootSelections(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen = new Set<string>()): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...rootSelections(selection.selectionSet, fragments, seen));
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      if (fragment) fields.push(...rootSelections(fragment.selectionSet, fragments, seen));
    }
  }
  return fields;
}

/**
 * Analyses one operation of a validated document. Requirements are left empty when the expanded size is
 * over `maxFields`: the operation is refused for its size before they would be needed.
 */
export function analyseOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
  maxFields = Number.POSITIVE_INFINITY,
): OperationAnalysis | undefined {
  const operation = operationOf(document, operationName);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return undefined;
  const fragments = fragmentsOf(document);
  const sizes = new Sizes(schema, fragments).of(operation.selectionSet, root);
  const roots = rootSelections(operation.selectionSet, fragments);
  const invalidated = new Set<string>();
  if (operation.operation === OperationTypeNode.MUTATION) {
    for (const selection of roots) {
      const field = root.getFields()[selection.name.value];
      for (const type of ((field && getDirective(schema, field, 'invalidates')?.[0]?.types) as string[] | undefined) ?? []) invalidated.add(type);
    }
  }
  return {
    operation,
    kind: operation.operation,
    name: operation.name?.value ?? null,
    depth: sizes.depth,
    aliases: sizes.aliases,
    fields: sizes.fields,
    requirements: sizes.fields > maxFields ? [] : distinct(new Requirements(schema, fragments).of(operation.selectionSet, root, null)),
    typesRead: [...new Set([...sizes.types].flatMap((type) => versionedTypes(schema, type)))].sort(),
    typesInvalidated: [...invalidated].sort(),
    rootFields: [...new Set(roots.map((s) => s.name.value))].join(','),
    conditional: usesConditions(document),
  };
}

function usesConditions(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      if (node.name.value !== 'skip' && node.name.value !== 'include') return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}

/**
 * The scope requirements of one request: the shared ones, or for a document that uses `@skip`/`@include`,
 * those of the fields its variables keep (coerced with their defaults, as execution reads them). Variables
 * that do not coerce leave the shared requirements: the operation fails on them before it runs. A directive
 * given no value for its non-null `if` is the caller's mistake: BAD_USER_INPUT.
 */
export function requirementsFor(schema: GraphQLSchema, document: DocumentNode, analysis: OperationAnalysis, variables: Record<string, unknown>): ScopeRequirement[] {
  if (!analysis.conditional) return analysis.requirements;
  const { coerced } = getVariableValues(schema, analysis.operation.variableDefinitions ?? [], variables);
  if (!coerced) return analysis.requirements;
  const included = (node: FieldNode | InlineFragmentNode | FragmentSpreadNode) => {
    try {
      return getDirectiveValues(GraphQLSkipDirective, node, coerced)?.if !== true && getDirectiveValues(GraphQLIncludeDirective, node, coerced)?.if !== false;
    } catch (error) {
      throw new GraphQLError((error as Error).message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
    }
  };
  const root = schema.getRootType(analysis.operation.operation)!;
  return distinct(new Requirements(schema, fragmentsOf(document), included).of(analysis.operation.selectionSet, root, null));
}

/** The value of an argument, a literal or a variable (with the variable's default when not given). */
function argumentValue(node: ValueNode | undefined, variables: Record<string, unknown>, defaults: Map<string, unknown>): unknown {
  if (!node) return undefined;
  if (node.kind === Kind.VARIABLE) return node.name.value in variables ? variables[node.name.value] : defaults.get(node.name.value);
  if (node.kind === Kind.INT) return Number(node.value);
  return undefined;
}

const weights = new WeakMap<object, number>();

/** What the arguments of a field cost when given (`@cost(weight)`), beyond what it selects. */
function weightOf(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>, selection: FieldNode, variables: Record<string, unknown>, defaults: Map<string, unknown>): number {
  let total = 0;
  for (const argument of selection.arguments ?? []) {
    const definition = field.args.find((a) => a.name === argument.name.value);
    if (!definition) continue;
    let weight = weights.get(definition);
    if (weight === undefined) weights.set(definition, (weight = (getDirective(schema, definition, 'cost')?.[0]?.weight as number | undefined) ?? 0));
    if (!weight) continue;
    const given = argument.value.kind === Kind.VARIABLE ? (variables[argument.value.name.value] ?? defaults.get(argument.value.name.value)) : argument.value.kind !== Kind.NULL;
    if (given !== undefined && given !== null && given !== '' && given !== false) total += weight;
  }
  return total;
}

/**
 * The cost of an operation with these variables: 1 per field (`__typename` included); a field returning a
 * page (it has `nodes` and `total`) costs its page size (`first` or `pageSize`, default 30) times what it selects; an
 * argument with `@cost` adds its weight when given (a search reads more than a lookup by id).
 * Memoised per fragment, so linear in the document's size; the figure itself may be astronomical.
 */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, analysis: OperationAnalysis, variables: Record<string, unknown>): number {
  const fragments = fragmentsOf(document);
  const defaults = new Map<string, unknown>();
  // Every default counts as given, whatever its type: a search's `@cost` weight applies to `$s: String = "an"`.
  for (const definition of analysis.operation.variableDefinitions ?? []) {
    if (definition.defaultValue) defaults.set(definition.variable.name.value, valueFromASTUntyped(definition.defaultValue));
  }
  const memo = new Map<string, number>();
  const costOf = (set: SelectionSetNode, type: GraphQLCompositeType): number => {
    let cost = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = fieldOf(type, selection.name.value);
        const named = field && getNamedType(field.type);
        if (!selection.selectionSet || !named || isLeafType(named)) {
          cost += 1;
          continue;
        }
        const children = costOf(selection.selectionSet, named as GraphQLCompositeType);
        const weighed = weightOf(schema, field, selection, variables, defaults);
        const paged = isObjectType(named) && 'nodes' in named.getFields() && 'total' in named.getFields();
        const sizeOf = (name: string) => argumentValue(selection.arguments?.find((a) => a.name.value === name)?.value, variables, defaults);
        const pageSize = sizeOf('first') ?? sizeOf('pageSize');
        const multiplier = paged ? (typeof pageSize === 'number' && pageSize > 0 ? pageSize : DEFAULT_PAGE_SIZE) : 1;
        cost += 1 + weighed + multiplier * children;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType | undefined) : undefined;
        cost += costOf(selection.selectionSet, condition ?? type);
      } else {
        const name = selection.name.value;
        let known = memo.get(name);
        if (known === undefined) {
          const fragment = fragments.get(name);
          memo.set(name, 0);
          known = fragment ? costOf(fragment.selectionSet, (schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined) ?? type) : 0;
          memo.set(name, known);
        }
        cost += known;
      }
    }
    return cost;
  };
  return costOf(analysis.operation.selectionSet, schema.getRootType(analysis.operation.operation)!);
}
