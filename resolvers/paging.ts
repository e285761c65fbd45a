/**
 * The paging arguments of a list field: `page` and `pageSize`, or `first` and `after` with a cursor from the
 * list's `pageInfo.endCursor`. A cursor is the sort key of a page's last row, signed with the server key
 * together with what it belongs to (the company, the list field, the parent row and the list's other
 * arguments): a cursor altered, or given to another list, is refused before anything is read.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import type { ChildPageKey } from '../src/db/loaders.ts';
import type { ListRequest as RowsRequest } from '../src/db/lists.ts';
import type { RowPage } from '../src/db/rows.ts';
import { Invalid } from '../src/domain/errors.ts';
import { MAX_PAGE_SIZE, pageRequest } from '../src/domain/paging.ts';
import type { GraphqlContext } from './context.ts';
import { selects } from './selection.ts';

/** Raised whenever a list's order changes, so cursors written before then are refused rather than misread. */
const CURSOR_VERSION = 1;
const TAG_BYTES = 16;

export interface PagingArgs {
  page?: number | null;
  pageSize?: number | null;
  first?: number | null;
  after?: string | null;
}

export interface ListRequest extends RowsRequest {
  /** What the list's cursors are bound to; empty when the request neither reads nor makes one. */
  list: string;
}

/** Arguments as text whatever the order their keys were written in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

function listOf(args: PagingArgs, info: GraphQLResolveInfo, ctx: GraphqlContext, parentId: string): string {
  const { page: _page, pageSize: _pageSize, first: _first, after: _after, ...filter } = args as PagingArgs & Record<string, unknown>;
  return [CURSOR_VERSION, ctx.caller?.companyId ?? '', `${info.parentType.name}.${info.fieldName}`, parentId, stableJson(filter)].join('\0');
}

const keys = new WeakMap<Buffer, KeyObject>();

/** The server key as a key object, made once: an HMAC given the bytes would prepare them again each time. */
function hmacKey(serverKey: Buffer): KeyObject {
  let key = keys.get(serverKey);
  if (!key) keys.set(serverKey, (key = createSecretKey(serverKey)));
  return key;
}

const tagOf = (ctx: GraphqlContext, list: string, key: string) =>
  createHmac('sha256', hmacKey(ctx.services.serverKey)).update(`cursor\0${list}\0${key}`).digest().subarray(0, TAG_BYTES);

function cursorOf(ctx: GraphqlContext, list: string, endKey: readonly string[]): string {
  const key = JSON.stringify(endKey);
  return `${Buffer.from(key).toString('base64url')}.${tagOf(ctx, list, key).toString('base64url')}`;
}

function keyOf(ctx: GraphqlContext, list: string, cursor: string): string[] {
  const [key, tag, ...rest] = cursor.split('.');
  const text = Buffer.from(key ?? '', 'base64url').toString();
  const given = Buffer.from(tag ?? '', 'base64url');
  if (rest.length || given.length !== TAG_BYTES || !timingSafeEqual(given, tagOf(ctx, list, text))) {
    throw new Invalid('after', 'format', 'is not a cursor of this list: pass the endCursor of a page of the same list and arguments');
  }
  return JSON.parse(text) as string[];
}

/**
 * The page a list field asks for; with `parentId`, the list of that row's children. Whether it selects the
 * list's total and its page info is read from the operation, so neither costs anything unless asked for.
 */
export function listRequest(args: PagingArgs, info: GraphQLResolveInfo, ctx: GraphqlContext, parentId = ''): ListRequest {
  const lookAhead = selects(info, 'pageInfo');
  const given = args.after !== null && args.after !== undefined;
  // What cursors are bound to is written only when one is read or made.
  const list = given || lookAhead ? listOf(args, info, ctx, parentId) : '';
  const after = given ? keyOf(ctx, list, args.after!) : undefined;
  if (args.first !== null && args.first !== undefined && !(Number.isInteger(args.first) && args.first >= 1 && args.first <= MAX_PAGE_SIZE)) {
    throw new Invalid('first', args.first < 1 ? 'min' : 'max', `must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  if (after && args.page) throw new Invalid('after', 'format', 'takes the place of page: give one of them');
  return {
    ...pageRequest(after ? 0 : args.page, args.first ?? args.pageSize),
    after,
    withTotal: selects(info, 'total'),
    lookAhead,
    list,
  };
}

/** The page with its `pageInfo` when the field selects it. */
export function paged<P extends { hasNextPage?: boolean; endKey?: readonly string[] }>(ctx: GraphqlContext, request: ListRequest, page: P) {
  if (!request.lookAhead) return page;
  return { ...page, pageInfo: { hasNextPage: !!page.hasNextPage, endCursor: page.endKey ? cursorOf(ctx, request.list, page.endKey) : null } };
}

/** A list of the company: the page `read` returns for the field's request, with its page info. */
export async function listPage<T>(args: PagingArgs, info: GraphQLResolveInfo, ctx: GraphqlContext, read: (request: ListRequest) => Promise<RowPage<T>>) {
  const request = listRequest(args, info, ctx);
  return paged(ctx, request, await read(request));
}

/** A list of a row's children, read by their loader with the other children of the page in one statement. */
export async function childPage<T, F>(
  parentId: string,
  args: PagingArgs,
  info: GraphQLResolveInfo,
  ctx: GraphqlContext,
  loader: DataLoader<ChildPageKey<F>, RowPage<T>, string>,
  filter?: F,
) {
  const request = listRequest(args, info, ctx, parentId);
  return paged(ctx, request, await loader.load({ ...request, parentId, filter }));
}
