/** What a resolver's field selects below it, read from the operation: a page's loader counts its total only when asked. */
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { pageRequest } from '../src/domain/paging.ts';

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
  if (!known) answers.set(info.fieldNodes, (known = new Map()));
  let answer = known.get(name);
  if (answer === undefined) {
    answer = info.fieldNodes.some((node) => inSet(node.selectionSet, name, info, new Set()));
    known.set(name, answer);
  }
  return answer;
}

/** The page a list field asks for, and whether it selects the list's total. */
export function listRequest(args: { page?: number | null; pageSize?: number | null }, info: GraphQLResolveInfo) {
  return { ...pageRequest(args.page, args.pageSize), withTotal: selects(info, 'total') };
}
