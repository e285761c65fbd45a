/**
 * What a resolver's field selects below it, read from the operation: a page's loader counts its total only
 * when asked, and a statement reads only the columns the selection needs.
 */
import type DataLoader from 'dataloader';
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { selectList, type RowColumns } from '../src/db/loaders.ts';

const answers = new WeakMap<readonly unknown[], Map<string, boolean>>();

function inSet(set: SelectionSetNode | undefined, name: string, info: GraphQLResolveInfo, seen: Set<string>): boolean {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD && selection.name.value === name) return true;
    if (selection.kind === Kind.INLINE_FRAGMENT && inSet(selection.selectionSet, name, info, seen)) return true;
    if (selection.kind === Kind.FRAGMENT_SPREAD && !seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      if (inSet(info.fragments[selection.name.value]?.selectionSet, name, info, seen)) return true;
    }
  }
  return false;
}

/** Whether the field being resolved selects `name` among its own fields; remembered per field of the document. */
export function selects(info: GraphQLResolveInfo, name: string): boolean {
  let known = answers.get(info.fieldNodes);
  if (!known) answers.set(info.fieldNodes, (known = new Map<string, boolean>()));
  let answer = known.get(name);
  if (answer === undefined) {
    answer = info.fieldNodes.some((node) => inSet(node.selectionSet, name, info, new Set()));
    known.set(name, answer);
  }
  return answer;
}

/**
 * The fields a selection set names (by field name, not alias), each with the fields it selects in turn.
 * Fragments are merged in whatever their type condition, and `@skip`/`@include` are not read: a selection
 * may name more than a response shows, never less.
 */
type Selection = Map<string, Selection>;

function addSet(set: SelectionSetNode | undefined, info: GraphQLResolveInfo, into: Selection, seen: Set<string>): Selection {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      let below = into.get(name);
      if (!below) into.set(name, (below = new Map<string, Selection>()));
      addSet(selection.selectionSet, info, below, seen);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      addSet(selection.selectionSet, info, into, seen);
    } else if (!seen.has(selection.name.value)) {
      // `seen`: the fragments being spread on the way here, so a cycle (which validation refuses anyway) ends.
      seen.add(selection.name.value);
      addSet(info.fragments[selection.name.value]?.selectionSet, info, into, seen);
      seen.delete(selection.name.value);
    }
  }
  return into;
}

const columnLists = new WeakMap<readonly unknown[], Map<RowColumns, Map<string, string>>>();

const selections = new WeakMap<readonly unknown[], Selection>();

/** What the field being resolved selects, to any depth, by field name; remembered per field of the document. */
function selectionOf(info: GraphQLResolveInfo): Selection {
  let selection = selections.get(info.fieldNodes);
  if (!selection) {
    selection = new Map();
    for (const node of info.fieldNodes) addSet(node.selectionSet, info, selection, new Set());
    selections.set(info.fieldNodes, selection);
  }
  return selection;
}

/** The selection at a dotted path below the field being resolved (`nodes.bookings`), if it selects that path. */
export function selectionAt(info: GraphQLResolveInfo, path: string): Selection | undefined {
  let selection: Selection | undefined = selectionOf(info);
  for (const name of path.split('.')) selection = selection?.get(name);
  return selection;
}

/**
 * The columns of `row` that the field being resolved needs (src/db/loaders.ts `selectList`): of its own
 * selection, or of the selection at the dotted path `under` (a page's `nodes`, or `nodes.bookings`).
 * Remembered per field of the document, so every call for the same field answers the same string (and so
 * the same loader).
 */
export function columnsFor(info: GraphQLResolveInfo, row: RowColumns, under = ''): string {
  let byRow = columnLists.get(info.fieldNodes);
  if (!byRow) columnLists.set(info.fieldNodes, (byRow = new Map<RowColumns, Map<string, string>>()));
  let byUnder = byRow.get(row);
  if (!byUnder) byRow.set(row, (byUnder = new Map<string, string>()));
  let columns = byUnder.get(under);
  if (columns === undefined) {
    columns = selectList(row, under ? (selectionAt(info, under) ?? new Map()) : selectionOf(info));
    byUnder.set(under, columns);
  }
  return columns;
}

const idOnly = new WeakMap<readonly unknown[], boolean>();

/** Whether the field being resolved selects nothing of its object but `id` (and `__typename`); remembered per field. */
export function selectsOnlyId(info: GraphQLResolveInfo): boolean {
  let answer = idOnly.get(info.fieldNodes);
  if (answer === undefined) {
    const selection: Selection = new Map();
    for (const node of info.fieldNodes) addSet(node.selectionSet, info, selection, new Set());
    answer = [...selection.keys()].every((name) => name === 'id' || name === '__typename');
    idOnly.set(info.fieldNodes, answer);
  }
  return answer;
}

/**
 * The row a foreign key of the parent refers to, so it exists: read by its loader, unless the selection asks
 * for its `id` alone, which the parent holds already (`pricing_option { id }` of a booking costs no statement).
 */
export async function referenced<T extends { id: string }>(loader: DataLoader<string, T | null>, id: string, info: GraphQLResolveInfo): Promise<T> {
  // Nothing but `id` is read from it: the type's other fields are not selected.
  if (selectsOnlyId(info)) return { id } as T;
  return (await loader.load(id))!;
}
