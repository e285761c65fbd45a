/**
 * What a client's GraphQL document costs (docs/graphql.md, "How a cost is computed"), as GitHub's and
 * Shopify's GraphQL APIs count: the points it spends from its budget, and the figure GRAPHQL_MAX_COST bounds.
 * A cost weighs what the service would do, read from the operation once its variables and their defaults
 * are applied: every list by the most it can hold (a page by its page size, a list that is not paged by its
 * bound), every argument that makes the database work harder by its `@cost` weight, and the document's own
 * text by its length (`documentPoints`), spent before it is parsed so a document refused for its size or
 * shape costs its sender as much as reading it cost the service.
 */
import {
  getNamedType, isLeafType, isListType, isNonNullType, isObjectType, Kind, valueFromASTUntyped,
  type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLCompositeType, type GraphQLField, type GraphQLObjectType,
  type GraphQLOutputType, type GraphQLSchema, type SelectionSetNode, type ValueNode,
} from 'graphql';
import { getDirective } from '@graphql-tools/utils';
import { MAX_RANGE_DAYS, SLOT_MINUTES } from '../domain/availability.ts';
import { MAX_PRICING_OPTIONS } from '../domain/input-rules.ts';
import { DEFAULT_PAGE_SIZE } from '../domain/paging.ts';
import type { OperationAnalysis } from './analysis.ts';

/** Bytes of a document's text that cost one point to read (a 48 kB document: 960 points). */
export const BYTES_PER_POINT = 50;

/** What reading a document's text costs, before it is parsed: its length, in points (at least 1). */
export function documentPoints(source: unknown): number {
  const text = typeof source === 'string' ? source : '';
  return Math.max(1, Math.ceil(Buffer.byteLength(text) / BYTES_PER_POINT));
}

/** The 15-minute slots of a day: a date's windows hold no more between them, and each holds at least one. */
export const SLOTS_PER_DAY = (24 * 60) / SLOT_MINUTES;

/** An unpaged list the table below does not name is weighed as holding this many. */
export const ASSUMED_LIST_SIZE = 10;

/** The values of a field's arguments, literals and variables alike, with the variables' defaults applied. */
type Arguments = (name: string) => unknown;

/** A list's bound from its own arguments and those of the field that holds it (an availability's dates). */
type Bound = number | ((own: Arguments, parent: Arguments) => number);

const DAY_MS = 86_400_000;

/**
 * The dates an availability answers: one for `date`, the range's for `startDate`/`endDate`. A range the
 * operation refuses (none, reversed, over MAX_RANGE_DAYS, not dates) is weighed as one date: it reads nothing.
 */
function availabilityDays(args: Arguments): number {
  const [start, end] = [args('startDate'), args('endDate')];
  if (typeof start !== 'string' || typeof end !== 'string') return 1;
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS + 1;
  return Number.isInteger(days) && days >= 1 && days <= MAX_RANGE_DAYS ? days : 1;
}

/** Days from `from` to `to` when both are given, else the assumed size. */
const daysBetween = (args: Arguments, otherwise: number) => {
  const [from, to] = [args('from'), args('to')];
  const days = typeof from === 'string' && typeof to === 'string' ? (Date.parse(to) - Date.parse(from)) / DAY_MS + 1 : NaN;
  return Number.isInteger(days) && days >= 1 ? Math.min(days, 366) : otherwise;
};

const positive = (value: unknown, otherwise: number) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : otherwise);

/**
 * The lists that are not paged, `Type.field`, and the most each holds: a bound the service enforces where it
 * has one (an availability's dates and a date's slots; an event's pricing options), otherwise the size a
 * studio's list is assumed to stay within. A date's slots are at most SLOTS_PER_DAY however its windows cut
 * them, and it has no more windows than slots: its windows are weighed SLOTS_PER_DAY each date and the slots
 * of one window once, so a date's slots are weighed SLOTS_PER_DAY times in all, not their product.
 */
export const LIST_BOUNDS: Record<string, Bound> = {
  'Availability.dates': (_own, parent) => availabilityDays(parent),
  'AvailabilityDate.windows': SLOTS_PER_DAY,
  'AvailabilityWindow.slots': 1,
  'Facilitator.weeklyWindows': 7 * 2,
  'Facilitator.dateOverrides': (own) => daysBetween(own, 20),
  'DateOverride.windows': 2,
  'Service.options': 20,
  'Event.dates': 100,
  'Event.pricingOptions': MAX_PRICING_OPTIONS,
  'Customer.bookings': 100,
  // A purchase books one date: bookEvent makes one booking per transaction; imported ones hold a few.
  'Transaction.bookings': 2,
  'Query.services': 50,
  'Query.facilitators': 50,
  'Query.webhookEndpoints': 20,
  'Query.webhookDeliveries': (own) => positive(own('limit'), 50),
  'Query.apiClients': 100,
  'Query.consoleUsers': 100,
  'Query.scopeCatalogue': 50,
};

