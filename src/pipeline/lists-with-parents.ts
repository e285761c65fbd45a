/**
 * Lists read with their parent's page (`@readWithParent` in the schema): a transaction's bookings inside a
 * customer's page of transactions. The page's loader reads the lists of every parent on the page in one
 * statement and sets each on its parent (resolvers/customers `transactions`), so a compiled query can read
 * the list as a property: no resolver call, DataLoader load and promise per parent, which for a page of 100
 * customers with 900 transactions was a quarter of what the page allocated.
 *
 * That holds only where the parent's loader runs. A document is compiled against the copy of the schema in
 * which these lists have no resolver only when every selection of such a list sits directly in the page of
 * its parent field (`Customer.transactions { nodes { bookings } }`) and takes no arguments; any other
 * (`transaction(id) { bookings }`, `bookings(futureOnly: true)`) keeps the schema whose resolvers read it.
 */
import { getDirective, mapSchema, MapperKind } from '@graphql-tools/utils';
import {
  getNamedType, isCompositeType, isObjectType, isInterfaceType, Kind,
  type DocumentNode, type FragmentDefinitionNode, type GraphQLCompositeType, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode,
} from 'graphql';

interface ListWithParent {
  /** `Customer.transactions`: the field whose loader reads the list. */
  parent: string;
  /** `TransactionPage.nodes`: where in that field's answer the list's holders are. */
  nodes: string;
}

export interface ListsWithParents {
  /** The schema without resolvers for these lists. */
  schema: GraphQLSchema;
  /** By `Type.field` of the list. */
  lists: ReadonlyMap<string, ListWithParent>;
}

/** The lists of a schema read with their parents, and its copy that reads them as properties; undefined without any. */
export function listsWithParents(schema: GraphQLSchema): ListsWithParents | undefined {
  const lists = new Map<string, ListWithParent>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const parent = getDirective(schema, field, 'readWithParent')?.[0]?.field as string | undefined;
      if (!parent) continue;
      const [parentType, parentField] = parent.split('.');
      const holder = schema.getType(parentType!);
      const page = isObjectType(holder) ? holder.getFields()[parentField!] : undefined;
      if (!page) throw new Error(`@readWithParent on ${type.name}.${field.name}: no field ${parent}`);
      lists.set(`${type.name}.${field.name}`, { parent, nodes: `${getNamedType(page.type).name}.nodes` });
    }
  }
  if (!lists.size) return undefined;
  const withoutResolvers = mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field, name, typeName) => (lists.has(`${typeName}.${name}`) ? { ...field, resolve: undefined } : field),
  });
  return { schema: withoutResolvers, lists };
}

/**
 * Whether the operation selects a list read with its parent, and every such selection sits directly in its
 * parent field's page, without arguments (so every holder it reaches was read by that field's loader).
 */
export function readsListsWithParents({ lists }: ListsWithParents, schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): boolean {
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  let found = false;
  const visit = (set: SelectionSetNode, type: GraphQLCompositeType, path: readonly string[], spread: ReadonlySet<string>): boolean => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!isObjectType(type) && !isInterfaceType(type)) continue;
        const field = type.getFields()[selection.name.value];
        if (!field) continue;
        const here = `${type.name}.${field.name}`;
        const list = lists.get(here);
        if (list) {
          found = true;
          if (selection.arguments?.length || path.at(-1) !== list.nodes || path.at(-2) !== list.parent) return false;
        }
        const below = getNamedType(field.type);
        if (selection.selectionSet && isCompositeType(below) && !visit(selection.selectionSet, below, [...path, here], spread)) return false;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (isCompositeType(on) && !visit(selection.selectionSet, on, path, spread)) return false;
      } else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || spread.has(fragment.name.value)) continue;
        const on = schema.getType(fragment.typeCondition.name.value);
        if (isCompositeType(on) && !visit(fragment.selectionSet, on, path, new Set([...spread, fragment.name.value]))) return false;
      }
    }
    return true;
  };
  const root = schema.getQueryType();
  return !!root && visit(operation.selectionSet, root, [], new Set()) && found;
}
