/**
 * Every item of a paged list as one async iterator: pages are requested one after another, at the largest
 * page size (100) unless the caller names one, until the list is exhausted. M2M pages count from 0 and
 * answer `{data, total, page, pageSize}`; v1 pages count from 1 and answer `{<items>, total, page, perPage}`
 * with the items under the list's own name (`customers`, `events`, `passes`, `customerPasses`, `registrations`).
 */
import { refusal } from './errors.ts';

type GetOperation<Paths, P extends keyof Paths> = Paths[P] extends { get: infer Operation } ? Operation : never;
type OkBody<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;
type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;
type PathParametersOf<Operation> = Operation extends { parameters: { path: infer Path } } ? Path : never;

/** What a list takes besides its page: the path's parameters when it has some, and its query. */
type ListParams<Operation> = { query?: Omit<QueryOf<Operation>, 'page'> } & ([PathParametersOf<Operation>] extends [never] ? { path?: never } : { path: PathParametersOf<Operation> });
export type ListArgs<Operation> = [PathParametersOf<Operation>] extends [never] ? [params?: ListParams<Operation>] : [params: ListParams<Operation>];

/** Paths whose GET answers one page of an M2M list. */
export type M2mListPath<Paths> = {
  [P in keyof Paths]: OkBody<GetOperation<Paths, P>> extends { data: unknown[]; total: number; page: number; pageSize: number } ? P : never;
}[keyof Paths];
export type M2mListItem<Paths, P extends keyof Paths> = OkBody<GetOperation<Paths, P>> extends { data: (infer Item)[] } ? Item : never;

/** Paths whose GET answers one page of a v1 list. */
export type V1ListPath<Paths> = {
  [P in keyof Paths]: OkBody<GetOperation<Paths, P>> extends { total: number; page: number; perPage: number } ? P : never;
}[keyof Paths];
export type V1ListItem<Paths, P extends keyof Paths> = {
  [K in keyof OkBody<GetOperation<Paths, P>>]: OkBody<GetOperation<Paths, P>>[K] extends (infer Item)[] ? Item : never;
}[keyof OkBody<GetOperation<Paths, P>>];

export type ListOperation<Paths, P extends keyof Paths> = GetOperation<Paths, P>;

/** The one thing the pager needs of an openapi-fetch client, untyped. */
export interface Getter {
  GET(path: string, init: { params: { path?: unknown; query: Record<string, unknown> } }): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

interface Paging {
  firstPage: number;
  sizeParameter: 'pageSize' | 'perPage';
  /** The items of a page, and the page size the service applied. */
  read(body: Record<string, unknown>): { items: unknown[]; size: number };
}

const MAX_PAGE_SIZE = 100;

export const M2M_PAGING: Paging = {
  firstPage: 0,
  sizeParameter: 'pageSize',
  read: (body) => ({ items: body.data as unknown[], size: body.pageSize as number }),
};

export const V1_PAGING: Paging = {
  firstPage: 1,
  sizeParameter: 'perPage',
  read: (body) => ({ items: Object.values(body).find(Array.isArray) ?? [], size: body.perPage as number }),
};

export async function* pages(client: Getter, paging: Paging, path: string, params: { path?: unknown; query?: Record<string, unknown> } = {}): AsyncGenerator<unknown> {
  const query = { [paging.sizeParameter]: MAX_PAGE_SIZE, ...params.query };
  for (let page = paging.firstPage; ; page++) {
    const { data, error, response } = await client.GET(path, { params: { ...params, query: { ...query, page } } });
    if (!data) throw refusal(response, error);
    const body = data as Record<string, unknown>;
    const { items, size } = paging.read(body);
    yield* items;
    const seen = (page - paging.firstPage + 1) * size;
    if (items.length < size || seen >= (body.total as number)) return;
  }
}