function isList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}

function fieldOf(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return 'getFields' in type ? (type as GraphQLObjectType).getFields()[name] : undefined;
}

const weights = new WeakMap<object, number>();

/** The `@cost(weight)` of an argument definition, 0 without one. */
function weightOfArgument(schema: GraphQLSchema, definition: GraphQLField<unknown, unknown>['args'][number]): number {
  let weight = weights.get(definition);
  if (weight === undefined) weights.set(definition, (weight = (getDirective(schema, definition, 'cost')?.[0]?.weight as number | undefined) ?? 0));
  return weight;
}

/** Whether a value counts as given: a search of `""`, `null` or `false` reads nothing more. */
const given = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== false;

/**
 * The cost of an operation with these variables, every variable's default applied:
 * - 1 per field (`__typename` included);
 * - a page (a type with `nodes` and `total`) multiplies what it selects by its page size (`first` or
 *   `pageSize`, default 30); a list that is not paged, by its bound (LIST_BOUNDS; ASSUMED_LIST_SIZE otherwise);
 * - an argument with `@cost` adds its weight when given (a search reads more than a lookup by id).
 * Memoised per fragment and list bound, so linear in the document's size; the figure itself may be astronomical.
 */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, analysis: OperationAnalysis, variables: Record<string, unknown>): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const defaults = new Map<string, unknown>();
  // Every default counts as given, whatever its type: a search's `@cost` weight applies to `$s: String = "an"`.
  for (const definition of analysis.operation.variableDefinitions ?? []) {
    if (definition.defaultValue) defaults.set(definition.variable.name.value, valueFromASTUntyped(definition.defaultValue));
  }
  const valueOf = (node: ValueNode | undefined): unknown => {
    if (!node) return undefined;
    if (node.kind === Kind.VARIABLE) return node.name.value in variables ? variables[node.name.value] : defaults.get(node.name.value);
    return valueFromASTUntyped(node, variables);
  };
  const argumentsOf = (selection: FieldNode): Arguments => (name) => valueOf(selection.arguments?.find((a) => a.name.value === name)?.value);
  const none: Arguments = () => undefined;

  const memo = new Map<string, number>();
  const costOf = (set: SelectionSetNode, type: GraphQLCompositeType, parent: Arguments, parentKey: string): number => {
    let cost = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = fieldOf(type, selection.name.value);
        const named = field && getNamedType(field.type);
        if (!selection.selectionSet || !named || isLeafType(named)) {
          cost += 1;
          continue;
        }
        const own = argumentsOf(selection);
        // What the children of this field depend on: the days of an availability, for its dates.
        const key = `${type.name}.${field.name}` === 'Query.availability' ? String(availabilityDays(own)) : '';
        const children = costOf(selection.selectionSet, named as GraphQLCompositeType, own, key);
        let weight = 0;
        for (const argument of selection.arguments ?? []) {
          const definition = field.args.find((a) => a.name === argument.name.value);
          if (definition && given(valueOf(argument.value))) weight += weightOfArgument(schema, definition);
        }
        cost += 1 + weight + multiplier(type, field, named, own, parent) * children;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) as GraphQLCompositeType | undefined) : undefined;
        cost += costOf(selection.selectionSet, condition ?? type, parent, parentKey);
      } else {
        const name = selection.name.value;
        const memoKey = `${name}\u0000${parentKey}`;
        let known = memo.get(memoKey);
        if (known === undefined) {
          const fragment = fragments.get(name);
          memo.set(memoKey, 0);
          known = fragment ? costOf(fragment.selectionSet, (schema.getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined) ?? type, parent, parentKey) : 0;
          memo.set(memoKey, known);
        }
        cost += known;
      }
    }
    return cost;
  };
  return costOf(analysis.operation.selectionSet, schema.getRootType(analysis.operation.operation)!, none, '');
}

/** A page: a type with `nodes` and `total`, whose size its field's arguments give. */
const isPage = (type: GraphQLCompositeType) => isObjectType(type) && 'nodes' in type.getFields() && 'total' in type.getFields();

/** How many times a field's selection is weighed: a page's size, a list's bound, or once (a page's own `nodes`: the page weighed them). */
function multiplier(type: GraphQLCompositeType, field: GraphQLField<unknown, unknown>, named: GraphQLCompositeType, own: Arguments, parent: Arguments): number {
  if (isPage(named)) return positive(own('first'), 0) || positive(own('pageSize'), DEFAULT_PAGE_SIZE);
  if (!isList(field.type) || isPage(type)) return 1;
  const bound = LIST_BOUNDS[`${type.name}.${field.name}`] ?? ASSUMED_LIST_SIZE;
  return typeof bound === 'number' ? bound : bound(own, parent);
}
